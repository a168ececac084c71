#include "dynamics/model.hpp"

namespace lsd::dyn {

BaseDef default_base_def() { return BaseDef{}; }

BodyDef default_body_def() { return BodyDef{}; }

Model make_model(const BaseDef& base) {
  Model m;
  m.base_kind = base.kind;
  m.opt.gravity = base.gravity;
  m.parent.push_back(-1);
  m.joint_placement.push_back(SE3::identity());
  m.stiffness.push_back(Vec3::Zero());
  m.damping.push_back(Vec3::Zero());
  m.inertia.push_back(base.inertia);
  m.drag.push_back(base.drag);
  return m;
}

void reserve_bodies(Model& m, int n) {
  m.parent.reserve(n);
  m.joint_placement.reserve(n);
  m.stiffness.reserve(n);
  m.damping.reserve(n);
  m.inertia.reserve(n);
  m.drag.reserve(n);
}

int add_body(Model& m, const BodyDef& def) {
  if (def.parent < 0 || def.parent >= m.nbody()) return -1;
  const int i = m.nbody();
  m.parent.push_back(def.parent);
  m.joint_placement.push_back(def.joint_placement);
  m.stiffness.push_back(def.stiffness);
  m.damping.push_back(def.damping);
  m.inertia.push_back(def.inertia);
  m.drag.push_back(def.drag);
  if (!m.rod_of.empty()) m.rod_of.push_back(-1);
  return i;
}

}  // namespace lsd::dyn
