#include "viewer/session.hpp"

#include <filesystem>

#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include <numbers>

#include "interpreter/lsystem/derive.hpp"
#include "interpreter/scene/scene.hpp"
#include "interpreter/lsystem/keys.hpp"

namespace lsd::view {
namespace {

constexpr double kPi = std::numbers::pi;

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

// Sum of the masses of every body's subtree (bodies are in depth-first order).
double subtree_mass(const dyn::Model& m, int body) {
  std::vector<double> mass(std::size_t(m.nbody()), 0.0);
  for (int i = m.nbody() - 1; i >= 0; --i) {
    mass[std::size_t(i)] += m.inertia[std::size_t(i)].mass;
    if (i > 0) mass[std::size_t(m.parent[std::size_t(i)])] += mass[std::size_t(i)];
  }
  return mass[std::size_t(body)];
}

bool pulling(const Session& s) { return s.pull.active && s.pull.body > 0 && s.pull.body < body_count(s); }

// The next step's inputs: gusty wind, the pot's acceleration and the pull spring.
void apply_inputs(Session& s) {
  interp::Simulation& sim = s.sim;
  interp::StepInputs& in = sim.inputs;
  in.wind = wind_at(sim.settings().wind, s.motion.gust, sim.time());
  in.base_acc = interp::Vec3::Zero();
  if (sim.settings().kinematic_base) {
    const dyn::Data& d = sim.pose();
    in.base_acc = s.pot_push - kPotOmega * kPotOmega * d.base_p - 2 * kPotZeta * kPotOmega * d.base_v;
  }
  in.forces.clear();
  if (!pulling(s)) return;
  const dyn::Data& d = sim.pose();
  const std::size_t b = std::size_t(s.pull.body);
  const interp::Vec3 p = d.oMi[b].act(s.pull.point);
  const interp::Vec3 v = d.v[b].linear + d.v[b].angular.cross(p - d.oMi[b].translation);
  // The spring is explicit: keep k h^2 / m_eff below 1/4 (m_eff ~ a third of the subtree).
  const double dt = sim.settings().dt;
  const double m = std::max(subtree_mass(sim.living().model, s.pull.body) / 3, 1e-9);
  double k = s.pull.stiffness > 0 ? s.pull.stiffness : automatic_pull_stiffness(s);
  k = std::min(k, 0.25 * m / (dt * dt));
  const double c = std::min(0.3 * std::sqrt(k * m), 0.1 * m / dt);
  dyn::BodyForce f;
  f.body = s.pull.body;
  f.point = s.pull.point;
  f.force = k * (s.pull.target - p) - c * v;
  in.forces.push_back(f);
}

// After the model was rebuilt (growth, settings): a pull finds its body again
// by the world point it held (body indices shift when the plant grows).
void retarget_pull(Session& s, const interp::Vec3& pulled) {
  const interp::LivingModel& lm = s.sim.living();
  if (lm.empty()) return;
  const dyn::Data& d = s.sim.pose();
  int best = -1;
  double best_d = 1e300;
  for (int b = 1; b < lm.nbodies(); ++b) {
    const dyn::SE3& X = d.oMi[std::size_t(b)];
    for (const interp::Vec3& q : {X.translation, X.act(2 * lm.model.inertia[std::size_t(b)].com)}) {
      const double dist = (q - pulled).squaredNorm();
      if (dist < best_d) best_d = dist, best = b;
    }
  }
  s.pull.body = best;
  if (best > 0) s.pull.point = d.oMi[std::size_t(best)].inverse().act(pulled);
}

// The file's settings with the command line's overrides (--dt, --grow-every,
// --integrator win over the file on every load).
interp::RunSettings file_settings(const Session& s, const interp::Lsystem& ls) {
  interp::RunSettings file = interp::file_settings(*ls.rules);
  s.overrides.apply(file);
  return file;
}

// The settings of a freshly loaded file: on the first load the file's; on a
// reload, the file's edits merged into what the user set.
interp::RunSettings settings_for(const Session& s, const interp::RunSettings& file, bool first) {
  interp::RunSettings live = first ? file : s.sim.settings();
  if (!first) interp::merge_file_changes(s.file_settings, file, live);
  live.max_modules = s.derive.max_modules;
  return live;
}

// Replaces the session's plant with a freshly loaded one; derives `steps`
// derivation steps (beyond those due at time 0) so a reload keeps the size.
bool install(Session& s, interp::Lsystem ls, int steps, bool first) {
  const interp::RunSettings file = file_settings(s, ls);
  interp::RunSettings settings = settings_for(s, file, first || !s.loaded);
  const bool file_grows = file.grow_every > 0;
  const bool auto_grow = first || !s.loaded ? file_grows : s.sim.automatic_growth();  // a reload keeps the switch
  // Steps due at time 0 as lsd run does: all of them without growth on a schedule.
  interp::RunSettings start = settings;
  start.grow_every = file_grows ? settings.grow_every : 0;
  if (settings.grow_every <= 0) settings.grow_every = 1.0;  // the slider's value while growth is manual
  interp::Simulation sim;
  std::vector<grammar::Diagnostic> diags;
  if (!sim.start(std::move(ls), start, diags) || !sim.set_settings(settings, diags)) {
    s.error = format_all(diags, &sim.lsystem().source);
    return false;
  }
  sim.set_automatic_growth(auto_grow);
  s.sim = std::move(sim);
  s.loaded = true;
  s.file_settings = file;
  s.diverged = false;
  s.error.clear();
  s.pull.active = false;
  s.time_debt = 0;
  for (int k = 0; k < steps && s.sim.lsystem().steps_done < s.sim.lsystem().derivation_length; ++k)
    if (!grow_one(s)) break;
  s.geometry_dirty = true;
  ++s.structure_version;
  return true;
}

}  // namespace

bool open_file(Session& s, const std::string& path) {
  long long mt = -1, sz = -1;
  file_stamp(path, &mt, &sz);
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  const bool ok = interp::load_lsystem(path, s.load, ls, diags);
  s.mtime_ns = mt;
  s.file_size = sz;
  if (!ok) {
    s.path = path;
    s.error = format_all(diags, &ls.source);
    if (s.error.empty()) s.error = path + ": error: cannot load\n";
    return false;
  }
  return open_lsystem(s, path, std::move(ls));
}

bool open_lsystem(Session& s, const std::string& path, interp::Lsystem ls) {
  const bool same = s.loaded && path == s.path;
  const int steps = same ? s.sim.lsystem().steps_done : 0;
  s.path = path;
  const std::string text = ls.source.text;
  const int already = ls.steps_done;
  if (!install(s, std::move(ls), std::max(0, steps - already), !same)) return false;
  s.source_text = text;
  return true;
}

long steps_at_start(const Session& s, const interp::Lsystem& ls) {
  const interp::RunSettings file = file_settings(s, ls);
  return file.grow_every > 0 ? 0 : std::max(0L, long(ls.derivation_length) - ls.steps_done);
}

bool sway_switch_shown(const Session& s) {
  if (s.path.empty()) return false;
  const interp::DynamicsSpec& d = s.sim.lsystem().rules->dynamics;
  return s.load.compile.sway || !s.loaded || !d.enabled || d.sway;
}

bool set_sway(Session& s, bool on) {
  const bool was = s.load.compile.sway;
  s.load.compile.sway = on;
  if (open_file(s, s.path)) return true;
  s.load.compile.sway = was;  // the switch shows what the plant is
  return false;
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
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  // A cpfg model is its folder's files (view file, colours, surfaces): read them all again.
  std::error_code ec;
  const bool cpfg = interp::is_cpfg_path(s.path) || std::filesystem::is_directory(s.path, ec);
  if (!(cpfg ? interp::load_lsystem(s.path, s.load, ls, diags)
             : interp::load_lsystem_text(s.source_text, s.path, s.load, ls, diags))) {
    s.error = format_all(diags, &ls.source);
    return false;
  }
  return install(s, std::move(ls), 0, false);
}

bool grow_one(Session& s) {
  if (!s.loaded || s.sim.lsystem().steps_done >= s.sim.lsystem().derivation_length) return false;
  const bool pull = pulling(s);
  const interp::Vec3 pulled = pull ? pull_point_world(s) : interp::Vec3::Zero();  // while the model matches
  std::vector<grammar::Diagnostic> diags;
  if (!s.sim.grow(1, diags)) {
    s.error = format_all(diags, &s.sim.lsystem().source);
    s.sim.set_automatic_growth(false);
    return false;
  }
  if (pull) retarget_pull(s, pulled);
  s.geometry_dirty = true;
  ++s.structure_version;
  return true;
}

bool apply_settings(Session& s, const interp::RunSettings& settings) {
  if (!s.loaded || settings == s.sim.settings()) return true;
  const bool pull = pulling(s);
  const interp::Vec3 pulled = pull ? pull_point_world(s) : interp::Vec3::Zero();
  std::vector<grammar::Diagnostic> diags;
  const bool ok = s.sim.set_settings(settings, diags);
  if (!ok) s.error = format_all(diags, &s.sim.lsystem().source);
  if (pull) retarget_pull(s, pulled);
  s.geometry_dirty = true;
  return ok;
}

void set_automatic_growth(Session& s, bool on) {
  if (s.loaded) s.sim.set_automatic_growth(on);
}

interp::Vec3 wind_at(const interp::Vec3& wind, double gust, double t) {
  const double speed0 = std::hypot(wind.x(), wind.z());
  if (speed0 <= 0) return wind;
  // Gusts: a sum of incommensurate sines, smooth and repeatable.
  const double g = 0.55 * std::sin(0.83 * t) + 0.3 * std::sin(2.17 * t + 1.1) + 0.2 * std::sin(5.3 * t + 0.4);
  const double speed = speed0 * std::max(0.0, 1 + gust * g);
  const double heading = std::atan2(-wind.z(), wind.x()) + gust * 20 * std::sin(0.31 * t + 0.7) * kPi / 180;
  return interp::Vec3(std::cos(heading) * speed, wind.y(), -std::sin(heading) * speed);
}

double wind_speed(const interp::Vec3& w) { return std::hypot(w.x(), w.z()); }
double wind_heading(const interp::Vec3& w) { return std::atan2(-w.z(), w.x()) * 180 / kPi; }
void set_wind(interp::Vec3& w, double speed, double heading_deg) {
  const double h = heading_deg * kPi / 180;
  w = interp::Vec3(std::cos(h) * speed, w.y(), -std::sin(h) * speed);
}

void begin_pull(Session& s, int body, const interp::Vec3& at) {
  s.pull.active = true;
  s.pull.body = body;
  s.pull.point = s.sim.pose().oMi[std::size_t(body)].inverse().act(at);
  s.pull.target = at;
  s.pull.stiffness = 0;
}

interp::Vec3 pull_point_world(Session& s) {
  if (s.pull.body < 0 || s.pull.body >= body_count(s)) return s.pull.target;
  return s.sim.pose().oMi[std::size_t(s.pull.body)].act(s.pull.point);
}

double automatic_pull_stiffness(const Session& s) {
  const interp::LivingModel& lm = s.sim.living();
  double mass = 0;
  for (int b = 0; b < lm.nbodies(); ++b) mass += lm.model.inertia[std::size_t(b)].mass;
  interp::Vec3 lo, hi;
  const double height = s.geometry.bounds(&lo, &hi) ? std::max(hi.y() - lo.y(), 1e-3) : 1.0;
  return std::max(mass * std::max(s.sim.settings().gravity.norm(), 1.0) / (0.1 * height), 1e-6);
}

AdvanceResult advance(Session& s, double seconds, double budget) {
  AdvanceResult r;
  if (!s.loaded || s.diverged || !s.motion.playing || seconds <= 0) return r;
  const double dt = s.sim.settings().dt;
  s.time_debt += seconds;
  long n = long(std::floor(s.time_debt / dt + 1e-9));
  if (n > s.motion.max_substeps) {
    n = s.motion.max_substeps;
    r.behind = true;
  }
  const auto start = std::chrono::steady_clock::now();
  const double t0 = s.sim.time();
  const int step0 = s.sim.lsystem().steps_done;
  interp::Vec3 pulled = interp::Vec3::Zero();  // the pull's world point before the step
  interp::StepHooks hooks;
  hooks.before = [&](interp::Simulation& sim) {
    if (budget > 0 && sim.time() > t0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > budget) {
      r.behind = true;
      return false;
    }
    apply_inputs(s);
    if (pulling(s)) pulled = pull_point_world(s);
    return true;
  };
  int grown = step0;
  hooks.after = [&](interp::Simulation& sim) {
    ++r.steps;
    if (sim.lsystem().steps_done != grown) {  // the schedule grew the plant: bodies were renumbered
      grown = sim.lsystem().steps_done;
      if (pulling(s)) retarget_pull(s, pulled);
      ++s.structure_version;
    }
    return true;
  };
  std::vector<grammar::Diagnostic> diags;
  if (!s.sim.advance(double(n) * dt, diags, hooks)) {
    s.diverged = true;
    s.motion.playing = false;
    s.error = format_all(diags, &s.sim.lsystem().source) +
              "the plant is kept at its last finite state: lower dt, use the implicit integrator or press Reset\n";
  }
  r.simulated = s.sim.time() - t0;
  s.time_debt = r.behind ? 0.0 : std::max(0.0, s.time_debt - r.simulated);
  if (r.steps > 0) s.geometry_dirty = true;
  return r;
}

bool update_geometry(Session& s) {
  if (!s.geometry_dirty || !s.loaded) return false;
  s.geometry_dirty = false;
  interp::SceneOptions opts;
  opts.contacts = s.show_contacts;
  interp::Scene scene;
  grammar::Diagnostic error;
  if (!interp::build_scene(s.sim, opts, scene, error)) {
    s.error = format_all({error}, &s.sim.lsystem().source);
    return false;
  }
  s.geometry = std::move(scene.geometry);
  ++s.geometry_version;
  return true;
}

std::string string_excerpt(const Session& s, std::size_t max_chars, std::size_t* left_out) {
  std::string out;
  if (left_out) *left_out = 0;
  if (!s.loaded) return out;
  const interp::ModuleString& m = s.sim.lsystem().current;
  char buf[32];
  std::size_t i = 0;
  for (; i < m.size() && out.size() < max_chars; ++i) {
    out += s.sim.lsystem().rules->symbols.name(m.sym[i]);
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

int body_count(const Session& s) { return s.loaded ? s.sim.living().nbodies() : 0; }
std::size_t module_count(const Session& s) { return s.loaded ? s.sim.lsystem().current.size() : 0; }
double sim_time(const Session& s) { return s.loaded ? s.sim.time() : 0.0; }

}  // namespace lsd::view
