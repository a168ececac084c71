// The viewer's confirmation before a model's environment program runs
// (docs/language.md 9.7): it names the program and the model's folder, opens
// once per model and program, "Run it" reloads the model with exactly that
// program allowed, "Don't run it" changes nothing. The model is the hostile
// corpus's program_in_folder, whose program leaves a marker file when it runs.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/lsd_test.hpp"
#include "viewer/consent.hpp"
#include "viewer/headless.hpp"
#include "viewer/session.hpp"

namespace fs = std::filesystem;

namespace {

const std::string kModel = std::string(LSD_SOURCE_DIR) + "/tests/corpus/folders/program_in_folder";

// A copy of the model in `dir`/`name` (its program keeps its permissions).
std::string copy_model(const lsd::test::TempDir& dir, const std::string& name) {
  fs::copy(kModel, dir.path(name), fs::copy_options::recursive);
  return fs::canonical(dir.path(name)).string();
}

}  // namespace

TEST_CASE("the viewer's confirmation names the program and the folder; Run it allows exactly that program") {
  lsd::test::TempDir dir;
  const std::string a = copy_model(dir, "a"), b = copy_model(dir, "b");
  const std::string marker = dir.path("marker");
  ::setenv("LSD_TRUST_MARKER", marker.c_str(), 1);
  ::setenv("LSD_ENVIRONMENT_TIMEOUT", "1", 1);  // the program does not confirm its start

  lsd::view::Session s;
  REQUIRE(lsd::view::open_file(s, a));
  CHECK_FALSE(fs::exists(marker));  // loaded, grown: nothing ran
  const lsd::view::ConsentQuestion q = lsd::view::consent_question(s.path, s.sim.lsystem());
  CHECK(q.needed);
  CHECK(q.program == a + "/x.sh");
  CHECK(q.folder == a);
  CHECK_THAT(q.heading(), Catch::Contains("asks to run a program"));
  CHECK(q.folder_line() == "in the model's folder " + a);

  // The modal opens once for this model and program, not on every frame.
  std::string asked;
  CHECK(lsd::view::consent_opens(q, asked));
  CHECK_FALSE(lsd::view::consent_opens(q, asked));

  // Don't run it: the trust stays as it was, a reload starts nothing.
  lsd::view::consent_cancel(q, s.load.trust);
  CHECK_FALSE(s.load.trust.allows_program(q.program));
  REQUIRE(lsd::view::reset(s));
  CHECK_FALSE(fs::exists(marker));
  CHECK(lsd::view::consent_question(s.path, s.sim.lsystem()).needed);

  // Run it: exactly this program, nothing wider.
  lsd::view::consent_run(q, s.load.trust);
  const lsd::interp::Trust& t = s.load.trust;
  CHECK(t.allowed_program == q.program);
  CHECK_FALSE(t.allow_programs);
  CHECK_FALSE(t.allow_path_programs);
  CHECK(t.program_dirs.empty());
  CHECK_FALSE(t.allow_outside_files);
  CHECK_FALSE(t.allows_program(b + "/x.sh"));
  CHECK_FALSE(t.allows_program("/bin/sh"));
  REQUIRE(lsd::view::reset(s));  // what the button does next: the model again, with its program
  CHECK(fs::exists(marker));
  CHECK_FALSE(lsd::view::consent_question(s.path, s.sim.lsystem()).needed);

  // Another model (the same program in another folder) asks again.
  fs::remove(marker);
  lsd::view::Session other;
  other.load.trust = s.load.trust;
  REQUIRE(lsd::view::open_file(other, b));
  CHECK_FALSE(fs::exists(marker));
  const lsd::view::ConsentQuestion qb = lsd::view::consent_question(other.path, other.sim.lsystem());
  CHECK(qb.needed);
  CHECK(qb.program == b + "/x.sh");
  CHECK(lsd::view::consent_opens(qb, asked));
  ::unsetenv("LSD_TRUST_MARKER");
  ::unsetenv("LSD_ENVIRONMENT_TIMEOUT");
}

TEST_CASE("lsd view: a model that names a program shows the confirmation and starts nothing") {
  lsd::test::TempDir dir;
  const std::string a = copy_model(dir, "a");
  const std::string marker = dir.path("marker"), shot = dir.path("shot.png");
  const auto r = lsd::test::run(lsd::test::headless("LSD_TRUST_MARKER='" + marker + "' " + lsd::test::lsd_exe() +
                                                    " view " + a + " --frames 30 --screenshot " + shot));
  CHECK(r.status == 0);
  CHECK_FALSE(fs::exists(marker));
  CHECK(fs::exists(shot));
  // what the modal shows is also written to the standard error
  CHECK_THAT(r.out, Catch::Contains("asks to run a program on your computer: " + a + "/x.sh"));
  CHECK_THAT(r.out, Catch::Contains("in the model's folder " + a));
}
