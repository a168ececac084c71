// Which outputs lsd syncs to disk (fsync) before putting them in place
// (docs/language.md 8.5): the string of `lsd run -o`, the state a later run
// resumes from; not what the same command makes again (lsd derive -o, traces,
// exports). Seen with strace; skipped where strace is missing.
#include <catch2/catch.hpp>

#include <string>

#include "support/lsd_test.hpp"

namespace {

using lsd::test::run;

// The fsync and fdatasync calls of `lsd ARGS`, and its exit status.
struct Syncs {
  int status = -1;
  long calls = 0;
};

Syncs syncs_of(const lsd::test::TempDir& dir, const std::string& args) {
  const std::string log = dir.path("strace.log");
  const auto r = run(lsd::test::strace_prefix(log, "fsync,fdatasync") + lsd::test::lsd_exe() + " " + args);
  INFO(r.out);
  Syncs s;
  s.status = r.status;
  for (const std::string& line : lsd::test::read_lines(log))
    if (line.find("fsync(") != std::string::npos || line.find("fdatasync(") != std::string::npos) ++s.calls;
  return s;
}

}  // namespace

TEST_CASE("lsd derive -o, traces and exports are not synced; lsd run -o is", "[strace]") {
  if (!lsd::test::strace_works()) return lsd::test::skip("strace is missing or cannot trace here");
  lsd::test::TempDir dir;
  const std::string fig = lsd::test::example("abop/fig1_24a.ls");
  const std::string pendulum = lsd::test::example("dynamics/pendulum.ls");

  const Syncs derive = syncs_of(dir, "derive " + fig + " -n 3 -o " + dir.path("d.txt"));
  CHECK(derive.status == 0);
  CHECK(derive.calls == 0);
  CHECK(lsd::test::read_lines(dir.path("d.txt")).size() == 2);  // header and string: written all the same

  const Syncs exported = syncs_of(dir, "export " + fig + " -n 3 -o " + dir.path("d.obj"));
  CHECK(exported.status == 0);
  CHECK(exported.calls == 0);

  // One fsync: the saved string, not the trace.
  const Syncs ran =
      syncs_of(dir, "run " + pendulum + " --time 0.1 -o " + dir.path("r.txt") + " --trace " + dir.path("r.csv"));
  CHECK(ran.status == 0);
  CHECK(ran.calls == 1);
  CHECK(lsd::test::read_lines(dir.path("r.csv")).size() > 2);
  const Syncs traced = syncs_of(dir, "run " + pendulum + " --time 0.1 --trace " + dir.path("t.csv"));
  CHECK(traced.status == 0);
  CHECK(traced.calls == 0);
}
