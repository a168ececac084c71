// lsd run: headless growth and motion, with a trace and the final string.
#include <unistd.h>

#include <cstdio>
#include <tuple>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "interpreter/living/simulation.hpp"

namespace lsd::cli {
namespace {

struct RunCommand {
  InputOptions in;
  MotionOptions motion;
  std::optional<long> n;
  std::string out, trace, contacts;
  double trace_every = 0;
  bool quiet = false, verbose = false;
};

std::string three_digits(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

// The one line that ends a run on a terminal: what was simulated and where it went.
std::string summary(const RunCommand& o, interp::Simulation& sim) {
  const interp::TraceRow r = sim.trace_row();
  std::string s = "lsd run: t = " + interp::format_double(sim.time()) + " s (derivation step " +
                  std::to_string(r.step) + "), " + std::to_string(sim.physics_steps()) + " physics steps, " +
                  std::to_string(r.bodies) + (r.bodies == 1 ? " body" : " bodies") + ", energy " +
                  three_digits(r.kinetic + r.potential + r.elastic) + " J (kinetic " + three_digits(r.kinetic) +
                  ", gravitational " + three_digits(r.potential) + ", elastic " + three_digits(r.elastic) + "); ";
  std::vector<std::string> wrote;
  if (!o.out.empty()) wrote.push_back("string " + o.out);
  if (!o.trace.empty()) wrote.push_back("trace " + o.trace);
  if (!o.contacts.empty()) wrote.push_back("contacts " + o.contacts);
  if (wrote.empty()) return s + "nothing written (use -o FILE)";
  s += "wrote ";
  for (std::size_t k = 0; k < wrote.size(); ++k) s += (k ? ", " : "") + wrote[k];
  return s;
}

// A CSV staged beside PATH and put in place when complete (a run refused or
// interrupted leaves no file).
class TraceFile {
 public:
  bool open(const std::string& path, const char* header) {
    // Not synced: the run writes it again (docs/language.md 8.5).
    return file_.open(path, nullptr, interp::Durability::kReplaced) && file_.write(header) && file_.write("\n");
  }
  bool is_open() const { return file_.is_open(); }
  void line(const std::string& l) {
    if (file_.is_open()) file_.write(l), file_.write("\n");
  }
  void close() {
    std::string error;
    if (file_.is_open() && !file_.commit(&error)) std::cerr << "lsd: error: " << error << "\n";
  }

 private:
  interp::StagedFile file_;
};

int run(const RunCommand& o) {
  interp::Lsystem ls;
  if (!load(o.in, ls)) return kExitInput;
  const interp::RunSettings settings = run_settings(ls, o.motion, o.n, o.in.max_modules);
  const double until = o.motion.time.value_or(10);
  std::vector<grammar::Diagnostic> diags;
  TraceFile trace, contacts;
  for (auto [file, path, header] : {std::tuple{&trace, &o.trace, interp::kTraceHeader},
                                    std::tuple{&contacts, &o.contacts, interp::kContactHeader}}) {
    if (path->empty()) continue;
    if (!make_folder_for(*path)) return kExitInput;
    if (!file->open(*path, header)) {
      std::cerr << "lsd: error: cannot write '" << *path << "'\n";
      return kExitInput;
    }
  }
  interp::Simulation sim;
  Progress progress(o.quiet);
  progress.span(ls.time(), until);
  const auto on_row = [&](const interp::TraceRow& r) {
    trace.line(interp::trace_line(r));
    if (!contacts.is_open()) return;
    const interp::ModelUnits units = interp::model_units(sim.settings());
    for (const dyn::ContactForce& c : sim.contacts()) contacts.line(interp::contact_line(r.t, c, units));
  };
  const bool started = sim.start(std::move(ls), settings, diags, until);
  const bool ok = started && run_until(sim, until, o.trace_every, on_row, diags, progress);
  progress.clear();
  print_diags(diags, &sim.lsystem());
  if (sim.refused()) return kExitInput;  // nothing written (the traces remove themselves)
  trace.close();
  contacts.close();
  if (!o.out.empty()) {  // even after an error: the last complete, finite string
    // Synced: the state a later run resumes from, worth the run's time
    // (docs/language.md 8.5).
    if (!save_string(o.out, sim.lsystem(), interp::Durability::kSynced, sim.history())) return kExitInput;
    if (!ok)
      std::cerr << "lsd: note: " << o.out << " holds the last finite string (t=" << interp::format_double(sim.time())
                << ")\n";
  }
  if (ok && (o.verbose || (!o.quiet && ::isatty(STDERR_FILENO)))) std::cerr << summary(o, sim) << "\n";
  return ok ? kExitOk : kExitInput;
}

}  // namespace

Runner add_run(CLI::App& app) {
  auto* cmd = app.add_subcommand("run", "headless growth and motion for T simulated seconds");
  auto o = std::make_shared<RunCommand>();
  add_input_options(*cmd, o->in);
  add_motion_options(*cmd, o->motion, "run until simulated time T (default 10)");
  add_steps_option(*cmd, o->n, "derivation steps of the run (default: the derivation length)");
  add_output_option(*cmd, o->out, "write the final string file OUT (atomically; after an error, the last finite one)");
  cmd->add_option("--trace", o->trace, "write a CSV trace: t,step,modules,bodies,kinetic,potential,elastic,tip_x,tip_y,tip_z,substeps")
      ->type_name("OUT.csv");
  cmd->add_option("--contacts", o->contacts,
                  "write a CSV of every contact and tie force per trace row: t,body,other,kind,x,y,z,nx,ny,nz,"
                  "normal_force,tangential_x,tangential_y,tangential_z")
      ->type_name("OUT.csv");
  cmd->add_option("--trace-every", o->trace_every, "simulated seconds between trace rows (default: every step)")
      ->type_name("T")
      ->check(number_range(0, 1e9));
  add_quiet_option(*cmd, o->quiet);
  cmd->add_flag("--verbose", o->verbose,
                "end with the one-line summary (time, steps, bodies, energy, what was written) also when the standard "
                "error is not a terminal");
  return [o]() { return run(*o); };
}

}  // namespace lsd::cli
