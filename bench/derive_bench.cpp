// Derivation speed: output modules per second on one core, for a plain
// bracketed grammar (fig. 1.24a), a parametric one (fig. 2.6a) and a
// context-sensitive one (fig. 1.31b). Prints figures; asserts nothing.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "interpreter/lsystem/lsystem.hpp"
#include "interpreter/lsystem/string_io.hpp"

using namespace lsd;

struct Case {
  const char* name;
  const char* file;
  int warm;   // steps derived before timing
  int timed;  // steps timed
  double target;  // M modules/s
};

int main(int argc, char** argv) {
  const bool tsv = argc > 1 && std::string(argv[1]) == "--tsv";  // for scripts/bench.sh
  const Case cases[] = {
      {"plain (fig. 1.24a)", "abop/fig1_24a.ls", 6, 2, 50},
      {"parametric (fig. 2.6a)", "abop/fig2_6a.ls", 15, 4, 20},
      {"context-sensitive (fig. 1.31b)", "abop/fig1_31b.ls", 30, 14, 10},
  };
  if (!tsv) std::printf("%-32s %14s %12s %10s %8s\n", "grammar", "modules out", "seconds", "M/s", "target");
  for (const Case& c : cases) {
    interp::Lsystem ls;
    std::vector<grammar::Diagnostic> diags;
    std::string path = std::string(LSD_SOURCE_DIR) + "/examples/" + c.file;
    if (!interp::load_lsystem(path, {}, ls, diags) || !interp::derive(ls, c.warm, {}, diags)) {
      std::printf("%s: cannot load\n", c.file);
      return 1;
    }
    double best = 1e300;
    std::size_t out = 0;
    for (int rep = 0; rep < 3; ++rep) {
      interp::ModuleString s = ls.current;
      interp::DeriveScratch scratch;
      out = 0;
      auto t0 = std::chrono::steady_clock::now();
      for (int k = 0; k < c.timed; ++k) {
        auto res = interp::derive_step(*ls.rules, s, c.warm + k, {}, scratch);
        if (!res.ok) return 1;
        out += s.size();
      }
      double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (sec < best) best = sec;
    }
    if (tsv)
      std::printf("%s\t%zu\t%.4f\t%.2f\n", c.name, out, best, out / best / 1e6);
    else
      std::printf("%-32s %14zu %12.4f %10.1f %8.0f\n", c.name, out, best, out / best / 1e6, c.target);
  }
  if (tsv) return 0;
  // --sway (docs/language.md 7.8): lsd derive's steps (derive(), the joints
  // of joints: auto put in after each), and lsd derive as a whole (the steps
  // from the axiom and the string written out), against the same without.
  std::printf("\n%-32s %9s %9s %7s %11s %9s %7s %8s\n", "grammar, lsd derive", "steps", "--sway", "added",
              "+ written", "--sway", "added", "target");
  for (const Case& c : cases) {
    if (c.file == std::string("abop/fig1_24a.ls")) continue;  // (past its derivation length derive() repeats it)
    double steps[2] = {1e300, 1e300}, whole[2] = {1e300, 1e300};
    for (int rep = 0; rep < 5; ++rep) {
      for (int sway = 0; sway < 2; ++sway) {  // (in turns)
        interp::LoadOptions o;
        o.compile.sway = sway == 1;
        interp::Lsystem ls;
        std::vector<grammar::Diagnostic> diags;
        std::string path = std::string(LSD_SOURCE_DIR) + "/examples/" + c.file;
        const auto t0 = std::chrono::steady_clock::now();
        if (!interp::load_lsystem(path, o, ls, diags) || !interp::derive(ls, c.warm, {}, diags)) return 1;
        const auto t1 = std::chrono::steady_clock::now();
        if (!interp::derive(ls, c.timed, {}, diags)) return 1;
        const auto t2 = std::chrono::steady_clock::now();
        std::FILE* null = std::fopen("/dev/null", "w");
        if (!null || !interp::write_string(null, ls.current, ls.rules->symbols)) return 1;
        std::fclose(null);
        const auto t3 = std::chrono::steady_clock::now();
        steps[sway] = std::min(steps[sway], std::chrono::duration<double>(t2 - t1).count());
        whole[sway] = std::min(whole[sway], std::chrono::duration<double>(t3 - t0).count());
      }
    }
    std::printf("%-32s %9.4f %9.4f %6.0f%% %11.4f %9.4f %6.0f%% %8s\n", c.name, steps[0], steps[1],
                100 * (steps[1] / steps[0] - 1), whole[0], whole[1], 100 * (whole[1] / whole[0] - 1), "<= 10%");
  }
  return 0;
}
