// Tests of dynamics/src/rotation.cpp: exp and log maps against Eigen's AngleAxis,
// near 0, near pi and in between; the step update of integrate_quat.
#include "dynamics/rotation.hpp"

#include <numbers>
#include <catch2/catch.hpp>
#include <cmath>

using namespace lsd::dyn;

namespace {
constexpr double kPi = std::numbers::pi;
}

TEST_CASE("exp map equals AngleAxis, across angles", "[rotation]") {
  const Vec3 axis = Vec3(1, -2, 0.5).normalized();
  for (double angle : {0.0, 1e-12, 1e-6, 0.1, 0.49, 0.5, 0.51, 1.0, 2.0, 3.0, kPi - 1e-9, kPi, 4.0}) {
    const Quat q = quat_from_rotation_vector(angle * axis);
    const Mat3 expected = Eigen::AngleAxisd(angle, axis).toRotationMatrix();
    INFO("angle " << angle);
    CHECK((q.toRotationMatrix() - expected).norm() < 1e-15 * 10);
    CHECK(std::abs(q.norm() - 1.0) < 1e-15 * 4);
  }
}

TEST_CASE("log map inverts exp, |r| <= pi, robust near 0 and pi", "[rotation]") {
  const Vec3 axis = Vec3(0.3, 0.4, -0.2).normalized();
  for (double angle : {0.0, 1e-14, 1e-8, 0.05, 0.19, 0.2, 0.21, 1.0, 2.5, 3.1, kPi - 1e-7, kPi - 1e-12}) {
    const Vec3 r = angle * axis;
    const Vec3 back = rotation_vector_from_quat(quat_from_rotation_vector(r));
    INFO("angle " << angle);
    CHECK((back - r).norm() <= 1e-15 * 8 + 1e-15 * 8 * angle / (kPi - angle + 1e-3));
  }
  // -q is the same rotation.
  const Quat q = quat_from_rotation_vector(Vec3(0.3, -1.0, 0.2));
  const Quat mq(-q.w(), -q.x(), -q.y(), -q.z());
  CHECK((rotation_vector_from_quat(mq) - Vec3(0.3, -1.0, 0.2)).norm() < 1e-14);
  // Beyond pi the log returns the equivalent short rotation.
  const Vec3 long_way = 4.0 * axis;
  CHECK((rotation_vector_from_quat(quat_from_rotation_vector(long_way)) - (4.0 - 2 * kPi) * axis).norm() < 1e-14);
  // Not normalised input.
  Quat scaled = q;
  scaled.coeffs() *= 3.0;
  CHECK((rotation_vector_from_quat(scaled) - Vec3(0.3, -1.0, 0.2)).norm() < 1e-14);
}

TEST_CASE("integrate_quat = q exp(h w), unit norm", "[rotation]") {
  const Quat q = quat_from_rotation_vector(Vec3(0.7, 0.1, -0.4));
  for (double speed : {0.0, 1e-3, 10.0, 200.0}) {
    const Vec3 w = speed * Vec3(0.2, -0.9, 0.4);
    const Quat next = integrate_quat(q, w, 1e-2);
    const Quat expected = q * quat_from_rotation_vector(1e-2 * w);
    CHECK(next.angularDistance(expected) < 1e-14);
    CHECK(std::abs(next.norm() - 1.0) < 1e-15 * 4);
  }
}
