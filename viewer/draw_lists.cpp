// The renderer's records of one Geometry and the framing of one picture,
// without OpenGL (draw_lists.hpp).
#include "viewer/draw_lists.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <type_traits>

#include "interpreter/scene/mesh.hpp"

namespace lsd::view {
namespace {

using std::numbers::pi;

void colour_bytes(const interp::Geometry& g, int colour, std::uint8_t out[4]) {
  const auto c = g.rgb(colour);
  for (int k = 0; k < 3; ++k) out[k] = std::uint8_t(std::lround(std::clamp(c[k], 0.f, 1.f) * 255));
  out[3] = 255;
}

void put(float out[3], const Vec3& v) {
  out[0] = float(v.x());
  out[1] = float(v.y());
  out[2] = float(v.z());
}

// A 1-2-5 step near x.
double nice_step(double x) {
  const double p = std::pow(10.0, std::floor(std::log10(x)));
  const double m = x / p;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

// Plain segments, widest first. Textured segments and cones (a cpfg model's
// tapered segments) are drawn with the polygons instead, as meshes.
void add_segments(const interp::Geometry& g, DrawLists& out) {
  std::vector<CylinderInstance>& cyl = out.cylinders;
  auto textured = g.textured_segments.begin();
  std::size_t tapered = 0;
  for (std::size_t i = 0; i < g.segments.size(); ++i) {
    if (textured != g.textured_segments.end() && textured->segment == i) {
      ++textured;
      continue;
    }
    if (g.end_width(i, tapered) != g.segments[i].width) continue;
    const interp::Geometry::Segment& s = g.segments[i];
    CylinderInstance& c = cyl.emplace_back();
    put(c.p0, s.p0 - out.origin);
    put(c.p1, s.p1 - out.origin);
    c.radius = float(s.width / 2);
    colour_bytes(g, s.colour, c.rgba);
  }
  std::sort(cyl.begin(), cyl.end(),
            [](const CylinderInstance& a, const CylinderInstance& b) { return a.radius > b.radius; });
}

void add_spheres(const interp::Geometry& g, DrawLists& out) {
  out.spheres.resize(g.spheres.size());
  for (std::size_t i = 0; i < g.spheres.size(); ++i) {
    SphereInstance& s = out.spheres[i];
    put(s.centre, g.spheres[i].centre - out.origin);
    s.radius = float(g.spheres[i].diameter / 2);
    colour_bytes(g, g.spheres[i].colour, s.rgba);
  }
}

// The triangles of mesh m (fans of its faces) as lit vertices of one
// colour; a TexturedVertex also takes each corner's texture coordinates.
template <class Vertex>
void add_mesh(const interp::Geometry& g, const interp::Mesh& m, int colour, const Vec3& origin,
              std::vector<Vertex>& out) {
  Vertex corner;
  colour_bytes(g, colour, corner.rgba);
  std::uint32_t begin = 0;
  for (const std::uint32_t end : m.face_ends) {
    for (std::uint32_t k = begin + 1; k + 1 < end; ++k)
      for (const std::uint32_t j : {begin, k, k + 1}) {
        const interp::Mesh::Corner& c = m.corners[j];
        put(corner.pos, m.positions[c.position] - origin);
        put(corner.normal, m.normals[c.normal]);
        if constexpr (std::is_same_v<Vertex, TexturedVertex>) {
          const interp::Vec2f uv = c.texel == interp::Mesh::kNoTexel ? interp::Vec2f(0, 0) : m.texels[c.texel];
          corner.uv[0] = uv.x();
          corner.uv[1] = uv.y();
        }
        out.push_back(corner);
      }
    begin = end;
  }
}

// Polygons: fans with the Newell normal, or the vertices' own normals
// (smooth generalized cylinders), as in the OBJ export; the meshes of cones
// and textured segments; textured triangles grouped by texture.
void add_polygons(const interp::Geometry& g, DrawLists& out) {
  const std::size_t n_textures = g.textures ? g.textures->size() : 0;
  std::vector<std::vector<TexturedVertex>> tv(n_textures + 1);  // by texture id
  interp::Mesh m;
  std::size_t tapered = 0;
  for (const interp::Geometry::TexturedSegment& t : g.textured_segments) {
    if (!g.texture(t.texture)) continue;
    interp::add_segment(m, g.segments[t.segment], {16, 8, 12}, &t, g.end_width(t.segment, tapered));
    add_mesh(g, m, g.segments[t.segment].colour, out.origin, tv[std::size_t(t.texture)]);
    m.clear();
  }
  // cones that carry no texture: lit triangles of their meshes
  auto textured = g.textured_segments.begin();
  for (const interp::Geometry::TaperedSegment& t : g.tapered) {
    while (textured != g.textured_segments.end() && textured->segment < t.segment) ++textured;
    if (textured != g.textured_segments.end() && textured->segment == t.segment) continue;
    const interp::Geometry::Segment& s = g.segments[t.segment];
    interp::add_segment(m, s, {16, 8, 12}, nullptr, t.width_end);
    add_mesh(g, m, s.colour, out.origin, out.polygons);
    m.clear();
  }
  for (const interp::Geometry::Polygon& p : g.polygons) {
    if (g.texture(g.texture_of(p))) {
      interp::add_polygon(m, g, p);
      add_mesh(g, m, p.colour, out.origin, tv[std::size_t(p.texture)]);
      m.clear();
      continue;
    }
    const Vec3* vs = g.polygon_vertices.data() + p.first;
    PolygonVertex corner;
    colour_bytes(g, p.colour, corner.rgba);
    for (std::uint32_t k = 1; k + 1 < p.count; ++k)
      for (std::uint32_t j : {0u, k, k + 1}) {
        put(corner.pos, vs[j] - out.origin);
        put(corner.normal, g.vertex_normal(p, p.first + j));
        out.polygons.push_back(corner);
      }
  }
  for (std::size_t t = 1; t < tv.size(); ++t)
    if (!tv[t].empty()) {
      out.textured_ranges.push_back({int(t), out.textured.size(), tv[t].size()});
      out.textured.insert(out.textured.end(), tv[t].begin(), tv[t].end());
    }
}

// A square grid on the ground plane (y = the plant's lowest point), centred
// under the plant, with a major line every fifth.
void add_grid(DrawLists& out) {
  const double radius = grid_radius(out.lo, out.hi);
  const double step = nice_step(radius / 6);
  const int n = int(std::ceil(radius / step));
  const double cx = std::round((out.lo.x() + out.hi.x()) / 2 / step) * step - out.origin.x();
  const double cz = std::round((out.lo.z() + out.hi.z()) / 2 / step) * step - out.origin.z();
  const double y = out.lo.y() - out.origin.y();
  std::vector<float>& v = out.grid;
  for (int i = -n; i <= n; ++i) {
    const float major = (i % 5 == 0) ? 1.f : 0.f;
    const double o = i * step, e = n * step;
    v.insert(v.end(), {float(cx + o), float(y), float(cz - e), major, float(cx + o), float(y), float(cz + e), major});
    v.insert(v.end(), {float(cx - e), float(y), float(cz + o), major, float(cx + e), float(y), float(cz + o), major});
  }
}

}  // namespace

// Unit cylinder, radius 1 around z from z = 0 to 1: `sides` radial quads,
// and with caps two fans.
UnitMesh unit_cylinder(int sides, bool caps) {
  UnitMesh d;
  std::vector<MeshVertex>& v = d.vertices;
  std::vector<std::uint32_t>& idx = d.indices;
  for (int k = 0; k < sides; ++k) {
    const double a = 2 * pi * k / sides;
    const float c = float(std::cos(a)), s = float(std::sin(a));
    v.push_back({{c, s, 0}, {c, s, 0}});
    v.push_back({{c, s, 1}, {c, s, 0}});
  }
  for (int k = 0; k < sides; ++k) {
    const std::uint32_t k1 = std::uint32_t((k + 1) % sides);
    const std::uint32_t a0 = 2 * k, a1 = a0 + 1, b0 = 2 * k1, b1 = b0 + 1;
    idx.insert(idx.end(), {a0, b0, b1, a0, b1, a1});
  }
  if (!caps) return d;
  const std::uint32_t bottom = std::uint32_t(v.size());
  v.push_back({{0, 0, 0}, {0, 0, -1}});
  for (int k = 0; k < sides; ++k) v.push_back({{v[2 * k].pos[0], v[2 * k].pos[1], 0}, {0, 0, -1}});
  const std::uint32_t top = std::uint32_t(v.size());
  v.push_back({{0, 0, 1}, {0, 0, 1}});
  for (int k = 0; k < sides; ++k) v.push_back({{v[2 * k].pos[0], v[2 * k].pos[1], 1}, {0, 0, 1}});
  for (int k = 0; k < sides; ++k) {
    const std::uint32_t k1 = std::uint32_t((k + 1) % sides);
    idx.insert(idx.end(), {bottom, bottom + 1 + k1, bottom + 1 + std::uint32_t(k)});
    idx.insert(idx.end(), {top, top + 1 + std::uint32_t(k), top + 1 + k1});
  }
  return d;
}

// Unit UV sphere: normal = position.
UnitMesh unit_sphere(int rings, int sectors) {
  UnitMesh d;
  std::vector<MeshVertex>& v = d.vertices;
  std::vector<std::uint32_t>& idx = d.indices;
  for (int i = 0; i <= rings; ++i) {
    const double th = pi * i / rings;
    for (int j = 0; j <= sectors; ++j) {
      const double ph = 2 * pi * j / sectors;
      const float x = float(std::sin(th) * std::cos(ph)), y = float(std::cos(th)),
                  z = float(-std::sin(th) * std::sin(ph));
      v.push_back({{x, y, z}, {x, y, z}});
    }
  }
  for (int i = 0; i < rings; ++i)
    for (int j = 0; j < sectors; ++j) {
      const std::uint32_t a = i * (sectors + 1) + j, b = a + sectors + 1;
      idx.insert(idx.end(), {a, b, b + 1, a, b + 1, a + 1});
    }
  return d;
}

double grid_radius(const Vec3& lo, const Vec3& hi) {
  const Vec3 size = hi - lo;
  return std::max({size.x(), size.z(), size.y() * 0.8, 1e-6}) * 0.9;
}

void build_draw_lists(const interp::Geometry& g, DrawLists& out) {
  if (!g.bounds(&out.lo, &out.hi)) {
    out.lo = Vec3::Constant(-0.5);
    out.hi = Vec3::Constant(0.5);
  }
  out.origin = (out.lo + out.hi) / 2;
  out.cylinders.clear();
  out.spheres.clear();
  out.polygons.clear();
  out.textured.clear();
  out.textured_ranges.clear();
  out.grid.clear();
  add_segments(g, out);
  add_spheres(g, out);
  add_polygons(g, out);
  add_grid(out);
}

DrawView draw_view(const Camera& world, const DrawLists& lists, int width, int height) {
  DrawView f;
  f.cam = world;
  f.cam.target -= lists.origin;
  f.basis = f.cam.basis();
  f.radius = std::max((lists.hi - lists.lo).norm() / 2, 1e-9);
  f.dist = f.basis.eye.norm();
  f.near = std::max(f.dist - 3 * f.radius, std::max(f.dist, f.radius) * 1e-3);
  const double far = f.dist + 3 * f.radius;
  f.height = height;
  f.view_proj = f.cam.projection(double(width) / std::max(height, 1), f.near, far) * f.cam.view();
  // Lights ride with the camera: key from the upper right front, fill from the left.
  const CameraBasis& b = f.basis;
  f.key = (b.right * 0.5 + b.up * 0.75 - b.forward * 0.45).normalized();
  f.fill = (-b.right * 0.7 + b.up * 0.1 - b.forward * 0.3).normalized();
  return f;
}

// By the width in pixels at a depth between the plant's centre and its
// nearest point: capped prisms of 16 sides down to kRoundPx, of 8 down to
// kPrismPx, impostor quads down to kLinePx, lines below.
SegmentLevels segment_levels(const DrawView& f, const std::vector<float>& widths) {
  constexpr double kRoundPx = 24, kPrismPx = 8, kLinePx = 1.5;
  const double depth = std::max(f.dist - f.radius / 2, f.near);
  const double px_per_unit = f.height / (2 * std::tan(f.cam.fov_y / 2) * depth);
  auto count_wider = [&](double px) {
    const float w = float(px / px_per_unit);
    return std::size_t(std::partition_point(widths.begin(), widths.end(), [&](float x) { return x >= w; }) -
                       widths.begin());
  };
  SegmentLevels l;
  l.all = widths.size();
  l.round = count_wider(kRoundPx);
  l.prism = std::max(l.round, count_wider(kPrismPx));
  l.quad = std::max(l.prism, count_wider(kLinePx));
  return l;
}

void segment_widths(const DrawLists& lists, std::vector<float>& out) {
  out.resize(lists.cylinders.size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = 2 * lists.cylinders[i].radius;
}

}  // namespace lsd::view
