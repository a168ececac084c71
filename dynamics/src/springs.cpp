// The spring of a joint with a rest turn (springs.hpp; docs/dynamics.md,
// "Rigid chains: second order").
#include "dynamics/springs.hpp"

#include <cmath>

namespace lsd::dyn {

Mat3 right_jacobian_inverse(const Vec3& a) {
  const double t2 = a.squaredNorm();
  // 1/t^2 - cot(t/2)/(2t): its series below 0.5 rad (as the kernel's spring_torque), else closed.
  const double t = std::sqrt(t2);
  const double c = t2 < 0.25 ? 1.0 / 12 + t2 * (1.0 / 720 + t2 * (1.0 / 30240 + t2 * (1.0 / 1209600)))
                             : 1.0 / t2 - 1.0 / (2 * t * std::tan(t / 2));
  Mat3 ax;
  ax << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0;
  return Mat3::Identity() + 0.5 * ax + c * ax * ax;
}

namespace {

// One Jacobi rotation of the symmetric k in the plane (p, q) that zeroes
// k(p, q) (Golub & Van Loan, "Matrix Computations", the symmetric Schur
// decomposition), accumulated into the axes v.
void jacobi_rotation(Mat3& k, Mat3& v, int p, int q) {
  const double kpq = k(p, q);
  if (kpq == 0) return;
  const double theta = (k(q, q) - k(p, p)) / (2 * kpq);
  const double t = (theta >= 0 ? 1.0 : -1.0) / (std::abs(theta) + std::sqrt(theta * theta + 1));
  const double c = 1 / std::sqrt(t * t + 1), s = t * c;
  for (int r = 0; r < 3; ++r) {  // k <- k J (columns p, q)
    const double a = k(r, p), b = k(r, q);
    k(r, p) = c * a - s * b;
    k(r, q) = s * a + c * b;
  }
  for (int r = 0; r < 3; ++r) {  // k <- J^T k (rows p, q)
    const double a = k(p, r), b = k(q, r);
    k(p, r) = c * a - s * b;
    k(q, r) = s * a + c * b;
  }
  for (int r = 0; r < 3; ++r) {  // v <- v J
    const double a = v(r, p), b = v(r, q);
    v(r, p) = c * a - s * b;
    v(r, q) = s * a + c * b;
  }
}

}  // namespace

// Cyclic Jacobi: a few sweeps (quadratic convergence; a joint's K is near
// diagonal, its rest turn small), accurate to rounding, and a rotation by
// construction.
JointSpringAxes spring_axes(const Mat3& k) {
  JointSpringAxes out;
  Mat3 d = 0.5 * (k + k.transpose());
  const double scale = d.diagonal().squaredNorm();
  for (int sweep = 0; sweep < 16; ++sweep) {
    const double off = d(0, 1) * d(0, 1) + d(0, 2) * d(0, 2) + d(1, 2) * d(1, 2);
    if (!(off > 1e-34 * scale)) break;  // (also stops on a non-finite k)
    jacobi_rotation(d, out.axes, 0, 1);
    jacobi_rotation(d, out.axes, 0, 2);
    jacobi_rotation(d, out.axes, 1, 2);
  }
  out.stiffness = d.diagonal();
  return out;
}

JointSpringAxes curved_joint_spring(const Vec3& a, const Vec3& c) {
  const Mat3 ji = right_jacobian_inverse(a);
  return spring_axes(ji.transpose() * c.asDiagonal() * ji);
}

}  // namespace lsd::dyn
