#include "options.hpp"

#include <sstream>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>

#include "common/numbers.hpp"
#include "common/spelling.hpp"
#include "grammar/parser.hpp"
#include "interpreter/lsystem/expr.hpp"
#include "interpreter/lsystem/string_io.hpp"

namespace lsd::cli {
namespace {

// NAME=VALUE with a constant expression as the value.
// "X,Y,Z": three finite numbers (--wind).
bool parse_vec3(const std::string& text, interp::Vec3& out) {
  std::stringstream in(text);
  char c1 = 0, c2 = 0;
  if (!(in >> out.x() >> c1 >> out.y() >> c2 >> out.z()) || c1 != ',' || c2 != ',') return false;
  in >> std::ws;
  return in.eof() && out.allFinite();
}

bool parse_define(const std::string& d, std::pair<std::string, double>& out, std::string& why) {
  const auto eq = d.find('=');
  if (eq == std::string::npos || eq == 0) {
    why = "needs NAME=VALUE, not '" + d + "'";
    return false;
  }
  const std::string name = d.substr(0, eq), text = d.substr(eq + 1);
  grammar::Expr e;
  std::vector<grammar::Diagnostic> diags;
  interp::CompiledExpr c;
  if (!grammar::parse_expression(text, e, diags, "-D") || !interp::compile_expr(e, {}, c, diags, "-D") ||
      !c.is_constant || !std::isfinite(c.value)) {
    why = name + ": '" + text + "' is not a finite number";
    return false;
  }
  out = {name, c.value};
  return true;
}

}  // namespace

CLI::Validator number_range(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        double x = 0;
        auto r = read_double(s.data(), s.data() + s.size(), x);
        if (r.ec != std::errc() || r.ptr != s.data() + s.size() || !std::isfinite(x) || x < lo || x > hi)
          return "needs a number from " + interp::format_double(lo) + " to " + interp::format_double(hi) + ", not '" +
                 s + "'";
        return "";
      },
      "");
}

void add_input_options(CLI::App& cmd, InputOptions& o, bool file_required) {
  auto* file = cmd.add_option("file", o.file, "the .ls file")->type_name("FILE.ls");
  if (file_required) file->required();
  cmd.add_option("-D", o.defines, "overrides '#define NAME' with VALUE (repeatable)")
      ->type_name("NAME=VALUE")
      ->allow_extra_args(false)
      ->check(CLI::Validator(
          [](std::string& s) {
            std::pair<std::string, double> d;
            std::string why;
            return parse_define(s, d, why) ? std::string() : why;
          },
          ""));
  cmd.add_option("--seed", o.seed, "makes the L-system stochastic with this seed")->type_name("S");
  cmd.add_option("--axiom-file", o.axiom_file, "starts from a saved string instead of the axiom")
      ->type_name("F");
  cmd.add_option("--max-modules", o.max_modules, "a derived string may not grow past N modules (default 200000000)")
      ->type_name("N")
      ->check(number_range(1, 1e18));
  // A model folder is data, not a program: these widen what it may run and read (docs/language.md 9.7).
  cmd.add_flag("--allow-programs", o.trust.allow_programs,
               "runs the environment program a cpfg model names (.e file), from the model's folder or a --program-dir");
  cmd.add_option("--program-dir", o.trust.program_dirs,
                 "a folder an environment program may also come from, searched first (repeatable)")
      ->type_name("DIR")
      ->allow_extra_args(false)
      ->check(CLI::ExistingDirectory);
  cmd.add_flag("--allow-path-programs", o.trust.allow_path_programs,
               "with --allow-programs: also looks the program's name up on PATH");
  cmd.add_flag("--allow-outside-files", o.trust.allow_outside_files,
               "reads files a cpfg model names outside its folder (#include, view, colour, surface, contour, "
               "function and texture files)");
  cmd.add_flag("--sway", o.sway,
               "makes a model without a dynamics: section sway: adds 'dynamics: body: F, joints: auto' with the "
               "defaults of docs/language.md 7.8");
}

void add_motion_options(CLI::App& cmd, MotionOptions& o, const char* time_help) {
  cmd.add_option("--time", o.time, time_help)->type_name("T")->check(number_range(0, 1e9));
  add_run_options(cmd, o);
}

void add_run_options(CLI::App& cmd, MotionOptions& o) {
  cmd.add_option("--dt", o.dt, "physics time step in seconds (overrides dynamics: dt)")
      ->type_name("H")
      ->check(number_range(1e-12, 10));
  cmd.add_option("--tolerance", o.tolerance,
                 "the motion's error allowed, relative to its swing, per simulated second: substeps chosen by step "
                 "doubling (overrides dynamics: tolerance; docs/dynamics.md)")
      ->type_name("X")
      ->check(number_range(0, 1));
  cmd.add_option("--grow-every", o.grow_every, "simulated seconds between derivation steps (overrides the file)")
      ->type_name("G")
      ->check(number_range(0, 1e9));
  cmd.add_option("--turtle-unit", o.turtle_unit,
                 "metres per unit of the drawing, for bodies built from drawn segments, as with --sway (overrides "
                 "dynamics: turtle unit; docs/language.md 7.8)")
      ->type_name("M")
      ->check(number_range(1e-9, 1e6));
  cmd.add_option("--wind", o.wind, "wind velocity in m/s (overrides dynamics: wind)")
      ->type_name("X,Y,Z")
      ->check(CLI::Validator(
          [](std::string& s) {
            interp::Vec3 v;
            return parse_vec3(s, v) ? std::string() : "must be three finite numbers X,Y,Z, not '" + s + "'";
          },
          ""));
  cmd.add_option("--integrator", o.integrator,
                 "implicit (generalized-alpha, the default), euler or explicit (overrides dynamics: integrator)")
      ->type_name("NAME")
      ->check(CLI::Validator(
          [](std::string& s) {
            interp::Integrator i;
            if (interp::integrator_from_name(s, i)) return std::string();
            return "must be " + interp::integrator_names() + ", not '" + s + "'";
          },
          ""));
}

void add_quiet_option(CLI::App& cmd, bool& quiet) {
  cmd.add_flag("--quiet", quiet, "no progress line on a terminal (it is never printed into a pipe or a file)");
}

void add_fps_option(CLI::App& cmd, std::optional<double>& fps, const char* help) {
  cmd.add_option("--fps", fps, help)
      ->type_name("F")
      ->check(CLI::Validator(
          [](std::string& s) {
            double x = 0;
            auto r = read_double(s.data(), s.data() + s.size(), x);
            const bool ok = r.ec == std::errc() && r.ptr == s.data() + s.size() && x > 0 && x <= 1000;
            return ok ? std::string() : "must be a number of frames per second above 0 and at most 1000, not '" + s + "'";
          },
          ""));
}

void add_steps_option(CLI::App& cmd, std::optional<long>& n, const char* help) {
  cmd.add_option("-n", n, help)->type_name("N")->check(number_range(0, double(limits::kDerivationSteps)));
}

CLI::Option* add_output_option(CLI::App& cmd, std::string& out, const char* help) {
  return cmd.add_option("-o,--output", out, help)->type_name("OUT");
}

interp::LoadOptions load_options(const InputOptions& in) {
  interp::LoadOptions lo;
  for (const std::string& d : in.defines) {
    std::pair<std::string, double> def;
    std::string why;
    parse_define(d, def, why);  // checked when the command line was parsed
    lo.compile.defines.push_back(def);
  }
  lo.compile.seed = in.seed;
  lo.axiom_file = in.axiom_file;
  lo.max_modules = in.max_modules;
  lo.trust = in.trust;
  lo.compile.sway = in.sway;
  return lo;
}

namespace {

// Whether `name` is a whole word of text (letters, digits and '_' around it
// do not count): a -D the file never mentions sets nothing.
bool mentions(const std::string& text, const std::string& name) {
  auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const std::size_t end = at + name.size();
    if ((at == 0 || !word_char(text[at - 1])) && (end == text.size() || !word_char(text[end]))) return true;
  }
  return false;
}

}  // namespace

void warn_unused_defines(const InputOptions& in, const interp::Lsystem& ls, std::vector<grammar::Diagnostic>& diags) {
  if (ls.source.text.empty()) return;  // not read
  std::vector<std::string> names;  // the file's constants, for "did you mean"
  for (const auto& [name, value] : ls.rules->constants)
    if (mentions(ls.source.text, name)) names.push_back(name);
  for (const std::string& d : in.defines) {
    const std::string name = d.substr(0, d.find('='));
    if (mentions(ls.source.text, name)) continue;
    grammar::Diagnostic w{ls.source.path, {}, "-D " + d + ": the file never uses '" + name + "'" + did_you_mean(name, names), true};
    diags.push_back(std::move(w));
  }
}

bool load(const InputOptions& in, interp::Lsystem& ls) {
  std::vector<grammar::Diagnostic> diags;
  const bool ok = interp::load_lsystem(in.file, load_options(in), ls, diags);
  warn_unused_defines(in, ls, diags);
  print_diags(diags, &ls);
  return ok;
}

interp::RunOverrides MotionOptions::overrides() const {
  interp::RunOverrides r;
  r.dt = dt;
  r.tolerance = tolerance;
  r.grow_every = grow_every;
  r.turtle_unit = turtle_unit;
  interp::Integrator i;
  if (interp::integrator_from_name(integrator, i)) r.integrator = i;  // checked when parsed
  interp::Vec3 w;
  if (!wind.empty() && parse_vec3(wind, w)) r.wind = w;  // checked when parsed
  return r;
}

interp::RunSettings run_settings(interp::Lsystem& ls, const MotionOptions& m, std::optional<long> n,
                                 std::size_t max_modules) {
  interp::RunSettings s = interp::file_settings(*ls.rules);
  m.overrides().apply(s);
  if (n) interp::set_run_steps(ls, *n);
  s.max_modules = max_modules;
  return s;
}

void print_diags(const std::vector<grammar::Diagnostic>& diags, const interp::Lsystem* ls) {
  // A binary file can have an error on every line: show the first ones only
  // (finding a line's text is linear in the file, so all of them could take minutes).
  constexpr std::size_t kMaxShown = 100;
  std::size_t shown = 0;
  for (const auto& d : diags) {
    if (shown == kMaxShown) {
      std::cerr << "lsd: note: " << diags.size() - kMaxShown << " more problems not shown\n";
      break;
    }
    const grammar::Source* src = (ls && d.file == ls->source.path) ? &ls->source : nullptr;
    grammar::print_diagnostic(std::cerr, d, src);
    ++shown;
  }
}

namespace {
bool saved(bool ok, const std::string& err) {
  if (!ok) std::cerr << "lsd: error: " << err << "\n";
  return ok;
}
}  // namespace

bool make_folder_for(const std::string& path) {
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (folder.empty() || std::filesystem::is_directory(folder, ec)) return true;
  std::filesystem::create_directories(folder, ec);
  if (!ec) return true;
  std::cerr << "lsd: error: cannot create the folder '" << folder.string() << "' for '" << path
            << "': " << ec.message() << "\n";
  return false;
}

bool save_file(const std::string& path, const std::string& content) {
  std::string err;
  return make_folder_for(path) &&
         saved(interp::write_file_atomic(path, content, &err, interp::Durability::kReplaced), err);
}

bool save_string(const std::string& path, const interp::Lsystem& ls, interp::Durability durability,
                 const std::vector<double>& history) {
  std::string err;
  return make_folder_for(path) && saved(interp::save_string(path, ls, history, &err, durability), err);
}

std::string closest(const std::string& word, const std::vector<std::string>& names) {
  return lsd::closest(word, names);
}

}  // namespace lsd::cli
