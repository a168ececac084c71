// Internal to the rule compiler (rules.cpp, compile_ctx.cpp, keys.cpp): what compiling one
// file reads and where it reports. Not part of the interpreter's API.
#pragma once
#include <string>
#include <vector>

#include "interpreter/lsystem/rules.hpp"

namespace lsd::interp::detail {

struct Ctx {
  const std::string& path;
  const RuleSet& rs;  // read: symbols and constants compiled so far
  std::vector<grammar::Diagnostic>& diags;

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
void compile_dynamics(const Ctx& c, const grammar::FileAst& file, RuleSet& out);

}  // namespace lsd::interp::detail
