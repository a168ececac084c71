// Tests of cli/: the lsd executable's commands, options and exit codes.
#include <catch2/catch.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "support/lsd_test.hpp"

using lsd::test::run;

static std::string lsd_cmd(const std::string& args) { return lsd::test::lsd_exe() + " " + args; }

static std::string write_tmp(const std::string& name, const std::string& text) {
  std::string p = lsd::test::temp_path("cli_") + name;
  std::ofstream(p) << text;
  return p;
}

TEST_CASE("exit codes: 0 ok, 1 input error, 2 usage") {
  auto good = write_tmp("good.ls", "axiom: F\nF --> FF\n");
  auto bad = write_tmp("bad.ls", "axiom: F(\n");
  CHECK(run(lsd_cmd("check " + good)).status == 0);
  auto r = run(lsd_cmd("check " + bad));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains(bad + ":1:10: error:"));
  CHECK(run(lsd_cmd("derive")).status == 2);
  CHECK(run(lsd_cmd("frobnicate x.ls")).status == 2);
  CHECK(run(lsd_cmd("derive " + good + " --no-such-option")).status == 2);
  CHECK(run(lsd_cmd("derive " + good + " -n -3")).status == 2);
  CHECK(run(lsd_cmd("derive /nonexistent.ls")).status == 1);
}

TEST_CASE("derive prints the string; -n and -D") {
  auto f = write_tmp("d.ls", "#define L 2\nderivation length: 2\naxiom: A(L)\nA(x) --> A(x*2) F\n");
  auto r = run(lsd_cmd("derive " + f));
  CHECK(r.status == 0);
  CHECK(r.out == "A(8) F F\n");
  CHECK(run(lsd_cmd("derive " + f + " -n 1")).out == "A(4) F\n");
  CHECK(run(lsd_cmd("derive " + f + " -n 1 -D L=0.5")).out == "A(1) F\n");
  CHECK(run(lsd_cmd("derive " + f + " -n 0 -DL=3")).out == "A(3)\n");
}

TEST_CASE("End: runs after the last derivation step the command derives: the file's, or -n's") {
  // cpfg's End: block (CPFG manual 4.1) after the run's last step, whether
  // the derivation length or -n says how many; a string that repeats skips
  // its whole periods (lsd derive) but not the step End: follows.
  auto counted = write_tmp("end.l", "derivation length: 10\nStart: {n = 0;}\nStartEach: {n = n + 1;}\n"
                                    "End: {printf(\"end after %g\\n\", n);}\naxiom: A\nA --> A F\n");
  CHECK_THAT(run(lsd_cmd("derive " + counted)).out, Catch::Contains("end after 10"));
  for (const char* n : {"3", "12"}) {
    INFO("-n " << n);
    const std::string after = std::string("end after ") + n + "\n";
    CHECK_THAT(run(lsd_cmd("derive -n " + std::string(n) + " " + counted)).out, Catch::Contains(after));
    const auto r = run(lsd_cmd("run --time 0 -n " + std::string(n) + " " + counted));
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains(after));
    CHECK_THAT(r.out, !Catch::Contains("end after 10"));
  }
  auto repeating = write_tmp("end_repeat.l", "derivation length: 10\nEnd: {printf(\"the end\\n\");}\naxiom: A\nA --> A\n");
  CHECK_THAT(run(lsd_cmd("derive " + repeating)).out, Catch::Contains("the end"));
  CHECK_THAT(run(lsd_cmd("derive -n 4 " + repeating)).out, Catch::Contains("the end"));
}

TEST_CASE("End: in a growing run comes after the run's last step: -n 3 of a derivation length of 10") {
  // A living plant that grows a body every 0.1 s: with -n 3 its third
  // derivation step (at 0.3 s) is the last, and End: follows it; a run that
  // stops before that step, or a run of the file's 10 steps that stops
  // before the tenth, has not ended its derivation and runs no End:.
  auto growing = write_tmp("end_growing.ls", "derivation length: 10\nStart: {n = 0;}\nStartEach: {n = n + 1;}\n"
                                             "End: {printf(\"end after %g\\n\", n);}\n"
                                             "axiom: B(0.1, 0.01) A\nA --> J B(0.1, 0.01) A\n"
                                             "dynamics:\n  grow every: 0.1\n");
  const auto after3 = run(lsd_cmd("run --quiet -n 3 --time 1 " + growing));
  CHECK(after3.status == 0);
  CHECK(after3.out == "end after 3\n");
  CHECK(run(lsd_cmd("run --quiet -n 3 --time 0.25 " + growing)).out.empty());
  CHECK(run(lsd_cmd("run --quiet --time 0.5 " + growing)).out.empty());
  CHECK(run(lsd_cmd("run --quiet --time 1.5 " + growing)).out == "end after 10\n");
}

TEST_CASE("lsd check builds the model lsd run starts from: joints: auto with a homomorphism, bodies as drawn") {
  // A is no body in the stored string; its image F(1) is one. The model of
  // the string as stored has no body at all, the run's (the drawing's) three.
  auto f = write_tmp("check_drawn.ls", "derivation length: 0\naxiom: A A A\nhomomorphism:\nA --> F(1)\n"
                                       "dynamics:\n  body: F\n  joints: auto\n");
  const auto checked = run(lsd_cmd("check " + f));
  REQUIRE(checked.status == 0);
  const std::string trace = lsd::test::temp_path("cli_check_drawn.csv");
  REQUIRE(run(lsd_cmd("run --time 0 --trace " + trace + " " + f)).status == 0);
  const auto rows = lsd::test::read_lines(trace);
  REQUIRE(rows.size() == 2);
  std::stringstream row(rows[1]);
  std::string t, step, modules, bodies;
  std::getline(row, t, ','), std::getline(row, step, ','), std::getline(row, modules, ','), std::getline(row, bodies, ',');
  CHECK(bodies == "3");
  CHECK_THAT(checked.out, Catch::Contains("a living plant of " + bodies + " bodies"));
}

TEST_CASE("derive -n 3 -o, then --axiom-file -n 2, equals derive -n 5 byte for byte") {
  auto fig = lsd::test::example("abop/fig2_6a.ls");
  std::string saved = lsd::test::temp_path("cli_s3.txt");
  REQUIRE(run(lsd_cmd("derive " + fig + " -n 3 -o " + saved)).status == 0);
  auto resumed = run(lsd_cmd("derive " + fig + " --axiom-file " + saved + " -n 2"));
  auto direct = run(lsd_cmd("derive " + fig + " -n 5"));
  REQUIRE(resumed.status == 0);
  CHECK(resumed.out == direct.out);
  // without -n the saved string continues to the derivation length
  auto rest = run(lsd_cmd("derive " + fig + " --axiom-file " + saved));
  CHECK(rest.out == run(lsd_cmd("derive " + fig)).out);
}

TEST_CASE("derive to standard output and -o write the same string, streamed in bounded pieces") {
  // fig. 1.24a at n = 8: 976,561 modules, 1.95 MB, more than one buffer
  const auto fig = lsd::test::example("abop/fig1_24a.ls");
  const lsd::test::TempDir dir;
  const std::string saved = dir.path("n8.txt"), printed = dir.path("n8_stdout.txt");
  REQUIRE(run(lsd_cmd("derive " + fig + " -n 8 -o " + saved)).status == 0);
  REQUIRE(run(lsd_cmd("derive " + fig + " -n 8 > " + printed)).status == 0);
  const auto file = lsd::test::read_lines(saved), out = lsd::test::read_lines(printed);
  REQUIRE(file.size() == 2);
  CHECK(file[0] == "# lsd t=0 step=8");
  REQUIRE(out.size() == 1);
  CHECK(out[0].size() == 2 * 976'561 - 1);
  CHECK(file[1] == out[0]);
  // a write stopped part way (the file size limit kills lsd) leaves the old file whole
  auto r = run("ulimit -f 100; " + lsd_cmd("derive " + fig + " -n 7 -o " + saved));
  CHECK(r.status != 0);
  CHECK(lsd::test::read_lines(saved) == file);
}

TEST_CASE("an unwritable -o is a clear error with exit status 1, and an existing file stays whole") {
  const auto fig = lsd::test::example("abop/fig1_24a.ls");
  const lsd::test::TempDir dir;
  // A missing folder is created (messages_test.cpp); one that cannot be is an error.
  const std::string file = dir.write("file", "");
  auto r = run(lsd_cmd("derive " + fig + " -o " + file + "/out.txt"));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("lsd: error: cannot create the folder '" + file + "' for '" + file +
                                    "/out.txt': Not a directory"));
  r = run(lsd_cmd("derive " + fig + " -o " + dir.path("")));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("Is a directory"));
  std::filesystem::create_symlink("/dev/full", dir.path("full.txt"));
  r = run(lsd_cmd("derive " + fig + " -o " + dir.path("full.txt")));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("No space left on device"));
  CHECK(std::filesystem::is_symlink(dir.path("full.txt")));
  r = run(lsd_cmd("run " + lsd::test::example("dynamics/herb.ls") + " --time 0.01 -o " + file + "/x.txt"));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("cannot create the folder"));
}

TEST_CASE("a runaway grammar stops with a message and -o keeps the last complete string") {
  auto f = write_tmp("boom.ls", "derivation length: 40\naxiom: A\nA --> AA\n");
  std::string out = lsd::test::temp_path("cli_boom.txt");
  auto r = run(lsd_cmd("derive " + f + " --max-modules 100000 -o " + out));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains(f + ":3:1: error:"));
  std::ifstream in(out);
  std::string header, body;
  std::getline(in, header);
  std::getline(in, body);
  CHECK(header == "# lsd t=0 step=16");
  CHECK(body.size() == 2 * 65536 - 1);
}

TEST_CASE("query modules are filled by every command: derive, segments and run agree") {
  // docs/language.md section 6: a turtle pass before and after every derivation
  // step. Only `lsd run` did it: derive saw ?P(0,0,0) and never grew B.
  const lsd::test::TempDir tmp;
  const std::string f = tmp.write("query.ls", "derivation length: 1\naxiom: F(2) ?P(0,0,0) A\n"
                                              "?P(x, y, z) < A : y > 1 --> F(1)\n");
  CHECK(run(lsd_cmd("derive " + f)).out == "F(2) ?P(0,2,0) F(1)\n");
  const std::string out = tmp.path("run.txt");
  REQUIRE(run(lsd_cmd("run " + f + " --time 0 -o " + out)).status == 0);
  CHECK(lsd::test::read_lines(out).at(1) == "F(2) ?P(0,2,0) F(1)");
  const auto segments = run(lsd_cmd("segments " + f));
  CHECK(std::count(segments.out.begin(), segments.out.end(), '\n') == 3);  // header and two segments
}

TEST_CASE("the command line: per-command options, help, version and suggestions") {
  const lsd::test::TempDir tmp;
  const std::string good = tmp.write("good.ls", "axiom: F\nF --> FF\n");
  // an option another command reads is unknown here: exit 2, nothing done
  auto r = run(lsd_cmd("check " + good + " --trace-every 1"));
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("lsd check: unknown option '--trace-every'"));
  // a misspelled option: the closest one is suggested
  r = run(lsd_cmd("run " + good + " --trace-evry 1"));
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("unknown option '--trace-evry' (did you mean '--trace-every'?)"));
  r = run(lsd_cmd("derive " + good + " --max-modulse 10"));
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("did you mean '--max-modules'?"));
  r = run(lsd_cmd("deriv " + good));
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("unknown command 'deriv' (did you mean 'derive'?)"));
  CHECK(run(lsd_cmd("check " + good + " " + good)).status == 2);  // one file only
  CHECK(run(lsd_cmd("")).status == 2);
  // --help of every command lists its own options with descriptions, and exits 0
  const std::map<std::string, std::vector<std::string>> own = {
      {"check", {"-D", "--seed", "--axiom-file", "--max-modules"}},
      {"derive", {"-n", "-o,--output", "-D"}},
      {"segments", {"--time", "--dt", "-o,--output"}},
      {"export", {"--time", "-o,--output"}},
      {"run", {"--time", "--dt", "--grow-every", "--integrator", "--trace", "--trace-every", "-o,--output"}},
      {"render", {"--width", "--height", "--time", "-o,--output"}},
      {"view", {"--frames", "--screenshot", "--pull", "--pull-time", "--frame-sleep", "--width"}},
  };
  for (const auto& [cmd, options] : own) {
    INFO(cmd);
    for (const std::string& how : {"lsd " + cmd + " --help", "lsd help " + cmd}) {
      r = run(lsd::test::lsd_exe() + how.substr(3));
      CHECK(r.status == 0);
      CHECK_THAT(r.out, Catch::Contains("Usage: lsd " + cmd));
      for (const std::string& o : options) CHECK_THAT(r.out, Catch::Contains(o));
    }
  }
  CHECK_THAT(run(lsd_cmd("check --help")).out, !Catch::Contains("--trace"));
  r = run(lsd_cmd("--help"));
  CHECK(r.status == 0);
  for (const char* c : {"check", "derive", "segments", "export", "run", "render", "view", "help"})
    CHECK_THAT(r.out, Catch::Contains(c));
  r = run(lsd_cmd("--version"));
  CHECK(r.status == 0);
  CHECK(r.out.rfind("lsd ", 0) == 0);
}
