// Tests of viewer/camera.cpp: the camera's basis and view matrix agree, and
// framing puts a box where it was asked to go.
#include "viewer/camera.hpp"

#include <catch2/catch.hpp>

#include <Eigen/Geometry>
#include <cmath>

using namespace lsd;

TEST_CASE("the camera basis is orthonormal and is the frame of the view matrix", "[camera]") {
  view::Camera cam;
  cam.yaw = 0.7;
  cam.pitch = -0.4;
  cam.distance = 3;
  cam.target = view::Vec3(1, 2, -0.5);
  const view::CameraBasis b = cam.basis();
  CHECK((b.eye - cam.eye()).norm() < 1e-12);
  CHECK((b.eye + cam.distance * b.forward - cam.target).norm() < 1e-12);
  for (const view::Vec3* v : {&b.right, &b.up, &b.forward}) CHECK(v->norm() == Approx(1).epsilon(1e-12));
  CHECK(std::abs(b.right.dot(b.up)) < 1e-12);
  CHECK(std::abs(b.right.dot(b.forward)) < 1e-12);
  CHECK(std::abs(b.up.dot(b.forward)) < 1e-12);
  CHECK(std::abs(b.right.y()) < 1e-12);  // right is horizontal
  CHECK(b.up.y() > 0);                   // and up points up
  // The view matrix takes the eye to the origin and the basis to its axes (-z forward).
  const Eigen::Matrix4d v = cam.view().cast<double>();
  auto to_eye = [&](const view::Vec3& p) { return (v * p.homogeneous()).head<3>().eval(); };
  CHECK(to_eye(b.eye).norm() < 1e-5);
  CHECK((to_eye(b.eye + b.right) - view::Vec3(1, 0, 0)).norm() < 1e-5);
  CHECK((to_eye(b.eye + b.up) - view::Vec3(0, 1, 0)).norm() < 1e-5);
  CHECK((to_eye(b.eye + b.forward) - view::Vec3(0, 0, -1)).norm() < 1e-5);
}

TEST_CASE("the camera frames a box", "[camera]") {
  view::Camera cam;
  const view::Vec3 lo(-1, 0, -0.1), hi(1, 10, 0.1);
  view::frame_box(&cam, lo, hi, 1.5, 0.9);
  // Project the corners: all inside, and the tighter direction (height) fills 90%.
  const Eigen::Matrix4f vp = cam.projection(1.5, 0.01, 1000) * cam.view();
  double ymin = 1, ymax = -1, xmax = 0;
  for (int k = 0; k < 8; ++k) {
    const Eigen::Vector4f c(k & 1 ? hi.x() : lo.x(), k & 2 ? hi.y() : lo.y(), k & 4 ? hi.z() : lo.z(), 1);
    const Eigen::Vector4f p = vp * c;
    const double x = p.x() / p.w(), y = p.y() / p.w();
    CHECK(std::abs(x) <= 1.0);
    CHECK(std::abs(y) <= 1.0);
    ymin = std::min(ymin, y);
    ymax = std::max(ymax, y);
    xmax = std::max(xmax, std::abs(x));
  }
  CHECK((ymax - ymin) / 2 == Approx(0.9).epsilon(0.02));
  CHECK((ymax + ymin) / 2 == Approx(0).margin(0.02));
  CHECK(xmax < 0.5);
}

