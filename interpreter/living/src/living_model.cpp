#include "interpreter/living/living_model.hpp"

#include <algorithm>
#include <cmath>

#include "dynamics/rod.hpp"
#include "dynamics/springs.hpp"

#include "interpreter/living/src/grafts.hpp"
#include "interpreter/living/src/spring_axes.hpp"
#include "interpreter/growth/lsystem.hpp"
#include "interpreter/lsystem/origin.hpp"

namespace lsd::interp {
namespace {

// The obstacles' kinds are the settings' (ground, pole, sphere; then ring) in the same order.
static_assert(int(ObstacleKind::kGround) == int(dyn::ObstacleKind::kGround) &&
              int(ObstacleKind::kPole) == int(dyn::ObstacleKind::kPole) &&
              int(ObstacleKind::kSphere) == int(dyn::ObstacleKind::kSphere));

// A rod element as a piece for the spring of a joint beside it.
BodyPiece rod_piece(const RodMark& r) {
  BodyPiece p;
  p.length = r.length;
  p.radius = r.radius;
  p.density = r.density;
  p.young = r.young;
  return p;
}

// The capsules along an element's tube: one per quarter radian of its rest
// turn and per four radii of its length, at least 2, at most 16.
int rod_capsules(const RodMark& r) {
  const double n = std::max(r.length * r.rest.norm() * 4, r.length / (4 * r.radius));
  return std::isfinite(n) ? std::clamp(int(std::ceil(n)), 2, 16) : 16;
}

// Element k's node (docs/dynamics.md, "Curved rods"): its start frame in
// its parent's, its material, its internal friction (stiffness damping:
// seed 000's nu K) and its drag per unit length.
void add_element(const RunSettings& settings, const BodyLayout& layout, const RodMark& r, LivingModel& lm) {
  const LaidBody& node = layout.bodies[std::size_t(r.body)];
  dyn::RodDef def = dyn::default_rod_def();
  def.parent = node.parent;
  def.placement = layout.bodies[std::size_t(node.parent)].rest.inverse() * r.start;
  def.kind = r.clothoid ? dyn::ElementKind::kClothoid : dyn::ElementKind::kHelix;
  def.continues = r.continues;
  def.length = r.first_node ? 0 : r.length;
  def.radius = r.radius;
  def.density = r.density;
  def.young = r.young;
  def.poisson = settings.poisson;
  def.rest = r.rest;
  def.friction_ratio = settings.stiffness_damping;
  def.drag = model_units(settings).drag(settings.drag) * 2 * r.radius;
  // A helix without a K has nowhere to keep its state: rigid at its rest
  // shape (docs/language.md 7.9); a clothoid chain has every K (lsd check).
  def.held = !r.clothoid && r.curvature < 0;
  dyn::add_rod(lm.model, def);
  if (!r.first_node) dyn::add_rod_capsules(lm.model, r.body, rod_capsules(r));
}

// The springs of body b's joint between the pieces pp and cc beside it
// (docs/language.md 7.5). With `springs: second order` a joint on a base
// that does not move is a clamp: the base does not bend, so the child's
// half length alone does (docs/dynamics.md, "Rigid chains: second order").
dyn::Vec3 joint_stiffness(const RunSettings& settings, const LaidBody& b, const BodyPiece& pp, const BodyPiece& cc) {
  const bool clamp = settings.second_order_springs && b.parent == 0 && !settings.floating_base && cc.length > 0;
  if (clamp) return dyn::clamp_joint_stiffness(cc.length, cc.radius, cc.young, settings.poisson);
  return dyn::cylinder_joint_stiffness(pp.length, pp.radius, cc.length, cc.radius, 0.5 * (pp.young + cc.young),
                                       settings.poisson);
}

// Every joint's springs on its rest frame's axes, (nbodies), zero for the
// base and the elements' nodes (docs/language.md 7.5). A joint beside an
// element takes the element for the piece on that side. False after a
// diagnostic (a joint between two bodies of zero length).
bool joint_springs(const RuleSet& rules, const RunSettings& settings, const ModuleString& s, const ModuleLocator& locate,
                   const BodyLayout& layout, std::vector<dyn::Vec3>& springs, std::vector<grammar::Diagnostic>& diags) {
  const std::size_t nb = layout.bodies.size();
  springs.assign(nb, dyn::Vec3::Zero());
  const BodyPiece none;  // (a joint without a body piece before it on its path)
  auto piece = [&](int k) -> const BodyPiece& { return k >= 0 ? layout.pieces[std::size_t(k)] : none; };
  auto parent_side = [&](const LaidBody& b) {
    const int rod = layout.bodies[std::size_t(b.parent)].rod;
    return b.parent_piece < 0 && rod >= 0 ? rod_piece(layout.rods[std::size_t(rod)]) : piece(b.parent_piece);
  };
  auto child_side = [&](std::size_t k) {
    const bool element = k + 1 < nb && layout.bodies[k + 1].parent == int(k) && layout.bodies[k + 1].rod >= 0;
    const LaidBody& b = layout.bodies[k];
    return b.first_piece < 0 && element ? rod_piece(layout.rods[std::size_t(layout.bodies[k + 1].rod)])
                                        : piece(b.first_piece);
  };
  bool ok = true;
  for (std::size_t k = 1; k < nb; ++k) {
    const LaidBody& b = layout.bodies[k];
    if (b.rod >= 0) continue;
    const BodyPiece pp = parent_side(b), cc = child_side(k);
    if (!(pp.length + cc.length > 0)) {
      diags.push_back(module_diagnostic(rules, s, b.joint_module, locate,
                                        "the joint at module " + std::to_string(b.joint_module) +
                                            " joins two bodies of zero length"));
      ok = false;
      continue;
    }
    springs[k] = joint_stiffness(settings, b, pp, cc);
  }
  return ok;
}

// The model's bodies from the layout: placements, inertias, drag, capsules,
// ties, spring constants (docs/language.md section 7); with `springs:
// second order` the joints' axes turned to their springs' first
// (spring_axes.hpp). The layout is in the drawing's units (body_layout.cpp);
// the drag coefficient is rescaled here, drag/u (gravity and wind in
// step_options, units.hpp; dampers in set_damping). False after a diagnostic.
bool make_model(const RuleSet& rules, const RunSettings& settings, const ModuleString& s, const ModuleLocator& locate,
                LivingModel& lm, std::vector<grammar::Diagnostic>& diags) {
  std::vector<dyn::Vec3> springs;
  if (!joint_springs(rules, settings, s, locate, lm.layout, springs, diags)) return false;
  if (settings.second_order_springs) turn_spring_axes(lm.layout, springs);
  const BodyLayout& layout = lm.layout;
  const std::size_t nb = layout.bodies.size();
  std::vector<dyn::Inertia> inertia(nb);
  std::vector<double> drag(nb, 0.0);
  dyn::ContactModel contact;
  for (const BodyPiece& p : layout.pieces) {
    const std::size_t b = std::size_t(p.body);
    inertia[b] = inertia[b] + dyn::cylinder_inertia(p.length, p.radius, p.density).transformed(p.frame);
    drag[b] += model_units(settings).drag(settings.drag) * 2 * p.radius * p.length;
    contact.capsules.push_back({p.body, p.frame.translation, p.frame.act(dyn::Vec3(p.length, 0, 0)), p.radius});
  }
  for (const TieMark& m : layout.ties) {
    dyn::Tie t;
    t.body = m.body;
    t.point = m.point;
    if (!m.bare) t.anchor = m.anchor;
    contact.ties.push_back(t);
  }
  for (const Obstacle& o : settings.obstacles) {  // the settings keep the rings beside the obstacles
    if (o.kind == ObstacleKind::kRing) contact.rings.push_back({o.centre, o.axis, o.radius});
    else contact.obstacles.push_back({dyn::ObstacleKind(int(o.kind)), o.centre, o.radius, o.top});
  }
  dyn::BaseDef base = dyn::default_base_def();
  base.kind = settings.kinematic_base ? dyn::BaseKind::kKinematic
              : settings.floating_base ? dyn::BaseKind::kFloating
                                       : dyn::BaseKind::kFixed;
  base.inertia = inertia[0];
  base.drag = drag[0];
  lm.model = dyn::make_model(base);
  lm.model.contact = std::move(contact);
  lm.model.opt = step_options(settings);
  dyn::reserve_bodies(lm.model, int(nb));
  for (std::size_t k = 1; k < nb; ++k) {
    const LaidBody& b = layout.bodies[k];
    if (b.rod >= 0) {
      add_element(settings, layout, layout.rods[std::size_t(b.rod)], lm);
      continue;
    }
    dyn::BodyDef def = dyn::default_body_def();
    def.parent = b.parent;
    def.joint_placement = layout.bodies[std::size_t(b.parent)].rest.inverse() * b.rest;
    def.inertia = inertia[k];
    def.drag = drag[k];
    def.stiffness = springs[k];
    dyn::add_body(lm.model, def);
  }
  // The capsules by body ascending (dyn::add_rod_capsules): the elements' among the rigid bodies'.
  std::stable_sort(lm.model.contact.capsules.begin(), lm.model.contact.capsules.end(),
                   [](const dyn::Capsule& a, const dyn::Capsule& b) { return a.body < b.body; });
  if (!layout.pieces.empty()) {
    const BodyPiece& last = layout.pieces.back();
    lm.last_body = last.body;
    lm.last_body_end = last.frame.act(dyn::Vec3(last.length, 0, 0));
  }
  // a rod element after the last body piece: the tip is its end, its node's origin
  if (!layout.rods.empty() && (layout.pieces.empty() || layout.rods.back().module > layout.pieces.back().module)) {
    lm.last_body = layout.rods.back().body;
    lm.last_body_end = dyn::Vec3::Zero();
  }
  return true;
}

// Step 3: joint damping, a value on every axis, or a ratio of each joint's
// critical damping with the inertia of its subtree, rigid, in the rest pose.
// With stiffness damping: nu K added on every axis (Rayleigh's
// stiffness-proportional damping, which damps a mode in proportion to its
// frequency).
void set_damping(const RunSettings& settings, dyn::Model& m) {
  if (settings.use_damping_ratio) {
    dyn::Data rest = dyn::make_data(m);
    const std::vector<dyn::Mat3> inertia = dyn::subtree_joint_inertias(m, rest);
    for (int k = 1; k < m.nbody(); ++k)
      for (int a = 0; a < 3; ++a)
        m.damping[std::size_t(k)][a] = 2 * settings.damping_ratio *
                                       std::sqrt(m.stiffness[std::size_t(k)][a] * inertia[std::size_t(k)](a, a));
  } else {  // N m s in the model's units (Walker): over u^5
    const double d = model_units(settings).joint_damping(settings.damping);  // N m s in the model's units
    for (int k = 1; k < m.nbody(); ++k) m.damping[std::size_t(k)].setConstant(d);
  }
  for (int k = 1; k < m.nbody(); ++k) {
    dyn::Vec3& d = m.damping[std::size_t(k)];
    d = settings.damping_scale * (d + settings.stiffness_damping * m.stiffness[std::size_t(k)]);
  }
}

}  // namespace

bool build_living_model(const RuleSet& rules, const RunSettings& settings, const ModuleString& s, LivingModel& lm,
                        std::vector<grammar::Diagnostic>& diags, const DrawnString* drawn, const ModuleLocator& locate) {
  lm = LivingModel{};
  if (!rules.dynamics.enabled) return true;
  const std::size_t before = diags.size();
  const bool ok = build_body_layout(rules, settings, s, drawn, locate, lm.layout, diags) && !lm.layout.bodies.empty() &&
                  make_model(rules, settings, s, locate, lm, diags) &&
                  pair_grafts(rules, drawn ? drawn->s : s, lm.layout.marks, drawn ? ModuleLocator{} : locate, lm, diags);
  if (!ok) {
    lm = LivingModel{};
    return diags.size() == before;
  }
  lm.unit = settings.turtle_unit;
  set_damping(settings, lm.model);
  const bool bare_ties = std::any_of(lm.layout.ties.begin(), lm.layout.ties.end(), [](const TieMark& t) { return t.bare; });
  if (bare_ties || !lm.bare_welds.empty()) {  // a bare @Tie holds where its point is now
    dyn::Data d = dyn::make_data(lm.model);
    load_state(s, lm, d);
    dyn::forward_kinematics(lm.model, d);
    for (std::size_t k = 0; k < lm.layout.ties.size(); ++k) {
      if (!lm.layout.ties[k].bare) continue;
      dyn::Tie& t = lm.model.contact.ties[k];
      t.anchor = d.oMi[std::size_t(t.body)].act(t.point);
    }
    set_bare_weld_rest(lm, d);  // and a bare @Weld holds the bodies as they are now
  }
  return true;
}

bool model_from_drawing(const RuleSet& rules) { return rules.dynamics.enabled && !rules.homomorphism.empty(); }

bool draw_string(const Lsystem& ls, std::size_t max_modules, DrawnString& out, std::vector<grammar::Diagnostic>& diags) {
  DeriveOptions opts;
  opts.max_modules = max_modules;
  const RewriteResult res = apply_homomorphism(ls, out.s, opts);
  out.origin.clear();
  if (!res.ok) {
    diags.push_back(res.error);
    return false;
  }
  const RuleSet& rules = *ls.rules;
  if (!model_from_drawing(rules)) return true;
  // The joints, ties, grafts, welds and base state of the drawing are the string's, in order.
  auto state = [&](SymbolId c) {
    return c == rules.dynamics.joint || c == rules.dynamics.curvature || c == kSymTie || c == kSymBase ||
           c == kSymGraft || c == kSymWeld;
  };
  const ModuleString& s = ls.current;
  std::vector<std::int32_t> kept;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (state(s.sym[i])) kept.push_back(std::int32_t(i));
  out.origin.assign(out.s.size(), -1);
  std::size_t next = 0;
  for (std::size_t k = 0; k < out.s.size(); ++k) {
    if (!state(out.s.sym[k])) continue;
    if (next >= kept.size() || s.sym[std::size_t(kept[next])] != out.s.sym[k]) {
      next = kept.size() + 1;
      break;
    }
    out.origin[k] = kept[next++];
  }
  if (next != kept.size()) {
    diags.push_back({rules.path, {}, "the homomorphism adds or removes joints ('" + rules.symbols.name(rules.dynamics.joint) +
                                         "'), curvatures, ties, grafts, welds or the base state: the model is built from the "
                                         "drawing, whose joints and marks must be the string's"});
    return false;
  }
  return true;
}

bool write_bare_ties(const LivingModel& lm, ModuleString& s) {
  std::vector<std::int32_t> bare(s.size(), -1);  // the tie of a bare @Tie module
  std::size_t n = 0;
  for (std::size_t k = 0; k < lm.layout.ties.size(); ++k)
    if (lm.layout.ties[k].bare && k < lm.model.contact.ties.size()) {
      bare[lm.layout.ties[k].module] = std::int32_t(k);
      ++n;
    }
  if (n == 0) return false;
  ModuleString out;
  out.reserve(s.size(), s.params.size() + 3 * n);
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (bare[i] >= 0 && s.nparams(i) == 0) {
      const dyn::Vec3& a = lm.model.contact.ties[std::size_t(bare[i])].anchor;
      out.push(s.sym[i], {a.x(), a.y(), a.z()});
    } else {
      out.push(s.sym[i], s.param(i), s.nparams(i));
    }
  }
  std::swap(s, out);
  return true;
}

bool ensure_base_module(ModuleString& s) {
  if (!s.empty() && s.sym[0] == kSymBase) return false;
  ModuleString out;
  out.reserve(s.size() + 1, s.params.size() + 12);
  const double zero[12] = {};
  out.push(kSymBase, zero, 12);
  out.append(s, 0, s.size());
  std::swap(s, out);
  return true;
}

// The elements' state: K(t, k1, k2, wt, w1, w2) in 1/m and 1/(m s) is the
// node's kappa and rate in the model's units (per turtle unit); an element
// without its K (or one not expanded yet) stands at rest.
void load_curvatures(const ModuleString& s, const LivingModel& lm, dyn::Data& data) {
  const double unit = lm.unit;
  for (const RodMark& r : lm.layout.rods) {
    const std::size_t i = std::size_t(r.body);
    data.q[i] = dyn::Quat::Identity();
    data.kappa[i] = r.rest;
    data.w[i].setZero();
    if (r.curvature < 0 || s.nparams(std::size_t(r.curvature)) != 6) continue;
    const double* k = s.params.data() + r.curvature_offset;
    data.kappa[i] = dyn::Vec3(k[0], k[1], k[2]) * unit;
    data.w[i] = dyn::Vec3(k[3], k[4], k[5]) * unit;
  }
}

void store_curvatures(const LivingModel& lm, const dyn::Data& data, ModuleString& s) {
  const double unit = lm.unit;
  for (const RodMark& r : lm.layout.rods) {
    if (r.curvature < 0 || s.nparams(std::size_t(r.curvature)) != 6) continue;
    double* k = s.params.data() + r.curvature_offset;
    const dyn::Vec3 kappa = data.kappa[std::size_t(r.body)] / unit, rate = data.w[std::size_t(r.body)] / unit;
    for (int a = 0; a < 3; ++a) {
      k[a] = kappa[a];
      k[3 + a] = rate[a];
    }
  }
}

void load_state(const ModuleString& s, const LivingModel& lm, dyn::Data& data) {
  const double* p = s.params.data();
  if (lm.layout.base_module >= 0) {
    const double* b = s.param(std::size_t(lm.layout.base_module));
    data.base_p = dyn::Vec3(b[0], b[1], b[2]);
    data.base_q = dyn::quat_from_rotation_vector(dyn::Vec3(b[3], b[4], b[5]));
    data.base_v = dyn::Vec3(b[6], b[7], b[8]);
    data.base_w = dyn::Vec3(b[9], b[10], b[11]);
  }
  for (int k = 1; k < lm.model.nbody(); ++k) {
    if (lm.layout.bodies[std::size_t(k)].rod >= 0) continue;  // (load_curvatures)
    const LaidBody& b = lm.layout.bodies[std::size_t(k)];
    const double* j = p + b.joint_offset;
    const dyn::Vec3 r(j[0], j[1], j[2]), w(j[3], j[4], j[5]);  // on the turtle's axes: turned to the joint's
    const bool turned = b.axes != dyn::Mat3::Identity();
    data.q[std::size_t(k)] = dyn::quat_from_rotation_vector(turned ? dyn::Vec3(b.axes.transpose() * r) : r);
    data.w[std::size_t(k)] = turned ? dyn::Vec3(b.axes.transpose() * w) : w;
  }
  load_curvatures(s, lm, data);
}

void store_state(const LivingModel& lm, const dyn::Data& data, ModuleString& s) {
  double* p = s.params.data();
  if (lm.layout.base_module >= 0) {
    double* b = s.param(std::size_t(lm.layout.base_module));
    const dyn::Vec3 r = dyn::rotation_vector_from_quat(data.base_q);
    const dyn::Vec3* parts[4] = {&data.base_p, &r, &data.base_v, &data.base_w};
    for (int k = 0; k < 4; ++k)
      for (int a = 0; a < 3; ++a) b[3 * k + a] = (*parts[k])[a];
  }
  for (int k = 1; k < lm.model.nbody(); ++k) {
    if (lm.layout.bodies[std::size_t(k)].rod >= 0) continue;  // (store_curvatures)
    const LaidBody& b = lm.layout.bodies[std::size_t(k)];
    double* j = p + b.joint_offset;
    dyn::Vec3 r = dyn::rotation_vector_from_quat(data.q[std::size_t(k)]), w = data.w[std::size_t(k)];
    if (b.axes != dyn::Mat3::Identity()) {  // back on the turtle's axes
      r = b.axes * r;
      w = b.axes * w;
    }
    j[0] = r.x(); j[1] = r.y(); j[2] = r.z();
    j[3] = w.x(); j[4] = w.y(); j[5] = w.z();
  }
  store_curvatures(lm, data, s);
}

dyn::Vec3 tip_position(const LivingModel& lm, const dyn::Data& data) {
  if (lm.last_body < 0 || data.oMi.empty()) return dyn::Vec3::Zero();
  return data.oMi[std::size_t(lm.last_body)].act(lm.last_body_end);
}

}  // namespace lsd::interp
