// Tests of interpreter/obj_export.cpp: counts, valid indices, geometry.
#include "interpreter/obj_export.hpp"

#include <catch2/catch.hpp>
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
