// Where in the file a module of a derived string comes from, for messages
// about the string rather than a line of the file (the structure errors of
// docs/language.md 7.6). Nothing is recorded while deriving (lsd derive is
// not slowed). When a message needs it, ModuleOrigins (growth/origins.hpp)
// derives the L-system again from its axiom with the origin of every module tracked (the
// production, or the axiom, that wrote it); that is exact when the replay
// makes the same string (its symbols). Otherwise (a cpfg file, a string
// file, an environment program, growth that read the plant's motion and
// grew differently) module_origin looks the module's symbol and parameter
// count up among the axiom and the successors that write such a module.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

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

// Where module i of a string was written (for messages about it).
using ModuleLocator = std::function<ModuleOrigin(std::size_t)>;

// A message about module i of s, placed where the module was written:
// locate(i), or module_origin with its note when locate is empty.
grammar::Diagnostic module_diagnostic(const RuleSet& rules, const ModuleString& s, std::size_t i,
                                      const ModuleLocator& locate, std::string message);

struct OriginTrack;

// The places of the file the ids of an OriginTrack stand for (the axiom's
// modules, then every successor module of the productions, then of the
// decompositions) and the track's bases for them.
std::vector<grammar::Pos> origin_places(const RuleSet& rules, OriginTrack& track);

}  // namespace lsd::interp
