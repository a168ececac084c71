#include "dynamics/aba.hpp"

#include <Eigen/Cholesky>
#include <cmath>

#include "dynamics/kinematics.hpp"
#include "dynamics/rotation.hpp"

namespace lsd::dyn {

namespace {

using Mat36 = Eigen::Matrix<double, 3, 6>;

// Frames: every spatial quantity of body i is in world-aligned axes about the
// body origin o_i (the joint point). Moving between parent and child is then
// a pure translation by r = o_i - o_p, and the spherical joint's motion
// subspace is S = [I3; 0] for the joint velocity R_i w_i (world axes).
// Gravity: all accelerations are shifted by -g (Featherstone's trick), so
// a_fixed_base = (0, -g) and no body carries a weight force.
//
// Pass 1 (root to leaf) computes everything that does not depend on the
// children: poses, velocities, each body's own inertia and bias force. Pass 2
// (leaf to root) is then a short chain of dependent arithmetic per body,
// which matters: on a chain it is one long dependency path.

// Pass 1 for body i: its own spatial inertia (plus h C for implicit drag) and
// bias force, seeding the articulated slots that its children add to.
inline void seed_body(const Model& model, Data& data, int i, double h) {
  const Mat3& R = data.oMi[i].rotation;
  const Inertia& in = model.inertia[i];
  const Motion& v = data.v[i];
  const double drag = model.drag[i];

  // Inertia in world axes about o_i; implicit drag h C acts as a point mass
  // h*drag at the com (C = drag [c]x^T [c]x ... in block form, DESIGN.md).
  const Vec3 cw = R * in.com;
  Mat3 ic;
  if (in.rot(0, 1) == 0.0 && in.rot(0, 2) == 0.0 && in.rot(1, 2) == 0.0) {
    // Principal axes along the body axes (cylinders): R diag(I) R^T.
    ic.noalias() = R * in.rot.diagonal().asDiagonal() * R.transpose();
  } else {
    ic.noalias() = R * in.rot * R.transpose();
  }
  const double m_eff = in.mass + h * drag;
  Mat3 A = ic - m_eff * cw * cw.transpose();
  A.diagonal().array() += m_eff * cw.squaredNorm();
  data.ia_ang[i] = A;
  data.ia_cross[i] = m_eff * skew(cw);
  data.ia_lin[i] = Mat3::Identity() * m_eff;

  // Bias force v x* (I v), with the true inertia.
  const Vec3 lin = in.mass * (v.linear - cw.cross(v.angular));
  const Vec3 ang = ic * v.angular + cw.cross(lin);
  Vec3 p_ang = v.angular.cross(ang) + v.linear.cross(lin);
  Vec3 p_lin = v.angular.cross(lin);
  // Drag at the com toward the wind; the -h drag g term undoes the gravity
  // shift in the implicit part (h C a_true = h C (a + g)).
  if (drag != 0.0) {
    const Vec3 vcom = v.linear + v.angular.cross(cw);
    const Vec3 f = -drag * (vcom - data.wind + h * model.gravity);
    p_ang -= cw.cross(f);
    p_lin -= f;
  }
  data.pa[i] << p_ang, p_lin;
}

// Pass 1 for joint i: spring, damper and applied torque, the implicit block
// R (h D + h^2 K) R^T, and c = v x (S w), all in world axes.
inline void seed_joint(const Model& model, Data& data, int i, double h) {
  const Mat3& R = data.oMi[i].rotation;
  const Vec3 r = rotation_vector_from_quat(data.q[i]);
  const Vec3& k = model.stiffness[i];
  const Vec3& d = model.damping[i];
  const Vec3& w = data.w[i];
  const Vec3 tau = data.tau[i] - k.cwiseProduct(r) - (d + h * k).cwiseProduct(w);
  data.u[i] = R * tau;
  const Vec3 delta = h * d + h * h * k;  // diagonal in the joint axes
  data.d_joint[i] = R * delta.asDiagonal() * R.transpose();
  const Vec3 ww = R * w;
  data.c[i] << data.v[i].angular.cross(ww), data.v[i].linear.cross(ww);
}

// Pass 2 for body i: project its articulated inertia through the joint
// (U = [A; B^T], D = A + joint block, LDL^T of the 3x3 D) and add the result,
// moved by r, to the parent.
inline void backward_body(const Model& model, Data& data, int i) {
  const Mat3& A = data.ia_ang[i];
  const Mat3& B = data.ia_cross[i];
  const Vec6& p = data.pa[i];
  const Mat3 D = A + data.d_joint[i];
  const Vec3 u = data.u[i] - p.head<3>();

  // D = L diag(d) L^T, unrolled (no square roots; Eigen's LLT is several
  // times slower at this size).
  const double d0 = D(0, 0), i0 = 1.0 / d0;
  const double l10 = D(1, 0) * i0, l20 = D(2, 0) * i0;
  const double d1 = D(1, 1) - l10 * D(1, 0), i1 = 1.0 / d1;
  const double e21 = D(2, 1) - l20 * D(1, 0);
  const double l21 = e21 * i1;
  const double d2 = D(2, 2) - l20 * D(2, 0) - l21 * e21, i2 = 1.0 / d2;

  // Z = L^-1 U^T (rows z_k) and zeta = L^-1 u.
  Mat36 Z;
  Z << A, B;
  Z.row(1) -= l10 * Z.row(0);
  Z.row(2) -= l20 * Z.row(0) + l21 * Z.row(1);
  const double s0 = u[0], s1 = u[1] - l10 * s0, s2 = u[2] - l20 * s0 - l21 * s1;

  // W = diag(1/d) Z; Y = D^-1 U^T = L^-T W and D^-1 u, kept for pass 3.
  const Mat36 W = Vec3(i0, i1, i2).asDiagonal() * Z;
  Mat36 Y;
  Y.row(2) = W.row(2);
  Y.row(1) = W.row(1) - l21 * Y.row(2);
  Y.row(0) = W.row(0) - l10 * Y.row(1) - l20 * Y.row(2);
  data.y[i] = Y;
  const double du2 = i2 * s2, du1 = i1 * s1 - l21 * du2, du0 = i0 * s0 - l10 * du1 - l20 * du2;
  data.du[i] = Vec3(du0, du1, du2);

  // Ia = I^A - U D^-1 U^T = I^A - Z^T W;
  // pa = p + Ia c + U D^-1 u = p + Ia c + W^T zeta... (W^T (d .* zeta) = Z^T diag(1/d) zeta).
  Mat6 Ia;
  Ia.topLeftCorner<3, 3>() = A;
  Ia.topRightCorner<3, 3>() = B;
  Ia.bottomLeftCorner<3, 3>() = B.transpose();
  Ia.bottomRightCorner<3, 3>() = data.ia_lin[i];
  Ia.noalias() -= Z.transpose().lazyProduct(W);
  const Vec6 pa = p + Ia * data.c[i] + W.transpose() * Vec3(s0, s1, s2);

  // Move to the parent origin, a translation by r: I_p = X^T Ia X with
  // A_p = Aa - B_p [r]x + [r]x Ba^T, B_p = Ba + [r]x Ma, M_p = Ma.
  const int par = model.parent[i];
  const Vec3 r = data.oMi[i].translation - data.oMi[par].translation;
  const Mat3 Ba = Ia.topRightCorner<3, 3>();
  const Mat3 Ma = Ia.bottomRightCorner<3, 3>();
  // A_p = Aa - B_p [r]x + [r]x Ba^T = Aa + T + T^T + S with T = [r]x Ba^T
  // and S = [r]x Ma [r]x^T = [r]x ([r]x Ma)^T: cross products column by
  // column, a third of the flops of products with skew(r).
  Mat3 Bp, T;
  for (int k = 0; k < 3; ++k) Bp.col(k) = Ba.col(k) + r.cross(Vec3(Ma.col(k)));
  for (int k = 0; k < 3; ++k) T.col(k) = r.cross(Vec3(Ba.row(k).transpose()));
  Mat3 S;
  const Mat3 RM = Bp - Ba;  // [r]x Ma
  for (int k = 0; k < 3; ++k) S.col(k) = r.cross(Vec3(RM.row(k).transpose()));
  data.ia_ang[par] += Ia.topLeftCorner<3, 3>() + T + T.transpose() + S;
  data.ia_cross[par] += Bp;
  data.ia_lin[par] += Ma;
  data.pa[par].head<3>() += pa.head<3>() + r.cross(pa.tail<3>());
  data.pa[par].tail<3>() += pa.tail<3>();
}

// The base's (gravity-shifted) spatial acceleration; for a floating base the
// solve with its 6x6 articulated inertia.
inline Vec6 base_acceleration(const Model& model, Data& data) {
  Vec6 a0 = Vec6::Zero();
  const Vec3 g = model.gravity;
  switch (model.base_kind) {
    case BaseKind::kFixed:
      a0.tail<3>() = -g;
      data.base_dw.setZero();
      data.base_dv.setZero();
      return a0;
    case BaseKind::kKinematic:
      a0.tail<3>() = data.base_acc - g;
      data.base_dw.setZero();
      data.base_dv = data.base_acc;
      return a0;
    case BaseKind::kFloating: break;
  }
  Mat6 I;
  I.topLeftCorner<3, 3>() = data.ia_ang[0];
  I.topRightCorner<3, 3>() = data.ia_cross[0];
  I.bottomLeftCorner<3, 3>() = data.ia_cross[0].transpose();
  I.bottomRightCorner<3, 3>() = data.ia_lin[0];
  a0 = -I.llt().solve(data.pa[0]);
  // True acceleration = shifted + g; the classical acceleration of the base
  // origin adds w x v.
  const Motion& v = data.v[0];
  data.base_dw = a0.head<3>();
  data.base_dv = a0.tail<3>() + g + v.angular.cross(v.linear);
  return a0;
}

template <bool kIntegrate>
void aba_impl(const Model& model, Data& data, double h, double dt) {
  const int n = model.nbody();

  // Pass 1: poses, velocities, own inertias, bias forces, joint torques.
  data.oMi[0] = {data.base_q.toRotationMatrix(), data.base_p};
  data.v[0] = base_velocity(model, data);
  seed_body(model, data, 0, h);
  for (int i = 1; i < n; ++i) {
    const int p = model.parent[i];
    const SE3& oMp = data.oMi[p];
    const SE3& pMj = model.joint_placement[i];
    SE3& oMi = data.oMi[i];
    oMi.rotation.noalias() = oMp.rotation * (pMj.rotation * data.q[i].toRotationMatrix());
    oMi.translation.noalias() = oMp.translation + oMp.rotation * pMj.translation;
    const Vec3 r = oMi.translation - oMp.translation;
    data.v[i].angular = data.v[p].angular + oMi.rotation * data.w[i];
    data.v[i].linear = data.v[p].linear + data.v[p].angular.cross(r);
    seed_body(model, data, i, h);
    seed_joint(model, data, i, h);
  }
  // External forces: world force at a body point, plus a world torque.
  for (const BodyForce& bf : data.body_forces) {
    if (bf.body < 0 || bf.body >= n) continue;
    const Vec3 arm = data.oMi[bf.body].rotation * bf.point;
    data.pa[bf.body].head<3>() -= arm.cross(bf.force) + bf.torque;
    data.pa[bf.body].tail<3>() -= bf.force;
  }

  // Pass 2: articulated inertias and bias forces, leaf to root.
  for (int i = n - 1; i > 0; --i) backward_body(model, data, i);
  const Vec6 a0 = base_acceleration(model, data);

  // Pass 3: accelerations, root to leaf (and the state update).
  data.a[0] = a0;
  for (int i = 1; i < n; ++i) {
    const int p = model.parent[i];
    const Vec6& ap = data.a[p];
    const Vec3 r = data.oMi[i].translation - data.oMi[p].translation;
    Vec6 ai = data.c[i];
    ai.head<3>() += ap.head<3>();
    ai.tail<3>() += ap.tail<3>() + ap.head<3>().cross(r);
    const Vec3 alpha = data.du[i] - data.y[i] * ai;  // joint acceleration, world axes
    ai.head<3>() += alpha;
    data.a[i] = ai;
    const Vec3 dw = data.oMi[i].rotation.transpose() * alpha;
    data.dw[i] = dw;
    if constexpr (kIntegrate) {
      data.w[i] += dt * dw;
      data.q[i] = integrate_quat(data.q[i], data.w[i], dt);
    }
  }

  if constexpr (kIntegrate) {
    // Semi-implicit update of the base: velocity first, then pose.
    switch (model.base_kind) {
      case BaseKind::kFixed: break;
      case BaseKind::kKinematic:
        data.base_v += dt * data.base_acc;
        data.base_p += dt * data.base_v;
        break;
      case BaseKind::kFloating:
        data.base_w += dt * data.base_dw;
        data.base_v += dt * data.base_dv;
        data.base_p += dt * data.base_v;
        // World-frame angular velocity: q <- exp(dt w) q.
        data.base_q = quat_from_rotation_vector(dt * data.base_w) * data.base_q;
        data.base_q.normalize();
        break;
    }
  }
}

}  // namespace

void aba(const Model& model, Data& data, double h) { aba_impl<false>(model, data, h, 0.0); }

void aba_integrate(const Model& model, Data& data, double h_implicit, double dt) {
  aba_impl<true>(model, data, h_implicit, dt);
}

}  // namespace lsd::dyn
