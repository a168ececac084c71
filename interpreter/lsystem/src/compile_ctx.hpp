// Internal to the rule compiler (rules.cpp, compile_ctx.cpp, keys.cpp): what compiling one
// file reads and where it reports. Not part of the interpreter's API.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "interpreter/lsystem/rules.hpp"

namespace lsd::interp::detail {

// The parameter counts each symbol is produced with.
using Arities = std::map<SymbolId, std::set<int>>;

struct Ctx {
  const std::string& path;
  const RuleSet& rs;  // read: symbols and constants compiled so far
  std::vector<grammar::Diagnostic>& diags;
  const Arities* produced = nullptr;  // while the homomorphism compiles: what the file produces

  void error(grammar::Pos p, std::string m) const { diags.push_back({path, p, std::move(m)}); }

  // A name lookup that knows the #define constants only.
  NameLookup constants_only() const;
  // The #define constants, the global variables and the arrays.
  NameLookup with_globals() const;
  void warning(grammar::Pos p, std::string m) const { diags.push_back({path, p, std::move(m), true}); }

  // A constant expression (header values, axiom parameters, #define): false
  // after a diagnostic when it is not one or not finite.
  bool constant(const grammar::Expr& e, double& v, const std::string& what) const;

  // Splits a written module word into symbols; parameters belong to the last one.
  bool split(const grammar::ModuleAst& m, std::vector<SymbolId>& syms) const;

  // The symbols of a module list written without parameters (ignore:, consider:).
  bool symbols_of(const grammar::ModuleList& list, std::vector<SymbolId>& out) const;
};

// The parameter counts of the axiom's modules and of the successors of the
// productions compiled so far; add_arities adds a section's successors as
// written (builtin_prefix.cpp).
Arities produced_arities(const RuleSet& rs);
void add_arities(const RuleSet& rs, const grammar::Section& s, Arities& out);

// cpfg's string holds a built-in of several characters as that many modules
// (@Gc(2) is @, G and c(2)), so a homomorphism production for the first
// characters, `@G --> succ`, rewrites every built-in they begin: the
// productions lsd compiles for it, one for each such built-in and each
// parameter count it is produced with (Ctx::produced), whose successor is
// succ followed by the characters left (@Gc(x) --> succ c(x)). Empty when
// `pa` is no such production (builtin_prefix.cpp).
std::vector<grammar::ProductionAst> builtin_prefix_productions(const Ctx& c, const grammar::ProductionAst& pa);

// What the header's keys leave for the rest of the compilation.
struct HeaderState {
  const grammar::Item* axiom = nullptr;
  std::vector<SymbolId> ignore, consider;
  bool has_consider = false;
  // cpfg's blocks: Start:, End:, StartEach:, EndEach:, and define:
  const grammar::Item *start = nullptr, *end = nullptr, *start_each = nullptr, *end_each = nullptr;
  const grammar::Item* define = nullptr;
};

// The header and the dynamics: section through their key tables (keys.cpp).
void declare_modules(const Ctx& c, const grammar::FileAst& file, RuleSet& out);
void compile_header(const Ctx& c, const grammar::FileAst& file, RuleSet& out, HeaderState& st);
void compile_dynamics(const Ctx& c, const grammar::FileAst& file, RuleSet& out, bool sway);
// joints: auto's defaults for the keys the section does not write (keys.cpp;
// docs/language.md 7.8).
void apply_sway_defaults(RunSettings& s, const std::map<std::string, grammar::Pos>& written);

// joints: auto (auto_joints.cpp): the section --sway adds to a file without
// one (body F, joints auto, a joint symbol the model does not use), and,
// once the productions are compiled, the body carriers and the checks (the
// joint symbol used for something else; with --sway an F of two or more
// parameters in a .ls file, or nothing drawn that could be a body).
void sway_section(const Ctx& c, const grammar::FileAst& file, RuleSet& rs);
void finish_auto_joints(const Ctx& c, RuleSet& rs);

}  // namespace lsd::interp::detail
