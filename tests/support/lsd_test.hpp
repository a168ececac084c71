// Helpers shared by the tests: load .ls text inline, derive, run the lsd executable.
#pragma once
#include <array>
#include <sys/wait.h>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "interpreter/lsystem.hpp"

namespace lsd::test {

inline std::string example(const std::string& rel) { return std::string(LSD_SOURCE_DIR) + "/examples/" + rel; }

// Loads .ls text; fails the test (via the returned diagnostics) when it does not compile.
inline bool load_text(const std::string& text, interp::Lsystem& ls, std::vector<grammar::Diagnostic>& diags,
                      const interp::LoadOptions& opts = {}) {
  return interp::load_lsystem_text(text, "test.ls", opts, ls, diags);
}

inline std::string derived_text(const std::string& ls_text, int n, const interp::LoadOptions& opts = {}) {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  if (!load_text(ls_text, ls, diags, opts)) return "<load error: " + (diags.empty() ? "" : diags[0].message) + ">";
  if (!interp::derive(ls, n, {}, diags)) return "<derive error: " + diags[0].message + ">";
  std::string s = interp::string_to_text(ls.current, ls.rules.symbols);
  if (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
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

// The lines of a text file (a trace, a saved string).
inline std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  std::string l;
  while (std::getline(in, l)) out.push_back(l);
  return out;
}

}  // namespace lsd::test
