#include "interpreter/scene/obstacles.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lsd::interp {
namespace {

// The height of the ground, if there is one.
bool ground_height(const std::vector<Obstacle>& obstacles, double* y) {
  for (const Obstacle& o : obstacles)
    if (o.kind == ObstacleKind::kGround) {
      *y = o.centre.y();
      return true;
    }
  return false;
}

}  // namespace

void add_poles_and_spheres(const std::vector<Obstacle>& obstacles, Geometry& g) {
  Vec3 lo(0, 0, 0), hi(0, 1, 0);
  g.bounds(&lo, &hi);
  double foot = lo.y();
  ground_height(obstacles, &foot);
  const double above = hi.y() + 0.1 * std::max(hi.y() - lo.y(), 0.1);
  for (const Obstacle& o : obstacles) {
    if (o.kind == ObstacleKind::kPole) {
      const double top = std::isfinite(o.top) ? o.top : above;
      if (top > foot)
        g.segments.push_back(
            {Vec3(o.centre.x(), foot, o.centre.z()), Vec3(o.centre.x(), top, o.centre.z()), 2 * o.radius,
             kObstacleColour, kNoModule});
    } else if (o.kind == ObstacleKind::kSphere) {
      g.spheres.push_back({o.centre, 2 * o.radius, kObstacleColour, kNoModule});
    } else if (o.kind == ObstacleKind::kRing) {
      // A ring (docs/language.md 7.2): 32 short segments round its axis.
      const Vec3 n = o.axis.normalized();
      const Vec3 u = (std::abs(n.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY()).cross(n).normalized(), w = n.cross(u);
      constexpr int kSides = 32;
      const auto at = [&](int k) {
        const double a = 2 * std::numbers::pi * k / kSides;
        return Vec3(o.centre + o.radius * (std::cos(a) * u + std::sin(a) * w));
      };
      for (int k = 0; k < kSides; ++k)
        g.segments.push_back({at(k), at(k + 1), 0.2 * o.radius, kObstacleColour, kNoModule});
    }
  }
}

void add_ground(const std::vector<Obstacle>& obstacles, Geometry& g) {
  double y = 0;
  if (!ground_height(obstacles, &y)) return;
  Vec3 lo(-0.5, 0, -0.5), hi(0.5, 1, 0.5);
  g.bounds(&lo, &hi);
  const Vec3 c = (lo + hi) / 2;
  const double half = 1.5 * std::max({hi.x() - lo.x(), hi.z() - lo.z(), hi.y() - lo.y(), 0.1});
  const auto first = std::uint32_t(g.polygon_vertices.size());
  for (const auto& [dx, dz] : {std::pair{-1, -1}, {-1, 1}, {1, 1}, {1, -1}})
    g.polygon_vertices.emplace_back(c.x() + dx * half, y, c.z() + dz * half);
  g.polygons.push_back({first, 4, kGroundColour, kNoModule});
}

void add_contact_marks(const std::vector<dyn::ContactForce>& contacts, Geometry& g) {
  Vec3 lo(0, 0, 0), hi(0, 1, 0);
  g.bounds(&lo, &hi);
  const double size = std::max((hi - lo).norm(), 1e-3);
  double largest = 0;
  for (const dyn::ContactForce& c : contacts)
    largest = std::max(largest, (c.normal_force * c.normal + c.tangential).norm());
  const double dot = 0.012 * size, scale = largest > 0 ? 0.25 * size / largest : 0.0;
  for (const dyn::ContactForce& c : contacts) {
    g.spheres.push_back({c.point, dot, kContactColour, kNoModule});
    const Vec3 f = c.normal_force * c.normal + c.tangential;
    if (f.norm() * scale > dot) g.segments.push_back({c.point, c.point + scale * f, 0.4 * dot, kContactColour, kNoModule});
  }
}

}  // namespace lsd::interp
