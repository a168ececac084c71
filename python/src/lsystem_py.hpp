// lsd.LSystem: a loaded L-system and its string (docs/python.md).
#pragma once
#include "py_common.hpp"
#include "interpreter/lsystem/derive.hpp"

namespace lsd::py {

struct PyLSystem {
  interp::Lsystem ls;
  std::size_t max_modules = limits::kModules;
};

void bind_lsystem(pyb::module_& m);
// The string as lsd derive prints it, without the last newline.
std::string string_text(const interp::Lsystem& ls);
// Pictures and exports of a string that does not move (export_py.cpp).
void bind_lsystem_exports(pyb::class_<PyLSystem>& c);

// The run settings of a file as the command line composes them (the file's,
// then the overrides), for the scene of a string that does not move.
interp::RunSettings still_settings(const PyLSystem& p);

}  // namespace lsd::py
