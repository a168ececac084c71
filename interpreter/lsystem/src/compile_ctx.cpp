// What compiling one file reads and where it reports (compile_ctx.hpp).
#include "interpreter/lsystem/src/compile_ctx.hpp"

#include <cmath>

#include "grammar/alphabet.hpp"

namespace lsd::interp {

namespace detail {

NameLookup Ctx::constants_only() const {
  NameLookup l;
  l.cpfg = rs.cpfg;
  l.constant = [this](const std::string& n) -> std::optional<double> {
    auto it = rs.constants.find(n);
    if (it == rs.constants.end()) return std::nullopt;
    return it->second;
  };
  return l;
}

NameLookup Ctx::with_globals() const {
  NameLookup l = constants_only();
  l.global = [this](const std::string& n) {
    for (std::size_t k = 0; k < rs.globals.size(); ++k)
      if (rs.globals[k] == n) return int(k);
    return -1;
  };
  l.array = [this](const std::string& n, int& id) -> const ArrayInfo* {
    for (std::size_t k = 0; k < rs.arrays.size(); ++k)
      if (rs.arrays[k].name == n) {
        id = int(k);
        return &rs.arrays[k];
      }
    return nullptr;
  };
  return l;
}

bool Ctx::constant(const grammar::Expr& e, double& v, const std::string& what) const {
  CompiledExpr c;
  if (!compile_expr(e, constants_only(), c, diags, path)) return false;
  if (!c.is_constant) {
    error(e.pos, what + " must be a constant expression (no random numbers)");
    return false;
  }
  if (!std::isfinite(c.value)) {
    error(e.pos, what + " is not a finite number");
    return false;
  }
  v = c.value;
  return true;
}

bool Ctx::split(const grammar::ModuleAst& m, std::vector<SymbolId>& syms) const {
  std::size_t bad = 0;
  if (!rs.symbols.split(m.word, syms, bad)) {
    grammar::Pos p = m.pos;
    p.col += int(bad);
    if (grammar::is_builtin_prefix(m.word[0]))
      error(p, "unknown built-in module '" + m.word + "'");
    else
      error(p, std::string("'") + m.word[bad] + "' is not a module symbol (declare multi-character names with module:)");
    return false;
  }
  return true;
}

bool Ctx::symbols_of(const grammar::ModuleList& list, std::vector<SymbolId>& out) const {
  bool ok = true;
  for (const auto& m : list) {
    if (m.has_params) {
      error(m.pos, "parameters are not allowed here");
      ok = false;
    }
    ok = split(m, out) && ok;
  }
  return ok;
}

}  // namespace detail

}  // namespace lsd::interp
