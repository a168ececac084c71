// An L-system being derived: its compiled rules and its current string.
// What the command line, the simulation and the viewer hold.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "derive.hpp"
#include "grammar/diagnostic.hpp"
#include "rules.hpp"
#include "string_io.hpp"

namespace lsd::interp {

struct LoadOptions {
  CompileOptions compile;   // -D and --seed
  std::string axiom_file;   // --axiom-file: start from a saved string
  std::size_t max_modules = DeriveOptions{}.max_modules;  // --max-modules: bounds --axiom-file and the axiom's decomposition
};

constexpr std::size_t kMaxLsFileBytes = std::size_t(64) << 20;  // a .ls file larger than 64 MiB is refused

struct Lsystem {
  grammar::Source source;   // the .ls text, to print diagnostics
  RuleSet rules;
  ModuleString current;
  int steps_done = 0;       // derivation steps applied so far
  double time = 0;          // simulated time (section 6)
  DeriveScratch scratch;
};

// Reads, parses and compiles a .ls file and sets the current string to the
// (decomposed) axiom or to --axiom-file. All problems go to diags.
bool load_lsystem(const std::string& path, const LoadOptions& opts, Lsystem& out,
                  std::vector<grammar::Diagnostic>& diags);
bool load_lsystem_text(const std::string& text, const std::string& path, const LoadOptions& opts, Lsystem& out,
                       std::vector<grammar::Diagnostic>& diags);

// An exact shortcut for long derivations (`derivation length: 1000000000` with
// `A --> A`): when the L-system is deterministic (RuleSet::deterministic), a
// string equal to the one of an earlier step repeats with that period forever,
// so the remaining whole periods can be skipped. Fixed points are seen at any
// size; longer cycles by Brent's method on strings of up to kMaxSnapshot modules.
class RepeatDetector {
 public:
  static constexpr std::size_t kMaxSnapshot = std::size_t(1) << 16;
  RepeatDetector(const RuleSet& rules, const ModuleString& s, long step);
  // After a derivation step that led to string s at step `step` (same: the step
  // changed nothing): the period of the repetition, or 0 if none is known.
  long observe(const ModuleString& s, bool same, long step);

 private:
  bool on_ = false;
  ModuleString saved_;
  long saved_at_ = 0, power_ = 1;
};

// Derives n steps (stops at the first error, keeping the last complete string).
bool derive(Lsystem& ls, int n, const DeriveOptions& opts, std::vector<grammar::Diagnostic>& diags);

// The string file of the current state: header line and string.
std::string saved_text(const Lsystem& ls);

}  // namespace lsd::interp
