#include "interpreter/living/living_model.hpp"

#include <algorithm>
#include <cmath>

#include "interpreter/living/src/grafts.hpp"
#include "interpreter/cpfg/view.hpp"
#include "interpreter/lsystem/auto_joints.hpp"
#include "interpreter/lsystem/derive.hpp"
#include "interpreter/lsystem/origin.hpp"
#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {
namespace {

dyn::SE3 frame_of(const TurtleState& t) {
  dyn::SE3 f;
  f.rotation.col(0) = t.H;
  f.rotation.col(1) = t.L;
  f.rotation.col(2) = t.U;
  f.translation = t.pos;
  return f;
}

// The B module a joint's spring constants are computed from.
struct BodySegment {
  double l = 0, r = 0, E = 0;
};

struct PathState {
  int body = -1;           // body the path is on; -1 before the first body
  long pending = -1;       // a joint waiting for its body (index in Walker::joints_), -1 if none
  bool inherited = false;  // joints: auto: that joint stands before the branch this path is in
  BodySegment last;        // the last B on the path (a joint's parent segment)
  bool cylinder = false;   // a generalized cylinder is open (cylinder_after; saved with the path at `[`)
};

// A joint met on the walk: where it stands, its rest frame in the world, and
// the body it became the joint of (-1 until then).
struct JointAt {
  std::uint32_t module;  // index in the walked string
  dyn::SE3 frame;
  int body = -1;
};

constexpr double kMinDrawnRadius = 1e-4;  // m, of a body drawn as a segment

// A body while the string is walked; the Model is made from these at the end.
struct Draft {
  int parent = -1;
  dyn::SE3 world;                    // rest frame in the world (the joint's rest frame)
  dyn::Inertia inertia;              // in the body frame
  double drag = 0;                   // N s/m
  BodySegment parent_seg, child_seg;  // for the spring constants
  std::uint32_t joint_module = 0;    // index in the walked string
};

// The size of cpfg's pixel, for widths drawn in the pixel line style: as the
// drawing makes it (interpret, turtle.cpp), 1/400 of the plant's size, the
// plant taken from the turtle frames of its bodies and joints.
double pixel_size(const RuleSet& rules, const std::vector<TurtleState>& frames) {
  if (!rules.cpfg || rules.view.line_style != CpfgView::LineStyle::kPixel || frames.empty()) return 1;
  dyn::Vec3 lo = frames[0].pos, hi = lo;
  for (const TurtleState& f : frames) {
    lo = lo.cwiseMin(f.pos);
    hi = hi.cwiseMax(f.pos);
  }
  return std::max((hi - lo).maxCoeff(), 1e-9) / 400;
}

// Walks the string in the rest pose and collects bodies, welds, joints and
// growing tips (step 1 of build_living_model). The model is built in the
// drawing's units: with turtle unit u (metres per unit), material constants
// are rescaled so that it moves as the plant of u-metre units would
// (docs/language.md 7.8): the same angles at the same times when Young's
// modulus is E/u^2, the drag coefficient drag/u, gravity and wind over u
// and a damper in N m s over u^5 (units.hpp, ModelUnits).
class Walker {
 public:
  Walker(const RuleSet& rules, const RunSettings& settings, const ModuleString& s, LivingModel& lm,
         std::vector<grammar::Diagnostic>& diags, const ModuleLocator& locate)
      : rules_(rules), settings_(settings), s_(s), lm_(lm), diags_(diags), locate_(locate),
        frames_(body_joint_frames(s, turtle_options(rules), /*rest_pose=*/true)),
        auto_(rules.dynamics.auto_joints), unit_(settings.turtle_unit), pixel_(pixel_size(rules, frames_)) {}

  std::vector<Draft> walk() {
    for (std::size_t i = 0; i < s_.size(); ++i) {
      at_ = i;
      const SymbolId sym = s_.sym[i];
      if (sym == '[') open_branch(i);
      else if (sym == ']') close_branch();
      else if (sym == kSymBase) base_state(i);
      else if (sym == rules_.dynamics.joint) joint(i, frames_[frame_++]);
      else if (sym == rules_.dynamics.body) body(i, frames_[frame_++]);
      else if (cylinder_move(rules_.dynamics.cylinder_moves, sym, cur_.cylinder)) body(i, frames_[frame_++]);
      else if (sym == kSymTie) tie(i, frames_[frame_++]);
      else if (sym == kSymGraft || sym == kSymWeld) graft(i, frames_[frame_++], sym == kSymWeld);
      else {
        polygons_ = std::max(0, polygons_ + polygon_step(rules_.cpfg, sym, s_.param(i), s_.nparams(i)));
        cur_.cylinder = cylinder_after(rules_.cpfg, sym, s_.param(i), s_.nparams(i), cur_.cylinder);
      }
    }
    return std::move(bodies_);
  }
  const std::vector<GraftMark>& graft_marks() const { return marks_; }

 private:
  // Located at the place in the file that wrote the module being walked (origin.hpp).
  void error(std::string msg) { diags_.push_back(module_diagnostic(rules_, s_, at_, locate_, std::move(msg))); }
  std::string module_text(std::size_t i) const {
    std::string text = "'";  // (appended, not "'" + name: GCC 12 warns falsely on that, -Wrestrict)
    text += rules_.symbols.name(s_.sym[i]);
    return text + "' at module " + std::to_string(i);
  }

  void open_branch(std::size_t i) {
    if (cur_.pending >= 0 && !auto_) {
      error("the joint " + module_text(joints_[std::size_t(cur_.pending)].module) + " is followed by '[' at module " +
            std::to_string(i) + " before a body");
      cur_.pending = -1;
    }
    stack_.push_back(cur_);
    // joints: auto: the first body after a joint, in the branch or after it, is its child
    if (cur_.pending >= 0) cur_.inherited = true;
  }

  void close_branch() {
    if (!stack_.empty()) {
      cur_ = stack_.back();
      stack_.pop_back();
    }
    if (cur_.pending >= 0 && joints_[std::size_t(cur_.pending)].body >= 0) {  // its body was made in the branch
      cur_.body = joints_[std::size_t(cur_.pending)].body;
      cur_.pending = -1;
    }
  }

  void base_state(std::size_t i) {
    if (i != 0 || s_.nparams(i) != 12) {
      error("the base state '@Base' at module " + std::to_string(i) +
            " must be the first module and have twelve parameters (position, rotation vector, velocity, "
            "angular velocity)");
      return;
    }
    if (!std::isfinite(dyn::Vec3(s_.param(i)[3], s_.param(i)[4], s_.param(i)[5]).squaredNorm())) {
      error("the base state '@Base' at module " + std::to_string(i) + " has a rotation vector too long to be an angle");
      return;
    }
    lm_.base_module = long(i);
  }

  void joint(std::size_t i, const TurtleState& f) {
    if (s_.nparams(i) != 6) {
      error("the joint " + module_text(i) + " has " + std::to_string(s_.nparams(i)) +
            " parameters; a joint has six (rh, rl, ru, wh, wl, wu)");
      return;
    }
    if (cur_.body < 0 && auto_ && !bodies_.empty()) cur_.body = 0;  // a path that starts beside the base
    if (cur_.body < 0) {
      if (!auto_) error("the joint " + module_text(i) + " stands before the first body");
      return;  // (joints: auto: a joint before the first body is ignored)
    }
    if (!std::isfinite(dyn::Vec3(s_.param(i)[0], s_.param(i)[1], s_.param(i)[2]).squaredNorm())) {
      error("the joint " + module_text(i) + " has a rotation vector too long to be an angle");
      return;
    }
    if (cur_.pending >= 0 && !auto_)
      error("the joint " + module_text(joints_[std::size_t(cur_.pending)].module) + " is followed by the joint " +
            module_text(i) + " before a body");
    cur_.pending = long(joints_.size());  // (joints: auto: a joint followed by a joint is ignored)
    cur_.inherited = false;
    joints_.push_back({std::uint32_t(i), frame_of(f)});
  }

  // The cylinder of a body module in the model's units, or false when it is
  // none: B(l, r[, rho[, E]]) in metres; a drawn segment (fewer than two
  // parameters, or in a .l file any number: cpfg's F) l turtle units long
  // (its parameter, or step:) with half the turtle's width as its radius
  // (docs/language.md 7.8), as is an f in a generalized cylinder; a segment
  // inside a polygon, or of no length, is drawing, not a body.
  bool cylinder(std::size_t i, const TurtleState& f, BodySegment& seg, double& rho) {
    const int np = s_.nparams(i);
    const double* p = s_.param(i);
    const double E = settings_.young * settings_.young_scale / (unit_ * unit_);
    rho = settings_.density;
    if (rules_.cpfg || np < 2) {
      seg = {np > 0 ? p[0] : rules_.step, 0.5 * std::abs(f.width) * pixel_, E};
      if (polygons_ > 0 || !(seg.l > 0)) return false;
      // No thinner than 0.1 mm (also a segment drawn with no width): the
      // air's drag on a thinner one outweighs its inertia, and no step of a
      // plant's size follows it (docs/language.md 7.8).
      seg.r = std::max(seg.r, kMinDrawnRadius / unit_);
      return true;
    }
    if (np > 4) {
      error("the body " + module_text(i) + " has " + std::to_string(np) +
            " parameters; a body has at most four: B(l, r[, rho[, E]])");
      return false;
    }
    seg = {p[0] / unit_, p[1] / unit_, np > 3 ? p[3] * settings_.young_scale / (unit_ * unit_) : E};
    if (np > 2) rho = p[2];
    if (!(seg.l >= 0) || !(seg.r > 0) || !(rho > 0) || !(seg.E >= 0)) {
      error("the body " + module_text(i) +
            " needs a length and a modulus of at least 0, and a positive radius and density");
      return false;
    }
    return true;
  }

  void body(std::size_t i, const TurtleState& f) {
    BodySegment seg;
    double rho;
    if (!cylinder(i, f, seg, rho)) return;  // drawn, riding on the body it stands on
    if (cur_.body < 0 && !bodies_.empty()) cur_.body = 0;  // a path that starts beside the base: welded to it
    JointAt* j = cur_.pending >= 0 ? &joints_[std::size_t(cur_.pending)] : nullptr;
    if (j && j->body >= 0) {  // joints: auto: that joint's body was made in a branch before
      cur_.body = j->body;
      j = nullptr;
      cur_.pending = -1;
    }
    if (cur_.body < 0 || j) {  // a new body: the base, or a joint's child
      Draft d;
      d.parent = cur_.body;
      d.child_seg = seg;
      if (j) {
        d.world = j->frame;
        d.parent_seg = cur_.last;
        d.joint_module = j->module;
        j->body = int(bodies_.size());
      }
      cur_.body = int(bodies_.size());
      cur_.pending = -1;
      bodies_.push_back(d);
    }
    Draft& b = bodies_[std::size_t(cur_.body)];
    const dyn::SE3 local = b.world.inverse() * frame_of(f);  // the B's frame in its body's frame
    b.inertia = b.inertia + dyn::cylinder_inertia(seg.l, seg.r, rho).transformed(local);
    b.drag += settings_.drag / unit_ * 2 * seg.r * seg.l;
    lm_.model.contact.capsules.push_back({cur_.body, local.translation, local.act(dyn::Vec3(seg.l, 0, 0)), seg.r});
    lm_.capsule_module.push_back(std::uint32_t(i));
    lm_.capsule_frame.push_back(local);
    cur_.last = seg;
    lm_.last_body = cur_.body;
    lm_.last_body_end = local.act(dyn::Vec3(seg.l, 0, 0));
  }

  // @Tie(x, y, z), or a bare @Tie (its anchor: the point's world position
  // once the model is built, build_living_model).
  void tie(std::size_t i, const TurtleState& f) {
    const int np = s_.nparams(i);
    if (cur_.body < 0) {
      error("the tie '@Tie' at module " + std::to_string(i) + " stands before the first body");
      return;
    }
    if (np != 0 && np != 3) {
      error("the tie '@Tie' at module " + std::to_string(i) + " has " + std::to_string(np) +
            " parameters; a tie has three (x, y, z: the world point), or none to tie where it stands");
      return;
    }
    const double* p = s_.param(i);
    if (np == 3 && !(std::isfinite(p[0]) && std::isfinite(p[1]) && std::isfinite(p[2]))) {
      error("the tie '@Tie' at module " + std::to_string(i) + " needs a finite world point");
      return;
    }
    dyn::Tie t;
    t.body = cur_.body;
    t.point = bodies_[std::size_t(cur_.body)].world.inverse().act(f.pos);
    if (np == 3) t.anchor = dyn::Vec3(p[0], p[1], p[2]);
    else lm_.bare_ties.push_back(std::uint32_t(lm_.model.contact.ties.size()));
    lm_.model.contact.ties.push_back(t);
    lm_.tie_module.push_back(std::uint32_t(i));
  }

  // @Graft(id), @Weld(id), @Weld(id, rx, ry, rz) or @Weld(id, rx, ry, rz,
  // ox, oy, oz): a mark, paired by id once the model is made (grafts.cpp).
  // Its point is where the turtle stands, moved by (ox, oy, oz) along the
  // turtle's H, L, U (the offset a weld made by fuse after: carries).
  void graft(std::size_t i, const TurtleState& f, bool weld) {
    const int np = s_.nparams(i);
    const std::string what = std::string(weld ? "the weld '@Weld'" : "the graft '@Graft'") + " at module " +
                             std::to_string(i);
    if (cur_.body < 0) {
      error(what + " stands before the first body");
      return;
    }
    if (weld ? np != 1 && np != 4 && np != 7 : np != 1) {
      error(what + " has " + std::to_string(np) + " parameters; " +
            (weld ? "a weld has its id, or its id and the rest rotation (rx, ry, rz), then perhaps an offset "
                    "(ox, oy, oz)"
                  : "a graft has one: its id"));
      return;
    }
    const double* p = s_.param(i);
    if (!std::all_of(p, p + np, [](double x) { return std::isfinite(x); })) {
      error(what + " needs finite parameters");
      return;
    }
    dyn::Vec3 at = f.pos;
    if (np == 7) at += p[4] * f.H + p[5] * f.L + p[6] * f.U;
    marks_.push_back({std::uint32_t(i), cur_.body, bodies_[std::size_t(cur_.body)].world.inverse().act(at), weld,
                      p[0], cur_.last.l});
  }

  const RuleSet& rules_;
  const RunSettings& settings_;
  const ModuleString& s_;
  LivingModel& lm_;
  std::vector<grammar::Diagnostic>& diags_;
  const ModuleLocator& locate_;
  const std::vector<TurtleState> frames_;  // turtle frames of every B and J in the rest pose
  const bool auto_;     // joints: auto: the walk forgives what the inserted joints can leave
  const double unit_;   // turtle unit: metres per unit of the drawing
  const double pixel_;  // the drawing's units per pixel of a width (1 unless cpfg's pixel line style)
  std::size_t frame_ = 0;
  int polygons_ = 0;    // open polygons
  std::size_t at_ = 0;  // the module being walked
  std::vector<Draft> bodies_;
  std::vector<GraftMark> marks_;
  std::vector<JointAt> joints_;
  std::vector<PathState> stack_;
  PathState cur_;
};

// Step 2: the model from the drafts: placements, inertias, spring constants
// (docs/language.md section 7). `stored` maps a module of the walked string
// to the stored string s, where the joints' state is. False after a diagnostic.
// The obstacles' kinds are the settings' (ground, pole, sphere; then ring) in the same order.
static_assert(int(ObstacleKind::kGround) == int(dyn::ObstacleKind::kGround) &&
              int(ObstacleKind::kPole) == int(dyn::ObstacleKind::kPole) &&
              int(ObstacleKind::kSphere) == int(dyn::ObstacleKind::kSphere));

template <class Stored>
bool make_model(const RuleSet& rules, const RunSettings& settings, const std::vector<Draft>& bodies,
                const ModuleString& s, const Stored& stored, const ModuleLocator& locate, LivingModel& lm,
                std::vector<grammar::Diagnostic>& diags) {
  dyn::BaseDef base = dyn::default_base_def();
  base.kind = settings.kinematic_base ? dyn::BaseKind::kKinematic
              : settings.floating_base ? dyn::BaseKind::kFloating
                                       : dyn::BaseKind::kFixed;
  base.inertia = bodies[0].inertia;
  base.drag = bodies[0].drag;
  dyn::ContactModel contact = std::move(lm.model.contact);  // the walk's capsules and ties
  for (const Obstacle& o : settings.obstacles) {  // the settings keep the rings beside the obstacles
    if (o.kind == ObstacleKind::kRing) contact.rings.push_back({o.centre, o.axis, o.radius});
    else contact.obstacles.push_back({dyn::ObstacleKind(int(o.kind)), o.centre, o.radius, o.top});
  }
  lm.model = dyn::make_model(base);
  lm.model.contact = std::move(contact);
  lm.model.opt = step_options(settings);
  dyn::reserve_bodies(lm.model, int(bodies.size()));
  lm.joint_module.assign(1, 0);
  lm.joint_offset.assign(1, 0);
  bool ok = true;
  for (std::size_t k = 1; k < bodies.size(); ++k) {
    const Draft& b = bodies[k];
    dyn::BodyDef def = dyn::default_body_def();
    def.parent = b.parent;
    def.joint_placement = bodies[std::size_t(b.parent)].world.inverse() * b.world;
    def.inertia = b.inertia;
    def.drag = b.drag;
    const BodySegment &pp = b.parent_seg, &cc = b.child_seg;
    const long at = stored(b.joint_module);
    if (!(pp.l + cc.l > 0) || at < 0) {
      const std::string joint = "the joint at module " + std::to_string(b.joint_module);
      if (at < 0) diags.push_back({rules.path, {}, joint + " of the drawing is not in the string"});
      else diags.push_back(module_diagnostic(rules, s, std::size_t(at), locate, joint + " joins two bodies of zero length"));
      ok = false;
      continue;
    }
    def.stiffness = dyn::cylinder_joint_stiffness(pp.l, pp.r, cc.l, cc.r, 0.5 * (pp.E + cc.E), settings.poisson);
    dyn::add_body(lm.model, def);
    lm.joint_module.push_back(std::uint32_t(at));
    lm.joint_offset.push_back(s.param_begin[std::size_t(at)]);
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
  } else {  // N m s in the model's units
    const double d = model_units(settings).joint_damping(settings.damping);
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
  const ModuleString& walked = drawn ? drawn->s : s;
  lm = LivingModel{};
  lm.model.opt = step_options(settings);  // (also the clock's dt without bodies: Simulation::dt)
  if (!rules.dynamics.enabled) return true;
  const std::size_t before = diags.size();
  const ModuleLocator walked_locate = drawn ? ModuleLocator{} : locate;  // (the locator knows the stored string)
  Walker walker(rules, settings, walked, lm, diags, walked_locate);
  const std::vector<Draft> bodies = walker.walk();
  auto stored = [&](std::uint32_t k) -> long { return drawn ? long(drawn->origin[k]) : long(k); };
  bool ok = diags.size() == before && !bodies.empty() &&
            make_model(rules, settings, bodies, s, stored, locate, lm, diags) &&
            pair_grafts(rules, walked, walker.graft_marks(), walked_locate, lm, diags);
  if (ok && drawn) {  // the ties, grafts and the base state in the stored string
    for (auto* modules : {&lm.tie_module, &lm.graft_module})
      for (std::uint32_t& k : *modules) {
        const long at = stored(k);
        ok = ok && at >= 0;
        k = std::uint32_t(std::max(0L, at));
      }
    lm.capsule_module.clear();  // (fuse after: does not weld a drawing's bodies)
    lm.capsule_frame.clear();
    if (lm.base_module >= 0) lm.base_module = stored(std::uint32_t(lm.base_module));
  }
  if (!ok) {
    lm = LivingModel{};
    lm.model.opt = step_options(settings);
    return diags.size() == before;
  }
  set_damping(settings, lm.model);
  if (!lm.bare_ties.empty() || !lm.bare_welds.empty()) {  // a bare @Tie holds where its point is now
    dyn::Data d = dyn::make_data(lm.model);
    load_state(s, lm, d);
    dyn::forward_kinematics(lm.model, d);
    for (std::uint32_t k : lm.bare_ties) {
      dyn::Tie& t = lm.model.contact.ties[k];
      t.anchor = d.oMi[std::size_t(t.body)].act(t.point);
    }
    set_bare_weld_rest(lm, d);  // and a bare @Weld holds the bodies as they are now
  }
  return true;
}

bool model_from_drawing(const RuleSet& rules) {
  return rules.dynamics.enabled && rules.dynamics.auto_joints && !rules.homomorphism.empty();
}

bool draw_for_model(const RuleSet& rules, const ModuleString& s, std::size_t max_modules, DrawnString& out,
                    std::vector<grammar::Diagnostic>& diags) {
  DeriveOptions opts;
  opts.max_modules = max_modules;
  DeriveScratch scratch;
  const RewriteResult res = apply_homomorphism(rules, s, out.s, opts, scratch);
  if (!res.ok) {
    diags.push_back(res.error);
    return false;
  }
  // The joints, ties and base state of the drawing are the string's, in order.
  auto state = [&](SymbolId c) { return c == rules.dynamics.joint || c == kSymTie || c == kSymBase; };
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
                                         "'), ties or the base state: with joints: auto the model is built from "
                                         "the drawing, whose joints must be the string's"});
    return false;
  }
  return true;
}

bool write_bare_ties(const LivingModel& lm, ModuleString& s) {
  if (lm.bare_ties.empty()) return false;
  std::vector<char> bare(s.size(), 0);
  for (std::uint32_t k : lm.bare_ties) bare[lm.tie_module[k]] = 1;
  ModuleString out;
  out.reserve(s.size(), s.params.size() + 3 * lm.bare_ties.size());
  std::size_t next = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (bare[i] && s.nparams(i) == 0) {
      const dyn::Vec3& a = lm.model.contact.ties[lm.bare_ties[next++]].anchor;
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
  if (lm.base_module >= 0) {
    const double* b = s.param(std::size_t(lm.base_module));
    data.base_p = dyn::Vec3(b[0], b[1], b[2]);
    data.base_q = dyn::quat_from_rotation_vector(dyn::Vec3(b[3], b[4], b[5]));
    data.base_v = dyn::Vec3(b[6], b[7], b[8]);
    data.base_w = dyn::Vec3(b[9], b[10], b[11]);
  }
  for (int k = 1; k < lm.model.nbody(); ++k) {
    const double* j = p + lm.joint_offset[std::size_t(k)];
    data.q[std::size_t(k)] = dyn::quat_from_rotation_vector(dyn::Vec3(j[0], j[1], j[2]));
    data.w[std::size_t(k)] = dyn::Vec3(j[3], j[4], j[5]);
  }
}

void store_state(const LivingModel& lm, const dyn::Data& data, ModuleString& s) {
  double* p = s.params.data();
  if (lm.base_module >= 0) {
    double* b = s.param(std::size_t(lm.base_module));
    const dyn::Vec3 r = dyn::rotation_vector_from_quat(data.base_q);
    const dyn::Vec3* parts[4] = {&data.base_p, &r, &data.base_v, &data.base_w};
    for (int k = 0; k < 4; ++k)
      for (int a = 0; a < 3; ++a) b[3 * k + a] = (*parts[k])[a];
  }
  for (int k = 1; k < lm.model.nbody(); ++k) {
    double* j = p + lm.joint_offset[std::size_t(k)];
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
