#include "interpreter/lsystem/origin.hpp"

#include "interpreter/lsystem/derive.hpp"

namespace lsd::interp {

ModuleOrigin module_origin(const RuleSet& rules, const ModuleString& s, std::size_t i) {
  ModuleOrigin o;
  if (i >= s.size()) return o;
  // Still the axiom (lsd check, the start of a run): module i is the axiom's.
  if (s.sym == rules.axiom.sym && rules.axiom_pos.size() == s.size()) {
    o.pos = rules.axiom_pos[i];
    o.places = 1;
    o.axiom = true;
    return o;
  }
  const SymbolId sym = s.sym[i];
  const int arity = s.nparams(i);
  auto found = [&](const grammar::Pos& p, bool axiom) {
    if (o.places++ == 0) {
      o.pos = p;
      o.axiom = axiom;
    }
  };
  for (std::size_t k = 0; k < rules.axiom.size() && k < rules.axiom_pos.size(); ++k)
    if (rules.axiom.sym[k] == sym && rules.axiom.nparams(k) == arity) found(rules.axiom_pos[k], true);
  for (const SuccessorModule& m : rules.axiom_succ)
    if (m.sym == sym && int(m.params.size()) == arity) found(m.pos, true);
  for (const ProductionGroup* g : {&rules.main, &rules.decomposition})
    for (const Production& p : g->prods)
      for (const SuccessorModule& m : p.succ)
        if (m.sym == sym && int(m.params.size()) == arity) found(m.pos, false);
  return o;
}

std::string origin_note(const RuleSet& rules, const ModuleOrigin& o, SymbolId sym) {
  if (o.places < 2) return "";
  return " (shown: the first of " + std::to_string(o.places) + " places in the file that write '" +
         rules.symbols.name(sym) + "')";
}

grammar::Diagnostic module_diagnostic(const RuleSet& rules, const ModuleString& s, std::size_t i,
                                      const ModuleLocator& locate, std::string message) {
  const ModuleOrigin o = locate ? locate(i) : module_origin(rules, s, i);
  if (i < s.size()) message += origin_note(rules, o, s.sym[i]);
  return {rules.path, o.pos, std::move(message)};
}

std::vector<grammar::Pos> origin_places(const RuleSet& rules, OriginTrack& track) {
  std::vector<grammar::Pos> places(rules.axiom_pos);
  auto group = [&](const ProductionGroup& g, std::vector<std::int32_t>& base) {
    base.clear();
    for (const Production& p : g.prods) {
      base.push_back(std::int32_t(places.size()));
      for (const SuccessorModule& m : p.succ) places.push_back(m.pos);
    }
  };
  group(rules.main, track.main_base);
  group(rules.decomposition, track.decomposition_base);
  return places;
}

}  // namespace lsd::interp
