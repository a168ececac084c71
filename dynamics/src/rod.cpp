#include "dynamics/rod.hpp"

#include <cmath>
#include <numbers>

#include "dynamics/model.hpp"

namespace lsd::dyn {

RodDef default_rod_def() { return RodDef{}; }

int add_rod(Model& m, const RodDef& def) {
  if (def.parent < 0 || def.parent >= m.nbody()) return -1;
  const Rod* parent_rod = m.rod(def.parent);
  if (def.continues && (def.kind != ElementKind::kClothoid || !parent_rod ||
                        parent_rod->kind != ElementKind::kClothoid))
    return -1;
  // The node: a body without rigid inertia, no joint spring (the element's
  // own terms are in its Rod).
  BodyDef b;
  b.parent = def.parent;
  b.joint_placement = def.placement;
  b.inertia = Inertia{};
  if (m.rod_of.empty()) m.rod_of.assign(std::size_t(m.nbody()), -1);
  const int i = add_body(m, b);
  Rod r;
  r.body = i;
  r.kind = def.kind;
  r.length = def.length;
  r.radius = def.radius;
  constexpr double kPi = std::numbers::pi;
  const double area = kPi * def.radius * def.radius;
  const double polar = 0.5 * kPi * std::pow(def.radius, 4);  // J; I = J / 2
  r.line_density = def.density * area;
  r.section_inertia = def.density * Vec3(polar, 0.5 * polar, 0.5 * polar);
  const double shear = def.young / (2 * (1 + def.poisson));
  r.modulus = Vec3(shear * polar, def.young * 0.5 * polar, def.young * 0.5 * polar);
  r.friction = def.friction_ratio * r.modulus;
  r.rest = def.rest;
  r.drag = def.drag;
  r.shares = def.continues ? def.parent : -1;
  r.held = def.held;
  if (def.length > 0) r.turn_length = def.length;
  // A chain's first node (no length) turns the element that starts from it.
  if (def.continues && !(parent_rod->length > 0))
    m.rods[std::size_t(m.rod_of[std::size_t(def.parent)])].turn_length = def.length;
  m.rod_of.back() = int(m.rods.size());
  m.rods.push_back(r);
  return i;
}

void add_rod_capsules(Model& model, int node, int pieces) {
  const Rod* rod = model.rod(node);
  if (!rod || pieces < 1 || !(rod->length > 0)) return;
  for (int k = 0; k < pieces; ++k) {
    Capsule c;
    c.body = node;
    c.radius = rod->radius;
    c.s0 = rod->length * k / pieces;
    c.s1 = rod->length * (k + 1) / pieces;
    model.contact.capsules.push_back(c);
  }
}

}  // namespace lsd::dyn
