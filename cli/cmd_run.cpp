#include <fstream>
#include <iostream>

#include "commands.hpp"
#include "interpreter/simulate.hpp"

namespace lsd::cli {

bool sim_options(const Args& a, interp::SimOptions& so) {
  double v = 0;
  if (!number_opt(a, "time", so.until, 0, 1e9)) return false;
  if (a.has("dt")) {
    if (!number_opt(a, "dt", v, 1e-12, 10)) return false;
    so.dt = v;
  }
  if (a.has("grow-every")) {
    if (!number_opt(a, "grow-every", v, 0, 1e9)) return false;
    so.grow_every = v;
  }
  if (a.has("integrator")) {
    const std::string& i = a.opts.at("integrator");
    if (i != "implicit" && i != "explicit") {
      usage(("--integrator must be implicit or explicit, not '" + i + "'").c_str());
      return false;
    }
    so.implicit = i == "implicit";
  }
  if (!number_opt(a, "trace-every", so.trace_every, 0, 1e9)) return false;
  so.derive.max_modules = a.max_modules;
  return true;
}

int cmd_run(const Args& a) {
  interp::SimOptions so;
  if (!sim_options(a, so)) return kExitUsage;
  interp::Lsystem ls;
  if (!load(a, ls)) return kExitInput;
  if (a.n) {  // -n: the number of derivation steps of the run (instead of the derivation length)
    ls.rules.derivation_length = std::min<long>(ls.steps_done + *a.n, 1000000000L);
  }
  std::ofstream trace_file;
  std::string trace_tmp;
  if (a.has("trace")) {
    trace_tmp = a.opts.at("trace") + ".tmp";
    trace_file.open(trace_tmp);
    if (!trace_file) {
      std::cerr << "lsd: error: cannot write '" << a.opts.at("trace") << "'\n";
      return kExitInput;
    }
    trace_file << interp::kTraceHeader << '\n';
  }
  std::vector<grammar::Diagnostic> diags;
  bool ok = interp::run_simulation(ls, so, [&](const interp::TraceRow& r) {
    if (trace_file.is_open()) trace_file << interp::trace_line(r) << '\n';
  }, diags);
  print_diags(diags, &ls);
  if (trace_file.is_open()) {  // (a stream never opened tests true until written to)
    trace_file.close();
    std::rename(trace_tmp.c_str(), a.opts.at("trace").c_str());
  }
  if (!a.out.empty()) {  // even after an error: the last complete, finite string
    if (!save_file(a.out, interp::saved_text(ls))) return kExitInput;
    if (!ok) std::cerr << "lsd: note: " << a.out << " holds the last finite string (t=" << interp::format_double(ls.time) << ")\n";
  }
  return ok ? kExitOk : kExitInput;
}

}  // namespace lsd::cli
