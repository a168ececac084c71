// Pairs of bodies coupled exactly through the tree (docs/dynamics.md,
// "Pairs"): grafts, welds and self contacts join two bodies of one tree,
// which the articulated-body sweep cannot couple. With the tree's matrix A
// (everything but the pairs, factorised by sweep 2 as A = L D L^T joint
// block by joint block), J the pairs' relative point (and rotation)
// Jacobian, S their implicit matrices and f their forces at the pass, the
// step is (A + J^T S J) a = b + J^T f. Its solution is a = a0 + A^-1 J^T F
// with a0 = A^-1 b (the pass without the pairs) and the pairs' forces
//   (I + S G) F = f - S J a0,   G = J A^-1 J^T,
// the Woodbury identity. G is the pairs' mobility through the tree: a unit
// force on one side, swept to the base through each joint's projection
// (u = the wrench's torque at the joint, W <- W - Y^T u, moved to the
// parent), gives G = sum over the joints of both sides' paths u^T D^-1 u'.
// The forces then enter the records of sweep 2 as the joint forces they
// give (D^-1 u on the paths), and sweep 3 yields a exactly. Cost: the
// sides' paths to the base and an m x m solve (m = 3 per pin or contact,
// 6 per weld), per pass.
#include "dynamics/src/contact_pairs.hpp"

#include <Eigen/Cholesky>
#include <cmath>
#include <utility>

namespace lsd::dyn {
namespace {

using Block = Eigen::Matrix<double, 3, 6>;

// D^-1 x for the factors (i0, i1, i2, l10, l20, l21) of D = L diag(1/i) L^T,
// as backward_body solves it (aba_backward.inc).
Vec3 dinv(const std::array<double, 6>& f, const Vec3& x) {
  const double y0 = x[0], y1 = x[1] - f[3] * y0, y2 = x[2] - f[4] * y0 - f[5] * y1;
  const double z2 = f[2] * y2, z1 = f[1] * y1 - f[5] * z2, z0 = f[0] * y0 - f[3] * z1 - f[4] * z2;
  return Vec3(z0, z1, z2);
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

}  // namespace

Vec6 solve_pairs(const Model& model, Data& data) {
  const std::vector<PairRow>& pairs = data.pairs;
  const int np = int(pairs.size());
  const bool floating = model.base_kind == BaseKind::kFloating;
  std::vector<Data::PairStep>& steps = data.pair_steps;
  std::vector<Data::PairSide>& sides = data.pair_sides;
  steps.clear();
  sides.clear();

  // Each side's unit forces (columns: the force along x, y, z at its point;
  // for a weld also the torque about x, y, z; b's with the opposite sign)
  // swept to the base.
  std::vector<int>& offset = data.pair_offset;
  offset.assign(std::size_t(np) + 1, 0);
  for (int k = 0; k < np; ++k) offset[std::size_t(k) + 1] = offset[std::size_t(k)] + pairs[std::size_t(k)].rows;
  const int m = offset[std::size_t(np)];
  for (int k = 0; k < np; ++k) {
    const PairRow& pr = pairs[std::size_t(k)];
    for (int s = 0; s < 2; ++s) {
      const int body = s == 0 ? pr.body_a : pr.body_b;
      const double sigma = s == 0 ? 1.0 : -1.0;
      Data::PairSide side;
      side.pair = k;
      side.first = int(steps.size());
      side.base_wrench.setZero();
      if (body == 0 && !floating) {  // a fixed or kinematic base: the side does not move
        sides.push_back(side);
        continue;
      }
      Mat6 W = Mat6::Zero();
      const Vec3 r = (s == 0 ? pr.point : pr.point_b) - data.oMi[std::size_t(body)].translation;
      for (int c = 0; c < 3; ++c) {
        const Vec3 e = sigma * Vec3::Unit(c);
        W.col(c) << r.cross(e), e;
        if (pr.rows == 6) W.col(3 + c) << e, Vec3::Zero();
      }
      for (int i = body; i > 0; i = model.parent[std::size_t(i)]) {
        const double* rec = data.aba_body[std::size_t(i)].s;
        const std::array<double, 6>& f = data.aba_dfac[std::size_t(i)];
        Data::PairStep& st = steps.emplace_back();
        st.body = i;
        st.u = W.topRows<3>();
        // W <- W - Y^T u (the joint's projection), then moved to the parent's
        // origin by r, the columns at once (a pin's three; a weld's six).
        Block Y;
        for (int row = 0; row < 3; ++row) {
          const double* y = rec + 8 * row;
          Y.row(row) << y[0], y[1], y[2], y[4], y[5], y[6];
        }
        Mat3 rx;
        rx << 0, -rec[23], rec[15], rec[23], 0, -rec[7], -rec[15], rec[7], 0;
        if (pr.rows == 6) {
          for (int c = 0; c < 6; ++c) st.du.col(c) = dinv(f, st.u.col(c));
          W.noalias() -= Y.transpose() * st.u;
          W.topRows<3>().noalias() += rx * W.bottomRows<3>();
        } else {
          for (int c = 0; c < 3; ++c) st.du.col(c) = dinv(f, st.u.col(c));
          st.du.rightCols<3>().setZero();
          W.leftCols<3>().noalias() -= Y.transpose() * st.u.leftCols<3>();
          W.topLeftCorner<3, 3>().noalias() += rx * W.bottomLeftCorner<3, 3>();
        }
      }
      side.count = int(steps.size()) - side.first;
      side.base_wrench = W;
      sides.push_back(side);
    }
  }

  // G = J A^-1 J^T, side by side over their common paths (the joints both
  // sweep through), and a floating base's share.
  std::vector<double>& scratch = data.pair_scratch;
  scratch.assign(std::size_t(m) * std::size_t(m) + std::size_t(m) + 6, 0.0);  // G, F, the base's push
  Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> G(scratch.data(), m, m);
  Eigen::Map<Eigen::VectorXd> F(scratch.data() + std::size_t(m) * std::size_t(m), m);
  Eigen::Map<Eigen::VectorXd> base_push(scratch.data() + std::size_t(m) * std::size_t(m) + std::size_t(m), 6);
  Eigen::LLT<Mat6> base_llt;
  if (floating) base_llt.compute(data.pair_base_inertia);
  const int nsides = int(sides.size());
  for (int s = 0; s < nsides; ++s) {
    const Data::PairSide& a = sides[std::size_t(s)];
    const int ra = pairs[std::size_t(a.pair)].rows, oa = offset[std::size_t(a.pair)];
    for (int s2 = s; s2 < nsides; ++s2) {
      const Data::PairSide& b = sides[std::size_t(s2)];
      const int rb = pairs[std::size_t(b.pair)].rows, ob = offset[std::size_t(b.pair)];
      Mat6 B = Mat6::Zero();
      int ia = a.first + a.count - 1, ib = b.first + b.count - 1;
      bool any = false;
      for (; ia >= a.first && ib >= b.first && steps[std::size_t(ia)].body == steps[std::size_t(ib)].body; --ia, --ib) {
        if (ra == 3 && rb == 3)
          B.topLeftCorner<3, 3>().noalias() +=
              steps[std::size_t(ia)].u.leftCols<3>().transpose() * steps[std::size_t(ib)].du.leftCols<3>();
        else
          B.noalias() += steps[std::size_t(ia)].u.transpose() * steps[std::size_t(ib)].du;
        any = true;
      }
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
    const Vec3 ra = pr.point - data.oMi[std::size_t(pr.body_a)].translation;
    const Vec3 rb = pr.point_b - data.oMi[std::size_t(pr.body_b)].translation;
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
  for (const Data::PairSide& side : sides) {
    const int rows = pairs[std::size_t(side.pair)].rows, o = offset[std::size_t(side.pair)];
    const Eigen::Matrix<double, 6, 1> Fc =
        rows == 6 ? Eigen::Matrix<double, 6, 1>(F.segment<6>(o))
                  : (Eigen::Matrix<double, 6, 1>() << F.segment<3>(o), Vec3::Zero()).finished();
    for (int e = side.first; e < side.first + side.count; ++e) {
      const Data::PairStep& st = steps[std::size_t(e)];
      const Vec3 du = st.du * Fc;
      double* rec = data.aba_body[std::size_t(st.body)].s;
      rec[3] += du[0];
      rec[11] += du[1];
      rec[19] += du[2];
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
