// Compiling a parsed file into a RuleSet (rules.hpp): productions, sections,
// globals, the axiom; the header's keys are in keys.cpp.
#include "interpreter/lsystem/rules.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "common/limits.hpp"
#include "grammar/alphabet.hpp"
#include "interpreter/lsystem/unsupported.hpp"
#include "interpreter/lsystem/src/compile_ctx.hpp"

namespace lsd::interp {
namespace {

using detail::Ctx;
using grammar::Diagnostic;
using grammar::Pos;

// Calls visit(symbol, position, params) for every symbol of a written module
// list: a word like `ApexF(1)` gives Apex, then F with the parameters (the
// other symbols get nullptr). visit returns false on a mistake.
template <typename Visit>
bool for_each_symbol(const Ctx& c, const grammar::ModuleList& list, Visit visit) {
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
bool pattern_list(const Ctx& c, const grammar::ModuleList& list, std::vector<PatternModule>& out,
                  std::map<std::string, int>& slots) {
  return for_each_symbol(c, list, [&](SymbolId sym, grammar::Pos pos, const std::vector<grammar::Expr>* params) {
      bool ok = true;
      PatternModule pm;
      pm.sym = sym;
      pm.pos = pos;
      if (!params && c.rs.cpfg) pm.arity = 0;  // cpfg: `A` matches an A without parameters only
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

bool successor_list(const Ctx& c, const grammar::ModuleList& list, const NameLookup& names,
                    std::vector<SuccessorModule>& out) {
  return for_each_symbol(c, list, [&](SymbolId sym, grammar::Pos pos, const std::vector<grammar::Expr>* params) {
      bool ok = true;
      SuccessorModule sm;
      sm.sym = sym;
      sm.pos = pos;
      if (sym == kSymMove && params && params->size() == 12) sm.sym = kSymBase;  // a version 1 or 2 base state
      if (params) {
        for (const auto& p : *params) {
          CompiledExpr e;
          if (p.kind == grammar::Expr::Kind::String) {  // @L("label %g", x): lsd draws no labels
            c.warning(p.pos, "labels are not drawn: the text parameter of '" + c.rs.symbols.name(sym) +
                                 "' is kept as 0");
            e.code.push_back({Op::Const, 0, 0.0});
            sm.params.push_back(std::move(e));
            continue;
          }
          if (!compile_expr(p, names, e, c.diags, c.path)) {
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
        // A bare J means J(0,0,0,0,0,0) (docs/language.md section 7): a new joint starts at rest.
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
bool check_brackets(const Ctx& c, const std::vector<M>& mods, const char* what) {
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

void compile_production(const Ctx& c, const grammar::ProductionAst& pa, ProductionGroup& g) {
  Production p;
  p.pos = pa.pos;
  if (c.rs.cpfg)  // cpfg reads `@G --> *` as modules @ and G; lsd has no such modules
    for (const auto& m : pa.pred) {
      std::vector<SymbolId> syms;
      std::size_t bad = 0;
      if (grammar::is_builtin_prefix(m.word[0]) && !c.rs.symbols.split(m.word, syms, bad)) {
        const bool homo = &g == &c.rs.homomorphism;
        if (homo) {  // cpfg rewrites the first characters of the built-ins they begin
          const std::vector<grammar::ProductionAst> each = detail::builtin_prefix_productions(c, pa);
          for (const grammar::ProductionAst& q : each) compile_production(c, q, g);
          if (!each.empty()) return;
        }
        c.warning(m.pos, "'" + m.word + "' is not a module lsd knows (cpfg reads it as '" + m.word.substr(0, 1) +
                             "' and '" + m.word.substr(1) + "'): this production is ignored" +
                             (homo ? "" : " (lsd rewrites the beginning of a built-in in the homomorphism only)"));
        return;
      }
    }
  std::map<std::string, int> slots;
  bool ok = true;
  if (pa.has_left) ok = pattern_list(c, pa.left, p.left, slots) && ok;
  std::vector<PatternModule> pred;
  ok = pattern_list(c, pa.pred, pred, slots) && ok;
  if (!pred.empty()) {
    p.pred = pred[0];
    p.pred_rest.assign(pred.begin() + 1, pred.end());
  } else {
    ok = false;
  }
  if (pa.has_right) ok = pattern_list(c, pa.right, p.right, slots) && ok;
  for (const auto& m : p.left)
    if (m.sym == '[' || m.sym == ']') {
      c.error(m.pos, "brackets are not supported in a left context");
      ok = false;
    }
  if (ok && pred.size() == 1 && (p.pred.sym == '[' || p.pred.sym == ']')) {
    c.error(p.pred.pos, "a bracket alone cannot be a predecessor");
    ok = false;
  }
  p.nslots = int(slots.size());
  // Names the statements assign that are neither bound nor global are the
  // production's own variables (cpfg's local variables), set to 0 before
  // the statements run.
  std::vector<std::string> assigned;
  if (pa.has_pre) assigned_names(pa.pre, assigned);
  if (pa.has_post) assigned_names(pa.post, assigned);
  NameLookup names = c.with_globals();
  for (const std::string& n : assigned) {
    int array_id;
    if (slots.count(n) || names.global(n) >= 0 || names.array(n, array_id)) continue;
    const int slot = int(slots.size());
    slots[n] = slot;
  }
  p.nlocals = int(slots.size()) - p.nslots;
  names.slot = [&slots](const std::string& n) {
    auto it = slots.find(n);
    return it == slots.end() ? -1 : it->second;
  };
  if (pa.has_pre) ok = compile_block(pa.pre, names, p.pre, c.diags, c.path) && ok;
  if (pa.has_post) ok = compile_block(pa.post, names, p.post, c.diags, c.path) && ok;
  p.has_pre = pa.has_pre;
  p.has_post = pa.has_post;
  if (pa.has_cond) ok = compile_expr(pa.cond, names, p.cond, c.diags, c.path) && ok;
  p.has_cond = pa.has_cond;
  ok = successor_list(c, pa.succ, names, p.succ) && ok;
  ok = ok && check_brackets(c, p.succ, "successor");
  if (pa.has_weight) {
    ok = compile_expr(pa.weight, names, p.weight, c.diags, c.path) && ok;
  } else {
    p.weight.code.push_back({Op::Const, 0, 1.0});
    p.weight.value = 1.0;
  }
  if (!ok) return;
  for (const auto& s : p.succ)
    for (const auto& e : s.params) {
      if (!e.is_constant) p.succ_constant = false;
      if (e.uses_random) g.any_random = true;
      if (e.uses_machine) g.uses_machine = true;
    }
  for (const CompiledExpr* e : {&p.cond, &p.weight, &p.pre, &p.post}) {
    if (e->uses_random) g.any_random = true;
    if (e->uses_machine) g.uses_machine = true;
  }
  if (p.has_pre || p.has_post) g.uses_machine = true;
  if (p.succ_constant) {
    for (const auto& s : p.succ) {
      std::vector<double> v;
      for (const auto& e : s.params) v.push_back(c.rs.float_params ? double(float(e.value)) : e.value);
      p.succ_string.push(s.sym, v.data(), int(v.size()));
    }
  }
  if (p.has_context()) g.any_context = true;
  if (p.nslots + p.nlocals > g.max_slots) g.max_slots = p.nslots + p.nlocals;
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

// cpfg's global variables and arrays (define:, Start:, End:, StartEach:,
// EndEach:) and its four blocks (CPFG manual 2.2, 4.1).
void compile_globals(const Ctx& c, const detail::HeaderState& st, RuleSet& rs) {
  std::size_t elements = 0;
  if (st.define && st.define->block_ok) {
    for (const grammar::ArrayDecl& d : st.define->arrays) {
      ArrayInfo a;
      a.name = d.name;
      bool ok = true;
      for (const grammar::Expr& e : d.dims) {
        double v = 0;
        if (!c.constant(e, v, "an array dimension")) {
          ok = false;
          continue;
        }
        if (!(v >= 1 && v == std::floor(v) && v <= double(limits::kArrayElements))) {
          c.error(e.pos, "an array dimension must be a whole number from 1 to " + std::to_string(limits::kArrayElements));
          ok = false;
          continue;
        }
        a.dims.push_back(int(v));
      }
      for (const ArrayInfo& o : rs.arrays)
        if (o.name == a.name) {
          c.error(d.pos, "array '" + a.name + "' is declared twice");
          ok = false;
        }
      if (!ok) continue;
      if (a.size() > limits::kArrayElements || elements + a.size() > limits::kArrayElements) {
        c.error(d.pos, "the arrays of define: hold more than " + std::to_string(limits::kArrayElements) + " elements");
        continue;
      }
      elements += a.size();
      rs.arrays.push_back(std::move(a));
    }
  }
  std::vector<std::string> names;
  for (const grammar::Item* b : {st.start, st.end, st.start_each, st.end_each})
    if (b && b->block_ok) assigned_names(b->block, names);
  for (const std::string& n : names) {
    bool array = false;
    for (const ArrayInfo& a : rs.arrays) array = array || a.name == n;
    if (!array) rs.globals.push_back(n);
  }
  // The storage: scalars (0), then each array, with its initial values.
  rs.globals_init.assign(rs.globals.size(), 0.0);
  for (std::size_t k = 0; k < rs.arrays.size(); ++k) {
    ArrayInfo& a = rs.arrays[k];
    a.offset = std::uint32_t(rs.globals_init.size());
    rs.globals_init.resize(rs.globals_init.size() + a.size(), 0.0);
  }
  if (st.define && st.define->block_ok)
    for (const grammar::ArrayDecl& d : st.define->arrays) {
      const ArrayInfo* a = nullptr;
      for (const ArrayInfo& x : rs.arrays) a = x.name == d.name ? &x : a;
      if (!a || !d.has_init) continue;
      if (d.init.size() > a->size()) {
        c.error(d.pos, "array '" + d.name + "' has " + std::to_string(a->size()) + " elements but " +
                           std::to_string(d.init.size()) + " initial values");
        continue;
      }
      for (std::size_t k = 0; k < d.init.size(); ++k) {
        double v = 0;
        if (c.constant(d.init[k], v, "an array's initial value")) rs.globals_init[a->offset + k] = v;
      }
    }
  const NameLookup names_g = c.with_globals();
  auto block = [&](const grammar::Item* it, CompiledBlock& out) {
    if (!it || !it->block_ok) return;
    out.pos = it->pos;
    compile_block(it->block, names_g, out.code, c.diags, c.path);
  };
  block(st.start, rs.start);
  block(st.end, rs.end);
  block(st.start_each, rs.start_each);
  block(st.end_each, rs.end_each);
}

void compile_section(const Ctx& c, const grammar::Section& s, ProductionGroup& g, const char* name) {
  for (const auto& p : s.productions) compile_production(c, p, g);
  if (s.has_seed) {
    double v = 0;
    if (c.constant(s.seed, v, "the homomorphism's seed")) {
      g.has_seed = true;
      g.seed = std::uint64_t(std::llround(std::fabs(std::fmin(v, 9e18))));
      if (c.rs.cpfg) {  // cpfg: (int) of it; a negative one is no seed
        g.has_seed = cpfg_int(v) >= 0;
        g.seed = std::uint64_t(std::max<std::int64_t>(cpfg_int(v), 0));
      }
    }
  }
  if (s.has_depth) {
    double d = 1;
    if (c.constant(s.max_depth, d, "maximum depth")) {
      if (d < 0 || d > limits::kRewriteDepth || d != std::floor(d))
        c.error(s.max_depth.pos, std::string("the ") + name + " maximum depth must be a whole number from 0 to " +
                                     std::to_string(limits::kRewriteDepth));
      else
        g.depth = int(d);
    }
  }
}

// A pattern whose parameter count no axiom or successor produces can never match.
void check_arities(const Ctx& c) {
  const RuleSet& rs = c.rs;
  const detail::Arities produced = detail::produced_arities(rs);
  auto check = [&](const PatternModule& m) {
    if (m.arity < 0 || m.sym == '[' || m.sym == ']') return;
    auto it = produced.find(m.sym);
    if (it == produced.end() || it->second.count(m.arity)) return;
    std::string have;
    for (int a : it->second) have += (have.empty() ? "" : " or ") + std::to_string(a);
    const std::string msg = "module '" + rs.symbols.name(m.sym) + "' with " + std::to_string(m.arity) +
                            " parameter" + (m.arity == 1 ? "" : "s") +
                            " is never produced (the axiom and successors give it " + have + ")";
    if (rs.cpfg) c.warning(m.pos, msg + ": the production never applies");  // cpfg says nothing
    else c.error(m.pos, msg);
  };
  for (const ProductionGroup* g : {&rs.main, &rs.decomposition, &rs.homomorphism})
    for (const auto& p : g->prods) {
      for (const auto& m : p.left) check(m);
      check(p.pred);
      for (const auto& m : p.pred_rest) check(m);
      for (const auto& m : p.right) check(m);
    }
}

// #define in file order, -D overriding.
void compile_constants(const Ctx& c, const grammar::FileAst& file, const CompileOptions& opts, RuleSet& rs) {
  std::map<std::string, double> overrides(opts.defines.begin(), opts.defines.end());
  for (const auto& d : file.defines) {
    auto o = overrides.find(d.name);
    if (o != overrides.end()) {
      rs.constants[d.name] = o->second;
      continue;
    }
    double v;
    if (c.constant(d.value, v, "#define " + d.name)) rs.constants[d.name] = v;
  }
  for (const auto& [n, v] : overrides) rs.constants[n] = v;
}

// Which symbols context matching sees (ignore:, consider:; brackets always).
void compile_seen(const detail::HeaderState& st, RuleSet& rs) {
  rs.seen.assign(rs.symbols.size(), 1);
  if (st.has_consider) {
    rs.seen.assign(rs.symbols.size(), 0);
    for (auto s : st.consider) rs.seen[s] = 1;
  }
  for (auto s : st.ignore) rs.seen[s] = 0;
  // The joints of joints: auto are invisible to contexts (docs/language.md 7.8).
  if (rs.dynamics.enabled && rs.dynamics.auto_joints && rs.dynamics.joint < rs.seen.size())
    rs.seen[rs.dynamics.joint] = 0;
  rs.seen[kSymJointSlot] = 0;  // (a joint's place, within a step only: auto_joints.hpp)
  // lsd sees brackets always; cpfg only when they are considered (consider: I[])
  // or not ignored, and then steps over unseen ones in a right context.
  if (!rs.cpfg) rs.seen['['] = rs.seen[']'] = 1;
}

// Flags the derivation reads: queries present, deterministic steps.
void summarise(RuleSet& rs) {
  auto is_query = [](SymbolId s) { return (s >= kSymQueryP && s <= kSymQueryU) || s == kSymQueryQ; };
  for (auto s : rs.axiom.sym) rs.has_queries = rs.has_queries || is_query(s);
  for (const auto& m : rs.axiom_succ) rs.has_queries = rs.has_queries || is_query(m.sym);
  for (const ProductionGroup* g : {&rs.main, &rs.decomposition})
    for (const auto& p : g->prods)
      for (const auto& s : p.succ) rs.has_queries = rs.has_queries || is_query(s.sym);

  // cpfg interprets between steps when a module '?' without parameters (?P,
  // ?E ...: '?' then 'P' in cpfg's string) or a '%' with parameters is
  // written anywhere (lsys_input.y sets clp.checkEnvironment).
  auto asks = [](SymbolId s, int nparams) {
    return (s >= kSymQueryP && s <= kSymQueryU) || s == kSymQueryE || s == kSymQueryQ ||
           (s == '?' && nparams == 0) || (s == '%' && nparams > 0);
  };
  bool& between = rs.interpret_between_steps;
  for (std::size_t i = 0; i < rs.axiom.size(); ++i) between = between || asks(rs.axiom.sym[i], rs.axiom.nparams(i));
  for (const auto& m : rs.axiom_succ) between = between || asks(m.sym, int(m.params.size()));
  for (const ProductionGroup* g : {&rs.main, &rs.decomposition, &rs.homomorphism})
    for (const auto& p : g->prods) {
      for (const auto& m : p.succ) between = between || asks(m.sym, int(m.params.size()));
      for (const auto* list : {&p.left, &p.pred_rest, &p.right})
        for (const auto& m : *list) between = between || asks(m.sym, std::max(m.arity, 0));
      between = between || asks(p.pred.sym, std::max(p.pred.arity, 0));
    }
  between = between && rs.cpfg;

  // Statements and global variables carry state the string does not show.
  const bool machine = rs.main.uses_machine || rs.decomposition.uses_machine || !rs.start_each.empty() ||
                       !rs.end_each.empty() || !rs.globals.empty() || !rs.arrays.empty();
  rs.deterministic = !rs.main.any_random && !rs.decomposition.any_random && !machine;
  if (rs.stochastic)  // a choice is made only where two productions share a predecessor
    for (const ProductionGroup* g : {&rs.main, &rs.decomposition})
      for (const auto& c : g->by_symbol) rs.deterministic = rs.deterministic && c.size() < 2;
}

// Modules of a constant module list (an axiom), appended to out (and where
// each is written, to *where).
bool constant_modules(const Ctx& c, const grammar::ModuleList& list, ModuleString& out,
                      std::vector<grammar::Pos>* where = nullptr) {
  std::vector<SuccessorModule> succ;
  if (!successor_list(c, list, c.constants_only(), succ)) return false;
  if (!check_brackets(c, succ, "axiom")) return false;
  bool ok = true;
  for (const auto& s : succ) {
    std::vector<double> vals;
    for (const auto& e : s.params) {
      if (!e.is_constant) {
        c.error(s.pos, "the axiom's parameters must be constants");
        ok = false;
        break;
      }
      if (!std::isfinite(e.value)) {
        c.error(s.pos, "parameter of '" + c.rs.symbols.name(s.sym) + "' is not a finite number");
        ok = false;
        break;
      }
      vals.push_back(e.value);
    }
    out.push(s.sym, vals.data(), int(vals.size()));
    if (where) where->push_back(s.pos);
  }
  return ok;
}

// A cpfg axiom: its parameters may use the global variables of Start: and
// random numbers; such an axiom is evaluated when the file is loaded, after
// the Start: block.
void cpfg_axiom(const Ctx& c, const grammar::ModuleList& list, RuleSet& rs) {
  std::vector<SuccessorModule> succ;
  if (!successor_list(c, list, c.with_globals(), succ) || !check_brackets(c, succ, "axiom")) return;
  bool constant = true;
  for (const auto& m : succ)
    for (const auto& e : m.params) constant = constant && e.is_constant;
  if (!constant) {
    rs.axiom_succ = std::move(succ);
    return;
  }
  for (const auto& m : succ) {
    std::vector<double> vals;
    for (const auto& e : m.params) vals.push_back(rs.float_params ? double(float(e.value)) : e.value);
    rs.axiom.push(m.sym, vals.data(), int(vals.size()));
    rs.axiom_pos.push_back(m.pos);
  }
}

}  // namespace

RunSettings file_settings(const RuleSet& rules) { return rules.dynamics.file; }

bool compile_rules(const grammar::FileAst& file, const CompileOptions& opts, RuleSet& rs,
                   std::vector<Diagnostic>& diags) {
  const std::size_t before = diags.size();
  rs = RuleSet{};
  rs.path = file.path;
  rs.label = file.label;
  rs.cpfg = file.cpfg;
  rs.functions = opts.functions;
  rs.view = opts.view;
  rs.cpfg_random = rs.float_params = rs.cpfg;  // until the header says otherwise
  const Ctx c{rs.path, rs, diags};  // reads what the stages below have compiled

  compile_constants(c, file, opts, rs);
  detail::declare_modules(c, file, rs);  // first: splitting names needs them
  detail::HeaderState header;
  detail::compile_header(c, file, rs, header);
  if (opts.seed) {
    rs.stochastic = true;
    rs.seed = *opts.seed;
    rs.cpfg_seed = cpfg_int(double(*opts.seed));
  }
  detail::compile_dynamics(c, file, rs, opts.sway);
  compile_seen(header, rs);

  compile_globals(c, header, rs);
  if (!header.axiom) {
    c.error({1, 1}, "the file has no 'axiom:'");
  } else if (header.axiom->modules_ok && !rs.cpfg) {
    constant_modules(c, header.axiom->modules, rs.axiom, &rs.axiom_pos);
  } else if (header.axiom->modules_ok) {
    cpfg_axiom(c, header.axiom->modules, rs);
  }

  if (file.ring)
    c.warning(file.ring_pos, "ring L-systems are not supported: contexts stop at the ends of the string");
  compile_section(c, file.productions, rs.main, "production");
  if (file.has_decomposition) compile_section(c, file.decomposition, rs.decomposition, "decomposition");
  if (file.has_homomorphism) {  // (its productions for the beginning of a built-in need what is produced)
    detail::Arities produced = detail::produced_arities(rs);
    detail::add_arities(rs, file.homomorphism, produced);
    Ctx hc = c;
    hc.produced = &produced;
    compile_section(hc, file.homomorphism, rs.homomorphism, "homomorphism");
  }
  for (ProductionGroup* g : {&rs.main, &rs.decomposition, &rs.homomorphism}) {
    index_group(*g, rs.symbols.size());
    for (Production& p : g->prods) {  // cpfg's locals are the production's own: they keep their values
      p.local_at = std::uint32_t(rs.locals);
      rs.locals += std::size_t(p.nlocals);
    }
  }

  check_arities(c);
  summarise(rs);
  detail::finish_auto_joints(c, rs);
  if (rs.cpfg)
    warn_cpfg_unsupported(rs, header.axiom ? header.axiom->pos : grammar::Pos{1, 1}, opts.environment, diags);

  for (std::size_t i = before; i < diags.size(); ++i)
    if (!diags[i].warning) return false;
  return true;
}

}  // namespace lsd::interp
