#include "dynamics/kinematics.hpp"

#include <cmath>

#include "dynamics/rotation.hpp"
#include "dynamics/src/rod_sweep.hpp"

namespace lsd::dyn {

Motion base_velocity(const Model& model, const Data& data) {
  switch (model.base_kind) {
    case BaseKind::kFloating: return {data.base_w, data.base_v};
    case BaseKind::kKinematic: return {Vec3::Zero(), data.base_v};
    case BaseKind::kFixed: break;
  }
  return Motion::zero();
}

namespace {
// Body i's pose from its parent's: oMi = oMp * pMj * (q_i, 0), the joint
// point being body i's origin. One formula for body_poses and
// forward_kinematics, so that both give the same bits.
inline void child_pose(const SE3& oMp, const SE3& pMj, const Quat& q, SE3& out) {
  out.rotation = oMp.rotation * (pMj.rotation * q.toRotationMatrix());
  out.translation = oMp.translation + oMp.rotation * pMj.translation;
}
}  // namespace

void body_poses(const Model& model, const Data& data, std::vector<SE3>& out) {
  const int n = model.nbody();
  out.resize(std::size_t(n));
  out[0] = {data.base_q.toRotationMatrix(), data.base_p};
  for (int i = 1; i < n; ++i) {
    const SE3& oMp = out[std::size_t(model.parent[i])];
    if (model.rod(i)) rod_state_pose(model, data, i, oMp, nullptr, out[std::size_t(i)], nullptr);
    else child_pose(oMp, model.joint_placement[i], data.q[i], out[std::size_t(i)]);
  }
}

void forward_kinematics(const Model& model, Data& data) {
  data.oMi[0] = {data.base_q.toRotationMatrix(), data.base_p};
  data.v[0] = base_velocity(model, data);
  for (int i = 1; i < model.nbody(); ++i) {
    const int p = model.parent[i];
    if (model.rod(i)) {  // a curved element: its end frame (rod.hpp), as a pass at the state
      data.rod_kappa[i] = data.kappa[i];
      data.rod_rate[i] = data.rod_rate_end[i] = data.w[i];
      rod_pose(model, data, i, false);
      continue;
    }
    child_pose(data.oMi[p], model.joint_placement[i], data.q[i], data.oMi[i]);
    // v_i = v_p moved to o_i, plus the joint's rotation about o_i.
    const Vec3 r = data.oMi[i].translation - data.oMi[p].translation;
    data.v[i].angular = data.v[p].angular + data.oMi[i].rotation * data.w[i];
    data.v[i].linear = data.v[p].linear + data.v[p].angular.cross(r);
  }
}

void compute_energies(const Model& model, Data& data) {
  forward_kinematics(model, data);
  double kinetic = 0.0, potential = 0.0, elastic = 0.0;
  for (int i = 0; i < model.nbody(); ++i) {
    const Inertia& in = model.inertia[i];
    const SE3& oMi = data.oMi[i];
    // Inertia in world axes about the body origin.
    const Inertia world_axes = in.transformed({oMi.rotation, Vec3::Zero()});
    kinetic += 0.5 * (world_axes * data.v[i]).dot(data.v[i]);
    potential -= in.mass * model.opt.gravity.dot(oMi.act(in.com));
    if (model.rod(i)) {
      std::vector<RodSlice> slices;
      rod_slices(model, data, i, slices);
      for (const RodSlice& s : slices) {
        kinetic += 0.5 * (s.mass * s.velocity.squaredNorm() + s.angular.dot(s.inertia * s.angular));
        potential -= s.mass * model.opt.gravity.dot(s.com);
      }
      elastic += rod_elastic_energy(model, data, i);
    } else if (i > 0) {
      const Vec3 r = rotation_vector_from_quat(data.q[i]);
      elastic += 0.5 * r.dot(model.stiffness[i].cwiseProduct(r));
    }
  }
  data.kinetic_energy = kinetic;
  data.potential_energy = potential;
  data.elastic_energy = elastic;
}

int check_state(const Model& model, Data& data, double max_w) {
  const double max2 = max_w * max_w;
  auto bad_w = [max2](const Vec3& w) {
    const double s = w.squaredNorm();
    return !(s <= max2);  // also true for NaN
  };
  data.first_nonfinite_joint = -1;
  if (model.base_kind != BaseKind::kFixed) {
    if (!data.base_q.coeffs().allFinite() || !data.base_p.allFinite() || !data.base_v.allFinite() ||
        bad_w(data.base_w)) {
      data.first_nonfinite_joint = 0;
      return 0;
    }
  }
  for (int i = 1; i < model.nbody(); ++i) {
    if (const Rod* rod = model.rod(i)) {  // the element's turn rate l |w|
      const double l = rod->turn_length;
      if (!data.kappa[i].allFinite() || bad_w(l * data.w[i])) {
        data.first_nonfinite_joint = i;
        return i;
      }
      continue;
    }
    if (!data.q[i].coeffs().allFinite() || bad_w(data.w[i])) {
      data.first_nonfinite_joint = i;
      return i;
    }
  }
  return -1;
}

std::vector<Mat3> subtree_joint_inertias(const Model& model, Data& data) {
  forward_kinematics(model, data);
  const int n = model.nbody();
  // Composite inertias in world coordinates, accumulated leaf to root.
  std::vector<Inertia> composite(n);
  std::vector<RodSlice> slices;
  for (int i = 0; i < n; ++i) {
    composite[i] = model.inertia[i].transformed(data.oMi[i]);
    if (!model.rod(i)) continue;
    rod_slices(model, data, i, slices);
    for (const RodSlice& s : slices) composite[i] = composite[i] + Inertia{s.mass, s.com, s.inertia};
  }
  for (int i = n - 1; i > 0; --i) {
    const int p = model.parent[i];
    composite[p] = composite[p] + composite[i];
  }
  std::vector<Mat3> out(n);
  for (int i = 0; i < n; ++i) {
    const Inertia& c = composite[i];
    const Mat3 d = skew(c.com - data.oMi[i].translation);
    const Mat3 about_joint = c.rot + c.mass * d * d.transpose();
    const Mat3& R = data.oMi[i].rotation;
    out[i] = R.transpose() * about_joint * R;
  }
  return out;
}

}  // namespace lsd::dyn
