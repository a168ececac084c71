#include "options.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iostream>

#include "grammar/parser.hpp"
#include "interpreter/lsystem/expr.hpp"
#include "interpreter/lsystem/string_io.hpp"

namespace lsd::cli {
namespace {

// NAME=VALUE with a constant expression as the value.
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

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

}  // namespace

CLI::Validator number_range(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        double x = 0;
        auto r = std::from_chars(s.data(), s.data() + s.size(), x);
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
}

void add_motion_options(CLI::App& cmd, MotionOptions& o, const char* time_help) {
  cmd.add_option("--time", o.time, time_help)->type_name("T")->check(number_range(0, 1e9));
  add_run_options(cmd, o);
}

void add_run_options(CLI::App& cmd, MotionOptions& o) {
  cmd.add_option("--dt", o.dt, "physics time step in seconds (overrides dynamics: dt)")
      ->type_name("H")
      ->check(number_range(1e-12, 10));
  cmd.add_option("--grow-every", o.grow_every, "simulated seconds between derivation steps (overrides the file)")
      ->type_name("G")
      ->check(number_range(0, 1e9));
  cmd.add_option("--integrator", o.integrator,
                 "implicit (generalized-alpha, the default), euler or explicit (overrides dynamics: integrator)")
      ->type_name("NAME")
      ->check(CLI::Validator(
          [](std::string& s) {
            dyn::Integrator i;
            if (interp::integrator_from_name(s, i)) return std::string();
            return "must be " + dyn::integrator_names() + ", not '" + s + "'";
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
            auto r = std::from_chars(s.data(), s.data() + s.size(), x);
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
  return lo;
}

bool load(const InputOptions& in, interp::Lsystem& ls) {
  std::vector<grammar::Diagnostic> diags;
  const bool ok = interp::load_lsystem(in.file, load_options(in), ls, diags);
  print_diags(diags, &ls);
  return ok;
}

interp::RunOverrides MotionOptions::overrides() const {
  interp::RunOverrides r;
  r.dt = dt;
  r.grow_every = grow_every;
  dyn::Integrator i;
  if (interp::integrator_from_name(integrator, i)) r.integrator = i;  // checked when parsed
  return r;
}

interp::RunSettings run_settings(const interp::Lsystem& ls, const MotionOptions& m, std::optional<long> n,
                                 std::size_t max_modules) {
  interp::RunSettings s = interp::file_settings(ls.rules);
  m.overrides().apply(s);
  if (n) s.derivation_length = std::min(ls.steps_done + *n, limits::kDerivationSteps);
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

bool save_file(const std::string& path, const std::string& content) {
  std::string err;
  return saved(interp::write_file_atomic(path, content, &err, interp::Durability::kReplaced), err);
}

bool save_string(const std::string& path, const interp::Lsystem& ls, interp::Durability durability,
                 const std::vector<double>& history) {
  std::string err;
  return saved(interp::save_string(path, ls, history, &err, durability), err);
}

std::string closest(const std::string& word, const std::vector<std::string>& names) {
  std::string best;
  std::size_t best_d = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const std::string& n : names) {
    const std::size_t d = edit_distance(word, n);
    if (d < best_d) {
      best_d = d;
      best = n;
    }
  }
  return best;
}

}  // namespace lsd::cli
