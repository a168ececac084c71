// Helpers shared by the tests: load .ls text inline, derive, run the lsd executable.
#pragma once
#include <array>
#include <catch2/catch.hpp>
#include <sys/wait.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <functional>

#include "interpreter/living/simulation.hpp"
#include "support/skip.hpp"

namespace lsd::test {

inline std::string example(const std::string& rel) { return std::string(LSD_SOURCE_DIR) + "/examples/" + rel; }

// Loads .ls text; fails the test (via the returned diagnostics) when it does not compile.
inline bool load_text(const std::string& text, interp::Lsystem& ls, std::vector<grammar::Diagnostic>& diags,
                      const interp::LoadOptions& opts = {}) {
  return interp::load_lsystem_text(text, "test.ls", opts, ls, diags);
}

// Runs ls to simulated time `until` with the file's settings (changed by
// tweak), leaving the final (or last finite) state in ls. The rows of the
// trace go to on_row.
inline bool simulate(interp::Lsystem& ls, double until, std::vector<grammar::Diagnostic>& diags,
                     const std::function<void(const interp::TraceRow&)>& on_row = nullptr,
                     const std::function<void(interp::RunSettings&)>& tweak = nullptr, double trace_every = 0) {
  interp::RunSettings settings = interp::file_settings(*ls.rules);
  if (tweak) tweak(settings);
  if (!interp::check_run_length(ls, settings, until, diags)) return false;
  interp::Simulation sim;
  const bool ok = sim.start(std::move(ls), settings, diags) && interp::run_until(sim, until, trace_every, on_row, diags);
  ls = sim.lsystem();
  ls.history = sim.history();  // so that saved_text(ls) resumes exactly
  return ok;
}

// The derived string of .ls text (or, with path "x.l", of cpfg text), modules separated by blanks.
inline std::string derived_text(const std::string& ls_text, int n, const interp::LoadOptions& opts = {},
                                const std::string& path = "test.ls") {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  if (!interp::load_lsystem_text(ls_text, path, opts, ls, diags))
    return "<load error: " + (diags.empty() ? "" : diags[0].message) + ">";
  if (!interp::derive(ls, n, {}, diags)) return "<derive error: " + diags[0].message + ">";
  std::string s = interp::string_to_text(ls.current, ls.rules->symbols);
  if (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

// The derived string of cpfg text (read as a .l file).
inline std::string cpfg_derived(const std::string& text, int n, const interp::LoadOptions& opts = {}) {
  return derived_text(text, n, opts, "test.l");
}

// Module text without spaces, for comparing with the book's strings.
inline std::string compact(std::string s) {
  std::string out;
  for (char c : s)
    if (c != ' ') out += c;
  return out;
}

struct Run {
  int status = -1;
  std::string out;  // standard output and error, merged
};

// Runs a shell command line; returns its exit status and output.
inline Run run(const std::string& cmd) {
  Run r;
  std::FILE* p = ::popen((cmd + " 2>&1").c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf;
  std::size_t k;
  while ((k = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), k);
  int st = ::pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

inline std::string lsd_exe() { return LSD_EXE; }

// The start of a command line that runs a program under strace, tracing the
// system calls `calls` into `log`. LeakSanitizer cannot run under ptrace, so
// leak detection is off for the traced program (make sanitize).
inline std::string strace_prefix(const std::string& log, const std::string& calls) {
  return "env ASAN_OPTIONS=detect_leaks=0 strace -qq -f -e trace=" + calls + " -o '" + log + "' ";
}

// Whether strace is installed and may trace here (a container can forbid ptrace).
inline bool strace_works() { return run("strace -qq -f -o /dev/null true").status == 0; }

// Whether `program` is on the PATH; if not, the test case is skipped (see skip):
// `if (!lsd::test::have_program("blender", "apt-get install blender")) return;`.
inline bool have_program(const std::string& program, const std::string& how_to_install) {
  if (run("command -v '" + program + "'").status == 0) return true;
  skip(program + " is not on PATH (" + how_to_install + ")");
  return false;
}

// A fresh temporary folder, removed with everything in it when the test ends:
// tests never share a fixed /tmp name (parallel runs, other users).
class TempDir {
 public:
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "lsd_test_XXXXXX").string();
    if (::mkdtemp(tmpl.data())) dir_ = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string path(const std::string& name) const { return dir_ + "/" + name; }
  // Writes text to a file in the folder; returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name)) << text;
    return path(name);
  }

 private:
  std::string dir_;
};

// Writes `text` as bad.ls in dir and runs `lsd COMMAND bad.ls ARGS`: it
// must fail, and its output must hold `expected` (a located message).
inline void check_fails(const TempDir& dir, const std::string& text, const std::string& command,
                        const std::string& expected, const std::string& args = "") {
  const std::string f = dir.write("bad.ls", text);
  const Run r = run(lsd_exe() + " " + command + " " + f + args);
  INFO(r.out);
  CHECK(r.status != 0);
  CHECK(r.out.find(expected) != std::string::npos);
}

// The lines of a text file (a trace, a saved string).
inline std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  std::string l;
  while (std::getline(in, l)) out.push_back(l);
  return out;
}

// A path in this test process's own temporary folder (made once, removed
// when the process ends): unique names without a TempDir per test.
inline std::string temp_path(const std::string& name) {
  static const TempDir dir;
  return dir.path(name);
}

}  // namespace lsd::test
