#include "dynamics/rnea.hpp"

#include <vector>

namespace lsd::dyn {

namespace {

// Force transform from b coordinates to a coordinates: [[R, [p]x R], [0, R]].
Mat6 force_matrix(const SE3& aMb) {
  Mat6 x = Mat6::Zero();
  x.topLeftCorner<3, 3>() = aMb.rotation;
  x.bottomRightCorner<3, 3>() = aMb.rotation;
  x.topRightCorner<3, 3>() = skew(aMb.translation) * aMb.rotation;
  return x;
}

// Motion cross-product matrix v x.
Mat6 motion_cross(const Vec6& v) {
  Mat6 x = Mat6::Zero();
  x.topLeftCorner<3, 3>() = skew(v.head<3>());
  x.bottomRightCorner<3, 3>() = skew(v.head<3>());
  x.bottomLeftCorner<3, 3>() = skew(v.tail<3>());
  return x;
}

// liMi: body i in its parent's frame.
std::vector<SE3> parent_transforms(const Model& model, const Data& data) {
  std::vector<SE3> liMi(model.nbody());
  liMi[0] = {data.base_q.toRotationMatrix(), data.base_p};  // base in the world
  for (int i = 1; i < model.nbody(); ++i)
    liMi[i] = model.joint_placement[i] * SE3{data.q[i].toRotationMatrix(), Vec3::Zero()};
  return liMi;
}

int offset(const Model& model) { return model.base_kind == BaseKind::kFloating ? 6 : 0; }

// Base motion subspace in base coordinates: world axes -> base axes.
Mat6 base_subspace(const Mat3& R0) {
  Mat6 s = Mat6::Zero();
  s.topLeftCorner<3, 3>() = R0.transpose();
  s.bottomRightCorner<3, 3>() = R0.transpose();
  return s;
}

}  // namespace

Eigen::VectorXd joint_velocities(const Model& model, const Data& data) {
  Eigen::VectorXd v(model.nv());
  const int off = offset(model);
  if (off) v << data.base_w, data.base_v, Eigen::VectorXd::Zero(model.nv() - 6);
  for (int i = 1; i < model.nbody(); ++i) v.segment<3>(off + 3 * (i - 1)) = data.w[i];
  return v;
}

Eigen::VectorXd joint_accelerations(const Model& model, const Data& data) {
  Eigen::VectorXd a(model.nv());
  const int off = offset(model);
  if (off) a << data.base_dw, data.base_dv - data.base_w.cross(data.base_v),
      Eigen::VectorXd::Zero(model.nv() - 6);
  for (int i = 1; i < model.nbody(); ++i) a.segment<3>(off + 3 * (i - 1)) = data.dw[i];
  return a;
}

Eigen::VectorXd rnea(const Model& model, const Data& data, const Eigen::VectorXd& qdd) {
  const int n = model.nbody();
  const int off = offset(model);
  const std::vector<SE3> liMi = parent_transforms(model, data);
  const Mat3 R0 = liMi[0].rotation;
  std::vector<Vec6> v(n), a(n), f(n);

  // Base, in base coordinates; gravity as a fictitious upward acceleration.
  v[0].setZero();
  a[0].setZero();
  a[0].tail<3>() = -R0.transpose() * model.opt.gravity;
  if (model.base_kind == BaseKind::kKinematic) {
    v[0].tail<3>() = R0.transpose() * data.base_v;
    a[0].tail<3>() += R0.transpose() * data.base_acc;
  } else if (model.base_kind == BaseKind::kFloating) {
    Vec6 vb, ab;
    vb << data.base_w, data.base_v;
    ab = qdd.head<6>();
    const Mat6 s = base_subspace(R0);
    v[0] = s * vb;
    a[0] += s * ab;
  }
  f[0] = model.inertia[0].to_matrix() * a[0] + motion_cross(v[0]).transpose() * -1.0 *
                                                   (model.inertia[0].to_matrix() * v[0]);
  // Forward: v_i = iXp v_p + S w, a_i = iXp a_p + S dw + v_i x S w.
  for (int i = 1; i < n; ++i) {
    const int p = model.parent[i];
    const Mat6 iXp = force_matrix(liMi[i]).transpose();  // motion p -> i
    Vec6 sw = Vec6::Zero(), sdw = Vec6::Zero();
    sw.head<3>() = data.w[i];
    sdw.head<3>() = qdd.segment<3>(off + 3 * (i - 1));
    v[i] = iXp * v[p] + sw;
    a[i] = iXp * a[p] + sdw + motion_cross(v[i]) * sw;
    const Mat6 I = model.inertia[i].to_matrix();
    // v x* (I v) = -(v x)^T I v.
    f[i] = I * a[i] - motion_cross(v[i]).transpose() * (I * v[i]);
  }
  // Backward: tau_i = S^T f_i, f_p += pXi^* f_i.
  Eigen::VectorXd tau = Eigen::VectorXd::Zero(model.nv());
  for (int i = n - 1; i > 0; --i) {
    tau.segment<3>(off + 3 * (i - 1)) = f[i].head<3>();
    f[model.parent[i]] += force_matrix(liMi[i]) * f[i];
  }
  if (off) tau.head<6>() = base_subspace(R0).transpose() * f[0];
  return tau;
}

Eigen::MatrixXd crba(const Model& model, const Data& data) {
  const int n = model.nbody();
  const int off = offset(model);
  const std::vector<SE3> liMi = parent_transforms(model, data);
  std::vector<Mat6> ic(n);
  for (int i = 0; i < n; ++i) ic[i] = model.inertia[i].to_matrix();
  // Composite inertias, leaf to root: I_p += pX*i I_i iXp.
  for (int i = n - 1; i > 0; --i) {
    const Mat6 fx = force_matrix(liMi[i]);
    ic[model.parent[i]] += fx * ic[i] * fx.transpose();
  }
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(model.nv(), model.nv());
  const Mat6 s0 = base_subspace(liMi[0].rotation);
  for (int i = 1; i < n; ++i) {
    const int ii = off + 3 * (i - 1);
    Eigen::Matrix<double, 6, 3> F = ic[i].leftCols<3>();  // I_i^c S_i
    M.block<3, 3>(ii, ii) = F.topRows<3>();
    int j = i;
    while (model.parent[j] > 0) {
      F = force_matrix(liMi[j]) * F;
      j = model.parent[j];
      const int jj = off + 3 * (j - 1);
      M.block<3, 3>(jj, ii) = F.topRows<3>();
      M.block<3, 3>(ii, jj) = F.topRows<3>().transpose();
    }
    if (off) {
      F = force_matrix(liMi[j]) * F;  // into the base frame
      M.block<6, 3>(0, ii) = s0.transpose() * F;
      M.block<3, 6>(ii, 0) = M.block<6, 3>(0, ii).transpose();
    }
  }
  if (off) M.topLeftCorner<6, 6>() = s0.transpose() * ic[0] * s0;
  return M;
}

}  // namespace lsd::dyn
