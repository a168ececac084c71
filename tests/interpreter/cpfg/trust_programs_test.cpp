// A model folder is data, not a program (docs/language.md 9.7): lsd starts
// a model's environment program only with the user's consent, and only from
// the model's folder, a --program-dir, or (with --allow-path-programs) PATH.
// Each test's program would leave a marker file if it ran.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>

#include "interpreter/growth/environment.hpp"
#include "interpreter/growth/lsystem.hpp"
#include "support/lsd_test.hpp"

using namespace lsd;
namespace fs = std::filesystem;

namespace {

// A vlab folder whose plant.e names `executable`; x.sh, in the folder,
// writes the marker if it runs.
struct Folder {
  test::TempDir dir;
  explicit Folder(const std::string& executable) {
    dir.write("specifications", "cpfg -e plant.e plant.l plant.v\n");
    dir.write("plant.v", "angle factor: 4\n");
    dir.write("plant.l", "Lsystem: 1\nderivation length: 2\nAxiom: A?E(0,0,7)\nA --> FA\nendlsystem\n");
    dir.write("plant.e", "executable: " + executable + "\ncommunication type: pipes\n");
    dir.write("x.sh", "#!/bin/sh\ntouch '" + marker() + "'\n");
    ::chmod(dir.path("x.sh").c_str(), 0755);
  }
  std::string marker() const { return dir.path("ran.marker"); }
};

struct Loaded {
  bool ok = false;
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  std::vector<double> e;  // the parameters of ?E after the derivation
};

Loaded derive(const Folder& f, const interp::Trust& trust = {}) {
  Loaded r;
  interp::LoadOptions o;
  o.trust = trust;
  r.ok = interp::load_lsystem(f.dir.path("."), o, r.ls, r.diags) && interp::derive(r.ls, 2, {}, r.diags);
  for (std::size_t i = 0; i < r.ls.current.size(); ++i)
    if (r.ls.current.sym[i] == interp::kSymQueryE)
      r.e.assign(r.ls.current.param(i), r.ls.current.param(i) + r.ls.current.nparams(i));
  return r;
}

// The one warning about the environment program, or "".
std::string program_warning(const Loaded& r) {
  std::string found;
  int count = 0;
  for (const auto& d : r.diags)
    if (d.message.find("environment program") != std::string::npos) {
      CHECK(d.warning);
      found = d.file + ":" + std::to_string(d.pos.line) + ": " + d.message;
      ++count;
    }
  CHECK(count <= 1);
  return found;
}

}  // namespace

TEST_CASE("without the user's consent no environment program starts: one warning says how to allow it") {
  Folder f("./x.sh");
  const Loaded r = derive(f);
  REQUIRE(r.ok);  // derived as if the environment never answered
  CHECK_FALSE(fs::exists(f.marker()));
  const std::string w = program_warning(r);
  CHECK_THAT(w, Catch::Contains("plant.e:1: "));  // at the executable: line
  CHECK_THAT(w, Catch::Contains("x.sh' was not started"));
  CHECK_THAT(w, Catch::Contains("--allow-programs"));
  CHECK(r.ls.environment_consent_needed);
  CHECK(r.ls.environment_program == fs::path(f.dir.path("x.sh")).string());
  REQUIRE(r.e.size() == 3);
  CHECK(r.e[2] == 7);
}

TEST_CASE("a program named by a path outside the model's folder is not run, even when programs are allowed") {
  interp::Trust allow;
  allow.allow_programs = true;
  for (const char* exe : {"/bin/sh -c 'touch MARK'", "../x.sh", "/usr/bin/env sh"}) {
    INFO(exe);
    Folder f(exe);
    const Loaded r = derive(f, allow);
    REQUIRE(r.ok);
    CHECK_FALSE(fs::exists(f.marker()));
    CHECK_THAT(program_warning(r), Catch::Contains("outside the model's folder"));
    CHECK_FALSE(r.ls.environment_consent_needed);
  }
}

TEST_CASE("a bare program name is looked up on PATH only with --allow-path-programs") {
  Folder f("sh plant.e");  // `sh -e plant.e`: the .e file as a shell script
  {  // without any flag, the one warning names both flags the user would need
    const Loaded none = derive(f);
    REQUIRE(none.ok);
    CHECK_THAT(program_warning(none), Catch::Contains("--allow-path-programs") && Catch::Contains("--allow-programs"));
  }
  interp::Trust allow;
  allow.allow_programs = true;
  const Loaded r = derive(f, allow);
  REQUIRE(r.ok);
  CHECK_THAT(program_warning(r), Catch::Contains("--allow-path-programs") && !Catch::Contains("--allow-programs"));
  interp::EnvironmentFile file;
  std::string program, err;
  REQUIRE(interp::read_environment_file(f.dir.path("plant.e"), file, err));
  CHECK_FALSE(interp::find_environment_program(file, allow, program, err));
  allow.allow_path_programs = true;  // the user's explicit choice
  REQUIRE(interp::find_environment_program(file, allow, program, err));
  CHECK(fs::path(program).filename() == "sh");
}

TEST_CASE("programs come from a --program-dir first, then from the model's folder, never through a link out of it") {
  Folder f("x.sh");
  test::TempDir tools;
  tools.write("x.sh", "#!/bin/sh\nexit 0\n");
  ::chmod(tools.path("x.sh").c_str(), 0755);
  interp::EnvironmentFile file;
  std::string program, err;
  REQUIRE(interp::read_environment_file(f.dir.path("plant.e"), file, err));
  interp::Trust t;
  REQUIRE(interp::find_environment_program(file, t, program, err));
  CHECK(program == f.dir.path("x.sh"));
  t.program_dirs = {tools.path("")};
  REQUIRE(interp::find_environment_program(file, t, program, err));
  CHECK(fs::path(program) == fs::path(tools.path("x.sh")));
  // an absolute path into a --program-dir is the user's too
  file.executable = tools.path("x.sh");
  REQUIRE(interp::find_environment_program(file, t, program, err));
  // a link in the folder that leads out of it is not the folder's program
  fs::create_symlink("/bin/sh", f.dir.path("tool"));
  file.executable = "tool";
  CHECK_FALSE(interp::find_environment_program(file, {}, program, err));
  CHECK_THAT(err, Catch::Contains("symbolic link"));
}

TEST_CASE("with consent, the folder's program runs (the marker appears)") {
  Folder f("./x.sh");
  interp::Trust allow;
  allow.allow_programs = true;
  ::setenv("LSD_ENVIRONMENT_TIMEOUT", "1", 1);
  const Loaded r = derive(f, allow);
  ::unsetenv("LSD_ENVIRONMENT_TIMEOUT");
  REQUIRE(r.ok);
  CHECK(fs::exists(f.marker()));                                        // it ran (and ended: a warning)
  CHECK_THAT(program_warning(r), !Catch::Contains("--allow-programs"));  // not the consent warning
}
