// Internal to the derivation (derive.cpp, derive_cpfg.cpp): whether a
// production matches the string at a module (docs/language.md 4.3, 4.4):
// its strict predecessor, its contexts, its statements and condition.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "interpreter/lsystem/rules.hpp"

namespace lsd::interp::detail {

inline bool bind(const PatternModule& pm, const ModuleString& s, std::size_t j, double* vars) {
  if (s.sym[j] != pm.sym) return false;
  if (pm.arity < 0) return true;
  if (s.nparams(j) != pm.arity) return false;
  const double* p = s.param(j);
  for (int k = 0; k < pm.arity; ++k) vars[pm.slots[k]] = p[k];
  return true;
}

// Left context (section 3.2): walk left; '[' is stepped over, ']' skips its branch.
inline bool match_left(const std::vector<PatternModule>& left, const ModuleString& s, std::size_t i,
                const std::vector<std::int32_t>& match, const std::uint8_t* seen, double* vars) {
  long j = long(i) - 1;
  for (long k = long(left.size()) - 1; k >= 0; --k) {
    for (;;) {
      if (j < 0) return false;
      SymbolId c = s.sym[j];
      if (c == ']') {
        if (match[j] < 0) return false;
        j = match[j] - 1;
      } else if (c == '[' || !seen[c]) {
        --j;
      } else {
        break;
      }
    }
    if (!bind(left[k], s, std::size_t(j), vars)) return false;
    --j;
  }
  return true;
}

// Right context (cpfg's RconDiff): walk right from `from`, stepping over
// unseen modules; a '[' skips its whole branch unless the pattern has '['
// there; a ']' in the pattern must meet the ']' that ends the branch, and
// '=' in the pattern skips the rest of the current branch, up to that ']'.
// The end of the string fails.
inline bool match_right(const std::vector<PatternModule>& right, const ModuleString& s, std::size_t from,
                 const std::vector<std::int32_t>& match, const std::uint8_t* seen, double* vars) {
  const std::size_t n = s.size();
  std::size_t j = from;
  for (const PatternModule& pm : right) {
    if (pm.sym == '=') {  // to the ']' of the current branch (or the end of the string)
      while (j < n && s.sym[j] != ']') {
        if (s.sym[j] == '[') {
          if (match[j] < 0) return false;
          j = std::size_t(match[j]);
        }
        ++j;
      }
      continue;
    }
    for (;;) {
      if (j >= n) return false;
      const SymbolId c = s.sym[j];
      if (!seen[c]) {
        ++j;
      } else if (c == '[' && pm.sym != '[') {
        if (match[j] < 0) return false;
        j = std::size_t(match[j]) + 1;
      } else {
        break;
      }
    }
    if (!bind(pm, s, j, vars)) return false;
    ++j;
  }
  return true;
}

// The strict predecessor: its first module at i, the others right after it.
inline bool bind_predecessor(const Production& p, const ModuleString& s, std::size_t i, double* vars) {
  if (!bind(p.pred, s, i, vars)) return false;
  if (i + p.pred_rest.size() >= s.size() && !p.pred_rest.empty()) return false;
  for (std::size_t k = 0; k < p.pred_rest.size(); ++k)
    if (!bind(p.pred_rest[k], s, i + 1 + k, vars)) return false;
  return true;
}

inline bool matches(const Production& p, const RuleSet& rules, const ModuleString& s, std::size_t i,
                    const std::vector<std::int32_t>& match, double* vars, Rng& rng, Machine* m) {
  if (!bind_predecessor(p, s, i, vars)) return false;
  if (!p.left.empty() && !match_left(p.left, s, i, match, rules.seen.data(), vars)) return false;
  if (!p.right.empty() && !match_right(p.right, s, i + p.length(), match, rules.seen.data(), vars)) return false;
  if (p.nlocals > 0) std::fill(vars + p.nslots, vars + p.nslots + p.nlocals, 0.0);
  if (p.has_pre) eval_expr(p.pre, vars, &rng, m);  // cpfg: before the condition, each time the contexts match
  if (p.has_cond && eval_expr(p.cond, vars, &rng, m) == 0) return false;
  return true;
}

// cpfg's productions (docs/language.md 9.3): the predecessor is matched in
// `buf` at j (the string, or a successor being decomposed), the contexts in
// the string s around the module being rewritten: left of left_at, right
// from right_at. The production's local variables keep their values from
// its last statements (m.locals; keep_locals stores them back).
inline void keep_locals(const Production& p, const double* vars, Machine& m) {
  if (p.nlocals > 0) std::copy(vars + p.nslots, vars + p.nslots + p.nlocals, m.locals.begin() + p.local_at);
}
inline bool matches_in(const Production& p, const RuleSet& rules, const ModuleString& buf, std::size_t j,
                       const ModuleString& s, std::size_t left_at, std::size_t right_at,
                       const std::vector<std::int32_t>& match, double* vars, Rng& rng, Machine& m) {
  if (!bind_predecessor(p, buf, j, vars)) return false;
  if (!p.right.empty() && !match_right(p.right, s, right_at, match, rules.seen.data(), vars)) return false;
  if (!p.left.empty() && !match_left(p.left, s, left_at, match, rules.seen.data(), vars)) return false;
  if (p.nlocals > 0) {
    std::copy(m.locals.begin() + p.local_at, m.locals.begin() + p.local_at + p.nlocals, vars + p.nslots);
    if (p.has_pre) eval_expr(p.pre, vars, &rng, &m);
    keep_locals(p, vars, m);
  } else if (p.has_pre) {
    eval_expr(p.pre, vars, &rng, &m);
  }
  return !p.has_cond || eval_expr(p.cond, vars, &rng, &m) != 0;
}

}  // namespace lsd::interp::detail
