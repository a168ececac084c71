// An independent reference for the rod elements' kinematics: the Darboux
// equation R' = R [Ω(s)]×, p' = R e_x integrated numerically, with Ω(s)
// affine, by classical RK4 on a quaternion and a position in long double,
// on N and 2N equal steps, then Richardson's extrapolation (16 y_2N − y_N)/15
// (RK4's error is c h⁴ + O(h⁵)). Nothing here is shared with the elements'
// closed forms or power series.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace lsd::test {

using Vec3L = Eigen::Matrix<long double, 3, 1>;
using Mat3L = Eigen::Matrix<long double, 3, 3>;
using QuatL = Eigen::Quaternion<long double>;

struct DarbouxPose {
  Mat3L R;
  Vec3L p;
};

namespace detail {

// The state y = (q, p): q' = ½ q ⊗ (0, Ω), p' = R(q) e_x.
inline Eigen::Matrix<long double, 7, 1> darboux_rate(const Eigen::Matrix<long double, 7, 1>& y, const Vec3L& om) {
  const QuatL q(y[0], y[1], y[2], y[3]);
  const QuatL w(0.0L, om.x(), om.y(), om.z());
  const QuatL dq = q * w;
  // R(q) e_x for a q that RK4 keeps unit to O(h⁴): the first column of the
  // rotation of q/|q|.
  const QuatL u = q.normalized();
  const Vec3L t = u.toRotationMatrix().col(0);
  Eigen::Matrix<long double, 7, 1> d;
  d << 0.5L * dq.w(), 0.5L * dq.x(), 0.5L * dq.y(), 0.5L * dq.z(), t;
  return d;
}

inline Eigen::Matrix<long double, 7, 1> rk4(const Vec3L& om0, const Vec3L& slope, long double s, int steps) {
  Eigen::Matrix<long double, 7, 1> y;
  y << 1, 0, 0, 0, 0, 0, 0;
  const long double h = s / steps;
  for (int i = 0; i < steps; ++i) {
    const long double a = h * i;
    const Vec3L o0 = om0 + a * slope, o1 = om0 + (a + 0.5L * h) * slope, o2 = om0 + (a + h) * slope;
    const auto k1 = darboux_rate(y, o0);
    const auto k2 = darboux_rate(y + 0.5L * h * k1, o1);
    const auto k3 = darboux_rate(y + 0.5L * h * k2, o1);
    const auto k4 = darboux_rate(y + h * k3, o2);
    y += h / 6.0L * (k1 + 2.0L * k2 + 2.0L * k3 + k4);
  }
  return y;
}

}  // namespace detail

// g(s) for Ω(u) = om0 + u·slope, from the element's start frame (identity).
inline DarbouxPose darboux_reference(const Eigen::Vector3d& om0, const Eigen::Vector3d& slope, double s, int steps) {
  const Vec3L o = om0.cast<long double>(), k = slope.cast<long double>();
  const auto coarse = detail::rk4(o, k, s, steps);
  const auto fine = detail::rk4(o, k, s, 2 * steps);
  const Eigen::Matrix<long double, 7, 1> y = (16.0L * fine - coarse) / 15.0L;
  DarbouxPose g;
  g.R = QuatL(y[0], y[1], y[2], y[3]).normalized().toRotationMatrix();
  g.p = y.tail<3>();
  return g;
}

}  // namespace lsd::test
