// Curved rods in the living string (docs/language.md 7.9): S elements and
// their live state K. The physics writes K as it writes J, a saved string
// resumes bit for bit, a bare K is the element at rest, the turtle stands at
// an element's end, and `lsd check` locates the mistakes.
#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>

#include "dynamics/rod_element.hpp"
#include "interpreter/living/simulation.hpp"
#include "interpreter/turtle/turtle.hpp"
#include "support/lsd_test.hpp"

using lsd::test::run;

namespace {

// A soft cantilever of four helices, curled (rest curvature 8/m, twist 2/m),
// held level by a stiff first body: it sags under its weight.
const char* kCurl =
    "axiom: B(0.05, 0.01) &(90) S(0.08, 0.003, 2, 8, 0) K S(0.08, 0.003, 2, 8, 0) K S(0.08, 0.003, 2, 8, 0)\n"
    "dynamics:\n"
    "  young: 2e7\n"
    "  dt: 0.01\n";

// The parameters of every K(...) in a saved string's last line.
std::vector<std::vector<double>> curvatures_in(const std::string& file) {
  const std::string s = lsd::test::read_lines(file).back();
  std::vector<std::vector<double>> out;
  for (std::size_t at = 0; (at = s.find("K(", at)) != std::string::npos; ++at) {
    std::vector<double> p;
    std::stringstream ss(s.substr(at + 2, s.find(')', at) - at - 2));
    std::string f;
    while (std::getline(ss, f, ',')) p.push_back(std::stod(f));
    out.push_back(p);
  }
  return out;
}

}  // namespace

TEST_CASE("rods: the physics writes K, and a saved string with K resumes bit for bit") {
  lsd::test::TempDir dir;
  const std::string f = dir.write("curl.ls", kCurl);
  const std::string full = dir.path("full.txt"), half = dir.path("half.txt"), second = dir.path("second.txt");
  const std::string cmd = lsd::test::lsd_exe() + " run " + f + " --quiet";
  REQUIRE(run(cmd + " --time 1 -o " + full).status == 0);
  REQUIRE(run(cmd + " --time 0.5 -o " + half).status == 0);
  // a bare K became the element's live state: six parameters, bent by the weight away from the rest (2, 8, 0)
  const auto k = curvatures_in(half);
  REQUIRE(k.size() == 2);
  for (const auto& p : k) {
    REQUIRE(p.size() == 6);
    CHECK(std::abs(p[1] - 8) + std::abs(p[2]) > 1e-3);
  }
  REQUIRE(run(lsd::test::lsd_exe() + " run " + f + " --quiet --axiom-file " + half + " --time 1 -o " + second)
              .status == 0);
  CHECK(lsd::test::read_lines(full).back() == lsd::test::read_lines(second).back());
  CHECK(curvatures_in(full) != k);  // it moved on
}

TEST_CASE("rods: the turtle stands at an element's end, on the exact helix of its rest curvature") {
  const lsd::dyn::Vec3 omega(2, 8, -3);
  lsd::interp::ModuleString s;
  s.push(lsd::interp::SymbolId('S'), {0.3, 0.01, omega.x(), omega.y(), omega.z()});
  s.push(lsd::interp::SymbolId('B'), {0.1, 0.01});
  lsd::interp::TurtleOptions opt;
  opt.body_sym = 'B';
  opt.joint_sym = 'J';
  opt.rod_sym = 'S';
  opt.curvature_sym = 'K';
  const auto placed = lsd::interp::rest_frames(s, opt);
  REQUIRE(placed.size() == 2);
  lsd::dyn::SE3 start;
  start.rotation.col(0) = placed[0].H;
  start.rotation.col(1) = placed[0].L;
  start.rotation.col(2) = placed[0].U;
  start.translation = placed[0].pos;
  const lsd::dyn::SE3 end = start * lsd::dyn::helix_pose(omega, 0.3);
  CHECK((placed[1].pos - end.translation).norm() < 1e-14);
  CHECK((placed[1].H - end.rotation.col(0)).norm() < 1e-14);
  CHECK((placed[1].U - end.rotation.col(2)).norm() < 1e-14);
}

TEST_CASE("rods: lsd check locates a wrong element, a stray K and a non-finite curvature") {
  lsd::test::TempDir dir;
  const std::string dyn = "dynamics:\n  young: 1e7\n";
  lsd::test::check_fails(dir, "axiom: B(0.1, 0.01) J S(0.1, 0.003, 1)\n" + dyn, "check",
                         "bad.ls:1:23: error: the rod element 'S' at module 2 has 3 parameters; an element has two, "
                         "five or seven");
  lsd::test::check_fails(dir, "axiom: B(0.1, 0.01) K(0, 0, 0, 0, 0, 0) J S(0.1, 0.003)\n" + dyn, "check",
                         "bad.ls:1:21: error: the curvature 'K' at module 1 does not stand just before a rod element");
  lsd::test::check_fails(dir, "axiom: B(0.1, 0.01) J K(0, 1/0, 0, 0, 0, 0) S(0.1, 0.003)\n" + dyn, "check",
                         "bad.ls:1:29: error: parameter 2 of 'K' is infinite");
  lsd::test::check_fails(dir, "axiom: B(0.1, 0.01) J S(0.1, 0.003) B(0.1, 0.01)\n" + dyn, "check",
                         "error: the body 'B' at module 3 follows a rod element without a joint between them");
  lsd::test::check_fails(dir, "axiom: B(0.1, 0.01) J S(0.1, 0.003)\ndynamics:\n  rod: J\n", "check",
                         "error: the body, joint, rod and curvature symbols must differ");
  // the same elements written right pass
  const std::string ok = dir.write("ok.ls", "axiom: B(0.1, 0.01) J K S(0.1, 0.003, 0, 5, 0) K(0, 4, 0, 0, 0, 0) "
                                            "S(0.1, 0.003, 0, 5, 0) J B(0.1, 0.01)\n" + dyn);
  const auto r = run(lsd::test::lsd_exe() + " check " + ok);
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("a living plant of 5 bodies") != std::string::npos);
}

TEST_CASE("rods: joints: auto gives every element its K at rest, and a production reads K") {
  lsd::test::TempDir dir;
  // the second element's K is written; the first gets one; the production
  // makes the first element's bend permanent once its sag moves it by 0.1/m
  const std::string f = dir.write(
      "auto.ls",
      "axiom: B(0.05, 0.01) &(90) S(0.08, 0.003, 0, 8, 0) K S(0.08, 0.003, 0, 8, 0)\n"
      "K(t, k1, k2, wt, w1, w2) < S(l, r, t0, r1, r2) : abs(k1 - r1) > 0.1 --> S(l, r, t0, k1, r2)\n"
      "derivation length: 2\n"
      "dynamics:\n  joints: auto\n  turtle unit: 1\n  young: 2e6\n  dt: 0.01\n  grow every: 0.2\n");
  const std::string out = dir.path("out.txt");
  REQUIRE(run(lsd::test::lsd_exe() + " run " + f + " --quiet --time 0.3 -o " + out).status == 0);
  const auto k = curvatures_in(out);
  REQUIRE(k.size() == 2);
  CHECK(k[0].size() == 6);
  CHECK(k[1].size() == 6);
  const std::string s = lsd::test::read_lines(out).back();
  INFO(s);
  // the first element's rest curvature now is the K it had when the production read it
  const std::size_t at = s.find("S(0.08,0.003,0,");
  REQUIRE(at != std::string::npos);
  CHECK(s.substr(at, 17) != "S(0.08,0.003,0,8,");
}

TEST_CASE("rods: the drawing of a moving plant stands where the physics has its elements") {
  std::vector<lsd::grammar::Diagnostic> diags;
  lsd::interp::Lsystem ls;
  REQUIRE(lsd::test::load_text(kCurl, ls, diags));
  const lsd::interp::RunSettings settings = lsd::interp::file_settings(*ls.rules);
  lsd::interp::Simulation sim;
  REQUIRE(sim.start(std::move(ls), settings, diags));
  REQUIRE(sim.advance_to(0.3, diags));
  const lsd::dyn::Data& d = sim.pose();
  const lsd::interp::LivingModel& lm = sim.living();
  REQUIRE(lm.layout.rods.size() == 3);
  lsd::interp::BodyPoses poses;
  poses.module_body = &lm.layout.module_body;
  poses.moved = lsd::interp::body_motions(lm.layout, d.oMi);
  const lsd::interp::ModuleString& s = sim.lsystem().current;
  const lsd::interp::Geometry g = lsd::interp::interpret(s, lsd::interp::turtle_options(*sim.lsystem().rules), &poses);
  // each element's last centreline piece (its tube's last ring) ends at its node's end frame, the physics' oMi
  for (const lsd::interp::RodMark& r : lm.layout.rods) {
    const lsd::dyn::Vec3 end = d.oMi[std::size_t(r.body)].translation;
    const lsd::interp::Geometry::Segment* last = nullptr;
    for (const auto& sg : g.rod_axis)
      if (sg.module == r.module) last = &sg;
    REQUIRE(last);
    CHECK((last->p1 - end).norm() < 1e-12);
  }
  // and it sagged from the rest shape
  CHECK((d.oMi[std::size_t(lm.layout.rods.back().body)].translation -
         lm.layout.bodies[std::size_t(lm.layout.rods.back().body)].rest.translation)
            .norm() > 1e-3);
}
