#include "lsystem.hpp"

#include <algorithm>

#include "grammar/parser.hpp"
#include "keys.hpp"
#include "turtle.hpp"

namespace lsd::interp {

bool load_lsystem_text(const std::string& text, const std::string& path, const LoadOptions& opts, Lsystem& ls,
                       std::vector<grammar::Diagnostic>& diags) {
  ls = Lsystem{};
  ls.source = {path, text};
  auto parsed = grammar::parse_ls(text, path, find_key);
  std::size_t first = diags.size();
  diags.insert(diags.end(), parsed.diagnostics.begin(), parsed.diagnostics.end());
  // Compile even after parse errors: it finds more mistakes (undefined names...).
  bool ok = compile_rules(parsed.file, opts.compile, ls.rules, diags) && parsed.ok();
  std::stable_sort(diags.begin() + std::ptrdiff_t(first), diags.end(), [](const auto& a, const auto& b) {
    return a.pos.line != b.pos.line ? a.pos.line < b.pos.line : a.pos.col < b.pos.col;
  });
  if (!ok) return false;
  if (!opts.axiom_file.empty()) {
    std::string content, err;
    if (!read_file(opts.axiom_file, content, &err)) {
      diags.push_back({opts.axiom_file, {}, err});
      return false;
    }
    StringHeader h;
    DeriveOptions d;
    d.max_modules = opts.max_modules;
    const StringLimits limits{opts.max_modules, param_limit(d)};
    if (!read_string(content, opts.axiom_file, ls.rules.symbols, ls.current, h, diags, limits)) return false;
    ls.steps_done = h.step;
    ls.clock.origin = h.time;
    if (h.has_clock) ls.clock = {h.clock_origin, h.clock_dt, h.clock_ticks};  // exactly as it counted
    return true;
  }
  ls.current = ls.rules.axiom;
  DeriveOptions d;
  d.max_modules = opts.max_modules;
  auto res = decompose(ls.rules, ls.current, -1, d, ls.scratch);
  if (!res.ok) {
    diags.push_back(res.error);
    return false;
  }
  return true;
}

bool load_lsystem(const std::string& path, const LoadOptions& opts, Lsystem& ls,
                  std::vector<grammar::Diagnostic>& diags) {
  std::string text, err;
  if (!read_file(path, text, &err, limits::kLsFileBytes)) {
    diags.push_back({path, {}, err});
    return false;
  }
  return load_lsystem_text(text, path, opts, ls, diags);
}

RepeatDetector::RepeatDetector(const RuleSet& rules, const ModuleString& s, long step)
    : on_(rules.deterministic), saved_at_(step) {
  if (on_ && s.size() <= kMaxSnapshot) saved_ = s;
  else saved_at_ = -1;
}

long RepeatDetector::observe(const ModuleString& s, bool same, long step) {
  if (!on_) return 0;
  if (same) return 1;
  if (s.size() > kMaxSnapshot) return 0;
  if (saved_at_ >= 0 && s == saved_) return step - saved_at_;
  if (saved_at_ < 0 || step - saved_at_ >= power_) {  // Brent: move the snapshot at powers of two
    saved_ = s;
    saved_at_ = step;
    power_ *= 2;
  }
  return 0;
}

bool derive(Lsystem& ls, long n, const DeriveOptions& opts, std::vector<grammar::Diagnostic>& diags) {
  if (ls.steps_done + n > limits::kDerivationSteps) {  // steps are counted in an int (and saved, see string_io.cpp)
    diags.push_back({ls.rules.path, {}, "deriving " + std::to_string(n) + " more steps after step " +
                                            std::to_string(ls.steps_done) + " would pass the limit of " +
                                            limits::kDerivationStepsText + " derivation steps"});
    return false;
  }
  const TurtleOptions topt = turtle_options(ls.rules);
  RepeatDetector repeat(ls.rules, ls.current, ls.steps_done);
  for (long k = 0; k < n; ++k) {
    if (ls.rules.has_queries) fill_queries(ls.current, topt);  // the current (deformed) pose
    auto res = derive_step(ls.rules, ls.current, ls.steps_done, opts, ls.scratch);
    if (!res.ok) {  // ls.current still holds the last complete string
      diags.push_back(res.error);
      return false;
    }
    ++ls.steps_done;
    if (ls.rules.has_queries) fill_queries(ls.current, topt);
    // (the string before the step had its queries filled, so res.same is exact with queries too)
    if (long period = repeat.observe(ls.current, res.same, ls.steps_done)) {
      const long left = n - (k + 1), skip = left - left % period;  // whole periods change nothing
      k += skip;
      ls.steps_done += int(skip);
    }
  }
  return true;
}

StringHeader saved_header(const Lsystem& ls) {
  StringHeader h;
  h.present = true;
  h.time = ls.time();
  h.step = ls.steps_done;
  h.has_clock = ls.clock.ticks > 0;
  h.clock_origin = ls.clock.origin;
  h.clock_dt = ls.clock.dt;
  h.clock_ticks = ls.clock.ticks;
  return h;
}

std::string saved_text(const Lsystem& ls) {
  return header_line(saved_header(ls)) + string_to_text(ls.current, ls.rules.symbols);
}

bool save_string(const std::string& path, const Lsystem& ls, std::string* error) {
  return write_string_file(path, saved_header(ls), ls.current, ls.rules.symbols, error);
}

}  // namespace lsd::interp
