// joints: auto and --sway (docs/language.md 7.8): the joints lsd inserts in
// the stored string, the symbols that carry bodies, and the compiler's part:
// the section --sway adds and the checks of a model that moves this way.
#include "interpreter/lsystem/auto_joints.hpp"

#include <algorithm>
#include <set>

#include "interpreter/lsystem/rules.hpp"
#include "interpreter/lsystem/src/compile_ctx.hpp"

namespace lsd::interp {

namespace {

// How a homomorphism image leaves a generalized cylinder (cylinder_after):
// kOpens or kCloses when it opens or closes one, else kKeeps; the f moves it
// makes before either are in the cylinder of the string around it.
enum : std::uint8_t { kKeeps = 0, kOpens = 1, kCloses = 2 };

}  // namespace

std::vector<std::uint8_t> body_carriers(const RuleSet& rules, std::vector<std::uint8_t>* effects) {
  const SymbolId n = rules.symbols.size();
  const DynamicsSpec& d = rules.dynamics;
  const SymbolId body = d.body;
  std::vector<std::uint8_t> carrier(n, 0);
  std::vector<std::uint8_t> effect(n, kKeeps);
  const ProductionGroup& h = rules.homomorphism;
  auto rewritten = [&](SymbolId s) { return s < h.has_rule.size() && h.has_rule[s]; };
  if (body < n && !rewritten(body)) carrier[body] = kAlways;
  // A symbol the homomorphism rewrites carries a body when one of its
  // successors has, outside a polygon of its own, a module that does (the
  // body symbol itself, drawn by the image, or another carrier), or an f in
  // a generalized cylinder (cylinder_move; kInCylinder when the cylinder is
  // the string's, open before the image; `[` `]` save and restore the
  // image's cylinder state): a fixed point, each symbol's carrier kind only
  // rising and its effect set once.
  std::vector<std::uint8_t> saved;  // the image's cylinder state at each open `[`
  for (bool changed = true; changed;) {
    changed = false;
    for (const Production& p : h.prods) {
      const SymbolId pred = p.pred.sym;
      int depth = 0;
      std::uint8_t cylinder = kKeeps, found = carrier[pred];
      saved.clear();
      for (const SuccessorModule& m : p.succ) {
        const double type = m.params.empty() ? 0.0 : m.params[0].is_constant ? m.params[0].value : 1.0;
        const int np = int(m.params.size());
        depth = std::max(0, depth + polygon_step(rules.cpfg, m.sym, &type, np));
        if (m.sym == '[') saved.push_back(cylinder);
        if (m.sym == ']' && !saved.empty()) {
          cylinder = saved.back();
          saved.pop_back();
        }
        if (depth == 0 && m.sym < n) {
          const bool moves = (m.sym == 'f' && d.cylinder_moves) || carrier[m.sym] == kInCylinder;
          if (carrier[m.sym] == kAlways || m.sym == body || (moves && cylinder == kOpens))  // (F --> @O F: the image draws F)
            found = kAlways;
          else if (moves && cylinder == kKeeps && found == 0)
            found = kInCylinder;
        }
        if (cylinder_after(rules.cpfg, m.sym, &type, np, false)) cylinder = kOpens;
        else if (!cylinder_after(rules.cpfg, m.sym, &type, np, true)) cylinder = kCloses;
        else if (m.sym < n && effect[m.sym] != kKeeps) cylinder = effect[m.sym];
      }
      if (found != carrier[pred]) {
        carrier[pred] = found;
        changed = true;
      }
      if (cylinder != kKeeps && effect[pred] == kKeeps) {
        effect[pred] = cylinder;
        changed = true;
      }
    }
  }
  if (effects) *effects = std::move(effect);
  return carrier;
}

namespace {

// An edit of insert_joints: a joint put before module `at` (with the state
// of module `from`, or at rest when from < 0), or module `at` removed.
struct Edit {
  std::uint32_t at;
  std::int64_t from;  // -2: remove `at`
};

}  // namespace

bool insert_joints(const RuleSet& rules, ModuleString& s, ModuleString& scratch, std::size_t max_modules,
                   std::size_t max_params, bool* too_big) {
  const DynamicsSpec& d = rules.dynamics;
  if (!d.enabled || !d.auto_joints) return false;
  const SymbolId joint = d.joint;
  const std::uint8_t* carrier = d.carriers.data();
  const std::size_t ncarrier = d.carriers.size();
  struct Path {
    std::int64_t pending = -1;  // a joint of this path waiting for its body (module index)
    std::int64_t moved = -1;    // a joint moved past a branch: whose state the next body takes
  };
  std::vector<Edit> edits;
  std::vector<Path> stack;
  std::vector<bool> cylinders;  // whether a generalized cylinder was open at each open `[`
  Path cur;
  int polygons = 0;
  bool cylinder = false;
  bool first = true;  // no carrier yet
  const std::size_t n = s.size();
  for (std::size_t i = 0; i < n; ++i) {
    const SymbolId c = s.sym[i];
    if (c == '[') {
      if (cur.pending >= 0) {  // a joint followed by a branch: it moves past the branch
        edits.push_back({std::uint32_t(cur.pending), -2});
        cur.moved = cur.pending;
        cur.pending = -1;
      }
      stack.push_back(cur);
      cylinders.push_back(cylinder);
      cur = Path{};
    } else if (c == ']') {
      if (!stack.empty()) {  // (a pending joint stays: a growing tip; a moved one is dropped)
        cur = stack.back();
        stack.pop_back();
        cylinder = cylinders.back();
        cylinders.pop_back();
      }
    } else if (c == joint) {
      if (first) {
        edits.push_back({std::uint32_t(i), -2});  // before the first body
        continue;
      }
      if (cur.pending >= 0) edits.push_back({std::uint32_t(cur.pending), -2});  // a joint followed by a joint
      cur.pending = std::int64_t(i);
      cur.moved = -1;
    } else {
      polygons = std::max(0, polygons + polygon_step(rules.cpfg, c, s.param(i), s.nparams(i)));
      const bool before = cylinder;  // (an image carries its body where the string's cylinder is open before it)
      cylinder = cylinder_after(rules.cpfg, c, s.param(i), s.nparams(i), cylinder);
      if (c < d.cylinder_effects.size() && d.cylinder_effects[c] != 0) cylinder = d.cylinder_effects[c] == 1;
      const std::uint8_t k = c < ncarrier ? carrier[c] : 0;
      const bool carries = k == 1 || (k == 2 && before) || cylinder_move(d.cylinder_moves, c, cylinder);
      if (polygons > 0 || !carries) continue;
      if (first) {
        first = false;
      } else if (cur.pending < 0) {
        edits.push_back({std::uint32_t(i), cur.moved});
      }
      cur = Path{};
    }
  }
  if (edits.empty()) return false;
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.at < b.at; });
  scratch.clear();
  std::size_t added = 0;
  for (const Edit& e : edits) added += e.from == -2 ? 0 : 1;
  if (n + added > max_modules || s.params.size() + 6 * added > max_params) {
    if (too_big) *too_big = true;
    return false;
  }
  scratch.reserve(n + added, s.params.size() + 6 * added);
  static constexpr double kRest[6] = {0, 0, 0, 0, 0, 0};
  std::size_t run = 0;
  for (const Edit& e : edits) {
    scratch.append(s, run, e.at);
    if (e.from == -2) {
      run = e.at + 1;
      continue;
    }
    const bool state = e.from >= 0 && s.nparams(std::size_t(e.from)) == 6;
    scratch.push(joint, state ? s.param(std::size_t(e.from)) : kRest, 6);
    run = e.at;
  }
  scratch.append(s, run, n);
  std::swap(s, scratch);
  return true;
}

ModuleString without_joints(const RuleSet& rules, const ModuleString& s) {
  ModuleString out;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s.sym[i] != rules.dynamics.joint) out.append(s, i, i + 1);
  return out;
}

namespace detail {
namespace {

// Every symbol the file writes (axiom, productions, contexts, ignore: and
// consider:), split as the compiler will split them.
std::set<SymbolId> used_symbols(const RuleSet& rs, const grammar::FileAst& file) {
  std::set<SymbolId> used;
  std::vector<SymbolId> syms;
  auto add = [&](const grammar::ModuleList& list) {
    for (const grammar::ModuleAst& m : list) {
      syms.clear();
      std::size_t bad = 0;
      if (rs.symbols.split(m.word, syms, bad)) used.insert(syms.begin(), syms.end());
    }
  };
  for (const grammar::Item& it : file.header) add(it.modules);
  for (const grammar::Section* sec : {&file.productions, &file.decomposition, &file.homomorphism})
    for (const grammar::ProductionAst& p : sec->productions)
      for (const grammar::ModuleList* l : {&p.left, &p.pred, &p.right, &p.succ}) add(*l);
  return used;
}

}  // namespace

void sway_section(const Ctx& c, const grammar::FileAst& file, RuleSet& rs) {
  DynamicsSpec& d = rs.dynamics;
  d.enabled = d.auto_joints = d.sway = true;
  d.body = 'F';
  // The joints are J, or, when the model writes J itself, the first of these it does not use.
  const std::set<SymbolId> used = used_symbols(rs, file);
  d.joint = 0;
  for (char j : std::string("JQYZKVjqyzkv"))
    if (!used.count(SymbolId(static_cast<unsigned char>(j)))) {
      d.joint = SymbolId(static_cast<unsigned char>(j));
      break;
    }
  if (d.joint == 0) {
    c.error({1, 1}, "--sway: the model uses every symbol lsd would take for its joints (J Q Y Z K V j q y z k v): "
                    "write a dynamics: section with 'joints: auto' and 'joint:' naming a module: name");
    d.joint = 'J';
  } else if (d.joint != 'J') {
    c.warning({1, 1}, "--sway: the model writes 'J' itself, so the joints it inserts are '" +
                          rs.symbols.name(d.joint) + "'");
  }
  apply_sway_defaults(d.file, {});
}

void finish_auto_joints(const Ctx& c, RuleSet& rs) {
  DynamicsSpec& d = rs.dynamics;
  if (!d.enabled || !d.auto_joints) return;
  const ProductionGroup& h = rs.homomorphism;
  d.cylinder_moves = rs.cpfg && !('f' < h.has_rule.size() && h.has_rule['f']);  // (f kept by the homomorphism)
  d.carriers = body_carriers(rs, &d.cylinder_effects);
  // Where the joint symbol is written with a number of parameters a joint
  // does not have, the model uses it for something else.
  auto joint_misused = [&](SymbolId sym, int nparams, grammar::Pos pos) {
    if (sym != d.joint || nparams == 0 || nparams == 6) return false;
    c.error(pos, "'" + rs.symbols.name(sym) + "' is the joint symbol of joints: auto, but the model writes it with " +
                     std::to_string(nparams) + " parameters (a joint has six): name a symbol the model does not use "
                                               "with 'joint:'");
    return true;
  };
  bool reported = false;
  bool draws = false;  // some successor or the axiom writes a carrier
  bool moves = false, cylinders = false;  // ... an f, and a generalized cylinder (cylinder_move)
  auto module = [&](SymbolId sym, int nparams, grammar::Pos pos) {
    if (!reported) reported = joint_misused(sym, nparams, pos);
    draws = draws || (sym < d.carriers.size() && d.carriers[sym]);
    moves = moves || sym == 'f';
    cylinders = cylinders || sym == kSymGcStart || sym == kSymGcPoint || sym == kSymGcEnd || (sym == '{' && nparams > 0);
    // --sway makes F a body: in a .ls file an F of two or more parameters would be B(l, r, ...) in metres.
    if (d.sway && sym == d.body && nparams >= 2 && !rs.cpfg && !reported) {
      c.error(pos, "--sway makes every F a body, and an F with " + std::to_string(nparams) +
                       " parameters is a body B(l, r, ...) in metres (docs/language.md 7.8): --sway needs F with at "
                       "most one parameter (its length); write a dynamics: section for this model instead");
      reported = true;
    }
  };
  for (std::size_t i = 0; i < rs.axiom.size(); ++i) module(rs.axiom.sym[i], rs.axiom.nparams(i), {1, 1});
  for (const SuccessorModule& m : rs.axiom_succ) module(m.sym, int(m.params.size()), m.pos);
  for (const ProductionGroup* g : {&rs.main, &rs.decomposition, &rs.homomorphism})
    for (const Production& p : g->prods)
      for (const SuccessorModule& m : p.succ) module(m.sym, int(m.params.size()), m.pos);
  if (d.cylinder_moves && moves && cylinders) draws = true;
  if (d.sway && !draws && !reported)
    c.error({1, 1}, "--sway: the model draws no segment 'F' outside polygons and no generalized cylinder along "
                    "'f' moves, in its string or through its homomorphism, so nothing in it can be a body (its "
                    "drawing is polygons, surfaces or spheres)");
}

}  // namespace detail
}  // namespace lsd::interp
