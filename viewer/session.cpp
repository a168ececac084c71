#include "viewer/session.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "interpreter/derive.hpp"

namespace lsd::view {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr std::uint32_t kNoModule = 0xffffffffu;  // geometry the viewer adds (the pot)

// The pot returns to its place on a spring when the arrow keys are released.
constexpr double kPotOmega = 2 * kPi * 0.6;  // rad/s
constexpr double kPotZeta = 0.7;

bool file_stamp(const std::string& path, long long* mtime_ns, long long* size) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return false;
  *mtime_ns = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
  *size = (long long)st.st_size;
  return true;
}

std::string format_all(const std::vector<grammar::Diagnostic>& diags, const grammar::Source* src) {
  std::string out;
  for (const auto& d : diags) {
    const grammar::Source* s = (src && d.file == src->path) ? src : nullptr;
    out += grammar::format_diagnostic(d, s);
    if (!out.empty() && out.back() != '\n') out += '\n';
  }
  return out;
}

interp::LivingOptions living_options(const MotionSettings& m) {
  interp::LivingOptions o;
  o.young_scale = m.young_scale;
  o.damping_scale = m.damping_scale;
  o.kinematic_base = m.movable_pot;
  return o;
}

interp::Vec3 gravity_direction(const interp::DynamicsSpec& spec) {
  interp::Vec3 g(spec.gravity[0], spec.gravity[1], spec.gravity[2]);
  return g.norm() > 0 ? interp::Vec3(g.normalized()) : interp::Vec3(0, -1, 0);
}

// Takes the file's value of every dynamics setting the file changed (all of
// them on the first load): an edit of dt in the file shows, a slider the
// user moved and the file did not touch stays.
void take_file_settings(Session& s, const interp::DynamicsSpec& spec, bool first) {
  const interp::DynamicsSpec& old = s.file_spec;
  MotionSettings& m = s.motion;
  const double g = std::sqrt(spec.gravity[0] * spec.gravity[0] + spec.gravity[1] * spec.gravity[1] +
                             spec.gravity[2] * spec.gravity[2]);
  const double old_g = std::sqrt(old.gravity[0] * old.gravity[0] + old.gravity[1] * old.gravity[1] +
                                 old.gravity[2] * old.gravity[2]);
  if (first || spec.dt != old.dt) m.dt = spec.dt;
  if (first || spec.implicit != old.implicit) m.implicit = spec.implicit;
  if (first || g != old_g) m.gravity = g;
  if (first || spec.drag != old.drag) m.drag = spec.drag;
  if (first || spec.wind[0] != old.wind[0] || spec.wind[2] != old.wind[2]) {
    m.wind_speed = std::hypot(spec.wind[0], spec.wind[2]);
    m.wind_heading = m.wind_speed > 0 ? std::atan2(-spec.wind[2], spec.wind[0]) * 180 / kPi : m.wind_heading;
  }
  s.file_spec = spec;
}

// Sum of the masses of every body's subtree (bodies are in depth-first order).
double subtree_mass(const dyn::Model& m, int body) {
  std::vector<double> mass(std::size_t(m.nbody()), 0.0);
  for (int i = m.nbody() - 1; i >= 0; --i) {
    mass[std::size_t(i)] += m.inertia[std::size_t(i)].mass;
    if (i > 0) mass[std::size_t(m.parent[std::size_t(i)])] += mass[std::size_t(i)];
  }
  return mass[std::size_t(body)];
}

// Per-step inputs: gravity, wind, the pot's acceleration and the pull spring.
// The model is rebuilt after every derivation step, so they are set every step.
void apply_inputs(Session& s) {
  interp::LivingModel& lm = s.sim.living;
  dyn::Data& d = lm.data;
  lm.model.gravity = gravity_direction(s.ls->rules.dynamics) * s.motion.gravity;
  d.wind = wind_at(s.motion, s.ls->time);
  if (lm.model.base_kind == dyn::BaseKind::kKinematic)
    d.base_acc = s.pot_push - kPotOmega * kPotOmega * d.base_p - 2 * kPotZeta * kPotOmega * d.base_v;
  d.body_forces.clear();
  if (!s.pull.active || s.pull.body <= 0 || s.pull.body >= lm.nbodies()) return;
  interp::load_state(s.ls->current, lm);
  dyn::forward_kinematics(lm.model, d);
  const std::size_t b = std::size_t(s.pull.body);
  const interp::Vec3 p = d.oMi[b].act(s.pull.point);
  const interp::Vec3 v = d.v[b].linear + d.v[b].angular.cross(p - d.oMi[b].translation);
  // The spring is explicit: keep k h^2 / m_eff below 1/4 (m_eff ~ a third of the subtree).
  const double m = std::max(subtree_mass(lm.model, s.pull.body) / 3, 1e-9);
  double k = s.pull.stiffness > 0 ? s.pull.stiffness : automatic_pull_stiffness(s);
  k = std::min(k, 0.25 * m / (s.sim.dt * s.sim.dt));
  const double c = std::min(0.3 * std::sqrt(k * m), 0.1 * m / s.sim.dt);
  dyn::BodyForce f;
  f.body = s.pull.body;
  f.point = s.pull.point;
  f.force = k * (s.pull.target - p) - c * v;
  d.body_forces.push_back(f);
}

// Replaces the session's plant with a freshly loaded one; derives `steps`
// derivation steps (beyond those due at time 0) so a reload keeps the size.
bool install(Session& s, std::unique_ptr<interp::Lsystem> ls, int steps, bool first) {
  take_file_settings(s, ls->rules.dynamics, first);
  const double file_grow = ls->rules.dynamics.grow_every;
  const double grow = s.grow_every_override >= 0 ? s.grow_every_override : file_grow;
  if (first) {
    s.auto_grow = grow > 0;
    if (grow > 0) s.grow_every = grow;
  } else if (grow > 0 && !s.auto_grow) {
    s.grow_every = grow;
  }
  ls->rules.dynamics.drag = s.motion.drag;
  interp::SimOptions so;
  so.dt = s.motion.dt;
  so.implicit = s.motion.implicit;
  so.grow_every = grow > 0 ? grow : 0;  // 0: every step at time 0, as `lsd run`
  so.derive = s.derive;
  so.living = living_options(s.motion);
  interp::Simulation sim;
  std::vector<grammar::Diagnostic> diags;
  if (!interp::start_simulation(*ls, so, sim, diags)) {
    s.error = format_all(diags, &ls->source);
    return false;
  }
  s.ls = std::move(ls);
  s.sim = std::move(sim);
  s.sim.ls = s.ls.get();
  s.sim.grow_every = 0;  // growth is the session's: grow_one on its own schedule
  s.diverged = false;
  s.error.clear();
  s.pull.active = false;
  s.time_debt = 0;
  s.next_grow = s.ls->time + s.grow_every;
  for (int k = 0; k < steps && s.ls->steps_done < s.ls->rules.derivation_length; ++k)
    if (!grow_one(s)) break;
  s.geometry_dirty = true;
  ++s.structure_version;
  return true;
}

}  // namespace

bool open_file(Session& s, const std::string& path) {
  const bool same = s.ls && path == s.path;
  const int steps = same ? s.ls->steps_done : 0;
  long long mt = -1, sz = -1;
  file_stamp(path, &mt, &sz);
  auto ls = std::make_unique<interp::Lsystem>();
  std::vector<grammar::Diagnostic> diags;
  const bool loaded = interp::load_lsystem(path, s.load, *ls, diags);
  s.path = path;
  s.mtime_ns = mt;
  s.file_size = sz;
  if (!loaded) {
    s.error = format_all(diags, &ls->source);
    if (s.error.empty()) s.error = path + ": error: cannot load\n";
    return false;
  }
  const std::string text = ls->source.text;
  const int already = ls->steps_done;
  if (!install(s, std::move(ls), std::max(0, steps - already), !same)) return false;
  s.source_text = text;
  return true;
}

bool reload_if_changed(Session& s) {
  if (s.path.empty()) return false;
  long long mt = -1, sz = -1;
  if (!file_stamp(s.path, &mt, &sz)) return false;  // being replaced: try again next time
  if (mt == s.mtime_ns && sz == s.file_size) return false;
  open_file(s, s.path);
  return true;
}

bool reset(Session& s) {
  if (s.source_text.empty()) return false;
  auto ls = std::make_unique<interp::Lsystem>();
  std::vector<grammar::Diagnostic> diags;
  if (!interp::load_lsystem_text(s.source_text, s.path, s.load, *ls, diags)) {
    s.error = format_all(diags, &ls->source);
    return false;
  }
  return install(s, std::move(ls), 0, false);
}

bool grow_one(Session& s) {
  if (!s.ls) return false;
  interp::Lsystem& ls = *s.ls;
  if (ls.steps_done >= ls.rules.derivation_length) return false;
  // The pulled point in the world, while the model still matches the string.
  const bool pulling = s.pull.active && s.pull.body > 0 && s.pull.body < s.sim.living.nbodies();
  const interp::Vec3 pulled = pulling ? pull_point_world(s) : interp::Vec3::Zero();
  const interp::TurtleOptions topt = interp::turtle_options(ls.rules);
  if (ls.rules.has_queries) interp::fill_queries(ls.current, topt);  // the deformed pose, just before the step
  auto res = interp::derive_step(ls.rules, ls.current, ls.steps_done, s.derive, ls.scratch);
  if (!res.ok) {
    s.error = format_all({res.error}, &ls.source);
    s.auto_grow = false;
    return false;
  }
  ++ls.steps_done;
  if (ls.rules.has_queries) interp::fill_queries(ls.current, topt);
  rebuild_model(s, pulling ? &pulled : nullptr);
  ++s.structure_version;
  return true;
}

void rebuild_model(Session& s) {
  const bool pulling = s.pull.active && s.pull.body > 0 && s.pull.body < s.sim.living.nbodies();
  const interp::Vec3 pulled = pulling ? pull_point_world(s) : interp::Vec3::Zero();
  rebuild_model(s, pulling ? &pulled : nullptr);
}

void rebuild_model(Session& s, const interp::Vec3* pulled_point) {
  if (!s.ls) return;
  interp::LivingModel& lm = s.sim.living;
  // A pull keeps its world point and finds its body again (indices shift when the plant grows).
  const bool pulling = pulled_point != nullptr;
  const interp::Vec3 pulled = pulling ? *pulled_point : interp::Vec3::Zero();

  s.ls->rules.dynamics.drag = s.motion.drag;
  s.sim.opts.living = living_options(s.motion);
  // A moving pot keeps its state in @M at the start of the string (the
  // interpreter inserts it); a pot put back in place returns to the origin.
  if (!s.motion.movable_pot && !s.ls->rules.dynamics.floating_base) {
    interp::ModuleString& str = s.ls->current;
    for (std::size_t i = 0; i < str.size(); ++i)
      if (str.sym[i] == interp::kSymBase) std::fill(str.param(i), str.param(i) + str.nparams(i), 0.0);
  }
  std::vector<grammar::Diagnostic> diags;
  if (!interp::rebuild_model(s.sim, diags)) s.error = format_all(diags, &s.ls->source);
  if (pulling && !lm.empty()) {
    // The body whose origin or centre of mass is nearest to the pulled point.
    dyn::forward_kinematics(lm.model, lm.data);
    int best = -1;
    double best_d = 1e300;
    for (int b = 1; b < lm.nbodies(); ++b) {
      const dyn::SE3& X = lm.data.oMi[std::size_t(b)];
      for (const interp::Vec3& q : {X.translation, X.act(2 * lm.model.inertia[std::size_t(b)].com)}) {
        const double d = (q - pulled).squaredNorm();
        if (d < best_d) best_d = d, best = b;
      }
    }
    s.pull.body = best;
    if (best > 0) s.pull.point = lm.data.oMi[std::size_t(best)].inverse().act(pulled);
  }
  s.geometry_dirty = true;
}

interp::Vec3 wind_at(const MotionSettings& m, double t) {
  if (m.wind_speed <= 0) return interp::Vec3::Zero();
  // Gusts: a sum of incommensurate sines, smooth and repeatable.
  const double g = 0.55 * std::sin(0.83 * t) + 0.3 * std::sin(2.17 * t + 1.1) + 0.2 * std::sin(5.3 * t + 0.4);
  const double speed = m.wind_speed * std::max(0.0, 1 + m.gust * g);
  const double heading = (m.wind_heading + m.gust * 20 * std::sin(0.31 * t + 0.7)) * kPi / 180;
  return interp::Vec3(std::cos(heading), 0, -std::sin(heading)) * speed;
}

interp::Vec3 pull_point_world(Session& s) {
  interp::LivingModel& lm = s.sim.living;
  if (s.pull.body < 0 || s.pull.body >= lm.nbodies()) return s.pull.target;
  interp::load_state(s.ls->current, lm);
  dyn::forward_kinematics(lm.model, lm.data);
  return lm.data.oMi[std::size_t(s.pull.body)].act(s.pull.point);
}

double automatic_pull_stiffness(const Session& s) {
  const interp::LivingModel& lm = s.sim.living;
  double mass = 0;
  for (int b = 0; b < lm.nbodies(); ++b) mass += lm.model.inertia[std::size_t(b)].mass;
  interp::Vec3 lo, hi;
  const double height = s.geometry.bounds(&lo, &hi) ? std::max(hi.y() - lo.y(), 1e-3) : 1.0;
  return std::max(mass * std::max(s.motion.gravity, 1.0) / (0.1 * height), 1e-6);
}

AdvanceResult advance(Session& s, double seconds, double budget) {
  AdvanceResult r;
  if (!s.ls || s.diverged || !s.motion.playing || seconds <= 0) return r;
  s.sim.dt = s.motion.dt;
  s.sim.implicit = s.motion.implicit;
  s.time_debt += seconds;
  long n = long(std::floor(s.time_debt / s.sim.dt + 1e-9));
  if (n > s.motion.max_substeps) {
    n = s.motion.max_substeps;
    r.behind = true;
  }
  const auto start = std::chrono::steady_clock::now();
  std::vector<grammar::Diagnostic> diags;
  for (long i = 0; i < n; ++i) {
    if (budget > 0 && i > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > budget) {
      r.behind = true;
      break;
    }
    apply_inputs(s);
    if (!interp::physics_step(s.sim, diags)) {
      s.diverged = true;
      s.motion.playing = false;
      s.error = format_all(diags, &s.ls->source) +
                "the plant is kept at its last finite state: lower dt, use the implicit integrator or press Reset\n";
      break;
    }
    ++r.steps;
    r.simulated += s.sim.dt;
    // Automatic growth on the session's own schedule (simulated time).
    if (s.auto_grow && s.ls->steps_done < s.ls->rules.derivation_length && s.ls->time >= s.next_grow - 1e-9) {
      grow_one(s);
      s.next_grow = std::max(s.next_grow + s.grow_every, s.ls->time + 1e-9);
    }
  }
  s.time_debt = r.behind ? 0.0 : std::max(0.0, s.time_debt - r.simulated);
  if (r.steps > 0) s.geometry_dirty = true;
  return r;
}

bool update_geometry(Session& s) {
  if (!s.geometry_dirty || !s.ls) return false;
  s.geometry_dirty = false;
  interp::Lsystem& ls = *s.ls;
  const interp::TurtleOptions topt = interp::turtle_options(ls.rules);
  if (ls.rules.homomorphism.empty()) {
    s.geometry = interp::interpret(ls.current, topt);
    s.drawn_body.clear();
  } else {
    interp::ModuleString drawn;
    auto res = interp::apply_homomorphism(ls.rules, ls.current, drawn, s.derive, ls.scratch);
    if (!res.ok) {
      s.error = format_all({res.error}, &ls.source);
      return false;
    }
    s.geometry = interp::interpret(drawn, topt);
    // Bodies of the drawn modules, when the homomorphism keeps the bodies and joints.
    if (s.drawn_body_version != s.structure_version || s.drawn_body.size() != drawn.size()) {
      interp::LivingModel tmp;
      std::vector<grammar::Diagnostic> diags;
      s.drawn_body.assign(drawn.size(), -1);
      if (interp::build_living_model(ls.rules, drawn, tmp, diags) && tmp.nbodies() == s.sim.living.nbodies())
        s.drawn_body.assign(tmp.module_body.begin(), tmp.module_body.end());
      s.drawn_body_version = s.structure_version;
    }
  }
  // (A moving pot carries the plant: the turtle draws it from @M.)
  const interp::LivingModel& lm = s.sim.living;
  if (s.motion.movable_pot && !lm.empty()) {
    interp::Vec3 lo, hi;
    const double h = s.geometry.bounds(&lo, &hi) ? std::clamp(0.12 * (hi.y() - lo.y()), 0.03, 0.3) : 0.1;
    const interp::Vec3 base = lm.data.base_p;
    s.geometry.segments.push_back({base - interp::Vec3(0, h, 0), base - interp::Vec3(0, 0.15 * h, 0), 1.1 * h, 4,
                                   kNoModule});
    s.geometry.segments.push_back({base - interp::Vec3(0, 0.15 * h, 0), base, 1.25 * h, 4, kNoModule});
  }
  ++s.geometry_version;
  return true;
}

std::string string_excerpt(const Session& s, std::size_t max_chars, std::size_t* left_out) {
  std::string out;
  if (left_out) *left_out = 0;
  if (!s.ls) return out;
  const interp::ModuleString& m = s.ls->current;
  char buf[32];
  std::size_t i = 0;
  for (; i < m.size() && out.size() < max_chars; ++i) {
    out += s.ls->rules.symbols.name(m.sym[i]);
    const int np = m.nparams(i);
    if (np > 0) {
      out += '(';
      for (int k = 0; k < np; ++k) {
        std::snprintf(buf, sizeof buf, k ? ",%.4g" : "%.4g", m.param(i)[k]);
        out += buf;
      }
      out += ')';
    }
    out += ' ';
  }
  if (left_out) *left_out = m.size() - i;
  return out;
}

int body_count(const Session& s) { return s.ls ? s.sim.living.nbodies() : 0; }
std::size_t module_count(const Session& s) { return s.ls ? s.ls->current.size() : 0; }

}  // namespace lsd::view
