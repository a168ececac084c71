#include "viewer/picking.hpp"

#include <algorithm>
#include <cmath>

namespace lsd::view {

Ray mouse_ray(const Camera& cam, const Viewport& vp, double mx, double my) {
  const CameraBasis b = cam.basis();
  const double t = std::tan(cam.fov_y / 2), aspect = vp.w / std::max(vp.h, 1.0);
  const double nx = 2 * (mx - vp.x) / vp.w - 1, ny = 1 - 2 * (my - vp.y) / vp.h;
  Ray ray;
  ray.origin = b.eye;
  ray.dir = (b.forward + b.right * (nx * t * aspect) + b.up * (ny * t)).normalized();
  return ray;
}

bool project(const Camera& cam, const Viewport& vp, const Vec3& p, double* sx, double* sy) {
  const CameraBasis b = cam.basis();
  const Vec3 q = p - b.eye;
  const double z = q.dot(b.forward);
  if (z <= 1e-12) return false;
  const double t = std::tan(cam.fov_y / 2), aspect = vp.w / std::max(vp.h, 1.0);
  const double nx = q.dot(b.right) / (z * t * aspect), ny = q.dot(b.up) / (z * t);
  *sx = vp.x + (nx + 1) / 2 * vp.w;
  *sy = vp.y + (1 - ny) / 2 * vp.h;
  return true;
}

PickHit pick_body(const Session& s, const Camera& cam, const Viewport& vp, double mx, double my, double max_pixels) {
  PickHit best;
  if (!s.loaded || s.sim.living().empty()) return best;
  const std::vector<std::int32_t>& map = s.geometry.module_body;  // empty when the drawn bodies are not the model's
  const CameraBasis b = cam.basis();
  const double px_per_unit_at_1 = vp.h / (2 * std::tan(cam.fov_y / 2));
  double best_score = 1e300;
  const auto& segs = s.geometry.segments;
  for (std::size_t i = 0; i < segs.size(); ++i) {
    const auto& g = segs[i];
    if (g.module >= map.size()) continue;
    const int body = map[g.module];
    if (body <= 0) continue;
    double x0, y0, x1, y1;
    if (!project(cam, vp, g.p0, &x0, &y0) || !project(cam, vp, g.p1, &x1, &y1)) continue;
    // Distance on screen from the mouse to the projected segment.
    const double ex = x1 - x0, ey = y1 - y0, len2 = ex * ex + ey * ey;
    double t = len2 > 0 ? ((mx - x0) * ex + (my - y0) * ey) / len2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    const double dx = x0 + t * ex - mx, dy = y0 + t * ey - my;
    const double d = std::sqrt(dx * dx + dy * dy);
    const Vec3 p = g.p0 + t * (g.p1 - g.p0);
    const double depth = std::max((p - b.eye).dot(b.forward), 1e-9);
    const double radius_px = 0.5 * g.width * px_per_unit_at_1 / depth;
    if (d > std::max(max_pixels, radius_px)) continue;
    // Nearer on screen wins; among segments under the cursor, the one in front.
    const double score = std::max(d - radius_px, 0.0) * 1e6 + depth;
    if (score < best_score) {
      best_score = score;
      best.segment = int(i);
      best.body = body;
      best.point = p;
      best.pixels = d;
    }
  }
  return best;
}

Vec3 drag_target(const Camera& cam, const Ray& ray, const Vec3& anchor) {
  const Vec3 n = cam.basis().forward;
  const double den = ray.dir.dot(n);
  if (std::abs(den) < 1e-9) return anchor;
  const double t = (anchor - ray.origin).dot(n) / den;
  return ray.origin + std::max(t, 0.0) * ray.dir;
}

void orbit(Camera* cam, double dx, double dy) {
  cam->yaw -= dx * 0.008;
  cam->pitch = std::clamp(cam->pitch + dy * 0.008, -1.5, 1.5);
}

void pan(Camera* cam, const Viewport& vp, double dx, double dy) {
  const CameraBasis b = cam->basis();
  const double units_per_px = 2 * std::tan(cam->fov_y / 2) * cam->distance / std::max(vp.h, 1.0);
  cam->target += (-b.right * dx + b.up * dy) * units_per_px;
}

void zoom(Camera* cam, double steps) { cam->distance = std::clamp(cam->distance * std::pow(0.88, steps), 1e-4, 1e6); }

}  // namespace lsd::view
