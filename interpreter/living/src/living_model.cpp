#include "interpreter/living/living_model.hpp"

#include <algorithm>
#include <cmath>

#include "dynamics/springs.hpp"

#include "interpreter/living/src/grafts.hpp"
#include "interpreter/growth/lsystem.hpp"
#include "interpreter/lsystem/origin.hpp"

namespace lsd::interp {
namespace {

// The obstacles' kinds are the settings' (ground, pole, sphere; then ring) in the same order.
static_assert(int(ObstacleKind::kGround) == int(dyn::ObstacleKind::kGround) &&
              int(ObstacleKind::kPole) == int(dyn::ObstacleKind::kPole) &&
              int(ObstacleKind::kSphere) == int(dyn::ObstacleKind::kSphere));

// The model's bodies from the layout: placements, inertias, drag, capsules,
// ties, spring constants (docs/language.md section 7). The layout is in the
// drawing's units (body_layout.cpp); the drag coefficient is rescaled here,
// drag/u (gravity and wind in step_options, units.hpp; dampers in
// set_damping). False after a diagnostic.
bool make_model(const RuleSet& rules, const RunSettings& settings, const ModuleString& s, const ModuleLocator& locate,
                LivingModel& lm, std::vector<grammar::Diagnostic>& diags) {
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
  bool ok = true;
  const BodyPiece none;  // (a joint without a body piece before it on its path)
  auto piece = [&](int k) -> const BodyPiece& { return k >= 0 ? layout.pieces[std::size_t(k)] : none; };
  for (std::size_t k = 1; k < nb; ++k) {
    const LaidBody& b = layout.bodies[k];
    dyn::BodyDef def = dyn::default_body_def();
    def.parent = b.parent;
    def.joint_placement = layout.bodies[std::size_t(b.parent)].rest.inverse() * b.rest;
    def.inertia = inertia[k];
    def.drag = drag[k];
    const BodyPiece &pp = piece(b.parent_piece), &cc = piece(b.first_piece);
    if (!(pp.length + cc.length > 0)) {
      diags.push_back(module_diagnostic(rules, s, b.joint_module, locate,
                                        "the joint at module " + std::to_string(b.joint_module) +
                                            " joins two bodies of zero length"));
      ok = false;
      continue;
    }
    def.stiffness = dyn::cylinder_joint_stiffness(pp.length, pp.radius, cc.length, cc.radius,
                                                  0.5 * (pp.young + cc.young), settings.poisson);
    dyn::add_body(lm.model, def);
  }
  if (!layout.pieces.empty()) {
    const BodyPiece& last = layout.pieces.back();
    lm.last_body = last.body;
    lm.last_body_end = last.frame.act(dyn::Vec3(last.length, 0, 0));
  }
  return ok;
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
    return c == rules.dynamics.joint || c == kSymTie || c == kSymBase || c == kSymGraft || c == kSymWeld;
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
                                         "'), ties, grafts, welds or the base state: the model is built from the "
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
    const double* j = p + lm.layout.bodies[std::size_t(k)].joint_offset;
    data.q[std::size_t(k)] = dyn::quat_from_rotation_vector(dyn::Vec3(j[0], j[1], j[2]));
    data.w[std::size_t(k)] = dyn::Vec3(j[3], j[4], j[5]);
  }
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
    double* j = p + lm.layout.bodies[std::size_t(k)].joint_offset;
    const dyn::Vec3 r = dyn::rotation_vector_from_quat(data.q[std::size_t(k)]);
    const dyn::Vec3& w = data.w[std::size_t(k)];
    j[0] = r.x(); j[1] = r.y(); j[2] = r.z();
    j[3] = w.x(); j[4] = w.y(); j[5] = w.z();
  }
}

dyn::Vec3 tip_position(const LivingModel& lm, const dyn::Data& data) {
  if (lm.last_body < 0 || data.oMi.empty()) return dyn::Vec3::Zero();
  return data.oMi[std::size_t(lm.last_body)].act(lm.last_body_end);
}

}  // namespace lsd::interp
