// Curved rods in the living string (docs/language.md 7.9): S elements and
// their live state K. The physics writes K as it writes J, a saved string
// resumes bit for bit, a bare K is the element at rest, the turtle stands at
// an element's end, and `lsd check` locates the mistakes.
#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>

#include "dynamics/rod_element.hpp"
#include "interpreter/living/simulation.hpp"
#include "interpreter/turtle/pose.hpp"
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


// The same cantilever as three clothoid elements: four K nodes, the last
// after the last element.
const char* kClothoidCurl =
    "axiom: B(0.05, 0.01) &(90) K S(0.08, 0.003, 2, 8, 0) K S(0.08, 0.003, 2, 8, 0) K S(0.08, 0.003, 2, 8, 0) K\n"
    "dynamics:\n"
    "  element: clothoid\n"
    "  young: 2e7\n"
    "  dt: 0.01\n";

// The end of the last centreline piece the turtle drew for module i.
lsd::dyn::Vec3 drawn_end(const lsd::interp::Geometry& g, std::uint32_t i) {
  lsd::dyn::Vec3 end = lsd::dyn::Vec3::Constant(NAN);
  for (const auto& sg : g.rod_axis)  // (its centreline's last piece: its tube's last ring)
    if (sg.module == i) end = sg.p1;
  return end;
}

lsd::dyn::SE3 clothoid_end(const lsd::dyn::Vec3& omega0, const lsd::dyn::Vec3& omega1, double l) {
  lsd::dyn::ClothoidElement e;
  e.length = l;
  e.omega0 = omega0;
  e.omega1 = omega1;
  return lsd::dyn::clothoid_pose(e, l);
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
  const lsd::dyn::SE3 start = lsd::interp::turtle_pose(placed[0]);
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
  for (const char* text : {kCurl, kClothoidCurl}) {
    INFO(text);
    std::vector<lsd::grammar::Diagnostic> diags;
    lsd::interp::Lsystem ls;
    REQUIRE(lsd::test::load_text(text, ls, diags));
    const lsd::interp::RunSettings settings = lsd::interp::file_settings(*ls.rules);
    lsd::interp::Simulation sim;
    REQUIRE(sim.start(std::move(ls), settings, diags));
    REQUIRE(sim.advance_to(0.3, diags));
    const lsd::dyn::Data& d = sim.pose();
    const lsd::interp::LivingModel& lm = sim.living();
    const bool clothoid = text == kClothoidCurl;
    REQUIRE(lm.layout.rods.size() == (clothoid ? 4u : 3u));  // (a clothoid chain's first node, then its elements)
    lsd::interp::BodyPoses poses;
    poses.module_body = &lm.layout.module_body;
    poses.moved = lsd::interp::body_motions(lm.layout, d.oMi);
    const lsd::interp::ModuleString& s = sim.lsystem().current;
    const lsd::interp::Geometry g =
        lsd::interp::interpret(s, lsd::interp::turtle_options(*sim.lsystem().rules), &poses);
    // each element's last drawn segment ends at its node's end frame, the physics' oMi
    for (const lsd::interp::RodMark& r : lm.layout.rods) {
      if (r.first_node) continue;
      CHECK((drawn_end(g, r.module) - d.oMi[std::size_t(r.body)].translation).norm() < 1e-12);
    }
    // and it sagged from the rest shape (clothoids: its nodes differ, not a chain of helices)
    CHECK((d.oMi[std::size_t(lm.layout.rods.back().body)].translation -
           lm.layout.bodies[std::size_t(lm.layout.rods.back().body)].rest.translation)
              .norm() > 1e-3);
    const auto node = [&](std::size_t k) { return d.kappa[std::size_t(lm.layout.rods[k].body)]; };
    if (clothoid) CHECK((node(0) - node(1)).norm() > 1e-2);
  }
}

// --- element: clothoid (docs/language.md 7.9) ------------------------------

TEST_CASE("clothoids: the physics writes every node's K, and a saved string resumes bit for bit") {
  lsd::test::TempDir dir;
  const std::string f = dir.write("curl.ls", kClothoidCurl);
  const std::string full = dir.path("full.txt"), half = dir.path("half.txt"), second = dir.path("second.txt");
  const std::string cmd = lsd::test::lsd_exe() + " run " + f + " --quiet";
  const auto checked = run(lsd::test::lsd_exe() + " check " + f);
  CHECK(checked.out.find("a living plant of 5 bodies") != std::string::npos);  // base, first node, 3 elements
  CHECK(checked.out.find("warning") == std::string::npos);
  REQUIRE(run(cmd + " --time 1 -o " + full).status == 0);
  REQUIRE(run(cmd + " --time 0.5 -o " + half).status == 0);
  const auto k = curvatures_in(half);
  REQUIRE(k.size() == 4);
  for (const auto& p : k) REQUIRE(p.size() == 6);
  // the clamp's node bends most (the moment is largest there), the tip's least
  CHECK(std::abs(k[0][1] - 8) > std::abs(k[2][1] - 8));
  CHECK(std::abs(k[0][1] - 8) > 1e-2);
  REQUIRE(run(lsd::test::lsd_exe() + " run " + f + " --quiet --axiom-file " + half + " --time 1 -o " + second)
              .status == 0);
  CHECK(lsd::test::read_lines(full).back() == lsd::test::read_lines(second).back());
  CHECK(curvatures_in(full) != k);
}

TEST_CASE("clothoids: lsd check locates a chain's node without its K and a K inside a chain") {
  lsd::test::TempDir dir;
  const std::string dyn = "dynamics:\n  element: clothoid\n  young: 1e7\n";
  lsd::test::check_fails(dir, "axiom: B(0.1, 0.01) J K S(0.1, 0.003) K S(0.1, 0.003)\n" + dyn, "check",
                         "bad.ls:1:41: error: the clothoid element 'S' at module 5 has no curvature after it");
  lsd::test::check_fails(dir, "axiom: B(0.1, 0.01) J S(0.1, 0.003) K\n" + dyn, "check",
                         "bad.ls:1:23: error: the clothoid element 'S' at module 2 starts a chain without a curvature "
                         "before it");
  lsd::test::check_fails(dir, "axiom: B(0.1, 0.01) J K S(0.1, 0.003) K [+F] K S(0.1, 0.003) K\n" + dyn, "check",
                         "bad.ls:1:46: error: the curvature 'K' at module 9 stands inside a clothoid chain");
  // a joint ends a chain: the next element starts its own, with its own first node
  const std::string ok = dir.write("ok.ls", "axiom: B(0.1, 0.01) J K S(0.1, 0.003) K [+F] S(0.1, 0.003) K J K "
                                            "S(0.1, 0.003, 0, 5, 0) K(0, 4, 0, 0, 0, 0)\n" + dyn);
  const auto r = run(lsd::test::lsd_exe() + " check " + ok);
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("a living plant of 8 bodies") != std::string::npos);
  CHECK(r.out.find("warning") == std::string::npos);
}

TEST_CASE("clothoids: joints: auto gives each chain its first and last K, a production reads K and grows S") {
  lsd::test::TempDir dir;
  // two chains (a joint between) and a branch that continues the first; each
  // step lengthens every element, which keeps its K
  const std::string f = dir.write(
      "auto.ls",
      "axiom: B(0.05, 0.01) &(90) S(0.04, 0.003, 0, 8, 0) S(0.04, 0.003, 0, 8, 0) [ +S(0.03, 0.002) ] J "
      "S(0.04, 0.003, 0, 8, 0)\n"
      "S(l, r, t0, r1, r2) > K(t, k1, k2, wt, w1, w2) : k1 > -1000 --> S(l * 1.1, r, t0, r1, r2)\n"
      "derivation length: 2\n"
      "dynamics:\n  element: clothoid\n  joints: auto\n  turtle unit: 1\n  young: 2e6\n  dt: 0.01\n"
      "  grow every: 0.1\n");
  const std::string out = dir.path("out.txt");
  REQUIRE(run(lsd::test::lsd_exe() + " run " + f + " --quiet --time 0.25 -o " + out).status == 0);
  const std::string s = lsd::test::read_lines(out).back();
  INFO(s);
  const auto k = curvatures_in(out);
  REQUIRE(k.size() == 6);  // K S K S K [ + S K ] J K S K
  for (const auto& p : k) CHECK(p.size() == 6);
  CHECK(s.find("] J(") != std::string::npos);
  CHECK(s.find("S(0.0484") != std::string::npos);  // grown twice, by the production that read the K after it
  CHECK(s.find("S(0.04,") == std::string::npos);
}

TEST_CASE("clothoids: the turtle draws an element's centreline from its start node's K to its end node's") {
  using lsd::dyn::Vec3;
  const Vec3 k0(2, 8, -3), k1(-1, 3, 5), k2(0, -6, 1), k3(4, 0, 0), rest(1, 2, 3);
  lsd::interp::ModuleString s;
  const auto K = [&](const Vec3& k) { s.push(lsd::interp::SymbolId('K'), {k.x(), k.y(), k.z(), 0, 0, 0}); };
  const auto S = [&](double l) { s.push(lsd::interp::SymbolId('S'), {l, 0.01, rest.x(), rest.y(), rest.z()}); };
  K(k0), S(0.3), K(k1);                                                // 0 1 2
  s.push(lsd::interp::SymbolId('['), std::initializer_list<double>{});  // 3
  S(0.2), K(k3);                                                       // 4 5: continues the first element
  s.push(lsd::interp::SymbolId(']'), std::initializer_list<double>{});  // 6
  S(0.25), K(k2);                                                      // 7 8: continues the first element
  lsd::interp::TurtleOptions opt;
  opt.body_sym = 'B';
  opt.joint_sym = 'J';
  opt.rod_sym = 'S';
  opt.curvature_sym = 'K';
  opt.clothoid = true;
  const lsd::interp::Geometry g = lsd::interp::interpret(s, opt);
  lsd::dyn::SE3 start;
  start.rotation.col(0) = Vec3(0, 1, 0);  // the turtle's first frame (H, L, U)
  start.rotation.col(1) = Vec3(-1, 0, 0);
  start.rotation.col(2) = Vec3(0, 0, 1);
  const lsd::dyn::SE3 first = start * clothoid_end(k0, k1, 0.3);
  CHECK((drawn_end(g, 1) - first.translation).norm() < 1e-14);
  CHECK((drawn_end(g, 4) - (first * clothoid_end(k1, k3, 0.2)).translation).norm() < 1e-14);
  CHECK((drawn_end(g, 7) - (first * clothoid_end(k1, k2, 0.25)).translation).norm() < 1e-14);
  // in the rest pose each element is the helix of its rest: the elements after the first start at its end
  const lsd::dyn::SE3 rest_first = start * lsd::dyn::helix_pose(rest, 0.3);
  int found = 0;
  for (const lsd::interp::PlacedModule& p : lsd::interp::rest_frames(s, opt))
    if (p.module == 4 || p.module == 7) {
      ++found;
      CHECK((p.pos - rest_first.translation).norm() < 1e-14);
      CHECK((p.H - rest_first.rotation.col(0)).norm() < 1e-14);
    }
  CHECK(found == 2);
}

TEST_CASE("rods: an element without its K is held rigid, and the rod after it rests where it would at any step") {
  lsd::test::TempDir dir;
  // a held element (no K) on the clamp, then two live ones, sagging
  const std::string f = dir.write("held.ls",
                                  "axiom: B(0.05, 0.01) &(90) S(0.08, 0.003) K S(0.08, 0.003) K S(0.08, 0.003)\n"
                                  "dynamics:\n  young: 2e7\n  stiffness damping: 0.05\n  integrator: euler\n");
  const auto tip = [&](const std::string& dt) {
    const std::string out = dir.path("t" + dt + ".csv");
    REQUIRE(run(lsd::test::lsd_exe() + " run " + f + " --quiet --time 20 --dt " + dt + " --trace-every 20 --trace " +
                out)
                .status == 0);
    std::stringstream ss(lsd::test::read_lines(out).back());
    std::vector<double> row;
    for (std::string v; std::getline(ss, v, ',');) row.push_back(std::stod(v));
    REQUIRE(row.size() >= 10);
    CHECK(row[4] < 1e-20);  // at rest
    return lsd::dyn::Vec3(row[7], row[8], row[9]);
  };
  const lsd::dyn::Vec3 coarse = tip("0.0166666666666666667"), fine = tip("0.001");
  // (it settled 2 mm apart when the held element bent within each step)
  CHECK((coarse - fine).norm() < 1e-9);
  CHECK(coarse.y() < 0.04);  // and it sagged (level: 0.05 m; measured 0.0338)
}
