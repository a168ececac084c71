#include "dynamics/aba.hpp"

#include <Eigen/Cholesky>
#include <cmath>
#include <cstring>

#include "dynamics/kinematics.hpp"
#include "dynamics/rotation.hpp"

namespace lsd::dyn {

namespace {

using Body = Data::AbaBody;
using Sum = Data::AbaSum;

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
// body), adds its children's parts, and projects the total into its parent's.
// The own terms do not depend on the children, so on a chain, one long
// dependency path, they overlap the previous body's projection
// (backward_body stays out of line: inlined, it spills).
//
// The pose and backward sweeps work on 4-wide vectors (3 numbers and a zero lane):
// 3x3 blocks as three columns or rows, so that each step of the projection
// is a few vector multiply-adds. The vectors are the compilers' own (GCC and
// clang vector extensions: one AVX register, or two SSE ones), built and
// split in registers; Eigen's Vector4d goes through memory lane by lane,
// which stalls the loads that follow.
// (Internal functions only: the note that passing them changed ABI in GCC 4.6
// does not concern them.)
#pragma GCC diagnostic ignored "-Wpsabi"
using V4 = double __attribute__((vector_size(32)));
using V4i = long long __attribute__((vector_size(32)));

inline V4 v4(double a, double b, double c) { return V4{a, b, c, 0.0}; }
template <class E>
inline V4 v4(const Eigen::MatrixBase<E>& x) {
  return V4{x(0), x(1), x(2), 0.0};
}
inline V4 zero4() { return V4{0.0, 0.0, 0.0, 0.0}; }

// (x[a], x[b], x[c], x[d])
template <int a, int b, int c, int d>
inline V4 shuffle(V4 x) {
#if defined(__clang__)
  return __builtin_shufflevector(x, x, a, b, c, d);
#else
  return __builtin_shuffle(x, V4i{a, b, c, d});
#endif
}

// Cross product of the first three lanes (lane 3 of the result: 0 when
// lane 3 of x or y is).
inline V4 cross3(V4 x, V4 y) {
  return shuffle<1, 2, 0, 3>(x) * shuffle<2, 0, 1, 3>(y) -
         shuffle<2, 0, 1, 3>(x) * shuffle<1, 2, 0, 3>(y);
}

// (x[a], x[b], x[c], y[d - 4]): lanes of x, and one of y.
template <int a, int b, int c, int d>
inline V4 shuffle2(V4 x, V4 y) {
#if defined(__clang__)
  return __builtin_shufflevector(x, y, a, b, c, d);
#else
  return __builtin_shuffle(x, y, V4i{a, b, c, d});
#endif
}

// Unaligned loads and stores of 4 doubles, and lane 3 cleared.
inline V4 load4(const double* p) {
  V4 x;
  std::memcpy(&x, p, sizeof x);
  return x;
}
inline void store4(double* p, V4 x) { std::memcpy(p, &x, sizeof x); }
inline V4 xyz(V4 x) { return shuffle2<0, 1, 2, 4>(x, zero4()); }

// Poses and velocities as vectors. An SE3 is 12 contiguous doubles (the
// rotation's columns, then the translation) and a Motion 6, so every 4-wide
// access below stays inside the object.
static_assert(sizeof(SE3) == 12 * sizeof(double) && sizeof(Motion) == 6 * sizeof(double));
inline void rotation_cols(const SE3& X, V4* c) {
  const double* p = X.rotation.data();
  c[0] = xyz(load4(p));
  c[1] = xyz(load4(p + 3));
  c[2] = xyz(load4(p + 6));
}
inline V4 translation4(const SE3& X) {  // (t0, t1, t2, 0) from (R22, t0, t1, t2)
  return shuffle2<1, 2, 3, 4>(load4(X.rotation.data() + 8), zero4());
}
inline void store_pose(SE3& X, const V4* c, V4 t) {
  double* p = X.rotation.data();
  store4(p, c[0]);  // lane 3 lands on the next column's first entry, rewritten next
  store4(p + 3, c[1]);
  store4(p + 6, c[2]);
  store4(p + 8, shuffle2<2, 4, 5, 6>(c[2], t));  // R22, t0, t1, t2
}
inline V4 angular4(const Motion& m) { return xyz(load4(m.angular.data())); }
inline V4 linear4(const Motion& m) {  // from (w2, v0, v1, v2)
  return shuffle2<1, 2, 3, 4>(load4(m.angular.data() + 2), zero4());
}
inline void store_motion(Motion& m, V4 ang, V4 lin) {
  store4(m.angular.data(), ang);
  store4(m.angular.data() + 2, shuffle2<2, 4, 5, 6>(ang, lin));
}

// Columns of the rotation matrix of a unit quaternion (Eigen's formula).
inline void quat_cols(const Quat& q, V4* c) {
  const double tx = 2 * q.x(), ty = 2 * q.y(), tz = 2 * q.z();
  const double twx = tx * q.w(), twy = ty * q.w(), twz = tz * q.w();
  const double txx = tx * q.x(), txy = ty * q.x(), txz = tz * q.x();
  const double tyy = ty * q.y(), tyz = tz * q.y(), tzz = tz * q.z();
  c[0] = V4{1 - (tyy + tzz), txy + twz, txz - twy, 0.0};
  c[1] = V4{txy - twz, 1 - (txx + tzz), tyz + twx, 0.0};
  c[2] = V4{txz + twy, tyz - twx, 1 - (txx + tyy), 0.0};
}

// A spatial articulated inertia [A B; B^T M] and bias force (angular;
// linear), world axes about a body origin, lane 3 of every vector zero.
struct Art {
  V4 A[3];   // columns of A (symmetric), kg m^2
  V4 Br[3];  // rows of B, kg m
  V4 M[3];   // columns of M (symmetric), kg
  V4 pa, pl; // bias force, N m; N
};

Art zero_art() {
  Art z;
  for (int k = 0; k < 3; ++k) z.A[k] = z.Br[k] = z.M[k] = zero4();
  z.pa = z.pl = zero4();
  return z;
}
const Art kZeroArt = zero_art();

// An Art in a Data::AbaSum slot: its 11 vectors in order.
static_assert(sizeof(Art) == 11 * sizeof(V4) && sizeof(Data::AbaSum) >= sizeof(Art));
inline const V4* vectors(const Art& a) { return a.A; }
inline V4* vectors(Art& a) { return a.A; }

inline void add_sum(Art& t, const double* s) {
  V4* v = vectors(t);
  for (int k = 0; k < 11; ++k) v[k] += load4(s + 4 * k);
}

template <bool kStore>
inline void put_sum(const Art& f, double* s) {
  const V4* v = vectors(f);
  for (int k = 0; k < 11; ++k) store4(s + 4 * k, kStore ? v[k] : load4(s + 4 * k) + v[k]);
}

// Columns of the transpose of the 3x3 block whose columns (or rows) are in.
inline void transpose3(const V4* in, V4* out) {
  for (int j = 0; j < 3; ++j) out[j] = v4(in[0][j], in[1][j], in[2][j]);
}

// Unit vectors e_0, e_1, e_2.
const V4 kE[3] = {{1.0, 0.0, 0.0, 0.0}, {0.0, 1.0, 0.0, 0.0}, {0.0, 0.0, 1.0, 0.0}};

// Columns of R diag(s) R^T for a rotation R (columns R0, R2 given): with
// R R^T = I it is s1 I + (s0 - s1) R0 R0^T + (s2 - s1) R2 R2^T, so both
// diagonal tensors of a body (inertia, joint block) cost 2 multiply-adds per
// column.
inline void rotate_diagonal(V4 R0, V4 R2, const Vec3& s, V4* out) {
  const double k0 = s[0] - s[1], k2 = s[2] - s[1];
  for (int c = 0; c < 3; ++c) out[c] = (k0 * R0[c]) * R0 + (k2 * R2[c]) * R2 + s[1] * kE[c];
}

// M x for M given by its columns.
inline V4 mul_cols(const V4* M, V4 x) { return M[0] * x[0] + M[1] * x[1] + M[2] * x[2]; }

inline Vec3 load3(const double* p) { return Vec3(p[0], p[1], p[2]); }
inline void store3(double* p, const Vec3& v) {
  p[0] = v[0];
  p[1] = v[1];
  p[2] = v[2];
}

// A body's own terms, computed in registers by the backward sweep (never
// stored): spatial inertia (plus h C for implicit drag) and bias force, and
// for a joint the torque u (spring, damper, applied), the implicit block
// R (h D + h^2 K) R^T (columns) and c = v x (S w), all in world axes.
struct Own {
  Art ia;
  V4 u;
  V4 J[3];
  V4 c_ang, c_lin;
};

// The own terms of body i (pose oMi and velocity v already set by the pose
// sweep).
template <bool kJoint>
inline void seed(const Model& model, const Data& data, int i, double h, Own& o) {
  const Mat3& Rm = data.oMi[i].rotation;
  V4 R[3];
  rotation_cols(data.oMi[i], R);
  const Inertia& in = model.inertia[i];
  const V4 va = angular4(data.v[i]), vl = linear4(data.v[i]);
  const double drag = model.drag[i];

  // Inertia in world axes about o_i; implicit drag h C acts as a point mass
  // h*drag at the com.
  const V4 cw = mul_cols(R, v4(in.com));
  V4 ic[3];
  if (in.rot(0, 1) == 0.0 && in.rot(0, 2) == 0.0 && in.rot(1, 2) == 0.0) {
    // Principal axes along the body axes (cylinders): R diag(I) R^T.
    rotate_diagonal(R[0], R[2], in.rot.diagonal(), ic);
  } else {
    const Mat3 icf = Rm * in.rot * Rm.transpose();
    for (int c = 0; c < 3; ++c) ic[c] = v4(0.5 * (icf.col(c) + icf.row(c).transpose()));
  }
  const double m_eff = in.mass + h * drag;
  const V4 mc = m_eff * cw;
  const double mc2 = mc[0] * cw[0] + mc[1] * cw[1] + mc[2] * cw[2];
  for (int c = 0; c < 3; ++c) {
    // A = ic + m_eff ([c]x [c]x^T) = ic + m_eff (|c|^2 I - c c^T); M = m_eff I.
    o.ia.A[c] = ic[c] + mc2 * kE[c] - mc[c] * cw;
    o.ia.M[c] = m_eff * kE[c];
  }
  // B = m_eff [c]x (rows).
  o.ia.Br[0] = v4(0.0, -mc[2], mc[1]);
  o.ia.Br[1] = v4(mc[2], 0.0, -mc[0]);
  o.ia.Br[2] = v4(-mc[1], mc[0], 0.0);

  // Bias force v x* (I v), with the true inertia.
  const V4 lin = in.mass * (vl - cross3(cw, va));
  const V4 ang = mul_cols(ic, va) + cross3(cw, lin);
  V4 p_ang = cross3(va, ang) + cross3(vl, lin);
  V4 p_lin = cross3(va, lin);
  // Drag at the com toward the wind; the -h drag g term undoes the gravity
  // shift in the implicit part (h C a_true = h C (a + g)).
  if (drag != 0.0) {
    const V4 vcom = vl + cross3(va, cw);
    const V4 f = -drag * (vcom - v4(data.wind) + h * v4(model.gravity));
    p_ang -= cross3(cw, f);
    p_lin -= f;
  }
  o.ia.pa = p_ang;
  o.ia.pl = p_lin;

  if constexpr (kJoint) {
    const V4 r = v4(rotation_vector_from_quat(data.q[i]));
    const V4 k = v4(model.stiffness[i]);
    const V4 d = v4(model.damping[i]);
    const V4 w = v4(data.w[i]);
    const V4 tau = v4(data.tau[i]) - k * r - (d + h * k) * w;
    o.u = mul_cols(R, tau);
    rotate_diagonal(R[0], R[2], h * model.damping[i] + h * h * model.stiffness[i], o.J);
    const V4 ww = mul_cols(R, w);  // the joint velocity, world axes
    o.c_ang = cross3(va, ww);
    o.c_lin = cross3(vl, ww);
  }
}

// Stores x with lane 3 replaced by last at out (32-byte aligned).
inline void store_row(double* out, V4 x, double last) {
  x[3] = last;
  std::memcpy(out, &x, sizeof x);
}

// Where backward_body puts its result: the next body's carry (its parent is
// the next body visited), or the parent's sum slot (store: the first
// contribution, or add).
enum Out { kCarry, kStore, kAdd };

// Backward sweep for body i, given its own terms o and its children's
// articulated inertias and bias forces (first: the next body's, handed over
// in registers, or zeros; sum: the other children's, in a sum slot, or null):
// project the total through the joint (U = [A; B^T], D = A + joint block,
// LDL^T of the 3x3 D) and put the result, moved by r, where kOut says
// (carry may be `first` itself). Writes the record out (Data::AbaBody).
template <int kOut>
__attribute__((noinline)) void backward_body(const Own& o, const Art& first, const double* sum,
                                             const Vec3& r3, double* out, Art* carry,
                                             double* parent) {
  // On a chain, `first` was just written by the child: the only link of the
  // dependency path.
  Art T;
  for (int k = 0; k < 3; ++k) {
    T.A[k] = o.ia.A[k] + first.A[k];
    T.Br[k] = o.ia.Br[k] + first.Br[k];
    T.M[k] = o.ia.M[k] + first.M[k];
  }
  T.pa = o.ia.pa + first.pa;
  T.pl = o.ia.pl + first.pl;
  if (sum) add_sum(T, sum);

  // D = L diag(d) L^T, unrolled (no square roots). The pivots come from the
  // leading minors scaled by D00:
  //   d0 = D00, D00 d1 = p1 = D00 D11 - D10^2, D00 e21 = e = D00 D21 - D10 D20,
  //   D00 p1 d2 = q2 = p1 (D00 D22 - D20^2) - e^2
  // (the same differences as the textbook recurrence, scaled), so that two
  // independent divisions replace three chained ones: 1/D00 and
  // g = 1/(p1 q2), giving 1/d1 = D00 q2 g and 1/d2 = D00 p1^2 g. On a chain
  // the backward pass is one long dependency path. (p1 q2 scales as D^5:
  // fine for joint blocks between ~1e-60 and 1e60 kg m^2.)
  const V4 d0 = T.A[0] + o.J[0], d1 = T.A[1] + o.J[1], d2 = T.A[2] + o.J[2];
  const double D00 = d0[0], D10 = d0[1], D20 = d0[2], D11 = d1[1], D21 = d1[2], D22 = d2[2];
  const double i0 = 1.0 / D00;
  const double p1 = D00 * D11 - D10 * D10;
  const double e = D00 * D21 - D10 * D20;
  const double q2 = p1 * (D00 * D22 - D20 * D20) - e * e;
  const double g = 1.0 / (p1 * q2);
  const double i1 = D00 * q2 * g, i2 = D00 * p1 * p1 * g;
  const double l10 = D10 * i0, l20 = D20 * i0;
  const double l21 = e * i0 * i1;  // e21 / d1

  // Z = L^-1 U^T, rows z_k = (zA_k, zB_k) (U^T = [A B], A symmetric so its
  // rows are its columns), zeta = L^-1 (u - p_ang).
  const V4 zA0 = T.A[0], zB0 = T.Br[0];
  const V4 zA1 = T.A[1] - l10 * zA0, zB1 = T.Br[1] - l10 * zB0;
  const V4 zA2 = T.A[2] - l20 * zA0 - l21 * zA1, zB2 = T.Br[2] - l20 * zB0 - l21 * zB1;
  const V4 sv = o.u - T.pa;
  const double s0 = sv[0];
  const double s1 = sv[1] - l10 * s0;
  const double s2 = sv[2] - l20 * s0 - l21 * s1;

  // W = diag(1/d) Z.
  const V4 wA0 = i0 * zA0, wA1 = i1 * zA1, wA2 = i2 * zA2;
  const V4 wB0 = i0 * zB0, wB1 = i1 * zB1, wB2 = i2 * zB2;

  // Ia = I^A - Z^T W, block by block.
  Art I;
  for (int c = 0; c < 3; ++c) {
    I.A[c] = T.A[c] - (zA0 * wA0[c] + zA1 * wA1[c] + zA2 * wA2[c]);
    I.Br[c] = T.Br[c] - (zA0[c] * wB0 + zA1[c] * wB1 + zA2[c] * wB2);
    I.M[c] = T.M[c] - (zB0 * wB0[c] + zB1 * wB1[c] + zB2 * wB2[c]);
  }
  V4 Bc[3];  // columns of Ba
  transpose3(I.Br, Bc);

  // pa = p + Ia c + U D^-1 (u - p_ang) = p + Ia c + W^T zeta.
  const V4& ca = o.c_ang;
  const V4& cl = o.c_lin;
  I.pa = T.pa + (I.A[0] * ca[0] + I.A[1] * ca[1] + I.A[2] * ca[2]) +
         (Bc[0] * cl[0] + Bc[1] * cl[1] + Bc[2] * cl[2]) + (s0 * wA0 + s1 * wA1 + s2 * wA2);
  I.pl = T.pl + (I.Br[0] * ca[0] + I.Br[1] * ca[1] + I.Br[2] * ca[2]) +
         (I.M[0] * cl[0] + I.M[1] * cl[1] + I.M[2] * cl[2]) + (s0 * wB0 + s1 * wB1 + s2 * wB2);

  // Y = D^-1 U^T = L^-T W and D^-1 u, kept for the forward sweep with r.
  const V4 yA2 = wA2, yB2 = wB2;
  const V4 yA1 = wA1 - l21 * yA2, yB1 = wB1 - l21 * yB2;
  const V4 yA0 = wA0 - l10 * yA1 - l20 * yA2, yB0 = wB0 - l10 * yB1 - l20 * yB2;
  const double du2 = i2 * s2, du1 = i1 * s1 - l21 * du2, du0 = i0 * s0 - l10 * du1 - l20 * du2;
  store_row(out, yA0, du0);
  store_row(out + 4, yB0, r3[0]);
  store_row(out + 8, yA1, du1);
  store_row(out + 12, yB1, r3[1]);
  store_row(out + 16, yA2, du2);
  store_row(out + 20, yB2, r3[2]);

  // Move to the parent origin, a translation by r: with RM = [r]x Ma,
  // M_p = Ma, B_p = Ba + RM, A_p = Aa + [r]x Ba^T + Ba [r]x^T + [r]x Ma [r]x^T
  // = Aa + H + H^T, H = [r]x G^T, G = Ba + RM / 2. Rows of RM (Ma
  // symmetric): RM^T = -Ma [r]x, whose column a is -Ma (r x e_a).
  const V4 r = v4(r3);
  V4 RMr[3];
  RMr[0] = I.M[2] * r[1] - I.M[1] * r[2];
  RMr[1] = I.M[0] * r[2] - I.M[2] * r[0];
  RMr[2] = I.M[1] * r[0] - I.M[0] * r[1];
  Art F;
  V4 H[3];  // columns: r x (row c of G)
  for (int c = 0; c < 3; ++c) {
    F.Br[c] = I.Br[c] + RMr[c];
    H[c] = cross3(r, I.Br[c] + 0.5 * RMr[c]);
    F.M[c] = I.M[c];
  }
  V4 Ht[3];
  transpose3(H, Ht);
  for (int c = 0; c < 3; ++c) F.A[c] = I.A[c] + (H[c] + Ht[c]);
  F.pa = I.pa + cross3(r, I.pl);
  F.pl = I.pl;
  if constexpr (kOut == kCarry) *carry = F;
  else put_sum<kOut == kStore>(F, parent);
}

// The base's (gravity-shifted) spatial acceleration; for a floating base the
// solve with its 6x6 articulated inertia. first, sum: the children's parts as
// in backward_body.
inline Vec6 base_acceleration(const Model& model, Data& data, double h, const Art& first,
                              const double* sum, const Vec6* fext) {
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
  Own o;
  seed<false>(model, data, 0, h, o);
  Art T = o.ia;
  for (int k = 0; k < 3; ++k) {
    T.A[k] += first.A[k];
    T.Br[k] += first.Br[k];
    T.M[k] += first.M[k];
  }
  T.pa += first.pa;
  T.pl += first.pl;
  if (sum) add_sum(T, sum);
  if (fext) {
    T.pa += v4(fext->head<3>());
    T.pl += v4(fext->tail<3>());
  }
  Mat6 I;
  for (int a = 0; a < 3; ++a) {
    for (int c = 0; c < 3; ++c) {
      I(a, c) = T.A[c][a];
      I(a, 3 + c) = T.Br[a][c];
      I(3 + c, a) = T.Br[a][c];
      I(3 + a, 3 + c) = T.M[c][a];
    }
  }
  Vec6 p;
  p << T.pa[0], T.pa[1], T.pa[2], T.pl[0], T.pl[1], T.pl[2];
  a0 = -I.llt().solve(p);
  // True acceleration = shifted + g; the classical acceleration of the base
  // origin adds w x v.
  const Motion& v = data.v[0];
  data.base_dw = a0.head<3>();
  data.base_dv = a0.tail<3>() + g + v.angular.cross(v.linear);
  return a0;
}

// Data::aba_link: a child other than the next body, body_forces, and the
// slot of aba_sum where the children sum (a model of 2^28 bodies would need
// some 200 GB of Data).
constexpr int kForceBit = 1 << 30;
constexpr int kBranchBit = 1 << 29;
constexpr int kSlotBit = 1 << 28;
constexpr int kSlotMask = kSlotBit - 1;
constexpr int kPrefetch = 8;  // bodies ahead

// max2 < 0: no state check; else the check of check_state fused into the
// forward sweep (|w|^2 <= max2 and q finite).
template <bool kIntegrate>
void aba_impl(const Model& model, Data& data, double h, double dt, double max2) {
  const int n = model.nbody();
  const int* parent = model.parent.data();
  int* link = data.aba_link.data();

  // Sweep 1, root to leaf: poses and velocities (outputs), and which bodies
  // sum children in memory (Data::aba_link).
  data.oMi[0] = {data.base_q.toRotationMatrix(), data.base_p};
  data.v[0] = base_velocity(model, data);
  link[0] = 0;
  // Body i - 1's pose and velocity, kept in registers for its first child.
  V4 Pc[3], Pt = translation4(data.oMi[0]), Pva = angular4(data.v[0]), Pvl = linear4(data.v[0]);
  rotation_cols(data.oMi[0], Pc);
  for (int i = 1; i < n; ++i) {
    const int p = parent[i];
    if (i + kPrefetch < n) {
      // A branch's first body reads its parent's pose and velocity from far
      // back in memory: fetch them early.
      const int j = i + kPrefetch, pj = parent[j];
      if (pj != j - 1) {
        __builtin_prefetch(&data.oMi[pj], 0);
        __builtin_prefetch(&data.oMi[pj].translation, 0);
        __builtin_prefetch(&data.v[pj], 0);
        __builtin_prefetch(&data.v[pj].linear, 0);
      }
    }
    link[i] = 0;
    if (p != i - 1) {
      link[p] |= kBranchBit;
      rotation_cols(data.oMi[p], Pc);
      Pt = translation4(data.oMi[p]);
      Pva = angular4(data.v[p]);
      Pvl = linear4(data.v[p]);
    }
    // oR = oRp pRj R(q), r = oRp pt_j, o_i = o_p + r.
    const SE3& pMj = model.joint_placement[i];
    V4 J[3], Q[3], JQ[3], oR[3];
    rotation_cols(pMj, J);
    quat_cols(data.q[i], Q);
    for (int c = 0; c < 3; ++c) JQ[c] = mul_cols(J, Q[c]);
    for (int c = 0; c < 3; ++c) oR[c] = mul_cols(Pc, JQ[c]);
    const V4 r = mul_cols(Pc, translation4(pMj));
    const V4 ot = Pt + r;
    store_pose(data.oMi[i], oR, ot);
    const V4 ww = mul_cols(oR, v4(data.w[i]));
    const V4 va = Pva + ww, vl = Pvl + cross3(Pva, r);
    store_motion(data.v[i], va, vl);
    for (int c = 0; c < 3; ++c) Pc[c] = oR[c];
    Pt = ot;
    Pva = va;
    Pvl = vl;
  }
  Body* body = data.aba_body.data();
  Sum* sums = data.aba_sum.data();
  int* free_slots = data.aba_free.data();
  int nfree = static_cast<int>(data.aba_free.size());
  for (int k = 0; k < nfree; ++k) free_slots[k] = nfree - 1 - k;  // slot 0 on top
  // External forces (world force at a body point, plus a world torque): a
  // wrench added to their body's own bias force.
  Vec6* fext = data.aba_fext.data();
  for (const BodyForce& bf : data.body_forces) {
    if (bf.body < 0 || bf.body >= n) continue;
    if (!(link[bf.body] & kForceBit)) {
      fext[bf.body].setZero();
      link[bf.body] |= kForceBit;
    }
    const Vec3 arm = data.oMi[bf.body].rotation * bf.point;
    fext[bf.body].head<3>() -= arm.cross(bf.force) + bf.torque;
    fext[bf.body].tail<3>() -= bf.force;
  }

  // Sweep 2, leaf to root: each body's own inertia, bias and joint terms (in
  // registers), plus its children's parts, projected through the joint into
  // the parent's: the next body to visit, i - 1, gets it in `carry` when it
  // is the parent; any other parent in its sum. A body's first child (if
  // any) is the body visited just before it, so `carry` is always fresh.
  Art carry = kZeroArt;
  bool carry_valid = false;  // carry holds body i's first child's part
  for (int i = n - 1; i > 0; --i) {
    const int p = parent[i];
    if (i > kPrefetch) {
      // The parent of a body a few steps ahead may be far back in memory (a
      // branch point): fetch its link and position early.
      const int pp = parent[i - kPrefetch];
      if (pp != i - kPrefetch - 1) __builtin_prefetch(&link[pp], 1);
      __builtin_prefetch(&data.oMi[pp].translation, 0);
    }
    Own o;
    seed<true>(model, data, i, h, o);
    const int li = link[i];
    if (li & kForceBit) {
      o.ia.pa += v4(fext[i].head<3>());
      o.ia.pl += v4(fext[i].tail<3>());
    }
    const Art& first = carry_valid ? carry : kZeroArt;
    const bool has_sum = (li & kSlotBit) != 0;  // set by its other children
    const double* sum = has_sum ? sums[li & kSlotMask].s : nullptr;
    // r = o_i - o_p from the poses (reads no joint placement; within an ulp
    // of the pose sweep's r: the sweeps below both use this one).
    const Vec3 r = data.oMi[i].translation - data.oMi[p].translation;
    if (p == i - 1) {
      backward_body<kCarry>(o, first, sum, r, body[i].s, &carry, nullptr);
    } else if (!(link[p] & kSlotBit)) {  // the first of p's other children: a slot
      const int slot = free_slots[--nfree];
      link[p] |= kSlotBit | slot;
      backward_body<kStore>(o, first, sum, r, body[i].s, nullptr, sums[slot].s);
    } else {
      backward_body<kAdd>(o, first, sum, r, body[i].s, nullptr, sums[link[p] & kSlotMask].s);
    }
    if (has_sum) free_slots[nfree++] = li & kSlotMask;  // read: free again
    carry_valid = p == i - 1;
  }
  // Body 1's parent is the base.
  const Vec6 a0 = base_acceleration(model, data, h, n > 1 ? carry : kZeroArt,
                                    (link[0] & kSlotBit) ? sums[link[0] & kSlotMask].s : nullptr,
                                    (link[0] & kForceBit) ? &fext[0] : nullptr);

  // Sweep 3, root to leaf: accelerations (and the state update). A body's
  // acceleration stays in registers for the next body, and goes to s[0..5]
  // of its record (once read) when another child needs it.
  if (link[0] & kBranchBit) {
    for (int k = 0; k < 6; ++k) body[0].s[k] = a0[k];
  }
  if constexpr (!kIntegrate) data.a[0] = a0;
  [[maybe_unused]] int first_bad = -1;
  Vec3 prev_ang = a0.head<3>(), prev_lin = a0.tail<3>();  // body i - 1
  for (int i = 1; i < n; ++i) {
    const int p = parent[i];
    if (i + kPrefetch < n) {
      const int j = i + kPrefetch, pj = parent[j];
      if (pj != j - 1) __builtin_prefetch(body[pj].s, 0);  // its parent's acceleration
    }
    double* rec = body[i].s;
    const Vec3 r(rec[7], rec[15], rec[23]);
    Vec3 ap_ang = prev_ang, ap_lin = prev_lin;
    if (p != i - 1) {
      ap_ang = load3(body[p].s);
      ap_lin = load3(body[p].s + 3);
    }
    // c = v x (S w), as in seed().
    const Mat3& R = data.oMi[i].rotation;
    const Vec3 ww = R * data.w[i];
    const Motion& v = data.v[i];
    Vec3 a_ang = ap_ang + v.angular.cross(ww);
    const Vec3 a_lin = ap_lin + ap_ang.cross(r) + v.linear.cross(ww);
    // Joint acceleration, world axes: D^-1 u - Y a.
    Vec3 alpha;
    for (int k = 0; k < 3; ++k) {
      const double* y = rec + 8 * k;
      alpha[k] = y[3] - (y[0] * a_ang[0] + y[1] * a_ang[1] + y[2] * a_ang[2] +
                         y[4] * a_lin[0] + y[5] * a_lin[1] + y[6] * a_lin[2]);
    }
    a_ang += alpha;
    prev_ang = a_ang;
    prev_lin = a_lin;
    if (link[i] & kBranchBit) {
      store3(rec, a_ang);
      store3(rec + 3, a_lin);
    }
    if constexpr (!kIntegrate) {
      data.a[i].head<3>() = a_ang;
      data.a[i].tail<3>() = a_lin;
    }
    const Vec3 dw = R.transpose() * alpha;
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
