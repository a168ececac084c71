// What the turtle drew (geometry.hpp): colours, normals and bounds.
#include "interpreter/turtle/geometry.hpp"

#include <algorithm>
#include <iterator>
#include <limits>

#include <Eigen/Geometry>

namespace lsd::interp {

std::array<float, 3> Geometry::rgb(int colour) const {
  if (palette.empty()) return palette_rgb(colour);
  const int n = int(palette.size());
  return palette[std::size_t(((colour % n) + n) % n)];
}

std::array<float, 3> palette_rgb(int colour) {
  static constexpr float kPalette[16][3] = {
      {0.30f, 0.48f, 0.16f},  // 0 stem green
      {0.42f, 0.27f, 0.14f},  // 1 bark brown
      {0.20f, 0.58f, 0.20f},  // 2 leaf green
      {0.95f, 0.78f, 0.18f},  // 3 yellow
      {0.82f, 0.18f, 0.16f},  // 4 red
      {0.96f, 0.72f, 0.80f},  // 5 petal pink
      {0.55f, 0.33f, 0.72f},  // 6 purple
      {0.96f, 0.52f, 0.12f},  // 7 orange
      {0.28f, 0.45f, 0.82f},  // 8 blue
      {0.12f, 0.36f, 0.14f},  // 9 dark green
      {0.93f, 0.93f, 0.88f},  // 10 white
      {0.60f, 0.70f, 0.22f},  // 11 yellow green
      {0.62f, 0.42f, 0.26f},  // 12 light wood
      {0.75f, 0.10f, 0.40f},  // 13 magenta
      {0.20f, 0.65f, 0.60f},  // 14 teal
      {0.35f, 0.35f, 0.35f},  // 15 grey
  };
  const int i = ((colour % 16) + 16) % 16;
  return {kPalette[i][0], kPalette[i][1], kPalette[i][2]};
}

Vec3 Geometry::vertex_normal(const Polygon& p, std::uint32_t k) const {
  if (k < polygon_normals.size() && !polygon_normals[k].isZero()) return polygon_normals[k];
  Vec3 n = Vec3::Zero();
  for (std::uint32_t j = 0; j < p.count; ++j)
    n += polygon_vertices[p.first + j].cross(polygon_vertices[p.first + (j + 1) % p.count]);
  return n.norm() > 0 ? Vec3(n.normalized()) : Vec3(0, 0, 1);
}

std::vector<Geometry::Segment> listed_segments(const Geometry& g) {
  std::vector<Geometry::Segment> out;
  out.reserve(g.segments.size() + g.rod_axis.size());
  std::merge(g.segments.begin(), g.segments.end(), g.rod_axis.begin(), g.rod_axis.end(), std::back_inserter(out),
             [](const Geometry::Segment& a, const Geometry::Segment& b) { return a.module < b.module; });
  return out;
}

bool Geometry::bounds(Vec3* lo, Vec3* hi) const {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  Vec3 a(kInf, kInf, kInf), b(-kInf, -kInf, -kInf);
  auto add = [&](const Vec3& p, double r) {
    a = a.cwiseMin(p - Vec3::Constant(r));
    b = b.cwiseMax(p + Vec3::Constant(r));
  };
  for (const Geometry::Segment& sg : segments) {
    add(sg.p0, sg.width / 2);
    add(sg.p1, sg.width / 2);
  }
  for (const Geometry::TaperedSegment& t : tapered) add(segments[t.segment].p1, t.width_end / 2);
  for (const Geometry::Sphere& sp : spheres) add(sp.centre, sp.diameter / 2);
  for (const Vec3& v : polygon_vertices) add(v, 0);
  if (!(a.x() <= b.x())) return false;
  *lo = a;
  *hi = b;
  return true;
}

}  // namespace lsd::interp
