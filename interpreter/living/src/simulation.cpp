#include "interpreter/living/simulation.hpp"

#include <algorithm>
#include <cmath>

#include "interpreter/growth/origins.hpp"
#include "interpreter/living/src/fusion.hpp"
#include "interpreter/lsystem/auto_joints.hpp"
#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {

std::string trace_line(const TraceRow& r) {
  std::string s = format_double(r.t) + "," + std::to_string(r.step) + "," + std::to_string(r.modules) + "," +
                  std::to_string(r.bodies);
  for (double v : {r.kinetic, r.potential, r.elastic, r.tip.x(), r.tip.y(), r.tip.z()}) s += "," + format_double(v);
  return s + "," + std::to_string(r.substeps);
}

bool Simulation::start(Lsystem ls, const RunSettings& settings, std::vector<grammar::Diagnostic>& diags,
                       std::optional<double> until) {
  ls_ = std::move(ls);
  settings_ = settings;
  living_ = {};
  refused_ = until && !check_run_length(ls_, settings_, *until, diags);
  if (refused_) return false;
  inputs = {};
  physics_steps_ = 0;
  timers_.clear();
  automatic_growth_ = true;
  origin_time_ = 0;
  origin_step_ = 0;
  changed();
  if (!rebuild(diags)) return false;
  ls_.clock.count_steps_of(dt());
  restore_history();
  const long due = due_steps();
  return due == 0 || grow(due, diags);
}

bool Simulation::set_settings(const RunSettings& settings, std::vector<grammar::Diagnostic>& diags) {
  const bool reshape = !(settings.model_settings() == settings_.model_settings());
  const bool reschedule = settings.grow_every != settings_.grow_every;
  const bool was_moving = settings_.floating_base || settings_.kinematic_base;
  settings_ = settings;
  living_.model.opt = step_options(settings_);
  if (was_moving && !settings_.floating_base && !settings_.kinematic_base) reset_base();  // a pot put back returns to the origin
  if (reschedule) restart_schedule();
  return !reshape || rebuild(diags);
}

void Simulation::set_automatic_growth(bool on) {
  if (on && !automatic_growth_) restart_schedule();
  automatic_growth_ = on;
}

// The next automatic step comes `grow every` from now.
void Simulation::restart_schedule() {
  origin_time_ = time();
  origin_step_ = ls_.steps_done;
}

// The run's history (docs/language.md 7.5, `# lsd history`): the touches
// fuse after: is timing, when there are any, as kTouches, their number,
// whether the model was rebuilt since they were numbered (1 or 0) and six
// numbers each (the two capsules, the touch point, since when), then the
// integrator's (dyn::save_history, which starts with 0 or 1).
namespace {
constexpr double kTouches = 2;
}  // namespace

// A string saved by a simulation carries the integrator's history; it
// belongs to the model of that string, and is used when the model matches.
void Simulation::restore_history() {
  std::vector<double> h = std::move(ls_.history);
  ls_.history.clear();
  std::size_t at = 0;
  if (h.size() >= 3 && h[0] == kTouches) {  // the touches being timed
    const double n = h[1];
    const bool renumbered = h[2] != 0;  // (else numbered as this model's capsules)
    const double caps = renumbered ? 1e9 : double(living_.model.contact.capsules.size());
    std::vector<ContactTimer> timers;
    bool ok = (h[2] == 0 || h[2] == 1) && n >= 0 && n == std::floor(n) && 3 + 6 * n <= double(h.size());
    for (std::size_t k = 0; ok && k < std::size_t(n); ++k) {
      const double* p = h.data() + 3 + 6 * k;
      ok = p[0] >= 0 && p[1] >= 0 && p[0] < caps && p[1] < caps && p[0] == std::floor(p[0]) &&
           p[1] == std::floor(p[1]) && std::isfinite(dyn::Vec3(p[2], p[3], p[4]).squaredNorm()) && p[5] <= time();
      timers.push_back({int(p[0]), int(p[1]), dyn::Vec3(p[2], p[3], p[4]), p[5]});
    }
    if (ok) {  // (else a string written by hand: the touches are timed from now)
      timers_ = std::move(timers);
      rebuilt_ = renumbered;
    }
    at = ok ? 3 + 6 * std::size_t(n) : h.size();
  }
  if (!living_.empty()) dyn::load_history(living_.model, data_, std::vector<double>(h.begin() + std::ptrdiff_t(at), h.end()));
}

bool Simulation::rebuild(std::vector<grammar::Diagnostic>& diags) {
  const bool moving_base = settings_.floating_base || settings_.kinematic_base;
  if (ls_.rules->dynamics.enabled && moving_base) ensure_base_module(ls_.current);  // its state lives in the string
  expand_rest_joints(*ls_.rules, ls_.current);  // joints at rest get room for their state (auto_joints.hpp)
  changed();
  // With a homomorphism the bodies are what is drawn (living_model.hpp): the
  // drawing is made once, for the model and the scene.
  const bool drawing = model_from_drawing(*ls_.rules);
  drawn_ready_ = false;
  ModuleOrigins origins(ls_);  // where a module a message is about was written (replayed only then)
  const ModuleLocator locate = [&](std::size_t i) { return origins.of(i); };
  auto build = [&] {
    if (drawing && !(drawn_ready_ = draw_string(ls_, settings_.max_modules, drawn_, diags))) return false;
    return build_living_model(*ls_.rules, settings_, ls_.current, living_, diags, drawing ? &drawn_ : nullptr, locate);
  };
  if (!build()) return false;
  // Bare @Tie modules take their anchors as parameters, bare @Weld modules
  // their rest rotations (the offsets of the joints' parameters move: build
  // again).
  const bool ties = write_bare_ties(living_, ls_.current);
  const bool welds = write_bare_welds(living_, ls_.current);
  if ((ties || welds) && !build()) return false;
  data_ = dyn::make_data(living_.model);
  rebuilt_ = true;
  return true;
}

const ModuleString* Simulation::drawn(grammar::Diagnostic& error) {
  if (ls_.rules->homomorphism.empty()) return &ls_.current;
  if (!drawn_ready_) {  // (a model not built from the drawing: made when first asked for, once per rebuild)
    std::vector<grammar::Diagnostic> diags;
    drawn_ready_ = draw_string(ls_, settings_.max_modules, drawn_, diags);
    if (!drawn_ready_) {
      error = diags.empty() ? grammar::Diagnostic{ls_.rules->path, {}, "the homomorphism failed"} : diags.front();
      return nullptr;
    }
  }
  return &drawn_.s;
}

// Inosculation (fusion.hpp): the timers of the self contacts at the new
// pose, and the welds of those that lasted.
bool Simulation::fuse(std::vector<grammar::Diagnostic>& diags) {
  if (!(settings_.fuse_after > 0) || living_.empty()) return true;
  // The touches of the state as the string holds it (its rotation vectors),
  // which the next step's pass then takes as found here.
  load_state(ls_.current, living_, data_);
  update_contact_timers(living_, data_, time(), rebuilt_, timers_);
  rebuilt_ = false;
  const double due = time() - settings_.fuse_after + 0.5 * dt();
  if (std::none_of(timers_.begin(), timers_.end(), [&](const ContactTimer& c) { return c.since <= due; })) return true;
  if (!fuse_lasting_contacts(living_, pose(), time(), settings_.fuse_after, dt(), timers_, ls_.current))
    return true;
  changed();
  return rebuild(diags);
}

void Simulation::reset_base() {
  ModuleString& s = ls_.current;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s.sym[i] == kSymBase) std::fill(s.param(i), s.param(i) + s.nparams(i), 0.0);
  changed();
}

long Simulation::due_steps() const {
  const long left = std::max(0L, long(ls_.derivation_length) - ls_.steps_done);
  if (!automatic_growth_) return 0;
  if (settings_.grow_every <= 0) return left;
  // The k-th step (k = steps_done + m) happens at t = origin + (k - origin
  // step) x grow_every; find the last m <= left that is due.
  auto due = [&](long m) {
    return time() >= origin_time_ + double(ls_.steps_done + m - origin_step_) * settings_.grow_every -
                         1e-9 * dt();
  };
  long lo = 0, hi = left;
  while (lo < hi) {
    const long mid = lo + (hi - lo + 1) / 2;
    if (due(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

bool Simulation::grow(long n, std::vector<grammar::Diagnostic>& diags) {
  if (n <= 0) return true;
  DeriveOptions opts;
  opts.max_modules = settings_.max_modules;
  changed();
  const bool ok = derive(ls_, n, opts, diags);
  return rebuild(diags) && ok;
}

namespace {

// Where a step diverged (dyn::Data::first_nonfinite_joint): the base, a
// joint, or a rod element's live curvature K (its S when it has none).
std::string diverged_where(const BodyLayout& layout, int bad) {
  if (bad == 0) return "the base";
  const LaidBody& b = layout.bodies[std::size_t(bad)];
  if (b.rod < 0) return "the joint at module " + std::to_string(b.joint_module);
  const RodMark& r = layout.rods[std::size_t(b.rod)];
  return r.curvature >= 0 ? "the rod curvature K at module " + std::to_string(r.curvature)
                          : "the rod element at module " + std::to_string(r.module);
}

}  // namespace

bool Simulation::step(std::vector<grammar::Diagnostic>& diags) {
  ls_.clock.count_steps_of(dt());
  if (!living_.empty()) {
    load_state(ls_.current, living_, data_);  // the string is the state: read it every step
    data_.wind = model_units(settings_).speed(inputs.wind.value_or(settings_.wind));
    data_.base_acc = inputs.base_acc;
    data_.body_forces = inputs.forces;
    dyn::step(living_.model, data_);
    changed();
    const int bad = data_.first_nonfinite_joint;
    if (bad >= 0) {
      const std::string where = diverged_where(living_.layout, bad);
      const dyn::Options& opt = living_.model.opt;
      const bool implicit = opt.integrator != dyn::Integrator::kExplicit;
      diags.push_back({ls_.rules->path, {},
                       "the simulation diverged: " + where + " became non-finite or spun faster than " +
                           format_double(opt.max_angular_velocity) + " rad/s at t=" + format_double(time()) +
                           " s (physics step " + std::to_string(physics_steps_ + 1) + ", dt=" +
                           format_double(opt.dt) + " s" +
                           (implicit ? std::string("); try a smaller --dt")
                                     : std::string("); try --integrator ") +
                                           integrator_name(Integrator::kImplicit) + " or a smaller --dt")});
      return false;  // the string keeps its last finite state
    }
    store_state(living_, data_, ls_.current);
  }
  ++ls_.clock.ticks;
  ++physics_steps_;
  return fuse(diags);
}

const dyn::Data& Simulation::pose() {
  if (posed_ != version_ && !living_.empty()) {
    load_state(ls_.current, living_, data_);
    dyn::forward_kinematics(living_.model, data_);
  }
  posed_ = version_;
  return data_;
}

TraceRow Simulation::trace_row() {
  TraceRow r;
  r.t = time();
  r.step = ls_.steps_done;
  r.modules = ls_.current.size();
  r.bodies = living_.nbodies();
  if (!living_.empty()) {
    if (posed_ != version_) load_state(ls_.current, living_, data_);
    dyn::compute_energies(living_.model, data_);  // runs forward kinematics: the pose is current
    posed_ = version_;
    const ModelUnits units = model_units(settings_);  // (the trace is in SI)
    r.kinetic = units.joules(data_.kinetic_energy);
    r.potential = units.joules(data_.potential_energy);
    r.elastic = units.joules(data_.elastic_energy);
    r.tip = units.metres(tip_position(living_, data_));
    r.substeps = data_.substeps;
  }
  return r;
}

const std::vector<dyn::ContactForce>& Simulation::contacts() {
  if (!living_.empty()) {
    pose();
    dyn::contact_forces(living_.model, data_);
  } else {
    data_.contacts.clear();
  }
  return data_.contacts;
}

std::string contact_line(double t, const dyn::ContactForce& c, const ModelUnits& units) {
  std::string s = format_double(t) + "," + std::to_string(c.body) + "," + std::to_string(c.other) + "," +
                  dyn::contact_kind_name(c.kind);
  for (int a = 0; a < 3; ++a) s += "," + format_double(units.metres(c.point[a]));
  for (int a = 0; a < 3; ++a) s += "," + format_double(c.normal[a]);
  s += "," + format_double(units.newtons(c.normal_force));
  for (int a = 0; a < 3; ++a) s += "," + format_double(units.newtons(c.tangential[a]));
  return s;
}


std::vector<double> Simulation::history() const {
  std::vector<double> h;
  if (!timers_.empty()) {
    h = {kTouches, double(timers_.size()), rebuilt_ ? 1.0 : 0.0};
    for (const ContactTimer& c : timers_)
      h.insert(h.end(), {double(c.capsule_a), double(c.capsule_b), c.point.x(), c.point.y(), c.point.z(), c.since});
  }
  if (!living_.empty()) {
    const std::vector<double> integrator = dyn::save_history(living_.model, data_);
    h.insert(h.end(), integrator.begin(), integrator.end());
  }
  return h;
}

std::string Simulation::saved_text() const {
  return interp::saved_text(ls_, history());
}

bool check_run_length(const Lsystem& ls, const RunSettings& settings, double until,
                      std::vector<grammar::Diagnostic>& diags) {
  const double dt = settings.dt;
  // `dt: 1e-300` must not loop for ever.
  const double steps = (until - ls.time()) / dt;
  if (!(steps <= settings.max_physics_steps)) {
    const auto& written = ls.rules->dynamics.written;
    const bool from_file = dt == ls.rules->dynamics.file.dt && written.count("dt");
    diags.push_back({ls.rules->path, from_file ? written.at("dt") : grammar::Pos{},
                     "running from t=" + format_double(ls.time()) + " s to t=" + format_double(until) +
                         " s with dt=" + format_double(dt) + " s would take " + format_double(std::ceil(steps)) +
                         " physics steps, more than the limit of " + format_double(settings.max_physics_steps) +
                         " (use a larger dt or a shorter --time)"});
    return false;
  }
  // The clock must count steps of dt: at t = 1e14 s, t + 0.001 == t.
  const double t_max = std::max(std::abs(ls.time()), std::abs(until)) + dt;
  const double ulp = std::nextafter(t_max, INFINITY) - t_max;
  if (until - 0.5 * dt > ls.time() && !(ulp <= 1e-6 * dt)) {
    diags.push_back({ls.rules->path, {},
                     "at t=" + format_double(ls.time()) + " s the clock cannot count steps of dt=" + format_double(dt) +
                         " s (the time is too large for their precision); "
                         "reset the string's time (its '# lsd t=' line) or use a larger dt"});
    return false;
  }
  return true;
}

bool Simulation::advance_to(double until, std::vector<grammar::Diagnostic>& diags, const StepHooks& hooks) {
  while (time() < until - 0.5 * dt()) {
    if (hooks.before && !hooks.before(*this)) return true;
    if (!step(diags)) return false;
    if (!grow(due_steps(), diags)) return false;
    if (hooks.after && !hooks.after(*this)) return true;
  }
  return true;
}

bool run_until(Simulation& sim, double until, double trace_every,
               const std::function<void(const TraceRow&)>& on_row, std::vector<grammar::Diagnostic>& diags) {
  double next_trace = sim.time();
  auto maybe_trace = [&](Simulation& s) {
    if (!on_row) return true;
    const double t = s.time();
    if (trace_every > 0 && t < next_trace - 1e-9 * s.dt()) return true;
    on_row(s.trace_row());
    // rows on the grid of multiples of trace_every, so a resumed run keeps the same rows
    if (trace_every > 0) next_trace = (std::floor(t / trace_every + 1e-6) + 1) * trace_every;
    return true;
  };
  maybe_trace(sim);
  StepHooks hooks;
  if (on_row) hooks.after = maybe_trace;
  return sim.advance_to(until, diags, hooks);
}

}  // namespace lsd::interp
