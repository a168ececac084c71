#include "rules.hpp"

#include <cctype>
#include <cmath>
#include <set>

namespace lsd::interp {
namespace {

using grammar::Diagnostic;
using grammar::Pos;

struct Ctx {
  const grammar::FileAst& file;
  RuleSet& rs;
  std::vector<Diagnostic>& diags;
  void error(Pos p, std::string m) { diags.push_back({file.path, p, std::move(m)}); }

  NameLookup constants_only() const {
    NameLookup l;
    l.constant = [this](const std::string& n) -> std::optional<double> {
      auto it = rs.constants.find(n);
      if (it == rs.constants.end()) return std::nullopt;
      return it->second;
    };
    return l;
  }

  // A constant expression (header values, axiom parameters, #define).
  bool constant(const grammar::Expr& e, double& v, const char* what) {
    CompiledExpr c;
    if (!compile_expr(e, constants_only(), c, diags, file.path)) return false;
    if (!c.is_constant) {
      error(e.pos, std::string(what) + " must be a constant expression (no random numbers)");
      return false;
    }
    if (!std::isfinite(c.value)) {
      error(e.pos, std::string(what) + " is not a finite number");
      return false;
    }
    v = c.value;
    return true;
  }

  // Splits a written module word into symbols; parameters belong to the last one.
  bool split(const grammar::ModuleAst& m, std::vector<SymbolId>& syms) {
    std::size_t bad = 0;
    if (!rs.symbols.split(m.word, syms, bad)) {
      Pos p = m.pos;
      p.col += int(bad);
      if (m.word[0] == '@' || m.word[0] == '?')
        error(p, "unknown built-in module '" + m.word + "'");
      else
        error(p, "'" + std::string(1, m.word[bad]) + "' is not a module symbol (declare multi-character names with module:)");
      return false;
    }
    return true;
  }
};

void declare_modules(Ctx& c, const grammar::Item& it) {
  const std::string& v = it.value;
  std::size_t k = 0;
  while (k < v.size()) {
    while (k < v.size() && (v[k] == ' ' || v[k] == ',')) ++k;
    std::size_t s = k;
    while (k < v.size() && v[k] != ' ' && v[k] != ',') ++k;
    if (k == s) break;
    std::string name = v.substr(s, k - s);
    Pos p = it.value_pos;
    p.col += int(s);
    bool ok = std::isalpha(static_cast<unsigned char>(name[0])) && name.size() >= 2;
    for (char ch : name) ok = ok && (std::isalnum(static_cast<unsigned char>(ch)) || ch == '_');
    if (!ok) {
      c.error(p, "'" + name + "' is not a module name (a letter, then letters, digits or '_', at least two characters)");
      continue;
    }
    c.rs.symbols.declare(name);
  }
}

bool symbols_of(Ctx& c, const grammar::ModuleList& list, std::vector<SymbolId>& out) {
  bool ok = true;
  for (const auto& m : list) {
    if (m.has_params) {
      c.error(m.pos, "parameters are not allowed here");
      ok = false;
    }
    ok = c.split(m, out) && ok;
  }
  return ok;
}

// Calls visit(symbol, position, params) for every symbol of a written module
// list: a word like `ApexF(1)` gives Apex, then F with the parameters (the
// other symbols get nullptr). visit returns false on a mistake.
template <typename Visit>
bool for_each_symbol(Ctx& c, const grammar::ModuleList& list, Visit visit) {
  bool ok = true;
  std::vector<SymbolId> syms;
  for (const auto& m : list) {
    syms.clear();
    if (!c.split(m, syms)) {
      ok = false;
      continue;
    }
    for (std::size_t k = 0; k < syms.size(); ++k) {
      grammar::Pos pos = m.pos;
      pos.col += int(k);
      const bool last = k + 1 == syms.size() && m.has_params;
      ok = visit(syms[k], pos, last ? &m.params : nullptr) && ok;
    }
  }
  return ok;
}

// One pattern module list (contexts, predecessor). Parameters bind new slots.
bool pattern_list(Ctx& c, const grammar::ModuleList& list, std::vector<PatternModule>& out,
                  std::map<std::string, int>& slots) {
  return for_each_symbol(c, list, [&](SymbolId sym, grammar::Pos pos, const std::vector<grammar::Expr>* params) {
      bool ok = true;
      PatternModule pm;
      pm.sym = sym;
      pm.pos = pos;
      if (params) {
        const auto& m_params = *params;
        pm.arity = int(m_params.size());
        for (const auto& p : m_params) {
          if (p.kind != grammar::Expr::Kind::Name) {
            c.error(p.pos, "a pattern's parameters must be names");
            ok = false;
            continue;
          }
          if (slots.count(p.text)) {
            c.error(p.pos, "parameter '" + p.text + "' is bound twice in this production");
            ok = false;
            continue;
          }
          int s = int(slots.size());
          slots[p.text] = s;
          pm.slots.push_back(s);
        }
      }
      out.push_back(pm);
      return ok;
  });
}

bool successor_list(Ctx& c, const grammar::ModuleList& list, const NameLookup& names,
                    std::vector<SuccessorModule>& out) {
  return for_each_symbol(c, list, [&](SymbolId sym, grammar::Pos pos, const std::vector<grammar::Expr>* params) {
      bool ok = true;
      SuccessorModule sm;
      sm.sym = sym;
      sm.pos = pos;
      if (params) {
        for (const auto& p : *params) {
          CompiledExpr e;
          if (!compile_expr(p, names, e, c.diags, c.file.path)) {
            ok = false;
            continue;
          }
          if (e.is_constant && !std::isfinite(e.value)) {  // folded: derivation would copy it unchecked
            c.error(p.pos, "parameter " + std::to_string(sm.params.size() + 1) + " of '" +
                               c.rs.symbols.name(sm.sym) + "' is " + (std::isnan(e.value) ? "not a number" : "infinite"));
            ok = false;
            continue;
          }
          sm.params.push_back(std::move(e));
        }
      } else if (c.rs.dynamics.enabled && sm.sym == c.rs.dynamics.joint) {
        // A bare J means J(0,0,0,0,0,0) (LANGUAGE.md section 6): a new joint starts at rest.
        for (int i = 0; i < 6; ++i) {
          CompiledExpr z;
          z.code.push_back({Op::Const, 0, 0.0});
          sm.params.push_back(z);
        }
      }
      out.push_back(std::move(sm));
      return ok;
  });
}

// Brackets of an axiom or successor must balance (section 2).
template <typename M>
bool check_brackets(Ctx& c, const std::vector<M>& mods, const char* what) {
  std::vector<grammar::Pos> open;
  for (const auto& m : mods) {
    if (m.sym == '[') open.push_back(m.pos);
    if (m.sym == ']') {
      if (open.empty()) {
        c.error(m.pos, std::string("unbalanced brackets: ']' without a matching '[' in the ") + what);
        return false;
      }
      open.pop_back();
    }
  }
  if (!open.empty()) {
    c.error(open.back(), std::string("unbalanced brackets: '[' is never closed in the ") + what);
    return false;
  }
  return true;
}

void compile_production(Ctx& c, const grammar::ProductionAst& pa, ProductionGroup& g) {
  Production p;
  p.pos = pa.pos;
  std::map<std::string, int> slots;
  bool ok = true;
  if (pa.has_left) ok = pattern_list(c, pa.left, p.left, slots) && ok;
  std::vector<PatternModule> pred;
  ok = pattern_list(c, {pa.pred}, pred, slots) && ok;
  if (ok && pred.size() != 1) {
    c.error(pa.pred.pos, "the predecessor must be one module, not '" + pa.pred.word +
                             "' (declare multi-character names with module:)");
    ok = false;
  }
  if (!pred.empty()) p.pred = pred.back();
  if (pa.has_right) ok = pattern_list(c, pa.right, p.right, slots) && ok;
  for (const auto& m : p.left)
    if (m.sym == '[' || m.sym == ']') {
      c.error(m.pos, "brackets are not supported in a left context");
      ok = false;
    }
  if (ok && (p.pred.sym == '[' || p.pred.sym == ']')) {
    c.error(p.pred.pos, "a bracket cannot be a predecessor");
    ok = false;
  }
  p.nslots = int(slots.size());
  NameLookup names = c.constants_only();
  names.slot = [&slots](const std::string& n) {
    auto it = slots.find(n);
    return it == slots.end() ? -1 : it->second;
  };
  if (pa.has_cond) ok = compile_expr(pa.cond, names, p.cond, c.diags, c.file.path) && ok;
  p.has_cond = pa.has_cond;
  ok = successor_list(c, pa.succ, names, p.succ) && ok;
  ok = ok && check_brackets(c, p.succ, "successor");
  if (pa.has_weight) {
    ok = compile_expr(pa.weight, names, p.weight, c.diags, c.file.path) && ok;
  } else {
    p.weight.code.push_back({Op::Const, 0, 1.0});
    p.weight.value = 1.0;
  }
  if (!ok) return;
  for (const auto& s : p.succ)
    for (const auto& e : s.params) {
      if (!e.is_constant) p.succ_constant = false;
      if (e.uses_random) g.any_random = true;
    }
  if (p.cond.uses_random || p.weight.uses_random) g.any_random = true;
  if (p.succ_constant) {
    for (const auto& s : p.succ) {
      std::vector<double> v;
      for (const auto& e : s.params) v.push_back(e.value);
      p.succ_string.push(s.sym, v.data(), int(v.size()));
    }
  }
  if (p.has_context()) g.any_context = true;
  if (p.nslots > g.max_slots) g.max_slots = p.nslots;
  g.prods.push_back(std::move(p));
}

void index_group(ProductionGroup& g, SymbolId nsym) {
  g.by_symbol.assign(nsym, {});
  g.has_rule.assign(nsym, 0);
  for (std::size_t i = 0; i < g.prods.size(); ++i) {
    g.by_symbol[g.prods[i].pred.sym].push_back(std::int32_t(i));
    g.has_rule[g.prods[i].pred.sym] = 1;
  }
}

void compile_section(Ctx& c, const grammar::Section& s, ProductionGroup& g, const char* name) {
  for (const auto& p : s.productions) compile_production(c, p, g);
  if (s.has_depth) {
    double d = 1;
    if (c.constant(s.max_depth, d, "maximum depth")) {
      if (d < 0 || d > 1000 || d != std::floor(d))
        c.error(s.max_depth.pos, std::string("the ") + name + " maximum depth must be a whole number from 0 to 1000");
      else
        g.depth = int(d);
    }
  }
}

void read_vector(Ctx& c, const grammar::Item& it, double* out, const char* what) {
  if (it.exprs.size() == 1) {  // a magnitude along -y
    double g;
    if (c.constant(it.exprs[0], g, what)) {
      out[0] = 0;
      out[1] = -g;
      out[2] = 0;
    }
    return;
  }
  if (it.exprs.size() != 3) {
    c.error(it.value_pos, std::string("'") + it.key + ":' takes one value or three (x, y, z)");
    return;
  }
  for (int k = 0; k < 3; ++k) c.constant(it.exprs[k], out[k], what);
}

void compile_dynamics(Ctx& c) {
  DynamicsSpec& d = c.rs.dynamics;
  d.enabled = c.file.has_dynamics;
  d.pos = c.file.dynamics_pos;
  for (const auto& it : c.file.dynamics) {
    if (d.written.count(it.key)) c.error(it.pos, "'" + it.key + ":' is given twice");
    d.written[it.key] = it.pos;
    const std::string& k = it.key;
    auto scalar = [&](double& v, double lo, bool lo_open) {
      if (!it.exprs_ok) return;
      if (it.exprs.size() != 1) {
        c.error(it.value_pos, "'" + k + ":' takes one value");
        return;
      }
      double x;
      if (!c.constant(it.exprs[0], x, k.c_str())) return;
      if (lo_open ? !(x > lo) : !(x >= lo)) {
        c.error(it.exprs[0].pos, "'" + k + ":' must be " + (lo_open ? "greater than " : "at least ") +
                                     (lo == 0 ? std::string("0") : std::to_string(lo)));
        return;
      }
      v = x;
    };
    if (k == "body" || k == "joint") {
      SymbolId id;
      if (!c.rs.symbols.find(it.value, id)) {
        c.error(it.value_pos, "'" + it.value + "' is not a module symbol");
        continue;
      }
      (k == "body" ? d.body : d.joint) = id;
    } else if (k == "base") {
      std::string v = it.value;
      if (v == "fixed") d.floating_base = false;
      else if (v == "floating") d.floating_base = true;
      else c.error(it.value_pos, "base must be 'fixed' or 'floating', not '" + v + "'");
    } else if (k == "integrator") {
      if (it.value == "implicit") d.implicit = true;
      else if (it.value == "explicit") d.implicit = false;
      else c.error(it.value_pos, "integrator must be 'implicit' or 'explicit', not '" + it.value + "'");
    } else if (k == "gravity") {
      if (it.exprs_ok) read_vector(c, it, d.gravity, "gravity");
    } else if (k == "wind") {
      if (it.exprs_ok && it.exprs.size() != 3) c.error(it.value_pos, "'wind:' takes three values (x, y, z)");
      else if (it.exprs_ok) for (int j = 0; j < 3; ++j) c.constant(it.exprs[j], d.wind[j], "wind");
    } else if (k == "density") {
      scalar(d.density, 0, true);
    } else if (k == "young") {
      scalar(d.young, 0, true);
    } else if (k == "poisson") {
      scalar(d.poisson, -1, true);
      if (d.poisson >= 0.5) c.error(it.value_pos, "'poisson:' must be less than 0.5");
    } else if (k == "damping ratio") {
      scalar(d.damping_ratio, 0, false);
      d.use_damping_ratio = true;
    } else if (k == "damping") {
      scalar(d.damping, 0, false);
      d.use_damping_ratio = false;
    } else if (k == "drag") {
      scalar(d.drag, 0, false);
    } else if (k == "dt") {
      scalar(d.dt, 0, true);
    } else if (k == "grow every") {
      scalar(d.grow_every, 0, false);
    }
  }
  if (d.written.count("damping") && d.written.count("damping ratio"))
    c.error(d.written["damping"], "give either 'damping:' or 'damping ratio:', not both");
  if (d.enabled && d.body == d.joint) c.error(d.pos, "the body and joint symbols must differ");
}

void check_arities(Ctx& c) {
  // The parameter counts each symbol is produced with (axiom and successors).
  std::map<SymbolId, std::set<int>> produced;
  const RuleSet& rs = c.rs;
  for (std::size_t i = 0; i < rs.axiom.size(); ++i) produced[rs.axiom.sym[i]].insert(rs.axiom.nparams(i));
  for (const ProductionGroup* g : {&rs.main, &rs.decomposition, &rs.homomorphism})
    for (const auto& p : g->prods)
      for (const auto& s : p.succ) produced[s.sym].insert(int(s.params.size()));
  auto check = [&](const PatternModule& m) {
    if (m.arity < 0 || m.sym == '[' || m.sym == ']') return;
    auto it = produced.find(m.sym);
    if (it == produced.end() || it->second.count(m.arity)) return;
    std::string have;
    for (int a : it->second) have += (have.empty() ? "" : " or ") + std::to_string(a);
    c.error(m.pos, "module '" + rs.symbols.name(m.sym) + "' with " + std::to_string(m.arity) +
                       " parameter" + (m.arity == 1 ? "" : "s") +
                       " is never produced (the axiom and successors give it " + have + ")");
  };
  for (const ProductionGroup* g : {&rs.main, &rs.decomposition, &rs.homomorphism})
    for (const auto& p : g->prods) {
      for (const auto& m : p.left) check(m);
      check(p.pred);
      for (const auto& m : p.right) check(m);
    }
}

}  // namespace

bool compile_module_list(const grammar::ModuleList& list, const RuleSet& rules, ModuleString& out,
                         std::vector<Diagnostic>& diags) {
  RuleSet& rs = const_cast<RuleSet&>(rules);  // Ctx only reads rs here
  grammar::FileAst dummy;
  dummy.path = rules.path;
  Ctx c{dummy, rs, diags};
  std::vector<SuccessorModule> succ;
  std::size_t before = diags.size();
  if (!successor_list(c, list, c.constants_only(), succ)) return false;
  if (!check_brackets(c, succ, "axiom")) return false;
  for (const auto& s : succ) {
    std::vector<double> vals;
    for (const auto& e : s.params) {
      if (!e.is_constant) {
        c.error(s.pos, "the axiom's parameters must be constants");
        break;
      }
      if (!std::isfinite(e.value)) {
        c.error(s.pos, "parameter of '" + rules.symbols.name(s.sym) + "' is not a finite number");
        break;
      }
      vals.push_back(e.value);
    }
    out.push(s.sym, vals.data(), int(vals.size()));
  }
  return diags.size() == before;
}

bool compile_rules(const grammar::FileAst& file, const CompileOptions& opts, RuleSet& rs,
                   std::vector<Diagnostic>& diags) {
  std::size_t before = diags.size();
  rs = RuleSet{};
  rs.path = file.path;
  rs.label = file.label;
  Ctx c{file, rs, diags};

  // Constants: #define in file order, -D overriding.
  std::map<std::string, double> overrides(opts.defines.begin(), opts.defines.end());
  for (const auto& d : file.defines) {
    auto o = overrides.find(d.name);
    if (o != overrides.end()) {
      rs.constants[d.name] = o->second;
      continue;
    }
    double v;
    if (c.constant(d.value, v, ("#define " + d.name).c_str())) rs.constants[d.name] = v;
  }
  for (const auto& [n, v] : overrides) rs.constants[n] = v;

  // Header: module: first, since splitting names needs it.
  for (const auto& it : file.header)
    if (it.key == "module") declare_modules(c, it);
  std::set<std::string> seen_keys;
  const grammar::Item* axiom = nullptr;
  std::vector<SymbolId> ignore, consider;
  bool has_consider = false;
  for (const auto& it : file.header) {
    if (it.key != "module" && !seen_keys.insert(it.key).second) {
      c.error(it.pos, "'" + it.key + ":' is given twice");
      continue;
    }
    auto one = [&](double& v) {
      if (!it.exprs_ok) return false;
      if (it.exprs.size() != 1) {
        c.error(it.value_pos, "'" + it.key + ":' takes one value");
        return false;
      }
      return c.constant(it.exprs[0], v, it.key.c_str());
    };
    double v = 0;
    if (it.key == "axiom") {
      axiom = &it;
    } else if (it.key == "derivation length") {
      if (one(v)) {
        if (v < 0 || v != std::floor(v) || v > 1e9)
          c.error(it.exprs[0].pos, "derivation length must be a whole number from 0 to 10^9");
        else
          rs.derivation_length = int(v);
      }
    } else if (it.key == "angle") {
      if (one(v)) rs.angle = v;
    } else if (it.key == "step") {
      if (one(v)) rs.step = v;
    } else if (it.key == "width") {
      if (one(v)) rs.width = v;
    } else if (it.key == "seed") {
      if (one(v)) {
        rs.stochastic = true;
        rs.seed = std::uint64_t(std::llround(std::fabs(v)));
      }
    } else if (it.key == "ignore") {
      if (it.modules_ok) symbols_of(c, it.modules, ignore);
    } else if (it.key == "consider") {
      has_consider = true;
      if (it.modules_ok) symbols_of(c, it.modules, consider);
    } else if (it.key == "tropism") {
      if (!it.exprs_ok) continue;
      if (it.exprs.size() != 4) {
        c.error(it.value_pos, "'tropism:' takes four values: tx ty tz e");
        continue;
      }
      bool ok = true;
      for (int k = 0; k < 4; ++k) ok = c.constant(it.exprs[k], rs.tropism[k], "tropism") && ok;
      rs.has_tropism = ok;
    }
  }
  if (opts.seed) {
    rs.stochastic = true;
    rs.seed = *opts.seed;
  }

  compile_dynamics(c);

  rs.seen.assign(rs.symbols.size(), 1);
  if (has_consider) {
    rs.seen.assign(rs.symbols.size(), 0);
    for (auto s : consider) rs.seen[s] = 1;
  }
  for (auto s : ignore) rs.seen[s] = 0;
  rs.seen['['] = rs.seen[']'] = 1;

  if (!axiom) {
    c.error({1, 1}, "the file has no 'axiom:'");
  } else if (axiom->modules_ok) {
    compile_module_list(axiom->modules, rs, rs.axiom, diags);
  }

  compile_section(c, file.productions, rs.main, "production");
  if (file.has_decomposition) compile_section(c, file.decomposition, rs.decomposition, "decomposition");
  if (file.has_homomorphism) compile_section(c, file.homomorphism, rs.homomorphism, "homomorphism");
  for (ProductionGroup* g : {&rs.main, &rs.decomposition, &rs.homomorphism}) index_group(*g, rs.symbols.size());

  check_arities(c);

  auto is_query = [](SymbolId s) { return s >= kSymQueryP && s <= kSymQueryU; };
  for (auto s : rs.axiom.sym) rs.has_queries = rs.has_queries || is_query(s);
  for (const ProductionGroup* g : {&rs.main, &rs.decomposition})
    for (const auto& p : g->prods)
      for (const auto& s : p.succ) rs.has_queries = rs.has_queries || is_query(s.sym);

  rs.deterministic = !rs.main.any_random && !rs.decomposition.any_random;
  if (rs.stochastic)  // a choice is made only where two productions share a predecessor
    for (const ProductionGroup* g : {&rs.main, &rs.decomposition})
      for (const auto& c : g->by_symbol) rs.deterministic = rs.deterministic && c.size() < 2;

  for (std::size_t i = before; i < diags.size(); ++i)
    if (!diags[i].warning) return false;
  return true;
}

}  // namespace lsd::interp
