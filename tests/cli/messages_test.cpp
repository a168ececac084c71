// The command line that speaks (docs/language.md 8.3), each case with its
// exact message: a -D the file never uses, "did you mean" after an unknown
// key or function, structure errors located where the file wrote the module,
// unprintable bytes escaped, missing output folders created, and the
// one-line summary that ends lsd run on a terminal.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "support/lsd_test.hpp"

namespace {

using lsd::test::run;
std::string lsd_cmd(const std::string& args) { return lsd::test::lsd_exe() + " " + args; }

}  // namespace

TEST_CASE("-D NAME that the file never uses is a warning naming NAME and the file") {
  lsd::test::TempDir dir;
  const std::string f = dir.write("d.ls", "#define STEPS 2\naxiom: A(STEPS)\nA(x) --> A(x + 1)\n");
  auto r = run(lsd_cmd("derive " + f + " -D NOPE=1 -D STEP=3 -D STEPS=5"));
  CHECK(r.status == 0);
  CHECK(r.out == f + ": warning: -D NOPE=1: the file never uses 'NOPE'\n" + f +
                     ": warning: -D STEP=3: the file never uses 'STEP' (did you mean 'STEPS'?)\nA(6)\n");
  // A name inside a longer word is not a use; a -D the file uses says nothing.
  const std::string g = dir.write("g.ls", "axiom: F(LEN2)\n");
  CHECK(run(lsd_cmd("derive " + g + " -D LEN2=1 -n 0")).out == "F(1)\n");
  CHECK(run(lsd_cmd("derive " + g + " -D LEN=1 -D LEN2=1 -n 0")).out ==
        g + ": warning: -D LEN=1: the file never uses 'LEN' (did you mean 'LEN2'?)\nF(1)\n");
}

TEST_CASE("unknown keys and functions suggest the closest") {
  lsd::test::TempDir dir;
  const std::string f = dir.write("k.ls",
                                  "axiom: F(sinn(1))\n"
                                  "derivaton length: 2\n"
                                  "dynamics:\n"
                                  "  gravty: 9\n"
                                  "  zzz: 1\n");
  auto r = run(lsd_cmd("check " + f));
  CHECK(r.status == 1);
  CHECK(r.out == f + ":1:10: error: unknown function 'sinn' (did you mean 'sin'?)\n"
                     "  axiom: F(sinn(1))\n"
                     "           ^\n" +
                     f + ":2:1: error: unknown header key 'derivaton length' (did you mean 'derivation length'?)\n"
                     "  derivaton length: 2\n"
                     "  ^\n" +
                     f + ":4:3: error: unknown dynamics key 'gravty' (did you mean 'gravity'?)\n"
                     "    gravty: 9\n"
                     "    ^\n" +
                     f + ":5:3: error: unknown dynamics key 'zzz'\n"
                     "    zzz: 1\n"
                     "    ^\n");
  // A cpfg view file's commands too.
  const std::string folder = dir.path("cpfg");
  std::filesystem::create_directories(folder);
  std::ofstream(folder + "/plant.l") << "Lsystem: 1\nderivation length: 1\nAxiom: F\nendlsystem\n";
  std::ofstream(folder + "/plant.v") << "angle factr: 8\n";
  r = run(lsd_cmd("check " + folder + "/plant.l"));
  CHECK_THAT(r.out, Catch::Contains("plant.v:1:1: warning: unknown view command 'angle factr:' is ignored (did you "
                                    "mean 'angle factor'?)\n"));
}

TEST_CASE("structure errors point at the place in the file that wrote the module") {
  lsd::test::TempDir dir;
  const auto fails = [](const std::string& args) {  // lsd ARGS exits with 1; its output
    const auto r = run(lsd_cmd(args));
    CHECK(r.status == 1);
    return r.out;
  };
  // The string is still the axiom: the module itself.
  const std::string a = dir.write("a.ls", "axiom: F J B(1, 0.1)\ndynamics:\n");
  CHECK(fails("check " + a) == a + ":1:10: error: the joint 'J' at module 1 stands before the first body\n"
                     "  axiom: F J B(1, 0.1)\n"
                     "           ^\n");
  // Grown by a production: the successor that writes such a module.
  const std::string p = dir.write("p.ls",
                                  "axiom: B(1, 0.1) A\n"
                                  "derivation length: 1\n"
                                  "A --> F J(0, 0, 0) B(1, 0.1)\n"
                                  "dynamics:\n");
CHECK(fails("run " + p + " --time 0.1") == p + ":3:9: error: the joint 'J' at module 2 has 3 parameters; a joint has six (rh, rl, ru, wh, wl, "
                     "wu)\n"
                     "  A --> F J(0, 0, 0) B(1, 0.1)\n"
                     "          ^\n");
  // Several places write a J without parameters: the one that wrote this module (the second J in brackets).
  const std::string q = dir.write("q.ls",
                                  "axiom: B(1, 0.1) A\n"
                                  "derivation length: 1\n"
                                  "A --> F J B(1, 0.1) [ J J ]\n"
                                  "dynamics:\n");
CHECK(fails("run " + q + " --time 0.1") == q + ":3:25: error: the joint 'J' at module 5 is followed by the joint 'J' at module 6 before a body\n"
                     "  A --> F J B(1, 0.1) [ J J ]\n"
                     "                          ^\n");
  // Written two steps earlier and copied since; a cut and a decomposition in between.
  const std::string d = dir.write("d.ls",
                                  "axiom: B(1, 0.1) A\n"
                                  "derivation length: 2\n"
                                  "A --> F J B(1, 0.1) [ % X X X ] D A\n"
                                  "decomposition:\n"
                                  "D --> E\n"
                                  "E --> F B(1, 0.1) [ J J ]\n"
                                  "dynamics:\n");
CHECK(fails("run " + d + " --time 0.1") == d + ":6:23: error: the joint 'J' at module 9 is followed by the joint 'J' at module 10 before a "
                     "body\n"
                     "  E --> F B(1, 0.1) [ J J ]\n"
                     "                        ^\n");
  // joints: auto puts joints in: the module numbers count them, the place is still the production's.
  const std::string j = dir.write("j.ls",
                                  "axiom: B(1, 0.1) A\n"
                                  "derivation length: 2\n"
                                  "A --> F B(1, 0.1) [ F B(1, 0.1) ] C\n"
                                  "C --> F B(-1, 0.1)\n"
                                  "dynamics:\n"
                                  "joints: auto\n");
CHECK(fails("run " + j + " --time 0.1") == j + ":4:9: error: the body 'B' at module 11 needs a length and a modulus of at least 0, and a "
                     "positive radius and density\n"
                     "  C --> F B(-1, 0.1)\n"
                     "          ^\n");
  // A string file: where it was written is not known; the first place that writes such a module is shown,
  // and the message says so.
  const std::string saved = dir.path("q.txt");
  REQUIRE(run(lsd_cmd("derive " + q + " -n 1 -o " + saved)).status == 0);
CHECK(fails("run " + q + " --axiom-file " + saved + " --time 0.1") == q + ":3:9: error: the joint 'J' at module 5 is followed by the joint 'J' at module 6 before a body "
                     "(shown: the first of 3 places in the file that write 'J')\n"
                     "  A --> F J B(1, 0.1) [ J J ]\n"
                     "          ^\n");
}

TEST_CASE("unprintable bytes of a binary file are shown escaped") {
  lsd::test::TempDir dir;
  const std::string f = dir.path("bin.ls");
  std::ofstream(f, std::ios::binary) << "axiom: F\n\x01\x02z\xff\xc3\xa9: 1\n";
  auto r = run(lsd_cmd("check " + f));
  CHECK(r.status == 1);
  // \xff is not UTF-8; the e-acute (c3 a9) is, and keeps one column for the caret.
  CHECK(r.out == f + ":2:1: error: expected a production 'predecessor --> successor', a header item or a section\n"
                     "  \\x01\\x02z\\xff\xc3\xa9: 1\n"
                     "  ^\n");
}

TEST_CASE("-o into a missing folder creates it, or says which folder cannot be made") {
  lsd::test::TempDir dir;
  const std::string f = dir.write("f.ls", "axiom: F\n");
  auto r = run(lsd_cmd("derive " + f + " -o " + dir.path("new/deeper/s.txt")));
  CHECK(r.status == 0);
  CHECK(r.out.empty());
  CHECK(std::filesystem::is_regular_file(dir.path("new/deeper/s.txt")));
  r = run(lsd_cmd("run " + f + " --time 0.01 --trace " + dir.path("traces/t.csv") + " -o " + dir.path("out/s.txt")));
  CHECK(r.status == 0);
  CHECK(std::filesystem::is_regular_file(dir.path("traces/t.csv")));
  CHECK(std::filesystem::is_regular_file(dir.path("out/s.txt")));
  const std::string file = dir.write("plain", "");
  r = run(lsd_cmd("derive " + f + " -o " + file + "/sub/s.txt"));
  CHECK(r.status == 1);
  CHECK(r.out == "lsd: error: cannot create the folder '" + file + "/sub' for '" + file +
                     "/sub/s.txt': Not a directory\n");
}

TEST_CASE("lsd run ends with a one-line summary on a terminal or with --verbose, never into a pipe") {
  lsd::test::TempDir dir;
  const std::string f = dir.write("beam.ls", "axiom: B(1, 0.05) J B(1, 0.05)\ndynamics:\n  gravity: 0\n");
  auto r = run(lsd_cmd("run " + f + " --time 0.5 --dt 0.01 2>&1 >/dev/null"));
  CHECK(r.status == 0);
  CHECK(r.out.empty());  // a pipe: nothing
  r = run(lsd_cmd("run " + f + " --time 0.5 --dt 0.01 --verbose"));
  CHECK(r.status == 0);
  CHECK(r.out == "lsd run: t = 0.5 s (derivation step 1), 50 physics steps, 2 bodies, energy 0 J (kinetic 0, "
                 "gravitational 0, elastic 0); nothing written (use -o FILE)\n");
  const std::string out = dir.path("s.txt"), trace = dir.path("t.csv");
  r = run(lsd_cmd("run " + f + " --time 0.5 --dt 0.01 --verbose -o " + out + " --trace " + trace));
  CHECK(r.out == "lsd run: t = 0.5 s (derivation step 1), 50 physics steps, 2 bodies, energy 0 J (kinetic 0, "
                 "gravitational 0, elastic 0); wrote string " + out + ", trace " + trace + "\n");
  // On a terminal (script(1) gives it one), without --verbose.
  if (run("command -v script").status == 0) {
    r = run("script -qec '" + lsd_cmd("run " + f + " --time 0.5 --dt 0.01") + "' /dev/null");
    CHECK_THAT(r.out, Catch::Contains("lsd run: t = 0.5 s (derivation step 1), 50 physics steps, 2 bodies"));
  }
}
