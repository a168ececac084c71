// Tests of dynamics/src/kinematics.cpp: poses of a bent chain by hand, velocities
// by finite differences, energies of simple bodies, the divergence check and
// the subtree inertias.
#include "dynamics/kinematics.hpp"

#include <numbers>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "dynamics/rotation.hpp"
#include "dynamics/samples.hpp"

using namespace lsd::dyn;

namespace {
constexpr double kPi = std::numbers::pi;
}

TEST_CASE("forward kinematics of a planar bent chain", "[kinematics]") {
  // Two unit segments along x, second joint bent +90 degrees about z.
  Model m = make_model();
  BodyDef def = default_body_def();
  add_body(m, def);
  def.parent = 1;
  def.joint_placement.translation = Vec3(1, 0, 0);
  add_body(m, def);
  Data d = make_data(m);
  d.q[2] = quat_from_rotation_vector(Vec3(0, 0, kPi / 2));
  d.w[1] = Vec3(0, 0, 1);  // body 1 spins about z at 1 rad/s
  forward_kinematics(m, d);
  CHECK((d.oMi[2].translation - Vec3(1, 0, 0)).norm() < 1e-15);
  CHECK((d.oMi[2].act(Vec3(1, 0, 0)) - Vec3(1, 1, 0)).norm() < 1e-15);
  // Body 2's origin at (1,0,0) moves at w x r = (0, 1, 0).
  CHECK((d.v[2].linear - Vec3(0, 1, 0)).norm() < 1e-15);
  CHECK((d.v[2].angular - Vec3(0, 0, 1)).norm() < 1e-15);
}

TEST_CASE("body velocities are the time derivatives of the poses", "[kinematics]") {
  Model m = make_random_tree(15, false, 2);
  m.base_kind = BaseKind::kFloating;
  Data d = make_data(m);
  randomize_state(m, d, 2.0, 1.5, 2);
  d.base_w = Vec3(0.2, -0.3, 0.5);
  d.base_v = Vec3(1, 2, 3);
  forward_kinematics(m, d);
  const double h = 1e-7;
  Data next = d;
  for (int i = 1; i < m.nbody(); ++i) next.q[i] = d.q[i] * quat_from_rotation_vector(h * d.w[i]);
  next.base_q = quat_from_rotation_vector(h * d.base_w) * d.base_q;
  next.base_p = d.base_p + h * d.base_v;
  forward_kinematics(m, next);
  for (int i = 0; i < m.nbody(); ++i) {
    const Vec3 dp = (next.oMi[i].translation - d.oMi[i].translation) / h;
    CHECK((dp - d.v[i].linear).norm() < 1e-5 * (1 + dp.norm()));
    const Mat3 dR = (next.oMi[i].rotation - d.oMi[i].rotation) / h;
    CHECK((dR - skew(d.v[i].angular) * d.oMi[i].rotation).norm() < 1e-5 * (1 + dR.norm()));
  }
}

TEST_CASE("energies of simple cases", "[kinematics]") {
  BaseDef base = default_base_def();
  base.inertia.mass = 0.0;
  base.inertia.rot.setZero();
  Model m = make_model(base);
  BodyDef def = default_body_def();
  def.inertia = {2.0, Vec3(1, 0, 0), Mat3::Identity() * 0.1};
  def.stiffness = Vec3(3, 4, 5);
  add_body(m, def);
  Data d = make_data(m);
  d.q[1] = quat_from_rotation_vector(Vec3(0, 0, kPi / 2));  // com at (0, 1, 0)
  d.w[1] = Vec3(0, 0, 2);
  compute_energies(m, d);
  CHECK(d.potential_energy == Approx(2.0 * 9.81 * 1.0));
  // Spin about the joint: 1/2 (I_c + m d^2) w^2.
  CHECK(d.kinetic_energy == Approx(0.5 * (0.1 + 2.0) * 4.0));
  CHECK(d.elastic_energy == Approx(0.5 * 5 * kPi * kPi / 4));
}

TEST_CASE("check_state finds the first diverged joint", "[kinematics]") {
  Model m = make_random_tree(10, true, 1);
  Data d = make_data(m);
  CHECK(check_state(m, d) == -1);
  d.w[7] = Vec3(2e6, 0, 0);
  CHECK(check_state(m, d, 1e6) == 7);
  CHECK(d.first_nonfinite_joint == 7);
  d.w[4] = Vec3(0, std::numeric_limits<double>::quiet_NaN(), 0);
  CHECK(check_state(m, d) == 4);
  d.w[4].setZero();
  d.w[7].setZero();
  d.q[9].w() = std::numeric_limits<double>::infinity();
  CHECK(check_state(m, d) == 9);
  d.q[9] = Quat::Identity();
  CHECK(check_state(m, d) == -1);
  m.base_kind = BaseKind::kFloating;
  d.base_v.x() = std::numeric_limits<double>::quiet_NaN();
  CHECK(check_state(m, d) == 0);
}

TEST_CASE("subtree inertia about a joint of a straight cylinder chain", "[kinematics]") {
  // n equal cylinders along x; the subtree of joint i is one cylinder of
  // length (n - i + 1) l starting at the joint: I_x = m_tot r^2/2,
  // I_y = I_z = m_tot (3 r^2 + L^2)/12 + m_tot (L/2)^2.
  CantileverDef def;
  def.n = 6;
  const Model m = make_cantilever(def);
  Data d = make_data(m);
  const std::vector<Mat3> inertias = subtree_joint_inertias(m, d);
  const double l = def.length / def.n;
  for (int i = 1; i <= def.n; ++i) {
    const Inertia whole = cylinder_inertia((def.n - i + 1) * l, def.radius, def.density);
    const double L = (def.n - i + 1) * l;
    CHECK(inertias[i](0, 0) == Approx(whole.rot(0, 0)).epsilon(1e-12));
    CHECK(inertias[i](1, 1) == Approx(whole.rot(1, 1) + whole.mass * L * L / 4).epsilon(1e-12));
    CHECK(inertias[i](2, 2) == Approx(inertias[i](1, 1)).epsilon(1e-12));
    CHECK(std::abs(inertias[i](0, 1)) < 1e-15);
  }
  // Rotating a joint rotates the answer into its frame: bending joint 3 by
  // 90 degrees about z leaves its own subtree's inertia unchanged.
  d.q[3] = quat_from_rotation_vector(Vec3(0, 0, kPi / 2));
  const std::vector<Mat3> bent = subtree_joint_inertias(m, d);
  CHECK((bent[3] - inertias[3]).norm() < 1e-15);
  CHECK((bent[1] - inertias[1]).norm() > 1e-6);
}
