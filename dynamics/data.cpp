#include "dynamics/data.hpp"

namespace lsd::dyn {

Data make_data(const Model& model) {
  const std::size_t n = model.parent.size();
  Data d;
  d.q.assign(n, Quat::Identity());
  d.w.assign(n, Vec3::Zero());
  d.tau.assign(n, Vec3::Zero());
  d.dw.assign(n, Vec3::Zero());
  d.oMi.assign(n, SE3::identity());
  d.v.assign(n, Motion::zero());
  d.ia_ang.assign(n, Mat3::Zero());
  d.ia_cross.assign(n, Mat3::Zero());
  d.ia_lin.assign(n, Mat3::Zero());
  d.pa.assign(n, Vec6::Zero());
  d.c.assign(n, Vec6::Zero());
  d.y.assign(n, Eigen::Matrix<double, 3, 6>::Zero());
  d.du.assign(n, Vec3::Zero());
  d.a.assign(n, Vec6::Zero());
  d.u.assign(n, Vec3::Zero());
  d.d_joint.assign(n, Mat3::Zero());
  return d;
}

}  // namespace lsd::dyn
