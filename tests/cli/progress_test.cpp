// Tests of cli/progress.cpp: the progress line appears on a terminal (a
// pseudo-terminal made by forkpty), never in a pipe, and --quiet silences it;
// a run cut into chunks for it traces the same rows as one run.
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cerrno>

#include "support/lsd_test.hpp"

namespace {

// Runs a shell command with its standard output and error on a new
// pseudo-terminal; returns its status and what it wrote there.
lsd::test::Run run_on_terminal(const std::string& cmd) {
  lsd::test::Run r;
  int master = -1;
  winsize ws{};
  ws.ws_col = 200;
  ws.ws_row = 40;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, &ws);
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(master, buf, sizeof buf);
    if (n > 0) r.out.append(buf, std::size_t(n));
    else if (n < 0 && errno == EINTR) continue;
    else break;  // EIO: the child closed the terminal
  }
  ::close(master);
  int st = 0;
  ::waitpid(pid, &st, 0);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

// A run long enough (about a second) for several redraws.
const std::string kLongRun = lsd::test::lsd_exe() + " run " + lsd::test::example("dynamics/tree10k.ls") + " --time 8";

}  // namespace

TEST_CASE("progress: lsd run on a terminal shows one self-updating line, erased at the end, then its summary") {
  const auto r = run_on_terminal(kLongRun);
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("\r") != std::string::npos);
  CHECK(r.out.find(" of 8.000 s") != std::string::npos);  // simulated time of the total
  CHECK(r.out.find("derivation step ") != std::string::npos);
  CHECK(r.out.find(" bodies") != std::string::npos);
  CHECK(r.out.find("x real time") != std::string::npos);
  CHECK(r.out.find(" left") != std::string::npos);
  // One line, redrawn in place and erased; then the run's one-line summary.
  const std::string erase = "\r\x1b[K";
  const std::size_t summary = r.out.rfind(erase + "lsd run: t = 8 s (derivation step ");
  REQUIRE(summary != std::string::npos);
  CHECK(r.out.find('\n') > summary);
  CHECK(r.out.find('\n') + 1 == r.out.size());
}

TEST_CASE("progress: nothing in a pipe, nothing with --quiet") {
  const auto piped = lsd::test::run(kLongRun);  // standard output and error into a pipe
  CHECK(piped.status == 0);
  CHECK(piped.out.empty());
  const auto quiet = run_on_terminal(kLongRun + " --quiet");
  CHECK(quiet.status == 0);
  CHECK(quiet.out.empty());
}

TEST_CASE("progress: a long derivation on a terminal shows its step and modules") {
  lsd::test::TempDir dir;
  const std::string ls = dir.write("slow.ls", "axiom: A(0)\nA(n) : n < 14 --> A(n+1) A(n+1)\nA(n) : n >= 14 --> A(n+1)\n");
  const auto r = run_on_terminal(lsd::test::lsd_exe() + " derive " + ls + " -n 1500 -o " + dir.path("s.txt"));
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("derivation step ") != std::string::npos);
  CHECK(r.out.find(" of 1500") != std::string::npos);
  CHECK(r.out.find("16384 modules") != std::string::npos);
  // The chunks derive the same string as one call.
  const auto piped = lsd::test::run(lsd::test::lsd_exe() + " derive " + ls + " -n 1500 -o " + dir.path("p.txt"));
  REQUIRE(piped.status == 0);
  CHECK(lsd::test::read_lines(dir.path("s.txt")) == lsd::test::read_lines(dir.path("p.txt")));
}

TEST_CASE("progress: a run traced on a terminal (in chunks) has the trace of a run into a pipe") {
  lsd::test::TempDir dir;
  const std::string herb = lsd::test::example("dynamics/herb.ls");
  for (const std::string every : {"", " --trace-every 0.05"}) {
    const std::string cmd = lsd::test::lsd_exe() + " run " + herb + " --time 4" + every + " --trace ";
    REQUIRE(run_on_terminal(cmd + dir.path("tty.csv")).status == 0);
    REQUIRE(lsd::test::run(cmd + dir.path("pipe.csv")).status == 0);
    const auto a = lsd::test::read_lines(dir.path("tty.csv")), b = lsd::test::read_lines(dir.path("pipe.csv"));
    CHECK(a.size() > 40);
    CHECK(a == b);
  }
}
