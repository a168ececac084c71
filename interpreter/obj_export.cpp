// Wavefront OBJ writer. Indices in OBJ are 1-based and global across the
// file, so the writer keeps running counts of vertices and normals; each
// primitive's mesh is written as soon as it is made.
#include "interpreter/obj_export.hpp"

#include <cstdio>

namespace lsd::interp {
namespace {

class ObjWriter {
 public:
  explicit ObjWriter(std::ostream& out) : out_(out) {}

  // Writes m's vertices, normals and faces, numbered after what came before.
  void write(const Mesh& m) {
    for (const Vec3& p : m.positions) line("v", p);
    for (const Vec3& n : m.normals) line("vn", n);
    std::uint32_t begin = 0;
    for (std::uint32_t end : m.face_ends) {
      int len = 0;
      buf_[len++] = 'f';
      for (std::uint32_t k = begin; k < end; ++k)
        len += std::snprintf(buf_ + len, sizeof buf_ - len, " %zu//%zu", counts.vertices + m.corners[k].position + 1,
                             counts.normals + m.corners[k].normal + 1);
      buf_[len++] = '\n';
      out_.write(buf_, len);
      begin = end;
    }
    counts.vertices += m.positions.size();
    counts.normals += m.normals.size();
    counts.faces += m.faces();
  }
  void text(const std::string& s) { out_ << s; }

  ObjCounts counts;

 private:
  void line(const char* tag, const Vec3& p) {
    const int len = std::snprintf(buf_, sizeof buf_, "%s %.7g %.7g %.7g\n", tag, p.x(), p.y(), p.z());
    out_.write(buf_, len);
  }
  std::ostream& out_;
  char buf_[256];
};

}  // namespace

std::set<int> colours_used(const Geometry& g) {
  std::set<int> c;
  for (const Geometry::Segment& s : g.segments) c.insert(s.colour);
  for (const Geometry::Sphere& s : g.spheres) c.insert(s.colour);
  for (const Geometry::Polygon& p : g.polygons) c.insert(p.colour);
  return c;
}

ObjCounts write_obj(const Geometry& g, std::ostream& out, const ObjOptions& opt) {
  ObjWriter w(out);
  w.text("# lsd plant: " + std::to_string(g.segments.size()) + " segments, " +
         std::to_string(g.spheres.size()) + " spheres, " + std::to_string(g.polygons.size()) +
         " polygons\n");
  if (!opt.mtllib.empty()) w.text("mtllib " + opt.mtllib + "\n");
  w.text("o plant\n");
  // One group per colour; each pass over the primitives picks that colour's.
  Mesh m;
  auto flush = [&]() {
    w.write(m);
    m.clear();
  };
  for (int colour : colours_used(g)) {
    const std::string name = "colour_" + std::to_string(colour);
    w.text("g " + name + "\nusemtl " + name + "\n");
    for (const Geometry::Segment& s : g.segments)
      if (s.colour == colour) add_segment(m, s, opt.mesh), flush();
    for (const Geometry::Sphere& s : g.spheres)
      if (s.colour == colour) add_sphere(m, s, opt.mesh), flush();
    for (const Geometry::Polygon& p : g.polygons)
      if (p.colour == colour) add_polygon(m, g, p), flush();
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
