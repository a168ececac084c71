// Tests of interpreter/growth/src/environment.cpp: cpfg's environment programs, run with
// a program written for these tests (tests/environment/env_answer.cpp), which
// answers ?E(a,b,c) with E(x + 1000, 2 y,) for the turtle position (x, y) it
// was sent, and fails on request.
#include "interpreter/growth/environment.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>

#include "interpreter/cpfg/printf.hpp"
#include "interpreter/growth/lsystem.hpp"
#include "support/lsd_test.hpp"

using namespace lsd;

namespace {

// A vlab folder: plant.l, whose ?E follows a growing row of F(1), and
// plant.e with the communication type and the program's mode.
struct Model {
  test::TempDir dir;
  Model(const std::string& channel, const std::string& mode, const std::string& program = LSD_ENV_ANSWER,
        const std::string& homomorphism = "") {
    dir.write("specifications", "plant.l\n*\nmodel:\n\tgenerate:\n\t\tcpfg -e plant.e plant.l plant.v\n");
    dir.write("plant.v", "angle factor: 4\n");
    dir.write("plant.l",
              "Lsystem: 1\nderivation length: 3\nAxiom: A?P(0,0,0)?E(0,0,7)B\n"
              "A --> F(1)A\n" + homomorphism + "endlsystem\n");
    dir.write("plant.e", "executable: " + program + " " + mode + "\ncommunication type: " + channel +
                             "\nturtle position:P:%.4f %.4f %.4f\n");
  }
};

struct Result {
  bool ok = false;
  std::vector<grammar::Diagnostic> diags;
  std::vector<double> e, p;  // the parameters of ?E and of ?P
};

// The user's consent: programs allowed, from the folder of the test program.
interp::LoadOptions allowed() {
  interp::LoadOptions o;
  o.trust.allow_programs = true;
  o.trust.program_dirs = {std::filesystem::path(LSD_ENV_ANSWER).parent_path().string()};
  return o;
}

Result derive_model(const Model& m, int n, const interp::LoadOptions& opts = allowed()) {
  Result r;
  interp::Lsystem ls;
  r.ok = interp::load_lsystem(m.dir.path("plant.l"), opts, ls, r.diags) && interp::derive(ls, n, {}, r.diags);
  for (std::size_t i = 0; i < ls.current.size(); ++i) {
    const double* q = ls.current.param(i);
    if (ls.current.sym[i] == interp::kSymQueryE) r.e.assign(q, q + ls.current.nparams(i));
    if (ls.current.sym[i] == interp::kSymQueryP) r.p.assign(q, q + ls.current.nparams(i));
  }
  return r;
}

bool warned(const Result& r, const std::string& part) {
  for (const auto& d : r.diags)
    if (d.warning && d.file.find("plant.e") != std::string::npos && d.message.find(part) != std::string::npos)
      return true;
  return false;
}

}  // namespace

TEST_CASE("an environment program answers ?E with a function of the turtle position it was sent") {
  for (const char* channel : {"pipes", "files", "memory"}) {
    INFO(channel);
    Model m(channel, "answer");
    for (int n : {1, 3}) {
      const Result r = derive_model(m, n);
      REQUIRE(r.ok);
      REQUIRE(r.e.size() == 3);
      REQUIRE(r.p.size() == 3);
      // ?P is filled after the step (n F(1) before it); ?E was answered before
      // the step, when n - 1 F(1) stood before it, as cpfg does.
      CHECK(r.p[1] == Approx(n));
      CHECK(r.e[0] == Approx(1000 + r.p[0]));
      CHECK(r.e[1] == Approx(2 * (n - 1)));
      CHECK(r.e[2] == 7);  // the empty answer leaves it alone
      for (const auto& d : r.diags) CHECK(d.message.find("?E") == std::string::npos);
    }
    // the communication files are removed at the end
    for (const auto& f : std::filesystem::directory_iterator(m.dir.path("")))
      CHECK(f.path().filename().string().rfind(".to_field", 0) != 0);
  }
}

TEST_CASE("the turtle sent with ?E is the one of the string as drawn (the homomorphism applied)") {
  // The homomorphism draws each F(1) as F(5): before step 3 the two F(1) in
  // front of the ?E put it at y = 10 (at y = 2 in the string without it).
  Model m("pipes", "answer", LSD_ENV_ANSWER, "homomorphism\nF(x) --> F(5*x)\nB --> F(10)\n");
  const Result r = derive_model(m, 3);
  REQUIRE(r.ok);
  REQUIRE(r.e.size() == 3);
  CHECK(r.e[1] == Approx(2 * 5 * 2));
  for (const auto& d : r.diags) CHECK(d.message.find("homomorphism adds or removes") == std::string::npos);
}

TEST_CASE("an environment program that is missing, dies, answers garbage or hangs is a warning") {
  ::setenv("LSD_ENVIRONMENT_TIMEOUT", "1", 1);
  struct Case {
    const char* channel;
    const char* mode;
    std::string program;
    const char* message;
  };
  const std::vector<Case> cases = {
      {"pipes", "answer", "./no_such_program", "not found"},
      {"pipes", "die", LSD_ENV_ANSWER, "ended"},
      {"files", "die", LSD_ENV_ANSWER, "ended"},
      {"pipes", "garbage", LSD_ENV_ANSWER, "cannot read"},
      {"memory", "garbage", LSD_ENV_ANSWER, "cannot read"},
      {"pipes", "hang", LSD_ENV_ANSWER, "did not answer"},
      {"files", "hang", LSD_ENV_ANSWER, "did not answer"},
      {"pipes", "flood", LSD_ENV_ANSWER, "more than 16 MiB"},
      {"memory", "flood", LSD_ENV_ANSWER, "did not finish its answers"},
      {"sockets", "answer", LSD_ENV_ANSWER, "sockets"},
  };
  for (const Case& c : cases) {
    INFO(c.channel << " " << c.mode);
    Model m(c.channel, c.mode, c.program);
    const Result r = derive_model(m, 3);
    REQUIRE(r.ok);  // the derivation goes on
    CHECK(warned(r, c.message));
    REQUIRE(r.e.size() == 3);
    CHECK(r.e[0] == 0);  // the ?E keep their values
    CHECK(r.e[1] == 0);
    CHECK(r.e[2] == 7);
    int failures = 0;
    for (const auto& d : r.diags) failures += d.message.find("environment program") != std::string::npos;
    CHECK(failures == 1);  // once, not every step
  }
  ::unsetenv("LSD_ENVIRONMENT_TIMEOUT");
}

TEST_CASE("environment files: settings and turtle lines as cpfg writes them") {
  test::TempDir dir;
  interp::EnvironmentFile f;
  std::string err;
  CHECK_FALSE(interp::read_environment_file(dir.write("none.e", "communication type: files\n"), f, err));
  CHECK(err.find("no executable") != std::string::npos);
  REQUIRE(interp::read_environment_file(
      dir.write("a.e", "executable: honda81 -e a.e density.spec\ncommunication type: memory\n"
                       "turtle position: P: %f %f %f\nturtle heading:%.1f %.1f %.1f\nfollowing module: no\n"),
      f, err));
  CHECK(f.executable == "honda81 -e a.e density.spec");
  CHECK(f.channel == interp::EnvironmentFile::Channel::kMemory);
  CHECK(f.position == " P: %f %f %f");  // the program skips what comes before the first %
  CHECK_FALSE(f.following_module);
  const double v[3] = {1.5, -2, 0.25};
  CHECK(interp::cpfg_format(f.position, v, 3) == " P: 1.500000 -2.000000 0.250000");
  CHECK(interp::cpfg_format("P:%.4f %.0f %g", v, 3) == "P:1.5000 -2 0.25");
}
