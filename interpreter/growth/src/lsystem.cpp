#include "interpreter/growth/lsystem.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <cmath>

#include "grammar/parser.hpp"
#include "interpreter/cpfg/preprocess.hpp"
#include "interpreter/lsystem/auto_joints.hpp"
#include "interpreter/lsystem/keys.hpp"
#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {

void set_run_steps(Lsystem& ls, long n) {
  ls.derivation_length = int(std::min<long>(ls.steps_done + n, limits::kDerivationSteps));
}

bool is_cpfg_path(const std::string& path) { return path.size() > 2 && path.compare(path.size() - 2, 2, ".l") == 0; }

namespace {

// The environment program of a model (docs/language.md 9.4, 9.7), decided
// when it is loaded: the program found, and whether it may start. A program
// that cannot be found or that the user has not allowed is one warning now,
// and the ?E keep their parameters (as if the environment never answered).
void plan_environment(Lsystem& ls, const Trust& trust, std::vector<grammar::Diagnostic>& diags) {
  EnvironmentFile file;
  std::string err;
  auto refuse = [&](int line, const std::string& why) {
    diags.push_back({ls.environment_file, {line, line > 0 ? 1 : 0}, "environment program: " + why +
                                                                       "; the ?E modules keep their parameters",
                     true});
    ls.environment_failed = true;
  };
  if (!read_environment_file(ls.environment_file, file, err)) return refuse(0, err);
  if (!find_environment_program(file, trust, ls.environment_program, err)) return refuse(file.executable_line, err);
  if (!trust.allows_program(ls.environment_program)) {
    ls.environment_consent_needed = true;
    refuse(file.executable_line, "'" + ls.environment_program + "' was not started: " + kAllowProgramsHint);
  }
}

// joints: auto (docs/language.md 7.8): the joints where the string has none,
// within the limits of the string's size.
// `tidy`: the string before the step was tidy (joints_tidy): the slots are
// the new joints, unless the step wrote the first body.
bool with_joints(Lsystem& ls, const StringLimits& limits, std::vector<grammar::Diagnostic>& diags, bool tidy = false) {
  const bool filled = ls.scratch.slot_joint != 0;  // (set for a tidy string of exact slots: derive)
  ls.scratch.slot_joint = 0;
  if (tidy && filled && joints_filled(*ls.rules, ls.current)) {
    ls.joints_tidy = ls.current.size();
    return true;
  }
  bool too_big = false;
  OriginTrack* track = ls.scratch.track;
  const bool tracked = track && !track->lost;
  std::vector<std::int64_t>& from = ls.scratch.joint_origin;
  insert_joints(*ls.rules, ls.current, ls.scratch.tmp, limits.max_modules, limits.max_params, &too_big,
                tracked ? &from : nullptr);
  if (tracked && !from.empty()) {  // the string was copied: each module keeps the origin it came with
    track->next.clear();
    for (std::int64_t k : from) {
      track->lost = track->lost || std::size_t(k) >= track->ids.size();
      track->next.push_back(track->lost ? -1 : track->ids[std::size_t(k)]);
    }
    std::swap(track->ids, track->next);
  }
  ls.joints_tidy = !too_big && joints_tidy(*ls.rules, ls.current) ? ls.current.size() : SIZE_MAX;
  if (too_big)
    diags.push_back({ls.rules->path, {}, "with the joints of joints: auto, the string after derivation step " +
                                            std::to_string(ls.steps_done) + " would pass the limit of " +
                                            std::to_string(limits.max_modules) + " modules or " +
                                            std::to_string(limits.max_params) +
                                            " parameters (raise the limit with --max-modules)"});
  return !too_big;
}

}  // namespace

const std::shared_ptr<const RuleSet>& no_rules() {
  static const std::shared_ptr<const RuleSet> none = std::make_shared<const RuleSet>();
  return none;
}

bool load_lsystem_text(const std::string& text, const std::string& path, const LoadOptions& opts, Lsystem& ls,
                       std::vector<grammar::Diagnostic>& diags) {
  ls = Lsystem{};
  ls.source = {path, text};
  {
    auto with = std::make_shared<LoadOptions>(opts);
    with->track = nullptr;
    ls.loaded_with = std::move(with);
  }
  ls.scratch.track = opts.track;
  ls.environment_file = opts.environment;
  grammar::ParseOptions popt;
  popt.cpfg = is_cpfg_path(path);
  popt.key_names = key_names;
  std::size_t first = diags.size();
  // A cpfg file goes through the C preprocessor first (its -D are macros).
  std::string preprocessed;
  const std::string* input = &text;
  if (popt.cpfg) {
    PreprocessOptions pp;
    pp.root = opts.folder;
    pp.allow_outside = opts.trust.allow_outside_files;
    for (const auto& [name, value] : opts.compile.defines) pp.defines.push_back({name, format_double(value)});
    pp.defines.insert(pp.defines.end(), opts.macros.begin(), opts.macros.end());
    if (needs_preprocessor(text, pp)) {
      if (!preprocess(text, path, pp, preprocessed, diags)) return false;
      input = &preprocessed;
    }
  }
  auto parsed = grammar::parse_ls(*input, path, find_key, popt);
  diags.insert(diags.end(), parsed.diagnostics.begin(), parsed.diagnostics.end());
  // Compile even after parse errors: it finds more mistakes (undefined names...).
  auto rules = std::make_shared<RuleSet>();
  bool ok = compile_rules(parsed.file, opts.compile, *rules, diags) && parsed.ok();
  ls.rules = std::move(rules);  // compiled: frozen from here on (lsystem.hpp)
  ls.derivation_length = ls.rules->derivation_length;
  std::stable_sort(diags.begin() + std::ptrdiff_t(first), diags.end(), [](const auto& a, const auto& b) {
    return a.pos.line != b.pos.line ? a.pos.line < b.pos.line : a.pos.col < b.pos.col;
  });
  if (!ok) return false;
  if (!ls.environment_file.empty()) plan_environment(ls, opts.trust, diags);
  // cpfg's define: arrays and Start: block, before the axiom (CPFG manual 4.1)
  ls.machine = start_machine(*ls.rules);
  ls.scratch.machine = &ls.machine;
  {
    grammar::Diagnostic err;
    Rng own = step_rng(ls.rules->seed, 0, 2000);
    Rng& rng = ls.rules->cpfg_random ? cpfg_stream(*ls.rules, ls.scratch) : own;  // (seeded as cpfg does, before Start:)
    if (!run_block(*ls.rules, ls.rules->start, ls.machine, rng, err)) {
      diags.push_back(err);
      return false;
    }
  }
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
    if (!read_string(content, opts.axiom_file, ls.rules->symbols, ls.current, h, diags, limits)) return false;
    ls.steps_done = h.step;
    ls.clock.origin = h.time;
    if (h.has_clock) ls.clock = {h.clock_origin, h.clock_dt, h.clock_ticks};  // exactly as it counted
    ls.history = std::move(h.history);
    return with_joints(ls, limits, diags);  // (a string saved without them, or by hand)
  }
  ls.current = ls.rules->axiom;
  if (OriginTrack* t = opts.track) {  // the axiom's modules are the first places (origin.hpp)
    t->ids.resize(ls.current.size());
    for (std::size_t k = 0; k < t->ids.size(); ++k) t->ids[k] = std::int32_t(k);
    t->lost = ls.rules->axiom_pos.size() != ls.current.size() || !ls.rules->axiom_succ.empty();
  }
  if (!ls.rules->axiom_succ.empty()) {  // cpfg: parameters of globals and random numbers
    Rng own = step_rng(ls.machine.reseeded ? ls.machine.seed : ls.rules->seed, 0, 2002);
    Rng& rng = ls.rules->cpfg_random ? cpfg_stream(*ls.rules, ls.scratch) : own;
    for (const SuccessorModule& m : ls.rules->axiom_succ) {
      std::vector<double> vals;
      for (const CompiledExpr& e : m.params) {
        double v = e.is_constant ? e.value : eval_expr(e, nullptr, &rng, &ls.machine);
        if (ls.rules->float_params) v = double(float(v));
        if (!std::isfinite(v)) {
          diags.push_back({path, m.pos, "a parameter of the axiom's '" + ls.rules->symbols.name(m.sym) +
                                            "' is not a finite number"});
          return false;
        }
        vals.push_back(v);
      }
      ls.current.push(m.sym, vals.data(), int(vals.size()));
    }
  }
  if (!ls.rules->cpfg) {  // cpfg decomposes within derivation steps only, not the axiom
    DeriveOptions d;
    d.max_modules = opts.max_modules;
    auto res = decompose(*ls.rules, ls.current, -1, d, ls.scratch);
    if (!res.ok) {
      diags.push_back(res.error);
      return false;
    }
  }
  DeriveOptions d;
  d.max_modules = opts.max_modules;
  return with_joints(ls, {opts.max_modules, param_limit(d)}, diags);
}

namespace {

// A cpfg model: the .l file found in a folder or given, and its view file,
// colours, functions, contours and surfaces, as load options.
bool cpfg_model(const std::string& path, LoadOptions& opts, std::string& lsystem, std::vector<grammar::Diagnostic>& diags) {
  CpfgModelFiles files;
  std::string err;
  const bool found = find_cpfg_model(path, files, err, opts.trust.allow_outside_files);
  diags.insert(diags.end(), files.warnings.begin(), files.warnings.end());
  if (!found) {
    diags.push_back({path, {}, err});
    return false;
  }
  lsystem = files.lsystem;
  opts.folder = files.folder;
  CpfgView& view = opts.compile.view;
  if (!files.view.empty()) {
    read_view_file(files.view, view, opts.compile.functions, diags, {files.folder, opts.trust.allow_outside_files});
  } else {
    diags.push_back({files.lsystem, {}, "no view file (.v) found beside it: cpfg's defaults are used (angle 45, "
                                        "line width 1 pixel)", true});
  }
  int first = 0;
  for (const std::string& m : files.colourmaps) {
    if (!read_colour_map(m, first, view.palette, err)) diags.push_back({m, {}, err + ": colours are lsd's", true});
    first += 256;
  }
  first = 0;
  for (const std::string& m : files.materials) {
    if (!read_materials(m, first, view.palette, err)) diags.push_back({m, {}, err + ": colours are lsd's", true});
    first += 256;
  }
  opts.environment = files.environment;
  opts.compile.environment = !files.environment.empty();
  // cpfg passes the names of a function set (not of single `function:` files,
  // whose names may be the model's variables) to the preprocessor: func(BR_ANGLE, x)
  for (std::size_t k = 0; view.function_set && k < opts.compile.functions.functions.size(); ++k) {
    const std::string& n = opts.compile.functions.functions[k].name;
    bool name = !n.empty() && (std::isalpha(static_cast<unsigned char>(n[0])) || n[0] == '_');
    for (char c : n) name = name && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
    if (name) opts.macros.push_back({n, std::to_string(k + 1)});
  }
  return true;
}

}  // namespace

bool load_lsystem(const std::string& path, const LoadOptions& opts, Lsystem& ls,
                  std::vector<grammar::Diagnostic>& diags) {
  std::string file = path, err;
  LoadOptions o = opts;
  std::error_code ec;
  const bool cpfg = std::filesystem::is_directory(path, ec) || is_cpfg_path(path);
  if (cpfg && !cpfg_model(path, o, file, diags)) return false;
  std::string text;
  // (a model's .l file is a regular file: a pipe in a folder would wait forever)
  if (!(cpfg && file != path ? read_model_file(file, limits::kLsFileBytes, limits::kLsFileBytesText, text, err)
                             : read_file(file, text, &err, limits::kLsFileBytes))) {
    diags.push_back({file, {}, err});
    return false;
  }
  return load_lsystem_text(text, file, o, ls, diags);
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

namespace {

bool is_query(SymbolId s) { return s >= kSymQueryP && s <= kSymQueryU; }

// cpfg's environment pass: every ?E of the string is sent with the turtle
// where it stands in the string as drawn (`walked`; origin[k]: the module of
// ls.current that walked[k] is, or -1; empty: walked is ls.current), and the
// answers go into the ?E parameters. The program starts at the first ?E. A
// failure is one warning; the ?E keep their values from then on.
void ask_environment(Lsystem& ls, const ModuleString& walked, const std::vector<std::int32_t>& origin,
                     const TurtleOptions& topt, std::vector<grammar::Diagnostic>& diags) {
  if (ls.environment_file.empty() || ls.environment_failed) return;
  std::vector<EnvironmentProgram::Query> queries;
  for (const auto& [k, turtle] : environment_queries(walked, topt)) {
    const std::int32_t i = origin.empty() ? std::int32_t(k) : origin[k];
    if (i >= 0) queries.push_back({std::uint32_t(i), turtle});  // (a ?E the homomorphism wrote is not answered)
  }
  if (queries.empty()) return;
  auto fail = [&](const std::string& why) {
    diags.push_back({ls.environment_file, {}, "environment program: " + why + "; the ?E modules keep their "
                                              "parameters from now on", true});
    ls.environment_failed = true;
    ls.environment.reset();
  };
  std::string err;
  if (!ls.environment) {
    EnvironmentFile file;
    if (!read_environment_file(ls.environment_file, file, err)) return fail(err);
    if (file.interpreted_modules)
      diags.push_back({ls.environment_file, {}, "environment program: lsd does not send the graphics of the "
                                                "modules after ?E (interpreted modules)", true});
    ls.environment = EnvironmentProgram::start(file, ls.environment_program, environment_timeout(), err);
    if (!ls.environment) return fail(err);
  }
  if (!ls.environment->exchange(ls.current, ls.rules->symbols, queries, ls.steps_done, err)) fail(err);
  if (ls.rules->float_params)  // cpfg writes the answers as floats
    for (const auto& q : queries)
      for (int k = 0; k < ls.current.nparams(q.module); ++k)
        ls.current.param(q.module)[k] = double(float(ls.current.param(q.module)[k]));
}

// cpfg's interpretation of the string between derivation steps (CPFG manual
// 7; cpfg's ProcessEnvironment): the turtle walks the string as drawn, the
// homomorphism applied module by module as the turtle reaches it (its
// statements and random numbers have their effects), fills the query
// modules ?P ?H ?L ?U of the string and, with `ask`, sends the ?E to the
// environment program. With `keep`, nothing but the queries changes (the
// global variables and random numbers are put back): the fill of the final
// string, which cpfg does when it draws it.
bool interpret_cpfg(Lsystem& ls, const TurtleOptions& topt, const DeriveOptions& opts, bool ask, bool keep,
                    std::vector<grammar::Diagnostic>& diags) {
  const Machine machine = keep ? ls.machine : Machine{};
  const Rng random = keep ? ls.scratch.cpfg_rng : Rng(0);
  const bool random_ready = ls.scratch.cpfg_rng_ready;
  std::vector<std::int32_t> origin;
  ModuleString drawn;
  bool ok = true;
  if (ls.rules->homomorphism.empty()) {
    fill_queries(ls.current, topt);
  } else {
    const RewriteResult res = apply_homomorphism_cpfg(*ls.rules, ls.current, drawn, &origin, opts, ls.scratch);
    if (!res.ok) {
      diags.push_back(res.error);
      ok = false;
    } else {
      fill_queries(drawn, topt);
      for (std::size_t k = 0; k < drawn.size(); ++k)
        if (origin[k] >= 0 && is_query(drawn.sym[k]))
          std::copy(drawn.param(k), drawn.param(k) + drawn.nparams(k), ls.current.param(std::size_t(origin[k])));
    }
  }
  if (ls.rules->float_params)
    for (std::size_t i = 0; i < ls.current.size(); ++i)
      if (is_query(ls.current.sym[i]))
        for (int k = 0; k < ls.current.nparams(i); ++k) ls.current.param(i)[k] = double(float(ls.current.param(i)[k]));
  if (ok && ask) ask_environment(ls, origin.empty() ? ls.current : drawn, origin, topt, diags);
  if (keep) {
    ls.machine = machine;
    ls.scratch.cpfg_rng = random;
    ls.scratch.cpfg_rng_ready = random_ready;
  }
  return ok;
}

}  // namespace

bool derive(Lsystem& ls, long n, const DeriveOptions& opts, std::vector<grammar::Diagnostic>& diags) {
  if (ls.steps_done + n > limits::kDerivationSteps) {  // steps are counted in an int (and saved, see string_io.cpp)
    diags.push_back({ls.rules->path, {}, "deriving " + std::to_string(n) + " more steps after step " +
                                            std::to_string(ls.steps_done) + " would pass the limit of " +
                                            limits::kDerivationStepsText + " derivation steps"});
    return false;
  }
  if (n > 0) ls.history.clear();  // it belonged to the model of the old string
  const TurtleOptions topt = turtle_options(*ls.rules);
  RepeatDetector repeat(*ls.rules, ls.current, ls.steps_done);
  ls.scratch.machine = &ls.machine;  // (ls may have been moved since it was loaded)
  // cpfg's blocks around each step; a block's error stops the derivation.
  auto block = [&](const CompiledBlock& b) {
    if (b.empty()) return true;
    grammar::Diagnostic err;
    Rng own = step_rng(ls.machine.reseeded ? ls.machine.seed : ls.rules->seed, std::uint64_t(ls.steps_done), 2001);
    Rng& rng = ls.rules->cpfg_random ? cpfg_stream(*ls.rules, ls.scratch) : own;
    if (run_block(*ls.rules, b, ls.machine, rng, err)) return true;
    err.message += " (derivation step " + std::to_string(ls.steps_done + 1) + ")";
    diags.push_back(err);
    return false;
  };
  const bool cpfg = ls.rules->cpfg;
  for (long k = 0; k < n; ++k) {
    if (!cpfg) {
      if (ls.rules->has_queries) fill_queries(ls.current, topt);  // the current (deformed) pose
      ask_environment(ls, ls.current, {}, topt, diags);
    } else if (ls.rules->interpret_between_steps && !interpret_cpfg(ls, topt, opts, true, false, diags)) {
      return false;
    }
    if (!block(ls.rules->start_each)) return false;
    const bool tidy = ls.joints_tidy == ls.current.size();
    // (from a tidy string the successors write their slots as joints: auto_joints.hpp)
    ls.scratch.slot_joint = tidy && ls.rules->dynamics.slots_exact ? ls.rules->dynamics.joint : 0;
    auto res = derive_step(*ls.rules, ls.current, ls.steps_done, opts, ls.scratch);
    if (!res.ok) ls.scratch.slot_joint = 0;
    if (!res.ok) {  // ls.current still holds the last complete string
      diags.push_back(res.error);
      return false;
    }
    ++ls.steps_done;
    if (!with_joints(ls, {opts.max_modules, param_limit(opts)}, diags, tidy)) return false;  // after the step and its decomposition
    if (!block(ls.rules->end_each)) return false;
    if (ls.steps_done == ls.derivation_length && !block(ls.rules->end)) return false;
    if (ls.rules->has_queries && !cpfg) fill_queries(ls.current, topt);
    if (ls.machine.stop) {  // stop(n): the derivation ends here (CPFG manual 5.6)
      diags.push_back({ls.rules->path, {}, "stop() was called: the derivation ends after step " +
                                              std::to_string(ls.steps_done), true});
      ls.machine.stop = false;
      break;
    }
    // (the string before the step had its queries filled, so res.same is exact with queries too)
    if (long period = ls.environment_file.empty() ? repeat.observe(ls.current, res.same, ls.steps_done) : 0) {
      const long left = n - (k + 1);
      long skip = left - left % period;  // whole periods change nothing
      const long to_end = ls.derivation_length - ls.steps_done;  // but End: runs after the run's last step
      if (!ls.rules->end.empty() && to_end > 0 && skip >= to_end) skip = (to_end - 1) / period * period;
      k += skip;
      ls.steps_done += int(skip);
    }
  }
  // cpfg fills the queries of the string it draws (the view volume's pass)
  const bool ok = !cpfg || !ls.rules->interpret_between_steps || interpret_cpfg(ls, topt, opts, false, true, diags);
  if (!ls.machine.warning.empty() && !ls.machine.warning_told) {
    diags.push_back({ls.rules->path, ls.machine.warning_pos, ls.machine.warning, true});
    ls.machine.warning_told = true;
  }
  return ok;
}

RewriteResult apply_homomorphism(const Lsystem& ls, ModuleString& out, const DeriveOptions& opts) {
  Machine machine = ls.machine;
  DeriveScratch scratch;
  scratch.machine = &machine;
  scratch.cpfg_rng = ls.scratch.cpfg_rng;
  scratch.cpfg_rng_ready = ls.scratch.cpfg_rng_ready;
  // cpfg draws the string in its second interpretation: the first finds the
  // view volume (unless the view file gives it), and its homomorphism
  // already draws random numbers and changes global variables
  // (docs/language.md 9.3, "Drawings")
  if (ls.rules->cpfg && ls.rules->view.auto_volume && !ls.rules->homomorphism.empty()) {
    const RewriteResult first = apply_homomorphism(*ls.rules, ls.current, out, opts, scratch);
    if (!first.ok) return first;
  }
  return apply_homomorphism(*ls.rules, ls.current, out, opts, scratch);
}

StringHeader saved_header(const Lsystem& ls, const std::vector<double>& history) {
  StringHeader h;
  h.present = true;
  h.time = ls.time();
  h.step = ls.steps_done;
  h.has_clock = ls.clock.ticks > 0;
  h.clock_origin = ls.clock.origin;
  h.clock_dt = ls.clock.dt;
  h.clock_ticks = ls.clock.ticks;
  h.history = history;
  return h;
}

std::string saved_text(const Lsystem& ls) { return saved_text(ls, ls.history); }

std::string saved_text(const Lsystem& ls, const std::vector<double>& history) {
  const StringHeader h = saved_header(ls, history);
  return header_line(h) + (history.empty() ? std::string() : history_line(history)) +
         string_to_text(ls.current, ls.rules->symbols);
}

bool save_string(const std::string& path, const Lsystem& ls, std::string* error, Durability durability) {
  return save_string(path, ls, ls.history, error, durability);
}

bool save_string(const std::string& path, const Lsystem& ls, const std::vector<double>& history, std::string* error,
                 Durability durability) {
  return write_string_file(path, saved_header(ls, history), ls.current, ls.rules->symbols, error, durability);
}

}  // namespace lsd::interp
