// A point of a curved element (rod_point.hpp). TEMPORARY development
// version: the helix by matrix exponentials of its constant twist (exact to
// rounding, slow); the clothoid is not here yet.
#include "dynamics/src/rod_point.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <unsupported/Eigen/MatrixFunctions>

namespace lsd::dyn {
namespace {

Mat6 ad(const Vec3& w, const Vec3& v) {
  Mat6 a = Mat6::Zero();
  a.topLeftCorner<3, 3>() = skew(w);
  a.bottomRightCorner<3, 3>() = skew(w);
  a.bottomLeftCorner<3, 3>() = skew(v);
  return a;
}

}  // namespace

void rod_point(const Rod& rod, const Vec3& /*start*/, const Vec3& /*start_rate*/, const Vec3& own,
               const Vec3& own_rate, double s, RodPoint& out) {
  (void)rod;
  const Vec3 ex = Vec3::UnitX();
  Eigen::Matrix4d X = Eigen::Matrix4d::Zero();
  X.topLeftCorner<3, 3>() = skew(own) * s;
  X.topRightCorner<3, 1>() = ex * s;
  const Eigen::Matrix4d G = X.exp();
  out.g.rotation = G.topLeftCorner<3, 3>();
  out.g.translation = G.topRightCorner<3, 1>();
  const Mat6 A = -ad(own, ex);
  Eigen::Matrix<double, 9, 9> P = Eigen::Matrix<double, 9, 9>::Zero();
  P.topLeftCorner<6, 6>() = A * s;
  P.block<3, 3>(0, 6) = Mat3::Identity() * s;
  const Eigen::Matrix<double, 9, 9> EP = P.exp();
  out.psi_own = EP.block<6, 3>(0, 6);
  out.psi_start.setZero();
  Eigen::Matrix<double, 13, 13> C = Eigen::Matrix<double, 13, 13>::Zero();
  C.block<6, 6>(0, 0) = A * s;
  C.block<6, 6>(6, 6) = A * s;
  C.block<6, 6>(6, 0) = -ad(own_rate, Vec3::Zero()) * s;
  C.block<3, 1>(0, 12) = own_rate * s;
  const Eigen::Matrix<double, 13, 13> EC = C.exp();
  out.c = EC.block<6, 1>(6, 12);
}

namespace {
// Gauss-Legendre nodes on [0, 1] and weights, for n = 1 .. kMaxOrder, by
// Newton's method on the Legendre polynomial (to rounding).
constexpr int kMaxOrder = 24;
struct Rules {
  std::array<std::array<double, kMaxOrder>, kMaxOrder + 1> node{}, weight{};
  Rules() {
    for (int n = 1; n <= kMaxOrder; ++n) {
      for (int k = 0; k < n; ++k) {
        double x = std::cos(M_PI * (k + 0.75) / (n + 0.5));
        double dp = 1;
        for (int it = 0; it < 100; ++it) {
          double p0 = 1, p1 = x;
          for (int j = 2; j <= n; ++j) {
            const double p2 = ((2 * j - 1) * x * p1 - (j - 1) * p0) / j;
            p0 = p1;
            p1 = p2;
          }
          if (n == 1) p1 = x, p0 = 1;
          dp = n * (x * p1 - p0) / (x * x - 1);
          const double dx = p1 / dp;
          x -= dx;
          if (std::abs(dx) < 1e-17) break;
        }
        node[n][k] = 0.5 * (1 - x);
        weight[n][k] = 1.0 / ((1 - x * x) * dp * dp);
      }
    }
  }
};
const Rules& rules() {
  static const Rules r;
  return r;
}
}  // namespace

Quadrature rod_quadrature(double turn) {
  // Gauss-Legendre's error on an analytic integrand of frequency turn over
  // the element: about (n!)^4 / ((2n+1) ((2n)!)^3) turn^(2n) (relative).
  int n = 4;
  const double lt = std::log(std::max(turn, 1e-300));
  for (; n < kMaxOrder; ++n) {
    const double log_err = 4 * std::lgamma(n + 1.0) - std::log(2.0 * n + 1) - 3 * std::lgamma(2.0 * n + 1) + 2 * n * lt;
    if (log_err < std::log(1e-17)) break;
  }
  const Rules& r = rules();
  return {n, r.node[std::size_t(n)].data(), r.weight[std::size_t(n)].data()};
}

}  // namespace lsd::dyn
