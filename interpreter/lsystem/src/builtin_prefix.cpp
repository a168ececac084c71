// A cpfg homomorphism production for the first characters of built-ins
// (`@G --> *`), compiled as productions for the built-ins they begin
// (compile_ctx.hpp; docs/language.md 9.3, "Built-ins of several characters").
#include <string_view>

#include "grammar/alphabet.hpp"
#include "interpreter/lsystem/src/compile_ctx.hpp"

namespace lsd::interp::detail {

Arities produced_arities(const RuleSet& rs) {
  Arities out;
  for (std::size_t i = 0; i < rs.axiom.size(); ++i) out[rs.axiom.sym[i]].insert(rs.axiom.nparams(i));
  for (const auto& m : rs.axiom_succ) out[m.sym].insert(int(m.params.size()));
  for (const ProductionGroup* g : {&rs.main, &rs.decomposition, &rs.homomorphism})
    for (const auto& p : g->prods)
      for (const auto& s : p.succ) out[s.sym].insert(int(s.params.size()));
  // A bare K before an element gets its six parameters when the model is built (docs/language.md 7.9).
  if (rs.dynamics.enabled && out.count(rs.dynamics.curvature)) out[rs.dynamics.curvature].insert(6);
  return out;
}

void add_arities(const RuleSet& rs, const grammar::Section& s, Arities& out) {
  std::vector<SymbolId> syms;
  std::size_t bad = 0;  // (a word that does not split is reported where it is compiled)
  for (const grammar::ProductionAst& p : s.productions)
    for (const grammar::ModuleAst& m : p.succ) {
      syms.clear();
      if (!rs.symbols.split(m.word, syms, bad)) continue;
      for (std::size_t k = 0; k < syms.size(); ++k)
        out[syms[k]].insert(k + 1 == syms.size() ? int(m.params.size()) : 0);
    }
}

std::vector<grammar::ProductionAst> builtin_prefix_productions(const Ctx& c, const grammar::ProductionAst& pa) {
  std::vector<grammar::ProductionAst> out;
  if (!c.produced || pa.pred.size() != 1 || pa.pred[0].has_params) return out;
  const std::string& word = pa.pred[0].word;
  std::vector<SymbolId> syms;
  for (std::string_view name : grammar::kBuiltinNames) {
    if (name.size() <= word.size() || name.substr(0, word.size()) != word) continue;
    grammar::ModuleAst whole{pa.pred[0].pos, std::string(name), false, {}};
    syms.clear();
    std::size_t bad = 0;
    if (!c.rs.symbols.split(whole.word, syms, bad) || syms.size() != 1) continue;
    const auto it = c.produced->find(syms[0]);
    if (it == c.produced->end()) continue;  // never in the string: nothing to rewrite
    for (const int n : it->second) {
      grammar::ProductionAst q = pa;
      grammar::ModuleAst& pred = q.pred[0];
      pred.word = whole.word;
      pred.has_params = n > 0;
      grammar::ModuleAst rest{pred.pos, std::string(name.substr(word.size())), n > 0, {}};
      for (int k = 0; k < n; ++k) {  // parameters named so that no written name can be the same
        pred.params.push_back({grammar::Expr::Kind::Name, pred.pos, 0, "(" + std::to_string(k) + ")", {}});
        rest.params.push_back(pred.params.back());
      }
      q.succ.push_back(std::move(rest));
      out.push_back(std::move(q));
    }
  }
  return out;
}

}  // namespace lsd::interp::detail
