#include "dynamics/step.hpp"

#include <algorithm>
#include <cmath>

#include "dynamics/aba.hpp"
#include "dynamics/kinematics.hpp"
#include "dynamics/conservation.hpp"
#include "dynamics/contact.hpp"
#include "dynamics/src/contact_search.hpp"

namespace lsd::dyn {
namespace {

// The terms of one pass for the integrator (aba.hpp, StepTerms).
StepTerms terms_of(const Options& o, double h) {
  StepTerms t;
  t.dt = h;
  switch (o.integrator) {
    case Integrator::kExplicit:
      break;
    case Integrator::kEuler:
      // (M + hD + h^2 K) a = f(q, w) - (D + h K) w...: springs at r + h w.
      t.kD = t.kP = h;
      t.kK = h * h;
      break;
    case Integrator::kImplicit: {
      // Chung & Hulbert's parameters from rho_inf; Arnold & Bruls's form:
      // (1-am) a_{n+1} + am a_n = (1-af) dw_{n+1} + af dw_n, the Newmark
      // update from a, and the equations of motion at n+1, linearised about
      // the state the history predicts: one ABA pass solves
      // (M + gamma' h D + beta' h^2 K) dw_{n+1} = forces at the prediction,
      // beta' = beta (1-af)/(1-am), gamma' = gamma (1-af)/(1-am).
      const double r = std::clamp(o.rho_inf, 0.0, 1.0);
      const double am = (2 * r - 1) / (r + 1), af = r / (r + 1);
      t.alpha = true;
      t.gamma = 0.5 - am + af;
      t.beta = 0.25 * (1 - am + af) * (1 - am + af);
      t.ea = -am / (1 - am);
      t.ev = af / (1 - am);
      t.fa = (1 - af) / (1 - am);
      t.kD = t.gamma * t.fa * h;
      t.kK = t.beta * t.fa * h * h;
      break;
    }
  }
  if (o.geometric_stiffness) t.kGeo = t.kK;
  return t;
}

// Generalized-alpha's first step after its history was lost (a new Data, a
// rebuilt model) is an implicit-Euler step, whose accelerations start the
// history. Started from the explicit accelerations, the scheme overshoots: a
// stiff joint released bent (omega h = 4.4) leaves its first step with
// (omega h)^2 ~ 20 times its elastic energy as motion (docs/dynamics.md);
// implicit Euler's first step damps that mode and the error of one
// first-order step is O(h^2).
void start_alpha(const Model& model, Data& data, double dt, double max2) {
  const Options& o = model.opt;
  StepTerms t;
  t.dt = dt;
  t.kD = t.kP = dt;
  t.kK = dt * dt;
  if (o.geometric_stiffness) t.kGeo = t.kK;
  aba_pass(model, data, t, max2);
  for (int i = 1; i < model.nbody(); ++i) data.alpha_a[i] = data.dw[i];
  // A floating base's: its spatial acceleration in its own axes at the pose
  // of the pass (aba_base.inc, update_base).
  const Mat3 Rt = data.oMi[0].rotation.transpose();
  const Motion& v = data.v[0];
  data.alpha_base_dw = data.alpha_base_aw = Rt * data.base_dw;
  data.alpha_base_dv = data.alpha_base_av = Rt * (data.base_dv - v.angular.cross(v.linear));
  data.alpha_valid = true;
}

// One pass (two in a fast generalized-alpha step: a guess, then the step
// with its velocity products at the guess's end velocity).
void one_step(const Model& model, Data& data, double dt, bool fast) {
  const Options& options = model.opt;
  StepTerms t = terms_of(options, dt);
  // With self contact, poles or spheres, a step in which a contact may
  // begin with one of them (the state's pose has near touches, within the
  // margin and the step's sweep: continuous collision) is an implicit-Euler
  // step at the state's pose, so that redo_contact_pass tests the contacts
  // from where the step starts: generalized-alpha's predicted pose may
  // already lie past a thin branch or pole, whose contact would then push
  // the wrong way (a twig at 2 m/s passed through a branch at 1/60 s so;
  // docs/dynamics.md, "No tunnelling"). (The ground's contact at the
  // prediction pushes out of it, and the state's search would cost a plant
  // on the ground alone a second search.)
  const auto passable = [&] {
    if (model.opt.self_contact) return true;
    for (const Obstacle& o : model.contact.obstacles)
      if (o.kind == ObstacleKind::kPole || o.kind == ObstacleKind::kSphere) return true;
    return false;
  };
  if (t.alpha && data.alpha_valid && model.collides() && passable() && state_near(model, data))
    data.alpha_valid = false;
  if (fast && t.alpha && data.alpha_valid) {
    StepTerms g = t;
    g.guess = true;
    aba_pass(model, data, g);
    t.dw_guess = data.dw_guess.data();
  }
  // A free plant keeps its momentum (conservation.hpp); the explicit scheme,
  // the reference, is left as it is, and so is a plant that contacts or ties
  // hold (their forces change it).
  const bool conserve = model.base_kind == BaseKind::kFloating && t.kK > 0 && !model.touches();
  const Momentum start = conserve ? momentum(model, data) : Momentum{};
  // The divergence check (check_state) is fused into the last sweep.
  const double max2 = options.max_angular_velocity * options.max_angular_velocity;
  const bool euler = t.alpha && !data.alpha_valid;
  const auto pass = [&] {
    if (max2 >= 0.0) {
      if (euler) start_alpha(model, data, dt, max2);
      else aba_pass(model, data, t, max2);
    } else {  // NaN bound: every joint fails, as check_state says
      if (euler) start_alpha(model, data, dt, -1.0);
      else aba_pass(model, data, t);
      check_state(model, data, options.max_angular_velocity);
    }
  };
  // An implicit pass is redone with the contacts that begin in it, as
  // speculative contacts (contact.hpp, redo_contact_pass).
  const bool redo = t.kK > 0;
  const bool alpha_pass = t.alpha && !euler;
  if (redo) begin_contact_pass(model, data, alpha_pass);
  pass();
  if (redo && redo_contact_pass(model, data, dt, alpha_pass)) {
    ++data.contact_redos;
    pass();
    end_contact_pass(data);
  }
  if (conserve && data.first_nonfinite_joint < 0) conserve_momentum(model, data, start, dt);
  // A step that touches an obstacle (or itself) leaves generalized-alpha
  // without history: the next step is an implicit-Euler step (start_alpha).
  // A contact is not smooth: the step that meets one takes accelerations of
  // hundreds of g, which the scheme's history carries into the next
  // predictions (a beam's tip released onto a sphere bounced on it for ever,
  // gaining energy); implicit Euler damps that. Ties are smooth springs and
  // keep the scheme.
  if (t.alpha && data.touching) data.alpha_valid = false;
}

// The square of node i's turn rate (rad/s): a joint's |w|, an element's
// l |w| (the turn of its end against its start; rod.hpp).
inline double turn_rate2(const Model& model, const Data& data, int i) {
  const double w2 = data.w[i].squaredNorm();
  if (!model.has_rods()) return w2;
  const Rod* rod = model.rod(i);
  return rod ? rod->turn_length * rod->turn_length * w2 : w2;
}

// The fastest joint's turn in a step of dt (rad), from the state's joint
// velocities (and a floating base's), so that a resumed run decides alike.
double fastest_turn(const Model& model, const Data& data, double dt) {
  double fastest = model.base_kind == BaseKind::kFloating ? data.base_w.squaredNorm() : 0.0;
  for (int i = 1; i < model.nbody(); ++i) fastest = std::max(fastest, turn_rate2(model, data, i));
  return std::sqrt(fastest) * dt;
}

// A bound on the fastest body's turn in the world in a step of dt (rad):
// the sum of |w| over the joints from the base. The velocity products of a
// body go with its own rotation, which a long chain of slow joints makes
// fast: a 3000-body chain with joints at 0.1 rad/s spins its top at up to
// 300 rad/s (docs/dynamics.md).
double fastest_spin(const Model& model, Data& data, double dt) {
  double* bound = data.spin_bound.data();
  bound[0] = model.base_kind == BaseKind::kFloating ? data.base_w.norm() : 0.0;
  double fastest = bound[0];
  for (int i = 1; i < model.nbody(); ++i) {
    bound[i] = bound[model.parent[i]] + std::sqrt(turn_rate2(model, data, i));
    fastest = std::max(fastest, bound[i]);
  }
  return fastest * dt;
}

// The state a guarded step begins from (Data::retake_q...), kept (save) or
// taken back: the pose and velocities (generalized-alpha's history is not
// kept: a retake resets it). The copies have the state's sizes (make_data),
// so nothing is allocated.
void copy_start(Data& data, bool save) {
  const auto copy = [save](auto& state, auto& kept) {
    if (save) kept = state;
    else state = kept;
  };
  copy(data.q, data.retake_q);
  copy(data.w, data.retake_w);
  copy(data.kappa, data.retake_kappa);
  copy(data.base_q, data.retake_base_q);
  copy(data.base_p, data.retake_base_p);
  copy(data.base_w, data.retake_base_w);
  copy(data.base_v, data.retake_base_v);
}

// The guard of a step (conservation.hpp, limit_energy): its factor on the
// joint velocities, 1 when it took nothing back, 0 when it stopped every
// joint and the pose alone still holds more energy than the start and the
// work done on it (the guard's reach), or when the step diverged.
double guard(const Model& model, Data& data, const EnergyBudget& start) {
  if (data.first_nonfinite_joint >= 0) return 0.0;
  return limit_energy(model, data, start, model.opt.dt);
}

// A guarded step beyond its guard's reach is taken again from its start
// with generalized-alpha's history reset, every pass an implicit-Euler step
// (which damps the history's modes that made the energy: docs/dynamics.md,
// "No divergence"), in k passes, then 2k, 4k, ... until the guard holds it
// or the passes reach kMaxSubsteps (that last try is kept). A function of
// the step's start state alone, so a resumed run retakes alike. Returns the
// guard's factor of the try kept.
double retake(const Model& model, Data& data, const EnergyBudget& start, int k) {
  ++data.retakes;
  for (int passes = std::min(k, kMaxSubsteps);; passes = std::min(2 * passes, kMaxSubsteps)) {
    copy_start(data, false);
    data.first_nonfinite_joint = -1;
    const double h = model.opt.dt / passes;
    for (int s = 0; s < passes && data.first_nonfinite_joint < 0; ++s) {
      data.alpha_valid = false;
      one_step(model, data, h, false);
    }
    data.substeps = passes;
    const double factor = guard(model, data, start);
    if (factor > 0 || passes == kMaxSubsteps) return factor;
  }
}

// A guard that takes back three quarters of the step's kinetic energy or
// more (factor below 1/2) found the integrator making three times the
// motion it kept: the accelerations that generalized-alpha's history
// carries into the next prediction are then mostly that error (on a falling
// tree, a period-2 mode of the history that the guard's trims sustained and
// that raised the energy of the next, unguarded steps by up to 55 J:
// docs/dynamics.md, "No divergence"). The next step starts the history
// afresh (start_alpha), as after a contact; not after a step that was
// itself such a start (without history it has no guess pass, so it makes
// more energy than the guard leaves: restarts that follow restarts made a
// 10,000-body chain spinning at 0.1 rad/s a joint diverge at 1 ms, where
// the history kept it finite). (At 1/sqrt 2, half the kinetic
// energy, the undamped falling rod of docs/dynamics.md's table, whose whip
// the guard trims to 0.68 once at 1/30 s, would restart too.)
constexpr double kHistoryTrim = 0.5;

}  // namespace

void step(const Model& model, Data& data) {
  const Options& options = model.opt;
  const double turn = fastest_turn(model, data, options.dt);
  // Substeps keep each pass's turn below max_turn.
  int k = 1;
  if (options.max_turn > 0) {
    const double kk = std::ceil(turn / options.max_turn);
    k = kk <= 1 ? 1 : kk >= kMaxSubsteps ? kMaxSubsteps : int(kk);  // (NaN: 1, and the check catches it)
  }
  // A fast step (the explicit scheme, the reference, has none) guesses its
  // velocity products (StepTerms::dw_guess) and is guarded against energy
  // the integrator would make (conservation.hpp).
  // A plant touching an obstacle (or itself) takes implicit-Euler steps
  // (one_step); for it only its fastest joint decides, as before the spin
  // bound: with the bound its contact springs' work went to the guard (a
  // branch resting on the ground stayed 65% of its radius inside), and
  // without any guard draped branches did not settle (docs/dynamics.md).
  bool fast = options.integrator != Integrator::kExplicit && options.fast_rate >= 0;
  if (fast) {
    // The turn never exceeds the spin bound, so the two decide alike unless
    // only the spin is fast; then whether the state's pose touches decides.
    // That is a function of the state (its touches are kept for the pass
    // and the guard at that pose), not of the last pass: a resumed run, or
    // one whose contacts are read between steps, decides alike.
    const double limit = options.fast_rate * options.dt;
    if (!(turn * turn > limit)) {
      const double spin = fastest_spin(model, data, options.dt);
      fast = spin * spin > limit && !state_touching(model, data);
    }
  }
  const EnergyBudget start = fast ? energy_budget(model, data) : EnergyBudget{};
  const bool history = data.alpha_valid;
  if (fast) copy_start(data, true);
  if (options.tolerance > 0) k = substeps_within_tolerance(model, data, k, fast);
  else substeps(model, data, k, fast);
  data.substeps = k;
  if (!fast) return;
  double factor = guard(model, data, start);
  if (factor == 0.0) factor = retake(model, data, start, k);
  if (factor < kHistoryTrim && history) data.alpha_valid = false;
}

void substeps(const Model& model, Data& data, int k, bool fast) {
  const double dt = model.opt.dt;
  if (k == 1) return one_step(model, data, dt, fast);
  const double sub = dt / k;
  for (int s = 0; s < k && data.first_nonfinite_joint < 0; ++s) one_step(model, data, sub, fast);
}

// The numbers: a flag (alpha_valid), then with it each joint's algorithmic
// and true accelerations and the base's four vectors.
namespace {
std::size_t history_size(int n, bool alpha) { return 1 + (alpha ? std::size_t(6 * (n - 1) + 12) : 0); }
}  // namespace

std::vector<double> save_history(const Model& model, const Data& data) {
  const int n = model.nbody();
  if (model.nv() == 0 || !data.alpha_valid) return {};  // nothing moves, or nothing to remember
  std::vector<double> h;
  h.reserve(history_size(n, true));
  auto put = [&h](const Vec3& v) { h.insert(h.end(), {v.x(), v.y(), v.z()}); };
  h.push_back(1);
  for (int i = 1; i < n; ++i) {
    put(data.alpha_a[i]);
    put(data.dw[i]);
  }
  for (const Vec3* v : {&data.alpha_base_aw, &data.alpha_base_av, &data.alpha_base_dw, &data.alpha_base_dv}) put(*v);
  return h;
}

bool load_history(const Model& model, Data& data, const std::vector<double>& h) {
  const int n = model.nbody();
  if (h.empty() || (h[0] != 0 && h[0] != 1)) return false;
  const bool alpha = h[0] == 1;
  if (h.size() != history_size(n, alpha)) return false;
  const double* p = h.data() + 1;
  auto get = [&p]() {
    const Vec3 v(p[0], p[1], p[2]);
    p += 3;
    return v;
  };
  data.alpha_valid = alpha;
  if (alpha) {
    for (int i = 1; i < n; ++i) {
      data.alpha_a[i] = get();
      data.dw[i] = get();
    }
    for (Vec3* v : {&data.alpha_base_aw, &data.alpha_base_av, &data.alpha_base_dw, &data.alpha_base_dv}) *v = get();
  }
  return true;
}

}  // namespace lsd::dyn
