// Pairs of bodies coupled exactly through the tree (docs/dynamics.md,
// "Pairs"): grafts, welds and self contacts join two bodies of one tree,
// which the articulated-body sweep cannot couple. With the tree's matrix A
// (everything but the pairs, factorised by sweep 2 as A = L D L^T joint
// block by joint block), J the pairs' relative point (and rotation)
// Jacobian, S their implicit matrices and f their forces at the pass, the
// step is (A + J^T S J) a = b + J^T f. Its solution is a = a0 + A^-1 J^T F
// with a0 = A^-1 b (the pass without the pairs) and the pairs' forces
//   (I + S G) F = f - S J a0,   G = J A^-1 J^T,
// the Woodbury identity. G is the pairs' mobility through the tree: a pair's
// unit forces (+ on side a, - on side b), swept to the base through each
// joint's projection (u = the wrench's torque at the joint, W <- W - Y^T u,
// moved to the parent), give G = sum over the joints two pairs' paths share
// of u^T D^-1 u'. The sweep is linear, so a pair's two sides are swept each
// to the joint where their paths meet and on from there as one (their
// wrenches added): below it a joint carries one set of columns, not two.
// The forces then enter the records of sweep 2 as the joint forces they
// give (D^-1 u on the paths), and sweep 3 yields a exactly. Cost: the
// pairs' paths to the base, the products on the joints two pairs share, and
// an m x m solve (m = 3 per pin or contact, 6 per weld), per pass.
#include "dynamics/src/contact_pairs.hpp"

#include "dynamics/src/rod_sweep.hpp"

#include <Eigen/Cholesky>
#include <cmath>
#include <utility>

namespace lsd::dyn {
namespace {

// Unit forces (W: 6 x N, row-major, rows the torque then the force about
// the body's origin; N = 3 for a pin, 6 for a weld) swept from body through
// each joint on its path to the base, up to the body stop (an ancestor, not
// swept; 0: to the base), all columns at once (a weld's rotation shares the
// sweep of its position): at joint i the joint forces u (W's torque rows)
// and D^-1 u are kept (Data::PairStep, row-major), W <- W - Y^T u, then W
// is moved to the parent's origin by r. W ends at stop's origin.
template <int N>
void sweep_side(const Model& model, Data& data, int body, int stop, double (&W)[6][6], double (&G)[3][6],
                double s) {
  std::vector<Data::PairStep>& steps = data.pair_steps;
  double w[6][N];  // W's columns in use, local: no store through u or du can alias them
  for (int row = 0; row < 6; ++row)
    for (int c = 0; c < N; ++c) w[row][c] = W[row][c];
  for (int i = body; i > 0 && i != stop; i = model.parent[std::size_t(i)]) {
    if (model.rod(i)) {  // a curved element (rod_sweep.hpp), at its section s for the first
      double Wf[6][6] = {}, u[3][6] = {}, du[3][6] = {};
      for (int row = 0; row < 6; ++row)
        for (int c = 0; c < N; ++c) Wf[row][c] = w[row][c];
      rod_pair_step(model, data, i, i == body ? s : -1.0, N, Wf, G, u, du);
      Data::PairStep& st = steps.emplace_back();
      st.body = i;
      for (int k = 0; k < 3; ++k)
        for (int c = 0; c < 6; ++c) {
          st.u(k, c) = u[k][c];
          st.du(k, c) = du[k][c];
        }
      for (int row = 0; row < 6; ++row)
        for (int c = 0; c < N; ++c) w[row][c] = Wf[row][c];
      continue;
    }
    const double* rec = data.aba_body[std::size_t(i)].s;
    const std::array<double, 6>& f = data.aba_dfac[std::size_t(i)];
    for (int k = 0; k < 3; ++k)  // (a rigid body takes no node force: a clothoid chain's first node ends it)
      for (int c = 0; c < N; ++c) G[k][c] = 0.0;
    Data::PairStep& st = steps.emplace_back();
    st.body = i;
    double u[3][N];
    for (int k = 0; k < 3; ++k)
      for (int c = 0; c < N; ++c) u[k][c] = w[k][c];
    // D^-1 u for the factors (i0, i1, i2, l10, l20, l21) of D = L diag(1/i)
    // L^T, as backward_body solves it (aba_backward.inc), column by column.
    double du[3][N];
    for (int c = 0; c < N; ++c) {
      const double y0 = u[0][c], y1 = u[1][c] - f[3] * y0, y2 = u[2][c] - f[4] * y0 - f[5] * y1;
      const double z2 = f[2] * y2, z1 = f[1] * y1 - f[5] * z2, z0 = f[0] * y0 - f[3] * z1 - f[4] * z2;
      du[0][c] = z0;
      du[1][c] = z1;
      du[2][c] = z2;
    }
    double* su = st.u.data();
    double* sdu = st.du.data();
    for (int k = 0; k < 3; ++k)
      for (int c = 0; c < 6; ++c) {
        su[6 * k + c] = c < N ? u[k][c] : 0.0;
        sdu[6 * k + c] = c < N ? du[k][c] : 0.0;
      }
    // W <- W - Y^T u: Y's row k holds rec[8k + 0..2] (angular) and
    // rec[8k + 4..6] (linear).
    for (int row = 0; row < 6; ++row) {
      const int o = row < 3 ? row : row + 1;
      const double y0 = rec[o], y1 = rec[8 + o], y2 = rec[16 + o];
      for (int c = 0; c < N; ++c) w[row][c] -= y0 * u[0][c] + y1 * u[1][c] + y2 * u[2][c];
    }
    // The torque rows gain r x the force rows.
    const double r0 = rec[7], r1 = rec[15], r2 = rec[23];
    for (int c = 0; c < N; ++c) {
      const double f0 = w[3][c], f1 = w[4][c], f2 = w[5][c];
      w[0][c] += r1 * f2 - r2 * f1;
      w[1][c] += r2 * f0 - r0 * f2;
      w[2][c] += r0 * f1 - r1 * f0;
    }
  }
  for (int row = 0; row < 6; ++row)
    for (int c = 0; c < N; ++c) W[row][c] = w[row][c];
}

// Adds the joints two pairs' paths share to B (6 x 6, row-major): sum of
// u_a^T D^-1 u_b; false if they share none. A path's steps, in
// Data::pair_order, go by body, descending.
template <int RA, int RB>
bool add_shared(const Data& data, const Data::PairSide& a, const Data::PairSide& b, double (&B)[6][6]) {
  const std::vector<Data::PairStep>& steps = data.pair_steps;
  const int* oa = data.pair_order.data() + a.first;
  const int* ob = data.pair_order.data() + b.first;
  double sum[RA][RB] = {};  // local: no load through u or du can alias it
  bool any = false;
  for (int ia = 0, ib = 0; ia < a.count && ib < b.count;) {
    const Data::PairStep& sa = steps[std::size_t(oa[ia])];
    const Data::PairStep& sb = steps[std::size_t(ob[ib])];
    if (sa.body != sb.body) {
      if (sa.body > sb.body) ++ia;
      else ++ib;
      continue;
    }
    const double* u = sa.u.data();
    const double* du = sb.du.data();
    for (int i = 0; i < RA; ++i) {
      const double u0 = u[i], u1 = u[6 + i], u2 = u[12 + i];
      for (int j = 0; j < RB; ++j) sum[i][j] += u0 * du[j] + u1 * du[6 + j] + u2 * du[12 + j];
    }
    any = true;
    ++ia;
    ++ib;
  }
  for (int i = 0; i < RA; ++i)
    for (int j = 0; j < RB; ++j) B[i][j] = sum[i][j];
  return any;
}

// Solves A x = b in place (A: n x n, row-major) by Gaussian elimination with
// partial pivoting; b becomes x. A = I + S G is never singular (S G has
// eigenvalues >= 0: S^1/2 G S^1/2 is positive semi-definite).
void solve_in_place(double* A, double* b, int n) {
  for (int k = 0; k < n; ++k) {
    int p = k;
    for (int i = k + 1; i < n; ++i)
      if (std::abs(A[i * n + k]) > std::abs(A[p * n + k])) p = i;
    if (p != k) {
      for (int j = 0; j < n; ++j) std::swap(A[k * n + j], A[p * n + j]);
      std::swap(b[k], b[p]);
    }
    const double inv = 1.0 / A[k * n + k];
    for (int i = k + 1; i < n; ++i) {
      const double f = A[i * n + k] * inv;
      if (f == 0.0) continue;
      for (int j = k + 1; j < n; ++j) A[i * n + j] -= f * A[k * n + j];
      b[i] -= f * b[k];
    }
  }
  for (int k = n - 1; k >= 0; --k) {
    double x = b[k];
    for (int j = k + 1; j < n; ++j) x -= A[k * n + j] * b[j];
    b[k] = x / A[k * n + k];
  }
}

// Where a pair's side takes its force from: its body's origin, or on a
// curved element the origin of its section s.
Vec3 pair_origin(const Model& model, const Data& data, int body, double s) {
  return s >= 0 ? rod_point_origin(model, data, body, s) : data.oMi[std::size_t(body)].translation;
}

}  // namespace

namespace {

// Each pair's unit forces (columns: the force along x, y, z at its point;
// for a weld also the torque about x, y, z; b's side with the opposite
// sign) swept to the base: each side to the body where the sides' paths
// meet, then the two as one. A fixed or kinematic base does not move: a
// side on it has no joint to sweep. Fills Data::pair_steps, pair_sides,
// pair_order and pair_offset (the pairs' first rows); returns the rows.
int sweep_pair_paths(const Model& model, Data& data) {
  const std::vector<PairRow>& pairs = data.pairs;
  const int np = int(pairs.size());
  std::vector<Data::PairStep>& steps = data.pair_steps;
  std::vector<Data::PairSide>& paths = data.pair_sides;
  steps.clear();
  paths.clear();
  std::vector<int>& offset = data.pair_offset;
  std::vector<int>& order = data.pair_order;
  order.clear();
  offset.assign(std::size_t(np) + 1, 0);
  for (int k = 0; k < np; ++k) offset[std::size_t(k) + 1] = offset[std::size_t(k)] + pairs[std::size_t(k)].rows;
  const int m = offset[std::size_t(np)];
  for (int k = 0; k < np; ++k) {
    const PairRow& pr = pairs[std::size_t(k)];
    double W[2][6][6] = {}, Gn[2][3][6] = {};
    for (int s = 0; s < 2; ++s) {
      const int body = s == 0 ? pr.body_a : pr.body_b;
      const double sigma = s == 0 ? 1.0 : -1.0;
      const Vec3 r = (s == 0 ? pr.point : pr.point_b) - pair_origin(model, data, body, s == 0 ? pr.s_a : pr.s_b);
      for (int c = 0; c < 3; ++c) {
        // The force along e_c at the point: torque r x e_c, force e_c; a
        // weld's torque about e_c.
        const Vec3 e = sigma * Vec3::Unit(c);
        const Vec3 t = r.cross(e);
        for (int row = 0; row < 3; ++row) {
          W[s][row][c] = t[row];
          W[s][3 + row][c] = e[row];
          if (pr.rows == 6) W[s][row][3 + c] = e[row];
        }
      }
    }
    int meet_a = pr.body_a, meet_b = pr.body_b;  // (a parent's index is below its child's)
    while (meet_a != meet_b) {
      if (meet_a > meet_b) meet_a = model.parent[std::size_t(meet_a)];
      else meet_b = model.parent[std::size_t(meet_b)];
    }
    const int first_a = int(steps.size());
    const auto sweep = [&](int from, int stop, double (&w)[6][6], double (&g)[3][6], double s) {
      if (pr.rows == 6) sweep_side<6>(model, data, from, stop, w, g, s);
      else sweep_side<3>(model, data, from, stop, w, g, s);
    };
    sweep(pr.body_a, meet_a, W[0], Gn[0], pr.s_a);
    const int first_b = int(steps.size());
    sweep(pr.body_b, meet_a, W[1], Gn[1], pr.s_b);
    const int first_common = int(steps.size());
    // A side that starts on a section of the meeting body (a curved element)
    // takes its force there, not at the element's end where the other side
    // arrives: the meeting body's step is then the sum of the two sides'
    // (the sweep is linear), and the common sweep goes on from its parent.
    const bool a_on = pr.body_a == meet_a && pr.s_a >= 0, b_on = pr.body_b == meet_a && pr.s_b >= 0;
    int from = meet_a;
    if (a_on || b_on) {
      double u[2][3][6] = {}, du[2][3][6] = {};
      for (int side = 0; side < 2; ++side)
        rod_pair_step(model, data, meet_a, side == 0 ? (a_on ? pr.s_a : -1.0) : (b_on ? pr.s_b : -1.0), pr.rows,
                      W[side], Gn[side], u[side], du[side]);
      Data::PairStep& st = steps.emplace_back();
      st.body = meet_a;
      for (int row = 0; row < 3; ++row)
        for (int c = 0; c < 6; ++c) {
          st.u(row, c) = u[0][row][c] + u[1][row][c];
          st.du(row, c) = du[0][row][c] + du[1][row][c];
        }
      from = model.parent[std::size_t(meet_a)];
    }
    for (int row = 0; row < 6; ++row)
      for (int c = 0; c < 6; ++c) W[0][row][c] += W[1][row][c];
    for (int row = 0; row < 3; ++row)
      for (int c = 0; c < 6; ++c) Gn[0][row][c] += Gn[1][row][c];
    sweep(from, 0, W[0], Gn[0], -1.0);
    // The path's steps by body, descending: the two sides' (each descending)
    // merged, then the common ones (the meeting body and its ancestors).
    Data::PairSide path;
    path.pair = k;
    path.first = int(order.size());
    for (int ia = first_a, ib = first_b; ia < first_b || ib < first_common;) {
      const bool take_a =
          ib == first_common || (ia < first_b && steps[std::size_t(ia)].body > steps[std::size_t(ib)].body);
      order.push_back(take_a ? ia++ : ib++);
    }
    for (int e = first_common; e < int(steps.size()); ++e) order.push_back(e);
    path.count = int(order.size()) - path.first;
    for (int row = 0; row < 6; ++row)
      for (int c = 0; c < 6; ++c) path.base_wrench(row, c) = W[0][row][c];
    paths.push_back(path);
  }
  return m;
}

}  // namespace

Vec6 solve_pairs(const Model& model, Data& data) {
  const std::vector<PairRow>& pairs = data.pairs;
  const int np = int(pairs.size());
  const bool floating = model.base_kind == BaseKind::kFloating;
  const int m = sweep_pair_paths(model, data);
  const std::vector<Data::PairStep>& steps = data.pair_steps;
  const std::vector<Data::PairSide>& paths = data.pair_sides;
  const std::vector<int>& offset = data.pair_offset;
  const std::vector<int>& order = data.pair_order;

  // G = J A^-1 J^T, pair by pair over the joints their paths share, and a
  // floating base's share.
  std::vector<double>& scratch = data.pair_scratch;
  scratch.assign(std::size_t(m) * std::size_t(m) + std::size_t(m) + 6, 0.0);  // G, F, the base's push
  Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> G(scratch.data(), m, m);
  Eigen::Map<Eigen::VectorXd> F(scratch.data() + std::size_t(m) * std::size_t(m), m);
  Eigen::Map<Eigen::VectorXd> base_push(scratch.data() + std::size_t(m) * std::size_t(m) + std::size_t(m), 6);
  Eigen::LLT<Mat6> base_llt;
  if (floating) base_llt.compute(data.pair_base_inertia);
  const int npaths = int(paths.size());
  for (int s = 0; s < npaths; ++s) {
    const Data::PairSide& a = paths[std::size_t(s)];
    const int ra = pairs[std::size_t(a.pair)].rows, oa = offset[std::size_t(a.pair)];
    for (int s2 = s; s2 < npaths; ++s2) {
      const Data::PairSide& b = paths[std::size_t(s2)];
      const int rb = pairs[std::size_t(b.pair)].rows, ob = offset[std::size_t(b.pair)];
      double Bs[6][6] = {};
      bool any = ra == 6 ? (rb == 6 ? add_shared<6, 6>(data, a, b, Bs) : add_shared<6, 3>(data, a, b, Bs))
                         : (rb == 6 ? add_shared<3, 6>(data, a, b, Bs) : add_shared<3, 3>(data, a, b, Bs));
      Mat6 B;
      for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 6; ++j) B(i, j) = Bs[i][j];
      if (floating) {
        B.noalias() += a.base_wrench.transpose() * base_llt.solve(b.base_wrench);
        any = true;
      }
      if (!any) continue;
      G.block(oa, ob, ra, rb) += B.topLeftCorner(ra, rb);
      if (s2 != s) G.block(ob, oa, rb, ra) += B.topLeftCorner(ra, rb).transpose();
    }
  }

  // The right side f - S J a0 and the matrix I + S G, in place of G.
  for (int k = 0; k < np; ++k) {
    const PairRow& pr = pairs[std::size_t(k)];
    const int o = offset[std::size_t(k)];
    const Vec6& aa = data.pair_acc[2 * std::size_t(k)];
    const Vec6& ab = data.pair_acc[2 * std::size_t(k) + 1];
    const Vec3 ra = pr.point - pair_origin(model, data, pr.body_a, pr.s_a);
    const Vec3 rb = pr.point_b - pair_origin(model, data, pr.body_b, pr.s_b);
    const Vec3 ja = (aa.tail<3>() + aa.head<3>().cross(ra)) - (ab.tail<3>() + ab.head<3>().cross(rb));
    F.segment<3>(o) = pr.f_lin - pr.s_lin * ja;
    for (int j = 0; j < m; ++j) G.block<3, 1>(o, j) = pr.s_lin * Vec3(G.block<3, 1>(o, j));
    if (pr.rows == 6) {
      F.segment<3>(o + 3) = pr.f_ang - pr.s_ang * Vec3(aa.head<3>() - ab.head<3>());
      for (int j = 0; j < m; ++j) G.block<3, 1>(o + 3, j) = pr.s_ang * Vec3(G.block<3, 1>(o + 3, j));
    }
  }
  for (int k = 0; k < m; ++k) G(k, k) += 1.0;
  solve_in_place(scratch.data(), F.data(), m);

  // The forces into the records, and onto a floating base.
  base_push.setZero();
  for (const Data::PairSide& side : paths) {
    const int rows = pairs[std::size_t(side.pair)].rows, o = offset[std::size_t(side.pair)];
    const Eigen::Matrix<double, 6, 1> Fc =
        rows == 6 ? Eigen::Matrix<double, 6, 1>(F.segment<6>(o))
                  : (Eigen::Matrix<double, 6, 1>() << F.segment<3>(o), Vec3::Zero()).finished();
    for (int e = side.first; e < side.first + side.count; ++e) {
      const Data::PairStep& st = steps[std::size_t(order[std::size_t(e)])];
      const double* du = st.du.data();
      double d[3] = {0.0, 0.0, 0.0};
      for (int k = 0; k < 3; ++k)
        for (int c = 0; c < 6; ++c) d[k] += du[6 * k + c] * Fc[c];  // (a pin's last three: zeros)
      if (model.rod(st.body)) {
        data.rod_rec[std::size_t(model.rod_of[std::size_t(st.body)])].du += Vec3(d[0], d[1], d[2]);
        continue;
      }
      double* rec = data.aba_body[std::size_t(st.body)].s;
      rec[3] += d[0];
      rec[11] += d[1];
      rec[19] += d[2];
    }
    if (floating) base_push += side.base_wrench * Fc;
  }
  for (int k = 0; k < np; ++k) {
    PairRow& pr = data.pairs[std::size_t(k)];
    const int o = offset[std::size_t(k)];
    pr.out_lin = F.segment<3>(o);
    pr.out_ang = pr.rows == 6 ? Vec3(F.segment<3>(o + 3)) : Vec3::Zero();
  }
  if (!floating) return Vec6::Zero();
  return base_llt.solve(Vec6(base_push));
}

}  // namespace lsd::dyn
