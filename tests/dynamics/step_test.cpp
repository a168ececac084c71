// Tests of dynamics/src/step.cpp against analytic solutions: the physical
// pendulum's period, the thesis cantilever's static deflections, energy
// behaviour of both integrators, stability at dt = 1/60 s, and the moving
// bases.
#include "dynamics/step.hpp"

#include <numbers>
#include <catch2/catch.hpp>
#include <cmath>

#include "dynamics/kinematics.hpp"
#include "dynamics/rotation.hpp"
#include "dynamics/samples.hpp"

using namespace lsd::dyn;

namespace {

constexpr double kPi = std::numbers::pi;

// Rest frame whose H (x) points down (world -y) and U (z) is world z.
Mat3 hanging_rest() {
  Mat3 r;
  r << 0, 1, 0, -1, 0, 0, 0, 0, 1;
  return r;
}

// One cylinder of length L, radius L/100, pivoted at its end on a fixed base.
Model make_pendulum(double length, double g) {
  BaseDef base = default_base_def();
  base.gravity = Vec3(0.0, -g, 0.0);
  Model model = make_model(base);
  BodyDef b = default_body_def();
  b.joint_placement.rotation = hanging_rest();
  b.inertia = cylinder_inertia(length, length / 100.0, 1000.0);
  add_body(model, b);
  return model;
}

// Period from the zero crossings of the swing angle (rotation about z),
// explicit integrator, dt = 1e-4 s: the time between the 1st and 3rd upward
// or downward crossings, linearly interpolated.
double measured_period(double amplitude) {
  const double L = 1.0, g = 9.81;
  Model model = make_pendulum(L, g);
  Data data = make_data(model);
  data.q[1] = quat_from_rotation_vector(Vec3(0, 0, amplitude));
  Options& opt = model.opt;
  opt.dt = 1e-4;
  opt.integrator = Integrator::kExplicit;
  std::vector<double> crossings;
  double prev = amplitude;
  for (long s = 1; crossings.size() < 3 && s * opt.dt <= 20.0; ++s) {
    step(model, data);
    const double angle = rotation_vector_from_quat(data.q[1]).z();
    if ((prev > 0) != (angle > 0)) {
      crossings.push_back(s * opt.dt - opt.dt * angle / (angle - prev));
    }
    prev = angle;
  }
  REQUIRE(crossings.size() == 3);
  return crossings[2] - crossings[0];
}

Vec3 tip_position(const Model& model, Data& data, double segment) {
  forward_kinematics(model, data);
  return data.oMi[model.nbody() - 1].act(Vec3(segment, 0.0, 0.0));
}

// Settled tip deflection of the n-body cantilever: implicit steps of 0.02 s
// with joint damping until every |w| < 1e-12 rad/s.
double settled_deflection(int n) {
  CantileverDef def;
  def.n = n;
  def.damping = 0.05;
  Model model = make_cantilever(def);
  Data data = make_data(model);
  Options& opt = model.opt;
  opt.dt = 0.02;
  double wmax = 1.0;
  int steps = 0;
  while ((wmax > 1e-12 || steps < 10) && steps < 5000) {
    step(model, data);
    ++steps;
    wmax = 0.0;
    for (int i = 1; i < model.nbody(); ++i) wmax = std::max(wmax, data.w[i].norm());
  }
  REQUIRE(data.first_nonfinite_joint == -1);
  REQUIRE(wmax <= 1e-12);
  return -tip_position(model, data, def.length / n).y();
}

// A swinging chain of 20 cylinders hanging from a fixed base, soft springs.
Model make_swinging_chain(double damping) {
  BaseDef base = default_base_def();
  Model model = make_model(base);
  const double l = 0.05;
  for (int i = 1; i <= 20; ++i) {
    BodyDef b = default_body_def();
    b.parent = i - 1;
    if (i == 1) {
      b.joint_placement.rotation = hanging_rest();
    } else {
      b.joint_placement.translation = Vec3(l, 0.0, 0.0);
    }
    b.inertia = cylinder_inertia(l, 0.01, 1000.0);
    // The springs of docs/language.md 7.5: twist k_H = k / (1 + nu) of
    // the bending k. Unequal axes conserve energy only because the torque
    // is the gradient -J_r^-T K r of 1/2 r^T K r (-K r would not).
    b.stiffness = Vec3(1e-3 / 1.3, 1e-3, 1e-3);
    b.damping = Vec3::Constant(damping);
    add_body(model, b);
  }
  return model;
}

double total_energy(const Model& model, Data& data);

// The energy of the cantilever at rest in its settled shape (the lowest it
// can have): settled with damping by implicit Euler.
double static_energy(const CantileverDef& def) {
  CantileverDef damped = def;
  damped.damping = 0.5;
  Model model = make_cantilever(damped);
  Data data = make_data(model);
  Options& opt = model.opt;
  opt.dt = 0.01;
  opt.integrator = Integrator::kEuler;
  for (int s = 0; s < 2000; ++s) step(model, data);
  return total_energy(model, data);
}

double total_energy(const Model& model, Data& data) {
  compute_energies(model, data);
  return data.kinetic_energy + data.potential_energy + data.elastic_energy;
}

}  // namespace

TEST_CASE("pendulum period: small amplitude and large-amplitude ratios", "[step]") {
  const double L = 1.0, g = 9.81;
  const double t0 = 2.0 * kPi * std::sqrt(2.0 * L / (3.0 * g));
  const double small = measured_period(0.01);
  CHECK(std::abs(small / t0 - 1.0) < 1e-3);
  // T/T0 = 2 K(sin(a/2)) / pi for amplitude a (complete elliptic integral).
  const struct {
    double degrees, ratio;
  } cases[] = {{30, 1.017409}, {90, 1.180341}, {150, 1.762204}};
  for (const auto& c : cases) {
    const double ratio = measured_period(c.degrees * kPi / 180.0) / t0;
    INFO(c.degrees << " degrees: T/T0 = " << ratio << ", expected " << c.ratio);
    CHECK(std::abs(ratio / c.ratio - 1.0) < 1e-3);
  }
}

TEST_CASE("cantilever under its own weight settles at the thesis deflections", "[step]") {
  const struct {
    int n;
    double deflection;
  } table[] = {{10, 0.0067664}, {25, 0.0060488}, {100, 0.0057051}, {250, 0.0056376}};
  for (const auto& row : table) {
    const double d = settled_deflection(row.n);
    INFO("n = " << row.n << ": tip deflection " << d << " m, thesis " << row.deflection);
    CHECK(std::abs(d / row.deflection - 1.0) < 2e-3);
    // And the small-deflection formula w L^4/(8EI) (1 + 1/n)^2.
    CantileverDef def;
    def.n = row.n;
    CHECK(std::abs(d / cantilever_static_deflection(def) - 1.0) < 2e-3);
  }
}

// A million steps: run by .ci/run and `ctest -L slow`, not by make test.
TEST_CASE("energy: explicit drift < 0.1% over 10 s (a 20-body chain, dt = 1e-5 s)", "[step][.slow]") {
  {
    // Released from rest, bent 0.3 rad at random in 3-D. Semi-implicit Euler
    // on this velocity formulation drifts by O(h) per unit time (measured:
    // ~1e-3 at dt = 1e-4, ~2.5e-4 at 1e-5 over 10 s), so the step is small.
    Model model = make_swinging_chain(0.0);
    Data data = make_data(model);
    const double e_rest = total_energy(model, data);  // hanging straight, at rest
    randomize_state(model, data, 0.3, 0.0, 3);
    const double e0 = total_energy(model, data);
    Options& opt = model.opt;
    opt.dt = 1e-5;
    opt.integrator = Integrator::kExplicit;
    double max_dev = 0.0, max_kinetic = 0.0;
    for (int s = 1; s <= 1000000; ++s) {
      step(model, data);
      if (s % 1000 == 0) {
        const double e = total_energy(model, data);
        max_dev = std::max(max_dev, std::abs(e - e0));
        max_kinetic = std::max(max_kinetic, data.kinetic_energy);
      }
    }
    INFO("max |E - E0| = " << max_dev << " J, |E0| = " << std::abs(e0) << " J, max KE = " << max_kinetic
                            << " J, energy above the rest pose " << e0 - e_rest << " J");
    CHECK(max_dev < 1e-3 * std::abs(e0));
    // It really swings: a good part of the energy above the rest pose becomes
    // motion (|E0| itself is mostly the height of the hanging chain).
    CHECK(max_kinetic > 0.25 * (e0 - e_rest));
  }
}

TEST_CASE("energy of the implicit steps: 20-body cantilever, random starts, dt = 1e-3 and 1/60 s", "[step]") {
  // Bent up to 0.05 rad and moving up to 0.5 rad/s at every joint, at
  // random, no damping. Implicit Euler never gains energy (it damps every
  // mode); generalized-alpha keeps the energy (second order, no damping of
  // the resolved modes) and damps only the modes it cannot resolve: the
  // energy never rises above its start by more than a millionth, and ends
  // lower.
  CantileverDef def;
  def.n = 20;
  Model model = make_cantilever(def);
  for (std::uint32_t seed : {4u, 5u, 6u, 7u}) {
    Data start = make_data(model);
    randomize_state(model, start, 0.05, 0.5, seed);
    for (double dt : {1e-3, 1.0 / 60.0}) {
      for (Integrator integrator : {Integrator::kEuler, Integrator::kImplicit}) {
        Data data = start;
        Options& opt = model.opt;
        opt.dt = dt;
        opt.integrator = integrator;
        double e = total_energy(model, data);
        const double e_start = e, above_rest = e_start - static_energy(def);
        int increases = 0;
        double highest = e;
        for (int s = 0; s < static_cast<int>(10.0 / dt); ++s) {
          step(model, data);
          const double e_next = total_energy(model, data);
          if (e_next > e + 1e-13 * std::abs(e)) ++increases;
          highest = std::max(highest, e_next);
          e = e_next;
        }
        INFO("seed " << seed << ", dt = " << dt << ", " << (integrator == Integrator::kEuler ? "euler" : "implicit")
                     << ": E " << e_start << " -> " << e << ", highest " << highest << ", above the rest state "
                     << above_rest);
        if (integrator == Integrator::kEuler) CHECK(increases == 0);
        CHECK(highest - e_start <= 1e-6 * above_rest);
        CHECK(e < e_start);
      }
    }
  }
}

TEST_CASE("500-body cantilever at dt = 1/60 s: implicit settles, explicit is reported", "[step]") {
  CantileverDef def;
  def.n = 500;
  Model model = make_cantilever(def);
  Options& opt = model.opt;
  opt.dt = 1.0 / 60.0;

  SECTION("implicit") {
    Data data = make_data(model);
    for (int s = 0; s < 600; ++s) {
      step(model, data);
      REQUIRE(data.first_nonfinite_joint == -1);
    }
    const double d = -tip_position(model, data, def.length / def.n).y();
    INFO("tip deflection " << d << " m, static " << cantilever_static_deflection(def));
    CHECK(std::abs(d / cantilever_static_deflection(def) - 1.0) < 1e-2);
  }
  SECTION("explicit diverges and says so") {
    opt.integrator = Integrator::kExplicit;
    Data data = make_data(model);
    int s = 0;
    while (data.first_nonfinite_joint < 0 && s < 1000) {
      step(model, data);
      ++s;
    }
    CHECK(data.first_nonfinite_joint >= 1);
  }
}

TEST_CASE("kinematic base accelerating at a: the pendulum settles at atan(a/g)", "[step]") {
  const double g = 9.81, a = 3.0;
  Model model = make_pendulum(0.5, g);
  model.base_kind = BaseKind::kKinematic;
  model.damping[1] = Vec3::Constant(0.2);
  Data data = make_data(model);
  data.base_acc = Vec3(a, 0.0, 0.0);
  Options& opt = model.opt;
  opt.dt = 0.01;
  for (int s = 0; s < 3000; ++s) step(model, data);
  // Accelerating toward +x the pendulum trails toward -x: a rotation of
  // -atan(a/g) about z.
  const Vec3 r = rotation_vector_from_quat(data.q[1]);
  CHECK(r.z() == Approx(-std::atan(a / g)).epsilon(1e-6));
  CHECK(r.head<2>().norm() < 1e-9);
  CHECK(data.base_v.x() == Approx(a * 3000 * opt.dt).epsilon(1e-9));
}

TEST_CASE("floating base over time: momentum kept without gravity, the com falls at g", "[step]") {
  Model model = make_swinging_chain(0.0);
  model.base_kind = BaseKind::kFloating;
  Data data = make_data(model);
  randomize_state(model, data, 0.8, 2.0, 9);
  data.base_w = Vec3(0.3, -0.5, 0.2);
  data.base_v = Vec3(0.1, 0.2, -0.3);

  auto com_and_momentum = [&](Vec3& com, Vec3& momentum) {
    forward_kinematics(model, data);
    com.setZero();
    momentum.setZero();
    double mass = 0.0;
    for (int i = 0; i < model.nbody(); ++i) {
      const Inertia& in = model.inertia[i];
      const Vec3 c = data.oMi[i].rotation * in.com;
      com += in.mass * (data.oMi[i].translation + c);
      momentum += in.mass * (data.v[i].linear + data.v[i].angular.cross(c));
      mass += in.mass;
    }
    com /= mass;
    return mass;
  };
  Options& opt = model.opt;
  opt.dt = 1e-4;
  opt.integrator = Integrator::kExplicit;

  SECTION("no gravity: linear momentum kept, to O(dt)") {
    // Exact per step would need a momentum-preserving scheme; semi-implicit
    // Euler keeps it to O(dt): check the drift and that it shrinks with dt.
    model.opt.gravity = Vec3::Zero();
    const Data start = data;
    double drift[2];
    for (int k = 0; k < 2; ++k) {
      data = start;
      opt.dt = k == 0 ? 1e-4 : 1e-5;
      Vec3 com0, p0, com, p;
      com_and_momentum(com0, p0);
      for (int s = 0; s < static_cast<int>(0.5 / opt.dt); ++s) step(model, data);
      com_and_momentum(com, p);
      drift[k] = (p - p0).norm() / p0.norm();
    }
    INFO("relative momentum drift over 0.5 s: " << drift[0] << " (dt 1e-4), " << drift[1] << " (dt 1e-5)");
    CHECK(drift[0] < 1e-2);
    CHECK(drift[1] < 0.15 * drift[0]);
  }
  SECTION("gravity") {
    Vec3 com0, p0, com, p;
    const double mass = com_and_momentum(com0, p0);
    for (int s = 0; s < 10000; ++s) step(model, data);
    com_and_momentum(com, p);
    const double t = 10000 * model.opt.dt;
    const Vec3 expected = com0 + p0 / mass * t + 0.5 * model.opt.gravity * t * t;
    INFO("com " << com.transpose() << " expected " << expected.transpose());
    CHECK((com - expected).norm() < 1e-3 * 0.5 * 9.81 * t * t);
  }
}

// A touching plant steps by implicit Euler, and whether a step is "fast"
// (guess pass and energy guard) is then decided by its fastest joint alone.
// "Touching" must be read off the state, not left over from the last pass:
// a run resumed into a fresh Data (a saved string) has no last pass. Here
// the fastest joint alone is slow but the spin bound (the sum over a chain)
// is fast, the case where the two readings disagree.
TEST_CASE("a touching chain resumed in a fresh Data steps bit for bit as the run that went on", "[step]") {
  ChainDef def;
  def.n = 20;
  def.young = 1e7;
  def.angle = kPi / 2;  // horizontal, along +x
  Model model = make_hanging_chain(def);
  const Vec3 end = model.joint_placement[2].translation;
  for (int i = 1; i < model.nbody(); ++i) model.contact.capsules.push_back({i, Vec3::Zero(), end, def.radius});
  model.contact.obstacles.push_back({ObstacleKind::kGround, Vec3(0, -0.99 * def.radius, 0)});  // 0.1 mm deep
  Data data = make_data(model);
  randomize_state(model, data, 0.0, 0.2, 11);
  Options& opt = model.opt;
  opt.dt = 1.0 / 60;
  step(model, data);
  double fastest = 0, spin = 0;  // rad/s: the fastest joint, and the chain's spin bound at its tip
  for (int i = 1; i < model.nbody(); ++i) {
    fastest = std::max(fastest, data.w[i].norm());
    spin += data.w[i].norm();
  }
  INFO("fastest joint " << fastest << " rad/s, spin bound " << spin << " rad/s");
  REQUIRE(fastest * fastest * opt.dt < opt.fast_rate);  // slow by the joints alone
  REQUIRE(spin * spin * opt.dt > opt.fast_rate);        // fast by the spin bound
  Data fresh = make_data(model);
  fresh.q = data.q;
  fresh.w = data.w;
  for (int s = 0; s < 30; ++s) {
    step(model, data);
    step(model, fresh);
  }
  CHECK(data.touching);
  for (int i = 1; i < model.nbody(); ++i) {
    CHECK(fresh.q[i].coeffs() == data.q[i].coeffs());
    CHECK(fresh.w[i] == data.w[i]);
  }
}
