// Where in the file a module of a derived string comes from, for messages
// about the string rather than a line of the file (the structure errors of
// docs/language.md 7.6). Nothing is recorded while deriving (lsd derive is
// not slowed): a string that is still the axiom maps module by module to
// the axiom as written; otherwise the module's symbol and parameter count
// are looked up among the axiom and the successors of the productions and
// decompositions that write such a module.
#pragma once
#include <cstddef>
#include <string>

#include "interpreter/lsystem/rules.hpp"

namespace lsd::interp {

struct ModuleOrigin {
  grammar::Pos pos;   // line 0: no place writes it (a string file's module)
  int places = 0;     // how many places write such a module; pos is the first
  bool axiom = false; // pos is in the axiom
};

ModuleOrigin module_origin(const RuleSet& rules, const ModuleString& s, std::size_t i);

// When several places write such a module: " (shown: the first of N places
// in the file that write 'X')"; else "".
std::string origin_note(const RuleSet& rules, const ModuleOrigin& o, SymbolId sym);

}  // namespace lsd::interp
