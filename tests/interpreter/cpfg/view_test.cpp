// Tests of interpreter/cpfg/src/view.cpp and of a cpfg model drawn by the turtle:
// a vlab object folder (specifications, .l, .v, .map, .s) as cpfg reads it
// (CPFG manual sections 6 and 8; cpfg's interpret.c, blackbox.c, patches.c).
// Every model here is written for the test.
#include "interpreter/cpfg/view.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <set>

#include "interpreter/turtle/turtle.hpp"
#include "support/lsd_test.hpp"

using namespace lsd;
using interp::Vec3;

namespace {

bool near(const Vec3& a, const Vec3& b, double tol = 1e-9) { return (a - b).norm() < tol; }

// A flat square surface: one patch, 3 x 3 in its x-y plane, the end point at y = 3.
const char* kFlatSurface =
    "0 3 0 3 0 0\n"
    "CONTACT POINT  X: 0 Y: 0 Z: 0\n"
    "END POINT  X: 0 Y: 3 Z: 0\n"
    "HEADING  X: 0 Y: 1 Z: 0\n"
    "UP  X: 0 Y: 0 Z: 1\n"
    "SIZE: 3\n"
    "square\n"
    "TOP COLOR: 0 DIFFUSE: 0 BOTTOM COLOR: 0 DIFFUSE: 0\n"
    "AL: ~ A: ~ AR: ~\nL: ~ R: ~\nBL: ~ B: ~ BR: ~\n"
    "0 0 0  1 0 0  2 0 0  3 0 0\n"
    "0 1 0  1 1 0  2 1 0  3 1 0\n"
    "0 2 0  1 2 0  2 2 0  3 2 0\n"
    "0 3 0  1 3 0  2 3 0  3 3 0\n";

// Loads a folder (or file) as lsd's commands do, then derives n steps and draws.
struct Drawn {
  bool ok = false;
  std::vector<grammar::Diagnostic> diags;
  interp::Lsystem ls;
  interp::Geometry g;
};
Drawn draw(const std::string& path, int n = 0) {
  Drawn d;
  d.ok = interp::load_lsystem(path, {}, d.ls, d.diags) && interp::derive(d.ls, n, {}, d.diags);
  if (d.ok) d.g = interp::interpret(d.ls.current, interp::turtle_options(d.ls.rules));
  return d;
}

bool has_warning(const std::vector<grammar::Diagnostic>& diags, const std::string& text, int line = 0) {
  for (const auto& d : diags)
    if (d.warning && d.message.find(text) != std::string::npos && (line == 0 || d.pos.line == line)) return true;
  return false;
}

}  // namespace

TEST_CASE("a vlab folder: the specifications' cpfg line names the model's files") {
  test::TempDir dir;
  dir.write("specifications", "tree.l\n*\nimage:\n\tgenerate:\n\t\tcpfg -m colours.map tree.l look.v tree.a\n");
  dir.write("tree.l", "axiom: F\n");
  dir.write("other.l", "axiom: F\n");
  interp::CpfgModelFiles f;
  std::string err;
  REQUIRE(interp::find_cpfg_model(dir.path("."), f, err));
  CHECK(f.lsystem == dir.path("./tree.l"));
  CHECK(f.view == dir.path("./look.v"));
  REQUIRE(f.colourmaps.size() == 1);
  CHECK(f.colourmaps[0] == dir.path("./colours.map"));
  // the .l file given: its view file by the same line
  REQUIRE(interp::find_cpfg_model(dir.path("tree.l"), f, err));
  CHECK(f.view == dir.path("look.v"));
  // no specifications and two .l files: no model in the folder
  test::TempDir two;
  two.write("a.l", "axiom: F\n");
  two.write("b.l", "axiom: F\n");
  CHECK_FALSE(interp::find_cpfg_model(two.path("."), f, err));
  CHECK_THAT(err, Catch::Contains("no cpfg model"));
  // no specifications, one .l: it and the .v of its name
  test::TempDir one;
  one.write("p.l", "axiom: F\n");
  one.write("p.v", "angle factor: 4\n");
  REQUIRE(interp::find_cpfg_model(one.path("."), f, err));
  CHECK(f.view == one.path("./p.v"));
}

TEST_CASE("the view file: angle, colours, widths; what lsd ignores is a located warning") {
  test::TempDir dir;
  const std::string v = dir.write("p.v",
                                  "/* a view */\nangle factor: 16\ninitial color: 7 9\ncolor increment: 3\n"
                                  "initial line width: 0.5\nline width increment: 0.25\n"
                                  "viewpoint: 0,0,1\nsurface: s missing.s 1\nsparkle: on\n");
  interp::CpfgView view;
  interp::FunctionSet fs;
  std::vector<grammar::Diagnostic> diags;
  interp::read_view_file(v, view, fs, diags);
  CHECK(view.present);
  CHECK(view.angle == Approx(22.5));
  CHECK(view.colour == 7);
  CHECK(view.colour_back == 9);
  CHECK(view.colour_increment == 3);
  CHECK(view.width == Approx(0.5));
  CHECK(view.line_style == interp::CpfgView::LineStyle::kPolygon);  // world units: no "pixels" after it
  CHECK(view.width_increment == Approx(0.25));
  CHECK(has_warning(diags, "missing.s", 8));
  CHECK(has_warning(diags, "unknown view command 'sparkle:'", 9));
  CHECK(has_warning(diags, "viewpoint", 7));
  // angle increment wins when it comes last
  interp::read_view_file(dir.write("q.v", "angle factor: 16\nangle increment: 30\n"), view, fs, diags);
  CHECK(view.angle == Approx(30));
  // "pixels" (cpfg reads any word that starts with p) and "s..." (cylinders)
  interp::read_view_file(dir.write("r.v", "initial line width: 3 pixels\n"), view, fs, diags);
  CHECK(view.line_style == interp::CpfgView::LineStyle::kPixel);
}

TEST_CASE("a colour map gives the model's colours by index") {
  test::TempDir dir;
  std::string bytes(768, '\0');
  bytes[3 * 5 + 0] = char(255);  // colour 5 is red
  bytes[3 * 6 + 2] = char(255);  // colour 6 is blue
  {
    std::ofstream(dir.path("c.map"), std::ios::binary) << bytes;
  }
  dir.write("p.l", "axiom: ;(5)F;F\n");
  dir.write("p.v", "initial color: 1\n");
  Drawn d = draw(dir.path("."));
  REQUIRE(d.ok);
  REQUIRE(d.g.segments.size() == 2);
  CHECK(d.g.rgb(d.g.segments[0].colour) == std::array<float, 3>{1.f, 0.f, 0.f});
  CHECK(d.g.rgb(d.g.segments[1].colour) == std::array<float, 3>{0.f, 0.f, 1.f});
  CHECK(d.g.rgb(256 + 5) == d.g.rgb(5));  // indices wrap, as cpfg's
}

TEST_CASE("the view file's angle turns the turtle; without a view file cpfg's 45 degrees") {
  test::TempDir dir;
  dir.write("p.l", "axiom: +F\n");
  dir.write("p.v", "angle factor: 4\n");
  Drawn d = draw(dir.path("."));
  REQUIRE(d.ok);
  REQUIRE(d.g.segments.size() == 1);
  CHECK(near(d.g.segments[0].p1, Vec3(-1, 0, 0)));
  test::TempDir bare;
  bare.write("p.l", "axiom: +F\n");
  Drawn b = draw(bare.path("p.l"));
  REQUIRE(b.ok);
  CHECK(has_warning(b.diags, "no view file"));
  CHECK(near(b.g.segments[0].p1, Vec3(-std::sqrt(0.5), std::sqrt(0.5), 0)));
}

TEST_CASE("cpfg's turtle: G g # ! ; , $ @c @R (CPFG manual 6)") {
  test::TempDir dir;
  dir.write("p.v", "initial color: 2\ncolor increment: 3\ninitial line width: 1\nline width increment: 0.5\n");
  SECTION("G draws and g moves, neither records a polygon vertex") {
    dir.write("p.l", "axiom: {.F(1)+(90)G(1)+(90)F(1)+(90)g(1)}\n");
    Drawn d = draw(dir.path("."));
    REQUIRE(d.ok);
    CHECK(d.g.segments.size() == 3);  // F G F
    REQUIRE(d.g.polygons.size() == 1);
    CHECK(d.g.polygons[0].count == 3);  // the start and the ends of the two F
  }
  SECTION("# and ! add and take away the increment, or set the width") {
    dir.write("p.l", "axiom: F#F#F!F!(3)F\n");
    Drawn d = draw(dir.path("."));
    REQUIRE(d.ok);
    REQUIRE(d.g.segments.size() == 5);
    CHECK(d.g.segments[0].width == Approx(1));
    CHECK(d.g.segments[1].width == Approx(1.5));
    CHECK(d.g.segments[2].width == Approx(2));
    CHECK(d.g.segments[3].width == Approx(1.5));
    CHECK(d.g.segments[4].width == Approx(3));
  }
  SECTION("; and , step by the increment from the initial colour; with a parameter they set it") {
    dir.write("p.l", "axiom: F;F,,F,(11)F\n");
    Drawn d = draw(dir.path("."));
    REQUIRE(d.ok);
    REQUIRE(d.g.segments.size() == 4);
    CHECK(d.g.segments[0].colour == 2);
    CHECK(d.g.segments[1].colour == 5);
    CHECK(d.g.segments[2].colour == 255);  // 5 - 3 - 3 wraps in the colour map
    CHECK(d.g.segments[3].colour == 11);
  }
  SECTION("$ ends a sub-L-system in cpfg: it does not roll the turtle") {
    dir.write("p.l", "axiom: &(45)/(90)$+(90)F\n");
    dir.write("q.l", "axiom: &(45)/(90)+(90)F\n");
    Drawn with = draw(dir.path("p.l")), without = draw(dir.path("q.l"));
    REQUIRE(with.ok);
    REQUIRE(without.ok);
    CHECK(near(with.g.segments[0].p1, without.g.segments[0].p1));
    // lsd's own files: $ rolls L horizontal, and the end differs
    interp::Lsystem ls;
    std::vector<grammar::Diagnostic> diags;
    REQUIRE(interp::load_lsystem_text("axiom: &(45)/(90)$+(90)F\n", "p.ls", {}, ls, diags));
    const interp::Geometry g = interp::interpret(ls.current, interp::turtle_options(ls.rules));
    CHECK_FALSE(near(g.segments[0].p1, without.g.segments[0].p1, 1e-3));
  }
  SECTION("@c(d) is a disc in the plane of H and L; @o(d) a sphere; @R sets the heading") {
    dir.write("p.l", "axiom: @c(2)@o(3)@R(1,0,0)F\n");
    Drawn d = draw(dir.path("."));
    REQUIRE(d.ok);
    REQUIRE(d.g.polygons.size() == 1);
    const auto& p = d.g.polygons[0];
    for (std::uint32_t k = 0; k < p.count; ++k) {
      const Vec3& v = d.g.polygon_vertices[p.first + k];
      CHECK(v.z() == Approx(0).margin(1e-12));
      CHECK(v.norm() == Approx(1));
    }
    REQUIRE(d.g.spheres.size() == 1);
    CHECK(d.g.spheres[0].diameter == Approx(3));
    CHECK(near(d.g.segments[0].p1, Vec3(1, 0, 0)));
  }
}

// The cross-sections of a generalized cylinder drawn as quads, strip after
// strip: section 0 is where it starts, section s ends strip s.
std::vector<std::vector<Vec3>> sections(const interp::Geometry& g, std::size_t first_quad, int strips, int sides) {
  std::vector<std::vector<Vec3>> out(std::size_t(strips + 1));
  for (int s = 0; s < strips; ++s)
    for (int j = 0; j < sides; ++j) {
      const auto& p = g.polygons[first_quad + std::size_t(s * sides + j)];
      REQUIRE(p.count == 4);
      if (s == 0) out[0].push_back(g.polygon_vertices[p.first]);
      out[std::size_t(s + 1)].push_back(g.polygon_vertices[p.first + 3]);
    }
  return out;
}

Vec3 centroid(const std::vector<Vec3>& v) {
  Vec3 c = Vec3::Zero();
  for (const Vec3& p : v) c += p;
  return c / double(v.size());
}

// The cubic Hermite curve of the CPFG manual (section 6.7.3): from p0 to p1,
// tangents m0 and m1.
Vec3 hermite(const Vec3& p0, const Vec3& m0, const Vec3& p1, const Vec3& m1, double t) {
  const double t2 = t * t, t3 = t2 * t;
  return (2 * t3 - 3 * t2 + 1) * p0 + (t3 - 2 * t2 + t) * m0 + (-2 * t3 + 3 * t2) * p1 + (t3 - t2) * m1;
}

// Writes the folder's p.l with this axiom and draws the folder, which must
// give `polygons` polygons.
Drawn draw_axiom(test::TempDir& dir, const std::string& axiom, std::size_t polygons) {
  dir.write("p.l", "axiom: " + axiom + "\n");
  Drawn d = draw(dir.path("."));
  REQUIRE(d.ok);
  REQUIRE(d.g.polygons.size() == polygons);
  return d;
}

TEST_CASE("a generalized cylinder follows cpfg's Hermite curve through its control points (@Gs @Gc @Ge @Gt)") {
  test::TempDir dir;
  dir.write("p.v", "initial line width: 1\nline style: cylinder\ncontour sides: 6\n");
  SECTION("through the control points, square to the heading there, with the turtle's width") {
    // from (0,0,0) heading +y to (2,2,0) heading +x (the turtle turned right after f(2), then f(2))
    Drawn d = draw_axiom(dir, "#(2) @Gs f(2) -(90) f(2) #(1) @Ge(8)", 8 * 6);
    const auto sec = sections(d.g, 0, 8, 6);
    const Vec3 p0(0, 0, 0), h0(0, 1, 0);
    const Vec3 end = d.g.final_state.pos, hend = d.g.final_state.H;  // where the turtle ended: (2, 2, 0), +x
    CHECK(near(end, Vec3(2, 2, 0), 1e-9));
    CHECK(near(centroid(sec[0]), p0, 1e-9));
    CHECK(near(centroid(sec[8]), end, 1e-9));
    for (const Vec3& v : sec[0]) {
      CHECK((v - p0).dot(h0) == Approx(0).margin(1e-9));  // square to the heading at the start
      CHECK((v - p0).norm() == Approx(1));                // radius: width 2 / 2
    }
    for (const Vec3& v : sec[8]) {
      CHECK((v - end).dot(hend) == Approx(0).margin(1e-9));  // and at the end
      CHECK((v - end).norm() == Approx(0.5));
    }
    // in between: the Hermite curve whose tangents are the headings times
    // the distance times 1.2 (the default tangent coefficient); the radius
    // goes linearly from 1 to 0.5
    const double len = (end - p0).norm();
    for (int s = 1; s < 8; ++s) {
      const double t = s / 8.0;
      CHECK(near(centroid(sec[std::size_t(s)]), hermite(p0, h0 * len * 1.2, end, hend * len * 1.2, t), 1e-9));
      for (const Vec3& v : sec[std::size_t(s)])
        CHECK((v - centroid(sec[std::size_t(s)])).norm() == Approx(1 - 0.5 * t));
    }
  }
  SECTION("@Gt(0,0): zero tangents, a straight axis; @Gc(1): one straight strip") {
    Drawn d = draw_axiom(dir, "@Gt(0,0) @Gs f(2) -(90) f(2) @Ge(5) @Gt(1.2) @Gs f(1) @Gc(1) +(45) f(1) @Ge(1)", (5 + 1 + 1) * 6);
    const auto sec = sections(d.g, 0, 5, 6);
    const Vec3 a = centroid(sec[0]), b = centroid(sec[5]);
    for (int s = 1; s < 5; ++s) {
      const Vec3 c = centroid(sec[std::size_t(s)]);
      CHECK((c - a).cross(b - a).norm() == Approx(0).margin(1e-9));  // on the chord
    }
    // @Gc(1) and @Ge(1): one strip each, from control point to control point
    const auto first = sections(d.g, 5 * 6, 1, 6), second = sections(d.g, 6 * 6, 1, 6);
    CHECK(near(centroid(first[0]), b, 1e-9));  // the second cylinder starts where the first ended
    CHECK(near(centroid(first[1]), b + Vec3(1, 0, 0), 1e-9));
    CHECK(near(centroid(second[1]), d.g.final_state.pos, 1e-9));
  }
  SECTION("the quads are smooth: each vertex's normal is the cylinder's, square to its surface") {
    Drawn d = draw_axiom(dir, "#(2) @Gs f(2) @Ge(3)", 3 * 6);
    REQUIRE(d.g.polygon_normals.size() == d.g.polygon_vertices.size());
    int outward = 0;
    for (const auto& p : d.g.polygons)
      for (std::uint32_t k = p.first; k < p.first + p.count; ++k) {
        const Vec3 v = d.g.polygon_vertices[k], radial = Vec3(v.x(), 0, v.z()).normalized();
        const Vec3 n = d.g.vertex_normal(p, k);
        CHECK(std::fabs(n.dot(radial)) == Approx(1));
        outward += n.dot(radial) > 0 ? 1 : -1;
      }
    CHECK(std::abs(outward) == 3 * 6 * 4);  // all on the same side
  }
  SECTION("@Gt(a,b) sets the coefficients: a larger one bulges the curve further from its chord") {
    auto bulge = [&](const std::string& gt) {
      dir.write("p.l", "axiom: " + gt + " @Gs f(2) -(90) f(2) @Ge(4)\n");
      Drawn d = draw(dir.path("."));
      REQUIRE(d.ok);
      const auto sec = sections(d.g, 0, 4, 6);
      const Vec3 a = centroid(sec[0]), b = centroid(sec[4]), m = centroid(sec[2]);
      return (m - a).cross((b - a).normalized()).norm();
    };
    CHECK(bulge("@Gt(0.5,0.5)") < bulge(""));
    CHECK(bulge("") < bulge("@Gt(2,2)"));
  }
}
// A square of side 2 about the origin: its corners tripled, so that the
// closed B-spline goes straight from corner to corner.
const char* kSquareContour =
    "12 3 closed\n1 1 0\n1 1 0\n1 1 0\n-1 1 0\n-1 1 0\n-1 1 0\n-1 -1 0\n-1 -1 0\n-1 -1 0\n1 -1 0\n1 -1 0\n1 -1 0\n";

TEST_CASE("@#(id): the view file's contour is the cross-section of generalized cylinders") {
  test::TempDir dir;
  dir.write("square.con", kSquareContour);
  dir.write("p.v", "line style: cylinder\ncontour sides: 8\ncontour: 1 square.con\n");
  SECTION("a square contour gives a square cross-section, scaled by the radius") {
    Drawn d = draw_axiom(dir, "#(4) @#(1) @Gs f(3) @Ge(2)", 2 * 8);
    for (const auto& sec : sections(d.g, 0, 2, 8)) {
      // 8 points spread evenly along the square: every side 2 (radius 2 x 1), the
      // diagonals 4 sqrt 2 and 4, alternating: corners and the middles of the sides
      const Vec3 c = centroid(sec);
      for (std::size_t j = 0; j < 8; ++j) {
        CHECK((sec[(j + 1) % 8] - sec[j]).norm() == Approx(2).epsilon(1e-6));
        CHECK((sec[j] - c).y() == Approx(0).margin(1e-9));  // square to the heading (+y)
        CHECK((sec[j] - c).norm() == Approx(j % 2 == 0 ? 2 * std::sqrt(2.0) : 2).epsilon(1e-6));
      }
      // the corners turn by 90 degrees
      CHECK((sec[2] - sec[0]).dot(sec[4] - sec[2]) == Approx(0).margin(1e-6));
    }
    // the sides are flat: every vertex has its own side's normal, corners included
    for (const auto& p : d.g.polygons) {
      const Vec3* v = &d.g.polygon_vertices[p.first];
      const Vec3 flat = (v[1] - v[0]).cross(v[3] - v[0]).normalized();
      for (std::uint32_t k = 0; k < 4; ++k) CHECK(std::fabs(d.g.vertex_normal(p, p.first + k).dot(flat)) == Approx(1));
    }
  }
  SECTION("a file named in another case is found, as on the disks vlab models come from") {
    dir.write("p.v", "line style: cylinder\ncontour sides: 8\ncontour: 1 SQUARE.CON\n");
    dir.write("p.l", "axiom: #(2) @#(1) @Gs f(1) @Ge(1)\n");
    Drawn d = draw(dir.path("."));
    REQUIRE(d.ok);
    CHECK_FALSE(has_warning(d.diags, "SQUARE.CON"));
    const auto sec = sections(d.g, 0, 1, 8);
    CHECK((sec[1][0] - centroid(sec[1])).norm() == Approx(std::sqrt(2.0)));  // a corner of the square
  }
  SECTION("@#(0) and @# are the circle again; @!(n) sets the sides") {
    Drawn d = draw_axiom(dir, "#(2) @#(1) @# @!(5) @Gs f(1) @Ge(1) @#(1) @#(0) @Gs f(1) @Ge(1)", 2 * 5);
    for (const auto& sec : sections(d.g, 0, 1, 5))
      for (const Vec3& v : sec) CHECK((v - centroid(sec)).norm() == Approx(1));
  }
  SECTION("an open contour is swept as it is: sides + 1 points, no strip closing it") {
    dir.write("arch.con", "cver 1 3\nname: arch\npoints: 3 7\ntype: or\nsamples: 8\n-1 0 0 3\n0 1 0 1\n1 0 0 3\n");
    dir.write("p.v", "line style: cylinder\ncontour: 2 arch.con\n");
    dir.write("p.l", "axiom: #(2) @#(2) @!(6) @Gs f(1) @Ge(1)\n");
    Drawn d = draw(dir.path("."));
    REQUIRE(d.ok);
    REQUIRE(d.g.polygons.size() == 6);  // 7 points, 6 quads between them
    const auto sec = sections(d.g, 0, 1, 6);
    // the ends of the arch are its end control points, along U (+z) and across (x)
    CHECK(near(sec[0][0], Vec3(0, 0, -1), 1e-9));
    const auto& last = d.g.polygons[5];
    CHECK(near(d.g.polygon_vertices[last.first + 1], Vec3(0, 0, 1), 1e-9));
  }
}

TEST_CASE("generalized cylinders: strips per control point, the pixel style, hostile input") {
  test::TempDir dir;
  SECTION("@Gc(n) @Ge(n) draw n strips, 4 without a parameter, 1 for n < 1; sides from the view file") {
    dir.write("p.v", "line style: cylinder\ncontour sides: 7\n");
    dir.write("p.l", "axiom: @Gs f @Gc(3) f @Gc f @Gc(0) f @Ge(2.7)\n");
    Drawn d = draw(dir.path("."));
    REQUIRE(d.ok);
    CHECK(d.g.polygons.size() == (3 + 4 + 1 + 2) * 7);
    CHECK(d.g.segments.empty());  // f moves between control points draw nothing
  }
  SECTION("F inside a cylinder draws its own segment; @Gc outside one starts it") {
    dir.write("p.v", "line style: cylinder\ncontour sides: 4\n");
    dir.write("p.l", "axiom: @Gs F(1) @Ge(1) @Gc f @Ge(1)\n");
    Drawn d = draw(dir.path("."));
    REQUIRE(d.ok);
    REQUIRE(d.g.segments.size() == 1);
    CHECK(near(d.g.segments[0].p0, Vec3(0, 0, 0)));
    CHECK(d.g.polygons.size() == 2 * 4);
  }
  SECTION("in cpfg's pixel style a generalized cylinder is lines along its axis") {
    dir.write("p.v", "initial line width: 3\nline style: pixel\n");
    dir.write("p.l", "axiom: @Gs f(2) -(90) f(2) @Ge(6)\n");
    Drawn d = draw(dir.path("."));
    REQUIRE(d.ok);
    CHECK(d.g.polygons.empty());
    REQUIRE(d.g.segments.size() == 6);
    CHECK(near(d.g.segments[0].p0, Vec3(0, 0, 0)));
    CHECK(near(d.g.segments[5].p1, Vec3(2, 2, 0), 1e-9));
    for (std::size_t k = 1; k < 6; ++k) CHECK(near(d.g.segments[k].p0, d.g.segments[k - 1].p1));
  }
  SECTION("bad ids, missing and malformed contour files, huge counts: warnings, a bounded drawing") {
    dir.write("bad.con", "cver 1 3\nname: bad\npoints: 3 5\ntype: or\n0 0 0 3\nnot a point\n");
    dir.write("p.v", "line style: cylinder\ncontour: 1 missing.con\ncontour: 2 bad.con\ncontour: x\n");
    dir.write("p.l",
              "derivation length: 1\naxiom: A(1e12)\nA(n) --> @#(7) @!(1e9) @Gs f @Gc(1e9) @#(2) f @Gc(n) @!(-5) "
              "f @Gc(-7) @#(-3) f @Ge(-1e300) @Gc(5)\n");
    Drawn d = draw(dir.path("."), 1);
    REQUIRE(d.ok);
    CHECK(has_warning(d.diags, "missing.con", 2));
    CHECK(has_warning(d.diags, "bad.con", 3));
    CHECK(has_warning(d.diags, "'contour:' needs an id and a file", 4));
    CHECK(has_warning(d.diags, "defines no contour 7", 3));
    CHECK(has_warning(d.diags, "at most 256 strips", 3));
    CHECK(has_warning(d.diags, "at most 256 sides", 3));
    // 256 strips of 256 sides, then 256 strips of 256 sides (n is clamped too),
    // then -7 strips of -5 sides: 1 strip of 3 sides, then 1 strip of 3
    CHECK(d.g.polygons.size() == 2 * 256 * 256 + 2 * 3);
    // (a control point where the last one was adds nothing, as in cpfg)
    bool finite = true;
    for (const Vec3& v : d.g.polygon_vertices) finite = finite && std::isfinite(v.norm());
    CHECK(finite);
  }
}

// The uniform cubic B-spline segment of p0..p3 at t, evaluated as the Bezier
// curve of its Bezier points (Boehm's conversion), not as cpfg's matrix.
Vec3 bspline(const Vec3& p0, const Vec3& p1, const Vec3& p2, const Vec3& p3, double t) {
  const Vec3 b[4] = {(p0 + 4 * p1 + p2) / 6, (2 * p1 + p2) / 3, (p1 + 2 * p2) / 3, (p1 + 4 * p2 + p3) / 6};
  const double w = 1 - t;
  return w * w * w * b[0] + 3 * w * w * t * b[1] + 3 * w * t * t * b[2] + t * t * t * b[3];
}

// The polygons from `first` on, as vertex lists.
std::vector<std::vector<Vec3>> quads(const interp::Geometry& g, std::size_t first, std::size_t count) {
  std::vector<std::vector<Vec3>> out;
  for (std::size_t q = first; q < first + count; ++q) {
    const auto& p = g.polygons[q];
    out.emplace_back(g.polygon_vertices.begin() + p.first, g.polygon_vertices.begin() + p.first + p.count);
  }
  return out;
}

bool same_quads(const std::vector<std::vector<Vec3>>& a, const std::vector<std::vector<Vec3>>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t q = 0; q < a.size(); ++q) {
    if (a[q].size() != b[q].size()) return false;
    for (std::size_t k = 0; k < a[q].size(); ++k)
      if (!near(a[q][k], b[q][k], 1e-12)) return false;
  }
  return true;
}

TEST_CASE("{(3) and {(4): generalized cylinders along cpfg's uniform cubic B-splines, f and F their control points") {
  test::TempDir dir;
  dir.write("p.v", "initial line width: 1\nline style: cylinder\ncontour sides: 6\n");
  constexpr int kPiece = 4 * 6;  // an f's 4 strips of 6 quads
  SECTION("{(3): from knot to knot, each piece the B-spline of four control points; no point at {") {
    // control points: `.` at the origin, then the end of every f (the turtle turns right, right, left 45)
    const double r = std::sqrt(0.5);
    const std::vector<Vec3> P = {{0, 0, 0}, {0, 2, 0}, {2, 2, 0}, {2, 1, 0}, {2 + 3 * r, 1 - 3 * r, 0}};
    Drawn d = draw_axiom(dir, "{(3) . f(2) -(90) f(2) -(90) f(1) +(45) f(3) }(3)", 2 * kPiece);
    CHECK(d.g.segments.empty());
    for (std::size_t j = 0; j < 2; ++j) {
      const auto sec = sections(d.g, j * kPiece, 4, 6);
      for (int s = 0; s <= 4; ++s) {
        const double t = s / 4.0;
        const Vec3 c = centroid(sec[std::size_t(s)]);
        CHECK(near(c, bspline(P[j], P[j + 1], P[j + 2], P[j + 3], t), 1e-9));
        // square to the curve, of the turtle's width
        const double h = 1e-6;
        const Vec3 tangent = bspline(P[j], P[j + 1], P[j + 2], P[j + 3], t + h) -
                             bspline(P[j], P[j + 1], P[j + 2], P[j + 3], t - h);
        for (const Vec3& v : sec[std::size_t(s)]) {
          CHECK((v - c).dot(tangent.normalized()) == Approx(0).margin(1e-6));
          CHECK((v - c).norm() == Approx(0.5));
        }
      }
    }
    // the first knot, not the first control point: cpfg does not repeat end points
    CHECK(near(centroid(sections(d.g, 0, 4, 6)[0]), (P[0] + 4 * P[1] + P[2]) / 6, 1e-12));
    // without the `.`, the origin is no control point ({ does not define one): one piece less
    draw_axiom(dir, "{(3) f(2) -(90) f(2) -(90) f(1) +(45) f(3) }(3)", kPiece);
  }
  SECTION("{(4): closed through the first three control points again, smooth where it closes") {
    // a square: control points (0,2) (2,2) (2,0) (0,0), four pieces
    const std::vector<Vec3> P = {{0, 2, 0}, {2, 2, 0}, {2, 0, 0}, {0, 0, 0}};
    Drawn d = draw_axiom(dir, "{(4) f(2) -(90) f(2) -(90) f(2) -(90) f(2) }(4)", 4 * kPiece);
    for (std::size_t j = 0; j < 4; ++j) {
      const auto sec = sections(d.g, j * kPiece, 4, 6);
      for (int s = 0; s <= 4; ++s)
        CHECK(near(centroid(sec[std::size_t(s)]), bspline(P[j], P[(j + 1) % 4], P[(j + 2) % 4], P[(j + 3) % 4], s / 4.0),
                   1e-9));
    }
    // the last section is the first one, point by point: the same place, the
    // same plane square to the same tangent
    const auto first = sections(d.g, 0, 4, 6)[0], last = sections(d.g, 3 * kPiece, 4, 6)[4];
    REQUIRE(first.size() == last.size());
    for (std::size_t k = 0; k < first.size(); ++k) CHECK(near(first[k], last[k], 1e-9));
  }
  SECTION("a closed curve out of a plane closes without a step in its cross-section ({(4) and {(2))") {
    // carried without twist, the up vector comes back turned about the axis: the last piece turns it back
    for (const std::string& type : {"4", "2"}) {
      const std::string loop = "f(2) ^(50) -(70) f(2) &(30) -(80) f(2) -(60) /(40) f(2) -(90) f(1)";
      const std::size_t pieces = type == "2" ? 6 : 5;
      Drawn d = draw_axiom(dir, "{(" + type + ") " + (type == "2" ? ". " : "") + loop + " }(" + type + ")", pieces * kPiece);
      const auto first = sections(d.g, 0, 4, 6)[0], last = sections(d.g, (pieces - 1) * kPiece, 4, 6)[4];
      for (std::size_t k = 0; k < first.size(); ++k) CHECK(near(first[k], last[k], 1e-9));
    }
  }
  SECTION("in the pixel style a closed curve is one smooth loop of lines") {
    dir.write("p.v", "line style: pixel\n");
    // a regular hexagon of control points: six equal pieces, as lines only
    Drawn d = draw_axiom(dir, "{(4) f -(60) f -(60) f -(60) f -(60) f -(60) f }(4)", 0);
    const auto& sg = d.g.segments;
    REQUIRE(sg.size() == 6 * 4);
    auto turn = [&](std::size_t k) {  // cosine of the turn from line k to the next
      const auto& a = sg[k];
      const auto& b = sg[(k + 1) % sg.size()];
      return (a.p1 - a.p0).normalized().dot((b.p1 - b.p0).normalized());
    };
    for (std::size_t k = 0; k < sg.size(); ++k) {
      CHECK(near(sg[k].p1, sg[(k + 1) % sg.size()].p0, 1e-12));  // the last line ends where the first begins
      CHECK(turn(k) > std::cos(20 * std::acos(-1.0) / 180));     // no corner anywhere
      CHECK(turn(k) == Approx(turn(k % 4)));  // where it closes as between any two pieces
    }
  }
  SECTION("{(3, n) {(4, n): the strips of f, F and `.` without a parameter; F draws and is a control point, G and g are not") {
    Drawn d = draw_axiom(dir, "{(3, 2) F(1) G(1) f(1) g(1) f(1) F(1) }(3)", 2 * 6);  // 4 points: one piece
    CHECK(d.g.segments.size() == 3);  // F G F
  }
}

TEST_CASE("{(1) and {(2): Hermite curves as @Gs's; .(n) is @Gc(n)") {
  test::TempDir dir;
  dir.write("p.v", "initial line width: 1\nline style: cylinder\ncontour sides: 6\n");
  SECTION("{(1) ... }(1) is @Gs ... @Ge along the same control points") {
    Drawn a = draw_axiom(dir, "{(1) . f(2) -(90) f(2) }(1)", 2 * 4 * 6);
    Drawn b = draw_axiom(dir, "@Gs f(2) @Gc -(90) f(2) @Ge", 2 * 4 * 6);
    CHECK(same_quads(quads(a.g, 0, 48), quads(b.g, 0, 48)));
    Drawn c = draw_axiom(dir, "@Gs f(2) @Gc(3) -(90) g(2) @Ge(5) @Gs f(1) @Ge(1)", (3 + 5 + 1) * 6);
    Drawn e = draw_axiom(dir, "{(1) . g(2) .(3) -(90) g(2) .(5) }(1) {(1) . g(1) .(1) }(1)", (3 + 5 + 1) * 6);
    CHECK(same_quads(quads(c.g, 0, 54), quads(e.g, 0, 54)));
  }
  SECTION("{(2) goes back to its first control point, along cpfg's Hermite curve") {
    Drawn d = draw_axiom(dir, "{(2) . f(2) -(90) f(2) }(2)", 3 * 4 * 6);
    const Vec3 p0(0, 0, 0), h0(0, 1, 0), p2(2, 2, 0), h2(1, 0, 0);
    const auto sec = sections(d.g, 2 * 4 * 6, 4, 6);
    const double len = (p0 - p2).norm();
    for (int s = 0; s <= 4; ++s)
      CHECK(near(centroid(sec[std::size_t(s)]), hermite(p2, h2 * len * 1.2, p0, h0 * len * 1.2, s / 4.0), 1e-9));
    const auto first = sections(d.g, 0, 4, 6)[0];
    for (std::size_t k = 0; k < first.size(); ++k) CHECK(near(first[k], sec[4][k], 1e-9));
  }
  SECTION(".(n): n strips, the curve's without a parameter or for |n| < 1 (cpfg's 0), 1 for n <= -1, at most 256; "
          "`.` of a polygon is its vertex") {
    draw_axiom(dir, "{(1) . g .(3) g . g .(0) g .(-2) g .(300) }(1)", (3 + 4 + 4 + 1 + 256) * 6);
    draw_axiom(dir, "{(1, 7) . g . f }(1)", (7 + 7) * 6);
    Drawn d = draw_axiom(dir, "{(1) . f { . g(1) . -(90) g(1) . } f }(1)", 1 + 2 * 4 * 6);
    CHECK(d.g.polygons[4 * 6].count == 3);  // the polygon's three vertices, no control points among them
  }
}

TEST_CASE("{(type) curves: one at a time unless in a branch; a } of another type; hostile input") {
  test::TempDir dir;
  dir.write("p.v", "initial line width: 1\nline style: cylinder\ncontour sides: 6\n");
  constexpr int kPiece = 4 * 6;
  SECTION("a curve in a branch leaves the curve outside it as it was (the manual's {(1)f(1)[{(3)f(1)}(3)]}(1))") {
    Drawn d = draw_axiom(dir, "{(1) . f(1) [ -(90) {(3) . f f f f }(3) ] f(1) }(1)", 4 * kPiece);
    Drawn plain = draw_axiom(dir, "{(1) . f(1) f(1) }(1)", 2 * kPiece);
    CHECK(same_quads(quads(d.g, 0, kPiece), quads(plain.g, 0, kPiece)));
    CHECK(same_quads(quads(d.g, 3 * kPiece, kPiece), quads(plain.g, kPiece, kPiece)));
    Drawn inner = draw_axiom(dir, "f(1) -(90) {(3) . f f f f }(3)", 2 * kPiece);
    CHECK(same_quads(quads(d.g, kPiece, 2 * kPiece), quads(inner.g, 0, 2 * kPiece)));
  }
  SECTION("a branch may go on with the curve outside it; after ] the curve goes on from before the branch") {
    Drawn d = draw_axiom(dir, "{(3) . f f [ +(90) f f ] f f }(3)", 4 * kPiece);
    Drawn plain = draw_axiom(dir, "{(3) . f f f f }(3)", 2 * kPiece);
    CHECK(same_quads(quads(d.g, 2 * kPiece, 2 * kPiece), quads(plain.g, 0, 2 * kPiece)));
    Drawn c = draw_axiom(dir, "{(4) f -(90) f [ f f ] -(90) f -(90) f }(4)", (1 + 4) * kPiece);
    Drawn closed = draw_axiom(dir, "{(4) f -(90) f -(90) f -(90) f }(4)", 4 * kPiece);
    CHECK(same_quads(quads(c.g, kPiece, 4 * kPiece), quads(closed.g, 0, 4 * kPiece)));
  }
  SECTION("a } of another type ends the curve as its { began it, as cpfg's, with a warning") {
    Drawn a = draw_axiom(dir, "{(4) f -(90) f -(90) f -(90) f }(1)", 4 * kPiece);
    CHECK(has_warning(a.diags, "}(1) ends the curve of {(4)"));
    Drawn b = draw_axiom(dir, "{(4) f -(90) f -(90) f -(90) f }(4) [ {(3) ] }(3)", 4 * kPiece);
    CHECK(same_quads(quads(a.g, 0, 4 * kPiece), quads(b.g, 0, 4 * kPiece)));
    CHECK_FALSE(has_warning(b.diags, "ends the curve"));
  }
  SECTION("a new { drops the curve that was on; }(type) without one, or inside a polygon, ends nothing") {
    draw_axiom(dir, "{(3) f f f {(1) f f }(1)", 1 * kPiece);
    Drawn d = draw_axiom(dir, "}(4) .(3) . f }(3) { . f(1) -(90) f(1) }(4) -(90) f(1) }", 1);
    CHECK(d.g.polygons[0].count == 4);
  }
  SECTION("bad types and counts: warnings where written, a bounded drawing; an unclosed curve draws what it has") {
    dir.write("p.l",
              "derivation length: 1\naxiom: A(1e12)\nA(n) --> {(1e300) f f }(1e300) {(-2) f f {(0.5) f f {(4, n) f f f "
              "f .(1e9) }(4) {(3) f f f f f\n");
    Drawn d = draw(dir.path("."), 1);
    REQUIRE(d.ok);
    CHECK(has_warning(d.diags, "{(1e+300): the curve types of generalized cylinders are 1 to 4"));
    CHECK(has_warning(d.diags, "{(-2)"));
    CHECK(has_warning(d.diags, "{(0.5)"));
    CHECK(has_warning(d.diags, ".(1e+09): at most 256 strips"));
    // {(4, 1e12): 256 strips for every f; the closed curve has 5 control points (the last `.` among them), 5 pieces
    // the open {(3) of five points, never closed: two pieces of 4 strips
    CHECK(d.g.polygons.size() == std::size_t(5 * 256 * 6 + 2 * kPiece));
    bool finite = true;
    for (const Vec3& v : d.g.polygon_vertices) finite = finite && std::isfinite(v.norm());
    CHECK(finite);
  }
}

TEST_CASE("~X draws the view file's surface X in the turtle's frame and moves to its end point") {
  test::TempDir dir;
  dir.write("flat.s", kFlatSurface);
  dir.write("p.v", "surface: s flat.s 3 2 2\n");
  dir.write("p.l", "axiom: ~s F ~s(2)\n");
  Drawn d = draw(dir.path("."));
  REQUIRE(d.ok);
  CHECK(d.g.polygons.size() == 8);  // 2 x 2 quads, twice
  // the first surface spans x in [-3, 0] (its x is the turtle's L = -x), y in [0, 3]
  for (std::uint32_t k = 0; k < 4 * 4; ++k) {
    const Vec3& v = d.g.polygon_vertices[k];
    CHECK(v.z() == Approx(0).margin(1e-12));
    CHECK(v.x() >= -3 - 1e-9);
    CHECK(v.x() <= 1e-9);
  }
  // the turtle went to the end point (0, 3, 0), then F to (0, 4, 0)
  REQUIRE(d.g.segments.size() == 1);
  CHECK(near(d.g.segments[0].p0, Vec3(0, 3, 0)));
  CHECK(near(d.g.final_state.pos, Vec3(0, 4 + 6, 0)));  // ~s(2): twice as large
}

TEST_CASE("function names become preprocessor macros only for a function set, as cpfg") {
  test::TempDir dir;
  const std::string func = "range: 0.0 1.0\npoints: 4\n0 1\n0.333 1\n0.666 1\n1 1\n";
  dir.write("turn.func", func);
  dir.write("p.v", "function: turn.func\n");
  // `turn` is the model's own variable: a single function file does not rename it
  dir.write("p.l", "axiom: A\nA : {turn = func(1, 0.5) + 1;} * --> B(turn)\n");
  Drawn d = draw(dir.path("."), 1);
  REQUIRE(d.ok);
  CHECK(interp::string_to_text(d.ls.current, d.ls.rules.symbols) == "B(2)\n");
}

TEST_CASE("?P(x,y) with two parameters gets the turtle's x and y, as cpfg's") {
  CHECK(test::cpfg_derived("axiom: F(2) ?P(0,0) A\n?P(x,y) < A : y > 1 --> B(x, y)\n", 1) == "F(2) ?P(0,2) B(0,2)");
}

TEST_CASE("the vlab-style examples of examples/cpfg load, derive and draw without errors") {
  for (const char* name : {"cpfg/flower", "cpfg/shell", "cpfg/tree", "cpfg/tubes", "cpfg/textured"}) {
    INFO(name);
    interp::Lsystem ls;
    std::vector<grammar::Diagnostic> diags;
    REQUIRE(interp::load_lsystem(test::example(name), {}, ls, diags));
    REQUIRE(interp::derive(ls, ls.rules.derivation_length, {}, diags));
    CHECK(ls.rules.view.present);
    interp::DeriveScratch scratch;
    interp::ModuleString drawn;
    REQUIRE(interp::apply_homomorphism(ls.rules, ls.current, drawn, {}, scratch).ok);
    const interp::Geometry g = interp::interpret(drawn, interp::turtle_options(ls.rules));
    CHECK(g.segments.size() + g.polygons.size() > 10);
  }
  // the flower: its colour map and its petal surface
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  REQUIRE(interp::load_lsystem(test::example("cpfg/flower"), {}, ls, diags));
  CHECK(ls.rules.view.palette.size() == 256);
  CHECK(ls.rules.view.surfaces.count('p') == 1);
  CHECK(ls.rules.view.angle == Approx(22.5));
  // the sapling: both images read (a PNG and an SGI .rgb), both textures drawn
  REQUIRE(interp::load_lsystem(test::example("cpfg/textured"), {}, ls, diags));
  REQUIRE(interp::derive(ls, ls.rules.derivation_length, {}, diags));
  REQUIRE(ls.rules.view.textures);
  REQUIRE(ls.rules.view.textures->size() == 2);
  CHECK((*ls.rules.view.textures)[0].width == 64);
  CHECK((*ls.rules.view.textures)[1].height == 64);
  const interp::Geometry g = interp::interpret(ls.current, interp::turtle_options(ls.rules));
  std::set<int> used;
  for (const auto& p : g.polygons) used.insert(g.texture_of(p));
  CHECK(used.count(1));  // the leaves
  CHECK(used.count(2));  // the root collar (a generalized cylinder)
  CHECK(g.textured_segments.size() > 10);  // the bark of F
}

// The final turtle state of an axiom drawn with the view file in dir (no
// derivation), with no warning that mentions `quiet`.
interp::TurtleState final_state(test::TempDir& dir, const std::string& axiom, const std::string& quiet) {
  dir.write("t.l", "Lsystem: 1\nderivation length: 0\nAxiom: " + axiom + "\nendlsystem\n");
  const Drawn d = draw(dir.path("t.l"));
  REQUIRE(d.ok);
  for (const auto& w : d.diags) CHECK(w.message.find(quiet) == std::string::npos);
  return d.g.final_state;
}

TEST_CASE("@Ts @Ti @T @Td set, raise and lower the elasticity of a view file's tropism; ']' restores it") {
  test::TempDir dir;
  // tropism 1 pulls toward +x, elasticity 0 (no bending) and step 0.1; line 2 is a torque
  dir.write("t.v", "tropism: T: 1 0 0 E: 0 S: 0.1\ntorque: T: 0 0 1 E: 0.5\n");
  // The angle the heading turns by after one F(1), from straight up: ABOP's
  // tropism turns it by e·|H×T| = e toward T.
  auto bend = [&](const std::string& modules) {
    const Vec3 h = final_state(dir, modules + "F(1)", "@Ts").H;
    CHECK(std::abs(h.z()) < 1e-12);
    return std::atan2(h.x(), h.y());  // positive: toward +x
  };
  CHECK(bend("") == Approx(0).margin(1e-12));
  CHECK(bend("@Ts(1,0.2)") == Approx(0.2));
  CHECK(bend("@Ti(1)") == Approx(0.1));            // the step S:
  CHECK(bend("@Ti(1)@T(1)") == Approx(0.2));       // @T is @Ti (CPFG manual 6.8)
  CHECK(bend("@Ti(1,0.3)@Td(1)") == Approx(0.2));
  CHECK(bend("@Ts(1,0.2)@Td(1,0.05)") == Approx(0.15));
  CHECK(bend("@Ts(1,0.2)@Ts(1)") == Approx(0).margin(1e-12));  // @Ts(id) sets 0
  CHECK(bend("[@Ts(1,0.2)]") == Approx(0).margin(1e-12));      // restored at ]
  CHECK(bend("@Ts(3,0.2)@Ts(0,0.2)@Ti") == Approx(0).margin(1e-12));  // no such tropism, no id
  CHECK(bend("@Ts(2,0.2)") == Approx(0).margin(1e-12));        // a torque does not bend
  // the elasticity goes on along the branch: the second F(1) bends by e·|H×T| = 0.2 cos 0.2
  CHECK(bend("@Ts(1,0.2)F(1)") == Approx(0.2 + 0.2 * std::cos(0.2)));
}

TEST_CASE("@Tp carries the last segment's up vector to the heading without twist; @Tf is lsd's tropism already") {
  test::TempDir dir;
  dir.write("t.v", "angle factor: 1\n");
  const auto state = [&](const std::string& modules) { return final_state(dir, modules, "@T"); };  // no warning
  // After F the segment's frame is the start's (H = +y, U = +z); a roll /(30)
  // and a pitch &(40) move the heading; @Tp takes the segment's U to it by
  // the smallest rotation (Rodrigues about H0 x H), dropping the roll.
  const auto s = state("F(1)/(30)&(40)@Tp");
  const Vec3 h0(0, 1, 0), u0(0, 0, 1);
  const Vec3 axis = h0.cross(s.H);
  const double sin_a = axis.norm(), cos_a = h0.dot(s.H);
  REQUIRE(sin_a > 0.1);
  const Vec3 k = axis / sin_a;
  const Vec3 expect = u0 * cos_a + k.cross(u0) * sin_a + k * (k.dot(u0)) * (1 - cos_a);
  CHECK((s.U - expect).norm() < 1e-12);
  CHECK(std::abs(s.U.dot(s.H)) < 1e-12);
  CHECK((s.L - s.U.cross(s.H)).norm() < 1e-12);
  // without @Tp the roll stays in U
  const auto rolled = state("F(1)/(30)&(40)");
  CHECK((rolled.U - expect).norm() > 0.1);
  CHECK((rolled.H - s.H).norm() < 1e-12);  // @Tp leaves the heading alone
  // @Tf (force the twist): lsd's tropisms never undo / and \, so it changes nothing
  const auto forced = state("F(1)/(30)&(40)@Tf");
  CHECK((forced.U - rolled.U).norm() < 1e-15);
}

// ---- Textures (CPFG manual 6.7.4, 8.1.7; cpfg's textures.c)

namespace {

// An SGI image file (Haeberli's format): a 512-byte header, then the channels
// plane by plane, bottom row first, verbatim, or run-length encoded with the
// tables of row offsets and lengths. `planes[z][y][x]`, one byte per value.
std::string sgi_file(const std::vector<std::vector<std::vector<int>>>& planes, bool rle) {
  const int zs = int(planes.size()), ys = int(planes[0].size()), xs = int(planes[0][0].size());
  std::string f(512, '\0');
  auto be16 = [](std::string& s, std::size_t at, int v) {
    s[at] = char(v >> 8);
    s[at + 1] = char(v & 0xff);
  };
  be16(f, 0, 474);
  f[2] = char(rle ? 1 : 0);
  f[3] = 1;
  be16(f, 4, 3);
  be16(f, 6, xs);
  be16(f, 8, ys);
  be16(f, 10, zs);
  if (!rle) {
    for (const auto& plane : planes)
      for (const auto& row : plane)
        for (int v : row) f += char(v);
    return f;
  }
  // each row: a literal run of its first value, then one repeat run of the rest when they are equal
  std::vector<std::string> rows;
  for (const auto& plane : planes)
    for (const auto& row : plane) {
      std::string r;
      r += char(0x80 | 1);
      r += char(row[0]);
      if (xs > 1) {
        r += char(xs - 1);  // a repeat run: the count, then the value once
        r += char(row[1]);
      }
      r += char(0);
      rows.push_back(r);
    }
  const std::size_t tables = 512 + 8 * rows.size();
  std::string starts, lengths;
  std::size_t at = tables;
  for (const std::string& r : rows) {
    std::string be(4, '\0'), bl(4, '\0');
    for (int k = 0; k < 4; ++k) {
      be[std::size_t(k)] = char((at >> (24 - 8 * k)) & 0xff);
      bl[std::size_t(k)] = char((r.size() >> (24 - 8 * k)) & 0xff);
    }
    starts += be;
    lengths += bl;
    at += r.size();
  }
  f += starts + lengths;
  for (const std::string& r : rows) f += r;
  return f;
}

const std::uint8_t* texel_of(const interp::Texture& t, int x, int y) {
  return &t.rgba[(std::size_t(y) * std::size_t(t.width) + std::size_t(x)) * 4];
}

}  // namespace

TEST_CASE("texture images: SGI RGB verbatim and run-length encoded, PNM through stb_image, bottom row first") {
  test::TempDir dir;
  // 3 x 2, RGB: the bottom row (stored first) red then blue, the top row green
  const std::vector<std::vector<std::vector<int>>> rgb = {
      {{200, 0, 0}, {0, 0, 0}},    // red
      {{0, 0, 0}, {210, 210, 210}},  // green
      {{0, 220, 220}, {0, 0, 0}}};  // blue
  for (bool rle : {false, true}) {
    interp::Texture t;
    std::string err;
    REQUIRE(interp::read_image(dir.write(rle ? "r.rgb" : "v.rgb", sgi_file(rgb, rle)), t, err));
    CHECK(t.width == 3);
    CHECK(t.height == 2);
    const std::uint8_t* p = texel_of(t, 0, 0);
    CHECK((p[0] == 200 && p[1] == 0 && p[2] == 0 && p[3] == 255));
    p = texel_of(t, 2, 0);
    CHECK((p[0] == 0 && p[1] == 0 && p[2] == 220));
    p = texel_of(t, 1, 1);
    CHECK((p[0] == 0 && p[1] == 210 && p[2] == 0));
  }
  // grey and grey with alpha
  interp::Texture g;
  std::string err;
  REQUIRE(interp::read_image(dir.write("g.bw", sgi_file({{{7, 9}}, {{100, 0}}}, false)), g, err));
  CHECK((texel_of(g, 1, 0)[0] == 9 && texel_of(g, 1, 0)[1] == 9 && texel_of(g, 1, 0)[3] == 0));
  CHECK(texel_of(g, 0, 0)[3] == 100);
  // PNM (top row first in the file): the top row is the last row of the texture
  REQUIRE(interp::read_image(dir.write("p.ppm", std::string("P6\n1 2\n255\n") + std::string("\xff\x00\x00\x00\x00\xff", 6)),
                             g, err));
  CHECK((g.width == 1 && g.height == 2));
  CHECK(texel_of(g, 0, 0)[2] == 255);  // blue at the bottom
  CHECK(texel_of(g, 0, 1)[0] == 255);  // red at the top
}

TEST_CASE("texture images: broken and hostile files are a message, never a crash") {
  test::TempDir dir;
  interp::Texture t;
  std::string err;
  CHECK_FALSE(interp::read_image(dir.path("none.png"), t, err));
  CHECK_THAT(err, Catch::Contains("cannot open"));
  CHECK_FALSE(interp::read_image(dir.write("text.png", "not an image at all"), t, err));
  CHECK_THAT(err, Catch::Contains("not an image"));
  const std::string good = sgi_file({{{1, 2, 3}, {4, 5, 6}}}, true);
  // cut short: in the header, in the row tables, in the rows
  for (std::size_t keep : {std::size_t(100), std::size_t(515), good.size() - 2}) {
    CHECK_FALSE(interp::read_image(dir.write("cut.rgb", good.substr(0, keep)), t, err));
    CHECK_THAT(err, Catch::Contains("cut.rgb"));
  }
  // a run longer than its row
  std::string overflow = good;
  overflow[overflow.size() - 3] = char(100);
  CHECK_FALSE(interp::read_image(dir.write("long.rgb", overflow), t, err));
  CHECK_THAT(err, Catch::Contains("overflow"));
  // a row table pointing far past the end
  std::string far = good;
  far[512] = char(0x7f);
  CHECK_FALSE(interp::read_image(dir.write("far.rgb", far), t, err));
  // 65535 x 65535 claimed in a tiny file
  std::string huge = good;
  huge[6] = huge[7] = huge[8] = huge[9] = char(0xff);
  CHECK_FALSE(interp::read_image(dir.write("huge.rgb", huge), t, err));
  CHECK_FALSE(interp::read_image(dir.write("huge.ppm", "P6\n100000 100000\n255\n"), t, err));
}

TEST_CASE("texture: lines of the view file; @Tx chooses one; an unreadable one is a warning and keeps its id") {
  test::TempDir dir;
  dir.write("a.rgb", sgi_file({{{1, 2}, {3, 4}}}, false));
  const std::string v = dir.write("p.v",
                                  "texture: F: a.rgb H:l L:mll E:d S: /* the whole surface */\n"
                                  "texture: F: missing.png\n"
                                  "texture: F: A.RGB R: 2.5 L:n\n"
                                  "texture: E: m\n");
  interp::CpfgView view;
  interp::FunctionSet fs;
  std::vector<grammar::Diagnostic> diags;
  interp::read_view_file(v, view, fs, diags);
  REQUIRE(view.textures);
  REQUIRE(view.textures->size() == 4);
  const interp::Texture& a = (*view.textures)[0];
  CHECK((a.width == 2 && a.height == 2));
  CHECK((a.smooth_magnify && a.smooth_minify && a.mipmap && a.decal && a.per_surface));
  CHECK(a.ratio == 1);
  CHECK((*view.textures)[1].width == 0);
  CHECK(has_warning(diags, "missing.png", 2));
  const interp::Texture& c = (*view.textures)[2];  // found whatever the case of its name
  CHECK((c.width == 2 && c.ratio == 2.5 && !c.smooth_minify && !c.mipmap && !c.decal && !c.per_surface));
  CHECK(has_warning(diags, "names no file", 4));

  // @Tx(1) textures, @Tx(2) (unreadable) and @Tx(0) do not; a constant id
  // the view file does not define is a warning
  dir.write("p.l", "axiom: @Tx(1) {f+f+f} @Tx(2) {f+f+f} @Tx(9) @Tx(1) [@Tx(0) {f+f+f}] {f+f+f}\n");
  Drawn d = draw(dir.path("."));
  REQUIRE(d.ok);
  REQUIRE(d.g.polygons.size() == 4);
  CHECK(d.g.polygons[0].texture == 1);
  CHECK(d.g.polygons[1].texture == 0);
  CHECK(d.g.polygons[2].texture == 0);
  CHECK(d.g.polygons[3].texture == 1);  // ']' restored @Tx(1)
  CHECK(has_warning(d.diags, "@Tx(9)"));
  CHECK(has_warning(d.diags, "@Tx(2)"));
  CHECK_FALSE(has_warning(d.diags, "@Tx(1)"));
}

TEST_CASE("textures on cylinders and polygons: coordinates as cpfg's (textures.c, SetPolygonTextureParams)") {
  test::TempDir dir;
  // a 4 x 2 image, R: 1.5
  dir.write("a.rgb", sgi_file({{{1, 2, 3, 4}, {5, 6, 7, 8}}}, false));
  dir.write("p.v", "angle increment: 90\nline style: cylinder\ntexture: F: a.rgb R: 1.5\n");
  // F(2) with width 0.5: t grows by l / (pi w) x (W / H) / R; f advances it too; '[' ']' keep it
  dir.write("p.l", "axiom: !(0.5) @Tx(1) F(2) f(1) [F(3)] F(1) @Tx(0) F(1)\n");
  Drawn d = draw(dir.path("."));
  REQUIRE(d.ok);
  const double per_unit = 1 / (M_PI * 0.5) * (4.0 / 2.0) / 1.5;
  REQUIRE(d.g.segments.size() == 4);
  REQUIRE(d.g.textured_segments.size() == 3);
  const auto& ts = d.g.textured_segments;
  CHECK(ts[0].segment == 0);
  CHECK(ts[0].t0 == Approx(0));
  CHECK(ts[0].t1 == Approx(2 * per_unit));
  CHECK(ts[1].segment == 1);
  CHECK(ts[1].t0 == Approx(3 * per_unit));
  CHECK(ts[1].t1 == Approx(6 * per_unit));
  CHECK(ts[2].segment == 2);
  CHECK(ts[2].t0 == Approx(3 * per_unit));  // after ']': where '[' left it
  CHECK(ts[2].t1 == Approx(4 * per_unit));
  // a polygon: s along the right (-L) and t along the heading of the turtle
  // at its first vertex, each from 0 to 1 over the polygon
  dir.write("p.l", "axiom: @Tx(1) {f(2) -f(1) -f(2) -f(1)}\n");
  d = draw(dir.path("."));
  REQUIRE(d.ok);
  REQUIRE(d.g.polygons.size() == 1);
  const auto& p = d.g.polygons[0];
  REQUIRE(p.texture == 1);
  REQUIRE(d.g.polygon_uvs.size() == p.first + p.count);
  for (std::uint32_t k = 0; k < p.count; ++k) {
    const Vec3& v = d.g.polygon_vertices[p.first + k];  // the first vertex at (0, 2): H = +y, -L = +x
    CHECK(d.g.polygon_uvs[p.first + k].x() == Approx(v.x() / 1.0).margin(1e-6));
    CHECK(d.g.polygon_uvs[p.first + k].y() == Approx(v.y() / 2.0).margin(1e-6));
  }
}

TEST_CASE("textures on surfaces (per patch, or per surface with S:) and on generalized cylinders") {
  test::TempDir dir;
  dir.write("flat.s", kFlatSurface);
  dir.write("a.rgb", sgi_file({{{1, 2}, {3, 4}}}, false));
  // texture 1 per patch, texture 2 over the surface; the surface line's texture (3rd number) wins over @Tx
  dir.write("p.v", "line style: cylinder\ntexture: F: a.rgb\ntexture: F: a.rgb S:\n"
                   "surface: s flat.s 3 2 2\nsurface: t flat.s 3 2 2 2\nsurface: u flat.s 3 2 2 0\n");
  dir.write("p.l", "axiom: @Tx(1) ~s(2,1,1) ~t ~u\n");
  Drawn d = draw(dir.path("."));
  REQUIRE(d.ok);
  REQUIRE(d.g.polygons.size() == 12);
  for (int k = 0; k < 12; ++k) CHECK(d.g.polygons[std::size_t(k)].texture == (k < 4 ? 1 : k < 8 ? 2 : 0));
  // per patch: the quad corners at the patch parameters 0, 1/2, 1
  const auto& uv = d.g.polygon_uvs;
  REQUIRE(uv.size() >= 32);
  for (std::uint32_t k = 0; k < 16; ++k) {
    CHECK(std::abs(uv[k].x() * 2 - std::round(uv[k].x() * 2)) < 1e-6);
    CHECK(std::abs(uv[k].y() * 2 - std::round(uv[k].y() * 2)) < 1e-6);
  }
  // per surface: s and t span the surface's x (the turtle's -L) and y (H): 0 to 1
  for (std::uint32_t k = 16; k < 32; ++k) {
    const Vec3& v = d.g.polygon_vertices[k];
    const Vec3 start(0, 3, 0);  // ~t starts at the end point of ~s(2,1,1): 3 along H
    CHECK(uv[k].x() == Approx(-v.x() / 3).margin(1e-6));
    CHECK(uv[k].y() == Approx((v.y() - start.y()) / 3).margin(1e-6));
  }
  // a straight generalized cylinder of radius 0.5 and length 4, 2 strips:
  // s from 1 to 0 around, t from 0 by length / (pi 2r) x W / H / R
  dir.write("p.l", "axiom: !(1) @!(4) @Tx(1) @Gs f(4) @Ge(2) F(1)\n");
  d = draw(dir.path("."));
  REQUIRE(d.ok);
  REQUIRE(d.g.polygons.size() == 8);  // 4 sides x 2 strips
  std::vector<std::pair<float, float>> seen;
  for (const auto& p : d.g.polygons) {
    CHECK(p.texture == 1);
    for (std::uint32_t k = 0; k < p.count; ++k) {
      const Vec3& v = d.g.polygon_vertices[p.first + k];
      const auto& t = d.g.polygon_uvs[p.first + k];
      CHECK(t.y() == Approx(v.y() / M_PI).margin(1e-6));  // (W / H) / R = 1, 2r = 1
      CHECK(t.x() >= 0);
      CHECK(t.x() <= 1);
    }
  }
  // the F after the cylinder continues from the cylinder's end: t = 4 / pi, then + 1 / pi
  REQUIRE(d.g.textured_segments.size() == 1);
  CHECK(d.g.textured_segments[0].t0 == Approx(4 / M_PI));
  CHECK(d.g.textured_segments[0].t1 == Approx(5 / M_PI));
}
