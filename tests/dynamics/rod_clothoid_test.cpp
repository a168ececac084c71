// Tests of dynamics/src/rod_clothoid.cpp (the clothoid element,
// docs/dynamics.md, "Curved rods: one element"): its pose against the
// Darboux equation integrated numerically (tests/support/darboux_reference.hpp);
// with equal ends, against the helix's closed form; Ψ and c against
// complex-step and central differences of the series; the march, the
// composition of two elements and the cost in pieces.
#include <cmath>
#include <complex>
#include <random>
#include <vector>
#include <catch2/catch.hpp>

#include "dynamics/rod_element.hpp"
#include "dynamics/src/rod_clothoid.hpp"
#include "support/darboux_reference.hpp"

using namespace lsd::dyn;
using Cx = std::complex<double>;
using Mat66 = Eigen::Matrix<double, 6, 6>;

namespace {

constexpr double kMagnitudes[] = {0.0, 1e-9, 1e-5, 0.3, 5.0, 50.0};  // 1/m, on elements of 0.1 m

// Random unit directions and rates, the same on every compiler (the
// distributions' algorithms are not specified: only the engine's numbers).
struct Draw {
  std::mt19937 rng{20240611u};
  double uniform() { return 2.0 * (rng() / 4294967296.0) - 1.0; }
  Vec3 vec() { return Vec3(uniform(), uniform(), uniform()); }
  Vec3 unit() { return vec().normalized(); }
};

ClothoidElement element(double l, const Vec3& o0, const Vec3& o1, const Vec3& r0, const Vec3& r1) {
  ClothoidElement e;
  e.length = l, e.omega0 = o0, e.omega1 = o1, e.rate0 = r0, e.rate1 = r1;
  return e;
}

Vec3 vee(const Mat3& w) { return 0.5 * Vec3(w(2, 1) - w(1, 2), w(0, 2) - w(2, 0), w(1, 0) - w(0, 1)); }

lsd::dyn::rod::ClothoidState<Cx> complex_state(const ClothoidElement& e, const Eigen::Matrix<Cx, 6, 1>& q,
                                               const Eigen::Matrix<Cx, 6, 1>& rate, double s) {
  lsd::dyn::rod::ClothoidElementT<Cx> ec{e.length, q.head<3>(), q.tail<3>(), rate.head<3>(), rate.tail<3>()};
  lsd::dyn::rod::ClothoidState<Cx> st;
  lsd::dyn::rod::clothoid_march<Cx>(ec, std::span(&s, 1), std::span(&st, 1));
  return st;
}

Eigen::Matrix<double, 6, 1> nodes(const ClothoidElement& e) {
  Eigen::Matrix<double, 6, 1> q;
  q << e.omega0, e.omega1;
  return q;
}

// Ψ column j: the body velocity (vee(Rᵀ ∂R/∂q_j), Rᵀ ∂p/∂q_j), the
// derivatives by complex step through the series.
Mat66 jacobian_by_complex_step(const ClothoidElement& e, double s) {
  constexpr double kStep = 1e-200;
  const SE3 g = clothoid_pose(e, s);
  Mat66 psi;
  for (int j = 0; j < 6; ++j) {
    Eigen::Matrix<Cx, 6, 1> q = nodes(e).cast<Cx>();
    q[j] += Cx(0, kStep);
    const auto st = complex_state(e, q, Eigen::Matrix<Cx, 6, 1>::Zero(), s);
    const Mat3 dR = st.R.imag() / kStep;
    const Vec3 dp = st.p.imag() / kStep;
    psi.col(j) << vee(g.rotation.transpose() * dR), g.rotation.transpose() * dp;
  }
  return psi;
}

Mat66 jacobian_by_differences(const ClothoidElement& e, double s) {
  const SE3 g = clothoid_pose(e, s);
  Mat66 psi;
  for (int j = 0; j < 6; ++j) {
    const double h = 1e-6 * std::max(1.0, nodes(e).norm());
    ClothoidElement a = e, b = e;
    (j < 3 ? a.omega0 : a.omega1)[j % 3] += h;
    (j < 3 ? b.omega0 : b.omega1)[j % 3] -= h;
    const SE3 ga = clothoid_pose(a, s), gb = clothoid_pose(b, s);
    psi.col(j) << vee(g.rotation.transpose() * (ga.rotation - gb.rotation) / (2 * h)),
        g.rotation.transpose() * (ga.translation - gb.translation) / (2 * h);
  }
  return psi;
}

// c = d/dε [Ψ(q + ε q̇) q̇], by complex step of the series' Ψ.
Vec6 bias_by_complex_step(const ClothoidElement& e, double s) {
  constexpr double kStep = 1e-200;
  Eigen::Matrix<double, 6, 1> rate;
  rate << e.rate0, e.rate1;
  const Eigen::Matrix<Cx, 6, 1> q = nodes(e).cast<Cx>() + Cx(0, kStep) * rate.cast<Cx>();
  const auto st = complex_state(e, q, rate.cast<Cx>(), s);
  Mat66 dpsi;
  dpsi << st.psi_w.imag() / kStep, st.psi_v.imag() / kStep;
  return dpsi * rate;
}

}  // namespace

TEST_CASE("clothoid pose equals the Darboux equation integrated", "[rod]") {
  Draw draw;
  const double l = 0.1;
  for (double mag : kMagnitudes) {
    for (int trial = 0; trial < 4; ++trial) {
      const Vec3 o0 = mag * draw.unit(), o1 = mag * draw.uniform() * draw.unit();
      const ClothoidElement e = element(l, o0, o1, Vec3::Zero(), Vec3::Zero());
      for (double s : {l / 3, 0.8 * l, l}) {
        const lsd::test::DarbouxPose ref = lsd::test::darboux_reference(o0, (o1 - o0) / l, s, 2000);
        const SE3 g = clothoid_pose(e, s);
        INFO("|omega| " << mag << " s " << s);
        CHECK(double((g.rotation.cast<long double>() - ref.R).norm()) < 1e-14);
        CHECK(double((g.translation.cast<long double>() - ref.p).norm()) < 1e-14 * l);
      }
    }
  }
  // Long and curly: 1 m from 0 to 40 rad/m, 13 pieces.
  const Vec3 o0 = Vec3(3, -1, 2), o1 = Vec3(-10, 30, 25);
  const lsd::test::DarbouxPose ref = lsd::test::darboux_reference(o0, o1 - o0, 1.0, 20000);
  const SE3 g = clothoid_pose(element(1.0, o0, o1, Vec3::Zero(), Vec3::Zero()), 1.0);
  CHECK(double((g.rotation.cast<long double>() - ref.R).norm()) < 3e-14);
  CHECK(double((g.translation.cast<long double>() - ref.p).norm()) < 3e-14);
}

TEST_CASE("a clothoid with equal ends is the helix: pose, Ψ and c", "[rod]") {
  // Two independent computations (closed form, power series): with
  // Ω0 = Ω1 the clothoid's Ψ columns for the two nodes sum to the helix's.
  Draw draw;
  for (double mag : kMagnitudes) {
    for (int trial = 0; trial < 4; ++trial) {
      const Vec3 omega = mag * draw.unit(), rate = 10 * draw.vec();
      const double l = 0.1;
      const ClothoidSection c = clothoid_section(element(l, omega, omega, rate, rate), l);
      const HelixSection h = helix_section(omega, rate, l);
      const Eigen::Matrix<double, 6, 3> summed = c.jacobian.leftCols<3>() + c.jacobian.rightCols<3>();
      INFO("|omega| " << mag);
      CHECK((c.pose.rotation - h.pose.rotation).norm() < 2e-15);
      CHECK((c.pose.translation - h.pose.translation).norm() < 2e-15 * l);
      CHECK((summed - h.jacobian).norm() < 2e-15 * h.jacobian.norm());
      CHECK((c.bias - h.bias).norm() < 4e-15 * h.bias.norm());
    }
  }
}

TEST_CASE("clothoid Ψ: complex step and central differences of the pose", "[rod]") {
  Draw draw;
  const double l = 0.1;
  for (double mag : kMagnitudes) {
    for (int trial = 0; trial < 3; ++trial) {
      const ClothoidElement e = element(l, mag * draw.unit(), mag * draw.unit(), Vec3::Zero(), Vec3::Zero());
      for (double s : {l / 3, l}) {
        const ClothoidSection sec = clothoid_section(e, s);
        const double scale = sec.jacobian.norm();
        INFO("|omega| " << mag << " s " << s);
        CHECK((sec.jacobian - jacobian_by_complex_step(e, s)).norm() < 2e-15 * scale);
        CHECK((sec.jacobian - jacobian_by_differences(e, s)).norm() < 1e-9 * scale);
      }
    }
  }
}

TEST_CASE("clothoid c: complex step of Ψ q̇ and differences of the velocity", "[rod]") {
  Draw draw;
  const double l = 0.1;
  for (double mag : kMagnitudes) {
    for (int trial = 0; trial < 3; ++trial) {
      const ClothoidElement e = element(l, mag * draw.unit(), mag * draw.unit(), 5 * draw.vec(), 5 * draw.vec());
      Eigen::Matrix<double, 6, 1> rate;
      rate << e.rate0, e.rate1;
      const ClothoidSection sec = clothoid_section(e, l);
      const double scale = sec.jacobian.norm() * rate.norm() * rate.norm() * l;  // |Ψ| |q̇|² l
      INFO("|omega| " << mag);
      CHECK((sec.bias - bias_by_complex_step(e, l)).norm() < 1e-14 * scale);
      const double h = 1e-5 / rate.norm();
      ClothoidElement ep = e, em = e;
      ep.omega0 += h * e.rate0, ep.omega1 += h * e.rate1;
      em.omega0 -= h * e.rate0, em.omega1 -= h * e.rate1;
      const Vec6 dv = (clothoid_section(ep, l).jacobian - clothoid_section(em, l).jacobian) * rate / (2 * h);
      CHECK((sec.bias - dv).norm() < 1e-8 * scale);
    }
  }
}

TEST_CASE("clothoid march: many sections equal each alone", "[rod]") {
  Draw draw;
  const double l = 0.3;
  const ClothoidElement e = element(l, 20 * draw.unit(), 35 * draw.unit(), draw.vec(), draw.vec());
  std::vector<double> s = {0.0, 0.01, 0.05, 0.1, 0.1, 0.17, 0.25, 0.299, 0.3};
  std::vector<ClothoidSection> all(s.size());
  clothoid_sections(e, s, all);
  for (size_t i = 0; i < s.size(); ++i) {
    const ClothoidSection one = clothoid_section(e, s[i]);
    INFO("s " << s[i]);
    CHECK((all[i].pose.rotation - one.pose.rotation).norm() < 1e-14);
    CHECK((all[i].pose.translation - one.pose.translation).norm() < 1e-14 * l);
    CHECK((all[i].jacobian - one.jacobian).norm() <= 1e-14 * std::max(1e-300, one.jacobian.norm()));
    CHECK((all[i].bias - one.bias).norm() <= 1e-14 * std::max(1e-300, one.bias.norm()));
  }
  // s = 0 is the start frame, with no velocity.
  CHECK((all[0].pose.rotation - Mat3::Identity()).norm() == 0);
  CHECK(all[0].jacobian.norm() == 0);
}

TEST_CASE("two clothoids sharing a node compose into one (G2 centreline)", "[rod]") {
  // Ω affine along l1 + l2: the first l1 is the element Ω0 → Ωm, the rest
  // the element Ωm → Ω1, each in the frame where the other ends.
  const Vec3 o0(2, -5, 8), o1(-7, 12, 3);
  const double l1 = 0.13, l2 = 0.29, t = l1 / (l1 + l2);
  const Vec3 om = (1 - t) * o0 + t * o1;
  const SE3 a = clothoid_pose(element(l1, o0, om, Vec3::Zero(), Vec3::Zero()), l1);
  const SE3 b = clothoid_pose(element(l2, om, o1, Vec3::Zero(), Vec3::Zero()), l2);
  const SE3 whole = clothoid_pose(element(l1 + l2, o0, o1, Vec3::Zero(), Vec3::Zero()), l1 + l2);
  const SE3 ab = a * b;
  CHECK((ab.rotation - whole.rotation).norm() < 1e-14);
  CHECK((ab.translation - whole.translation).norm() < 1e-14);
}

TEST_CASE("clothoid cost: one piece per 3 rad of l·max|Ω|", "[rod]") {
  // The pieces of the march (docs/dynamics.md): straight or gently curved,
  // one; a helix of 50 rad/m over 1 m, ceil(50/3) = 17.
  auto pieces = [](const ClothoidElement& e) {
    const double s = e.length;
    ClothoidSection out;
    return clothoid_sections(e, std::span(&s, 1), std::span(&out, 1));
  };
  CHECK(pieces(element(0.1, Vec3::Zero(), Vec3::Zero(), Vec3::Zero(), Vec3::Zero())) == 1);
  CHECK(pieces(element(0.1, Vec3(1, 2, 3), Vec3(-3, 2, 1), Vec3::Zero(), Vec3::Zero())) == 1);
  const Vec3 fifty = 50 * Vec3(1, -2, 2).normalized();
  CHECK(pieces(element(1.0, fifty, fifty, Vec3::Zero(), Vec3::Zero())) ==
        static_cast<int>(std::ceil(50.0 / lsd::dyn::rod::kClothoidPiece)));
}

TEST_CASE("clothoid: absurd or NaN curvature gives NaN, without end-less marching", "[rod]") {
  // 1e9 rad/m over 1 m would take 3e8 pieces: the march stops at 2e4.
  const ClothoidSection huge = clothoid_section(element(1.0, Vec3(1e9, 0, 0), Vec3(0, 1e9, 0), Vec3::Zero(), Vec3::Zero()), 1.0);
  CHECK(std::isnan(huge.pose.translation.x()));
  const ClothoidSection nan =
      clothoid_section(element(0.1, Vec3(std::nan(""), 0, 0), Vec3::Zero(), Vec3::Zero(), Vec3::Zero()), 0.1);
  CHECK(std::isnan(nan.pose.rotation(0, 0)));
  CHECK(std::isnan(clothoid_pose(element(0.1, Vec3(1, 2, 3), Vec3(HUGE_VAL, 0, 0), Vec3::Zero(), Vec3::Zero()), 0.05)
                       .translation.y()));
}
