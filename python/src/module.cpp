// The Python module lsd._lsd (docs/python.md): the engine's L-systems,
// simulations, pictures and exports; python/lsd/__init__.py adds the
// NumPy-side conveniences.
#include "lsystem_py.hpp"
#include "simulation_py.hpp"

PYBIND11_MODULE(_lsd, m) {
  using namespace lsd::py;
  m.doc() = "lsd: bracketed parametric L-systems whose plants are living mechanical bodies";
  m.attr("__version__") = LSD_VERSION;
  pyb::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const UserError& e) {
      pyb::object error = pyb::module_::import("lsd._errors").attr("Error");
      // (an empty path and a line or column 0 become None in Error.__init__)
      pyb::object value = error(e.message, e.path, e.line, e.column);
      PyErr_SetObject(error.ptr(), value.ptr());
    }
  });
  bind_lsystem(m);
  bind_simulation(m);
}
