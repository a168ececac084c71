// Tests of dynamics/springs.hpp: the spring constants of docs/language.md 7.5.
#include "dynamics/springs.hpp"

#include <numbers>
#include <catch2/catch.hpp>

using namespace lsd::dyn;

TEST_CASE("cylinder joint stiffness follows docs/language.md section 7", "[springs]") {
  const double pi = std::numbers::pi;
  const Vec3 k = cylinder_joint_stiffness(0.1, 0.01, 0.3, 0.02, 1e9, 0.25);
  const double r4 = 1e-8 + 16e-8;
  CHECK(k.y() == Approx(1e9 * pi / 8 * r4 * 2 / 0.4));
  CHECK(k.z() == k.y());
  CHECK(k.x() == Approx(1e9 / 2.5 * pi / 4 * r4 * 2 / 0.4));
  // Equal cylinders: bending k = E I / l with I = pi r^4 / 4.
  const Vec3 e = cylinder_joint_stiffness(0.1, 0.01, 0.1, 0.01, 8100e6, 0.3);
  CHECK(e.y() == Approx(8100e6 * pi * 1e-8 / 4 / 0.1));
}

TEST_CASE("a clamp's spring is its child's alone: 2 E I / l, 2 G J / l", "[springs]") {
  const double pi = std::numbers::pi;
  const Vec3 k = clamp_joint_stiffness(0.1, 0.01, 1e9, 0.25);
  const double I = pi * 1e-8 / 4;
  CHECK(k.y() == Approx(2 * 1e9 * I / 0.1));
  CHECK(k.z() == k.y());
  CHECK(k.x() == Approx(2 * 1e9 / 2.5 * 2 * I / 0.1));
  CHECK(k.y() == Approx(2 * cylinder_joint_stiffness(0.1, 0.01, 0.1, 0.01, 1e9, 0.25).y()));
}

TEST_CASE("a turned joint's spring: J_r(a)^-T c J_r(a)^-1 diagonal on its axes, exactly", "[springs]") {
  // docs/dynamics.md, "Rigid chains: second order". J_r(a)^-1 against the
  // series of the inverse right Jacobian, I + [a]/2 + [a]^2/12 + ..., at a small turn.
  const Vec3 s(1e-3, -2e-3, 0.5e-3);
  Mat3 ax;
  ax << 0, -s.z(), s.y(), s.z(), 0, -s.x(), -s.y(), s.x(), 0;
  CHECK((right_jacobian_inverse(s) - (Mat3::Identity() + 0.5 * ax + ax * ax / 12)).norm() < 1e-13);
  // and J_r(a) J_r(a)^-1 = I at a large one, J_r(a) = I - (1 - cos t)/t^2 [a] + (t - sin t)/t^3 [a]^2
  const Vec3 a(0.7, -0.4, 1.1);
  const double t = a.norm();
  ax << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0;
  const Mat3 jr = Mat3::Identity() - (1 - std::cos(t)) / (t * t) * ax + (t - std::sin(t)) / (t * t * t) * ax * ax;
  CHECK((jr * right_jacobian_inverse(a) - Mat3::Identity()).norm() < 1e-14);
  // Turns from 1e-7 to 1 rad about many axes, twist 1/1.3 of bending (nu = 0.3) or far from it.
  for (const double scale : {1e-7, 1e-4, 1e-2, 0.3, 1.0})
    for (const Vec3& axis : {Vec3(1, 0, 0), Vec3(0, 0, 1), Vec3(0.3, -0.5, 0.8), Vec3(5, 0, 10), Vec3(1, 1, 1)})
      for (const Vec3& c : {Vec3(1 / 1.3, 1, 1), Vec3(0.1, 1, 2)}) {
        const Vec3 turn = scale * axis.normalized();
        const Mat3 ji = right_jacobian_inverse(turn);
        const Mat3 k = ji.transpose() * c.asDiagonal() * ji;
        const JointSpringAxes s = curved_joint_spring(turn, c);
        INFO("turn " << turn.transpose() << ", c " << c.transpose());
        CHECK((s.axes.transpose() * s.axes - Mat3::Identity()).norm() < 1e-14);
        CHECK(s.axes.determinant() == Approx(1).margin(1e-14));
        CHECK((s.axes * s.stiffness.asDiagonal() * s.axes.transpose() - k).norm() < 1e-13 * k.norm());
      }
  // no turn: the rest frame's axes, the springs as they were
  const JointSpringAxes none = curved_joint_spring(Vec3::Zero(), Vec3(1, 2, 2));
  CHECK(none.axes == Mat3::Identity());
  CHECK(none.stiffness == Vec3(1, 2, 2));
}
