// Wavefront OBJ writer. Indices in OBJ are 1-based and global across the
// file, so the writer keeps running counts of vertices and normals; each
// primitive's mesh is written as soon as it is made.
#include "interpreter/export/obj.hpp"

#include <cstdio>

namespace lsd::interp {
namespace {

class ObjWriter {
 public:
  explicit ObjWriter(std::ostream& out) : out_(out) {}

  // Writes m's vertices, normals, texture coordinates and faces, numbered after what came before.
  void write(const Mesh& m) {
    for (const Vec3& p : m.positions) line("v", p);
    for (const Vec3& n : m.normals) line("vn", n);
    for (const Vec2f& t : m.texels) {
      const int len = std::snprintf(buf_, sizeof buf_, "vt %.7g %.7g\n", t.x(), t.y());
      out_.write(buf_, len);
    }
    std::uint32_t begin = 0;
    for (std::uint32_t end : m.face_ends) {
      int len = 0;
      buf_[len++] = 'f';
      for (std::uint32_t k = begin; k < end; ++k) {
        const Mesh::Corner& c = m.corners[k];
        if (c.texel == Mesh::kNoTexel)
          len += std::snprintf(buf_ + len, sizeof buf_ - len, " %zu//%zu", counts.vertices + c.position + 1,
                               counts.normals + c.normal + 1);
        else
          len += std::snprintf(buf_ + len, sizeof buf_ - len, " %zu/%zu/%zu", counts.vertices + c.position + 1,
                               counts.texels + c.texel + 1, counts.normals + c.normal + 1);
      }
      buf_[len++] = '\n';
      out_.write(buf_, len);
      begin = end;
    }
    counts.vertices += m.positions.size();
    counts.normals += m.normals.size();
    counts.texels += m.texels.size();
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

namespace {

// The texture of segment i (0: none); `next` walks g.textured_segments along.
int segment_texture(const Geometry& g, std::size_t i, std::size_t& next) {
  while (next < g.textured_segments.size() && g.textured_segments[next].segment < i) ++next;
  if (next == g.textured_segments.size() || g.textured_segments[next].segment != i) return 0;
  return g.texture(g.textured_segments[next].texture) ? g.textured_segments[next].texture : 0;
}

}  // namespace

std::set<std::pair<int, int>> materials_used(const Geometry& g) {
  std::set<std::pair<int, int>> m;
  std::size_t next = 0;
  for (std::size_t i = 0; i < g.segments.size(); ++i) m.emplace(g.segments[i].colour, segment_texture(g, i, next));
  for (const Geometry::Sphere& s : g.spheres) m.emplace(s.colour, 0);
  for (const Geometry::Polygon& p : g.polygons) m.emplace(p.colour, g.texture_of(p));
  return m;
}

std::string material_name(int colour, int texture) {
  return "colour_" + std::to_string(colour) + (texture ? "_texture_" + std::to_string(texture) : "");
}

std::set<int> textures_used(const Geometry& g) {
  std::set<int> t;
  for (const auto& [colour, texture] : materials_used(g))
    if (texture) t.insert(texture);
  return t;
}

ObjCounts write_obj(const Geometry& g, std::ostream& out, const ObjOptions& opt) {
  ObjWriter w(out);
  w.text("# lsd plant: " + std::to_string(g.segments.size()) + " segments, " +
         std::to_string(g.spheres.size()) + " spheres, " + std::to_string(g.polygons.size()) +
         " polygons\n");
  if (!opt.mtllib.empty()) w.text("mtllib " + opt.mtllib + "\n");
  w.text("o plant\n");
  // One group per colour (and texture); each pass over the primitives picks that material's.
  Mesh m;
  auto flush = [&]() {
    w.write(m);
    m.clear();
  };
  for (const auto& [colour, texture] : materials_used(g)) {
    const std::string name = material_name(colour, texture);
    w.text("g " + name + "\nusemtl " + name + "\n");
    std::size_t next = 0;
    for (std::size_t i = 0; i < g.segments.size(); ++i) {
      const Geometry::Segment& s = g.segments[i];
      if (s.colour != colour || segment_texture(g, i, next) != texture) continue;
      add_segment(m, s, opt.mesh, texture ? &g.textured_segments[next] : nullptr);
      flush();
    }
    if (texture == 0)
      for (const Geometry::Sphere& s : g.spheres)
        if (s.colour == colour) add_sphere(m, s, opt.mesh), flush();
    for (const Geometry::Polygon& p : g.polygons)
      if (p.colour == colour && g.texture_of(p) == texture) add_polygon(m, g, p), flush();
  }
  return w.counts;
}

void write_mtl(const Geometry& g, std::ostream& out, const std::string& texture_stem) {
  out << "# lsd palette\n";
  char buf[128];
  for (const auto& [colour, texture] : materials_used(g)) {
    const auto rgb = g.rgb(colour);
    std::snprintf(buf, sizeof buf, "Kd %.4f %.4f %.4f\n", rgb[0], rgb[1], rgb[2]);
    out << "newmtl " << material_name(colour, texture) << "\nKa 0 0 0\n" << buf << "Ks 0.05 0.05 0.05\nNs 20\nd 1\nillum 2\n";
    if (texture) {  // modulate: the image times Kd; its alpha cuts the outline
      const std::string image = texture_file(texture_stem, texture);
      out << "map_Kd " << image << "\nmap_d " << image << "\n";
    }
    out << "\n";
  }
}

std::string texture_file(const std::string& stem, int texture) {
  return stem + "_texture_" + std::to_string(texture) + ".png";
}

}  // namespace lsd::interp
