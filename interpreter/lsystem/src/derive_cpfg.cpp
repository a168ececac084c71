// cpfg's derivation step and homomorphism, as cpfg's generate.c and
// interpret.c do them (docs/language.md 9.3): the string is rewritten
// module by module, left to right; each successor is decomposed at once,
// depth first, with the contexts of the module it replaced; a stochastic
// L-system draws one number for every module; the homomorphism rewrites
// each module depth first as the turtle reaches it. The order matters
// because statements and random numbers have effects, and parameters are
// rounded to 32-bit floats when written (RuleSet::float_params).
#include <algorithm>
#include <cmath>
#include <string>

#include "interpreter/lsystem/derive.hpp"
#include "interpreter/lsystem/src/matching.hpp"

namespace lsd::interp {
namespace {

using detail::keep_locals;
using detail::matches_in;

// cpfg's cut (SkipCutPart): from a '%' to the ']' that ends its branch, a
// '$' that ends its sub-L-system or a '%' with parameters, which stay.
std::size_t skip_cut(const ModuleString& s, std::size_t i) {
  int level = 1, sub = 1;
  std::size_t j = i + 1;
  for (; j < s.size(); ++j) {
    const SymbolId c = s.sym[j];
    if (c == '[') ++level;
    else if (c == ']' && --level == 0) break;
    else if (c == '?' && s.nparams(j) > 0) ++sub;
    else if (c == '$' && --sub == 0) break;
    else if (c == '%' && s.nparams(j) > 0) break;
  }
  return j;
}

class Pass {
 public:
  Pass(const RuleSet& rules, const ModuleString& s, ModuleString& out, Rng& rng, int step,
       const DeriveOptions& opts, DeriveScratch& sc)
      : rules_(rules), s_(s), out_(out), rng_(rng), step_(step), opts_(opts), sc_(sc),
        max_params_(param_limit(opts)), m_(machine(rules, sc)) {
    if (rules.main.any_context || rules.decomposition.any_context || rules.homomorphism.any_context)
      match_ = match_brackets(s);
    int slots = 1;
    for (const ProductionGroup* g : {&rules.main, &rules.decomposition, &rules.homomorphism})
      slots = std::max(slots, g->max_slots);
    slots_ = std::size_t(slots);
    vars_.resize(slots_);
    if (rules.cpfg) {
      split_.resize(kFirstUserSymbol - kSymSphere);
      for (SymbolId b = kSymSphere; b < kFirstUserSymbol; ++b) {
        const std::string name = b == kSymBase ? "@M" : rules.symbols.name(b);  // (@M of 12 parameters)
        if (name.size() < 2) continue;
        split_[b - kSymSphere] = {int(name.size()) - 1, SymbolId(static_cast<unsigned char>(name.back()))};
      }
    }
    m_.budget = limits::kLoopIterations;
    // The joints of joints: auto draw no random number (docs/language.md 7.8),
    // unless a production names them.
    const SymbolId j = rules.dynamics.joint;
    auto names = [j](const ProductionGroup& g) { return j < g.by_symbol.size() && !g.by_symbol[j].empty(); };
    skip_joints_ = rules.dynamics.enabled && rules.dynamics.auto_joints && !names(rules.main) &&
                   !names(rules.decomposition);
  }

  RewriteResult derive();
  RewriteResult homomorphism(std::vector<std::int32_t>* origin);

 private:
  static Machine& machine(const RuleSet& rules, DeriveScratch& sc) {
    if (sc.machine) return *sc.machine;
    if (!sc.own_machine_ready) {
      sc.own_machine = start_machine(rules);
      sc.own_machine_ready = true;
    }
    return sc.own_machine;
  }

  std::string stage(const ProductionGroup& g) const {
    if (&g == &rules_.homomorphism) return "the homomorphism";
    const std::string s = "derivation step " + std::to_string(long(step_) + 1);
    return &g == &rules_.decomposition ? "the decomposition in " + s : s;
  }

  bool fail(const Production& p, const ProductionGroup& g, const std::string& why) {
    res_.ok = false;
    res_.error = {rules_.path, p.pos, why + " (" + stage(g) + ", module " + std::to_string(at_) + " of the string)"};
    return false;
  }

  bool statements_ok(const Production& p, const ProductionGroup& g) {
    if (!m_.warning.empty() && m_.warning_pos.line == 0) {  // where cpfg's warning arose
      m_.warning_pos = p.pos;
      m_.warning += " (" + stage(g) + ", module " + std::to_string(at_) + " of the string)";
    }
    return m_.error.empty() || fail(p, g, m_.error);
  }

  // The string may not grow past the limits.
  bool room(const Production* p, const ProductionGroup& g) {
    if (out_.size() <= opts_.max_modules && out_.params.size() <= max_params_ && work_ <= opts_.max_modules)
      return true;
    const bool params = out_.size() <= opts_.max_modules && work_ <= opts_.max_modules;
    res_.ok = false;
    res_.error = {rules_.path, p ? p->pos : grammar::Pos{},
                  std::string(work_ > opts_.max_modules ? "the successors written" : "the string") +
                      " grew past the limit of " +
                      std::to_string(params ? max_params_ : opts_.max_modules) +
                      (params ? " parameters" : " modules") + " in " + stage(g) +
                      (params ? "" : " (raise the limit with --max-modules)")};
    return false;
  }

  // p's successor, its post-condition statements run first, into `to`.
  bool emit(const Production& p, const ProductionGroup& g, double* vars, ModuleString& to) {
    if (p.has_post) {
      eval_expr(p.post, vars, &rng_, &m_);
      keep_locals(p, vars, m_);
    }
    if (!statements_ok(p, g)) return false;
    work_ += p.succ.size();
    const std::size_t from = to.size();
    if (p.succ_constant) {  // (rounded when compiled)
      to.append(p.succ_string, 0, p.succ_string.size());
      fill_slots(p, to, from, sc_.slot_joint);
      return true;
    }
    for (const SuccessorModule& sm : p.succ) {
      for (std::size_t k = 0; k < sm.params.size(); ++k) {
        const CompiledExpr& e = sm.params[k];
        double v = e.is_constant ? e.value : eval_expr(e, vars, &rng_, &m_);
        if (!statements_ok(p, g)) return false;
        if (!std::isfinite(v))
          return fail(p, g, "parameter " + std::to_string(k + 1) + " of '" + rules_.symbols.name(sm.sym) + "' is " +
                                (std::isnan(v) ? "not a number" : "infinite"));
        if (rules_.float_params) v = double(float(v));
        to.params.push_back(v);
      }
      to.sym.push_back(sm.sym);
      to.param_begin.push_back(std::uint32_t(to.params.size()));
    }
    fill_slots(p, to, from, sc_.slot_joint);
    return true;
  }

  // The first production of g whose predecessor matches buf at j and whose
  // contexts match the string around the module being rewritten.
  const Production* find(const ProductionGroup& g, const ModuleString& buf, std::size_t j) {
    const SymbolId c = buf.sym[j];
    if (c >= g.by_symbol.size()) return nullptr;
    for (std::int32_t pi : g.by_symbol[c]) {
      const Production& p = g.prods[std::size_t(pi)];
      const bool ok = matches_in(p, rules_, buf, j, s_, left_at_, right_at_, match_, vars_.data(), rng_, m_);
      if (!statements_ok(p, g)) return nullptr;
      if (ok) return &p;
    }
    return nullptr;
  }

  ModuleString& level(std::size_t d) {
    while (sc_.cpfg_levels.size() <= d) sc_.cpfg_levels.emplace_back();
    sc_.cpfg_levels[d].clear();
    return sc_.cpfg_levels[d];
  }

  // g's production p applies at depth 0 at the module j (of the string or of
  // a successor; p's variables are bound): writes its successor and rewrites
  // that depth first (what no production rewrites, or what is at g's maximum
  // depth, goes to the output); j moves past the predecessor.
  bool descend(const ProductionGroup& g, const Production& p, std::size_t& j) {
    struct Level {
      ModuleString* list;
      std::size_t pos;
    };
    std::vector<Level> stack;
    ModuleString& first = level(1);
    if (!emit(p, g, vars_.data(), first)) return false;
    j += p.length();
    stack.push_back({&first, 0});
    while (!stack.empty()) {
      const int d = int(stack.size());  // the depth of the modules of the top list
      const ModuleString& list = *stack.back().list;
      const std::size_t pos = stack.back().pos;
      if (pos >= list.size()) {
        stack.pop_back();
        continue;
      }
      const Production* q = find(g, list, pos);
      if (!res_.ok) return false;
      if (!q || d >= g.depth) {
        out_.append(list, pos, pos + 1);
        if (origin_) origin_->push_back(-1);
        ++stack.back().pos;
        if (!room(q, g)) return false;
        continue;
      }
      ModuleString& next = level(std::size_t(d) + 1);
      if (!emit(*q, g, vars_.data(), next) || !room(q, g)) return false;
      stack.back().pos += q->length();
      stack.push_back({&next, 0});
    }
    return true;
  }

  // The module s[i] as it is: copied, or cut.
  void copy(std::size_t& i, bool cut) {
    if (cut && s_.sym[i] == '%' && s_.nparams(i) < 2) {
      i = skip_cut(s_, i);
      return;
    }
    out_.append(s_, i, i + 1);
    if (origin_) origin_->push_back(std::int32_t(i));
    ++i;
  }

  // The successor in level 0 (of a main production) decomposed module by module.
  bool decompose_successor(const ModuleString& succ) {
    const ProductionGroup& g = rules_.decomposition;
    for (std::size_t j = 0; j < succ.size();) {
      const Production* p = find(g, succ, j);  // (searched even at depth 0, as cpfg: conditions have effects)
      if (!res_.ok) return false;
      if (p && g.depth > 0) {
        if (!descend(g, *p, j)) return false;
      } else {
        out_.append(succ, j, j + 1);
        ++j;
      }
    }
    return true;
  }

  // A built-in module's characters in cpfg's string: how many come before
  // the last, and the last (the one with the parameters).
  struct SplitBuiltin {
    int before = 0;
    SymbolId last = 0;
  };
  std::vector<SplitBuiltin> split_;  // (kFirstUserSymbol - kSymSphere)
  ModuleString last_;                // the last character of a built-in, as a module of its own

  // The successor of a production for the last character of built-in
  // `whole`: cpfg keeps the characters before it, so a successor that
  // starts with that character makes the built-in again (@o(r) with
  // o(r) --> o(r + 0.03) is @o(r + 0.03)). Any other successor loses them,
  // with a warning (lsd's string has no module '@' alone).
  void join_prefix(SymbolId whole, ModuleString& succ) {
    const SymbolId last = split_[whole - kSymSphere].last;
    if (!succ.empty() && succ.sym[0] == last) {
      succ.sym[0] = whole;
      return;
    }
    if (m_.warning.empty())
      m_.warning = "a production for '" + rules_.symbols.name(last) + "' rewrote the end of '" +
                   rules_.symbols.name(whole) + "' into something else: cpfg keeps '" +
                   rules_.symbols.name(whole).substr(0, std::size_t(split_[whole - kSymSphere].before)) +
                   "' before it, lsd drops it";
  }

  const RuleSet& rules_;
  const ModuleString& s_;
  ModuleString& out_;
  Rng& rng_;
  int step_;
  const DeriveOptions& opts_;
  DeriveScratch& sc_;
  std::size_t max_params_;
  Machine& m_;
  std::vector<std::int32_t> match_;
  std::size_t slots_ = 1;
  std::vector<double> vars_;
  std::vector<double> weights_;  // (applicable productions) of the module being chosen for
  std::vector<const Production*> cands_;
  std::vector<double> cand_vars_;
  std::vector<std::int32_t>* origin_ = nullptr;
  std::size_t at_ = 0, left_at_ = 0, right_at_ = 0;  // the module being rewritten, its contexts' ends
  std::size_t work_ = 0;  // successor modules written in this pass
  bool skip_joints_ = false;  // inserted joints are copied as they are
  RewriteResult res_;
};

RewriteResult Pass::derive() {
  const ProductionGroup& g = rules_.main;
  const bool decompose = !rules_.decomposition.empty();
  out_.clear();
  out_.reserve(s_.size() + s_.size() / 4 + 16, s_.params.size() + s_.params.size() / 4 + 16);
  for (std::size_t i = 0; i < s_.size();) {
    at_ = i;
    SymbolId c = s_.sym[i];
    if (skip_joints_ && c == rules_.dynamics.joint) {
      copy(i, false);
      if (!room(nullptr, g)) return res_;
      continue;
    }
    // A built-in of several characters (@Gs, @o, ?P) is that many modules in
    // cpfg's string: each draws in a stochastic L-system, and the last one,
    // with the parameters, may have productions of its own (o(r) --> ...
    // rewrites the o of @o). Predecessor matched on `buf`, at j.
    const ModuleString* buf = &s_;
    std::size_t j = i;
    int before = 0;  // cpfg's modules before the last one
    SymbolId whole = 0;
    if (c >= kSymSphere && c < kFirstUserSymbol) {
      const SplitBuiltin& b = split_[c - kSymSphere];
      before = b.before;
      if (b.last < g.by_symbol.size() && !g.by_symbol[b.last].empty()) {
        last_.clear();
        last_.push(b.last, s_.param(i), s_.nparams(i));
        buf = &last_;
        j = 0;
        whole = c;
        c = b.last;
      }
    }
    const std::vector<std::int32_t>* cands = c < g.by_symbol.size() ? &g.by_symbol[c] : nullptr;
    const Production* chosen = nullptr;
    double* vars = vars_.data();
    if (rules_.stochastic) {  // generate.c FindApplProductions and SelectProd: every module draws once
      for (int k = 0; k < before; ++k) rng_.choice();
      cands_.clear();
      weights_.clear();
      cand_vars_.resize(slots_ * (cands ? cands->size() : 0) + 1);
      float total = 0;
      for (std::size_t k = 0; cands && k < cands->size(); ++k) {
        const Production& p = g.prods[std::size_t((*cands)[k])];
        double* v = cand_vars_.data() + slots_ * cands_.size();
        const bool ok = matches_in(p, rules_, *buf, j, s_, i, i + p.length(), match_, v, rng_, m_);
        if (!statements_ok(p, g)) return res_;
        if (!ok) continue;
        const float prob = float(eval_expr(p.weight, v, &rng_, &m_));  // cpfg's probabilities are floats
        total += prob;
        cands_.push_back(&p);
        weights_.push_back(prob);
      }
      float r = float(double(total) * rng_.choice());
      for (std::size_t k = 0; k < cands_.size(); ++k)
        if ((r -= float(weights_[k])) <= 0) {
          chosen = cands_[k];
          vars = cand_vars_.data() + slots_ * k;
          break;
        }
    } else {
      for (std::size_t k = 0; cands && k < cands->size() && !chosen; ++k) {
        const Production& p = g.prods[std::size_t((*cands)[k])];
        const bool ok = matches_in(p, rules_, *buf, j, s_, i, i + p.length(), match_, vars, rng_, m_);
        if (!statements_ok(p, g)) return res_;
        if (ok) chosen = &p;
      }
    }
    if (chosen) {
      res_.changed = true;
      left_at_ = i;
      right_at_ = i + (whole ? 1 : chosen->length());
      if (!decompose && !whole) {
        if (!emit(*chosen, g, vars, out_) || !room(chosen, g)) return res_;
        i += chosen->length();
        continue;
      }
      ModuleString& succ = level(0);
      if (!emit(*chosen, g, vars, succ)) return res_;
      i = right_at_;
      if (whole) join_prefix(whole, succ);
      if (!(decompose ? decompose_successor(succ) : (out_.append(succ, 0, succ.size()), true)) || !room(chosen, g))
        return res_;
      continue;
    }
    if (decompose) {  // the module itself may be decomposed
      left_at_ = i;
      right_at_ = i + 1;
      const Production* p = find(rules_.decomposition, s_, i);
      if (!res_.ok) return res_;
      if (p && rules_.decomposition.depth > 0) {
        res_.changed = true;
        if (!descend(rules_.decomposition, *p, i)) return res_;
        continue;
      }
    }
    copy(i, true);
    if (!room(nullptr, g)) return res_;
  }
  return res_;
}

RewriteResult Pass::homomorphism(std::vector<std::int32_t>* origin) {
  const ProductionGroup& g = rules_.homomorphism;
  origin_ = origin;
  out_.clear();
  if (origin_) origin_->clear();
  // interpret.c: a homomorphism with its own seed: starts its stream anew at
  // every interpretation and swaps it in while a module is rewritten
  Rand48 own = Rand48::words(0x330E, std::uint16_t(g.seed & 0xFFFF), std::uint16_t((g.seed >> 16) & 0xFFFF));
  const bool swap = g.has_seed && rng_.is_cpfg();
  for (std::size_t i = 0; i < s_.size();) {
    at_ = left_at_ = i;
    right_at_ = i + 1;
    const Production* p = g.empty() ? nullptr : find(g, s_, i);
    if (!res_.ok) return res_;
    if (!p || g.depth <= 0) {
      copy(i, false);
      if (!room(nullptr, g)) return res_;
      continue;
    }
    res_.changed = true;
    if (swap) std::swap(own, rng_.main_stream());
    const bool ok = descend(g, *p, i);
    if (swap) std::swap(own, rng_.main_stream());
    if (!ok) return res_;
  }
  return res_;
}

}  // namespace

Rng& cpfg_stream(const RuleSet& rules, DeriveScratch& sc) {
  if (!sc.cpfg_rng_ready) {
    sc.cpfg_rng = Rng::cpfg(rules.cpfg_seed);
    sc.cpfg_rng_ready = true;
  }
  return sc.cpfg_rng;
}

RewriteResult derive_step_cpfg(const RuleSet& rules, ModuleString& s, int step, const DeriveOptions& opts,
                               DeriveScratch& sc) {
  Rng own = step_rng(rules.seed, std::uint64_t(step));
  Rng& rng = rules.cpfg_random ? cpfg_stream(rules, sc) : own;
  ModuleString out;
  RewriteResult res = Pass(rules, s, out, rng, step, opts, sc).derive();
  if (!res.ok) return res;  // s is untouched: the last complete string survives
  res.same = rules.deterministic && out == s;
  std::swap(s, out);
  return res;
}

RewriteResult apply_homomorphism_cpfg(const RuleSet& rules, const ModuleString& in, ModuleString& out,
                                      std::vector<std::int32_t>* origin, const DeriveOptions& opts,
                                      DeriveScratch& sc) {
  Rng own = step_rng(rules.homomorphism.has_seed ? rules.homomorphism.seed : rules.seed, 0, 1000);
  Rng& rng = rules.cpfg_random ? cpfg_stream(rules, sc) : own;
  return Pass(rules, in, out, rng, -1, opts, sc).homomorphism(origin);
}

}  // namespace lsd::interp
