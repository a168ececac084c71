// Limits: runaway growth stops at the module and parameter limits
// within memory and keeps the last complete string; derivations that repeat end
// early; physics runs are bounded; nesting limits give clear messages.
// (The modest --max-modules case and a diverging run are in cli_test.cpp and
// run_test.cpp; simulate_test.cpp has the library side of divergence.)
#include <catch2/catch.hpp>
#include <fstream>
#include <sys/resource.h>
#include <unistd.h>

#include "support/lsd_test.hpp"

using lsd::test::run;

namespace {

std::string lsd_cmd(const std::string& args) { return lsd::test::lsd_exe() + " " + args; }

std::string tmp(const std::string& name) { return lsd::test::temp_path("limits_" + name); }

std::string write_tmp(const std::string& name, const std::string& text) {
  std::string p = tmp(name);
  std::ofstream(p) << text;
  return p;
}


std::size_t count_modules(const std::string& s) {
  if (s.empty()) return 0;
  std::size_t n = 1;
  for (char c : s) n += c == ' ';
  return n;
}

}  // namespace

TEST_CASE("with the default limit a doubling grammar stops with the message, within a few GB", "[.slow]") {
  // 2^28 > 200,000,000: derivation step 28 crosses the default limit.
  auto f = write_tmp("double.ls", "derivation length: 60\naxiom: A\nA --> AA\n");
  std::string cmd = "(";  // only stderr (built step by step: GCC 12 warns falsely on "(" + temporary)
  cmd += lsd_cmd("derive " + f);
  cmd += " > /dev/null)";
  auto r = run(cmd);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains(f + ":3:1: error: the string grew past the limit of 200000000 modules in "
                                        "derivation step 28"));
  // The peak resident memory of the children waited for so far (this one is the largest).
  rusage ru{};
  REQUIRE(::getrusage(RUSAGE_CHILDREN, &ru) == 0);
  const double peak_gb = double(ru.ru_maxrss) * 1024 / 1e9;
#if defined(__SANITIZE_ADDRESS__)
  CHECK(peak_gb < 8);  // AddressSanitizer adds its shadow memory and redzones
#else
  CHECK(peak_gb < 4);
#endif
}

TEST_CASE("the parameter limit (twice the module limit) stops a grammar of many parameters; -o keeps the last string") {
  auto f = write_tmp("params.ls",
                     "derivation length: 60\naxiom: A(1,2,3,4,5,6,7,8)\n"
                     "A(a,b,c,d,e,f,g,h) --> A(a,b,c,d,e,f,g,h) A(h,g,f,e,d,c,b,a)\n");
  std::string out = tmp("params.txt");
  auto r = run(lsd_cmd("derive " + f + " --max-modules 1000 -o " + out));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains(f + ":3:1: error: the string grew past the limit of 2000 parameters in "
                                        "derivation step 8"));
  auto s = lsd::test::read_lines(out);
  REQUIRE(s.size() == 2);
  CHECK(s[0] == "# lsd t=0 step=7");
  CHECK(count_modules(s[1]) == 128);  // 1024 parameters; the next step would have 2048
}

TEST_CASE("runaway decomposition and homomorphism stop at the limit naming where") {
  auto dec = write_tmp("dec.ls", "derivation length: 1\naxiom: A\nA --> B\ndecomposition:\nmaximum depth: 1000\n"
                                 "B --> B B\n");
  std::string out = tmp("dec.txt");
  auto r = run(lsd_cmd("derive " + dec + " --max-modules 1000 -o " + out));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains(dec + ":6:1: error: the string grew past the limit of 1000 modules in the "
                                          "decomposition after derivation step 1"));
  auto s = lsd::test::read_lines(out);
  REQUIRE(s.size() == 2);
  CHECK(s[0] == "# lsd t=0 step=0");
  CHECK(s[1] == "A");
  auto hom = write_tmp("hom.ls", "axiom: A\nhomomorphism:\nmaximum depth: 1000\nA --> F A A\n");
  r = run(lsd_cmd("segments " + hom + " --max-modules 1000"));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains(hom + ":4:1: error: the string grew past the limit of 1000 modules in the "
                                          "homomorphism"));
}

TEST_CASE("a maximum depth over 100000 is refused with a clear message; 15000 (a real cpfg file) is not") {
  for (const char* section : {"decomposition", "homomorphism"}) {
    auto f = write_tmp("depth.ls", std::string("axiom: A\n") + section + ":\nmaximum depth: 100001\nA --> B\n");
    auto r = run(lsd_cmd("check " + f));
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains(f + ":3:16: error: the " + section +
                                      " maximum depth must be a whole number from 0 to 100000"));
    f = write_tmp("depth_ok.ls", std::string("axiom: A\n") + section + ":\nmaximum depth: 15000\nA --> B\n");
    CHECK(run(lsd_cmd("check " + f)).status == 0);
  }
}

TEST_CASE("expression depth limits: parsing, compiling and the evaluation stack") {
  auto expect = [](const std::string& axiom_param, const std::string& message) {
    auto f = write_tmp("expr.ls", "axiom: F(" + axiom_param + ")\n");
    auto r = run(lsd_cmd("check " + f));
    INFO(axiom_param.substr(0, 40));
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains(f + ":1:") && Catch::Contains(": error: " + message));
  };
  auto repeat = [](const std::string& s, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += s;
    return out;
  };
  // One limit, one message (common/limits.hpp): deeper than 256 levels is
  // refused, whatever makes the depth.
  const std::string deep = "expression nested deeper than 256 levels";
  expect(repeat("- ", 100000) + "1", deep);
  expect(repeat("!", 100000) + "1", deep);
  expect(repeat("1^", 100000) + "1", deep);
  expect(repeat("1?", 50000) + "1" + repeat(":1", 50000), deep);
  expect(repeat("sin(", 1000) + "1" + repeat(")", 1000), deep);
  expect(repeat("(", 300) + "1" + repeat(")", 300), deep);
  expect(repeat("1+", 200000) + "1", deep);  // a flat chain is a deep tree
  expect(repeat("- ", 257) + "1", deep);     // just past the limit
  expect(repeat("1+", 257) + "1", deep);
  // just inside the limit: fine, including what needs the deepest evaluation
  // stack (a call of three arguments keeps two values waiting at each level)
  auto ok = write_tmp("expr_ok.ls", "axiom: F(" + repeat("- ", 250) + "1) F(" + repeat("(", 250) + "1" +
                                        repeat(")", 250) + ") F(" + repeat("1+", 255) + "1) F(" +
                                        repeat("clamp(1, 2, ", 250) + "1" + repeat(")", 250) + ")\n");
  CHECK(run(lsd_cmd("check " + ok)).status == 0);
}

TEST_CASE("a derivation that reaches a fixed point or a cycle ends early, exactly") {
  // A --> A with 10^9 steps: the string stops changing after one step.
  auto fix = write_tmp("fix.ls", "derivation length: 1000000000\naxiom: A(1) F\nA(x) --> A(x)\n");
  std::string out = tmp("fix.txt");
  auto r = run(lsd_cmd("derive " + fix + " -o " + out));
  CHECK(r.status == 0);
  auto s = lsd::test::read_lines(out);
  REQUIRE(s.size() == 2);
  CHECK(s[0] == "# lsd t=0 step=1000000000");
  CHECK(s[1] == "A(1) F");
  // a cycle of period 3 through the parameters: 999999998 = 2 (mod 3)
  auto cyc = write_tmp("cyc.ls", "derivation length: 999999998\naxiom: A(0)\nA(x) --> A((x + 1) % 3)\n");
  r = run(lsd_cmd("derive " + cyc));
  CHECK(r.status == 0);
  CHECK(r.out == "A(2)\n");
  // growth first, then a cycle of period 2: B, A A A, C C C, A A A, ...
  auto flip = write_tmp("flip.ls", "derivation length: 999999999\naxiom: B\nB --> A A A\nA --> C\nC --> A\n");
  r = run(lsd_cmd("derive " + flip));
  CHECK(r.status == 0);
  CHECK(r.out == "A A A\n");  // step 1: A A A, then C at even steps, A at odd ones
  // ... and in a simulation, where all steps are due at once
  auto living = write_tmp("fix_run.ls", "derivation length: 1000000000\naxiom: B(0.1, 0.01) A\nA --> A\n"
                                        "dynamics:\n  grow every: 1e-300\n");
  std::string saved = tmp("fix_run.txt");
  r = run(lsd_cmd("run " + living + " --time 0.01 -o " + saved));
  CHECK(r.status == 0);
  s = lsd::test::read_lines(saved);
  REQUIRE(s.size() == 2);
  CHECK_THAT(s[0], Catch::StartsWith("# lsd t=0.01 step=1000000000"));
}

TEST_CASE("a physics run is bounded: a tiny dt is refused before it starts, naming dt") {
  auto f = write_tmp("dt.ls", "axiom: B(0.1, 0.01) J B(0.1, 0.01)\ndynamics:\n  dt: 1e-300\n");
  auto r = run(lsd_cmd("run " + f + " --time 1"));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains(f + ":3:3: error: running from t=0 s to t=1 s with dt=1e-300 s would take"));
  CHECK_THAT(r.out, Catch::Contains("more than the limit of 1e+08"));
  // a saved string from the far past: the same bound
  auto s = write_tmp("past.txt", "# lsd t=-1e300 step=0\nB(0.1, 0.01)\n");
  r = run(lsd_cmd("run " + f + " --dt 0.001 --axiom-file " + s));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("bad '# lsd' header line"));
}

TEST_CASE("an unstable explicit step stops naming the joint; the trace and -o hold no NaN") {
  auto f = lsd::test::example("dynamics/cantilever.ls");
  std::string out = tmp("unstable.txt"), trace = tmp("unstable.csv");
  auto r = run(lsd_cmd("run " + f + " -D N=25 --integrator explicit --dt 0.01 --time 2 -o " + out + " --trace " +
                       trace));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("the simulation diverged: the joint at module"));
  CHECK_THAT(r.out, Catch::Contains("try --integrator implicit or a smaller --dt"));
  for (const std::string& file : {out, trace}) {
    auto ls = lsd::test::read_lines(file);
    REQUIRE(ls.size() >= 2);
    for (const auto& l : ls) {
      CHECK(l.find("nan") == std::string::npos);
      CHECK(l.find("inf") == std::string::npos);
    }
  }
  // a failed run without --trace still exits cleanly with status 1 (it used to abort)
  r = run(lsd_cmd("run " + f + " -D N=25 --integrator explicit --dt 0.01 --time 2"));
  CHECK(r.status == 1);
}
