// Derivation speed: output modules per second on one core, for a plain
// bracketed grammar (fig. 1.24a), a parametric one (fig. 2.6a) and a
// context-sensitive one (fig. 1.31b). Prints figures; asserts nothing.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "interpreter/lsystem/files.hpp"
#include "interpreter/growth/lsystem.hpp"
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
  // from the axiom and the string written out), against the same without;
  // and, as the floor of any joints kept in the string, the model itself
  // writing a bare module X (unrewritten, ignored by contexts) before its
  // bodies ("marked"), without --sway. In turns, best of 5.
  struct Marked {
    const char* file;
    std::vector<std::pair<std::string, std::string>> edits;  // the model's text, marked
  };
  const Marked marked[] = {
      {"abop/fig2_6a.ls", {{"!(w)F(l)", "!(w)XF(l)"}}},
      {"abop/fig1_31b.ls",
       {{"ignore: +-F", "ignore: +-FX"}, {"axiom: F1F1F1", "axiom: F1XF1XF1"}, {"1[-F1F1]", "1[-XF1XF1]"},
        {"--> 1F1\n", "--> 1XF1\n"}}},
  };
  std::printf("\n%-32s %8s %8s %8s %7s %7s %10s %8s %7s %7s\n", "grammar, lsd derive", "steps", "marked", "--sway",
              "floor", "added", "+ written", "--sway", "added", "target");
  for (const Case& c : cases) {
    const Marked* m = nullptr;
    for (const Marked& k : marked)
      if (c.file == std::string(k.file)) m = &k;
    if (!m) continue;  // (fig. 1.24a: past its derivation length derive() repeats it)
    const std::string path = std::string(LSD_SOURCE_DIR) + "/examples/" + c.file;
    std::string text, marked_text;
    if (!interp::read_file(path, text, nullptr)) return 1;
    marked_text = text;
    for (const auto& [from, to] : m->edits) {
      for (std::size_t at = marked_text.find(from); at != std::string::npos; at = marked_text.find(from, at + to.size()))
        marked_text.replace(at, from.size(), to);
    }
    double steps[3] = {1e300, 1e300, 1e300}, whole[3] = {1e300, 1e300, 1e300};
    for (int rep = 0; rep < 5; ++rep) {
      for (int k = 0; k < 3; ++k) {  // plain, marked, --sway (in turns)
        interp::LoadOptions o;
        o.compile.sway = k == 2;
        interp::Lsystem ls;
        std::vector<grammar::Diagnostic> diags;
        const auto t0 = std::chrono::steady_clock::now();
        if (!interp::load_lsystem_text(k == 1 ? marked_text : text, path, o, ls, diags) ||
            !interp::derive(ls, c.warm, {}, diags))
          return 1;
        const auto t1 = std::chrono::steady_clock::now();
        if (!interp::derive(ls, c.timed, {}, diags)) return 1;
        const auto t2 = std::chrono::steady_clock::now();
        std::FILE* null = std::fopen("/dev/null", "w");
        if (!null || !interp::write_string(null, ls.current, ls.rules->symbols)) return 1;
        std::fclose(null);
        const auto t3 = std::chrono::steady_clock::now();
        steps[k] = std::min(steps[k], std::chrono::duration<double>(t2 - t1).count());
        whole[k] = std::min(whole[k], std::chrono::duration<double>(t3 - t0).count());
      }
    }
    std::printf("%-32s %8.4f %8.4f %8.4f %6.0f%% %6.0f%% %10.4f %8.4f %6.0f%% %8s\n", c.name, steps[0], steps[1],
                steps[2], 100 * (steps[1] / steps[0] - 1), 100 * (steps[2] / steps[0] - 1), whole[0], whole[2],
                100 * (whole[2] / whole[0] - 1), "<= 10%");
  }
  return 0;
}
