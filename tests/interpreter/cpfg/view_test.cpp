// Tests of interpreter/cpfg/src/view.cpp and of a cpfg model drawn by the turtle:
// a vlab object folder (specifications, .l, .v, .map, .s) as cpfg reads it
// (CPFG manual sections 6 and 8; cpfg's interpret.c, blackbox.c, patches.c).
// Every model here is written for the test. Generalized cylinders are in
// cylinders_test.cpp, textures in textures_test.cpp.
#include "interpreter/cpfg/view.hpp"

#include <catch2/catch.hpp>
#include <array>
#include <cmath>
#include <fstream>
#include <set>

#include "interpreter/turtle/turtle.hpp"
#include "support/lsd_test.hpp"
#include "drawn.hpp"

using namespace lsd;
using namespace lsd::cpfg_test;

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

TEST_CASE("line style, tropism lines and box: as cpfg's ReadViewData and read_movement read them") {
  test::TempDir dir;
  interp::CpfgView view;
  interp::FunctionSet fs;
  std::vector<grammar::Diagnostic> diags;
  using Style = interp::CpfgView::LineStyle;
  // a word cpfg does not know leaves the style as it was (world units: polygon), with a warning
  interp::read_view_file(dir.write("a.v", "initial line width: 0.5\nline style: wireframe\n"), view, fs, diags);
  CHECK(view.line_style == Style::kPolygon);
  CHECK(has_warning(diags, "'line style: wireframe' is not pixel, polygon or cylinder", 2));
  interp::read_view_file(dir.write("b.v", "line style: 3\n"), view = {}, fs, diags);
  CHECK(view.line_style == Style::kCylinder);
  interp::read_view_file(dir.write("c.v", "line style: cylinders\n"), view = {}, fs, diags);
  CHECK(view.line_style == Style::kPixel);  // the default: cpfg compares the whole word
  CHECK(view.auto_volume);
  // I: scales T by I / |T|, kept within [-1, 1]; I: before T: drops the line, and so does an unknown subcommand
  diags.clear();
  interp::read_view_file(dir.write("t.v", "tropism: T: 0 -2 0 I: 0.8 E: 0.2\ntropism: I: 0.5 T: 1 0 0\n"
                                          "tropism: T: 0 0 3 I: 5 Elasticity: 0.1\ntorque: T: 3 0 0\n"
                                          "tropism: T: 1 0 0 Q: 1\nbox: x: -1,1 y: 0,2 z: -1,1\n"),
                         view = {}, fs, diags);
  REQUIRE(view.tropisms.size() == 3);
  CHECK((view.tropisms[0].dir - Eigen::Vector3d(0, -0.8, 0)).norm() < 1e-12);
  CHECK(view.tropisms[0].elasticity == Approx(0.2));
  CHECK((view.tropisms[1].dir - Eigen::Vector3d(0, 0, 3)).norm() < 1e-12);  // I / |T| = 5/3, kept at 1: T itself
  CHECK(view.tropisms[1].elasticity == Approx(0.1));
  CHECK((view.tropisms[2].dir - Eigen::Vector3d(1, 0, 0)).norm() < 1e-12);  // no I: the unit vector
  CHECK(view.tropisms[2].torque);
  CHECK(has_warning(diags, "comes before T:", 2));
  CHECK(has_warning(diags, "'Q' is not one of its subcommands", 5));
  CHECK_FALSE(view.auto_volume);  // box: gives the view volume
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
    const interp::Geometry g = interp::interpret(ls.current, interp::turtle_options(*ls.rules));
    CHECK_FALSE(near(g.segments[0].p1, without.g.segments[0].p1, 1e-3));
  }
  SECTION("@c(d) and @o(d) are discs in the plane of H and L (as cpfg's rayshade output); @R sets the heading") {
    dir.write("p.l", "axiom: @c(2)@o(3)@R(1,0,0)F\n");
    Drawn d = draw(dir.path("."));
    REQUIRE(d.ok);
    REQUIRE(d.g.polygons.size() == 2);
    for (int disc = 0; disc < 2; ++disc) {
      const auto& p = d.g.polygons[std::size_t(disc)];
      for (std::uint32_t k = 0; k < p.count; ++k) {
        const Vec3& v = d.g.polygon_vertices[p.first + k];
        CHECK(v.z() == Approx(0).margin(1e-12));
        CHECK(v.norm() == Approx(disc == 0 ? 1 : 1.5));
      }
    }
    CHECK(d.g.spheres.empty());
    CHECK(near(d.g.segments[0].p1, Vec3(1, 0, 0)));
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
  CHECK(interp::string_to_text(d.ls.current, d.ls.rules->symbols) == "B(2)\n");
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
    REQUIRE(interp::derive(ls, ls.rules->derivation_length, {}, diags));
    CHECK(ls.rules->view.present);
    interp::DeriveScratch scratch;
    interp::ModuleString drawn;
    REQUIRE(interp::apply_homomorphism(*ls.rules, ls.current, drawn, {}, scratch).ok);
    const interp::Geometry g = interp::interpret(drawn, interp::turtle_options(*ls.rules));
    CHECK(g.segments.size() + g.polygons.size() > 10);
  }
  // the flower: its colour map and its petal surface
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  REQUIRE(interp::load_lsystem(test::example("cpfg/flower"), {}, ls, diags));
  CHECK(ls.rules->view.palette.size() == 256);
  CHECK(ls.rules->view.surfaces.count('p') == 1);
  CHECK(ls.rules->view.angle == Approx(22.5));
  // the sapling: both images read (a PNG and an SGI .rgb), both textures drawn
  REQUIRE(interp::load_lsystem(test::example("cpfg/textured"), {}, ls, diags));
  REQUIRE(interp::derive(ls, ls.rules->derivation_length, {}, diags));
  REQUIRE(ls.rules->view.textures);
  REQUIRE(ls.rules->view.textures->size() == 2);
  CHECK((*ls.rules->view.textures)[0].width == 64);
  CHECK((*ls.rules->view.textures)[1].height == 64);
  const interp::Geometry g = interp::interpret(ls.current, interp::turtle_options(*ls.rules));
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

TEST_CASE("@Tp carries the last segment's up vector to the heading without twist; @Tf makes the frame the one carried") {
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
  // @Tf (force the twist) changes nothing itself, but makes the frame as it
  // is the one @Tp carries from: after it @Tp keeps the roll
  const auto forced = state("F(1)/(30)&(40)@Tf");
  CHECK((forced.U - rolled.U).norm() < 1e-15);
  const auto kept = state("F(1)/(30)&(40)@Tf@Tp");
  CHECK((kept.U - rolled.U).norm() < 1e-12);
  CHECK((kept.U - expect).norm() > 0.1);
}

TEST_CASE("a background scene: its primitives placed by the matrix stack; a bad file is a warning") {
  test::TempDir dir;
  dir.write("bg.dat",
            "material\n0 0 0 1\n1 0 0 1\n0 0 0 1\n0 0 0 1\n5\n"
            "pushmatrix\ntranslate 1 0 0\nrotate 90 0 0 1\ncylinder 0.5 2\npopmatrix\n"
            "sphere 0.25\nsparkle 3\nprism 1 2\n");
  dir.write("p.v", "line style: cylinder\nbackground scene: bg.dat missing.dat\n");
  dir.write("p.l", "axiom: F(1)\n");
  dir.write("p.map", std::string(768, '\0'));  // a colour map: the materials' colours join it
  Drawn d = draw(dir.path("."));
  REQUIRE(d.ok);
  CHECK(has_warning(d.diags, "missing.dat", 2));
  CHECK(has_warning(d.diags, "unknown keyword 'sparkle'"));
  CHECK(has_warning(d.diags, "'prism' has too few numbers"));
  // the plant's F, then the cylinder: along y turned by 90 degrees about z
  // (to -x), from (1, 0, 0); its discs at both ends, square to the axis
  REQUIRE(d.g.segments.size() == 2);
  CHECK(near(d.g.segments[1].p0, Vec3(1, 0, 0)));
  CHECK(near(d.g.segments[1].p1, Vec3(-1, 0, 0)));
  CHECK(d.g.segments[1].width == Approx(1));
  CHECK(d.g.rgb(d.g.segments[1].colour) == std::array<float, 3>{1, 0, 0});  // the material's diffuse colour
  REQUIRE(d.g.polygons.size() == 2);
  for (int end = 0; end < 2; ++end) {
    const auto& p = d.g.polygons[std::size_t(end)];
    const Vec3 centre(end == 0 ? 1 : -1, 0, 0);
    for (std::uint32_t k = 0; k < p.count; ++k) {
      const Vec3& v = d.g.polygon_vertices[p.first + k];
      CHECK(v.x() == Approx(centre.x()));
      CHECK((v - centre).norm() == Approx(0.5));
    }
  }
  REQUIRE(d.g.spheres.size() == 1);  // after popmatrix: at the origin
  CHECK(near(d.g.spheres[0].centre, Vec3(0, 0, 0)));
  CHECK(d.g.spheres[0].diameter == Approx(0.5));
}
