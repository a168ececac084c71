// Wavefront OBJ writer. Indices in OBJ are 1-based and global across the
// file, so the writer keeps running counts of vertices and normals.
#include "interpreter/obj_export.hpp"

#include <numbers>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace lsd::interp {
namespace {

constexpr double kPi = std::numbers::pi;

class ObjWriter {
 public:
  explicit ObjWriter(std::ostream& out) : out_(out) {}

  // Returns the 1-based index of the new vertex / normal.
  std::size_t vertex(const Vec3& p) {
    line('v', "v", p);
    return ++counts.vertices;
  }
  std::size_t normal(const Vec3& n) {
    line('n', "vn", n);
    return ++counts.normals;
  }
  // A face of k corners, each a (vertex, normal) pair.
  void face(std::initializer_list<std::pair<std::size_t, std::size_t>> corners) {
    int len = 0;
    buf_[len++] = 'f';
    for (const auto& [v, n] : corners)
      len += std::snprintf(buf_ + len, sizeof buf_ - len, " %zu//%zu", v, n);
    buf_[len++] = '\n';
    out_.write(buf_, len);
    ++counts.faces;
  }
  void text(const std::string& s) { out_ << s; }

  ObjCounts counts;

 private:
  void line(char, const char* tag, const Vec3& p) {
    const int len = std::snprintf(buf_, sizeof buf_, "%s %.7g %.7g %.7g\n", tag, p.x(), p.y(), p.z());
    out_.write(buf_, len);
  }
  std::ostream& out_;
  char buf_[256];
};

// Two unit vectors perpendicular to the unit vector d and to each other.
void perpendiculars(const Vec3& d, Vec3* u, Vec3* v) {
  const Vec3 helper = std::abs(d.y()) < 0.9 ? Vec3(0, 1, 0) : Vec3(1, 0, 0);
  *u = helper.cross(d).normalized();
  *v = d.cross(*u);
}

// A prism of `sides` sides around the segment, with both caps.
void write_cylinder(ObjWriter& w, const Geometry::Segment& s, int sides) {
  const Vec3 axis = s.p1 - s.p0;
  const double len = axis.norm();
  const double r = s.width / 2;
  if (!(len > 0) || !(r > 0)) return;
  const Vec3 d = axis / len;
  Vec3 u, v;
  perpendiculars(d, &u, &v);
  const std::size_t v0 = w.counts.vertices + 1, n0 = w.counts.normals + 1;
  for (int k = 0; k < sides; ++k) {  // ring at p0, ring at p1, one radial normal per side vertex
    const double a = 2 * kPi * k / sides;
    const Vec3 radial = u * std::cos(a) + v * std::sin(a);
    w.vertex(s.p0 + radial * r);
    w.vertex(s.p1 + radial * r);
    w.normal(radial);
  }
  const std::size_t c0 = w.vertex(s.p0), c1 = w.vertex(s.p1);
  const std::size_t nb = w.normal(-d), nt = w.normal(d);
  for (int k = 0; k < sides; ++k) {
    const int k1 = (k + 1) % sides;
    const std::size_t a0 = v0 + 2 * k, a1 = a0 + 1, b0 = v0 + 2 * k1, b1 = b0 + 1;
    w.face({{a0, n0 + k}, {b0, n0 + k1}, {b1, n0 + k1}, {a1, n0 + k}});  // side, outward CCW
    w.face({{c0, nb}, {b0, nb}, {a0, nb}});                              // bottom cap
    w.face({{c1, nt}, {a1, nt}, {b1, nt}});                              // top cap
  }
}

// A UV sphere: two poles and rings-1 rings of `sectors` vertices.
void write_sphere(ObjWriter& w, const Geometry::Sphere& s, int rings, int sectors) {
  const double r = s.diameter / 2;
  if (!(r > 0)) return;
  const std::size_t first = w.counts.vertices + 1, nfirst = w.counts.normals + 1;
  auto add = [&](const Vec3& dir) {
    w.vertex(s.centre + dir * r);
    w.normal(dir);
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
  // Vertex and normal indices coincide up to their offsets.
  const std::size_t dn = nfirst - first;
  auto at = [&](int ring, int j) -> std::size_t {  // ring 1..rings-1
    return first + 1 + std::size_t(ring - 1) * sectors + std::size_t(j % sectors);
  };
  const std::size_t north = first, south = first + 1 + std::size_t(rings - 1) * sectors;
  for (int j = 0; j < sectors; ++j) {
    w.face({{north, north + dn}, {at(1, j), at(1, j) + dn}, {at(1, j + 1), at(1, j + 1) + dn}});
    for (int i = 1; i + 1 < rings; ++i)
      w.face({{at(i, j), at(i, j) + dn}, {at(i + 1, j), at(i + 1, j) + dn},
              {at(i + 1, j + 1), at(i + 1, j + 1) + dn}, {at(i, j + 1), at(i, j + 1) + dn}});
    w.face({{south, south + dn}, {at(rings - 1, j + 1), at(rings - 1, j + 1) + dn},
            {at(rings - 1, j), at(rings - 1, j) + dn}});
  }
}

// A polygon as a fan from its first vertex, with its Newell normal.
void write_polygon(ObjWriter& w, const Geometry& g, const Geometry::Polygon& p) {
  Vec3 normal = Vec3::Zero();
  for (std::uint32_t k = 0; k < p.count; ++k) {
    const Vec3& a = g.polygon_vertices[p.first + k];
    const Vec3& b = g.polygon_vertices[p.first + (k + 1) % p.count];
    normal += a.cross(b);
  }
  if (normal.norm() > 0) normal.normalize();
  else normal = Vec3(0, 0, 1);
  const std::size_t v0 = w.counts.vertices + 1;
  for (std::uint32_t k = 0; k < p.count; ++k) w.vertex(g.polygon_vertices[p.first + k]);
  const std::size_t n = w.normal(normal);
  for (std::uint32_t k = 1; k + 1 < p.count; ++k) w.face({{v0, n}, {v0 + k, n}, {v0 + k + 1, n}});
}

std::set<int> colours_used(const Geometry& g) {
  std::set<int> c;
  for (const Geometry::Segment& s : g.segments) c.insert(s.colour);
  for (const Geometry::Sphere& s : g.spheres) c.insert(s.colour);
  for (const Geometry::Polygon& p : g.polygons) c.insert(p.colour);
  return c;
}

}  // namespace

ObjCounts write_obj(const Geometry& g, std::ostream& out, const ObjOptions& opt) {
  const int sides = std::max(3, opt.cylinder_sides);
  const int rings = std::max(2, opt.sphere_rings), sectors = std::max(3, opt.sphere_sectors);
  ObjWriter w(out);
  w.text("# lsd plant: " + std::to_string(g.segments.size()) + " segments, " +
         std::to_string(g.spheres.size()) + " spheres, " + std::to_string(g.polygons.size()) +
         " polygons\n");
  if (!opt.mtllib.empty()) w.text("mtllib " + opt.mtllib + "\n");
  w.text("o plant\n");
  // One group per colour; each pass over the primitives picks that colour's.
  for (int colour : colours_used(g)) {
    const std::string name = "colour_" + std::to_string(colour);
    w.text("g " + name + "\nusemtl " + name + "\n");
    for (const Geometry::Segment& s : g.segments)
      if (s.colour == colour) write_cylinder(w, s, sides);
    for (const Geometry::Sphere& s : g.spheres)
      if (s.colour == colour) write_sphere(w, s, rings, sectors);
    for (const Geometry::Polygon& p : g.polygons)
      if (p.colour == colour) write_polygon(w, g, p);
  }
  return w.counts;
}

void write_mtl(const Geometry& g, std::ostream& out) {
  out << "# lsd palette\n";
  char buf[128];
  for (int colour : colours_used(g)) {
    const auto rgb = g.rgb(colour);
    std::snprintf(buf, sizeof buf, "Kd %.4f %.4f %.4f\n", rgb[0], rgb[1], rgb[2]);
    out << "newmtl colour_" << colour << "\nKa 0 0 0\n" << buf << "Ks 0.05 0.05 0.05\nNs 20\nd 1\nillum 2\n\n";
  }
}

}  // namespace lsd::interp
