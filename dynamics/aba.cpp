#include "dynamics/aba.hpp"

#include <Eigen/Cholesky>
#include <cmath>

#include "dynamics/kinematics.hpp"
#include "dynamics/rotation.hpp"

namespace lsd::dyn {

namespace {

using Body = Data::AbaBody;

// Frames: every spatial quantity of body i is in world-aligned axes about the
// body origin o_i (the joint point). Moving between parent and child is then
// a pure translation by r = o_i - o_p, and the spherical joint's motion
// subspace is S = [I3; 0] for the joint velocity R_i w_i (world axes).
// Gravity: all accelerations are shifted by -g (Featherstone's trick), so
// a_fixed_base = (0, -g) and no body carries a weight force.
//
// Sweep 1 (root to leaf) computes poses and velocities only. Sweep 2 (leaf
// to root) computes each body's own inertia, bias force and joint terms in
// registers (they are never stored: at 100,000 bodies the sweeps are bound by
// memory traffic, so recomputing beats writing and re-reading ~360 bytes per
// body), adds its record (children), and projects into the parent's record.
// The own terms do not depend on the children, so on a chain, one long
// dependency path through the records, they overlap the previous body's
// projection (backward_body stays out of line: inlined, it spills).
//
// Symmetric 3x3 blocks are stored as their 6 unique entries in the order
// xx, yy, zz, xy, xz, yz (see Data::AbaBody); the articulated inertia of a
// body is 21 numbers: A (6), B (9, row-major), M (6).

// Index of entry (a, b) of a symmetric 3x3 block.
constexpr int sym(int a, int b) {
  if (a == b) return a;
  const int lo = a < b ? a : b, hi = a < b ? b : a;
  return lo == 0 ? (hi == 1 ? 3 : 4) : 5;
}

// Outer products of the first and last columns of a rotation R (symmetric,
// 6 entries each): with R R^T = I,
//   R diag(s) R^T = s1 I + (s0 - s1) R_:0 R_:0^T + (s2 - s1) R_:2 R_:2^T,
// so both diagonal tensors of a body (inertia, joint block) cost 6 products
// each once P0, P2 are known.
struct ColumnProducts {
  double p0[6], p2[6];
  explicit ColumnProducts(const Mat3& R) {
    for (int a = 0; a < 3; ++a) {
      for (int b = a; b < 3; ++b) {
        p0[sym(a, b)] = R(a, 0) * R(b, 0);
        p2[sym(a, b)] = R(a, 2) * R(b, 2);
      }
    }
  }
  // R diag(s) R^T into out[6].
  void rotate_diagonal(const Vec3& s, double* out) const {
    const double k0 = s[0] - s[1], k2 = s[2] - s[1];
    for (int k = 0; k < 6; ++k) out[k] = k0 * p0[k] + k2 * p2[k];
    out[0] += s[1];
    out[1] += s[1];
    out[2] += s[1];
  }
};

// Symmetric (6 entries) times vector.
inline Vec3 sym_mul(const double* s, const Vec3& x) {
  return Vec3(s[0] * x[0] + s[3] * x[1] + s[4] * x[2],  //
              s[3] * x[0] + s[1] * x[1] + s[5] * x[2],  //
              s[4] * x[0] + s[5] * x[1] + s[2] * x[2]);
}

inline Vec3 load3(const double* p) { return Vec3(p[0], p[1], p[2]); }
inline void store3(double* p, const Vec3& v) {
  p[0] = v[0];
  p[1] = v[1];
  p[2] = v[2];
}

// A body's own terms, computed in registers by the backward sweep (never
// stored): spatial inertia (plus h C for implicit drag) as 21 numbers like
// Data::AbaBody, bias force, and for a joint the torque u (spring, damper,
// applied), the implicit block R (h D + h^2 K) R^T (symmetric, 6) and
// c = v x (S w), all in world axes.
struct Seed {
  double ia[21];
  double pa[6];
  double u[3];
  double dj[6];
  double c[6];
};

// The seed of body i (pose oMi and velocity v already set by the pose
// sweep); ww = R_i w_i, the joint velocity in world axes.
template <bool kJoint>
inline void seed(const Model& model, const Data& data, int i, double h, const Vec3& ww, Seed& b) {
  const Mat3& R = data.oMi[i].rotation;
  const Inertia& in = model.inertia[i];
  const Motion& v = data.v[i];
  const double drag = model.drag[i];

  // Inertia in world axes about o_i; implicit drag h C acts as a point mass
  // h*drag at the com.
  const Vec3 cw = R * in.com;
  const ColumnProducts P(R);
  double ic[6];
  if (in.rot(0, 1) == 0.0 && in.rot(0, 2) == 0.0 && in.rot(1, 2) == 0.0) {
    // Principal axes along the body axes (cylinders): R diag(I) R^T.
    P.rotate_diagonal(in.rot.diagonal(), ic);
  } else {
    const Mat3 icf = R * in.rot * R.transpose();
    for (int a = 0; a < 3; ++a)
      for (int c = a; c < 3; ++c) ic[sym(a, c)] = 0.5 * (icf(a, c) + icf(c, a));
  }
  const double m_eff = in.mass + h * drag;
  const double mx = m_eff * cw[0], my = m_eff * cw[1], mz = m_eff * cw[2];
  // A = ic + m_eff ([c]x [c]x^T) = ic + m_eff (|c|^2 I - c c^T).
  b.ia[0] = ic[0] + my * cw[1] + mz * cw[2];
  b.ia[1] = ic[1] + mx * cw[0] + mz * cw[2];
  b.ia[2] = ic[2] + mx * cw[0] + my * cw[1];
  b.ia[3] = ic[3] - mx * cw[1];
  b.ia[4] = ic[4] - mx * cw[2];
  b.ia[5] = ic[5] - my * cw[2];
  // B = m_eff [c]x, M = m_eff I.
  double* B = b.ia + 6;
  B[0] = 0.0, B[1] = -mz, B[2] = my;
  B[3] = mz, B[4] = 0.0, B[5] = -mx;
  B[6] = -my, B[7] = mx, B[8] = 0.0;
  double* M = b.ia + 15;
  M[0] = M[1] = M[2] = m_eff;
  M[3] = M[4] = M[5] = 0.0;

  // Bias force v x* (I v), with the true inertia.
  const Vec3 lin = in.mass * (v.linear - cw.cross(v.angular));
  const Vec3 ang = sym_mul(ic, v.angular) + cw.cross(lin);
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
  store3(b.pa, p_ang);
  store3(b.pa + 3, p_lin);

  if constexpr (kJoint) {
    const Vec3 r = rotation_vector_from_quat(data.q[i]);
    const Vec3& k = model.stiffness[i];
    const Vec3& d = model.damping[i];
    const Vec3& w = data.w[i];
    const Vec3 tau = data.tau[i] - k.cwiseProduct(r) - (d + h * k).cwiseProduct(w);
    store3(b.u, R * tau);
    P.rotate_diagonal(h * d + h * h * k, b.dj);  // diagonal in the joint axes
    store3(b.c, v.angular.cross(ww));
    store3(b.c + 3, v.linear.cross(ww));
  }
}

// Backward sweep for body i, given its articulated inertia and bias force
// (its seed plus its children's) in b.ia, b.pa: project them through the
// joint (U = [A; B^T], D = A + joint block, LDL^T of the 3x3 D) and add the
// result, moved by r, to the parent's record (or store it there: kStore, the
// first contribution). Writes Y = D^-1 U^T, D^-1 u, c and r into out (see
// Data::AbaBody).
template <bool kStore>
__attribute__((noinline)) void backward_body(const Seed& b, const double* acc, const Vec3& r,
                                             double* out, double* parent) {
  // Own terms plus the record (acc: 27 zeros when there is nothing in it).
  // On a chain, acc was just written by the child: the only link of the
  // dependency path through memory.
  double AB[21], P[6];
  for (int k = 0; k < 21; ++k) AB[k] = b.ia[k] + acc[k];
  for (int k = 0; k < 6; ++k) P[k] = b.pa[k] + acc[21 + k];
  const double* A = AB;
  const double* B = AB + 6;
  const double* M = AB + 15;

  // D = L diag(d) L^T, unrolled (no square roots). The pivots come from the
  // leading minors scaled by D00:
  //   d0 = D00, D00 d1 = p1 = D00 D11 - D10^2, D00 e21 = e = D00 D21 - D10 D20,
  //   D00 p1 d2 = q2 = p1 (D00 D22 - D20^2) - e^2
  // (the same differences as the textbook recurrence, scaled), so that two
  // independent divisions replace three chained ones: 1/D00 and
  // g = 1/(p1 q2), giving 1/d1 = D00 q2 g and 1/d2 = D00 p1^2 g. On a chain
  // the backward pass is one long dependency path. (p1 q2 scales as D^5:
  // fine for joint blocks between ~1e-60 and 1e60 kg m^2.)
  const double D00 = A[0] + b.dj[0], D11 = A[1] + b.dj[1], D22 = A[2] + b.dj[2];
  const double D10 = A[3] + b.dj[3], D20 = A[4] + b.dj[4], D21 = A[5] + b.dj[5];
  const double i0 = 1.0 / D00;
  const double p1 = D00 * D11 - D10 * D10;
  const double e = D00 * D21 - D10 * D20;
  const double q2 = p1 * (D00 * D22 - D20 * D20) - e * e;
  const double g = 1.0 / (p1 * q2);
  const double i1 = D00 * q2 * g, i2 = D00 * p1 * p1 * g;
  const double l10 = D10 * i0, l20 = D20 * i0;
  const double l21 = e * i0 * i1;  // e21 / d1

  // Z = L^-1 U^T (rows z_k; U^T = [A B], A symmetric), zeta = L^-1 (u - p_ang).
  using Row6 = Eigen::Matrix<double, 1, 6>;
  const Row6 u0 = (Row6() << A[0], A[3], A[4], B[0], B[1], B[2]).finished();
  const Row6 u1 = (Row6() << A[3], A[1], A[5], B[3], B[4], B[5]).finished();
  const Row6 u2 = (Row6() << A[4], A[5], A[2], B[6], B[7], B[8]).finished();
  const Row6 z0 = u0;
  const Row6 z1 = u1 - l10 * z0;
  const Row6 z2 = u2 - l20 * z0 - l21 * z1;
  const double s0 = b.u[0] - P[0];
  const double s1 = b.u[1] - P[1] - l10 * s0;
  const double s2 = b.u[2] - P[2] - l20 * s0 - l21 * s1;

  // W = diag(1/d) Z.
  const Row6 w0 = i0 * z0, w1 = i1 * z1, w2 = i2 * z2;

  // Ia = I^A - Z^T W (symmetric: A, M blocks by their unique entries).
  double Ia[21];
  auto zw = [&](int a, int c) { return z0[a] * w0[c] + z1[a] * w1[c] + z2[a] * w2[c]; };
  Ia[0] = A[0] - zw(0, 0);
  Ia[1] = A[1] - zw(1, 1);
  Ia[2] = A[2] - zw(2, 2);
  Ia[3] = A[3] - zw(0, 1);
  Ia[4] = A[4] - zw(0, 2);
  Ia[5] = A[5] - zw(1, 2);
  for (int a = 0; a < 3; ++a)
    for (int c = 0; c < 3; ++c) Ia[6 + 3 * a + c] = B[3 * a + c] - zw(a, 3 + c);
  Ia[15] = M[0] - zw(3, 3);
  Ia[16] = M[1] - zw(4, 4);
  Ia[17] = M[2] - zw(5, 5);
  Ia[18] = M[3] - zw(3, 4);
  Ia[19] = M[4] - zw(3, 5);
  Ia[20] = M[5] - zw(4, 5);

  // pa = p + Ia c + U D^-1 (u - p_ang) = p + Ia c + W^T zeta.
  const Vec3 c_ang = load3(b.c), c_lin = load3(b.c + 3);
  const Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>> Ba(Ia + 6);
  const Row6 wz = s0 * w0 + s1 * w1 + s2 * w2;
  const Vec3 pa_ang = load3(P) + sym_mul(Ia, c_ang) + Ba * c_lin + wz.head<3>().transpose();
  const Vec3 pa_lin = load3(P + 3) + Ba.transpose() * c_ang + sym_mul(Ia + 15, c_lin) +
                      wz.tail<3>().transpose();

  // Y = D^-1 U^T = L^-T W and D^-1 u, c and r, kept for the forward sweep.
  const Row6 y2 = w2;
  const Row6 y1 = w1 - l21 * y2;
  const Row6 y0 = w0 - l10 * y1 - l20 * y2;
  const double du2 = i2 * s2, du1 = i1 * s1 - l21 * du2, du0 = i0 * s0 - l10 * du1 - l20 * du2;
  double* Y = out;
  for (int k = 0; k < 6; ++k) {
    Y[k] = y0[k];
    Y[6 + k] = y1[k];
    Y[12 + k] = y2[k];
  }
  Y[18] = du0;
  Y[19] = du1;
  Y[20] = du2;
  for (int k = 0; k < 6; ++k) out[21 + k] = b.c[k];
  store3(out + 27, r);

  // Move to the parent origin, a translation by r: with RM = [r]x Ma,
  // M_p = Ma, B_p = Ba + RM, A_p = Aa + [r]x Ba^T + Ba [r]x^T + [r]x Ma [r]x^T
  // = Aa + H + H^T, H = [r]x G^T, G = Ba + RM / 2.
  Mat3 Ma;
  Ma << Ia[15], Ia[18], Ia[19],  //
      Ia[18], Ia[16], Ia[20],    //
      Ia[19], Ia[20], Ia[17];
  Mat3 RM;
  for (int k = 0; k < 3; ++k) RM.col(k) = r.cross(Vec3(Ma.col(k)));
  const Mat3 G = Ba + 0.5 * RM;
  Mat3 H;  // column k = r x (row k of G)
  for (int k = 0; k < 3; ++k) H.col(k) = r.cross(Vec3(G.row(k).transpose()));
  double f[27];
  for (int a = 0; a < 3; ++a)
    for (int c = a; c < 3; ++c) f[sym(a, c)] = Ia[sym(a, c)] + H(a, c) + H(c, a);
  for (int a = 0; a < 3; ++a)
    for (int c = 0; c < 3; ++c) f[6 + 3 * a + c] = Ba(a, c) + RM(a, c);
  for (int k = 0; k < 6; ++k) f[15 + k] = Ia[15 + k];
  const Vec3 f_ang = pa_ang + r.cross(pa_lin);
  for (int k = 0; k < 3; ++k) {
    f[21 + k] = f_ang[k];
    f[24 + k] = pa_lin[k];
  }
  if constexpr (kStore) {
    for (int k = 0; k < 27; ++k) parent[k] = f[k];
  } else {
    for (int k = 0; k < 27; ++k) parent[k] += f[k];
  }
}

// The base's (gravity-shifted) spatial acceleration; for a floating base the
// solve with its 6x6 articulated inertia.
inline Vec6 base_acceleration(const Model& model, Data& data, double h) {
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
  // The base's own inertia and bias, plus its children's and forces.
  Seed b;
  seed<false>(model, data, 0, h, Vec3::Zero(), b);
  if (data.aba_link[0] != 0) {
    const double* acc = data.aba_body[0].s;
    for (int k = 0; k < 21; ++k) b.ia[k] += acc[k];
    for (int k = 0; k < 6; ++k) b.pa[k] += acc[21 + k];
  }
  Mat6 I;
  for (int a = 0; a < 3; ++a) {
    for (int c = 0; c < 3; ++c) {
      I(a, c) = b.ia[sym(a, c)];
      I(a, 3 + c) = b.ia[6 + 3 * a + c];
      I(3 + c, a) = b.ia[6 + 3 * a + c];
      I(3 + a, 3 + c) = b.ia[15 + sym(a, c)];
    }
  }
  Vec6 p;
  for (int k = 0; k < 6; ++k) p[k] = b.pa[k];
  a0 = -I.llt().solve(p);
  // True acceleration = shifted + g; the classical acceleration of the base
  // origin adds w x v.
  const Motion& v = data.v[0];
  data.base_dw = a0.head<3>();
  data.base_dv = a0.tail<3>() + g + v.angular.cross(v.linear);
  return a0;
}

constexpr int kPresetBit = 1 << 30;
constexpr int kPrefetch = 8;  // bodies ahead
alignas(64) constexpr double kZeroRecord[27] = {};  // the record of a body without children  // Data::aba_link: body_forces preset the record

// r = o_i - o_parent (world), the same expression in the pose and backward
// sweeps so that both see the same bits.
inline Vec3 joint_offset(const Mat3& oRp, const SE3& pMj) { return oRp * pMj.translation; }

// max2 < 0: no state check; else the check of check_state fused into the
// forward sweep (|w|^2 <= max2 and q finite).
template <bool kIntegrate>
void aba_impl(const Model& model, Data& data, double h, double dt, double max2) {
  const int n = model.nbody();
  const int* parent = model.parent.data();
  int* link = data.aba_link.data();

  // Sweep 1, root to leaf: poses and velocities (outputs), and each body's
  // last child.
  data.oMi[0] = {data.base_q.toRotationMatrix(), data.base_p};
  data.v[0] = base_velocity(model, data);
  link[0] = 0;
  for (int i = 1; i < n; ++i) {
    const int p = parent[i];
    link[i] = 0;
    link[p] = i;
    const SE3& oMp = data.oMi[p];
    const SE3& pMj = model.joint_placement[i];
    SE3& oMi = data.oMi[i];
    oMi.rotation.noalias() = oMp.rotation * (pMj.rotation * data.q[i].toRotationMatrix());
    const Vec3 r = joint_offset(oMp.rotation, pMj);
    oMi.translation = oMp.translation + r;
    const Vec3 ww = oMi.rotation * data.w[i];
    const Motion& vp = data.v[p];
    data.v[i].angular = vp.angular + ww;
    data.v[i].linear = vp.linear + vp.angular.cross(r);
  }
  Body* body = data.aba_body.data();
  // External forces (world force at a body point, plus a world torque) preset
  // their body's record, which the children then add to.
  for (const BodyForce& bf : data.body_forces) {
    if (bf.body < 0 || bf.body >= n) continue;
    double* acc = body[bf.body].s;
    if (!(link[bf.body] & kPresetBit)) {
      for (int k = 0; k < 27; ++k) acc[k] = 0.0;
      link[bf.body] |= kPresetBit;
    }
    const Vec3 arm = data.oMi[bf.body].rotation * bf.point;
    const Vec3 t = arm.cross(bf.force) + bf.torque;
    for (int k = 0; k < 3; ++k) {
      acc[21 + k] -= t[k];
      acc[24 + k] -= bf.force[k];
    }
  }

  // Sweep 2, leaf to root: each body's own inertia, bias and joint terms (in
  // registers), plus its record (children, forces), projected through the
  // joint into the parent's record.
  for (int i = n - 1; i > 0; --i) {
    const int p = parent[i];
    if (i > kPrefetch) {
      // The parent of a body a few steps ahead may be far back in memory (a
      // branch point): fetch its record and rotation early.
      const int pp = parent[i - kPrefetch];
      __builtin_prefetch(body[pp].s, 1);
      __builtin_prefetch(body[pp].s + 8, 1);
      __builtin_prefetch(body[pp].s + 16, 1);
      __builtin_prefetch(body[pp].s + 24, 1);
      __builtin_prefetch(&data.oMi[pp], 0);
      __builtin_prefetch(reinterpret_cast<const char*>(&data.oMi[pp]) + 64, 0);
      __builtin_prefetch(&link[pp], 0);
    }
    const Vec3 ww = data.oMi[i].rotation * data.w[i];
    Seed sd;
    seed<true>(model, data, i, h, ww, sd);
    double* rec = body[i].s;
    const double* acc = link[i] != 0 ? rec : kZeroRecord;
    const Vec3 r = joint_offset(data.oMi[p].rotation, model.joint_placement[i]);
    if (link[p] == i) backward_body<true>(sd, acc, r, rec, body[p].s);
    else backward_body<false>(sd, acc, r, rec, body[p].s);
  }
  const Vec6 a0 = base_acceleration(model, data, h);

  // Sweep 3, root to leaf: accelerations (and the state update). A body's
  // acceleration stays in registers for the next body when that is its only
  // child, and otherwise goes to s[24..29] of its record for its children.
  for (int k = 0; k < 6; ++k) body[0].s[24 + k] = a0[k];
  if constexpr (!kIntegrate) data.a[0] = a0;
  [[maybe_unused]] int first_bad = -1;
  Vec3 prev_ang = a0.head<3>(), prev_lin = a0.tail<3>();  // body i - 1
  for (int i = 1; i < n; ++i) {
    const int p = parent[i];
    double* rec = body[i].s;
    const Vec3 r = load3(rec + 27);
    Vec3 ap_ang = prev_ang, ap_lin = prev_lin;
    if (p != i - 1) {
      ap_ang = load3(body[p].s + 24);
      ap_lin = load3(body[p].s + 27);
    }
    Vec3 a_ang = ap_ang + load3(rec + 21);
    const Vec3 a_lin = ap_lin + ap_ang.cross(r) + load3(rec + 24);
    // Joint acceleration, world axes: D^-1 u - Y a.
    const double* Y = rec;
    Vec3 alpha;
    for (int k = 0; k < 3; ++k) {
      const double* y = Y + 6 * k;
      alpha[k] = Y[18 + k] - (y[0] * a_ang[0] + y[1] * a_ang[1] + y[2] * a_ang[2] +
                              y[3] * a_lin[0] + y[4] * a_lin[1] + y[5] * a_lin[2]);
    }
    a_ang += alpha;
    prev_ang = a_ang;
    prev_lin = a_lin;
    const int last_child = link[i] & ~kPresetBit;
    if (last_child != 0 && last_child != i + 1) {
      store3(rec + 24, a_ang);
      store3(rec + 27, a_lin);
    }
    if constexpr (!kIntegrate) data.a[i] << a_ang, a_lin;
    const Vec3 dw = data.oMi[i].rotation.transpose() * alpha;
    data.dw[i] = dw;
    if constexpr (kIntegrate) {
      const Vec3 w = data.w[i] + dt * dw;
      const Quat q = integrate_quat(data.q[i], w, dt);
      data.w[i] = w;
      data.q[i] = q;
      if (max2 >= 0.0 && first_bad < 0 && (!q.coeffs().allFinite() || !(w.squaredNorm() <= max2)))
        first_bad = i;
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
    if (max2 >= 0.0) {
      // As check_state: the base first, then the first bad joint.
      const bool base_bad =
          model.base_kind != BaseKind::kFixed &&
          (!data.base_q.coeffs().allFinite() || !data.base_p.allFinite() ||
           !data.base_v.allFinite() || !(data.base_w.squaredNorm() <= max2));
      data.first_nonfinite_joint = base_bad ? 0 : first_bad;
    }
  }
}

}  // namespace

void aba(const Model& model, Data& data, double h) { aba_impl<false>(model, data, h, 0.0, -1.0); }

void aba_integrate(const Model& model, Data& data, double h_implicit, double dt) {
  aba_impl<true>(model, data, h_implicit, dt, -1.0);
}

void aba_step(const Model& model, Data& data, double h_implicit, double dt,
              double max_angular_velocity) {
  const double max2 = max_angular_velocity * max_angular_velocity;
  if (!(max2 >= 0.0)) {  // NaN bound: every joint fails, as check_state says
    aba_impl<true>(model, data, h_implicit, dt, -1.0);
    check_state(model, data, max_angular_velocity);
    return;
  }
  aba_impl<true>(model, data, h_implicit, dt, max2);
}

}  // namespace lsd::dyn
