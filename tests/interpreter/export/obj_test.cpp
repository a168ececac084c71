// Tests of interpreter/export/src/obj.cpp: counts, valid indices, geometry.
#include "interpreter/export/obj.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

using namespace lsd::interp;

namespace {

struct ParsedObj {
  std::vector<Vec3> v, vn;
  std::vector<std::vector<std::pair<long, long>>> faces;  // (v, vn) per corner, 1-based
  int groups = 0, usemtl = 0, bad_lines = 0;
};

ParsedObj parse(const std::string& text) {
  ParsedObj o;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string tag;
    ls >> tag;
    if (tag == "v" || tag == "vn") {
      double x, y, z;
      if (!(ls >> x >> y >> z)) ++o.bad_lines;
      (tag == "v" ? o.v : o.vn).emplace_back(x, y, z);
    } else if (tag == "f") {
      std::vector<std::pair<long, long>> f;
      std::string corner;
      while (ls >> corner) {
        const auto slash = corner.find("//");
        if (slash == std::string::npos) {
          ++o.bad_lines;
          break;
        }
        f.emplace_back(std::stol(corner.substr(0, slash)), std::stol(corner.substr(slash + 2)));
      }
      o.faces.push_back(f);
    } else if (tag == "g") {
      ++o.groups;
    } else if (tag == "usemtl") {
      ++o.usemtl;
    }
  }
  return o;
}

Geometry sample() {
  Geometry g;
  g.segments.push_back({Vec3(0, 0, 0), Vec3(0, 2, 0), 0.5, 0, 0});
  g.segments.push_back({Vec3(0, 2, 0), Vec3(0, 2, 0), 0.5, 0, 1});  // zero length: skipped
  g.spheres.push_back({Vec3(1, 1, 1), 2.0, 3, 2});
  g.polygons.push_back({0, 4, 3, 3});
  g.polygon_vertices = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0)};
  return g;
}

}  // namespace

TEST_CASE("OBJ counts and indices for a known geometry", "[obj]") {
  std::ostringstream out;
  ObjOptions opt;
  opt.mtllib = "plant.mtl";
  const ObjCounts c = write_obj(sample(), out, opt);
  const ParsedObj o = parse(out.str());
  CHECK(o.bad_lines == 0);
  // cylinder: 2·8+2 v, 8+2 vn, 3·8 f; sphere: 2+7·12 v and vn, 8·12 f;
  // square: 4 v, 1 vn, 2 f.
  CHECK(o.v.size() == 18 + 86 + 4);
  CHECK(o.vn.size() == 10 + 86 + 1);
  CHECK(o.faces.size() == 24 + 96 + 2);
  CHECK(c.vertices == o.v.size());
  CHECK(c.normals == o.vn.size());
  CHECK(c.faces == o.faces.size());
  CHECK(o.groups == 2);  // colours 0 and 3
  CHECK(o.usemtl == 2);
  CHECK(out.str().find("mtllib plant.mtl") != std::string::npos);
  for (const auto& f : o.faces) {
    CHECK(f.size() >= 3);
    for (const auto& [v, n] : f) {
      CHECK(v >= 1);
      CHECK(v <= long(o.v.size()));
      CHECK(n >= 1);
      CHECK(n <= long(o.vn.size()));
    }
  }
  for (const Vec3& n : o.vn) CHECK(n.norm() == Approx(1).epsilon(1e-5));
}

TEST_CASE("OBJ geometry: cylinder radius, sphere radius, outward normals", "[obj]") {
  std::ostringstream out;
  write_obj(sample(), out);
  const ParsedObj o = parse(out.str());
  REQUIRE(o.v.size() == 108);
  // The cylinder's rings lie at radius 0.25 about the y axis.
  for (int k = 0; k < 16; ++k) {
    const Vec3& p = o.v[k];
    CHECK(std::hypot(p.x(), p.z()) == Approx(0.25).epsilon(1e-5));
  }
  // Every sphere vertex is at distance 1 from (1,1,1).
  for (int k = 18; k < 18 + 86; ++k) CHECK((o.v[k] - Vec3(1, 1, 1)).norm() == Approx(1).epsilon(1e-5));
  // Faces wind counter-clockwise seen from outside: the geometric normal of
  // each face agrees with its vertex normals.
  for (const auto& f : o.faces) {
    const Vec3 a = o.v[f[0].first - 1], b = o.v[f[1].first - 1], c = o.v[f[2].first - 1];
    const Vec3 gn = (b - a).cross(c - a);
    Vec3 vn = Vec3::Zero();
    for (const auto& corner : f) vn += o.vn[corner.second - 1];
    CHECK(gn.dot(vn) > 0);
  }
}

TEST_CASE("OBJ of a tapered segment (a cpfg model's cone): its rings at both radii, normals leaning", "[obj]") {
  Geometry g;
  g.segments.push_back({Vec3(0, 0, 0), Vec3(0, 2, 0), 0.5, 0, 0});
  g.tapered.push_back({0, 0.2});  // diameter 0.2 at p1
  std::size_t next = 0;
  CHECK(g.end_width(0, next) == 0.2);
  std::ostringstream out;
  write_obj(g, out);
  const ParsedObj o = parse(out.str());
  REQUIRE(o.v.size() == 18);
  // ring at p0 (y = 0) of radius 0.25, at p1 (y = 2) of radius 0.1, alternating
  for (int k = 0; k < 16; ++k) {
    const Vec3& p = o.v[std::size_t(k)];
    CHECK(p.y() == Approx(k % 2 == 0 ? 0.0 : 2.0));
    CHECK(std::hypot(p.x(), p.z()) == Approx(k % 2 == 0 ? 0.25 : 0.1).epsilon(1e-5));
  }
  // the side normals are square to the cone's surface: they lean toward +y
  // by atan((0.25 - 0.1) / 2)
  for (int k = 0; k < 8; ++k) {
    const Vec3& n = o.vn[std::size_t(k)];
    CHECK(n.y() == Approx(std::sin(std::atan(0.15 / 2))).epsilon(1e-5));
    CHECK(n.dot(o.v[std::size_t(2 * k + 1)] - o.v[std::size_t(2 * k)]) == Approx(0).margin(1e-6));  // OBJ's digits
  }
  Vec3 lo, hi;  // the bounds reach the wider end
  REQUIRE(g.bounds(&lo, &hi));
  CHECK(hi.x() == Approx(0.25));
}

TEST_CASE("OBJ options and the material file", "[obj]") {
  ObjOptions opt;
  opt.mesh.cylinder_sides = 3;
  std::ostringstream out;
  Geometry g;
  g.segments.push_back({Vec3(0, 0, 0), Vec3(1, 0, 0), 0.2, 5, 0});
  const ObjCounts c = write_obj(g, out, opt);
  CHECK(c.vertices == 8);
  CHECK(c.faces == 9);
  CHECK(out.str().find("mtllib") == std::string::npos);
  std::ostringstream mtl;
  write_mtl(g, mtl);
  CHECK(mtl.str().find("newmtl colour_5") != std::string::npos);
  CHECK(mtl.str().find("Kd ") != std::string::npos);
}

TEST_CASE("OBJ of a textured plant: texture coordinates on its faces, a material per texture with its image", "[obj]") {
  Geometry g;
  auto tex = std::make_shared<std::vector<Texture>>(2);
  (*tex)[0].width = (*tex)[0].height = 1;
  (*tex)[0].rgba = {10, 20, 30, 255};  // texture 2 has no image: drawn plain
  g.textures = tex;
  g.segments.push_back({Vec3(0, 0, 0), Vec3(0, 2, 0), 0.2, 5, 0});
  g.segments.push_back({Vec3(0, 2, 0), Vec3(0, 3, 0), 0.2, 5, 1});
  g.textured_segments.push_back({0, 1, 0.25f, 0.75f});
  const Vec3 sq[4] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  g.polygon_vertices.assign(sq, sq + 4);
  g.polygon_uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  g.polygons.push_back({0, 4, 5, 2, 2});  // module 2, texture 2
  ObjOptions opt;
  opt.mesh.cylinder_sides = 4;
  std::ostringstream out;
  const ObjCounts c = write_obj(g, out, opt);
  CHECK(c.texels == 2 * 5);  // the prism's sides: two per side vertex and the seam again
  // the textured faces are in their own group, with v/vt/vn corners whose vt are those given
  const std::string obj = out.str();
  const auto group = obj.find("usemtl colour_5_texture_1\n");
  REQUIRE(group != std::string::npos);
  CHECK(obj.find("usemtl colour_5\n") != std::string::npos);
  std::vector<std::pair<double, double>> vt;
  std::istringstream in(obj);
  std::size_t textured_corners = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream ls(line);
    std::string tag;
    ls >> tag;
    if (tag == "vt") {
      double s, t;
      ls >> s >> t;
      vt.emplace_back(s, t);
    } else if (tag == "f") {
      for (std::string corner; ls >> corner;) {
        if (corner.find("//") != std::string::npos) continue;
        const auto a = corner.find('/'), b = corner.rfind('/');
        REQUIRE(a != b);
        const long k = std::stol(corner.substr(a + 1, b - a - 1));
        REQUIRE(k >= 1);
        REQUIRE(std::size_t(k) <= vt.size());
        const double t = vt[std::size_t(k - 1)].second;
        CHECK((t == Approx(0.25) || t == Approx(0.75)));  // the segment's t0 and t1
        ++textured_corners;
      }
    }
  }
  CHECK(textured_corners == 4 * 4);  // the four sides of the textured segment; the square (texture 2) is plain
  CHECK(textures_used(g) == std::set<int>{1});
  std::ostringstream mtl;
  write_mtl(g, mtl, "tree");
  CHECK(mtl.str().find("newmtl colour_5_texture_1\n") != std::string::npos);
  CHECK(mtl.str().find("map_Kd tree_texture_1.png\n") != std::string::npos);
  CHECK(mtl.str().find("texture_2") == std::string::npos);
  // the image, top row first, as PNG
  const std::string png = texture_png((*tex)[0]);
  CHECK(png.substr(1, 3) == "PNG");
  CHECK(texture_png((*tex)[1]).empty());
}
