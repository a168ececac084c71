// Tests of cli/cmd_run.cpp: `lsd run` with its trace, -o and --axiom-file.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "support/lsd_test.hpp"

using lsd::test::run;

namespace {


std::vector<double> fields(const std::string& line) {
  std::vector<double> v;
  std::stringstream ss(line);
  std::string f;
  while (std::getline(ss, f, ',')) v.push_back(std::stod(f));
  return v;
}

std::string lsd_run(const std::string& args) { return lsd::test::lsd_exe() + " run " + args; }

}  // namespace

TEST_CASE("lsd run: the thesis cantilever settles to the table (n = 10 and 25)") {
  auto fig = lsd::test::example("dynamics/cantilever.ls");
  for (auto [n, expected] : {std::pair{10, 0.0067664}, std::pair{25, 0.0060488}}) {
    std::string trace = lsd::test::temp_path("run_cantilever.csv");
    auto r = run(lsd_run(fig + " -D N=" + std::to_string(n) + " --time 4 --trace " + trace + " --trace-every 0.5"));
    REQUIRE(r.status == 0);
    auto t = lsd::test::read_lines(trace);
    REQUIRE(t.front() == "t,step,modules,bodies,kinetic,potential,elastic,tip_x,tip_y,tip_z,substeps");
    REQUIRE(t.size() == 10);  // t = 0, 0.5, ..., 4
    auto last = fields(t.back());
    CHECK(last[0] == Approx(4));
    CHECK(last[3] == n + 1);
    CHECK(-last[8] == Approx(expected).epsilon(0.002));
  }
}

TEST_CASE("lsd run to T equals run to T/2, -o, then --axiom-file to T: the same trace, bit for bit") {
  auto fig = lsd::test::example("dynamics/twig.ls");
  std::string full = lsd::test::temp_path("run_full.csv"), second = lsd::test::temp_path("run_second.csv"), saved = lsd::test::temp_path("run_half.txt");
  REQUIRE(run(lsd_run(fig + " --time 3 --trace " + full)).status == 0);
  REQUIRE(run(lsd_run(fig + " --time 1.5 -o " + saved)).status == 0);
  REQUIRE(run(lsd_run(fig + " --axiom-file " + saved + " --time 3 --trace " + second)).status == 0);
  auto a = lsd::test::read_lines(full), b = lsd::test::read_lines(second);
  REQUIRE(b.size() > 100);
  std::vector<std::string> tail(a.end() - std::ptrdiff_t(b.size() - 1), a.end());
  std::vector<std::string> rows(b.begin() + 1, b.end());
  CHECK(tail == rows);
  // the saved string starts with its time and derivation steps
  auto s = lsd::test::read_lines(saved);
  CHECK(s[0].rfind("# lsd t=1.5", 0) == 0);
}

TEST_CASE("lsd run: usage errors and a diverging run") {
  auto fig = lsd::test::example("dynamics/cantilever.ls");
  CHECK(run(lsd_run(fig + " --integrator sideways")).status == 2);
  CHECK(run(lsd_run(fig + " --dt -1")).status == 2);
  std::string out = lsd::test::temp_path("run_diverged.txt");
  auto r = run(lsd_run(fig + " -D N=25 --integrator explicit --dt 0.01 --time 2 -o " + out));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("diverged: the joint at module"));
  auto s = lsd::test::read_lines(out);
  REQUIRE(s.size() == 2);
  CHECK(s[1].find("nan") == std::string::npos);
  CHECK(s[1].find("inf") == std::string::npos);
}

TEST_CASE("the clock does not drift: trace rows fall on their times and a run to T ends at T") {
  // Time is start + steps x dt: with t += dt, 15,000 steps of 1e-6 s gave
  // 0.015000999... and the run ended past T.
  const lsd::test::TempDir tmp;
  const std::string f = tmp.write("clock.ls", "axiom: B(0.1, 0.01) J B(0.1, 0.01)\ndynamics:\n  dt: 1e-6\n");
  const std::string trace = tmp.path("clock.csv"), out = tmp.path("clock.txt");
  REQUIRE(run(lsd_run(f + " --time 0.02 --trace-every 0.005 --trace " + trace + " -o " + out)).status == 0);
  const auto rows = lsd::test::read_lines(trace);
  REQUIRE(rows.size() == 6);
  const char* times[] = {"0,", "0.005,", "0.01,", "0.015,", "0.02,"};
  for (int k = 0; k < 5; ++k) CHECK(rows[std::size_t(k) + 1].rfind(times[k], 0) == 0);
  CHECK(lsd::test::read_lines(out)[0].rfind("# lsd t=0.02 step=", 0) == 0);
}
