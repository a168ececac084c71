#include "interpreter/lsystem/derive.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "interpreter/lsystem/src/matching.hpp"

namespace lsd::interp {
namespace {

using detail::matches;

// cpfg's cut, during the derivation step: a '%' that no production rewrites
// removes itself and the rest of its branch (the ']' stays). Returns where
// the copy goes on.
std::size_t skip_cut(const ModuleString& s, std::size_t i) {
  int depth = 0;
  std::size_t j = i + 1;
  for (; j < s.size(); ++j) {
    if (s.sym[j] == '[') ++depth;
    else if (s.sym[j] == ']' && depth-- == 0) break;
  }
  return j;
}

std::string where(const RuleSet& rules, const grammar::Pos& p) {
  return rules.path + ":" + std::to_string(p.line) + ":" + std::to_string(p.col);
}

// What is being rewritten, for messages: "derivation step 3", "the decomposition after derivation step 3".
std::string stage(const RuleSet& rules, const ProductionGroup& g, int step) {
  if (&g == &rules.homomorphism) return "the homomorphism";
  std::string s = "derivation step " + std::to_string(long(step) + 1);
  if (&g == &rules.decomposition) return step < 0 ? "the decomposition of the axiom" : "the decomposition after " + s;
  return s;
}

// Writes p's successor; false (with err) if a parameter is not finite.
bool emit(const Production& p, const RuleSet& rules, double* vars, Rng& rng, Machine* machine, ModuleString& out,
          std::size_t i, const ProductionGroup& g, int step, SymbolId slot_joint, grammar::Diagnostic& err) {
  if (p.has_post) eval_expr(p.post, vars, &rng, machine);  // cpfg: after the condition held
  const std::size_t from = out.size();
  if (p.succ_constant) {
    out.append(p.succ_string, 0, p.succ_string.size());
    fill_slots(p, out, from, slot_joint);
    return true;
  }
  for (const SuccessorModule& m : p.succ) {
    for (std::size_t k = 0; k < m.params.size(); ++k) {
      const CompiledExpr& e = m.params[k];
      double v = e.is_constant ? e.value : eval_expr(e, vars, &rng, machine);
      if (!std::isfinite(v) && machine && !machine->error.empty()) {  // a statement's error says more
        err = {rules.path, p.pos, machine->error + " (" + stage(rules, g, step) + ", module " + std::to_string(i) +
                                      " of the string)"};
        return false;
      }
      if (!std::isfinite(v)) {
        err = {rules.path, m.pos,
               "parameter " + std::to_string(k + 1) + " of '" + rules.symbols.name(m.sym) + "' is " +
                   (std::isnan(v) ? "not a number" : "infinite") + " (" + stage(rules, g, step) +
                   ", module " + std::to_string(i) + " of the string, production at " + where(rules, p.pos) + ")"};
        return false;
      }
      out.params.push_back(v);
    }
    out.sym.push_back(m.sym);
    out.param_begin.push_back(std::uint32_t(out.params.size()));
  }
  fill_slots(p, out, from, slot_joint);
  return true;
}

// The seed of the step's random numbers: the file's, or srand()'s.
std::uint64_t seed_of(const RuleSet& rules, const DeriveScratch& sc) {
  return sc.machine && sc.machine->reseeded ? sc.machine->seed : rules.seed;
}

// Which growth of the scratch belongs to g.
Growth& growth_of(const RuleSet& rules, const ProductionGroup& g, DeriveScratch& sc) {
  return sc.growth[&g == &rules.main ? 0 : &g == &rules.decomposition ? 1 : 2];
}

// Room for the output of a pass of g over `in`: the growth of g's last pass
// with a margin, but never more than g's longest successor can write or the
// limits allow. The vectors then grow without being copied (ABOP fig. 1.24a
// grows five-fold a step; reserving twice the input copied them twice).
void reserve_output(const ProductionGroup& g, const ModuleString& in, const Growth& last, std::size_t max_params,
                    const DeriveOptions& opts, ModuleString& out) {
  std::size_t longest = 1, most_params = 0;  // of one successor
  for (const Production& p : g.prods) {
    longest = std::max(longest, p.succ.size());
    std::size_t np = 0;
    for (const SuccessorModule& m : p.succ) np += m.params.size();
    most_params = std::max(most_params, np);
  }
  const double n = double(in.size());
  constexpr double kMargin = 1.0625;
  std::size_t modules = in.size() * 2, params = in.params.size() * 2;  // before the first pass
  if (last.modules > 0) {
    modules = std::size_t(n * last.modules * kMargin) + 16;
    params = std::size_t(n * last.params * kMargin) + 16;
  }
  modules = std::min({modules, in.size() * longest, opts.max_modules + longest});
  params = std::min({params, in.params.size() + in.size() * most_params, max_params + most_params});
  out.reserve(modules, params);
}

// For each symbol, the production that rewrites it whatever its parameters
// and neighbours, with a successor of constants (fig. 1.24a's F), when that
// is the symbol's first production and the choice is not stochastic; null
// otherwise.
struct Unconditional {
  std::vector<const Production*> always;  // (symbols)
  bool plain = true;  // every rewritten symbol has one, with a successor without parameters
  bool cuts = false;  // one of those successors has a '%'
};

Unconditional unconditional(const RuleSet& rules, const ProductionGroup& g) {
  Unconditional u{std::vector<const Production*>(g.by_symbol.size(), nullptr)};
  if (rules.cpfg || g.uses_machine) {  // cuts while deriving, statements: the general path
    u.plain = false;
    return u;
  }
  for (std::size_t s = 0; s < g.by_symbol.size(); ++s) {
    if (g.by_symbol[s].empty()) continue;
    const Production& p = g.prods[g.by_symbol[s].front()];
    if (!rules.stochastic && p.length() == 1 && p.pred.arity < 0 && !p.has_context() && !p.has_cond && p.succ_constant)
      u.always[s] = &p;
    u.plain = u.plain && u.always[s] && u.always[s]->succ_string.params.empty();
    if (u.always[s])
      for (SymbolId t : u.always[s]->succ_string.sym) u.cuts = u.cuts || t == '%';
  }
  return u;
}

// A pass of a plain group (Unconditional::plain) over a string without
// parameters (all of ABOP chapter 1): the output is symbols only, copied or
// replaced, and its parameter offsets are all zero, filled once at the end.
// Returns the production that grew the string past max_modules, or null.
// Tells whether the output has no '%', which saves the cut a search.
const Production* plain_pass(const Unconditional& u, const ModuleString& in, std::size_t max_modules,
                             SymbolId slot_joint, ModuleString& out, bool& changed, bool& no_cut) {
  const std::size_t nsym = u.always.size();
  const Production* grew = nullptr;
  bool copied_cut = false;
  for (std::size_t i = 0; i < in.size() && !grew; ++i) {
    const SymbolId c = in.sym[i];
    const Production* p = c < nsym ? u.always[c] : nullptr;
    if (!p) {
      copied_cut = copied_cut || c == '%';
      out.sym.push_back(c);
      continue;
    }
    const std::size_t from = out.sym.size();
    out.sym.insert(out.sym.end(), p->succ_string.sym.begin(), p->succ_string.sym.end());
    fill_slots(*p, out, from, slot_joint);
    changed = true;
    if (out.sym.size() > max_modules) grew = p;
  }
  out.param_begin.assign(out.sym.size() + 1, 0);
  no_cut = !copied_cut && !u.cuts;
  return grew;
}

}  // namespace

Machine start_machine(const RuleSet& rules) {
  Machine m;
  m.globals = rules.globals_init;
  m.arrays = &rules.arrays;
  m.functions = &rules.functions;
  m.budget = limits::kLoopIterations;
  m.cpfg = rules.cpfg;
  m.locals.assign(rules.locals, 0.0);
  return m;
}

bool run_block(const RuleSet& rules, const CompiledBlock& block, Machine& m, Rng& rng, grammar::Diagnostic& err) {
  if (block.empty()) return true;
  m.budget = limits::kLoopIterations;
  m.error.clear();
  eval_expr(block.code, nullptr, &rng, &m);
  if (!m.warning.empty() && m.warning_pos.line == 0) m.warning_pos = block.pos;
  if (m.error.empty()) return true;
  err = {rules.path, block.pos, m.error};
  return false;
}

std::size_t param_limit(const DeriveOptions& opts) {
  constexpr std::size_t kFormat = 0xffffffffu;  // 32-bit parameter offsets
  std::size_t p = opts.max_params ? opts.max_params
                  : opts.max_modules > kFormat / 2 ? kFormat
                                                   : 2 * opts.max_modules;
  return p < kFormat ? p : kFormat;
}

namespace {

// The production that rewrites module i of `in`, and the variables it bound
// (`vars`): the first that matches or, in a stochastic L-system, one of
// those that match drawn by weight (docs/language.md 3.4). Null when none does.
const Production* choose(const RuleSet& rules, const ProductionGroup& g, const ModuleString& in, std::size_t i,
                         std::size_t slots, Rng& rng, Machine* machine, DeriveScratch& sc, double*& vars) {
  const auto& cands = g.by_symbol[in.sym[i]];
  if (!rules.stochastic) {
    for (std::int32_t pi : cands) {
      const Production& p = g.prods[pi];
      if (matches(p, rules, in, i, sc.match, sc.vars.data(), rng, machine)) {
        vars = sc.vars.data();
        return &p;
      }
    }
    return nullptr;
  }
  sc.vars.resize(slots * cands.size());
  sc.cands.clear();
  sc.weights.clear();
  double total = 0;
  for (std::int32_t pi : cands) {
    const Production& p = g.prods[pi];
    double* v = sc.vars.data() + slots * sc.cands.size();
    if (!matches(p, rules, in, i, sc.match, v, rng, machine)) continue;
    double w = eval_expr(p.weight, v, &rng);
    if (!(w > 0)) w = 0;
    sc.cands.push_back(pi);
    sc.weights.push_back(w);
    total += w;
  }
  if (sc.cands.empty() || !(total > 0)) return nullptr;
  double r = rng.choice() * total;
  std::size_t k = 0;
  for (; k + 1 < sc.cands.size(); ++k) {
    if (r < sc.weights[k]) break;
    r -= sc.weights[k];
  }
  vars = sc.vars.data() + slots * k;
  return &g.prods[sc.cands[k]];
}

// The origins of a pass's output (origin.hpp), when they are tracked: the
// origin of each module copied, and the places of the successors written.
struct Tracking {
  OriginTrack* track = nullptr;  // null: not tracked
  const std::vector<std::int32_t>* base = nullptr;

  Tracking(const RuleSet& rules, const ProductionGroup& g, std::size_t n, OriginTrack* t)
      : track(&g == &rules.homomorphism ? nullptr : t) {
    if (track && track->ids.size() != n) track->lost = true;
    if (track && track->lost) track = nullptr;
    if (!track) return;
    track->next.clear();
    base = &g == &rules.main ? &track->main_base : &track->decomposition_base;
  }
  void copied(std::size_t i, std::size_t j) {  // modules i..j of the input, as they were
    if (track) track->next.insert(track->next.end(), track->ids.begin() + std::ptrdiff_t(i), track->ids.begin() + std::ptrdiff_t(j));
  }
  // p's successor, written from `from` on up to `to`.
  void written(const ProductionGroup& g, const Production& p, std::size_t from, std::size_t to) {
    if (!track) return;
    const std::size_t pi = std::size_t(&p - g.prods.data());
    const std::int32_t first = pi < base->size() ? (*base)[pi] : -1;
    for (std::size_t k = from; k < to; ++k)
      track->next.push_back(first < 0 || k - from >= p.succ.size() ? -1 : first + std::int32_t(k - from));
  }
  void finish() {
    if (track) std::swap(track->ids, track->next);
  }
};

}  // namespace

RewriteResult rewrite(const RuleSet& rules, const ProductionGroup& g, const ModuleString& in, ModuleString& out,
                      Rng& rng, int step, const DeriveOptions& opts, DeriveScratch& sc) {
  RewriteResult res;
  std::size_t i_now = 0;  // the module being rewritten, for messages
  const std::size_t max_params = param_limit(opts);
  Growth& growth = growth_of(rules, g, sc);
  out.clear();
  reserve_output(g, in, growth, max_params, opts, out);
  if (g.any_context) sc.match = match_brackets(in);
  const std::size_t slots = std::size_t(g.max_slots > 0 ? g.max_slots : 1);
  auto too_big = [&](grammar::Pos pos, const char* growing) {
    const bool params = out.size() <= opts.max_modules;
    res.ok = false;
    res.error = {rules.path, pos,
                 "the string grew past the limit of " +
                     std::to_string(params ? max_params : opts.max_modules) + (params ? " parameters" : " modules") +
                     " in " + stage(rules, g, step) + growing +
                     (params ? "" : " (raise the limit with --max-modules)")};
  };
  const std::size_t n = in.size();
  const std::uint8_t* has_rule = g.has_rule.data();
  const std::size_t nsym = g.has_rule.size();
  auto ruled = [&](SymbolId s) { return s < nsym && has_rule[s]; };
  sc.vars.resize(slots);
  // cpfg files cut while deriving (a '%' no production rewrites), not after.
  const bool cut_here = rules.cpfg && &g == &rules.main;
  Machine* machine = sc.machine;
  if (g.uses_machine && !machine) {  // a private one: globals from the file, effects kept in the scratch
    sc.own_machine = start_machine(rules);
    machine = &sc.own_machine;
  }
  if (machine) machine->budget = limits::kLoopIterations;
  auto statement_error = [&](const Production& p) {
    res.ok = false;
    res.error = {rules.path, p.pos, machine->error + " (" + stage(rules, g, step) + ", module " + std::to_string(i_now) +
                                         " of the string)"};
  };
  Unconditional u = unconditional(rules, g);
  Tracking tracking(rules, g, n, sc.track);
  if (tracking.track) {  // (the plain fast paths do not track)
    u.plain = false;
    std::fill(u.always.begin(), u.always.end(), nullptr);
  }
  auto finish = [&] {
    tracking.finish();
    if (out.size() > opts.max_modules || out.params.size() > max_params) too_big({}, "");
    const double per = double(std::max<std::size_t>(n, 1));
    growth = {double(out.size()) / per, double(out.params.size()) / per};
    return res;
  };
  if (u.plain && in.params.empty()) {
    if (const Production* p = plain_pass(u, in, opts.max_modules, sc.slot_joint, out, res.changed, res.no_cut)) {
      too_big(p->pos, "; this production was growing it");
      return res;
    }
    return finish();
  }

  for (std::size_t i = 0; i < n;) {
    if (!ruled(in.sym[i])) {  // copy a run of modules no production can rewrite
      std::size_t j = i + 1;
      while (j < n && !ruled(in.sym[j]) && !(cut_here && in.sym[j] == '%')) ++j;
      if (cut_here && in.sym[i] == '%') {
        i = skip_cut(in, i);
        continue;
      }
      out.append(in, i, j);
      tracking.copied(i, j);
      i = j;
      continue;
    }
    i_now = i;
    if (const Production* p = u.always[in.sym[i]]) {  // the common case, without the general machinery
      const std::size_t from = out.size();
      out.append(p->succ_string, 0, p->succ_string.size());
      fill_slots(*p, out, from, sc.slot_joint);
      res.changed = true;
      if (out.size() > opts.max_modules || out.params.size() > max_params) {
        too_big(p->pos, "; this production was growing it");
        return res;
      }
      ++i;
      continue;
    }
    double* chosen_vars = nullptr;
    const Production& first = g.prods[std::size_t(g.by_symbol[in.sym[i]].front())];  // (for a message)
    const Production* chosen = choose(rules, g, in, i, slots, rng, machine, sc, chosen_vars);
    if (!chosen) {
      if (cut_here && in.sym[i] == '%') {
        i = skip_cut(in, i);
        continue;
      }
      out.append(in, i, i + 1);
      tracking.copied(i, i + 1);
      ++i;
    } else {
      res.changed = true;
      const std::size_t from = out.size();
      if (!emit(*chosen, rules, chosen_vars, rng, machine, out, i, g, step, sc.slot_joint, res.error)) {
        res.ok = false;
        return res;
      }
      tracking.written(g, *chosen, from, out.size());
      if (out.size() > opts.max_modules || out.params.size() > max_params) {
        too_big(chosen->pos, "; this production was growing it");
        return res;
      }
      i += chosen->length();
    }
    if (machine && !machine->error.empty()) {
      statement_error(chosen ? *chosen : first);
      return res;
    }
  }
  return finish();
}

void apply_cut(ModuleString& s, ModuleString& tmp, OriginTrack* track) {
  // Is there a '%'? Blocks without an early exit, which the compiler
  // vectorises: the search was a tenth of a plain derivation step.
  const SymbolId* sym = s.sym.data();
  unsigned any = 0;
  constexpr std::size_t kBlock = 1024;
  for (std::size_t b = 0; b < s.size() && !any; b += kBlock) {
    const std::size_t e = std::min(s.size(), b + kBlock);
    for (std::size_t i = b; i < e; ++i) any |= unsigned(sym[i] == '%');
  }
  if (!any) return;
  tmp.clear();
  if (track && track->ids.size() != s.size()) track->lost = true;
  if (track && track->lost) track = nullptr;
  if (track) track->next.clear();
  auto keep = [&](std::size_t from, std::size_t to) {
    tmp.append(s, from, to);
    if (track) track->next.insert(track->next.end(), track->ids.begin() + std::ptrdiff_t(from), track->ids.begin() + std::ptrdiff_t(to));
  };
  const std::size_t n = s.size();
  std::size_t i = 0, run = 0;
  while (i < n) {
    if (s.sym[i] != '%') {
      ++i;
      continue;
    }
    keep(run, i);
    int depth = 0;  // skip to the end of the enclosing branch; its ']' stays
    std::size_t j = i + 1;
    for (; j < n; ++j) {
      if (s.sym[j] == '[') ++depth;
      else if (s.sym[j] == ']' && depth-- == 0) break;
    }
    i = run = j;
  }
  keep(run, n);
  std::swap(s, tmp);
  if (track) std::swap(track->ids, track->next);
}

RewriteResult decompose(const RuleSet& rules, ModuleString& s, int step, const DeriveOptions& opts,
                        DeriveScratch& sc) {
  RewriteResult res;
  if (rules.decomposition.empty()) return res;
  for (int d = 0; d < rules.decomposition.depth; ++d) {
    Rng own = step_rng(seed_of(rules, sc), std::uint64_t(step), std::uint64_t(d) + 1);
    Rng& rng = rules.cpfg_random ? cpfg_stream(rules, sc) : own;
    ModuleString out;
    res = rewrite(rules, rules.decomposition, s, out, rng, step, opts, sc);
    if (!res.ok) return res;
    std::swap(s, out);
    if (!rules.cpfg && !res.no_cut) apply_cut(s, sc.tmp, sc.track);
    if (!res.changed) break;
  }
  res.ok = true;
  return res;
}

RewriteResult derive_step(const RuleSet& rules, ModuleString& s, int step, const DeriveOptions& opts,
                          DeriveScratch& sc) {
  if (rules.cpfg) {
    if (sc.track) sc.track->lost = true;  // (not tracked: origin.hpp falls back to the file's places)
    return derive_step_cpfg(rules, s, step, opts, sc);
  }
  Rng own = step_rng(seed_of(rules, sc), std::uint64_t(step));
  Rng& rng = rules.cpfg_random ? cpfg_stream(rules, sc) : own;
  ModuleString out;
  RewriteResult res = rewrite(rules, rules.main, s, out, rng, step, opts, sc);
  if (!res.ok) return res;  // s is untouched: the last complete string survives
  if (!rules.cpfg && !res.no_cut) apply_cut(out, sc.tmp, sc.track);  // cpfg cuts while deriving (rewrite)
  bool changed = res.changed;
  res = decompose(rules, out, step, opts, sc);
  if (!res.ok) return res;
  res.changed = res.changed || changed;
  res.same = rules.deterministic && out == s;
  std::swap(s, out);
  return res;
}

RewriteResult apply_homomorphism(const RuleSet& rules, const ModuleString& in, ModuleString& out,
                                 const DeriveOptions& opts, DeriveScratch& sc) {
  RewriteResult res;
  if (rules.cpfg && !rules.homomorphism.empty()) return apply_homomorphism_cpfg(rules, in, out, nullptr, opts, sc);
  out = in;
  if (rules.homomorphism.empty()) return res;
  const std::uint64_t seed = rules.homomorphism.has_seed ? rules.homomorphism.seed : seed_of(rules, sc);
  // random: cpfg in a .ls file: a homomorphism with its own seed: has cpfg's stream of that seed
  Rng seeded = Rng::cpfg(0);
  const std::uint64_t hs = rules.homomorphism.seed;
  seeded.main_stream() = Rand48::words(0x330E, std::uint16_t(hs & 0xFFFF), std::uint16_t((hs >> 16) & 0xFFFF));
  for (int d = 0; d < rules.homomorphism.depth; ++d) {
    Rng own = step_rng(seed, 0, 1000 + std::uint64_t(d));
    Rng& rng = !rules.cpfg_random ? own : rules.homomorphism.has_seed ? seeded : cpfg_stream(rules, sc);
    ModuleString next;
    res = rewrite(rules, rules.homomorphism, out, next, rng, -1, opts, sc);
    if (!res.ok) return res;
    std::swap(out, next);
    if (!res.changed) break;
  }
  if (!rules.cpfg) apply_cut(out, sc.tmp);  // cpfg ignores a '%' in what it draws
  res.ok = true;
  return res;
}

}  // namespace lsd::interp
