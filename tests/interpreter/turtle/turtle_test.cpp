// Tests of interpreter/turtle/: the walk (src/turtle.cpp) and what it draws, by the
// conventions of docs/language.md 6.
#include "interpreter/turtle/turtle.hpp"

#include "interpreter/cpfg/view.hpp"
#include "interpreter/lsystem/rules.hpp"

#include <numbers>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <string>

using namespace lsd::interp;

namespace {

constexpr double kPi = std::numbers::pi;

// Builds a string from text where every character is a module, and `(x)`
// after a character gives it one parameter: "+(90)F" = `+(90) F`.
ModuleString str(const std::string& text) {
  ModuleString s;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const SymbolId sym = (unsigned char)text[i];
    if (i + 1 < text.size() && text[i + 1] == '(') {
      const std::size_t close = text.find(')', i);
      s.push(sym, {std::stod(text.substr(i + 2, close - i - 2))});
      i = close;
    } else {
      s.push(sym);
    }
  }
  return s;
}

bool near(const Vec3& a, const Vec3& b, double tol = 1e-9) { return (a - b).norm() < tol; }

Vec3 end_of(const std::string& text, const TurtleOptions& opt = {}) {
  const Geometry g = interpret(str(text), opt);
  REQUIRE(!g.segments.empty());
  return g.segments.back().p1;
}

// One parallel rewriting step of a non-parametric L-system.
std::string rewrite(const std::string& s, const std::map<char, std::string>& rules) {
  std::string out;
  for (char c : s) {
    auto it = rules.find(c);
    out += it == rules.end() ? std::string(1, c) : it->second;
  }
  return out;
}

}  // namespace

TEST_CASE("turns from the origin follow section 5", "[turtle]") {
  CHECK(near(end_of("F"), Vec3(0, 1, 0)));
  CHECK(near(end_of("+(90)F"), Vec3(-1, 0, 0)));
  CHECK(near(end_of("-(90)F"), Vec3(1, 0, 0)));
  CHECK(near(end_of("&(90)F"), Vec3(0, 0, -1)));
  CHECK(near(end_of("^(90)F"), Vec3(0, 0, 1)));
  CHECK(near(end_of("\\(90)+(90)F"), Vec3(0, 0, 1)));
  CHECK(near(end_of("/(90)+(90)F"), Vec3(0, 0, -1)));
  CHECK(near(end_of("|F"), Vec3(0, -1, 0)));
}

TEST_CASE("modules without a parameter use angle: and step:", "[turtle]") {
  TurtleOptions opt;
  opt.angle = 90;
  opt.step = 2;
  CHECK(near(end_of("+F", opt), Vec3(-2, 0, 0)));
  CHECK(near(end_of("-F", opt), Vec3(2, 0, 0)));
  CHECK(near(end_of("&F", opt), Vec3(0, 0, -2)));
  CHECK(near(end_of("^F", opt), Vec3(0, 0, 2)));
  CHECK(near(end_of("\\+F", opt), Vec3(0, 0, 2)));
  CHECK(near(end_of("F(0.5)", opt), Vec3(0, 0.5, 0)));
  // The default angle is 45 degrees.
  const double h = std::sqrt(0.5);
  CHECK(near(end_of("+F"), Vec3(-h, h, 0)));
  // f moves without drawing.
  const Geometry g = interpret(str("fF"), opt);
  REQUIRE(g.segments.size() == 1);
  CHECK(near(g.segments[0].p0, Vec3(0, 2, 0)));
  CHECK(g.segments[0].module == 1);
}

TEST_CASE("the frame stays right-handed and orthonormal", "[turtle]") {
  const Geometry g = interpret(str("+(17)&(33)\\(71)-(5)^(12)/(40)|+(3)F"));
  const TurtleState& t = g.final_state;
  CHECK(near(t.H.cross(t.L), t.U));
  CHECK(t.H.norm() == Approx(1));
  CHECK(t.H.dot(t.L) == Approx(0).margin(1e-12));
}

TEST_CASE("$ rolls L horizontal and keeps H", "[turtle]") {
  for (const char* turns : {"+(30)&(40)\\(25)", "&(80)/(63)-(11)", "^(10)\\(170)+(45)", "\\(90)&(45)"}) {
    const Geometry before = interpret(str(turns));
    const Geometry after = interpret(str(std::string(turns) + "$"));
    const TurtleState& t = after.final_state;
    CHECK(std::abs(t.L.dot(Vec3(0, 1, 0))) < 1e-12);
    CHECK(near(t.H, before.final_state.H));
    CHECK(near(t.H.cross(t.L), t.U));
    CHECK(t.U.y() >= 0);  // L = V x H puts U on the upper side
  }
  // H vertical: nothing changes.
  const Geometry g = interpret(str("\\(30)$"));
  CHECK(near(g.final_state.L, interpret(str("\\(30)")).final_state.L));
}

TEST_CASE("brackets restore the whole state", "[turtle]") {
  const Geometry g = interpret(str("F[+(90)!(0.5);(3)F]F"));
  REQUIRE(g.segments.size() == 3);
  CHECK(near(g.segments[1].p1, Vec3(-1, 1, 0)));
  CHECK(g.segments[1].width == Approx(0.5));
  CHECK(g.segments[1].colour == 3);
  CHECK(near(g.segments[2].p0, Vec3(0, 1, 0)));
  CHECK(near(g.segments[2].p1, Vec3(0, 2, 0)));
  CHECK(g.segments[2].width == Approx(0.1));
  CHECK(g.segments[2].colour == 0);
  // An unbalanced ] is ignored.
  CHECK(interpret(str("]]F")).segments.size() == 1);
}

TEST_CASE("width and colour", "[turtle]") {
  TurtleOptions opt;
  opt.width = 0.3;
  const Geometry g = interpret(str("F!(2)F;F;F,F;(7)F,,,,,,,,,F!F"), opt);
  REQUIRE(g.segments.size() == 8);
  CHECK(g.segments[0].width == Approx(0.3));
  CHECK(g.segments[1].width == Approx(2));
  CHECK(g.segments[1].colour == 0);
  CHECK(g.segments[2].colour == 1);
  CHECK(g.segments[3].colour == 2);
  CHECK(g.segments[4].colour == 1);
  CHECK(g.segments[5].colour == 7);
  CHECK(g.segments[6].colour == 0);  // never below 0
  CHECK(g.segments[7].width == Approx(2));
  CHECK(g.final_state.width == Approx(2));  // ! without a parameter changes nothing
}

TEST_CASE("polygons record . and the ends of F and f", "[turtle]") {
  TurtleOptions opt;
  opt.angle = 90;
  // A unit square from `.` and f moves: the first vertex comes from `.`, the
  // others from f; the last f returns to the start, which is not repeated.
  Geometry g = interpret(str("{.f+f+f+f}"), opt);
  REQUIRE(g.polygons.size() == 1);
  REQUIRE(g.polygons[0].count == 4);
  CHECK(near(g.polygon_vertices[0], Vec3(0, 0, 0)));
  CHECK(near(g.polygon_vertices[1], Vec3(0, 1, 0)));
  CHECK(near(g.polygon_vertices[2], Vec3(-1, 1, 0)));
  CHECK(near(g.polygon_vertices[3], Vec3(-1, 0, 0)));
  CHECK(g.segments.empty());
  // `.` right after a move does not duplicate the vertex.
  g = interpret(str("{.f.+f.+f.}"), opt);
  REQUIRE(g.polygons.size() == 1);
  CHECK(g.polygons[0].count == 4);
  // Nested polygons are separate; the colour is the one at `}`.
  g = interpret(str(";(2){.f+f{.+(45)f+f}+f}"), opt);
  REQUIRE(g.polygons.size() == 2);
  CHECK(g.polygons[0].count == 3);  // the inner one closes first
  CHECK(g.polygons[1].count == 4);
  CHECK(g.polygons[1].colour == 2);
  CHECK(g.polygon_vertices.size() == 7);
  // Fewer than three vertices: no polygon.
  CHECK(interpret(str("{.f}"), opt).polygons.empty());
  // Outside a polygon `.` does nothing.
  CHECK(interpret(str(".F"), opt).polygons.empty());
}

TEST_CASE("@O draws a sphere of diameter d", "[turtle]") {
  ModuleString s = str("F;(4)");
  s.push(kSymSphere, {0.7});
  s.push(kSymSphere);
  const Geometry g = interpret(s);
  REQUIRE(g.spheres.size() == 2);
  CHECK(near(g.spheres[0].centre, Vec3(0, 1, 0)));
  CHECK(g.spheres[0].diameter == Approx(0.7));
  CHECK(g.spheres[0].colour == 4);
  CHECK(g.spheres[0].module == 2);
  CHECK(g.spheres[1].diameter == Approx(0.1));  // the current width
}

TEST_CASE("B draws a cylinder of radius r and J rotates in the rest frame", "[turtle]") {
  TurtleOptions opt;
  opt.body_sym = 'B';
  opt.joint_sym = 'J';
  ModuleString s;
  s.push('B', {2.0, 0.25});
  s.push('J', {0, 0, kPi / 2, 0, 0, 0});  // like +(90)
  s.push('B', {1.0, 0.1});
  Geometry g = interpret(s, opt);
  REQUIRE(g.segments.size() == 2);
  CHECK(near(g.segments[0].p1, Vec3(0, 2, 0)));
  CHECK(g.segments[0].width == Approx(0.5));
  CHECK(near(g.segments[1].p1, Vec3(-1, 2, 0)));
  CHECK(g.segments[1].module == 2);

  // The rotation vector's components are along the current (rest) H, L, U:
  // after \(90), U is the old -L, so a rotation about U by 90 degrees is
  // \(90)+(90), which ends at (0,0,1).
  ModuleString t = str("\\(90)");
  t.push('J', {0, 0, kPi / 2});
  t.push('F');
  g = interpret(t, opt);
  CHECK(near(g.segments.back().p1, Vec3(0, 0, 1)));
  // A rotation about L by +a is &(a); by -90 degrees it is ^(90).
  ModuleString u;
  u.push('J', {0, -kPi / 2, 0});
  u.push('F');
  CHECK(near(interpret(u, opt).segments.back().p1, Vec3(0, 0, 1)));
  // A general rotation keeps the frame orthonormal and right-handed.
  ModuleString v;
  v.push('J', {0.3, -0.7, 1.1});
  const TurtleState fs = interpret(v, opt).final_state;
  CHECK(near(fs.H.cross(fs.L), fs.U));
  CHECK(fs.L.norm() == Approx(1));

  // Without dynamics symbols B and J do nothing.
  CHECK(interpret(s).segments.empty());
}

TEST_CASE("tropism bends F toward T", "[turtle]") {
  TurtleOptions opt;
  opt.tropism = true;
  opt.tropism_dir = Vec3(0, -1, 0);
  opt.tropism_e = 0.2;
  // A horizontal branch droops: the second segment goes down.
  Geometry g = interpret(str("-(90)FF"), opt);
  REQUIRE(g.segments.size() == 2);
  CHECK(g.segments[0].p1.y() == Approx(0).margin(1e-12));  // bends after the move
  const Vec3 d = g.segments[1].p1 - g.segments[1].p0;
  CHECK(d.y() == Approx(-std::sin(0.2)));  // |H x T| = 1: turned by e radians
  CHECK(d.x() == Approx(std::cos(0.2)));
  CHECK(near(g.final_state.H.cross(g.final_state.L), g.final_state.U));
  // Without tropism it stays horizontal.
  CHECK(interpret(str("-(90)FF")).segments[1].p1.y() == Approx(0).margin(1e-12));
  // A heading along T does not bend; a huge e aligns H with T, no further.
  CHECK(near(end_of("|FF", opt), Vec3(0, -2, 0)));
  opt.tropism_e = 50;
  g = interpret(str("-(90)FF"), opt);
  CHECK(near(g.segments[1].p1, Vec3(1, -1, 0)));
}

TEST_CASE("fill_queries writes position, H, L, U", "[turtle]") {
  ModuleString s = str("F(1)+(90)F");
  s.push(kSymQueryP, {0, 0, 0});
  s.push(kSymQueryH, {0, 0, 0});
  s.push(kSymQueryL, {0, 0, 0});
  s.push(kSymQueryU, {0, 0, 0});
  s.push(kSymQueryP, {5, 5});  // two parameters (cpfg's ?P(x,y)): x and y
  s.push(kSymQueryP, {5});     // one: left alone
  s.push('F');
  fill_queries(s);
  auto v = [&](std::size_t i) { return Vec3(s.param(i)[0], s.param(i)[1], s.param(i)[2]); };
  CHECK(near(v(3), Vec3(-1, 1, 0)));
  CHECK(near(v(4), Vec3(-1, 0, 0)));
  CHECK(near(v(5), Vec3(0, -1, 0)));
  CHECK(near(v(6), Vec3(0, 0, 1)));
  CHECK(s.param(7)[0] == Approx(-1));
  CHECK(s.param(7)[1] == Approx(1));
  CHECK(s.param(8)[0] == 5);
  // Other parameters are untouched.
  CHECK(s.param(0)[0] == 1);
  CHECK(s.param(1)[0] == 90);
}

TEST_CASE("the quadratic Koch island closes (ABOP fig. 1.6)", "[turtle]") {
  TurtleOptions opt;
  opt.angle = 90;
  std::string s = "F-F-F-F";
  for (int n = 0; n <= 3; ++n) {
    const Geometry g = interpret(str(s), opt);
    REQUIRE(g.segments.size() == 4 * std::size_t(std::pow(8, n)));
    CHECK(near(g.segments.back().p1, g.segments.front().p0, 1e-9));
    // Sanity: the island is not degenerate.
    Vec3 lo, hi;
    REQUIRE(g.bounds(&lo, &hi));
    CHECK((hi - lo).x() > std::pow(4, n) * 0.99);
    s = rewrite(s, {{'F', "F-F+F+FF-F-F+F"}});
  }
}

TEST_CASE("bounds cover widths and spheres", "[turtle]") {
  ModuleString s = str("!(0.5)F");
  s.push(kSymSphere, {2.0});
  Vec3 lo, hi;
  REQUIRE(interpret(s).bounds(&lo, &hi));
  CHECK(near(lo, Vec3(-1, -0.25, -1)));
  CHECK(near(hi, Vec3(1, 2, 1)));
  CHECK_FALSE(interpret(str("f+")).bounds(&lo, &hi));
}

namespace {

// Options with the dynamics' symbols B and J.
TurtleOptions body_options() {
  TurtleOptions opt;
  opt.body_sym = 'B';
  opt.joint_sym = 'J';
  return opt;
}

// B(1, 0.1) J(0, 0, pi/2, ...) F: a body, a joint bent a quarter about U, a segment.
ModuleString bent_stem() {
  ModuleString s;
  s.push('B', {1.0, 0.1});
  s.push('J', {0, 0, kPi / 2, 0, 0, 0});
  s.push('F');
  return s;
}

}  // namespace

TEST_CASE("rest_frames: every body, joint and mark in the rest pose, with what it carries", "[turtle]") {
  const TurtleOptions opt = body_options();
  ModuleString s = bent_stem();
  s.push('B', {2.0, 0.1});
  s.push('{');
  s.push('B', {1.0});  // a drawn segment in a polygon: drawing, no body
  s.push('}');
  s.push('B', {0.0});  // a drawn segment of no length: drawing
  s.push(kSymTie);
  const std::vector<PlacedModule> rest = rest_frames(s, opt);
  REQUIRE(rest.size() == 6);
  CHECK(rest[0].module == 0);
  CHECK(rest[0].body == BodyKind::kSolid);
  CHECK(near(rest[0].pos, Vec3(0, 0, 0)));
  CHECK(rest[1].module == 1);
  CHECK(rest[1].body == BodyKind::kNone);  // the joint
  CHECK(near(rest[1].pos, Vec3(0, 1, 0)));  // its rest frame: it does not turn the turtle
  CHECK(near(rest[1].H, Vec3(0, 1, 0)));
  CHECK(rest[2].module == 3);
  CHECK(near(rest[2].pos, Vec3(0, 2, 0)));
  CHECK(near(rest[2].H, Vec3(0, 1, 0)));
  CHECK(rest[3].module == 5);
  CHECK(rest[3].body == BodyKind::kNone);
  CHECK(rest[4].module == 7);
  CHECK(rest[4].body == BodyKind::kNone);
  CHECK(rest[5].module == 8);  // the tie
  CHECK(rest_frames(s, TurtleOptions{}).empty());
}

TEST_CASE("a joint turns the turtle by its state where no physics exists", "[turtle]") {
  const Geometry g = interpret(bent_stem(), body_options());
  REQUIRE(g.segments.size() == 2);
  CHECK(near(g.segments[1].p0, Vec3(0, 1, 0)));
  CHECK(near(g.segments[1].p1, Vec3(-1, 1, 0)));  // turned a quarter about U: H toward L
}

TEST_CASE("turtle_options takes the L-system's header", "[turtle]") {
  RuleSet rules;
  rules.angle = 30;
  rules.step = 2;
  rules.width = 0.5;
  TurtleOptions opt = turtle_options(rules);
  CHECK(opt.angle == 30);
  CHECK(opt.step == 2);
  CHECK(opt.width == 0.5);
  CHECK_FALSE(opt.tropism);
  CHECK(opt.body_sym == 0);
  rules.has_tropism = true;
  rules.tropism[1] = -1;
  rules.tropism[3] = 0.2;
  rules.dynamics.enabled = true;
  opt = turtle_options(rules);
  CHECK(opt.tropism);
  CHECK(opt.tropism_dir.y() == -1);
  CHECK(opt.tropism_e == 0.2);
  CHECK(opt.body_sym == 'B');
  CHECK(opt.joint_sym == 'J');
}

TEST_CASE("a huge colour index is clamped, not converted out of range (fuzz regression)") {
  ModuleString s;
  s.push(';', {6e87});
  s.push('F', {1.0});
  s.push(';', {-1e300});
  s.push('F', {1.0});
  auto g = interpret(s);
  REQUIRE(g.segments.size() == 2);
  CHECK(g.segments[0].colour == 1000000);
  CHECK(g.segments[1].colour == 0);
}

TEST_CASE("@M(x,y,z) moves the turtle without drawing; @M(x,y) sets z = 0 (CPFG manual 6.1)") {
  ModuleString s;
  s.push('F');
  s.push(kSymMove, {2.0, 3.0, 4.0});
  s.push('F');
  s.push(kSymMove, {-1.0, 5.0});
  s.push('F');
  const Geometry g = interpret(s);
  REQUIRE(g.segments.size() == 3);
  CHECK(near(g.segments[1].p0, Vec3(2, 3, 4)));
  CHECK(near(g.segments[1].p1, Vec3(2, 4, 4)));  // the heading is kept
  CHECK(near(g.segments[2].p0, Vec3(-1, 5, 0)));
}

TEST_CASE("cpfg's {(type) curves: NaN and infinite parameters draw a bounded, finite picture; .ls strings keep polygons") {
  const double nan = std::nan(""), inf = INFINITY;
  auto curve = [&](double type, double strips, double point, double end) {
    ModuleString s;
    s.push('{', {type, strips});
    for (int k = 0; k < 5; ++k) {
      s.push('f', {1.0});
      s.push('+', {50.0});
    }
    s.push('.', {point});
    s.push('f', {nan});  // cannot come from a .l file; from a saved string it can
    s.push('.');
    s.push('}', {end});
    return s;
  };
  CpfgView view;
  view.line_style = CpfgView::LineStyle::kCylinder;
  TurtleOptions opt;
  opt.cpfg = &view;
  for (const double type : {nan, inf, -inf, 4.0})
    for (const double strips : {nan, inf, -inf, 1e300})
      for (const double point : {nan, inf, 0.0})
        for (const double end : {nan, inf, 1.0}) {
          const Geometry g = interpret(curve(type, strips, point, end), opt);
          if (type != 4.0) CHECK(g.polygons.empty());
          CHECK(g.polygons.size() <= 8 * 256 * 8);
          bool finite = true;
          for (const Vec3& v : g.polygon_vertices) finite = finite && std::isfinite(v.norm());
          CHECK(finite);
        }
  // in lsd's own language { } . keep their meaning, parameters or not
  const Geometry g = interpret(str("{(4).F(1)-(90)F(1)-(90)F(1)}(4)"));
  REQUIRE(g.polygons.size() == 1);
  CHECK(g.polygons[0].count == 4);
}

TEST_CASE("with the physics' poses a joint does not turn the turtle: each module moves with its body", "[turtle]") {
  const std::vector<std::int32_t> rides{0, 0, 1};  // B and its joint on body 0, F on body 1
  BodyPoses poses{&rides, std::vector<lsd::dyn::SE3>(2)};
  Geometry g = interpret(bent_stem(), body_options(), &poses);  // both bodies where they stand at rest
  REQUIRE(g.segments.size() == 2);
  CHECK(near(g.segments[1].p0, Vec3(0, 1, 0)));
  CHECK(near(g.segments[1].p1, Vec3(0, 2, 0)));  // the joint's state is the physics', not the turtle's
  // body 1 turned a quarter about z through its joint at (0, 1, 0)
  lsd::dyn::SE3 turn;
  turn.rotation = Eigen::AngleAxisd(kPi / 2, Vec3::UnitZ()).toRotationMatrix();
  turn.translation = Vec3(0, 1, 0) - turn.rotation * Vec3(0, 1, 0);
  poses.moved[1] = turn;
  g = interpret(bent_stem(), body_options(), &poses);
  CHECK(near(g.segments[0].p1, Vec3(0, 1, 0)));
  CHECK(near(g.segments[1].p0, Vec3(0, 1, 0)));
  CHECK(near(g.segments[1].p1, Vec3(-1, 1, 0)));
}
