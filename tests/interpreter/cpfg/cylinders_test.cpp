// Tests of generalized cylinders in a cpfg model (CPFG manual 6.7.3; cpfg's
// interpret.c and its spline code): @Gs @Gc @Ge, contours, {(type) curves.
// Every model here is written for the test.
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <set>

#include "interpreter/turtle/turtle.hpp"
#include "support/lsd_test.hpp"
#include "drawn.hpp"

using namespace lsd;
using namespace lsd::cpfg_test;

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
    for (const std::string type : {"4", "2"}) {
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

