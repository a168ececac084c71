// Tests of dynamics/spatial.hpp: the spatial operators against their 6x6
// matrix definitions (Featherstone, chapter 2) and physical identities.
#include "dynamics/spatial.hpp"

#include <numbers>
#include <catch2/catch.hpp>

using namespace lsd::dyn;

namespace {
SE3 random_se3(int seed) {
  std::srand(seed);
  return {Eigen::Quaterniond(Eigen::Vector4d::Random().normalized()).toRotationMatrix(), Vec3::Random()};
}
Mat6 motion_cross_matrix(const Motion& v) {
  Mat6 x = Mat6::Zero();
  x.topLeftCorner<3, 3>() = skew(v.angular);
  x.bottomRightCorner<3, 3>() = skew(v.angular);
  x.bottomLeftCorner<3, 3>() = skew(v.linear);
  return x;
}
}  // namespace

TEST_CASE("SE3 actions equal their Plücker matrices", "[spatial]") {
  const SE3 aMb = random_se3(1);
  const Motion m = Motion::from_vector(Vec6::Random());
  const Force f = Force::from_vector(Vec6::Random());
  const Mat6 X = aMb.to_action_matrix();
  CHECK((aMb.act(m).to_vector() - X * m.to_vector()).norm() < 1e-14);
  CHECK((aMb.act_inv(aMb.act(m)).to_vector() - m.to_vector()).norm() < 1e-14);
  // Forces transform by X^-T, so that power f . m is frame independent.
  CHECK((aMb.act(f).to_vector() - X.inverse().transpose() * f.to_vector()).norm() < 1e-13);
  CHECK(aMb.act(f).dot(aMb.act(m)) == Approx(f.dot(m)).epsilon(1e-13));
  CHECK((aMb.act_inv(aMb.act(f)).to_vector() - f.to_vector()).norm() < 1e-14);
  // Composition and inverse.
  const SE3 bMc = random_se3(2);
  CHECK(((aMb * bMc).to_action_matrix() - X * bMc.to_action_matrix()).norm() < 1e-13);
  CHECK(((aMb * aMb.inverse()).translation).norm() < 1e-14);
}

TEST_CASE("cross products equal the matrix forms and are duals", "[spatial]") {
  const Motion v = Motion::from_vector(Vec6::Random());
  const Motion m = Motion::from_vector(Vec6::Random());
  const Force f = Force::from_vector(Vec6::Random());
  const Mat6 vx = motion_cross_matrix(v);
  CHECK((cross(v, m).to_vector() - vx * m.to_vector()).norm() < 1e-14);
  CHECK((cross(v, f).to_vector() + vx.transpose() * f.to_vector()).norm() < 1e-14);
  CHECK(cross(v, v).to_vector().norm() < 1e-15);
}

TEST_CASE("spatial inertia: matrix, momentum, transform, sum", "[spatial]") {
  const Inertia in{2.5, Vec3(0.1, -0.2, 0.3), Vec3(0.4, 0.5, 0.6).asDiagonal()};
  const Motion v = Motion::from_vector(Vec6::Random());
  CHECK(((in * v).to_vector() - in.to_matrix() * v.to_vector()).norm() < 1e-14);
  // A spin about the com has kinetic energy 1/2 w^T I_c w.
  const Motion spin{Vec3(1, 2, 3), in.com.cross(Vec3(1, 2, 3))};  // v_o = w x (o - c)
  const Motion about_com{spin.angular, spin.linear + spin.angular.cross(in.com)};
  CHECK(about_com.linear.norm() < 1e-15);
  CHECK(0.5 * (in * spin).dot(spin) == Approx(0.5 * spin.angular.dot(in.rot * spin.angular)));
  // I_a = X^-T I_b X^-1.
  const SE3 aMb = random_se3(3);
  const Mat6 X = aMb.to_action_matrix();
  const Mat6 expected = X.inverse().transpose() * in.to_matrix() * X.inverse();
  CHECK((in.transformed(aMb).to_matrix() - expected).norm() < 1e-12);
  // Sum = sum of matrices.
  const Inertia other{1.0, Vec3(-0.5, 0.0, 0.2), Vec3(0.1, 0.2, 0.3).asDiagonal()};
  CHECK(((in + other).to_matrix() - in.to_matrix() - other.to_matrix()).norm() < 1e-13);
}

TEST_CASE("cylinder inertia", "[spatial]") {
  const Inertia c = cylinder_inertia(2.0, 0.1, 1000.0);
  const double m = 1000.0 * std::numbers::pi * 0.01 * 2.0;
  CHECK(c.mass == Approx(m));
  CHECK(c.com.x() == Approx(1.0));
  CHECK(c.rot(0, 0) == Approx(0.5 * m * 0.01));
  CHECK(c.rot(1, 1) == Approx(m * (3 * 0.01 + 4.0) / 12));
}
