// The command line of `lsd` (docs/language.md section 8) on CLI11: the option
// groups that several commands share, and what turns them into the
// interpreter's LoadOptions and RunSettings. Each command adds exactly the
// groups it reads (commands.hpp).
#pragma once
#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/limits.hpp"
#include "interpreter/growth/lsystem.hpp"
#include "interpreter/lsystem/settings.hpp"

namespace lsd::cli {

constexpr int kExitOk = 0, kExitInput = 1, kExitUsage = 2;

// The .ls file and how it is loaded: -D, --seed, --axiom-file, --max-modules,
// and what a cpfg model may run and read (docs/language.md 9.7):
// --allow-programs, --program-dir, --allow-path-programs, --allow-outside-files;
// and --sway.
struct InputOptions {
  std::string file;
  std::vector<std::string> defines;  // NAME=VALUE, checked when parsed
  std::optional<std::uint64_t> seed;
  std::string axiom_file;
  std::size_t max_modules = limits::kModules;
  interp::Trust trust;
  bool sway = false;  // --sway: `dynamics: body: F, joints: auto` for a model without one (docs/language.md 7.8)
};
void add_input_options(CLI::App& cmd, InputOptions& o, bool file_required = true);

// Growth and motion for a time: --time, and the run options --dt,
// --grow-every, --integrator (the viewer takes those too).
struct MotionOptions {
  std::optional<double> time;  // s; unset: the command's default
  std::optional<double> dt, grow_every, tolerance;
  std::optional<double> turtle_unit;  // --turtle-unit, m
  std::string integrator;  // implicit, euler or explicit; empty: the file's
  std::string wind;        // X,Y,Z in m/s; empty: the file's
  interp::RunOverrides overrides() const;
};
// time_help says what --time does for this command.
void add_motion_options(CLI::App& cmd, MotionOptions& o, const char* time_help);
// --dt, --grow-every, --integrator, --wind and --turtle-unit alone.
void add_run_options(CLI::App& cmd, MotionOptions& o);

// --quiet: no progress line (progress.hpp).
void add_quiet_option(CLI::App& cmd, bool& quiet);
// --fps F: frames per second of an animation (positive, at most 1000).
void add_fps_option(CLI::App& cmd, std::optional<double>& fps, const char* help);

// -n N: derivation steps.
void add_steps_option(CLI::App& cmd, std::optional<long>& n, const char* help);
// -o OUT.
CLI::Option* add_output_option(CLI::App& cmd, std::string& out, const char* help);

// A number option checked against [lo, hi] with a readable message.
CLI::Validator number_range(double lo, double hi);

// -D, --seed, --axiom-file, --max-modules and the trust flags as the interpreter takes them.
interp::LoadOptions load_options(const InputOptions& in);
// Loads the file with them, printing diagnostics (and a warning for each -D
// NAME the file never mentions).
bool load(const InputOptions& in, interp::Lsystem& ls);
// Adds "FILE: warning: -D NAME=V: the file never uses 'NAME'" to diags for
// each such -D (with "did you mean" a constant of the file).
void warn_unused_defines(const InputOptions& in, const interp::Lsystem& ls, std::vector<grammar::Diagnostic>& diags);
// The settings of a run: the file's, changed by the command line. -n, when
// given, is the number of derivation steps of the run from the string's step
// (ls.derivation_length: set_run_steps).
interp::RunSettings run_settings(interp::Lsystem& ls, const MotionOptions& m, std::optional<long> n,
                                 std::size_t max_modules);

// Diagnostics on standard error, with the source line and a caret when the
// diagnostic is in ls's file (at most the first 100).
void print_diags(const std::vector<grammar::Diagnostic>& diags, const interp::Lsystem* ls);

// Creates the folders missing on the way to path (as mkdir -p); on failure
// prints "lsd: error: cannot create the folder 'F' for 'PATH': why" and
// returns false. Every file lsd writes goes through it.
bool make_folder_for(const std::string& path);
// Writes a file atomically, not synced (an export: the same command makes it
// again; docs/language.md 8.5), creating missing folders; on failure prints
// "lsd: error: ..." and returns false.
bool save_file(const std::string& path, const std::string& content);
// The same for the string file of ls (streamed: interp::save_string), synced
// or not, with a simulation's integrator history (Simulation::history) when
// it has one.
bool save_string(const std::string& path, const interp::Lsystem& ls, interp::Durability durability,
                 const std::vector<double>& history = {});

// The closest of `names` to `word` (for "did you mean"), or "" when none is close.
std::string closest(const std::string& word, const std::vector<std::string>& names);

}  // namespace lsd::cli
