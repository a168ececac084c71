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
};

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

// Derives n steps (stops at the first error, keeping the last complete string).
bool derive(Lsystem& ls, int n, const DeriveOptions& opts, std::vector<grammar::Diagnostic>& diags);

// The string file of the current state: header line and string.
std::string saved_text(const Lsystem& ls);

}  // namespace lsd::interp
