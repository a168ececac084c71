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

// Where a module carries a body (bodies.hpp) as the joints' passes read the
// stored string and the homomorphism's images: a module of its own row in
// `own` (the body symbol, an f along a generalized cylinder) as that row
// says; a symbol the homomorphism rewrites where its image draws one
// (`carriers`, body_carriers).
BodyWhere where_carried(const BodyTable& own, const std::vector<std::uint8_t>& carriers, SymbolId c, int np) {
  const BodyRow r = own.row(c, np);
  if (r.kind != BodyKind::kNone) return r.where;
  const std::uint8_t k = c < carriers.size() ? carriers[c] : 0;
  return k == kAlways ? BodyWhere::kOutsidePolygons : k == kInCylinder ? BodyWhere::kInCylinder : BodyWhere::kNowhere;
}

// The rows of the stored string's own modules: the body symbol unless the
// homomorphism rewrites it (its image decides then), an f along a cylinder.
BodyTable own_rows(const RuleSet& rules) {
  const DynamicsSpec& d = rules.dynamics;
  const ProductionGroup& h = rules.homomorphism;
  const bool rewritten = d.body < h.has_rule.size() && h.has_rule[d.body];
  return {rewritten ? SymbolId(0) : d.body, d.cylinder_moves, rules.cpfg, rules.step};
}

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
  // successors has a module that carries one where it stands in the image
  // (carries_body: the body symbol itself, drawn by the image, or another
  // carrier, outside a polygon of its own; an f in a generalized cylinder
  // it opens), or an f in the cylinder of the string around the image
  // (kInCylinder: where the string's cylinder is open before it; `[` `]`
  // save and restore the image's cylinder state): a fixed point, each
  // symbol's carrier kind only rising and its effect set once.
  const BodyTable drawn{body, d.cylinder_moves, rules.cpfg, rules.step};  // (the image's body symbol is drawn)
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
        const BodyWhere where = where_carried(drawn, carrier, m.sym, np);
        if (carries_body(where, {depth > 0, cylinder == kOpens}))  // (F --> @O F: the image draws F)
          found = kAlways;
        else if (carries_body(where, {depth > 0, true}) && cylinder == kKeeps && found == 0)
          found = kInCylinder;
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
// of module `from`, or at rest when from = kRest), or module `at` removed.
struct Edit {
  std::uint32_t at;
  std::int64_t from;
};
constexpr std::int64_t kRest = -1, kRemove = -2;

// What each symbol is to the joints' passes: most of a string's modules
// (turns, widths, the model's own modules) change nothing: kPass.
enum : std::uint8_t { kPass, kBody, kOpen, kClose, kJoint, kSlot, kOther };
std::vector<std::uint8_t> symbol_kinds(const RuleSet& rules) {
  const DynamicsSpec& d = rules.dynamics;
  std::vector<std::uint8_t> kinds(rules.symbols.size(), kPass);
  for (SymbolId c : {SymbolId('{'), SymbolId('}'), SymbolId('f'), SymbolId(kSymGcStart), SymbolId(kSymGcPoint),
                     SymbolId(kSymGcEnd)})
    kinds[c] = kOther;
  for (SymbolId c = 0; c < kinds.size(); ++c) {
    const bool effect = c < d.cylinder_effects.size() && d.cylinder_effects[c] != 0;
    const std::uint8_t k = c < d.carriers.size() ? d.carriers[c] : 0;
    if (effect || k != 0) kinds[c] = std::uint8_t(k == kAlways && !effect && kinds[c] == kPass ? kBody : kOther);
  }
  kinds['['] = kOpen;
  kinds[']'] = kClose;
  kinds[kSymJointSlot] = kSlot;
  if (d.joint < kinds.size()) kinds[d.joint] = kJoint;
  return kinds;
}

}  // namespace

bool insert_joints(const RuleSet& rules, ModuleString& s, ModuleString& scratch, std::size_t max_modules,
                   std::size_t max_params, bool* too_big, std::vector<std::int64_t>* origin) {
  const DynamicsSpec& d = rules.dynamics;
  if (origin) origin->clear();
  if (!d.enabled || !d.auto_joints) return false;
  const SymbolId joint = d.joint;
  const BodyTable own = own_rows(rules);
  struct Path {
    std::int64_t pending = -1;  // a joint of this path waiting for its body (module index)
    std::int64_t moved = -1;    // a joint moved past a branch: whose state the next body takes
    bool cylinder = false;      // (saved at a `[`) whether a generalized cylinder was open
  };
  std::vector<Edit> edits;
  std::vector<std::uint32_t> slots;  // the joint slots that became joints where they are
  std::vector<Path> stack;
  stack.reserve(64);
  Path cur;
  int polygons = 0;
  bool cylinder = false;
  bool first = true;  // no carrier yet
  const std::size_t n = s.size();
  const std::vector<std::uint8_t> kinds = symbol_kinds(rules);
  // Whether module i carries a body where it stands (carries_body; the
  // cylinder: as it was before the module, where an image draws its f).
  auto carries = [&](std::size_t i, bool in_cylinder) {
    return carries_body(where_carried(own, d.carriers, s.sym[i], s.nparams(i)), {polygons > 0, in_cylinder});
  };
  // A carrier at module i: true when a joint at rest goes just before it.
  auto body = [&](std::size_t i) {
    const std::int64_t moved = cur.moved;
    const bool needs = !first && cur.pending < 0;
    first = false;
    cur.pending = cur.moved = -1;
    if (needs && moved >= 0) edits.push_back({std::uint32_t(i), moved});
    return needs && moved < 0;
  };
  // Any other module that is not passed over.
  auto other = [&](std::size_t i) {
    const SymbolId c = s.sym[i];
    polygons = std::max(0, polygons + polygon_step(rules.cpfg, c, s.param(i), s.nparams(i)));
    const bool before = cylinder;  // (an image carries its body where the string's cylinder is open before it)
    cylinder = cylinder_after(rules.cpfg, c, s.param(i), s.nparams(i), cylinder);
    if (c < d.cylinder_effects.size() && d.cylinder_effects[c] != 0) cylinder = d.cylinder_effects[c] == 1;
    return carries(i, before) && body(i);
  };
  std::int64_t open = -1;  // the last slot, until the module after it decides (read as if absent)
  for (std::size_t i = 0; i < n; ++i) {
    const SymbolId c = s.sym[i];
    bool rest = false;  // a new joint at rest goes just before module i
    switch (c < kinds.size() ? kinds[c] : std::uint8_t(kPass)) {
      case kPass:
        continue;  // (a slot before it is removed when the next module is visited)
      case kSlot:
        if (open >= 0) edits.push_back({std::uint32_t(open), kRemove});
        open = std::int64_t(i);
        continue;
      case kOpen:
        if (cur.pending >= 0) {  // a joint followed by a branch: it moves past the branch
          edits.push_back({std::uint32_t(cur.pending), kRemove});
          cur.moved = cur.pending;
          cur.pending = -1;
        }
        cur.cylinder = cylinder;
        stack.push_back(cur);
        cur = Path{};
        break;
      case kClose:
        if (!stack.empty()) {  // (a pending joint stays: a growing tip; a moved one is dropped)
          cur = stack.back();
          stack.pop_back();
          cylinder = cur.cylinder;
        }
        break;
      case kJoint:
        if (first) {
          edits.push_back({std::uint32_t(i), kRemove});  // before the first body
          break;
        }
        if (cur.pending >= 0) edits.push_back({std::uint32_t(cur.pending), kRemove});  // a joint followed by a joint
        cur.pending = std::int64_t(i);
        cur.moved = -1;
        break;
      case kBody:
        rest = carries(i, cylinder) && body(i);
        break;
      default:
        rest = other(i);
        break;
    }
    const bool slot = open >= 0 && std::size_t(open) + 1 == i;
    if (slot && rest) {  // the slot a successor kept for it: in place, the string keeps its layout
      s.sym[std::size_t(open)] = joint;
      slots.push_back(std::uint32_t(open));
    } else if (open >= 0) {
      edits.push_back({std::uint32_t(open), kRemove});
    }
    if (rest && !slot) edits.push_back({std::uint32_t(i), kRest});
    open = -1;
  }
  if (open >= 0) edits.push_back({std::uint32_t(open), kRemove});
  if (edits.empty()) return !slots.empty();
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.at < b.at; });
  std::size_t added = 0, added_params = 0;
  for (const Edit& e : edits) {
    added += e.from == kRemove ? 0 : 1;
    added_params += e.from >= 0 ? std::size_t(s.nparams(std::size_t(e.from))) : 0;
  }
  if (n + added > max_modules || s.params.size() + added_params > max_params) {
    for (std::uint32_t k : slots) s.sym[k] = kSymJointSlot;  // (unchanged, as promised)
    if (too_big) *too_big = true;
    return false;
  }
  scratch.clear();
  scratch.reserve(n + added, s.params.size() + added_params);
  std::size_t run = 0;
  auto copy = [&](std::size_t to) {
    scratch.append(s, run, to);
    if (origin)
      for (std::size_t k = run; k < to; ++k) origin->push_back(std::int64_t(k));
  };
  for (const Edit& e : edits) {
    copy(e.at);
    if (e.from == kRemove) {
      run = e.at + 1;
      continue;
    }
    // A new joint is at rest and bare (docs/language.md 7.8); a moved one keeps its parameters.
    if (e.from >= 0) scratch.push(joint, s.param(std::size_t(e.from)), s.nparams(std::size_t(e.from)));
    else scratch.push(joint);
    if (origin) origin->push_back(std::int64_t(e.at));  // (it takes the place of the module it stands before)
    run = e.at;
  }
  copy(n);
  std::swap(s, scratch);
  return true;
}

void place_joint_slots(RuleSet& rules) {
  DynamicsSpec& d = rules.dynamics;
  if (!d.enabled || !d.auto_joints) return;
  // Exact (joints_filled): no module that is not a turn-like module, a
  // bracket or a plain carrier in the axiom or any successor (no polygon,
  // cylinder or joint of the model's own), no predecessor of that kind or of
  // several modules, and a carrier's successor starts with a carrier (it
  // keeps the carrier's joint just before it).
  const std::vector<std::uint8_t> kinds = symbol_kinds(rules);
  auto kind = [&](SymbolId s) { return s < kinds.size() ? kinds[s] : std::uint8_t(kPass); };
  auto simple = [&](SymbolId s) { return kind(s) <= kClose; };  // kPass, kBody, kOpen, kClose
  bool exact = true;
  for (SymbolId s : rules.axiom.sym) exact = exact && simple(s);
  for (const SuccessorModule& m : rules.axiom_succ) exact = exact && simple(m.sym);
  for (const ProductionGroup* g : {&rules.main, &rules.decomposition})
    for (const Production& p : g->prods) {
      const std::uint8_t pk = kind(p.pred.sym);
      exact = exact && p.pred_rest.empty() && (pk == kPass || pk == kBody);
      for (const SuccessorModule& m : p.succ) exact = exact && simple(m.sym);
      if (pk == kBody) exact = exact && !p.succ.empty() && kind(p.succ[0].sym) == kBody;
    }
  d.slots_exact = exact;
  const BodyTable own = own_rows(rules);
  const std::size_t nc = d.carriers.size();
  auto carries = [&](SymbolId s) { return s < nc ? d.carriers[s] : std::uint8_t(0); };
  for (ProductionGroup* g : {&rules.main, &rules.decomposition}) {
    for (Production& p : g->prods) {
      // Where a carrier depends on the string around the successor (an f
      // in a cylinder, a polygon whose kind is computed), the slots are
      // left to insert_joints.
      auto decided_outside = [&](const SuccessorModule& m) {
        if (kind(m.sym) != kOther) return false;
        if ((m.sym == '{' || m.sym == '}') && carries(m.sym) == 0)
          return !m.params.empty() && !m.params[0].is_constant;  // (a polygon: its depth is counted below)
        if (m.sym == 'f' && carries(m.sym) == 0) return d.cylinder_moves;
        return true;  // a cylinder, a module whose image opens or closes one, a carrier in a cylinder
      };
      bool plain = p.pred_rest.empty();
      for (const SuccessorModule& m : p.succ) plain = plain && !decided_outside(m);
      if (!plain) continue;
      // The predecessor's joint, when it is a carrier, stays before the
      // first carrier of the successor's own path (or moves past a branch
      // to it): that carrier gets no new one; every other carrier outside a
      // polygon of the successor does.
      std::vector<bool> joined{carries(p.pred.sym) == kAlways};  // per open path: its next carrier has a joint
      std::vector<SuccessorModule> succ;
      int polygons = 0;
      bool added = false;
      for (const SuccessorModule& m : p.succ) {
        const double type = m.params.empty() ? 0.0 : m.params[0].value;
        polygons = std::max(0, polygons + polygon_step(rules.cpfg, m.sym, &type, int(m.params.size())));
        if (m.sym == '[') joined.push_back(false);
        if (m.sym == ']' && joined.size() > 1) joined.pop_back();
        if (m.sym == d.joint) joined.back() = true;
        if (carries_body(where_carried(own, d.carriers, m.sym, int(m.params.size())), {polygons > 0, false})) {
          if (!joined.back()) {
            succ.push_back({kSymJointSlot, {}, m.pos});
            added = true;
          }
          joined.back() = false;
        }
        succ.push_back(m);
      }
      if (!added) continue;
      p.succ = std::move(succ);
      for (std::size_t k = 0; k < p.succ.size(); ++k)
        if (p.succ[k].sym == kSymJointSlot) p.slot_at.push_back(std::uint32_t(k));
      if (!p.succ_constant) continue;
      // The constant successor again, with its slots.
      ModuleString rebuilt;
      std::size_t k = 0;
      for (const SuccessorModule& m : p.succ) {
        if (m.sym == kSymJointSlot) {
          rebuilt.push(m.sym);
          continue;
        }
        rebuilt.append(p.succ_string, k, k + 1);
        ++k;
      }
      p.succ_string = std::move(rebuilt);
    }
  }
}

bool joints_tidy(const RuleSet& rules, const ModuleString& s) {
  if (!rules.dynamics.slots_exact) return false;
  const std::vector<std::uint8_t> kinds = symbol_kinds(rules);
  auto kind = [&](std::size_t i) { return s.sym[i] < kinds.size() ? kinds[s.sym[i]] : std::uint8_t(kPass); };
  bool first = true;
  for (std::size_t i = 0; i < s.size(); ++i) {
    switch (kind(i)) {
      case kJoint:
        if (first || i + 1 == s.size() || kind(i + 1) != kBody) return false;
        break;
      case kBody:
        if (!first && (i == 0 || kind(i - 1) != kJoint)) return false;
        first = false;
        break;
      case kSlot:
      case kOther:
        return false;
      default:
        break;
    }
  }
  return true;
}

bool joints_filled(const RuleSet& rules, const ModuleString& s) {
  if (!rules.dynamics.slots_exact) return false;
  const std::vector<std::uint8_t> kinds = symbol_kinds(rules);
  for (SymbolId c : s.sym) {  // no joint before the first carrier
    const std::uint8_t k = c < kinds.size() ? kinds[c] : std::uint8_t(kPass);
    if (k == kBody) break;
    if (k == kJoint || k == kSlot) return false;
  }
  return true;
}

namespace {
bool is_element(const DynamicsSpec& d, const ModuleString& s, std::size_t i) {
  return i < s.size() && s.sym[i] == d.rod && s.nparams(i) >= 2;
}
// The element whose rest a K at module i takes (docs/language.md 7.9): the
// element just after it; with element: clothoid the one just before it
// first (the K after an element is its end node). s.size() if none.
std::size_t curvature_element(const DynamicsSpec& d, const ModuleString& s, std::size_t i) {
  if (d.clothoid && i > 0 && is_element(d, s, i - 1)) return i - 1;
  return is_element(d, s, i + 1) ? i + 1 : s.size();
}
// A bare K beside an element: at the element's rest.
bool bare_curvature(const DynamicsSpec& d, const ModuleString& s, std::size_t i) {
  return s.sym[i] == d.curvature && s.nparams(i) == 0 && curvature_element(d, s, i) < s.size();
}
// joints: auto: an element S(l, r, ...) without a K just before it gets one
// at rest (element: clothoid: the first element of a chain, `chain` false:
// one before it, and every element one after it).
bool missing_before(const DynamicsSpec& d, const ModuleString& s, std::size_t i, bool chain) {
  return d.auto_joints && is_element(d, s, i) && !(d.clothoid && chain) && !(i > 0 && s.sym[i - 1] == d.curvature);
}
bool missing_after(const DynamicsSpec& d, const ModuleString& s, std::size_t i) {
  return d.auto_joints && d.clothoid && is_element(d, s, i) && !(i + 1 < s.size() && s.sym[i + 1] == d.curvature);
}
// K at the rest of the element S at module e (docs/language.md 7.9).
void push_rest_curvature(const DynamicsSpec& d, const ModuleString& s, std::size_t e, ModuleString& out) {
  const double* p = s.param(e);
  const bool curved = s.nparams(e) >= 5;
  const double rest[6] = {curved ? p[2] : 0, curved ? p[3] : 0, curved ? p[4] : 0, 0, 0, 0};
  out.push(d.curvature, rest, 6);
}
// element: clothoid: whether the path at each module stands on an element
// with no joint since (the next element continues its chain), as the body
// layout walks it: '[' keeps the path's, ']' returns to it.
std::vector<std::uint8_t> on_chain(const DynamicsSpec& d, const ModuleString& s) {
  std::vector<std::uint8_t> chain(s.size(), 0), stack;
  std::uint8_t here = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    chain[i] = here;
    if (s.sym[i] == '[') stack.push_back(here);
    else if (s.sym[i] == ']' && !stack.empty()) {
      here = stack.back();
      stack.pop_back();
    } else if (s.sym[i] == d.joint) here = 0;
    else if (is_element(d, s, i)) here = 1;
  }
  return chain;
}
}  // namespace

bool expand_rest_joints(const RuleSet& rules, ModuleString& s) {
  const DynamicsSpec& d = rules.dynamics;
  if (!d.enabled) return false;
  const std::vector<std::uint8_t> chain = d.clothoid && d.auto_joints ? on_chain(d, s) : std::vector<std::uint8_t>();
  auto in_chain = [&](std::size_t i) { return !chain.empty() && chain[i] != 0; };
  std::size_t bare = 0;
  for (std::size_t i = 0; i < s.size(); ++i)
    bare += (s.sym[i] == d.joint && s.nparams(i) == 0) || bare_curvature(d, s, i) ||
            missing_before(d, s, i, in_chain(i)) || missing_after(d, s, i);
  if (bare == 0) return false;
  ModuleString out;
  out.reserve(s.size(), s.params.size() + 12 * bare);
  static constexpr double kZero[6] = {0, 0, 0, 0, 0, 0};
  std::size_t run = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const bool before = missing_before(d, s, i, in_chain(i)), after = missing_after(d, s, i);
    if (before || after) {  // (the element itself stays)
      out.append(s, run, i);
      if (before) push_rest_curvature(d, s, i, out);
      out.append(s, i, i + 1);
      if (after) push_rest_curvature(d, s, i, out);
      run = i + 1;
      continue;
    }
    const bool curvature = bare_curvature(d, s, i);
    if (!curvature && (s.sym[i] != d.joint || s.nparams(i) != 0)) continue;
    out.append(s, run, i);
    if (curvature) push_rest_curvature(d, s, curvature_element(d, s, i), out);
    else out.push(d.joint, kZero, 6);
    run = i + 1;
  }
  out.append(s, run, s.size());
  std::swap(s, out);
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
  place_joint_slots(rs);
}

}  // namespace detail
}  // namespace lsd::interp
