// Meshes of turtle primitives; the face layouts are those the OBJ export
// has always written.
#include "interpreter/scene/mesh.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lsd::interp {
namespace {

constexpr double kPi = std::numbers::pi;

// Appends a vertex / normal and returns its index.
std::uint32_t position(Mesh& m, const Vec3& p) {
  m.positions.push_back(p);
  return std::uint32_t(m.positions.size() - 1);
}
std::uint32_t normal(Mesh& m, const Vec3& n) {
  m.normals.push_back(n);
  return std::uint32_t(m.normals.size() - 1);
}
std::uint32_t texel(Mesh& m, float s, float t) {
  m.texels.emplace_back(s, t);
  return std::uint32_t(m.texels.size() - 1);
}
void face(Mesh& m, std::initializer_list<Mesh::Corner> corners) {
  m.corners.insert(m.corners.end(), corners);
  m.face_ends.push_back(std::uint32_t(m.corners.size()));
}

// Two unit vectors perpendicular to the unit vector d and to each other.
void perpendiculars(const Vec3& d, Vec3* u, Vec3* v) {
  const Vec3 helper = std::abs(d.y()) < 0.9 ? Vec3(0, 1, 0) : Vec3(1, 0, 0);
  *u = helper.cross(d).normalized();
  *v = d.cross(*u);
}

}  // namespace

void Mesh::clear() {
  positions.clear();
  normals.clear();
  texels.clear();
  corners.clear();
  face_ends.clear();
}

void add_segment(Mesh& m, const Geometry::Segment& s, const MeshOptions& opt, const Geometry::TexturedSegment* tex,
                 double width_end) {
  const int sides = std::max(3, opt.cylinder_sides);
  const Vec3 axis = s.p1 - s.p0;
  const double len = axis.norm();
  const double r = s.width / 2, r1 = width_end < 0 ? r : width_end / 2;
  if (!(len > 0) || !(r > 0 || r1 > 0)) return;
  const Vec3 d = axis / len;
  Vec3 u, v;
  perpendiculars(d, &u, &v);
  const std::uint32_t v0 = std::uint32_t(m.positions.size()), n0 = std::uint32_t(m.normals.size());
  for (int k = 0; k < sides; ++k) {  // ring at p0, ring at p1, one normal per side vertex (a cone's leans)
    const double a = 2 * kPi * k / sides;
    const Vec3 radial = u * std::cos(a) + v * std::sin(a);
    position(m, s.p0 + radial * r);
    position(m, s.p1 + radial * r1);
    normal(m, (radial * len + d * (r - r1)).normalized());
  }
  const std::uint32_t c0 = position(m, s.p0), c1 = position(m, s.p1);
  const std::uint32_t nb = normal(m, -d), nt = normal(m, d);
  // texture coordinates: two per side vertex (at p0 and p1), and the seam again at s = 1
  const std::uint32_t t0 = std::uint32_t(m.texels.size());
  if (tex)
    for (int k = 0; k <= sides; ++k) texel(m, float(k) / float(sides), tex->t0), texel(m, float(k) / float(sides), tex->t1);
  for (int k = 0; k < sides; ++k) {
    const std::uint32_t k1 = std::uint32_t((k + 1) % sides);
    const std::uint32_t a0 = v0 + 2 * k, a1 = a0 + 1, b0 = v0 + 2 * k1, b1 = b0 + 1;
    if (tex) {
      const std::uint32_t ta = t0 + 2 * std::uint32_t(k), tb = ta + 2;
      face(m, {{a0, n0 + k, ta}, {b0, n0 + k1, tb}, {b1, n0 + k1, tb + 1}, {a1, n0 + k, ta + 1}});
    } else {
      face(m, {{a0, n0 + k}, {b0, n0 + k1}, {b1, n0 + k1}, {a1, n0 + k}});  // side, outward CCW
    }
    face(m, {{c0, nb}, {b0, nb}, {a0, nb}});                              // bottom cap
    face(m, {{c1, nt}, {a1, nt}, {b1, nt}});                              // top cap
  }
}

void add_sphere(Mesh& m, const Geometry::Sphere& s, const MeshOptions& opt) {
  const int rings = std::max(2, opt.sphere_rings), sectors = std::max(3, opt.sphere_sectors);
  const double r = s.diameter / 2;
  if (!(r > 0)) return;
  // Two poles and rings-1 rings of `sectors` vertices; vertex k has normal k.
  const std::uint32_t first = std::uint32_t(m.positions.size()), dn = std::uint32_t(m.normals.size()) - first;
  auto add = [&](const Vec3& dir) {
    position(m, s.centre + dir * r);
    normal(m, dir);
  };
  add(Vec3(0, 1, 0));  // north pole
  for (int i = 1; i < rings; ++i) {
    const double th = kPi * i / rings;
    for (int j = 0; j < sectors; ++j) {
      const double ph = 2 * kPi * j / sectors;
      add(Vec3(std::sin(th) * std::cos(ph), std::cos(th), -std::sin(th) * std::sin(ph)));
    }
  }
  add(Vec3(0, -1, 0));  // south pole
  auto c = [&](std::uint32_t k) { return Mesh::Corner{k, k + dn}; };
  auto at = [&](int ring, int j) {  // ring 1..rings-1
    return c(first + 1 + std::uint32_t((ring - 1) * sectors + j % sectors));
  };
  const std::uint32_t north = first, south = first + 1 + std::uint32_t((rings - 1) * sectors);
  for (int j = 0; j < sectors; ++j) {
    face(m, {c(north), at(1, j), at(1, j + 1)});
    for (int i = 1; i + 1 < rings; ++i) face(m, {at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)});
    face(m, {c(south), at(rings - 1, j + 1), at(rings - 1, j)});
  }
}

void add_polygon(Mesh& m, const Geometry& g, const Geometry::Polygon& p) {
  const std::uint32_t v0 = std::uint32_t(m.positions.size());
  for (std::uint32_t k = 0; k < p.count; ++k) position(m, g.polygon_vertices[p.first + k]);
  const bool textured = g.texture_of(p) != 0;
  const std::uint32_t t0 = std::uint32_t(m.texels.size());
  if (textured)
    for (std::uint32_t k = 0; k < p.count; ++k) m.texels.push_back(g.polygon_uvs[p.first + k]);
  auto ti = [&](std::uint32_t k) { return textured ? t0 + k : Mesh::kNoTexel; };
  // one normal for a flat polygon, one per vertex for a smooth one
  const bool smooth = p.first < g.polygon_normals.size();
  const std::uint32_t n0 = normal(m, g.vertex_normal(p, p.first));
  auto ni = [&](std::uint32_t k) { return k == 0 || !smooth ? n0 : normal(m, g.vertex_normal(p, p.first + k)); };
  for (std::uint32_t k = 1; k + 1 < p.count; ++k) {
    const std::uint32_t a = ni(k), b = ni(k + 1);
    face(m, {{v0, n0, ti(0)}, {v0 + k, a, ti(k)}, {v0 + k + 1, b, ti(k + 1)}});  // a fan
  }
}

}  // namespace lsd::interp
