// Tests of cli/cmd_draw.cpp: `lsd segments`, `lsd export` and `lsd render`,
// checked on their output files (docs/language.md sections 6 and 8).
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <sstream>

#include "support/lsd_test.hpp"

using lsd::test::run;

namespace {

struct Seg {
  double x0, y0, z0, x1, y1, z1, w;
};

std::vector<Seg> segments(const std::string& args) {
  auto r = run(lsd::test::lsd_exe() + " segments " + args);
  REQUIRE(r.status == 0);
  std::istringstream in(r.out);
  std::string line;
  std::getline(in, line);
  REQUIRE(line == "x0,y0,z0,x1,y1,z1,width");
  std::vector<Seg> out;
  while (std::getline(in, line)) {
    Seg s;
    char c;
    std::istringstream ls(line);
    ls >> s.x0 >> c >> s.y0 >> c >> s.z0 >> c >> s.x1 >> c >> s.y1 >> c >> s.z1 >> c >> s.w;
    REQUIRE(ls);
    out.push_back(s);
  }
  return out;
}

std::string ls_file(const std::string& name, const std::string& text) {
  std::string p = lsd::test::temp_path("draw_") + name + ".ls";
  std::ofstream(p) << text;
  return p;
}

void ends_at(const std::string& axiom, double x, double y, double z) {
  auto segs = segments(ls_file("turn", "axiom: " + axiom + "\n"));
  REQUIRE(segs.size() == 1);
  CHECK(segs[0].x0 == Approx(0).margin(1e-12));
  CHECK(segs[0].x1 == Approx(x).margin(1e-12));
  CHECK(segs[0].y1 == Approx(y).margin(1e-12));
  CHECK(segs[0].z1 == Approx(z).margin(1e-12));
}

}  // namespace

TEST_CASE("turtle rotation conventions, on lsd segments output") {
  ends_at("+(90)F", -1, 0, 0);
  ends_at("-(90)F", 1, 0, 0);
  ends_at("&(90)F", 0, 0, -1);
  ends_at("^(90)F", 0, 0, 1);
  ends_at("\\(90)+(90)F", 0, 0, 1);
  ends_at("|F", 0, -1, 0);
}

TEST_CASE("$ leaves L horizontal after arbitrary turns") {
  // After $, a turn +(90) moves H onto L: the segment it draws is horizontal.
  auto segs = segments(ls_file("roll", "axiom: &(31)+(47)\\(73)^(12)/(5)$+(90)F\n"));
  REQUIRE(segs.size() == 1);
  CHECK(segs[0].y1 - segs[0].y0 == Approx(0).margin(1e-12));
  CHECK(std::hypot(segs[0].x1, segs[0].z1) == Approx(1).margin(1e-12));
}

TEST_CASE("the quadratic Koch island closes at every n from 0 to 3") {
  auto fig = lsd::test::example("abop/fig1_6.ls");
  for (int n = 0; n <= 3; ++n) {
    auto segs = segments(fig + " -n " + std::to_string(n));
    REQUIRE(segs.size() == std::size_t(4 * std::pow(8, n)));
    CHECK(segs.back().x1 == Approx(segs.front().x0).margin(1e-9));
    CHECK(segs.back().y1 == Approx(segs.front().y0).margin(1e-9));
    CHECK(segs.back().z1 == Approx(segs.front().z0).margin(1e-9));
  }
}

TEST_CASE("fig. 2.6a at n=10: the total drawn length is 113.33") {
  double total = 0;
  for (const auto& s : segments(lsd::test::example("abop/fig2_6a.ls") + " -n 10"))
    total += std::sqrt((s.x1 - s.x0) * (s.x1 - s.x0) + (s.y1 - s.y0) * (s.y1 - s.y0) + (s.z1 - s.z0) * (s.z1 - s.z0));
  CHECK(total == Approx(113.33).margin(0.005));
}

TEST_CASE("fig. 2.8a bends down with its tropism: the highest point is lower than without") {
  auto top = [](const std::vector<Seg>& segs) {
    double y = -1e300;
    for (const auto& s : segs) y = std::max({y, s.y0, s.y1});
    return y;
  };
  auto fig = lsd::test::example("abop/fig2_8a.ls");
  double with = top(segments(fig)), without = top(segments(fig + " -D e=0"));
  CHECK(with < without - 1.0);
}

TEST_CASE("export writes an OBJ mesh and its materials") {
  std::string out = lsd::test::temp_path("draw_plant.obj");
  auto r = run(lsd::test::lsd_exe() + " export " + lsd::test::example("abop/fig1_24a.ls") + " -o " + out);
  REQUIRE(r.status == 0);
  std::ifstream obj(out), mtl(lsd::test::temp_path("draw_plant.mtl"));
  REQUIRE(obj);
  REQUIRE(mtl);
  std::string line;
  long v = 0, f = 0;
  bool mtllib = false;
  while (std::getline(obj, line)) {
    v += line.rfind("v ", 0) == 0;
    f += line.rfind("f ", 0) == 0;
    mtllib = mtllib || line == "mtllib draw_plant.mtl";
  }
  CHECK(mtllib);
  CHECK(v > 1000);
  CHECK(f > 1000);
}

TEST_CASE("segments of a living string draw the bent plant") {
  auto segs = segments(ls_file("bent", "axiom: B(1,0.1)J(0,0,1.5707963267948966,0,0,0)B(1,0.1)\ndynamics:\n"));
  REQUIRE(segs.size() == 2);
  CHECK(segs[1].x1 == Approx(-1).margin(1e-12));  // rotated 90 degrees about U: like +(90)
  CHECK(segs[1].y1 == Approx(1).margin(1e-12));
  CHECK(segs[0].w == Approx(0.2));
}

TEST_CASE("a string with nothing to draw is a warning, not silence") {
  const std::string empty = ls_file("nothing", "axiom: A B\n");
  const auto r = run(lsd::test::lsd_exe() + " segments " + empty);
  CHECK(r.status == 0);
  CHECK(r.out.find("warning: nothing is drawn") != std::string::npos);
  const auto drawn = run(lsd::test::lsd_exe() + " segments " + ls_file("something", "axiom: F\n"));
  CHECK(drawn.out.find("nothing is drawn") == std::string::npos);
}

TEST_CASE("lsd segments --primitives lists segments, spheres and polygons") {
  // width 0.5, an F of length 2, a sphere of diameter 0.3 at its end, a triangle
  const std::string f = ls_file("prims", "width: 0.5\naxiom: F(2) @O(0.3) {.-(90)f(1).+(90)f(1).}\n");
  auto r = run(lsd::test::lsd_exe() + " segments " + f + " --primitives");
  REQUIRE(r.status == 0);
  std::istringstream in(r.out);
  std::string kind;
  int segs = 0, spheres = 0, polygons = 0;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    ls >> kind;
    if (kind == "segment") {
      double v[7];
      for (double& x : v) ls >> x;
      REQUIRE(ls);
      CHECK(v[4] == Approx(2));
      CHECK(v[6] == Approx(0.5));
      ++segs;
    } else if (kind == "sphere") {
      double v[4];
      for (double& x : v) ls >> x;
      REQUIRE(ls);
      CHECK(v[1] == Approx(2));
      CHECK(v[3] == Approx(0.3));
      ++spheres;
    } else if (kind == "polygon") {
      int n = 0, smooth = -1;
      ls >> n >> smooth;
      CHECK(n == 3);
      CHECK(smooth == 0);
      double x;
      int k = 0;
      while (ls >> x) ++k;
      CHECK(k == 3 * n);
      ++polygons;
    } else {
      FAIL("unexpected line: " << line);
    }
  }
  CHECK(segs == 1);
  CHECK(spheres == 1);
  CHECK(polygons == 1);
}
