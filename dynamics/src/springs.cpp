// The spring of a joint with a rest turn (springs.hpp; docs/dynamics.md,
// "Rigid chains: second order").
#include "dynamics/springs.hpp"

#include <Eigen/Eigenvalues>

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

JointSpringAxes spring_axes(const Mat3& k) {
  JointSpringAxes out;
  const Mat3 off = k - Mat3(k.diagonal().asDiagonal());
  if (off.norm() <= 1e-14 * k.norm()) {  // already diagonal (a = 0, or along an axis): the rest frame's axes
    out.stiffness = k.diagonal();
    return out;
  }
  const Eigen::SelfAdjointEigenSolver<Mat3> eig(0.5 * (k + k.transpose()));
  out.axes = eig.eigenvectors();
  out.stiffness = eig.eigenvalues();
  if (out.axes.determinant() < 0) out.axes.col(2) = -out.axes.col(2);  // a rotation
  return out;
}

JointSpringAxes curved_joint_spring(const Vec3& a, const Vec3& c) {
  const Mat3 ji = right_jacobian_inverse(a);
  return spring_axes(ji.transpose() * c.asDiagonal() * ji);
}

}  // namespace lsd::dyn
