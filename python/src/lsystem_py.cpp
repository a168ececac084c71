// lsd.load, lsd.parse and lsd.LSystem (docs/python.md): the loading and the
// derivation of lsd check and lsd derive, with lsd's messages as lsd.Error
// and Python warnings.
#include "lsystem_py.hpp"

#include <pybind11/stl.h>

#include <cmath>
#include <map>

#include "interpreter/lsystem/string_io.hpp"
#include "interpreter/lsystem/rules.hpp"

namespace lsd::py {
namespace {

struct LoadArgs {
  std::map<std::string, double> defines;
  std::optional<std::uint64_t> seed;
  bool sway = false;
  bool allow_programs = false, allow_path_programs = false, allow_outside_files = false;
  std::vector<std::string> program_dirs;
  std::string axiom_file;
  std::optional<double> max_modules;
};

interp::LoadOptions load_options(const LoadArgs& a, std::size_t* max_modules) {
  interp::LoadOptions lo;
  for (const auto& [name, value] : a.defines) {
    if (!std::isfinite(value)) fail("defines: " + name + " is not a finite number");
    lo.compile.defines.emplace_back(name, value);
  }
  lo.compile.seed = a.seed;
  lo.compile.sway = a.sway;
  lo.axiom_file = a.axiom_file;
  if (a.max_modules) {
    if (!(*a.max_modules >= 1 && *a.max_modules <= 1e18)) fail("max_modules: needs a number from 1 to 1e18");
    lo.max_modules = std::size_t(*a.max_modules);
  }
  *max_modules = lo.max_modules;
  lo.trust.allow_programs = a.allow_programs;
  lo.trust.allow_path_programs = a.allow_path_programs;
  lo.trust.allow_outside_files = a.allow_outside_files;
  lo.trust.program_dirs = a.program_dirs;
  return lo;
}

PyLSystem load_py(const std::string* path, const std::string* text, const LoadArgs& a) {
  PyLSystem p;
  const interp::LoadOptions lo = load_options(a, &p.max_modules);
  std::vector<grammar::Diagnostic> diags;
  bool ok = false;
  {
    pyb::gil_scoped_release nogil;
    ok = path ? interp::load_lsystem(*path, lo, p.ls, diags)
              : interp::load_lsystem_text(*text, "<string>", lo, p.ls, diags);
  }
  report(diags, &p.ls, !ok);
  return p;
}

LoadArgs load_args(pyb::object defines, std::optional<std::uint64_t> seed, bool sway, bool allow_programs,
                   bool allow_path_programs, bool allow_outside_files, std::vector<std::string> program_dirs,
                   std::optional<std::string> axiom_file, std::optional<double> max_modules) {
  LoadArgs a;
  if (!defines.is_none()) a.defines = defines.cast<std::map<std::string, double>>();
  a.seed = seed;
  a.sway = sway;
  a.allow_programs = allow_programs;
  a.allow_path_programs = allow_path_programs;
  a.allow_outside_files = allow_outside_files;
  a.program_dirs = std::move(program_dirs);
  a.axiom_file = axiom_file.value_or("");
  a.max_modules = max_modules;
  return a;
}

// n derivation steps in chunks that each take about 50 ms, hearing Ctrl-C
// between them (the string is then whole: the steps done so far).
bool derive_steps(PyLSystem& p, long n, std::vector<grammar::Diagnostic>& diags, Interrupts& interrupts) {
  interp::DeriveOptions opts;
  opts.max_modules = p.max_modules;
  if (p.ls.steps_done + n > limits::kDerivationSteps) return interp::derive(p.ls, n, opts, diags);
  long chunk = 1;
  for (long done = 0; done < n;) {
    const auto start = std::chrono::steady_clock::now();
    const long k = std::min(chunk, n - done);
    if (!interp::derive(p.ls, k, opts, diags)) return false;
    done += k;
    if (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(10)) chunk *= 2;
    if (done < n && !interrupts.ask()) return true;
  }
  return true;
}

PyLSystem& derive_py(PyLSystem& p, std::optional<long> n) {
  if (n && (*n < 0 || *n > limits::kDerivationSteps))
    fail("derive: n must be from 0 to " + std::to_string(limits::kDerivationSteps));
  if (n) interp::set_run_steps(p.ls, *n);  // (its End: block after the last of them)
  const long steps = n ? *n : std::max(0, p.ls.derivation_length - p.ls.steps_done);
  std::vector<grammar::Diagnostic> diags;
  Interrupts interrupts;
  bool ok = false;
  {
    pyb::gil_scoped_release nogil;
    ok = derive_steps(p, steps, diags, interrupts);
  }
  interrupts.raise_if_stopped();
  report(diags, &p.ls, !ok);
  return p;
}

pyb::tuple module_at(const PyLSystem& p, pyb::ssize_t i) {
  const interp::ModuleString& s = p.ls.current;
  if (i < 0) i += pyb::ssize_t(s.size());
  if (i < 0 || i >= pyb::ssize_t(s.size())) throw pyb::index_error("module index out of range");
  const int np = s.nparams(std::size_t(i));
  const double* v = s.param(std::size_t(i));
  return pyb::make_tuple(p.ls.rules->symbols.name(s.sym[std::size_t(i)]),
                         new_array({np}, [&](double* out) { std::copy(v, v + np, out); }));
}

}  // namespace

std::string string_text(const interp::Lsystem& ls) {
  std::string text = interp::string_to_text(ls.current, ls.rules->symbols);
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

interp::RunSettings still_settings(const PyLSystem& p) {
  interp::RunSettings s = interp::file_settings(*p.ls.rules);
  s.max_modules = p.max_modules;
  return s;
}

void bind_lsystem(pyb::module_& m) {
  using namespace pybind11::literals;
  pyb::class_<PyLSystem> c(m, "LSystem",
                           "A loaded L-system and its current string (lsd.load, lsd.parse). derive() rewrites it;\n"
                           "lsd.Simulation grows and sways a copy of it.");
  c.def("derive", &derive_py, "n"_a = pyb::none(), pyb::return_value_policy::reference,
           "Derives n steps (default: the rest of the derivation length) and returns this LSystem.\n"
           "Raises lsd.Error on an error (the string then holds the last complete step).")
      .def_property_readonly(
          "string", [](const PyLSystem& p) { return string_text(p.ls); },
          "The string as `lsd derive` prints it (without the newline).")
      .def_property_readonly("step", [](const PyLSystem& p) { return p.ls.steps_done; },
                             "Derivation steps applied so far.")
      .def_property_readonly("derivation_length", [](const PyLSystem& p) { return p.ls.derivation_length; },
                             "The derivation steps of the file (or of the last derive(n)).")
      .def_property_readonly("time", [](const PyLSystem& p) { return p.ls.time(); },
                             "Simulated time of the string, s (a saved string's).")
      .def_property_readonly("path", [](const PyLSystem& p) { return p.ls.rules->path; }, "The file it came from.")
      .def("__len__", [](const PyLSystem& p) { return p.ls.current.size(); })
      .def_property_readonly(
          "modules",
          [](const PyLSystem& p) {
            const interp::ModuleString& s = p.ls.current;
            pyb::list names;
            for (interp::SymbolId id : s.sym) names.append(p.ls.rules->symbols.name(id));
            pyb::array_t<std::int64_t> offsets(pyb::ssize_t(s.param_begin.size()));
            std::copy(s.param_begin.begin(), s.param_begin.end(), offsets.mutable_data());
            auto params = new_array({pyb::ssize_t(s.params.size())},
                                    [&](double* out) { std::copy(s.params.begin(), s.params.end(), out); });
            return pyb::make_tuple(names, offsets, params);
          },
          "(names, offsets, params): the modules' names (a list), and their parameters as one float array:\n"
          "module i's are params[offsets[i]:offsets[i+1]]. ls.module(i) gives one as (name, params).")
      .def("module", &module_at, "i"_a, "Module i as (name, params array).")
      .def("__repr__", [](const PyLSystem& p) {
        return "<lsd.LSystem '" + p.ls.rules->path + "' step " + std::to_string(p.ls.steps_done) + ", " +
               std::to_string(p.ls.current.size()) + " modules>";
      });
  bind_lsystem_exports(c);

  m.def(
      "load",
      [](const std::string& path, pyb::object defines, std::optional<std::uint64_t> seed, bool sway,
         bool allow_programs, bool allow_path_programs, bool allow_outside_files,
         std::vector<std::string> program_dirs, std::optional<std::string> axiom_file,
         std::optional<double> max_modules) {
        const LoadArgs a = load_args(defines, seed, sway, allow_programs, allow_path_programs, allow_outside_files,
                                     std::move(program_dirs), axiom_file, max_modules);
        return load_py(&path, nullptr, a);
      },
      "path"_a, "defines"_a = pyb::none(), "seed"_a = pyb::none(), "sway"_a = false, "allow_programs"_a = false,
      "allow_path_programs"_a = false, "allow_outside_files"_a = false,
      "program_dirs"_a = std::vector<std::string>{}, "axiom_file"_a = pyb::none(), "max_modules"_a = pyb::none(),
      "Loads an .ls file, a cpfg .l file or a cpfg object folder, as the command line does (the same\n"
      "consent rules: allow_programs for an environment program, allow_outside_files for files outside\n"
      "the model's folder). defines: {name: value} overriding #define (-D); seed: makes it stochastic\n"
      "(--seed); sway: adds a dynamics: section (--sway); axiom_file: start from a saved string.\n"
      "Raises lsd.Error (with .path, .line, .column) for a broken file.");
  m.def(
      "parse",
      [](const std::string& text, pyb::object defines, std::optional<std::uint64_t> seed, bool sway) {
        const LoadArgs a = load_args(defines, seed, sway, false, false, false, {}, std::nullopt, std::nullopt);
        return load_py(nullptr, &text, a);
      },
      "text"_a, "defines"_a = pyb::none(), "seed"_a = pyb::none(), "sway"_a = false,
      "An L-system from the text of an .ls file (its path is '<string>' in messages).");
}

}  // namespace lsd::py
