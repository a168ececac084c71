#include "living.hpp"

#include <cmath>

#include "turtle.hpp"

namespace lsd::interp {
namespace {

constexpr double kPi = 3.14159265358979323846;

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
  BodySegment last;            // the last B on the path (a joint's parent segment)
};

// A body while the string is walked; the Model is made from these at the end.
struct Draft {
  int parent = -1;
  dyn::SE3 world;                          // rest frame in the world (the joint's rest frame)
  dyn::Inertia inertia;                    // in the body frame
  double drag = 0;                         // N s/m
  BodySegment parent_seg, child_seg;           // for the spring constants
  std::uint32_t joint_module = 0;
};

std::string module_text(const RuleSet& rules, const ModuleString& s, std::size_t i) {
  return "'" + rules.symbols.name(s.sym[i]) + "' at module " + std::to_string(i);
}

}  // namespace

bool build_living_model(const RuleSet& rules, const ModuleString& s, LivingModel& lm,
                        std::vector<grammar::Diagnostic>& diags, const LivingOptions& opts) {
  const DynamicsSpec& spec = rules.dynamics;
  lm = LivingModel{};
  lm.module_body.assign(s.size(), -1);
  if (!spec.enabled) return true;
  const std::size_t before = diags.size();
  auto error = [&](std::string msg) { diags.push_back({rules.path, {}, std::move(msg)}); };

  // 1. Turtle frames of every B and J in the rest pose (joints not applied).
  const std::vector<TurtleState> frames = body_joint_frames(s, turtle_options(rules), /*rest_pose=*/true);

  // 2. Walk the string: bodies, welds, joints, tips.
  std::vector<Draft> bodies;
  std::vector<PathState> stack;
  PathState cur;
  std::size_t frame = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const SymbolId sym = s.sym[i];
    if (sym == '[') {
      if (cur.pending >= 0) {
        error("the joint " + module_text(rules, s, std::size_t(cur.pending)) + " is followed by '[' at module " +
              std::to_string(i) + " before a body");
        cur.pending = -1;
      }
      stack.push_back(cur);
    } else if (sym == ']') {
      if (cur.pending >= 0) lm.tips.push_back(std::uint32_t(cur.pending));  // a growing tip
      if (!stack.empty()) {
        cur = stack.back();
        stack.pop_back();
      }
    } else if (sym == kSymBase) {
      if (i != 0 || s.nparams(i) != 12) {
        error("the base state '@M' at module " + std::to_string(i) +
              " must be the first module and have twelve parameters (position, rotation vector, velocity, "
              "angular velocity)");
        continue;
      }
      if (!std::isfinite(dyn::Vec3(s.param(i)[3], s.param(i)[4], s.param(i)[5]).squaredNorm())) {
        error("the base state '@M' at module " + std::to_string(i) + " has a rotation vector too long to be an angle");
        continue;
      }
      lm.base_module = long(i);
    } else if (sym == spec.joint) {
      const TurtleState& f = frames[frame++];
      if (s.nparams(i) != 6) {
        error("the joint " + module_text(rules, s, i) + " has " + std::to_string(s.nparams(i)) +
              " parameters; a joint has six (rh, rl, ru, wh, wl, wu)");
        continue;
      }
      if (cur.body < 0) {
        error("the joint " + module_text(rules, s, i) + " stands before the first body");
        continue;
      }
      if (!std::isfinite(dyn::Vec3(s.param(i)[0], s.param(i)[1], s.param(i)[2]).squaredNorm())) {
        error("the joint " + module_text(rules, s, i) + " has a rotation vector too long to be an angle");
        continue;
      }
      if (cur.pending >= 0)
        error("the joint " + module_text(rules, s, std::size_t(cur.pending)) + " is followed by the joint " +
              module_text(rules, s, i) + " before a body");
      cur.pending = long(i);
      cur.pending_frame = frame_of(f);
      lm.module_body[i] = cur.body;
    } else if (sym == spec.body) {
      const TurtleState& f = frames[frame++];
      const int np = s.nparams(i);
      const double* p = s.param(i);
      if (np < 2) {
        error("the body " + module_text(rules, s, i) + " needs at least two parameters: B(l, r[, rho[, E]])");
        continue;
      }
      const BodySegment seg{p[0], p[1], (np > 3 ? p[3] : spec.young) * opts.young_scale};
      const double rho = np > 2 ? p[2] : spec.density;
      if (!(seg.l >= 0) || !(seg.r > 0) || !(rho > 0) || !(seg.E > 0)) {
        error("the body " + module_text(rules, s, i) +
              " needs a length of at least 0 and a positive radius, density and modulus");
        continue;
      }
      if (cur.body < 0 || cur.pending >= 0) {  // a new body: the base, or a joint's child
        Draft d;
        d.parent = cur.body;
        d.child_seg = seg;
        if (cur.body >= 0) {
          d.world = cur.pending_frame;
          d.parent_seg = cur.last;
          d.joint_module = std::uint32_t(cur.pending);
        }
        cur.body = int(bodies.size());
        cur.pending = -1;
        bodies.push_back(d);
      }
      Draft& b = bodies[std::size_t(cur.body)];
      const dyn::SE3 local = b.world.inverse() * frame_of(f);  // the B's frame in its body's frame
      b.inertia = b.inertia + dyn::cylinder_inertia(seg.l, seg.r, rho).transformed(local);
      b.drag += spec.drag * 2 * seg.r * seg.l;
      cur.last = seg;
      lm.module_body[i] = cur.body;
      lm.last_body = cur.body;
      lm.last_body_end = local.act(dyn::Vec3(seg.l, 0, 0));
    } else if (cur.body >= 0) {
      lm.module_body[i] = cur.body;  // drawing after a body rides on it
    }
  }
  if (cur.pending >= 0) lm.tips.push_back(std::uint32_t(cur.pending));
  if (diags.size() != before || bodies.empty()) {
    lm = LivingModel{};
    lm.module_body.assign(s.size(), -1);
    return diags.size() == before;
  }

  // 3. The model: placements, inertias, springs (LANGUAGE.md section 6).
  dyn::BaseDef base = dyn::default_base_def();
  base.kind = opts.kinematic_base ? dyn::BaseKind::kKinematic
              : spec.floating_base ? dyn::BaseKind::kFloating
                                   : dyn::BaseKind::kFixed;
  base.gravity = dyn::Vec3(spec.gravity[0], spec.gravity[1], spec.gravity[2]);
  base.inertia = bodies[0].inertia;
  base.drag = bodies[0].drag;
  lm.model = dyn::make_model(base);
  dyn::reserve_bodies(lm.model, int(bodies.size()));
  lm.joint_module.assign(1, 0);
  lm.joint_offset.assign(1, 0);
  const double nu = spec.poisson;
  for (std::size_t k = 1; k < bodies.size(); ++k) {
    const Draft& b = bodies[k];
    dyn::BodyDef def = dyn::default_body_def();
    def.parent = b.parent;
    def.joint_placement = bodies[std::size_t(b.parent)].world.inverse() * b.world;
    def.inertia = b.inertia;
    def.drag = b.drag;
    const BodySegment &pp = b.parent_seg, &cc = b.child_seg;
    if (!(pp.l + cc.l > 0)) {
      error("the joint at module " + std::to_string(b.joint_module) + " joins two bodies of zero length");
      continue;
    }
    const double E = 0.5 * (pp.E + cc.E), G = E / (2 * (1 + nu));
    const double r4 = std::pow(pp.r, 4) + std::pow(cc.r, 4), len = 2 / (pp.l + cc.l);
    const double kb = E * (kPi / 8) * r4 * len, kt = G * (kPi / 4) * r4 * len;
    def.stiffness = dyn::Vec3(kt, kb, kb);
    dyn::add_body(lm.model, def);
    lm.joint_module.push_back(b.joint_module);
    lm.joint_offset.push_back(s.param_begin[b.joint_module]);
  }
  if (diags.size() != before) {
    lm = LivingModel{};
    lm.module_body.assign(s.size(), -1);
    return false;
  }
  // Damping: a value on every axis, or a ratio of each joint's critical damping
  // with the inertia of its subtree, rigid, in the rest pose.
  dyn::Model& m = lm.model;
  if (spec.use_damping_ratio) {
    dyn::Data rest = dyn::make_data(m);
    const std::vector<dyn::Mat3> inertia = dyn::subtree_joint_inertias(m, rest);
    for (int k = 1; k < m.nbody(); ++k)
      for (int a = 0; a < 3; ++a)
        m.damping[std::size_t(k)][a] = opts.damping_scale * 2 * spec.damping_ratio *
                                       std::sqrt(m.stiffness[std::size_t(k)][a] * inertia[std::size_t(k)](a, a));
  } else {
    for (int k = 1; k < m.nbody(); ++k) m.damping[std::size_t(k)].setConstant(opts.damping_scale * spec.damping);
  }
  lm.data = dyn::make_data(m);
  lm.data.wind = dyn::Vec3(spec.wind[0], spec.wind[1], spec.wind[2]);
  load_state(s, lm);
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

void load_state(const ModuleString& s, LivingModel& lm) {
  const double* p = s.params.data();
  if (lm.base_module >= 0) {
    const double* b = s.param(std::size_t(lm.base_module));
    lm.data.base_p = dyn::Vec3(b[0], b[1], b[2]);
    lm.data.base_q = dyn::quat_from_rotation_vector(dyn::Vec3(b[3], b[4], b[5]));
    lm.data.base_v = dyn::Vec3(b[6], b[7], b[8]);
    lm.data.base_w = dyn::Vec3(b[9], b[10], b[11]);
  }
  for (int k = 1; k < lm.model.nbody(); ++k) {
    const double* j = p + lm.joint_offset[std::size_t(k)];
    lm.data.q[std::size_t(k)] = dyn::quat_from_rotation_vector(dyn::Vec3(j[0], j[1], j[2]));
    lm.data.w[std::size_t(k)] = dyn::Vec3(j[3], j[4], j[5]);
  }
}

void store_state(const LivingModel& lm, ModuleString& s) {
  double* p = s.params.data();
  if (lm.base_module >= 0) {
    double* b = s.param(std::size_t(lm.base_module));
    const dyn::Vec3 r = dyn::rotation_vector_from_quat(lm.data.base_q);
    const dyn::Vec3* parts[4] = {&lm.data.base_p, &r, &lm.data.base_v, &lm.data.base_w};
    for (int k = 0; k < 4; ++k)
      for (int a = 0; a < 3; ++a) b[3 * k + a] = (*parts[k])[a];
  }
  for (int k = 1; k < lm.model.nbody(); ++k) {
    double* j = p + lm.joint_offset[std::size_t(k)];
    const dyn::Vec3 r = dyn::rotation_vector_from_quat(lm.data.q[std::size_t(k)]);
    const dyn::Vec3& w = lm.data.w[std::size_t(k)];
    j[0] = r.x(); j[1] = r.y(); j[2] = r.z();
    j[3] = w.x(); j[4] = w.y(); j[5] = w.z();
  }
}

dyn::Vec3 tip_position(const LivingModel& lm) {
  if (lm.last_body < 0 || lm.data.oMi.empty()) return dyn::Vec3::Zero();
  return lm.data.oMi[std::size_t(lm.last_body)].act(lm.last_body_end);
}

}  // namespace lsd::interp
