// String files (docs/language.md section 3): modules separated by single spaces,
// parameters as the shortest decimal text that reads back to the same double.
#pragma once
#include <cstdio>
#include <string>
#include <vector>

#include "common/numbers.hpp"
#include "grammar/diagnostic.hpp"
#include "interpreter/lsystem/files.hpp"
#include "interpreter/lsystem/module_string.hpp"
#include "interpreter/lsystem/symbols.hpp"

namespace lsd::interp {

// The `# lsd t=<time> step=<steps>` line of a saved string. A simulation
// adds its clock, `t0=<origin> n=<steps> dt=<dt>` with t = t0 + n x dt, so
// that a resumed run counts time exactly as the uninterrupted one did.
struct StringHeader {
  bool present = false;
  double time = 0;
  int step = 0;
  bool has_clock = false;  // t0, n and dt were given (and agree with t)
  double clock_origin = 0, clock_dt = 0;
  long clock_ticks = 0;
  // `# lsd history <numbers>`: the integrator's history (dyn::save_history),
  // written by a simulation so that a resumed run is exact.
  std::vector<double> history;
};
std::string history_line(const std::vector<double>& history);  // "# lsd history ...\n"

// The text of a string: its modules separated by single spaces, then a
// newline. write_string streams it to `out` through a bounded buffer
// (kStreamBuffer bytes), never holding the whole text; false when a write
// fails. string_to_text gives the same text as one string.
constexpr std::size_t kStreamBuffer = std::size_t(1) << 20;
bool write_string(std::FILE* out, const ModuleString& s, const SymbolTable& symbols);
std::string string_to_text(const ModuleString& s, const SymbolTable& symbols);
std::string header_line(const StringHeader& h);  // "# lsd t=... step=...\n"
// A whole string file, the header line and the string, streamed to `path`
// as a StagedFile (files.hpp). On failure returns false with a message.
bool write_string_file(const std::string& path, const StringHeader& h, const ModuleString& s,
                       const SymbolTable& symbols, std::string* error, Durability durability = Durability::kSynced);

// Reads a string file. Names are split as in a .ls file (declared names by
// longest match, then single characters). Errors are located by line and column.
struct StringLimits {
  std::size_t max_modules = 0xffffffffu;  // more modules is an error
  std::size_t max_params = 0xffffffffu;   // more parameters is an error (never more than 2^32 - 1)
};
bool read_string(const std::string& text, const std::string& path, const SymbolTable& symbols, ModuleString& out,
                 StringHeader& header, std::vector<grammar::Diagnostic>& diags, const StringLimits& limits = {});

// Parameters are written by common/numbers.hpp's shortest round-trip writer
// and read by its reader, the same in every build; these names are kept for
// the callers of the string's text.
using lsd::format_double;
using lsd::kNumberChars;
using lsd::write_double;

}  // namespace lsd::interp
