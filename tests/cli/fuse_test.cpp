// Inosculation (docs/language.md 7.2, `fuse after:`): two saplings
// whose branches grow into each other are welded where they touch; the
// saved string holds the @Weld pair, a run resumed after the fusion is the
// straight run bit for bit, and the fused pair holds a load that the
// branch alone does not.
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <sstream>

#include "dynamics/dynamics.hpp"
#include "support/lsd_test.hpp"

using lsd::test::run;

namespace {

const std::string kExample = lsd::test::example("dynamics/inosculation.ls");

std::vector<std::string> split(const std::string& line, char sep = ',') {
  std::vector<std::string> v;
  std::stringstream ss(line);
  std::string f;
  while (std::getline(ss, f, sep)) v.push_back(f);
  return v;
}

// The parameters of every @Weld in a saved string's last line.
std::vector<std::vector<double>> welds_in(const std::string& file) {
  const std::string s = lsd::test::read_lines(file).back();
  std::vector<std::vector<double>> out;
  for (std::size_t at = 0; (at = s.find("@Weld(", at)) != std::string::npos; ++at) {
    std::vector<double> p;
    for (const std::string& f : split(s.substr(at + 6, s.find(')', at) - at - 6))) p.push_back(std::stod(f));
    out.push_back(p);
  }
  return out;
}

// The example run to t = 4 s (fused at 1.883 s, or not with fuse = false),
// then a downward load P at the tip of the growing branch for 3 s: how far
// the tip drops under it (m), and the welds of the model.
struct Loaded {
  double drop = 0;
  int welds = 0;
};
Loaded load_tip(bool fuse, double P) {
  std::vector<lsd::grammar::Diagnostic> diags;
  lsd::interp::Lsystem ls;
  REQUIRE(lsd::interp::load_lsystem(kExample, {}, ls, diags));
  lsd::interp::RunSettings settings = lsd::interp::file_settings(*ls.rules);
  if (!fuse) settings.fuse_after = 0;
  lsd::interp::Simulation sim;
  REQUIRE(sim.start(std::move(ls), settings, diags));
  REQUIRE(sim.advance_to(4, diags));
  const double before = sim.trace_row().tip.y();
  sim.inputs.forces = {{sim.living().last_body, lsd::dyn::Vec3(0, -P, 0), sim.living().last_body_end}};
  REQUIRE(sim.advance_to(7, diags));
  Loaded out;
  out.drop = before - sim.trace_row().tip.y();
  for (const lsd::dyn::Graft& g : sim.living().model.contact.grafts) out.welds += g.weld;
  return out;
}

// A resumed run's trace rows are the last rows of the straight run's, and
// both end with the same string, bit for bit.
void check_same_tail(const std::string& full, const std::string& second, const std::string& end_full,
                     const std::string& end_second) {
  const auto a = lsd::test::read_lines(full), b = lsd::test::read_lines(second);
  REQUIRE(b.size() > 100);
  CHECK(std::vector<std::string>(a.end() - std::ptrdiff_t(b.size() - 1), a.end()) ==
        std::vector<std::string>(b.begin() + 1, b.end()));
  CHECK(lsd::test::read_lines(end_full) == lsd::test::read_lines(end_second));
}

}  // namespace

TEST_CASE("fuse after: two crossing branches are welded where they touch; the string keeps the weld and resumes "
          "bit for bit") {
  lsd::test::TempDir dir;
  const std::string full = dir.path("full.csv"), half = dir.path("half.txt"), second = dir.path("second.csv");
  const std::string cfull = dir.path("cfull.csv"), end_full = dir.path("end_full.txt"),
                    end_second = dir.path("end_second.txt");
  const std::string cmd = lsd::test::lsd_exe() + " run " + kExample + " --quiet";
  REQUIRE(run(cmd + " --time 5 --trace " + full + " --contacts " + cfull + " -o " + end_full).status == 0);
  // after the fusion (t = 1.883 s): the string holds the pair, one id, one
  // rest rotation, each with its offset to the touch point
  REQUIRE(run(cmd + " --time 3 -o " + half).status == 0);
  const auto w = welds_in(half);
  REQUIRE(w.size() == 2);
  REQUIRE(w[0].size() == 7);
  REQUIRE(w[1].size() == 7);
  CHECK(w[0][0] == 1);
  CHECK(std::vector<double>(w[0].begin(), w[0].begin() + 4) == std::vector<double>(w[1].begin(), w[1].begin() + 4));
  // the touch point lies on A's level arm 4 cm before its first body's end
  // (it crosses at z = 0.06 of 0.1), and on one of B's segments of 5 cm:
  // offsets back from the segments' ends within their length (and a radius)
  CHECK(w[0][4] == Approx(-0.04).margin(0.002));
  CHECK(w[1][4] <= 0.006);
  CHECK(w[1][4] >= -0.056);
  // the weld holds the two points where they touched: its spring (1e5 N/m)
  // is not stretched, its force far below the branch's weight (0.3 N)
  const auto rows = lsd::test::read_lines(cfull);
  double first_weld = -1, weld_at = 0;
  for (std::size_t k = 1; k < rows.size() && first_weld < 0; ++k) {
    const auto f = split(rows[k]);
    if (f[3] == "weld") {
      first_weld = std::stod(f[0]);
      weld_at = std::stod(f[10]);
    }
  }
  std::vector<double> self_times;  // the rows' times with a self contact, before the weld
  for (std::size_t k = 1; k < rows.size(); ++k) {
    const auto f = split(rows[k]);
    const double t = std::stod(f[0]);
    if (f[3] == "self" && t < first_weld && (self_times.empty() || self_times.back() != t)) self_times.push_back(t);
  }
  REQUIRE(first_weld > 0);
  REQUIRE(!self_times.empty());
  // the touch that fused: the self contacts of every step up to the weld
  // (a row every step of 1/60 s), since it began
  std::size_t begin = self_times.size() - 1;
  while (begin > 0 && self_times[begin] - self_times[begin - 1] < 1.5 / 60) --begin;
  const double touch = self_times[begin];
  INFO("self contact first at t = " << self_times[0] << " s, without a break since " << touch << " s; the weld at "
                                    << first_weld << " s, its force " << weld_at << " N");
  CHECK(self_times.back() == Approx(first_weld - 1.0 / 60).margin(1e-9));
  CHECK(first_weld - touch == Approx(0.5).margin(1e-9));  // fuse after: 0.5
  CHECK(weld_at < 0.01);
  // resumed from the string saved after the fusion: the straight run's rows and end, bit for bit
  REQUIRE(run(cmd + " --axiom-file " + half + " --time 5 --trace " + second + " -o " + end_second).status == 0);
  check_same_tail(full, second, end_full, end_second);
  CHECK(welds_in(end_full).size() == 2);  // fused once
}

TEST_CASE("fuse after: the fused pair holds a load at the branch's tip that the branch alone does not") {
  const double P = 10;  // N, down, at the tip of the growing branch (5 cm past the crossing)
  const Loaded fused = load_tip(true, P), alone = load_tip(false, P);
  INFO("the tip drops " << fused.drop << " m fused, " << alone.drop << " m unfused");
  CHECK(fused.welds == 1);
  CHECK(alone.welds == 0);
  // Alone, B's slender branch (0.35 m, radius 6 mm) parts from A and bends
  // away (7.7 cm measured); welded to A's stiff arm 5 cm from its tip, the
  // tip drops 2.4 mm.
  CHECK(alone.drop > 0.04);
  CHECK(fused.drop < 0.004);
  CHECK(fused.drop * 10 < alone.drop);
}

TEST_CASE("fuse after: a value that is not a positive number is a located error") {
  lsd::test::TempDir dir;
  const auto check = [&](const std::string& value, const std::string& expected) {
    lsd::test::check_fails(dir, "axiom: B(1, 0.1)\ndynamics:\n  fuse after: " + value + "\n", "check", expected);
  };
  check("-1", "bad.ls:3:15: error: 'fuse after:' must be greater than 0");
  check("0", "bad.ls:3:15: error: 'fuse after:' must be greater than 0");
  check("soon", "bad.ls:3:15: error: undefined name 'soon'");
}

TEST_CASE("fuse after: without self contact it has no effect, and loading says so at the key") {
  lsd::test::TempDir dir;
  const auto load = [&](const std::string& self) {
    const std::string f = dir.write("plant.ls", "axiom: B(1, 0.1)\ndynamics:\n" + self + "  fuse after: 0.5\n");
    const lsd::test::Run r = run(lsd::test::lsd_exe() + " check " + f);
    INFO(r.out);
    CHECK(r.status == 0);
    return r.out;
  };
  const std::string warning = "warning: 'fuse after' has no effect without 'self contact: on'";
  CHECK_THAT(load(""), Catch::Contains("plant.ls:3:3: " + warning));
  CHECK_THAT(load("  self contact: off\n"), Catch::Contains("plant.ls:4:3: " + warning));
  CHECK_THAT(load("  self contact: on\n"), !Catch::Contains("fuse after"));
}

TEST_CASE("fuse after: a run resumed while a touch is being timed times it on, bit for bit") {
  lsd::test::TempDir dir;
  const std::string full = dir.path("full.csv"), mid = dir.path("mid.txt"), second = dir.path("second.csv");
  const std::string end_full = dir.path("end_full.txt"), end_second = dir.path("end_second.txt");
  const std::string cmd = lsd::test::lsd_exe() + " run " + kExample + " --quiet";
  REQUIRE(run(cmd + " --time 5 --trace " + full + " -o " + end_full).status == 0);
  // at 1.6 s the branches have touched without a break for 0.22 s (since
  // 1.383 s) and fuse at 1.883 s: the saved history holds that touch
  REQUIRE(run(cmd + " --time 1.6 -o " + mid).status == 0);
  const auto lines = lsd::test::read_lines(mid);
  REQUIRE(lines.size() >= 3);
  CHECK(lines[1].rfind("# lsd history 2 ", 0) == 0);  // touches timed (kTouches, simulation.cpp)
  CHECK(welds_in(mid).empty());
  REQUIRE(run(cmd + " --axiom-file " + mid + " --time 5 --trace " + second + " -o " + end_second).status == 0);
  check_same_tail(full, second, end_full, end_second);
  CHECK(welds_in(end_second).size() == 2);
  // without its history the resumed run times the touch from 1.6 s: it
  // fuses later, and ends elsewhere
  const std::string bare = dir.path("bare.txt"), end_bare = dir.path("end_bare.txt");
  std::ofstream(bare) << lines[0] << "\n" << lines.back() << "\n";
  REQUIRE(run(cmd + " --axiom-file " + bare + " --time 5 -o " + end_bare).status == 0);
  CHECK(lsd::test::read_lines(end_bare) != lsd::test::read_lines(end_full));
}
