// The curved elements' parts of the articulated-body passes (rod_sweep.hpp;
// docs/dynamics.md, "Curved rods"). Written on Eigen's fixed-size matrices:
// the elements are few beside the rigid bodies, whose kernel stays as it is.
#include "dynamics/src/rod_sweep.hpp"

#include <Eigen/Cholesky>
#include <algorithm>

#include "dynamics/src/rod_point.hpp"

namespace lsd::dyn {
namespace {

using Mat12 = Eigen::Matrix<double, 12, 12>;
using Vec12 = Eigen::Matrix<double, 12, 1>;
using Mat6x12 = Eigen::Matrix<double, 6, 12>;
constexpr int kStart = 6, kOwn = 9;  // the columns of the start node's and the own node's rates

// Motion about o -> about o + r: (w, v + w x r); its transpose moves a force
// about o + r to o.
Mat6 shift_matrix(const Vec3& r) {
  Mat6 x = Mat6::Identity();
  x.bottomLeftCorner<3, 3>() = -skew(r);
  return x;
}
Vec6 shift(const Vec6& m, const Vec3& r) {
  Vec6 o = m;
  o.tail<3>() += m.head<3>().cross(r);
  return o;
}
Motion shift(const Motion& m, const Vec3& r) { return {m.angular, m.linear + m.angular.cross(r)}; }
Vec6 vec(const Motion& m) { return m.to_vector(); }
Vec6 cross_motion(const Vec6& v, const Vec6& m) {
  Vec6 o;
  o << v.head<3>().cross(m.head<3>()), v.head<3>().cross(m.tail<3>()) + v.tail<3>().cross(m.head<3>());
  return o;
}
Vec6 cross_force(const Vec6& v, const Vec6& f) {
  Vec6 o;
  o << v.head<3>().cross(f.head<3>()) + v.tail<3>().cross(f.tail<3>()), v.head<3>().cross(f.tail<3>());
  return o;
}
Mat63 rotate(const Mat3& R, const Mat63& p) {
  Mat63 o;
  o.topRows<3>() = R * p.topRows<3>();
  o.bottomRows<3>() = R * p.bottomRows<3>();
  return o;
}
Vec6 rotate(const Mat3& R, const Vec6& p) {
  Vec6 o;
  o << R * p.head<3>(), R * p.tail<3>();
  return o;
}

// The states of an element's two nodes in a pass.
struct Nodes {
  Vec3 start, start_rate, start_rate_end;
  Vec3 own, own_rate, own_rate_end;
};
Nodes nodes(const Data& data, const Rod& rod, int i) {
  Nodes n;
  const std::size_t k = std::size_t(i);
  n.own = data.rod_kappa[k];
  n.own_rate = data.rod_rate[k];
  n.own_rate_end = data.rod_rate_end[k];
  if (rod.shares >= 0) {
    const std::size_t s = std::size_t(rod.shares);
    n.start = data.rod_kappa[s];
    n.start_rate = data.rod_rate[s];
    n.start_rate_end = data.rod_rate_end[s];
  } else {  // a helix has no start node; a clothoid without one starts at rest
    n.start = rod.kind == ElementKind::kHelix ? n.own : rod.rest;
    n.start_rate = n.start_rate_end = Vec3::Zero();
  }
  return n;
}

Data::RodRecord& record(const Model& model, Data& data, int i) {
  return data.rod_rec[std::size_t(model.rod_of[std::size_t(i)])];
}
const Data::RodRecord& record(const Model& model, const Data& data, int i) {
  return data.rod_rec[std::size_t(model.rod_of[std::size_t(i)])];
}

// Adds a point's terms to the element's system about its start: the point
// moves as a = X(r) (a_start + phi x + c'), takes the force I a + p (both
// about the point, world axes).
void add_point(const Vec3& r, const Mat6& I, const Vec6& p, const Mat63& psi_start, const Mat63& psi_own,
               const Vec6& c, Mat12& M, Vec12& b) {
  const Mat6 X = shift_matrix(r), Xb = shift_matrix(-r);
  const Mat6 Is = X.transpose() * I * X;
  Mat6x12 T;
  T.leftCols<6>().setIdentity();
  T.middleCols<3>(kStart) = Xb * psi_start;
  T.rightCols<3>() = Xb * psi_own;
  const Mat6x12 IT = Is * T;
  M.noalias() += T.transpose() * IT;
  b.noalias() += T.transpose() * (Is * (Xb * c) + X.transpose() * p);
}

// The pieces of element i's tube in its end frame (Data::rod_capsule), for
// its nodes' curvatures and its end's pose g in its start frame.
void place_capsules(const Model& model, Data& data, int i, const Vec3& start, const Vec3& own, const SE3& g) {
  const std::size_t k = std::size_t(i);
  const int first = data.rod_capsule_first.empty() ? -1 : data.rod_capsule_first[std::size_t(model.rod_of[k])];
  if (first < 0) return;
  const Rod& rod = *model.rod(i);
  const std::vector<Capsule>& caps = model.contact.capsules;
  const SE3 eMs = g.inverse();
  for (std::size_t c = std::size_t(first); c < caps.size() && caps[c].body == i; ++c) {
    RodPoint a, b;
    rod_point(rod, start, Vec3::Zero(), own, Vec3::Zero(), caps[c].s0, a);
    rod_point(rod, start, Vec3::Zero(), own, Vec3::Zero(), caps[c].s1, b);
    data.rod_capsule[c] = {eMs.act(a.g.translation), eMs.act(b.g.translation)};
  }
}

// The slices of an element summed about its start, in its start frame's
// axes: with z = (a_start; x_start; x_own) (the start's acceleration and
// the nodes'), the slices' part of the element's system
// [Mss Msx; Mxs Mxx] z + (bs; bx), the columns of x ordered (start, own).
struct Slices {
  Mat6 Mss = Mat6::Zero();
  Eigen::Matrix<double, 6, 6> Msx = Eigen::Matrix<double, 6, 6>::Zero();
  Mat6 Mxx = Mat6::Zero();
  Vec6 bs = Vec6::Zero(), bx = Vec6::Zero();
  Vec3 mass_arm = Vec3::Zero();  // kg m: sum of mass times arm
};

// A slice at arm r (start axes) with mass m (m_eff in the matrix: the
// implicit drag), rotational inertia rot, Jacobian psi (6 x K: the nodes'
// columns, about the slice, start axes), velocity product c and bias force
// p (about the slice): its acceleration X(r) a_start + psi x + c takes the
// force I (X(r) a_start + psi x + c) + p, whose moment about the start and
// node forces enter the sums.
template <int K>
void add_slice(const Vec3& r, double m, const Mat3& rot, const Eigen::Matrix<double, 6, K>& psi, const Vec6& c,
               const Vec6& p, Slices& sl) {
  using Mat6K = Eigen::Matrix<double, 6, K>;
  const Mat3 rx = skew(r);
  // X(r)^T I X(r) for a slice whose centre of mass is its point: the
  // parallel-axis inertia about the start.
  sl.Mss.topLeftCorner<3, 3>() += rot + m * rx * rx.transpose();
  sl.Mss.topRightCorner<3, 3>() += m * rx;
  sl.Mss.bottomLeftCorner<3, 3>() += m * rx.transpose();
  sl.Mss.bottomRightCorner<3, 3>() += m * Mat3::Identity();
  Mat6K Ipsi;
  Ipsi.template topRows<3>() = rot * psi.template topRows<3>();
  Ipsi.template bottomRows<3>() = m * psi.template bottomRows<3>();
  Mat6K XIpsi = Ipsi;  // moved to the start: torque += r x force
  XIpsi.template topRows<3>() += rx * Ipsi.template bottomRows<3>();
  sl.Msx.template rightCols<K>() += XIpsi;
  sl.Mxx.template bottomRightCorner<K, K>() += psi.transpose() * Ipsi;
  Vec6 f;
  f << rot * c.head<3>() + p.head<3>(), m * c.tail<3>() + p.tail<3>();
  sl.bx.template tail<K>() += psi.transpose() * f;
  sl.bs.head<3>() += f.head<3>() + r.cross(f.tail<3>());
  sl.bs.tail<3>() += f.tail<3>();
}

template <int K>
void sum_slices(const Rod& rod, const Nodes& n, const std::vector<RodQuadraturePoint>& points,
                const Data::RodRecord& rec, const StepTerms& t, const Vec3& g, const Vec3& wind, Slices& sl) {
  const Mat3 Rt = rec.start.rotation.transpose();
  const auto local = [&](const Motion& v) {
    Vec6 o;
    o << Rt * v.angular, Rt * v.linear;
    return o;
  };
  const Vec6 vs = local(rec.v_start), vs_end = local(rec.v_start_end);
  Eigen::Matrix<double, K, 1> rate_end, rate;
  if constexpr (K == 3) {
    rate_end = n.own_rate_end;
    rate = n.own_rate;
  } else {
    rate_end << n.start_rate_end, n.own_rate_end;
    rate << n.start_rate, n.own_rate;
  }
  for (const RodQuadraturePoint& qp : points) {
    const RodPoint& pt = qp.point;
    const Mat3& R = pt.g.rotation;
    const Vec3& r = pt.g.translation;
    Eigen::Matrix<double, 6, K> psi;
    if constexpr (K == 3) {
      psi = rotate(R, pt.psi_own);
    } else {
      psi.template leftCols<3>() = rotate(R, pt.psi_start);
      psi.template rightCols<3>() = rotate(R, pt.psi_own);
    }
    const Vec6 rel_end = psi * rate_end;
    const Vec6 v_end = shift(vs_end, r) + rel_end;
    const Vec6 c = rotate(R, pt.c) + cross_motion(v_end, rel_end);
    const double m = rod.line_density * qp.w, drag = rod.drag * qp.w;
    const Mat3 rot = R * (qp.w * rod.section_inertia).asDiagonal() * R.transpose();
    // The bias with the true inertia (v x* I v), the drag toward the wind;
    // the implicit drag kD C as a point mass in the matrix.
    Vec6 Iv;
    Iv << rot * v_end.head<3>(), m * v_end.tail<3>();
    Vec6 p = cross_force(v_end, Iv);
    double m_eff = m;
    if (drag != 0.0) {
      const Vec6 v = shift(vs, r) + psi * rate;
      p.tail<3>() += drag * (v.tail<3>() - wind + t.kD * g);
      m_eff += t.kD * drag;
    }
    add_slice<K>(r, m_eff, rot, psi, c, p, sl);
    sl.mass_arm += m * r;
  }
}

// The slices' sums, turned to world axes, into the element's system.
void add_slices(const Mat3& Rs, const Slices& sl, bool helix, Mat12& M, Vec12& b) {
  Mat6 Rb = Mat6::Zero();
  Rb.topLeftCorner<3, 3>() = Rs;
  Rb.bottomRightCorner<3, 3>() = Rs;
  M.topLeftCorner<6, 6>() += Rb * sl.Mss * Rb.transpose();
  const Eigen::Matrix<double, 6, 6> Msx = Rb * sl.Msx;
  b.head<6>() += Rb * sl.bs;
  M.block<6, 3>(0, kOwn) += Msx.rightCols<3>();
  M.block<3, 6>(kOwn, 0) += Msx.rightCols<3>().transpose();
  M.block<3, 3>(kOwn, kOwn) += sl.Mxx.bottomRightCorner<3, 3>();
  b.segment<3>(kOwn) += sl.bx.tail<3>();
  if (helix) return;
  M.block<6, 3>(0, kStart) += Msx.middleCols<3>(0);
  M.block<3, 6>(kStart, 0) += Msx.middleCols<3>(0).transpose();
  M.block<3, 3>(kStart, kStart) += sl.Mxx.block<3, 3>(0, 0);
  M.block<3, 3>(kStart, kOwn) += sl.Mxx.block<3, 3>(0, 3);
  M.block<3, 3>(kOwn, kStart) += sl.Mxx.block<3, 3>(3, 0);
  b.segment<3>(kStart) += sl.bx.head<3>();
}

}  // namespace

void rod_state_capsules(const Model& model, Data& data) {
  if (data.rod_capsule.empty()) return;
  for (const Rod& rod : model.rods) {
    const int i = rod.body;
    const Vec3& own = data.kappa[std::size_t(i)];
    const Vec3 start = rod.shares >= 0 ? data.kappa[std::size_t(rod.shares)] : rod.kind == ElementKind::kHelix ? own : rod.rest;
    RodPoint e;
    rod_point(rod, start, Vec3::Zero(), own, Vec3::Zero(), rod.length, e);
    place_capsules(model, data, i, start, own, e.g);
  }
}

void rod_pose(const Model& model, Data& data, int i, bool guessed) {
  const Rod& rod = *model.rod(i);
  Data::RodRecord& rec = record(model, data, i);
  const std::size_t k = std::size_t(i), p = std::size_t(model.parent[k]);
  const SE3& oMp = data.oMi[p];
  rec.start = oMp * model.joint_placement[k];
  rec.r_start = rec.start.translation - oMp.translation;
  rec.v_start = shift(data.v[p], rec.r_start);
  rec.v_start_end = guessed ? shift(data.v_end[p], rec.r_start) : rec.v_start;
  const Nodes n = nodes(data, rod, i);
  RodPoint e;
  rod_point(rod, n.start, n.start_rate_end, n.own, n.own_rate_end, rod.length, e);
  SE3& oMe = data.oMi[k];
  oMe = rec.start * e.g;
  rec.r_end = oMe.translation - rec.start.translation;
  const Mat3& Re = oMe.rotation;
  rec.psi_own = rotate(Re, e.psi_own);
  rec.psi_start = rotate(Re, e.psi_start);
  data.v[k] = Motion::from_vector(shift(vec(rec.v_start), rec.r_end) + rec.psi_own * n.own_rate +
                                  rec.psi_start * n.start_rate);
  const Vec6 rel_end = rec.psi_own * n.own_rate_end + rec.psi_start * n.start_rate_end;
  const Vec6 v_end = shift(vec(rec.v_start_end), rec.r_end) + rel_end;
  if (guessed) data.v_end[k] = Motion::from_vector(v_end);
  rec.c_end = rotate(Re, e.c) + cross_motion(v_end, rel_end);
  place_capsules(model, data, i, n.start, n.own, e.g);
}

Motion rod_section(const Model& model, const Data& data, int i, double s, SE3& pose) {
  const Rod& rod = *model.rod(i);
  const Data::RodRecord& rec = data.rod_rec[std::size_t(model.rod_of[std::size_t(i)])];
  const Nodes n = nodes(data, rod, i);
  RodPoint pt;
  rod_point(rod, n.start, n.start_rate, n.own, n.own_rate, s, pt);
  pose = rec.start * pt.g;
  const Vec6 v = shift(vec(rec.v_start), pose.translation - rec.start.translation) +
                 rotate(pose.rotation, pt.psi_own) * n.own_rate + rotate(pose.rotation, pt.psi_start) * n.start_rate;
  return Motion::from_vector(v);
}

double rod_capsule_arc(const Model& model, const Data& data, int capsule, const SE3& oMi, const Vec3& p) {
  const Capsule& c = model.contact.capsules[std::size_t(capsule)];
  const Vec3 a = oMi.act(data.rod_capsule[std::size_t(capsule)][0]);
  const Vec3 ab = oMi.act(data.rod_capsule[std::size_t(capsule)][1]) - a;
  const double len2 = ab.squaredNorm();
  const double t = len2 > 0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
  return c.s0 + t * (c.s1 - c.s0);
}

void rod_backward(const Model& model, Data& data, int i, const StepTerms& t, const Mat6& end_inertia,
                  const Vec6& end_bias, RodPart& out) {
  const Rod& rod = *model.rod(i);
  Data::RodRecord& rec = record(model, data, i);
  const Nodes n = nodes(data, rod, i);
  const double l = rod.length;
  Mat12 M = Mat12::Zero();
  Vec12 b = Vec12::Zero();

  // The sections: slices of mass along the centreline (Gauss-Legendre),
  // summed in the start frame's axes and turned to the world's once.
  thread_local std::vector<RodQuadraturePoint> points;
  rod_quadrature_points(rod, n.start, n.start_rate_end, n.own, n.own_rate_end, points);
  const Mat3& Rs = rec.start.rotation;
  const Vec3 g = model.opt.gravity;
  Slices sl;
  if (rod.kind == ElementKind::kHelix)
    sum_slices<3>(rod, n, points, rec, t, Rs.transpose() * g, Rs.transpose() * data.wind, sl);
  else
    sum_slices<6>(rod, n, points, rec, t, Rs.transpose() * g, Rs.transpose() * data.wind, sl);
  add_slices(Rs, sl, rod.kind == ElementKind::kHelix, M, b);
  const Vec3 mass_arm = Rs * sl.mass_arm;

  // Its contact and tie points (contact.hpp): on a section (s >= 0), or on
  // its end frame. A point at arm r from its section's origin with the
  // implicit matrix S = a I + b n n^T adds J^T S J, J the point's 3 x 6 map
  // from the section's motion, and the wrench of its force.
  for (int k = data.contact_slot[std::size_t(i)]; k >= 0; k = data.contact_points[std::size_t(k)].next) {
    const ContactPoint& cp = data.contact_points[std::size_t(k)];
    Eigen::Matrix<double, 3, 6> J;
    J.leftCols<3>() = -skew(cp.r);
    J.rightCols<3>().setIdentity();
    const Mat3 S = cp.a * Mat3::Identity() + cp.b * cp.n * cp.n.transpose();
    const Mat6 I = J.transpose() * S * J;
    Vec6 p;
    p << -cp.r.cross(cp.f), -cp.f;
    if (cp.s < 0) {
      add_point(rec.r_end, I, p, rec.psi_start, rec.psi_own, rec.c_end, M, b);
      continue;
    }
    RodPoint pt;
    rod_point(rod, n.start, n.start_rate_end, n.own, n.own_rate_end, cp.s, pt);
    const Mat3 R = Rs * pt.g.rotation;
    const Vec3 r = Rs * pt.g.translation;
    const Mat63 ps = rotate(R, pt.psi_start), po = rotate(R, pt.psi_own);
    const Vec6 rel_end = po * n.own_rate_end + ps * n.start_rate_end;
    const Vec6 c = rotate(R, pt.c) + cross_motion(shift(vec(rec.v_start_end), r) + rel_end, rel_end);
    add_point(r, I, p, ps, po, c, M, b);
  }

  // The end, where the children hang (and a continuing clothoid's coupling
  // with this element's node: Data::RodRecord::E, G, h).
  add_point(rec.r_end, end_inertia, end_bias, rec.psi_start, rec.psi_own, rec.c_end, M, b);
  if (rec.set) {
    Mat6x12 T;  // z -> the end's acceleration, about the end
    T.leftCols<6>() = shift_matrix(rec.r_end);
    T.middleCols<3>(kStart) = rec.psi_start;
    T.rightCols<3>() = rec.psi_own;
    const Eigen::Matrix<double, 12, 3> TE = T.transpose() * rec.E;
    M.middleCols<3>(kOwn) += TE;
    M.middleRows<3>(kOwn) += TE.transpose();
    M.block<3, 3>(kOwn, kOwn) += rec.G;
    b.segment<3>(kOwn) += rec.E.transpose() * rec.c_end + rec.h;
    rec.set = false;
  }

  // The elastic and friction forces on the nodes (the gradient of the
  // energies, exact: they are quadratic in the curvatures), at the pass's
  // prediction, and their implicit blocks.
  const Vec3 C = rod.modulus, F = rod.friction;
  const Vec3 d_own = n.own + t.kP * n.own_rate - rod.rest;
  const auto block = [&](double f) { return Mat3((f * l * (t.kD * F + t.kK * C)).asDiagonal()); };
  if (rod.kind == ElementKind::kHelix) {
    b.segment<3>(kOwn) += l * (C.cwiseProduct(d_own) + F.cwiseProduct(n.own_rate));
    M.block<3, 3>(kOwn, kOwn) += block(1.0);
  } else {
    // Omega affine from the start node a to the own node b: the energy
    // 1/2 l (da^T C da + da^T C db + db^T C db) / 3.
    const Vec3 d_start = n.start + t.kP * n.start_rate - rod.rest;
    b.segment<3>(kOwn) += l * (C.cwiseProduct(d_start / 6 + d_own / 3) + F.cwiseProduct(n.start_rate / 6 + n.own_rate / 3));
    M.block<3, 3>(kOwn, kOwn) += block(1.0 / 3);
    if (rod.shares >= 0) {
      b.segment<3>(kStart) +=
          l * (C.cwiseProduct(d_start / 3 + d_own / 6) + F.cwiseProduct(n.start_rate / 3 + n.own_rate / 6));
      M.block<3, 3>(kStart, kStart) += block(1.0 / 3);
      M.block<3, 3>(kStart, kOwn) += block(1.0 / 6);
      M.block<3, 3>(kOwn, kStart) += block(1.0 / 6);
    }
  }
  b.segment<3>(kOwn) -= data.tau[std::size_t(i)];

  // Eliminate the own node: D x = u - U^T z, z = (a_start; x_start).
  const Mat3 D = M.block<3, 3>(kOwn, kOwn);
  const Eigen::LLT<Mat3> llt(D);
  // A held element's node never accelerates (D^-1 = 0): the element is a
  // rigid piece, its whole inertia handed to its parent.
  rec.d_inv = rod.held ? Mat3::Zero() : Mat3(llt.solve(Mat3::Identity()));
  const Eigen::Matrix<double, 9, 3> U = M.block<9, 3>(0, kOwn);
  const Vec3 u = -b.segment<3>(kOwn);
  rec.Y = rec.d_inv * U.transpose();
  rec.du = rec.d_inv * u;
  const Eigen::Matrix<double, 9, 9> Mz = M.topLeftCorner<9, 9>() - U * rec.Y;
  const Eigen::Matrix<double, 9, 1> bz = b.head<9>() + U * rec.du;

  // To the parent: the inertia and bias at its origin, and a clothoid's
  // coupling with its start node (the parent's own node).
  const Mat6 X = shift_matrix(rec.r_start);
  out.inertia = X.transpose() * Mat6(Mz.topLeftCorner<6, 6>()) * X;
  out.inertia = 0.5 * (out.inertia + out.inertia.transpose());
  out.bias = X.transpose() * Vec6(bz.head<6>());
  if (rod.shares >= 0) {
    Data::RodRecord& pr = record(model, data, rod.shares);
    pr.E = X.transpose() * Mz.block<6, 3>(0, kStart);
    pr.G = Mz.block<3, 3>(kStart, kStart);
    pr.h = bz.segment<3>(kStart);
    pr.set = true;
  }
  const double mass = rod.line_density * l;
  out.weight = mass * g;
  out.weight_arm = mass > 0 ? Vec3(mass_arm / mass) : Vec3::Zero();
  out.end_arm = rec.r_end;
  out.start_arm = rec.r_start;
}

namespace {
// Element i's point at s in the pass (s < 0: its end): its arm from the
// start, its Jacobians about it (world) and its velocity product.
struct PassPoint {
  Vec3 r;
  Mat63 ps, po;
  Vec6 c;
};
PassPoint pass_point(const Model& model, const Data& data, int i, double s) {
  const Data::RodRecord& rec = record(model, data, i);
  if (s < 0) return {rec.r_end, rec.psi_start, rec.psi_own, rec.c_end};
  const Rod& rod = *model.rod(i);
  const Nodes n = nodes(data, rod, i);
  RodPoint pt;
  rod_point(rod, n.start, n.start_rate_end, n.own, n.own_rate_end, s, pt);
  const Mat3 R = rec.start.rotation * pt.g.rotation;
  PassPoint p{rec.start.rotation * pt.g.translation, rotate(R, pt.psi_start), rotate(R, pt.psi_own), Vec6::Zero()};
  const Vec6 rel_end = p.po * n.own_rate_end + p.ps * n.start_rate_end;
  p.c = rotate(R, pt.c) + cross_motion(shift(vec(rec.v_start_end), p.r) + rel_end, rel_end);
  return p;
}
}  // namespace

Vec3 rod_point_origin(const Model& model, const Data& data, int i, double s) {
  return record(model, data, i).start.translation + pass_point(model, data, i, s).r;
}

void rod_pair_step(const Model& model, const Data& data, int i, double s, int cols, double (&W)[6][6],
                   double (&G)[3][6], double (&u)[3][6], double (&du)[3][6]) {
  const Data::RodRecord& rec = record(model, data, i);
  const PassPoint pt = pass_point(model, data, i, s);
  const Mat6 Xj = shift_matrix(pt.r).transpose(), Xs = shift_matrix(rec.r_start).transpose();
  const bool shares = model.rod(i)->shares >= 0;
  for (int c = 0; c < cols; ++c) {
    Vec6 w;
    for (int row = 0; row < 6; ++row) w[row] = W[row][c];
    const Vec3 uc = pt.po.transpose() * w + Vec3(G[0][c], G[1][c], G[2][c]);
    const Vec3 duc = rec.d_inv * uc;
    // The force handed on: U D^-1 u = Y^T u (D is symmetric).
    const Eigen::Matrix<double, 9, 1> yu = rec.Y.transpose() * uc;
    const Vec6 ws = Xs * (Xj * w - yu.head<6>());
    const Vec3 g = shares ? Vec3(pt.ps.transpose() * w - yu.tail<3>()) : Vec3::Zero();
    for (int k = 0; k < 3; ++k) {
      u[k][c] = uc[k];
      du[k][c] = duc[k];
      G[k][c] = g[k];
    }
    for (int row = 0; row < 6; ++row) W[row][c] = ws[row];
  }
}

Vec6 rod_path_acceleration(const Model& model, const Data& data, int i, const Vec6& a_parent, const Vec3& x_start,
                           Vec3& x, double s) {
  const Data::RodRecord& rec = record(model, data, i);
  const Vec6 a_start = shift(a_parent, rec.r_start);
  Eigen::Matrix<double, 9, 1> z;
  z << a_start, x_start;
  x = rec.du - rec.Y * z;
  const PassPoint pt = pass_point(model, data, i, s);
  return shift(a_start, pt.r) + pt.ps * x_start + pt.po * x + pt.c;
}

Vec6 rod_forward(const Model& model, Data& data, int i, const Vec6& a_parent, Vec3& acc) {
  const Rod& rod = *model.rod(i);
  const Data::RodRecord& rec = record(model, data, i);
  const Vec6 a_start = shift(a_parent, rec.r_start);
  const Vec3 x_start = rod.shares >= 0 ? data.rod_acc[std::size_t(rod.shares)] : Vec3::Zero();
  Eigen::Matrix<double, 9, 1> z;
  z << a_start, x_start;
  acc = rec.du - rec.Y * z;
  data.rod_acc[std::size_t(i)] = acc;
  return shift(a_start, rec.r_end) + rec.psi_start * x_start + rec.psi_own * acc + rec.c_end;
}

}  // namespace lsd::dyn

namespace lsd::dyn {

namespace {
// The state's nodes of element i (its rates the state's).
void state_nodes(const Data& data, const Rod& rod, int i, Vec3& start, Vec3& start_rate, Vec3& own, Vec3& own_rate) {
  own = data.kappa[std::size_t(i)];
  own_rate = data.w[std::size_t(i)];
  if (rod.shares >= 0) {
    start = data.kappa[std::size_t(rod.shares)];
    start_rate = data.w[std::size_t(rod.shares)];
  } else {
    start = rod.kind == ElementKind::kHelix ? own : rod.rest;
    start_rate = Vec3::Zero();
  }
}
}  // namespace

void rod_state_pose(const Model& model, const Data& data, int i, const SE3& oMp, const Motion* vp, SE3& oMe,
                    Motion* ve) {
  const Rod& rod = *model.rod(i);
  Vec3 ks, rs, ko, ro;
  state_nodes(data, rod, i, ks, rs, ko, ro);
  RodPoint e;
  rod_point(rod, ks, rs, ko, ro, rod.length, e);
  const SE3 start = oMp * model.joint_placement[std::size_t(i)];
  oMe = start * e.g;
  if (!vp) return;
  const Vec6 v = shift(shift(vec(*vp), start.translation - oMp.translation), oMe.translation - start.translation) +
                 rotate(oMe.rotation, e.psi_own) * ro + rotate(oMe.rotation, e.psi_start) * rs;
  *ve = Motion::from_vector(v);
}

Vec3 rod_state_point_velocity(const Model& model, const Data& data, int i, double s, const SE3& oMp,
                              const Motion& vp) {
  const Rod& rod = *model.rod(i);
  Vec3 ks, rs, ko, ro;
  state_nodes(data, rod, i, ks, rs, ko, ro);
  RodPoint pt;
  rod_point(rod, ks, rs, ko, ro, s, pt);
  const SE3 start = oMp * model.joint_placement[std::size_t(i)];
  const Mat3 R = start.rotation * pt.g.rotation;
  const Vec6 v = shift(shift(vec(vp), start.translation - oMp.translation), start.rotation * pt.g.translation) +
                 rotate(R, pt.psi_own) * ro + rotate(R, pt.psi_start) * rs;
  return v.tail<3>();
}

void rod_slices(const Model& model, const Data& data, int i, std::vector<RodSlice>& out) {
  out.clear();
  const Rod& rod = *model.rod(i);
  Vec3 ks, rs, ko, ro;
  state_nodes(data, rod, i, ks, rs, ko, ro);
  const std::size_t p = std::size_t(model.parent[std::size_t(i)]);
  const SE3 start = data.oMi[p] * model.joint_placement[std::size_t(i)];
  const Vec6 vs = shift(vec(data.v[p]), start.translation - data.oMi[p].translation);
  thread_local std::vector<RodQuadraturePoint> points;
  rod_quadrature_points(rod, ks, rs, ko, ro, points);
  for (const RodQuadraturePoint& qp : points) {
    const double w = qp.w;
    const RodPoint& pt = qp.point;
    const Mat3 R = start.rotation * pt.g.rotation;
    const Vec3 r = start.rotation * pt.g.translation;
    const Vec6 v = shift(vs, r) + rotate(R, pt.psi_own) * ro + rotate(R, pt.psi_start) * rs;
    RodSlice s;
    s.mass = rod.line_density * w;
    s.com = start.translation + r;
    s.velocity = v.tail<3>();
    s.angular = v.head<3>();
    s.inertia = R * (w * rod.section_inertia).asDiagonal() * R.transpose();
    s.drag = rod.drag * w;
    out.push_back(s);
  }
}

double rod_elastic_energy(const Model& model, const Data& data, int i) {
  const Rod& rod = *model.rod(i);
  Vec3 ks, rs, ko, ro;
  state_nodes(data, rod, i, ks, rs, ko, ro);
  const Vec3 b = ko - rod.rest;
  if (rod.kind == ElementKind::kHelix) return 0.5 * rod.length * b.dot(rod.modulus.cwiseProduct(b));
  const Vec3 a = ks - rod.rest;
  return 0.5 * rod.length * (a.dot(rod.modulus.cwiseProduct(a)) + a.dot(rod.modulus.cwiseProduct(b)) +
                             b.dot(rod.modulus.cwiseProduct(b))) / 3;
}

}  // namespace lsd::dyn
