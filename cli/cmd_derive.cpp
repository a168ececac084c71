// lsd check, lsd derive.
#include <cstdio>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "interpreter/living/living_model.hpp"
#include "interpreter/lsystem/auto_joints.hpp"

namespace lsd::cli {

bool load_and_derive(const InputOptions& in, std::optional<long> n, interp::Lsystem& ls, Progress& progress) {
  if (!load(in, ls)) return false;
  const long steps = n ? *n : std::max(0, ls.rules->derivation_length - ls.steps_done);
  interp::DeriveOptions opts;
  opts.max_modules = in.max_modules;
  std::vector<grammar::Diagnostic> diags;
  const bool ok = derive(ls, steps, opts, diags, progress);
  progress.clear();
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
    if (ls.rules->dynamics.enabled) {  // the starting string must make a valid living plant too
      interp::LivingModel lm;
      std::vector<grammar::Diagnostic> diags;
      interp::expand_rest_joints(*ls.rules, ls.current);  // (joints at rest are bare in the string)
      const bool ok = interp::build_living_model(*ls.rules, interp::file_settings(*ls.rules), ls.current, lm, diags);
      print_diags(diags, &ls);
      if (!ok) return kExitInput;
    }
    std::cout << in->file << ": ok (" << ls.rules->main.prods.size() << " productions, axiom of "
              << ls.rules->axiom.size() << " modules, derivation length " << ls.rules->derivation_length << ")\n";
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
