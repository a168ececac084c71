#include "interpreter/living/living_model.hpp"

#include <cmath>

#include "dynamics/samples.hpp"

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
  long pending = -1;       // a joint waiting for its body (string index), -1 if none
  dyn::SE3 pending_frame;  // that joint's rest frame in the world
  BodySegment last;        // the last B on the path (a joint's parent segment)
};

// A body while the string is walked; the Model is made from these at the end.
struct Draft {
  int parent = -1;
  dyn::SE3 world;                    // rest frame in the world (the joint's rest frame)
  dyn::Inertia inertia;              // in the body frame
  double drag = 0;                   // N s/m
  BodySegment parent_seg, child_seg;  // for the spring constants
  std::uint32_t joint_module = 0;
};

// Walks the string in the rest pose and collects bodies, welds, joints and
// growing tips (step 1 of build_living_model).
class Walker {
 public:
  Walker(const RuleSet& rules, const RunSettings& settings, const ModuleString& s, LivingModel& lm,
         std::vector<grammar::Diagnostic>& diags)
      : rules_(rules), settings_(settings), s_(s), lm_(lm), diags_(diags),
        frames_(body_joint_frames(s, turtle_options(rules), /*rest_pose=*/true)) {}

  std::vector<Draft> walk() {
    for (std::size_t i = 0; i < s_.size(); ++i) {
      at_ = i;
      const SymbolId sym = s_.sym[i];
      if (sym == '[') open_branch(i);
      else if (sym == ']') close_branch();
      else if (sym == kSymBase) base_state(i);
      else if (sym == rules_.dynamics.joint) joint(i, frames_[frame_++]);
      else if (sym == rules_.dynamics.body) body(i, frames_[frame_++]);
      else if (sym == kSymTie) tie(i, frames_[frame_++]);
      else if (cur_.body >= 0) lm_.module_body[i] = cur_.body;  // drawing after a body rides on it
    }
    if (cur_.pending >= 0) lm_.tips.push_back(std::uint32_t(cur_.pending));
    return std::move(bodies_);
  }

 private:
  // Located at the place in the file that wrote the module being walked (origin.hpp).
  void error(std::string msg) {
    const ModuleOrigin o = module_origin(rules_, s_, at_);
    diags_.push_back({rules_.path, o.pos, std::move(msg) + origin_note(rules_, o, s_.sym[at_])});
  }
  std::string module_text(std::size_t i) const {
    return "'" + rules_.symbols.name(s_.sym[i]) + "' at module " + std::to_string(i);
  }

  void open_branch(std::size_t i) {
    if (cur_.pending >= 0) {
      error("the joint " + module_text(std::size_t(cur_.pending)) + " is followed by '[' at module " +
            std::to_string(i) + " before a body");
      cur_.pending = -1;
    }
    stack_.push_back(cur_);
  }

  void close_branch() {
    if (cur_.pending >= 0) lm_.tips.push_back(std::uint32_t(cur_.pending));  // a growing tip
    if (!stack_.empty()) {
      cur_ = stack_.back();
      stack_.pop_back();
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
    if (cur_.body < 0) {
      error("the joint " + module_text(i) + " stands before the first body");
      return;
    }
    if (!std::isfinite(dyn::Vec3(s_.param(i)[0], s_.param(i)[1], s_.param(i)[2]).squaredNorm())) {
      error("the joint " + module_text(i) + " has a rotation vector too long to be an angle");
      return;
    }
    if (cur_.pending >= 0)
      error("the joint " + module_text(std::size_t(cur_.pending)) + " is followed by the joint " + module_text(i) +
            " before a body");
    cur_.pending = long(i);
    cur_.pending_frame = frame_of(f);
    lm_.module_body[i] = cur_.body;
  }

  void body(std::size_t i, const TurtleState& f) {
    const int np = s_.nparams(i);
    const double* p = s_.param(i);
    if (np < 2) {
      error("the body " + module_text(i) + " needs at least two parameters: B(l, r[, rho[, E]])");
      return;
    }
    const BodySegment seg{p[0], p[1], (np > 3 ? p[3] : settings_.young) * settings_.young_scale};
    const double rho = np > 2 ? p[2] : settings_.density;
    if (!(seg.l >= 0) || !(seg.r > 0) || !(rho > 0) || !(seg.E >= 0)) {
      error("the body " + module_text(i) +
            " needs a length and a modulus of at least 0, and a positive radius and density");
      return;
    }
    if (cur_.body < 0 || cur_.pending >= 0) {  // a new body: the base, or a joint's child
      Draft d;
      d.parent = cur_.body;
      d.child_seg = seg;
      if (cur_.body >= 0) {
        d.world = cur_.pending_frame;
        d.parent_seg = cur_.last;
        d.joint_module = std::uint32_t(cur_.pending);
      }
      cur_.body = int(bodies_.size());
      cur_.pending = -1;
      bodies_.push_back(d);
    }
    Draft& b = bodies_[std::size_t(cur_.body)];
    const dyn::SE3 local = b.world.inverse() * frame_of(f);  // the B's frame in its body's frame
    b.inertia = b.inertia + dyn::cylinder_inertia(seg.l, seg.r, rho).transformed(local);
    b.drag += settings_.drag * 2 * seg.r * seg.l;
    lm_.model.contact.capsules.push_back({cur_.body, local.translation, local.act(dyn::Vec3(seg.l, 0, 0)), seg.r});
    cur_.last = seg;
    lm_.module_body[i] = cur_.body;
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
    lm_.module_body[i] = cur_.body;
  }

  const RuleSet& rules_;
  const RunSettings& settings_;
  const ModuleString& s_;
  LivingModel& lm_;
  std::vector<grammar::Diagnostic>& diags_;
  const std::vector<TurtleState> frames_;  // turtle frames of every B and J in the rest pose
  std::size_t frame_ = 0;
  std::size_t at_ = 0;  // the module being walked
  std::vector<Draft> bodies_;
  std::vector<PathState> stack_;
  PathState cur_;
};

// Step 2: the model from the drafts: placements, inertias, spring constants
// (docs/language.md section 7). False after a diagnostic.
bool make_model(const RuleSet& rules, const RunSettings& settings, const std::vector<Draft>& bodies,
                const ModuleString& s, LivingModel& lm, std::vector<grammar::Diagnostic>& diags) {
  dyn::BaseDef base = dyn::default_base_def();
  base.kind = settings.kinematic_base ? dyn::BaseKind::kKinematic
              : settings.floating_base ? dyn::BaseKind::kFloating
                                       : dyn::BaseKind::kFixed;
  base.inertia = bodies[0].inertia;
  base.drag = bodies[0].drag;
  dyn::ContactModel contact = std::move(lm.model.contact);  // the walk's capsules and ties
  contact.obstacles = settings.obstacles;
  lm.model = dyn::make_model(base);
  lm.model.contact = std::move(contact);
  lm.model.opt = settings.step_options();
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
    if (!(pp.l + cc.l > 0)) {
      const ModuleOrigin o = module_origin(rules, s, b.joint_module);
      diags.push_back({rules.path, o.pos, "the joint at module " + std::to_string(b.joint_module) +
                                              " joins two bodies of zero length" +
                                              origin_note(rules, o, s.sym[b.joint_module])});
      ok = false;
      continue;
    }
    def.stiffness = dyn::cylinder_joint_stiffness(pp.l, pp.r, cc.l, cc.r, 0.5 * (pp.E + cc.E), settings.poisson);
    dyn::add_body(lm.model, def);
    lm.joint_module.push_back(b.joint_module);
    lm.joint_offset.push_back(s.param_begin[b.joint_module]);
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
  } else {
    for (int k = 1; k < m.nbody(); ++k) m.damping[std::size_t(k)].setConstant(settings.damping);
  }
  for (int k = 1; k < m.nbody(); ++k) {
    dyn::Vec3& d = m.damping[std::size_t(k)];
    d = settings.damping_scale * (d + settings.stiffness_damping * m.stiffness[std::size_t(k)]);
  }
}

}  // namespace

bool build_living_model(const RuleSet& rules, const RunSettings& settings, const ModuleString& s, LivingModel& lm,
                        std::vector<grammar::Diagnostic>& diags) {
  lm = LivingModel{};
  lm.module_body.assign(s.size(), -1);
  if (!rules.dynamics.enabled) return true;
  const std::size_t before = diags.size();
  const std::vector<Draft> bodies = Walker(rules, settings, s, lm, diags).walk();
  const bool ok = diags.size() == before && !bodies.empty() && make_model(rules, settings, bodies, s, lm, diags);
  if (!ok) {
    lm = LivingModel{};
    lm.module_body.assign(s.size(), -1);
    return diags.size() == before;
  }
  set_damping(settings, lm.model);
  if (!lm.bare_ties.empty()) {  // a bare @Tie holds where its point is now
    dyn::Data d = dyn::make_data(lm.model);
    load_state(s, lm, d);
    dyn::forward_kinematics(lm.model, d);
    for (std::uint32_t k : lm.bare_ties) {
      dyn::Tie& t = lm.model.contact.ties[k];
      t.anchor = d.oMi[std::size_t(t.body)].act(t.point);
    }
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
