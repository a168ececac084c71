// Tests of dynamics/src/rod_energy.cpp: the stiffness and section inertia
// of a round rod, the elastic energies of both elements against direct
// integration and differences, and the internal friction of seed 000 §4.5.
#include <cmath>
#include <numbers>
#include <catch2/catch.hpp>

#include "dynamics/gauss_legendre.hpp"
#include "dynamics/rod_element.hpp"

using namespace lsd::dyn;

namespace {
constexpr double kPi = std::numbers::pi;
}

TEST_CASE("rod stiffness and section inertia of a round section", "[rod]") {
  const double r = 0.004, E = 3e9, nu = 0.3, rho = 700;
  const Vec3 c = rod_stiffness(r, E, nu);
  const double I = kPi * std::pow(r, 4) / 4, J = kPi * std::pow(r, 4) / 2, G = E / (2 * (1 + nu));
  CHECK(c.x() == Approx(G * J).epsilon(1e-15));
  CHECK(c.y() == Approx(E * I).epsilon(1e-15));
  CHECK(c.z() == c.y());
  // Per unit length: the limit of a thin cylinder slice's inertia / length.
  const Inertia slice = rod_section_inertia(r, rho);
  const double dl = 1e-7;
  const Inertia cyl = cylinder_inertia(dl, r, rho);
  CHECK(slice.mass == Approx(cyl.mass / dl).epsilon(1e-14));
  CHECK(slice.com.norm() == 0);
  CHECK(slice.rot(0, 0) == Approx(cyl.rot(0, 0) / dl).epsilon(1e-14));
  CHECK(slice.rot(1, 1) == Approx(cyl.rot(1, 1) / dl).epsilon(1e-9));  // + m dl²/12 per dl
  CHECK(slice.rot(2, 2) == slice.rot(1, 1));
  CHECK(slice.rot(0, 0) == Approx(rho * J).epsilon(1e-15));
}

TEST_CASE("helix energy, gradient and Hessian", "[rod]") {
  const double l = 0.07;
  const Vec3 C(0.3, 1.1, 1.1), q(2, -3, 5), rest(0.5, 1, -1);
  const Vec3 d = q - rest;
  CHECK(helix_energy(l, C, q, rest) == Approx(0.5 * l * (C.x() * d.x() * d.x() + C.y() * d.y() * d.y() + C.z() * d.z() * d.z())));
  CHECK(helix_energy(l, C, rest, rest) == 0);
  const Vec3 grad = helix_energy_gradient(l, C, q, rest);
  for (int j = 0; j < 3; ++j) {
    Vec3 a = q, b = q;
    a[j] += 1e-5, b[j] -= 1e-5;
    CHECK(grad[j] == Approx((helix_energy(l, C, a, rest) - helix_energy(l, C, b, rest)) / 2e-5).epsilon(1e-9));
  }
  const Mat3 H = helix_energy_hessian(l, C);
  CHECK((H - l * Mat3(C.asDiagonal())).norm() == 0);
  CHECK((H * d - grad).norm() < 1e-15 * grad.norm());
}

TEST_CASE("clothoid energy: the integral with affine curvature, exactly", "[rod]") {
  // ½ ∫ (Ω(s) − Ω⁰(s))ᵀ C (Ω(s) − Ω⁰(s)) ds by Gauss–Legendre (2 points
  // integrate the quadratic exactly), against the closed form.
  const double l = 0.23;
  const Vec3 C(0.4, 1.3, 0.9);
  Vec6 q, rest;
  q << 1, -2, 3, -4, 0.5, 2;
  rest << 0.2, 0.1, -1, 0.3, 0.3, 0.3;
  double s[2], w[2], integral = 0;
  gauss_legendre(2, 0, l, s, w);
  for (int i = 0; i < 2; ++i) {
    const double t = s[i] / l;
    const Vec3 d = (1 - t) * (q.head<3>() - rest.head<3>()) + t * (q.tail<3>() - rest.tail<3>());
    integral += w[i] * 0.5 * d.dot(C.cwiseProduct(d));
  }
  CHECK(clothoid_energy(l, C, q, rest) == Approx(integral).epsilon(1e-14));
  // Seed 002's stiffness matrix for one element: l/3 C on the diagonal, l/6 C off it.
  const Vec6x6 K = clothoid_energy_hessian(l, C);
  CHECK((K.topLeftCorner<3, 3>() - l / 3 * Mat3(C.asDiagonal())).norm() < 1e-16);
  CHECK((K.topRightCorner<3, 3>() - l / 6 * Mat3(C.asDiagonal())).norm() < 1e-16);
  CHECK((K - K.transpose()).norm() == 0);
  const Vec6 grad = clothoid_energy_gradient(l, C, q, rest);
  for (int j = 0; j < 6; ++j) {
    Vec6 a = q, b = q;
    a[j] += 1e-5, b[j] -= 1e-5;
    CHECK(grad[j] == Approx((clothoid_energy(l, C, a, rest) - clothoid_energy(l, C, b, rest)) / 2e-5).epsilon(1e-9));
  }
  // Equal nodes are the helix of the same curvature.
  Vec6 same;
  same << q.head<3>(), q.head<3>();
  Vec6 same_rest;
  same_rest << rest.head<3>(), rest.head<3>();
  CHECK(clothoid_energy(l, C, same, same_rest) == Approx(helix_energy(l, C, q.head<3>(), rest.head<3>())).epsilon(1e-15));
}

TEST_CASE("internal friction: stiffness-proportional Rayleigh dissipation", "[rod]") {
  // Seed 000 §4.5: the term −ν K κ̇ in the equations of motion, from the
  // dissipation D = ½ ν κ̇ᵀ K κ̇: the force is −∂D/∂κ̇, the power −2D <= 0.
  const double l = 0.1, gamma = 0.02;
  const Vec6x6 K = clothoid_energy_hessian(l, Vec3(0.2, 1, 1));
  Vec6 rate;
  rate << 1, -3, 2, 0.5, 0, -1;
  const Vec6 f = rod_friction_force(gamma, K, rate);
  const double D = rod_dissipation(gamma, K, rate);
  CHECK(D > 0);
  CHECK(f.dot(rate) == Approx(-2 * D).epsilon(1e-14));
  for (int j = 0; j < 6; ++j) {
    Vec6 a = rate, b = rate;
    a[j] += 1e-4, b[j] -= 1e-4;
    CHECK(std::abs(f[j] + (rod_dissipation(gamma, K, a) - rod_dissipation(gamma, K, b)) / 2e-4) < 1e-10 * f.norm());
  }
  const Mat3 Kh = helix_energy_hessian(l, Vec3(0.2, 1, 1));
  CHECK((rod_friction_force(gamma, Kh, Vec3(1, 2, 3)) + gamma * l * Vec3(0.2, 2, 3)).norm() < 1e-16);
}
