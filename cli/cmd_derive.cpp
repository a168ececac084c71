// lsd check, lsd derive.
#include <cstdio>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "interpreter/living/simulation.hpp"

namespace lsd::cli {

bool load_and_derive(const InputOptions& in, std::optional<long> n, interp::Lsystem& ls, Progress& progress) {
  if (!load(in, ls)) return false;
  if (n) interp::set_run_steps(ls, *n);  // (its End: block after the last of them)
  const long steps = n ? *n : std::max(0, ls.derivation_length - ls.steps_done);
  interp::DeriveOptions opts;
  opts.max_modules = in.max_modules;
  std::vector<grammar::Diagnostic> diags;
  const bool ok = derive(ls, steps, opts, diags, progress);
  progress.clear();
  print_diags(diags, &ls);
  return ok;
}

// The derivation to its end (the string alone, no motion): a @Graft or
// @Weld whose id is still alone there is a warning (docs/language.md 7.2).
// Not with an environment program, which check does not start. False when
// the derivation fails (its errors printed).
bool check_grown_grafts(interp::Lsystem& ls, std::size_t max_modules) {
  if (!ls.environment_file.empty()) return true;
  interp::DeriveOptions opts;
  opts.max_modules = max_modules;
  std::vector<grammar::Diagnostic> diags;
  const bool ok = interp::derive(ls, std::max(0, ls.derivation_length - ls.steps_done), opts, diags);
  if (ok) interp::warn_lone_grafts(ls, diags);
  print_diags(diags, &ls);
  return ok;
}

Runner add_check(CLI::App& app) {
  auto* cmd = app.add_subcommand("check", "parse and validate a file; report every problem");
  auto in = std::make_shared<InputOptions>();
  add_input_options(*cmd, *in);
  return [in]() {
    interp::Lsystem ls;
    if (!load(*in, ls)) return kExitInput;
    const std::shared_ptr<const interp::RuleSet> rules = ls.rules;
    std::string plant;
    if (rules->dynamics.enabled) {  // the starting string must make a valid living plant too
      // The plant lsd run starts from: the one start of a run (Simulation),
      // with the file's settings and nothing derived.
      interp::RunSettings settings = interp::file_settings(*rules);
      settings.max_modules = in->max_modules;
      interp::Lsystem grown = ls;  // derived to its end for the grafts still alone there
      ls.derivation_length = ls.steps_done;
      interp::Simulation sim;
      std::vector<grammar::Diagnostic> diags;
      const bool ok = sim.start(std::move(ls), settings, diags);
      print_diags(diags, &sim.lsystem());
      if (!ok) return kExitInput;
      if (!check_grown_grafts(grown, in->max_modules)) return kExitInput;
      const int bodies = sim.living().nbodies();
      plant = "; a living plant of " + std::to_string(bodies) + (bodies == 1 ? " body" : " bodies");
    }
    std::cout << in->file << ": ok (" << rules->main.prods.size() << " productions, axiom of " << rules->axiom.size()
              << " modules, derivation length " << rules->derivation_length << plant << ")\n";
    return kExitOk;
  };
}

Runner add_derive(CLI::App& app) {
  struct Options {
    InputOptions in;
    std::optional<long> n;
    std::string out;
    bool quiet = false;
  };
  auto* cmd = app.add_subcommand("derive", "print the string after N derivation steps");
  auto o = std::make_shared<Options>();
  add_input_options(*cmd, o->in);
  add_steps_option(*cmd, o->n, "derivation steps (default: the rest of the derivation length)");
  add_output_option(*cmd, o->out, "write the string file OUT (atomically) instead of printing the string");
  add_quiet_option(*cmd, o->quiet);
  return [o]() {
    interp::Lsystem ls;
    Progress progress(o->quiet);
    const bool ok = load_and_derive(o->in, o->n, ls, progress);
    if (ls.rules->path.empty()) return kExitInput;  // nothing loaded
    if (!o->out.empty()) {
      // Even after an error, -o holds the last complete string. Not synced:
      // the same command derives it again (docs/language.md 8.5).
      if (!save_string(o->out, ls, interp::Durability::kReplaced)) return kExitInput;
      if (!ok) std::cerr << "lsd: note: " << o->out << " holds the string after " << ls.steps_done << " steps\n";
    } else if (ok && !interp::write_string(stdout, ls.current, ls.rules->symbols)) {
      std::cerr << "lsd: error: writing the string to standard output failed\n";
      return kExitInput;
    }
    return ok ? kExitOk : kExitInput;
  };
}

}  // namespace lsd::cli
