// An L-system being derived: its compiled rules and its current string.
// What the command line, the simulation and the viewer hold.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/limits.hpp"
#include "interpreter/lsystem/derive.hpp"
#include "interpreter/growth/environment.hpp"
#include "grammar/diagnostic.hpp"
#include "interpreter/lsystem/rules.hpp"
#include "interpreter/lsystem/string_io.hpp"

namespace lsd::interp {

struct LoadOptions {
  CompileOptions compile;   // -D and --seed
  // More macros for a cpfg file's preprocessor: FUNCNAME=id of the view file's function set.
  std::vector<std::pair<std::string, std::string>> macros;
  std::string axiom_file;   // --axiom-file: start from a saved string
  std::size_t max_modules = limits::kModules;  // --max-modules: bounds --axiom-file and the axiom's decomposition
  std::string environment;  // a cpfg model's environment file (-e file.e in its specifications)
  std::string folder;       // a cpfg model's folder, which its files may not leave ("": the .l file's)
  // What the user allows a cpfg model (docs/language.md 9.7): its environment
  // program (--allow-programs ...), files outside its folder (--allow-outside-files).
  Trust trust;
  // (Internal) the replay of origin.hpp: where each module of the string was
  // written is tracked from the axiom on. Null for every other load.
  OriginTrack* track = nullptr;
};

// Simulated time, counted exactly: origin + ticks x dt, one rounding however
// many steps were taken (t += dt would drift: 0.015000999... after 15,000
// steps of 1e-6). A run to T ends at T and trace rows fall on their times.
struct Clock {
  double origin = 0;  // s
  double dt = 0;      // s, the step being counted (0 before the first)
  long ticks = 0;     // steps of dt since origin
  double now() const { return origin + double(ticks) * dt; }
  // Counts steps of h from now on (a new run, or dt changed).
  void count_steps_of(double h) {
    if (h == dt) return;
    origin = now();
    ticks = 0;
    dt = h;
  }
};

// The compiled rules, one immutable value: load_lsystem builds them (with
// every option of the load: -D, --seed, the joints of `joints: auto`) and
// freezes them; copies of an Lsystem (the viewer's reload, sweeps, tests)
// share them, and nothing changes them after compilation. The rules of an
// Lsystem never loaded: an empty RuleSet.
const std::shared_ptr<const RuleSet>& no_rules();

struct Lsystem {
  grammar::Source source;   // the .ls text, to print diagnostics
  std::shared_ptr<const RuleSet> rules = no_rules();  // shared, never null
  ModuleString current;
  int steps_done = 0;       // derivation steps applied so far
  // The derivation steps of the run: the file's (RuleSet::derivation_length)
  // unless the run asks for others (set_run_steps); its End: block runs
  // after the last of them, and a Simulation grows no further.
  int derivation_length = 0;
  Clock clock;              // simulated time (section 6)
  std::vector<double> history;  // the integrator's history, from a saved string (string_io.hpp)
  Machine machine;          // cpfg's global variables and arrays, as the blocks and statements left them;
                            // it points at the arrays and functions of *rules (set once, when loaded)
  DeriveScratch scratch;
  // joints: auto: the size of `current` when it was last found tidy
  // (joints_tidy, auto_joints.hpp), so that the next step fills the slots
  // of its successors and reads no more (SIZE_MAX: not known to be tidy).
  // Whatever changes the string's modules changes its size or resets this.
  std::size_t joints_tidy = SIZE_MAX;
  // What it was loaded from and with (the replay of origin.hpp loads it again).
  std::shared_ptr<const LoadOptions> loaded_with;
  // cpfg's environment program (environment.hpp): the .e file, the program
  // lsd would start (found when the model is loaded) and the program once the
  // first ?E is sent; after a failure the ?E keep their values. Without the
  // user's consent the program is not started: environment_failed from the
  // load on, and consent_needed says so (the viewer asks).
  std::string environment_file;
  std::string environment_program;
  std::shared_ptr<EnvironmentProgram> environment;
  bool environment_failed = false;
  bool environment_consent_needed = false;
  double time() const { return clock.now(); }
};

// -n N: the run derives N steps from where the string is (to step
// steps_done + N, within the limit of derivation steps).
void set_run_steps(Lsystem& ls, long n);

// A cpfg file: read with the C preprocessor and cpfg's rules (a .l file).
bool is_cpfg_path(const std::string& path);

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

// Derives n steps (stops at the first error, keeping the last complete
// string). Each step is the one growth step of every command: a turtle pass
// fills the query modules (?P ?H ?L ?U) from the current pose, the
// productions, cut and decomposition rewrite the string, and the queries are
// filled again. With an environment program, its answers are written into
// the ?E modules before each step, as cpfg does (environment.hpp); then no
// step is skipped as a repetition. A deterministic string that repeats an earlier one skips its
// remaining whole periods (RepeatDetector).
bool derive(Lsystem& ls, long n, const DeriveOptions& opts, std::vector<grammar::Diagnostic>& diags);

// The string as drawn (apply_homomorphism) with the L-system's state: the
// global variables as the blocks and statements left them, cpfg's random
// numbers going on from where the derivation left them, on copies (ls does
// not change). For a cpfg model whose view file leaves the view volume to
// cpfg (no `box:`) the homomorphism runs twice, as cpfg interprets the
// string once to find the view volume before it draws it
// (docs/language.md 9.3, "Drawings"). A living plant's drawing is this
// string too, made once per rebuild and kept for its model and its scene
// (living/, draw_string).
RewriteResult apply_homomorphism(const Lsystem& ls, ModuleString& out, const DeriveOptions& opts);

// The string file of the current state: header line, the integrator's
// history (ls.history, or the one given: string_io.hpp) and the string.
StringHeader saved_header(const Lsystem& ls, const std::vector<double>& history);
std::string saved_text(const Lsystem& ls);
std::string saved_text(const Lsystem& ls, const std::vector<double>& history);
// The same file streamed to `path` atomically (write_string_file), synced or
// not (files.hpp: Durability).
bool save_string(const std::string& path, const Lsystem& ls, std::string* error,
                 Durability durability = Durability::kSynced);
bool save_string(const std::string& path, const Lsystem& ls, const std::vector<double>& history, std::string* error,
                 Durability durability = Durability::kSynced);

}  // namespace lsd::interp
