// Tests of dynamics/src/rod_quadrature.cpp: on random helix and clothoid
// elements from straight to 20 rad of l·max|Ω|, the rule rod_quadrature
// chooses integrates the products of the section quantities the
// articulated solver needs to within 1e-14 of ∫‖integrand‖, against a
// composite 16-point rule on 24 panels (docs/dynamics.md).
#include <cmath>
#include <random>
#include <vector>
#include <catch2/catch.hpp>

#include "dynamics/gauss_legendre.hpp"
#include "dynamics/rod_element.hpp"

using namespace lsd::dyn;
using MatX = Eigen::MatrixXd;
using Mat6X = Eigen::Matrix<double, 6, Eigen::Dynamic>;

namespace {

struct Sample {
  Mat3 R;
  Vec3 p;
  Mat6X psi;
  Vec6 c;
};

struct Element {
  RodKind kind;
  double length;
  Vec3 omega0, omega1, rate0, rate1;
};

Sample sample(const Element& e, double s) {
  if (e.kind == RodKind::kHelix) {
    const HelixSection h = helix_section(e.omega0, e.rate0, s);
    return {h.pose.rotation, h.pose.translation, h.jacobian, h.bias};
  }
  ClothoidElement c;
  c.length = e.length, c.omega0 = e.omega0, c.omega1 = e.omega1, c.rate0 = e.rate0, c.rate1 = e.rate1;
  const ClothoidSection h = clothoid_section(c, s);
  return {h.pose.rotation, h.pose.translation, h.jacobian, h.bias};
}

// The four integrals and the integrals of their norms.
struct Integrals {
  MatX mass, inertia, coupling, bias;  // ∫ Ψᵀ M Ψ, ∫ Xᵀ M X, ∫ Ψᵀ M X, ∫ Ψᵀ (M c + V ×* M V)
  double norms[4] = {0, 0, 0, 0};
};

Mat6 force_cross(const Vec6& v) {  // v ×* as a matrix (spatial.hpp's cross(Motion, Force))
  Mat6 m = Mat6::Zero();
  m.topLeftCorner<3, 3>() = skew(v.head<3>());
  m.topRightCorner<3, 3>() = skew(v.tail<3>());
  m.bottomRightCorner<3, 3>() = skew(v.head<3>());
  return m;
}

Integrals integrate(const Element& e, const std::vector<double>& s, const std::vector<double>& w) {
  const Mat6 M = rod_section_inertia(e.length / 20, 1000).to_matrix();
  const int n = e.kind == RodKind::kHelix ? 3 : 6;
  Eigen::VectorXd rate(n);
  if (n == 3) rate = e.rate0;
  else rate << e.rate0, e.rate1;
  Integrals r{MatX::Zero(n, n), MatX::Zero(6, 6), MatX::Zero(n, 6), MatX::Zero(n, 1)};
  for (size_t i = 0; i < s.size(); ++i) {
    const Sample x = sample(e, s[i]);
    Mat6 X = Mat6::Zero();  // start-frame motion -> section frame
    X.topLeftCorner<3, 3>() = X.bottomRightCorner<3, 3>() = x.R.transpose();
    X.bottomLeftCorner<3, 3>() = -x.R.transpose() * skew(x.p);
    const Vec6 V = x.psi * rate;
    const MatX t[4] = {x.psi.transpose() * M * x.psi, X.transpose() * M * X, x.psi.transpose() * M * X,
                       x.psi.transpose() * (M * x.c + force_cross(V) * (M * V))};
    MatX* sums[4] = {&r.mass, &r.inertia, &r.coupling, &r.bias};
    for (int k = 0; k < 4; ++k) *sums[k] += w[i] * t[k], r.norms[k] += w[i] * t[k].norm();
  }
  return r;
}

void rule(const RodQuadrature& q, double length, std::vector<double>& s, std::vector<double>& w) {
  s.resize(q.points()), w.resize(q.points());
  rod_quadrature_points(q, length, s, w);
}

}  // namespace

TEST_CASE("rod quadrature integrates the section products to 1e-14", "[rod]") {
  std::mt19937 rng(777u);
  auto uniform = [&] { return 2.0 * (rng() / 4294967296.0) - 1.0; };
  auto unit = [&] { return Vec3(uniform(), uniform(), uniform()).normalized(); };
  const double l = 0.1;
  for (RodKind kind : {RodKind::kHelix, RodKind::kClothoid}) {
    for (double l_theta : {0.0, 0.05, 0.4, 1.2, 2.2, 3.7, 4.9, 6.5, 7.9, 13.0, 20.0}) {
      for (int trial = 0; trial < 3; ++trial) {
        Element e{kind, l, unit() * (l_theta / l), Vec3::Zero(), 20 * unit(), 20 * unit()};
        e.omega1 = kind == RodKind::kHelix ? e.omega0 : std::abs(uniform()) * (l_theta / l) * unit();
        if (trial == 1) std::swap(e.omega0, e.omega1);
        if (kind == RodKind::kHelix) e.rate1 = e.rate0;
        const double max_theta = std::max(e.omega0.norm(), e.omega1.norm());
        std::vector<double> s, w;
        rule(rod_quadrature(kind, l * max_theta), l, s, w);
        const Integrals got = integrate(e, s, w);
        rule(RodQuadrature{24, 16}, l, s, w);
        const Integrals ref = integrate(e, s, w);
        INFO((kind == RodKind::kHelix ? "helix" : "clothoid") << " l|omega| " << l_theta << " trial " << trial);
        CHECK((got.mass - ref.mass).norm() < 1e-14 * ref.norms[0]);
        CHECK((got.inertia - ref.inertia).norm() < 1e-14 * ref.norms[1]);
        CHECK((got.coupling - ref.coupling).norm() < 1e-14 * ref.norms[2]);
        CHECK((got.bias - ref.bias).norm() < 1e-14 * ref.norms[3]);
      }
    }
  }
}
