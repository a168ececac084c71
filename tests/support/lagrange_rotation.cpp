// The rigid joints' rates in lsd's solver's variables (lagrange_reference.hpp):
// w = 2 vec(q̄ q̇) of q = exp(r(t)) by dual numbers in time, ẇ by a second,
// nested one. No closed form of the right Jacobian is used.
#include <Eigen/Dense>

#include "support/lagrange_energy.hpp"
#include "support/lagrange_reference.hpp"

namespace lsd::lagref {

namespace {

using D1 = Dual<double, double>;
using D2 = Dual<D1, D1>;

Vec3 to_vec(const detail::V3<double>& v) { return {v.x, v.y, v.z}; }

// ω and ω̇ along the path r(t) = r + t ṙ + ½ t² r̈, at t = 0.
void omega_and_rate(const Vec3& r, const Vec3& rd, const Vec3& rdd, Vec3& w, Vec3& wd) {
  detail::V3<D2> rv;
  D2* c[3] = {&rv.x, &rv.y, &rv.z};
  for (int k = 0; k < 3; ++k) *c[k] = D2(D1(r[k], rd[k]), D1(rd[k], rdd[k]));
  const detail::V3<D1> omega = detail::angular_velocity(detail::exp_map(rv));
  w = Vec3(omega.x.x, omega.y.x, omega.z.x);
  wd = Vec3(omega.x.t, omega.y.t, omega.z.t);
}

// x with the three entries of every rigid node replaced by f(c), c the index of its coordinates.
template <class F>
Eigen::VectorXd on_rigid_nodes(const Tree& tree, Eigen::VectorXd x, F f) {
  for (int i = 1; i < static_cast<int>(tree.nodes.size()); ++i)
    if (tree.nodes[i].kind == NodeKind::Rigid) x.segment<3>(coordinate_index(i)) = f(coordinate_index(i));
  return x;
}

}  // namespace

Vec3 angular_velocity(const Vec3& r, const Vec3& rd) {
  const detail::V3<D1> rv{D1(r.x(), rd.x()), D1(r.y(), rd.y()), D1(r.z(), rd.z())};
  return to_vec(detail::angular_velocity(detail::exp_map(rv)));
}

Eigen::Matrix3d right_jacobian(const Vec3& r) {
  Eigen::Matrix3d j;
  for (int k = 0; k < 3; ++k) j.col(k) = angular_velocity(r, Vec3::Unit(k));
  return j;
}

Vec3 rotation_rate(const Vec3& r, const Vec3& w) { return right_jacobian(r).partialPivLu().solve(w); }

Vec3 angular_acceleration(const Vec3& r, const Vec3& rd, const Vec3& rdd) {
  Vec3 w, wd;
  omega_and_rate(r, rd, rdd, w, wd);
  return wd;
}

// ẇ is affine in r̈ with matrix J_r: r̈ = J_r⁻¹ (ẇ − ẇ(r̈ = 0)).
Vec3 rotation_acceleration(const Vec3& r, const Vec3& rd, const Vec3& wd) {
  return right_jacobian(r).partialPivLu().solve(wd - angular_acceleration(r, rd, Vec3::Zero()));
}

Eigen::VectorXd solver_rates(const Tree& tree, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
  return on_rigid_nodes(tree, qd, [&](int c) { return angular_velocity(q.segment<3>(c), qd.segment<3>(c)); });
}

Eigen::VectorXd reference_rates(const Tree& tree, const Eigen::VectorXd& q, const Eigen::VectorXd& v) {
  return on_rigid_nodes(tree, v, [&](int c) { return rotation_rate(q.segment<3>(c), v.segment<3>(c)); });
}

Eigen::VectorXd solver_accelerations(const Tree& tree, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                                     const Eigen::VectorXd& qdd) {
  return on_rigid_nodes(tree, qdd, [&](int c) {
    return angular_acceleration(q.segment<3>(c), qd.segment<3>(c), qdd.segment<3>(c));
  });
}

}  // namespace lsd::lagref
