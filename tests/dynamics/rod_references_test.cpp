// Tests of the independent references the rods are validated against
// (tests/support/kirchhoff_shooting.hpp, tests/support/euler_bernoulli.hpp;
// docs/dynamics.md, "Curved rods: references"): the shooting solution of
// the Kirchhoff statics against the linear cantilever, the elliptic-integral
// elastica and the exact unloaded helix, its convergence; the clamped-free
// beam's roots against the published ones.
#include <cmath>
#include <numbers>
#include <catch2/catch.hpp>

#include "dynamics/rod_element.hpp"
#include "support/euler_bernoulli.hpp"
#include "support/kirchhoff_shooting.hpp"

using lsd::test::KirchhoffOptions;
using lsd::test::KirchhoffRod;
using lsd::test::solve_kirchhoff_statics;

namespace {

constexpr double kPi = std::numbers::pi;

// A cantilever along x with a vertical tip load P (downwards, no weight):
// with α = P L²/EI, the tip angle θ_L solves √α = K(k) − F(φ0, k),
// k² = (1 + sin θ_L)/2, sin φ0 = 1/(√2 k); then the tip is at
// x/L = √(2 sin θ_L / α), y/L = 1 − (2/√α)(E(k) − E(φ0, k)) below the
// clamp (the elastica, from EI θ'' = −P cos θ, θ(0) = 0, θ'(L) = 0;
// docs/dynamics.md).
struct ElasticaTip {
  double x, drop;
};
ElasticaTip elastica_tip(double alpha) {
  auto length = [](double theta) {  // K(k) − F(φ0, k) for the tip angle θ
    const double k = std::sqrt((1 + std::sin(theta)) / 2), phi0 = std::asin(1 / (std::sqrt(2.0) * k));
    return std::comp_ellint_1(k) - std::ellint_1(k, phi0);
  };
  double lo = 1e-9, hi = kPi / 2 - 1e-12;  // the length grows with θ_L
  for (int it = 0; it < 200; ++it) {
    const double mid = 0.5 * (lo + hi);
    (length(mid) < std::sqrt(alpha) ? lo : hi) = mid;
  }
  const double theta = 0.5 * (lo + hi);
  const double k = std::sqrt((1 + std::sin(theta)) / 2), phi0 = std::asin(1 / (std::sqrt(2.0) * k));
  return {std::sqrt(2 * std::sin(theta) / alpha),
          1 - 2 / std::sqrt(alpha) * (std::comp_ellint_2(k) - std::ellint_2(k, phi0))};
}

double bending_stiffness(const KirchhoffRod& rod) { return rod.young * kPi * std::pow(rod.radius, 4) / 4; }

}  // namespace

TEST_CASE("Kirchhoff shooting: small load, the linear cantilever wL⁴/(8EI)", "[rod]") {
  KirchhoffRod rod;
  rod.length = 0.5, rod.radius = 0.01, rod.density = 1, rod.young = 1e9;
  const double w = rod.density * kPi * rod.radius * rod.radius * 9.81;
  const double sag = w * std::pow(rod.length, 4) / (8 * bending_stiffness(rod));
  const auto sol = solve_kirchhoff_statics(rod);
  REQUIRE(sol.converged);
  // sag/L = 6e-6: the nonlinear correction is of order (sag/L)² relative,
  // and the tip comes closer to the clamp by about as much (∫ θ²/2).
  CHECK(sol.tip.z() == Approx(-sag).epsilon(1e-9));
  CHECK(std::abs(sol.tip.y()) < 1e-16);
  CHECK(rod.length - sol.tip.x() > 0);
  CHECK(rod.length - sol.tip.x() < sag * sag / rod.length);
  // The whole centreline: w x² (6L² − 4Lx + x²)/(24 EI).
  for (size_t i = 0; i < sol.centreline.size(); ++i) {
    const double x = sol.centreline[i].x();
    const double v = w * x * x * (6 * rod.length * rod.length - 4 * rod.length * x + x * x) / (24 * bending_stiffness(rod));
    CHECK(std::abs(sol.centreline[i].z() + v) < 1e-9 * sag + 1e-20);
  }
}

TEST_CASE("Kirchhoff shooting: large tip load, the elliptic-integral elastica to 1e-9 L", "[rod]") {
  for (double alpha : {1.0, 3.0, 10.0}) {
    KirchhoffRod rod;
    rod.length = 0.3, rod.radius = 0.002, rod.young = 2e6, rod.density = 1000;
    rod.gravity.setZero();
    rod.tip_force = Eigen::Vector3d(0, 0, -alpha * bending_stiffness(rod) / (rod.length * rod.length));
    const auto sol = solve_kirchhoff_statics(rod);
    REQUIRE(sol.converged);
    const ElasticaTip tip = elastica_tip(alpha);
    INFO("alpha " << alpha << " tip " << sol.tip.transpose() / rod.length << " elastica " << tip.x << ", "
                  << -tip.drop);
    CHECK(std::abs(sol.tip.x() / rod.length - tip.x) < 1e-9);
    CHECK(std::abs(sol.tip.z() / rod.length + tip.drop) < 1e-9);
  }
  // α = 1 and 10 against the published elastica (Bisshopp & Drucker 1945,
  // Q. Appl. Math. 3: 272, figure 3; tabulated in Mattiasson 1981, Int. J.
  // Numer. Meth. Eng. 17: 145, table 1): vertical 0.30172 and 0.81061 of L.
  CHECK(elastica_tip(1.0).drop == Approx(0.30172).margin(1e-5));
  CHECK(elastica_tip(10.0).drop == Approx(0.81061).margin(1e-5));
}

TEST_CASE("Kirchhoff shooting converges with its tolerance", "[rod]") {
  // A soft rod sagging under its weight with a curly rest shape, in 3-D
  // (the rest curvature bends it out of the plane of gravity) and a
  // clamp turned about all three axes.
  KirchhoffRod rod;
  rod.length = 0.3, rod.radius = 0.002, rod.young = 1e6, rod.density = 1100, rod.poisson = 0.45;
  rod.rest_darboux = Eigen::Vector3d(2.0, 5.0, -3.0);
  rod.clamp_rotation = Eigen::AngleAxisd(0.3, Eigen::Vector3d(1, 2, -1).normalized()).toRotationMatrix();
  rod.clamp_position = Eigen::Vector3d(0.1, -0.2, 1.0);
  // The tip moves by 2e-7 L from a tolerance of 1e-9 to 1e-11, 1e-9 L from
  // 1e-11 to 1e-13 (first order in the tolerance: the tip at 1e-13 is
  // within about 1e-11 L of the converged one); checked from 1e-12 to 1e-14.
  Eigen::Vector3d tips[2];
  for (int i = 0; i < 2; ++i) {
    KirchhoffOptions opt;
    opt.tolerance = i == 0 ? 1e-12 : 1e-14;
    const auto sol = solve_kirchhoff_statics(rod, opt);
    REQUIRE(sol.converged);
    tips[i] = sol.tip;
  }
  CHECK((tips[1] - tips[0]).norm() < 1e-9 * rod.length);
  const Eigen::Vector3d previous = tips[1];
  // The rod sags (gravity is −z): well below its unloaded tip.
  KirchhoffRod unloaded = rod;
  unloaded.gravity.setZero();
  CHECK(solve_kirchhoff_statics(unloaded).tip.z() - previous.z() > 0.05 * rod.length);
}

TEST_CASE("Kirchhoff shooting without load is the exact helix", "[rod]") {
  // n = m = 0: Ω = Ω⁰ everywhere, the circular helix of tests/dynamics/rod_element_test.cpp.
  KirchhoffRod rod;
  rod.length = 0.4, rod.gravity.setZero();
  rod.rest_darboux = Eigen::Vector3d(3.0, -8.0, 6.0);
  const auto sol = solve_kirchhoff_statics(rod);
  REQUIRE(sol.converged);
  const lsd::dyn::SE3 g = lsd::dyn::helix_pose(rod.rest_darboux, rod.length);
  CHECK((sol.tip - g.translation).norm() < 1e-12);
  CHECK((sol.tip_frame - g.rotation).norm() < 1e-12);
}

TEST_CASE("Euler-Bernoulli clamped-free roots and frequencies", "[rod]") {
  // The published β L (Blevins, table 8-1): 1.87510407, 4.69409113, 7.85475744.
  CHECK(lsd::test::clamped_free_beta_l(1) == Approx(1.87510407).margin(1e-8));
  CHECK(lsd::test::clamped_free_beta_l(2) == Approx(4.69409113).margin(1e-8));
  CHECK(lsd::test::clamped_free_beta_l(3) == Approx(7.85475744).margin(1e-8));
  for (int k = 1; k <= 6; ++k) {
    const double x = lsd::test::clamped_free_beta_l(k);
    CHECK(std::abs(std::cos(x) * std::cosh(x) + 1) < 1e-12 * std::cosh(x));
  }
  // ω1 of a 1 m steel rod of radius 5 mm: 1.8751² √(EI/(ρA)).
  const double r = 0.005, E = 2e11, rho = 7850, A = kPi * r * r, I = kPi * r * r * r * r / 4;
  CHECK(lsd::test::clamped_free_frequency(1, 1.0, E * I, rho * A) ==
        Approx(1.87510407 * 1.87510407 * std::sqrt(E * I / (rho * A))).epsilon(1e-8));
}
