#include "viewer/camera.hpp"

#include <algorithm>
#include <cmath>

namespace lsd::view {

Vec3 Camera::eye() const {
  const double p = std::clamp(pitch, -1.55, 1.55);
  return target + distance * Vec3(std::cos(p) * std::sin(yaw), std::sin(p), std::cos(p) * std::cos(yaw));
}

CameraBasis Camera::basis() const {
  CameraBasis b;
  b.eye = eye();
  b.forward = (target - b.eye).normalized();
  b.right = b.forward.cross(Vec3(0, 1, 0)).normalized();
  b.up = b.right.cross(b.forward);
  return b;
}

// The world-to-eye transform of OpenGL's convention (the eye looks along -z).
Eigen::Matrix4f Camera::view() const {
  const CameraBasis b = basis();
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.block<1, 3>(0, 0) = b.right.transpose();
  m.block<1, 3>(1, 0) = b.up.transpose();
  m.block<1, 3>(2, 0) = -b.forward.transpose();
  m(0, 3) = -b.right.dot(b.eye);
  m(1, 3) = -b.up.dot(b.eye);
  m(2, 3) = b.forward.dot(b.eye);
  return m.cast<float>();
}

Eigen::Matrix4f Camera::projection(double aspect, double near, double far) const {
  const double t = 1.0 / std::tan(fov_y / 2);
  Eigen::Matrix4d m = Eigen::Matrix4d::Zero();
  m(0, 0) = t / aspect;
  m(1, 1) = t;
  m(2, 2) = (far + near) / (near - far);
  m(2, 3) = 2 * far * near / (near - far);
  m(3, 2) = -1;
  return m.cast<float>();
}

namespace {

// Fits target and distance so that every ball (centre, radius) given by
// for_each(callback) lies inside the view, the tighter direction filling
// `fill`. The projected cloud is off-centre under perspective: the target is
// moved to centre it, and the distance fitted again.
template <class ForEach>
void frame_balls(Camera* cam, ForEach&& for_each, const Vec3& centre, double size, double aspect, double fill,
                 bool keep_target) {
  Camera probe = *cam;
  probe.target = Vec3::Zero();
  probe.distance = 1;
  const CameraBasis b = probe.basis();
  const Vec3 back = -b.forward;  // from the target toward the eye
  const Vec3& r = b.right;
  const Vec3& u = b.up;
  const double ty = std::tan(cam->fov_y / 2) * fill, tx = ty * aspect;

  auto fit_distance = [&](const Vec3& target) {
    double d = std::max(size, 1e-9) * 1e-3;
    for_each([&](const Vec3& c, double rad) {
      const Vec3 q = c - target;
      const double z = q.dot(back) + rad;
      d = std::max({d, z + (std::abs(q.dot(r)) + rad) / tx, z + (std::abs(q.dot(u)) + rad) / ty});
    });
    return d;
  };
  if (keep_target) {
    cam->distance = fit_distance(cam->target);
    return;
  }
  Vec3 target = centre;
  double d = fit_distance(target);
  for (int iter = 0; iter < 2; ++iter) {
    double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
    for_each([&](const Vec3& c, double rad) {
      const Vec3 q = c - target;
      const double depth = std::max(d - q.dot(back), 1e-12);
      x0 = std::min(x0, (q.dot(r) - rad) / depth);
      x1 = std::max(x1, (q.dot(r) + rad) / depth);
      y0 = std::min(y0, (q.dot(u) - rad) / depth);
      y1 = std::max(y1, (q.dot(u) + rad) / depth);
    });
    target += r * ((x0 + x1) / 2 * d) + u * ((y0 + y1) / 2 * d);
    d = fit_distance(target);
  }
  cam->target = target;
  cam->distance = d;
}

}  // namespace

void frame_box(Camera* cam, const Vec3& lo, const Vec3& hi, double aspect, double fill, bool keep_target) {
  frame_balls(
      cam,
      [&](auto&& f) {
        for (int k = 0; k < 8; ++k)
          f(Vec3(k & 1 ? hi.x() : lo.x(), k & 2 ? hi.y() : lo.y(), k & 4 ? hi.z() : lo.z()), 0.0);
      },
      (lo + hi) / 2, (hi - lo).norm(), aspect, fill, keep_target);
}

Camera frame_geometry(const interp::Geometry& g, double aspect, const Camera& start, bool keep_target) {
  Camera cam = start;
  Vec3 lo, hi;
  if (!g.bounds(&lo, &hi)) {
    frame_box(&cam, Vec3::Constant(-0.5), Vec3::Constant(0.5), aspect, 0.9, keep_target);
    return cam;
  }
  // The drawn primitives themselves, not their bounding box, which would
  // leave a round crown small in the picture.
  frame_balls(
      &cam,
      [&](auto&& f) {
        // A segment's start is mostly an earlier segment's end: skip those.
        const Vec3* prev_end = nullptr;
        for (const interp::Geometry::Segment& s : g.segments) {
          if (!prev_end || s.p0 != *prev_end) f(s.p0, s.width / 2);
          f(s.p1, s.width / 2);
          prev_end = &s.p1;
        }
        for (const interp::Geometry::Sphere& s : g.spheres) f(s.centre, s.diameter / 2);
        for (const Vec3& v : g.polygon_vertices) f(v, 0.0);
      },
      (lo + hi) / 2, (hi - lo).norm(), aspect, 0.9, keep_target);
  return cam;
}

}  // namespace lsd::view
