// Tests of the curved elements in the articulated step (dynamics/rod.hpp,
// dynamics/src/rod_sweep.cpp): the exact helix at rest, the step's
// consistency with the energy (an explicit run's energy error is first order
// in dt, so the dynamics is that of the energy), stability and no energy
// rise with the implicit schemes at frame-sized steps (seed 002's benchmark
// (a)).
#include <catch2/catch.hpp>
#include <cmath>
#include <utility>
#include <vector>

#include "dynamics/kinematics.hpp"
#include "dynamics/rod.hpp"
#include "dynamics/step.hpp"
#include "common/limits.hpp"

using namespace lsd::dyn;

namespace {

// A rod of n helices (or clothoids after their zero-length first node),
// clamped at the origin, its H tilted by `tilt` above the world x axis in
// the x-y plane, of total length L.
Model helix_rod(int n, double L, double tilt, const Vec3& rest, double young, double friction = 0,
                ElementKind kind = ElementKind::kHelix) {
  Model m = make_model(default_base_def());
  int parent = 0;
  const bool clothoid = kind == ElementKind::kClothoid;
  if (clothoid) {
    RodDef first = default_rod_def();
    first.kind = kind;
    first.length = 0;
    first.radius = 0.003;
    first.rest = rest;
    first.placement.rotation = Eigen::AngleAxisd(tilt, Vec3::UnitZ()).toRotationMatrix();
    parent = add_rod(m, first);
  }
  for (int k = 0; k < n; ++k) {
    RodDef r = default_rod_def();
    r.kind = kind;
    r.continues = clothoid;
    r.parent = parent;
    r.length = L / n;
    r.radius = 0.003;
    r.young = young;
    r.rest = rest;
    r.friction_ratio = friction;
    if (k == 0 && !clothoid) r.placement.rotation = Eigen::AngleAxisd(tilt, Vec3::UnitZ()).toRotationMatrix();
    parent = add_rod(m, r);
  }
  return m;
}

double total_energy(const Model& m, Data& d) {
  compute_energies(m, d);
  return d.kinetic_energy + d.potential_energy + d.elastic_energy;
}

// The largest |E(t) - E(0)| over a run of T seconds at dt.
double energy_error(Model m, Integrator integrator, double dt, double T) {
  m.opt.dt = dt;
  m.opt.integrator = integrator;
  m.opt.max_turn = 0;
  Data d = make_data(m);
  const double e0 = total_energy(m, d);
  double worst = 0;
  const int steps = int(std::lround(T / dt));
  for (int s = 0; s < steps; ++s) {
    step(m, d);
    if (s % 100 == 99) worst = std::max(worst, std::abs(total_energy(m, d) - e0));
  }
  REQUIRE(d.first_nonfinite_joint < 0);
  return worst;
}

}  // namespace

TEST_CASE("one helix element at rest is the exact helix", "[rod]") {
  // Curvature k and torsion tau: a helix of radius k / (k^2 + tau^2) and
  // pitch 2 pi tau / (k^2 + tau^2) about the Darboux vector's axis.
  for (const Vec3& omega : {Vec3(3.0, 0.0, 7.0), Vec3(0.0, 0.0, 1e-7), Vec3(2.0, -4.0, 5.0), Vec3(0.0, 20.0, 0.0)}) {
    const double l = 0.4;
    Model m = helix_rod(1, l, 0.0, omega, 1e9);
    m.opt.gravity.setZero();
    Data d = make_data(m);
    forward_kinematics(m, d);
    const Vec3 tip = d.oMi[1].translation;
    // Exact: the centreline turns about the unit axis a = omega/|omega| at
    // rate |omega|: x(s) = (e.a) a s + (sin(ws)/w) e_perp + ((1 - cos ws)/w) a x e_perp, e = e_x.
    const double w = omega.norm();
    const Vec3 a = omega / w, e = Vec3::UnitX();
    const Vec3 ep = e - e.dot(a) * a;
    const double half = std::sin(0.5 * w * l);
    const Vec3 exact = e.dot(a) * a * l + std::sin(w * l) / w * ep + 2 * half * half / w * a.cross(ep);
    CHECK((tip - exact).norm() < 1e-12);
    // The end frame's tangent is the exact one.
    const Vec3 tangent = e.dot(a) * a + std::cos(w * l) * ep + std::sin(w * l) * a.cross(ep);
    CHECK((d.oMi[1].rotation.col(0) - tangent).norm() < 1e-12);
  }
}

TEST_CASE("a falling rod of helices: the explicit step's energy error is first order in dt", "[rod]") {
  // Zero friction, a 0.3 m soft rod released 0.3 rad above the horizontal:
  // with the exact dynamics of the energy, semi-implicit Euler's energy error
  // halves with the step; a wrong velocity product or inertia term would
  // leave an error of its own that does not.
  const Model m = helix_rod(6, 0.3, 0.3, Vec3(0.0, 0.0, 2.0), 1e7);
  const double e1 = energy_error(m, Integrator::kExplicit, 2e-5, 0.1);
  const double e2 = energy_error(m, Integrator::kExplicit, 1e-5, 0.1);
  Data d = make_data(m);
  const double scale = std::abs(total_energy(m, d));
  CHECK(e1 / scale < 1e-3);
  CHECK(e2 / e1 == Approx(0.5).margin(0.08));
}

TEST_CASE("a falling rod of 10 helices or 5 clothoids at 11, 1/60 and 33 ms: stable, its energy never rises", "[rod]") {
  // Seed 002's benchmark (a): a straight rod falling and swinging, all
  // friction 0.
  for (const Model& m : {helix_rod(10, 0.3, 0.0, Vec3::Zero(), 1e7),
                         helix_rod(5, 0.3, 0.0, Vec3::Zero(), 1e7, 0, ElementKind::kClothoid)})
  for (const Integrator integrator : {Integrator::kImplicit, Integrator::kEuler}) {
    for (const double dt : {0.011, 1.0 / 60, 0.033}) {
      INFO((m.rods[0].kind == ElementKind::kClothoid ? "clothoids" : "helices") << ", dt " << dt << ", "
                                                                                << (integrator == Integrator::kEuler ? "Euler" : "alpha"));
      Model mm = m;
      mm.opt.dt = dt;
      mm.opt.integrator = integrator;
      Data d = make_data(mm);
      const double e0 = total_energy(mm, d);
      double prev = e0;
      // The energy's scale: the rod's weight over its length (m g L).
      const double scale = 1000 * M_PI * 0.003 * 0.003 * 0.3 * 9.81 * 0.3;
      double worst_rise = 0, swing = 0;
      for (int s = 0; s < int(5.0 / dt); ++s) {
        step(mm, d);
        REQUIRE(d.first_nonfinite_joint < 0);
        const double e = total_energy(mm, d);
        swing = std::max(swing, d.kinetic_energy);
        CHECK(e <= e0 + 1e-12 * scale);  // never above where it started
        worst_rise = std::max(worst_rise, e - prev);
        prev = e;
      }
      // No step gains more than a trace (generalized-alpha, nonlinear:
      // 4e-6 m g L at most, measured at 11 ms; implicit Euler 1e-16).
      CHECK(worst_rise < 1e-5 * scale);
      CHECK(swing > 0.1 * scale);  // it fell and swung
    }
  }
}

namespace {

// One short clothoid of 2 cm without gravity or friction, both nodes 9/m
// below their rest curvature 14/m: it rings at thousands of rad/s, its
// first node's rate reaching 1e4/m/s (a turn of l |w| = 200 rad/s of its
// element) within 0.15 ms.
Model ringing_clothoid(Integrator integrator, double dt, double tolerance) {
  Model m = helix_rod(1, 0.02, 0.0, Vec3(0.0, 0.0, 14.0), 1e7, 0, ElementKind::kClothoid);
  m.opt.gravity.setZero();
  m.opt.integrator = integrator;
  m.opt.dt = dt;
  m.opt.tolerance = tolerance;
  if (tolerance > 0) m.opt.max_turn = 0;  // the controller alone splits the steps
  return m;
}

// Its curvatures after T seconds, each node's fastest rate on the way.
std::pair<std::vector<Vec3>, std::vector<double>> ring(const Model& m, double T) {
  Data d = make_data(m);
  for (int i = 1; i < m.nbody(); ++i) d.kappa[std::size_t(i)] = Vec3(0.0, 0.0, 5.0);
  std::vector<double> fastest(std::size_t(m.nbody()), 0.0);
  for (long s = 0; s < std::lround(T / m.opt.dt); ++s) {
    step(m, d);
    REQUIRE(d.first_nonfinite_joint < 0);
    for (int i = 1; i < m.nbody(); ++i)
      fastest[std::size_t(i)] = std::max(fastest[std::size_t(i)], d.w[std::size_t(i)].norm());
  }
  return {{d.kappa.begin() + 1, d.kappa.end()}, fastest};
}

}  // namespace

TEST_CASE("a clothoid chain's first node: its rate bounded as its element's turn, not as a joint's", "[rod]") {
  // The first node has no length of its own: its bound is the turn it makes
  // over the element that starts there (Rod::turn_length). Bounded as a
  // joint's |w| it counted as diverged at 1e4/m/s, here a physical motion
  // that converges with the step.
  const auto fine = ring(ringing_clothoid(Integrator::kImplicit, 1e-6, 0), 3e-4);
  const auto coarse = ring(ringing_clothoid(Integrator::kImplicit, 1e-5, 0), 3e-4);
  CHECK(fine.second[1] > lsd::limits::kAngularVelocity);  // the rate the joint's bound refused
  CHECK(fine.second[1] * 0.02 < lsd::limits::kAngularVelocity);
  for (std::size_t k = 0; k < 2; ++k) {
    INFO("node " << k << ": " << fine.first[k].transpose() << " / " << coarse.first[k].transpose());
    CHECK((fine.first[k] - coarse.first[k]).norm() < 0.02 * 9);  // within 2% of the swing
  }
}

TEST_CASE("error-controlled steps: a try that diverges is refined, not reported", "[rod]") {
  // The explicit scheme at 1 ms is unstable on the ringing clothoid (its
  // first try spins past the bound); the controller halves the passes until
  // two finite tries agree, and the motion is the implicit scheme's at 1 us.
  const auto fine = ring(ringing_clothoid(Integrator::kImplicit, 1e-6, 0), 2e-3);
  const auto controlled = ring(ringing_clothoid(Integrator::kExplicit, 1e-3, 1e-2), 2e-3);
  for (std::size_t k = 0; k < 2; ++k) {
    INFO("node " << k << ": " << fine.first[k].transpose() << " / " << controlled.first[k].transpose());
    CHECK((fine.first[k] - controlled.first[k]).norm() < 0.02 * 9);
  }
}
