#include "simulate.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "turtle.hpp"

namespace lsd::interp {

std::string trace_line(const TraceRow& r) {
  std::string s = format_double(r.t) + "," + std::to_string(r.step) + "," + std::to_string(r.modules) + "," +
                  std::to_string(r.bodies);
  for (double v : {r.kinetic, r.potential, r.elastic, r.tip.x(), r.tip.y(), r.tip.z()}) s += "," + format_double(v);
  return s;
}

bool rebuild_model(Simulation& sim, std::vector<grammar::Diagnostic>& diags) {
  const Lsystem& ls = *sim.ls;
  if (ls.rules.dynamics.enabled && (ls.rules.dynamics.floating_base || sim.opts.living.kinematic_base))
    ensure_base_module(sim.ls->current);  // a moving base keeps its state in the string
  return build_living_model(ls.rules, ls.current, sim.living, diags, sim.opts.living);
}

namespace {


// True when a derivation step is due at time t (all at once when grow_every is 0).
bool growth_due(const Simulation& sim) {
  const Lsystem& ls = *sim.ls;
  if (ls.steps_done >= ls.rules.derivation_length) return false;
  if (sim.grow_every <= 0) return true;
  // the k-th step (k = steps_done + 1) happens at t = k * grow_every
  return ls.time >= double(ls.steps_done + 1) * sim.grow_every - 1e-9 * sim.dt;
}

// How many derivation steps are due at the current time (growth_due for the
// next steps in a row).
long due_steps(const Simulation& sim) {
  const Lsystem& ls = *sim.ls;
  const long left = std::max(0L, long(ls.rules.derivation_length) - ls.steps_done);
  if (sim.grow_every <= 0) return left;
  auto due = [&](long m) {  // is step number steps_done + m due?
    return ls.time >= double(ls.steps_done + m) * sim.grow_every - 1e-9 * sim.dt;
  };
  long lo = 0, hi = left;  // due(lo) or lo == 0; find the last m <= left that is due
  while (lo < hi) {
    long mid = lo + (hi - lo + 1) / 2;
    if (due(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

}  // namespace

bool grow_if_due(Simulation& sim, std::vector<grammar::Diagnostic>& diags) {
  Lsystem& ls = *sim.ls;
  bool grew = false;
  const TurtleOptions topt = turtle_options(ls.rules);
  std::optional<RepeatDetector> repeat;  // no physics between these steps: a repeating string repeats
  while (growth_due(sim)) {
    if (ls.rules.has_queries) fill_queries(ls.current, topt);  // the deformed pose, just before the step
    if (!repeat) repeat.emplace(ls.rules, ls.current, ls.steps_done);
    auto res = derive_step(ls.rules, ls.current, ls.steps_done, sim.opts.derive, ls.scratch);
    if (!res.ok) {
      diags.push_back(res.error);
      return false;
    }
    ++ls.steps_done;
    if (ls.rules.has_queries) fill_queries(ls.current, topt);
    grew = true;
    // (the string before the step had its queries filled, so res.same is exact with queries too)
    if (long period = repeat->observe(ls.current, res.same, ls.steps_done)) {
      const long skip = due_steps(sim) / period * period;  // whole periods of steps due now change nothing
      ls.steps_done += int(skip);
    }
  }
  if (grew) return rebuild_model(sim, diags);
  return true;
}

bool start_simulation(Lsystem& ls, const SimOptions& opts, Simulation& sim, std::vector<grammar::Diagnostic>& diags) {
  sim = Simulation{};
  sim.ls = &ls;
  sim.opts = opts;
  const DynamicsSpec& spec = ls.rules.dynamics;
  sim.dt = opts.dt.value_or(spec.dt);
  sim.grow_every = opts.grow_every.value_or(spec.grow_every);
  sim.implicit = opts.implicit.value_or(spec.implicit);
  sim.next_trace = ls.time;
  if (!rebuild_model(sim, diags)) return false;
  return grow_if_due(sim, diags);
}

bool physics_step(Simulation& sim, std::vector<grammar::Diagnostic>& diags) {
  Lsystem& ls = *sim.ls;
  LivingModel& lm = sim.living;
  if (!lm.empty()) {
    load_state(ls.current, lm);  // the string is the state: read it every step
    dyn::StepOptions so;
    so.dt = sim.dt;
    so.integrator = sim.implicit ? dyn::Integrator::kImplicit : dyn::Integrator::kExplicit;
    so.max_angular_velocity = sim.opts.max_angular_velocity;
    dyn::step(lm.model, lm.data, so);
    const int bad = lm.data.first_nonfinite_joint;
    if (bad >= 0) {
      std::string where = bad == 0 ? std::string("the base")
                                   : "the joint at module " + std::to_string(lm.joint_module[std::size_t(bad)]);
      diags.push_back({ls.rules.path, {},
                       "the simulation diverged: " + where + " became non-finite or spun faster than " +
                           format_double(sim.opts.max_angular_velocity) + " rad/s at t=" + format_double(ls.time) +
                           " s (physics step " + std::to_string(sim.physics_steps + 1) + ", dt=" +
                           format_double(sim.dt) + " s" +
                           (sim.implicit ? "); try a smaller --dt" : "); try --integrator implicit or a smaller --dt")});
      return false;  // the string keeps its last finite state
    }
    store_state(lm, ls.current);
  }
  ls.time += sim.dt;
  ++sim.physics_steps;
  return true;
}

TraceRow trace_row(Simulation& sim) {
  TraceRow r;
  const Lsystem& ls = *sim.ls;
  LivingModel& lm = sim.living;
  r.t = ls.time;
  r.step = ls.steps_done;
  r.modules = ls.current.size();
  r.bodies = lm.nbodies();
  if (!lm.empty()) {
    load_state(ls.current, lm);
    dyn::compute_energies(lm.model, lm.data);
    r.kinetic = lm.data.kinetic_energy;
    r.potential = lm.data.potential_energy;
    r.elastic = lm.data.elastic_energy;
    r.tip = tip_position(lm);
  }
  return r;
}

bool run_simulation(Lsystem& ls, const SimOptions& opts, const std::function<void(const TraceRow&)>& on_row,
                    std::vector<grammar::Diagnostic>& diags) {
  Simulation sim;
  {  // bound the run before starting it: `dt: 1e-300` must not loop for ever
    const double dt = opts.dt.value_or(ls.rules.dynamics.dt);
    const double steps = (opts.until - ls.time) / dt;
    if (!(steps <= opts.max_physics_steps)) {
      const auto& written = ls.rules.dynamics.written;
      const bool from_file = !opts.dt && written.count("dt");
      diags.push_back({ls.rules.path, from_file ? written.at("dt") : grammar::Pos{},
                       "running from t=" + format_double(ls.time) + " s to t=" + format_double(opts.until) +
                           " s with dt=" + format_double(dt) + " s would take " + format_double(std::ceil(steps)) +
                           " physics steps, more than the limit of " + format_double(opts.max_physics_steps) +
                           " (use a larger dt or a shorter --time)"});
      return false;
    }
  }
  {  // and the clock must count steps of dt: at t=1e14 s, t + 0.001 == t
    const double dt = opts.dt.value_or(ls.rules.dynamics.dt);
    const double t_max = std::max(std::abs(ls.time), std::abs(opts.until)) + dt;
    const double ulp = std::nextafter(t_max, INFINITY) - t_max;
    if (opts.until - 0.5 * dt > ls.time && !(ulp <= 1e-6 * dt)) {
      diags.push_back({ls.rules.path, {},
                       "at t=" + format_double(ls.time) + " s the clock cannot count steps of dt=" +
                           format_double(dt) + " s (the time is too large for their precision); "
                           "reset the string's time (its '# lsd t=' line) or use a larger dt"});
      return false;
    }
  }
  if (!start_simulation(ls, opts, sim, diags)) return false;
  auto maybe_trace = [&]() {
    if (!on_row) return;
    if (opts.trace_every > 0 && ls.time < sim.next_trace - 1e-9 * sim.dt) return;
    on_row(trace_row(sim));
    // rows on the grid of multiples of trace_every, so a resumed run keeps the same rows
    if (opts.trace_every > 0) sim.next_trace = (std::floor(ls.time / opts.trace_every + 1e-6) + 1) * opts.trace_every;
  };
  maybe_trace();
  while (ls.time < opts.until - 0.5 * sim.dt) {
    if (!physics_step(sim, diags)) return false;
    if (!grow_if_due(sim, diags)) return false;
    maybe_trace();
  }
  return true;
}

}  // namespace lsd::interp
