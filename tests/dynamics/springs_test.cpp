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
