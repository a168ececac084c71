// Tests of dynamics/src/rod_helix.cpp (the helix element, docs/dynamics.md,
// "Curved rods: one element"): its pose against the analytic circular helix
// and against the Darboux equation integrated numerically
// (tests/support/darboux_reference.hpp); Ψ and c against complex-step and
// central differences of the closed form; the coefficient functions against
// long double, across their series threshold.
#include <cmath>
#include <complex>
#include <numbers>
#include <catch2/catch.hpp>

#include "dynamics/rod_element.hpp"
#include "dynamics/src/rod_helix.hpp"
#include "support/darboux_reference.hpp"

using namespace lsd::dyn;
using Cx = std::complex<double>;

namespace {

// The curvatures of the brief, 1/m, on elements of 0.1 m.
constexpr double kMagnitudes[] = {0.0, 1e-9, 1e-5, 0.3, 5.0, 50.0};
const Vec3 kDirections[] = {Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0.3, -0.8, 0.52).normalized(),
                            Vec3(-0.9, 0.2, 0.4).normalized()};

Vec3 vee(const Mat3& w) { return 0.5 * Vec3(w(2, 1) - w(1, 2), w(0, 2) - w(2, 0), w(1, 0) - w(0, 1)); }

// Ψ column j as the body velocity of the section when Ω_j moves at unit
// rate: (vee(Rᵀ ∂R/∂Ω_j), Rᵀ ∂p/∂Ω_j), with the derivatives by complex step
// (exact to rounding: no difference is taken).
Eigen::Matrix<double, 6, 3> jacobian_by_complex_step(const Vec3& omega, double s) {
  constexpr double kStep = 1e-200;
  const SE3 g = helix_pose(omega, s);
  Eigen::Matrix<double, 6, 3> psi;
  for (int j = 0; j < 3; ++j) {
    lsd::dyn::rod::V3<Cx> oc = omega.cast<Cx>();
    oc[j] += Cx(0, kStep);
    const auto gc = lsd::dyn::rod::helix_pose_t<Cx>(oc, s);
    const Mat3 dR = gc.R.imag() / kStep;
    const Vec3 dp = gc.p.imag() / kStep;
    psi.col(j) << vee(g.rotation.transpose() * dR), g.rotation.transpose() * dp;
  }
  return psi;
}

// The same by central differences of the public pose (h = 1e-6 relative).
Eigen::Matrix<double, 6, 3> jacobian_by_differences(const Vec3& omega, double s) {
  const SE3 g = helix_pose(omega, s);
  Eigen::Matrix<double, 6, 3> psi;
  for (int j = 0; j < 3; ++j) {
    const double h = 1e-6 * std::max(1.0, omega.norm());
    Vec3 a = omega, b = omega;
    a[j] += h, b[j] -= h;
    const SE3 ga = helix_pose(a, s), gb = helix_pose(b, s);
    const Mat3 dR = (ga.rotation - gb.rotation) / (2 * h);
    const Vec3 dp = (ga.translation - gb.translation) / (2 * h);
    psi.col(j) << vee(g.rotation.transpose() * dR), g.rotation.transpose() * dp;
  }
  return psi;
}

// c = d/dε [Ψ(Ω + ε Ω̇) Ω̇] at ε = 0, by complex step of the closed-form Ψ.
Vec6 bias_by_complex_step(const Vec3& omega, const Vec3& rate, double s) {
  constexpr double kStep = 1e-200;
  const lsd::dyn::rod::V3<Cx> oc = omega.cast<Cx>() + Cx(0, kStep) * rate.cast<Cx>();
  const auto h = lsd::dyn::rod::helix_section_t<Cx>(oc, rate.cast<Cx>(), s);
  return (h.jacobian.imag() / kStep) * rate;
}

}  // namespace

TEST_CASE("helix tip: the analytic circular helix, exact to 1e-12", "[rod]") {
  // A constant Darboux vector turns the tangent about the fixed axis
  // a = Ω/|Ω| at the rate θ = |Ω|: a circular helix of radius κ/(κ² + τ²)
  // (κ = |(k1, k2)|, τ = t) advancing τ/θ along a per unit length.
  for (const Vec3& omega : {Vec3(0, 2, 0), Vec3(1.5, 0, -3), Vec3(-4, 7, 2), Vec3(30, -20, 40), Vec3(0.2, 0.1, 50)}) {
    const double theta = omega.norm(), kappa = omega.tail<2>().norm(), tau = omega.x();
    const Vec3 a = omega / theta;
    const double cos_alpha = tau / theta, sin_alpha = kappa / theta;  // the tangent's angle to a
    const Vec3 u = (Vec3::UnitX() - cos_alpha * a).normalized();
    for (double s : {0.05, 0.4, 1.0, 2.7}) {
      const double radius = kappa / (kappa * kappa + tau * tau);
      const Vec3 p = cos_alpha * s * a + radius * (std::sin(theta * s) * u + (1 - std::cos(theta * s)) * a.cross(u));
      const Mat3 R = Eigen::AngleAxisd(theta * s, a).toRotationMatrix();
      const SE3 g = helix_pose(omega, s);
      INFO("omega " << omega.transpose() << " s " << s);
      CHECK((g.translation - p).norm() < 1e-12 * std::max(1.0, s));
      CHECK((g.rotation - R).norm() < 1e-12);
      CHECK(std::abs(sin_alpha / theta - radius) < 1e-15);
    }
  }
}

TEST_CASE("helix pose equals the Darboux equation integrated, from 0 to 50 rad/m", "[rod]") {
  const double l = 0.1;
  for (double mag : kMagnitudes) {
    for (const Vec3& dir : kDirections) {
      const Vec3 omega = mag * dir;
      const lsd::test::DarbouxPose ref = lsd::test::darboux_reference(omega, Vec3::Zero(), l, 2000);
      const SE3 g = helix_pose(omega, l);
      INFO("|omega| " << mag << " dir " << dir.transpose());
      CHECK(double((g.rotation.cast<long double>() - ref.R).norm()) < 1e-14);
      CHECK(double((g.translation.cast<long double>() - ref.p).norm()) < 1e-14 * l);
      // The reference itself, against the analytic frame.
      if (mag > 0)
        CHECK(double((ref.R - Eigen::AngleAxis<long double>(mag * l, dir.cast<long double>()).toRotationMatrix()).norm()) <
              1e-15);
    }
  }
  // Straight, and at s = 0.
  const SE3 straight = helix_pose(Vec3::Zero(), 2.5);
  CHECK((straight.translation - Vec3(2.5, 0, 0)).norm() == 0);
  CHECK((straight.rotation - Mat3::Identity()).norm() == 0);
  const SE3 start = helix_pose(Vec3(3, -1, 2), 0.0);
  CHECK((start.rotation - Mat3::Identity()).norm() == 0);
  CHECK(start.translation.norm() == 0);
}

TEST_CASE("helix Ψ: complex step and central differences of the pose", "[rod]") {
  const double l = 0.1;
  for (double mag : kMagnitudes) {
    for (const Vec3& dir : kDirections) {
      const Vec3 omega = mag * dir;
      for (double s : {l / 3, l}) {
        const HelixSection sec = helix_section(omega, Vec3::Zero(), s);
        const double scale = sec.jacobian.norm();
        INFO("|omega| " << mag << " s " << s);
        CHECK((sec.jacobian - jacobian_by_complex_step(omega, s)).norm() < 2e-15 * scale);
        CHECK((sec.jacobian - jacobian_by_differences(omega, s)).norm() < 1e-9 * scale);
        CHECK((sec.pose.rotation - helix_pose(omega, s).rotation).norm() == 0);
      }
    }
  }
}

TEST_CASE("helix c: complex step of Ψ q̇ and differences of the velocity", "[rod]") {
  const double l = 0.1;
  const Vec3 rates[] = {Vec3(0.7, -1.3, 2.1), Vec3(0, 0, 5), Vec3(40, 0, 0)};
  for (double mag : kMagnitudes) {
    for (const Vec3& dir : kDirections) {
      for (const Vec3& rate : rates) {
        const Vec3 omega = mag * dir;
        const HelixSection sec = helix_section(omega, rate, l);
        const double scale = (sec.jacobian.norm() * rate.norm()) * rate.norm() * l;  // |Ψ| |q̇|² l
        INFO("|omega| " << mag << " rate " << rate.transpose());
        CHECK((sec.bias - bias_by_complex_step(omega, rate, l)).norm() < 1e-14 * scale);
        // d/dt V along q(t) = q + t q̇, by central differences in t.
        const double h = 1e-5 / rate.norm();
        const Vec6 vp = helix_section(omega + h * rate, rate, l).jacobian * rate;
        const Vec6 vm = helix_section(omega - h * rate, rate, l).jacobian * rate;
        CHECK((sec.bias - (vp - vm) / (2 * h)).norm() < 1e-8 * scale);
      }
    }
  }
  // No rate, no bias; a rate along Ω of a straight rod is a pure twist rate,
  // which moves no point of the centreline: c's linear part is 0 there.
  CHECK(helix_section(Vec3(1, 2, 3), Vec3::Zero(), 0.1).bias.norm() == 0);
  CHECK(helix_section(Vec3::Zero(), Vec3(3, 0, 0), 0.1).bias.norm() == 0);
}

TEST_CASE("helix coefficients: long double references, continuous across the series threshold", "[rod]") {
  // f2, f3 and their first two derivatives in x = θ², from long double:
  // its series below x = 4 (64-bit mantissa: 3 more digits than double),
  // trigonometry above.
  auto reference = [](long double x, long double out[6]) {
    if (x < 4) {
      for (int j = 0; j < 6; ++j) out[j] = 0;
      long double xk = 1, f[40] = {1};
      for (int m = 1; m < 40; ++m) f[m] = f[m - 1] * m;
      for (int k = 0; k < 16; ++k, xk *= x) {
        const long double sg = (k % 2) ? -1 : 1;
        out[0] += sg * xk / f[2 * k + 2];
        out[1] += sg * xk / f[2 * k + 3];
        out[2] -= sg * (k + 1) * xk / f[2 * k + 4];
        out[3] -= sg * (k + 1) * xk / f[2 * k + 5];
        out[4] += sg * (k + 1) * (k + 2) * xk / f[2 * k + 6];
        out[5] += sg * (k + 1) * (k + 2) * xk / f[2 * k + 7];
      }
      return;
    }
    const long double t = std::sqrt(x), s = std::sin(t), c = std::cos(t), h = std::sin(t / 2), v = 2 * h * h;
    out[0] = v / x;  // 1 − cos θ = 2 sin²(θ/2)
    out[1] = (t - s) / (x * t);
    out[2] = (t * s - 2 * v) / (2 * x * x);
    out[3] = (3 * s - 2 * t - t * c) / (2 * x * x * t);
    out[4] = (x * c - 5 * t * s + 8 * v) / (4 * x * x * x);
    out[5] = (x * s + 7 * t * c + 8 * t - 15 * s) / (4 * x * x * x * t);
  };
  // |f2|, |f3|, |f2'|, |f3'|, |f2''|, |f3''| at x = 0: 1/2!, 1/3!, 1/4!, 1/5!, 2/6!, 2/7!.
  const double kAtZero[6] = {1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 360, 1.0 / 2520};
  const double t0 = std::sqrt(lsd::dyn::rod::kHelixSeriesX);
  for (double theta : {0.0, 1e-8, 0.01, 0.5, 1.0, 2.0, 3.0, 3.4, t0 * (1 - 1e-15), t0, t0 * (1 + 1e-15), 3.6, 4.0, 10.0,
                       2 * std::numbers::pi, 50.0}) {
    const double x = theta * theta;
    long double ref[6];
    reference(x, ref);
    const auto c = lsd::dyn::rod::helix_coefficients(x);
    const double got[6] = {c.f2, c.f3, c.d2, c.d3, c.dd2, c.dd3};
    INFO("theta " << theta);
    for (int j = 0; j < 6; ++j) {
      INFO("coefficient " << j);
      // Within rounding of its value and of its argument: |f| + |x f'|
      // (f' is coefficient j + 2; for f2'', f3'', which cross 0 too, 1e-6
      // of their value at θ = 0 instead).
      const double size = std::abs(double(ref[j])) +
                          (j < 4 ? std::abs(x * double(ref[j + 2])) : 1e-6 * kAtZero[j]);
      CHECK(std::abs(got[j] - double(ref[j])) < 8e-16 * size);
    }
    CHECK(std::abs(c.f0 - std::cos(theta)) < 4e-16);
    CHECK(std::abs(c.f1 - (theta == 0 ? 1.0 : std::sin(theta) / theta)) < 4e-16);
  }
}

TEST_CASE("helix section is continuous across the series threshold", "[rod]") {
  // |sΩ| a few rounding steps below and above the threshold: Ψ and c change
  // by O(1e-15) relative, not by a jump between the series and the
  // trigonometry.
  const Vec3 dir = Vec3(0.2, -0.7, 0.5).normalized(), rate(1.0, -2.0, 0.5);
  const double s = 0.1, t0 = std::sqrt(lsd::dyn::rod::kHelixSeriesX) / s;
  const HelixSection below = helix_section((t0 * (1 - 1e-15)) * dir, rate, s);
  const HelixSection above = helix_section((t0 * (1 + 1e-15)) * dir, rate, s);
  CHECK((below.jacobian - above.jacobian).norm() < 1e-14 * below.jacobian.norm());
  CHECK((below.bias - above.bias).norm() < 1e-14 * below.bias.norm());
  CHECK((below.pose.translation - above.pose.translation).norm() < 1e-14 * s);
}
