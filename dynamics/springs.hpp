// The springs of a joint between two cylinders (docs/language.md 7.5): the
// living model computes every joint's stiffness from the B modules on both
// sides with this law, and the sample models use it too.
#pragma once

#include <cmath>
#include <numbers>

#include "dynamics/spatial.hpp"

namespace lsd::dyn {

// Spring constants between a parent cylinder (lp, rp) and a child cylinder
// (lc, rc) of Young's modulus E and Poisson's ratio nu: bending
// k = E (pi/8)(rp^4 + rc^4) 2/(lp + lc), twist k_H = G (pi/4)(...),
// G = E / (2 (1 + nu)). Returns (k_H, k_L, k_U).
inline Vec3 cylinder_joint_stiffness(double lp, double rp, double lc, double rc, double young, double poisson) {
  constexpr double kPi = std::numbers::pi;
  const double r4 = std::pow(rp, 4) + std::pow(rc, 4);
  const double span = 2.0 / (lp + lc);
  const double bend = young * (kPi / 8.0) * r4 * span;
  const double shear = young / (2.0 * (1.0 + poisson));
  const double twist = shear * (kPi / 4.0) * r4 * span;
  return {twist, bend, bend};
}

// The spring of a clamp, a joint whose parent does not bend (the fixed base
// of a plant): the parent counts as of zero length, so the child's half
// length alone bends, 2 E I / l (docs/dynamics.md, "Rigid chains: second
// order"). The thesis's layout gives the clamp E I / l instead.
inline Vec3 clamp_joint_stiffness(double lc, double rc, double young, double poisson) {
  return cylinder_joint_stiffness(0.0, rc, lc, rc, young, poisson);
}

// The spring of a joint with a rest turn, seen through the right Jacobian of
// SO(3) (docs/dynamics.md, "Rigid chains: second order"): between two
// pieces of a rod whose rest rotation is a (rotation vector, l kappa0 for a
// rest Darboux vector kappa0) and whose stiffness is c = diag(G J, E I, E I)
// / l, the relative rotation exp(a) exp(r) strains the rod by
// log(exp(a) exp(r)) - a = J_r(a)^-1 r + O(|a| |r|^2), so the joint's
// energy is 1/2 r^T K r with K = J_r(a)^-T c J_r(a)^-1. K is symmetric but
// not diagonal when a is not along an axis of equal stiffness; its
// eigenvectors (a rotation: the columns of axes) are the joint axes along
// which the model's diagonal stiffness is exact: a joint turned by axes,
// its child's frame by axes too, has the springs `stiffness` on its three
// axes. For a = 0 or equal stiffnesses it is c on the rest frame's axes.
struct JointSpringAxes {
  Mat3 axes = Mat3::Identity();  // the joint's axes in its rest frame (columns, a rotation)
  Vec3 stiffness = Vec3::Zero(); // N m/rad about each of them
};
JointSpringAxes curved_joint_spring(const Vec3& a, const Vec3& c);

// The axes along which a symmetric stiffness k (in a joint's rest frame) is
// diagonal, and its diagonal there: the rest frame's own axes when k is
// diagonal already.
JointSpringAxes spring_axes(const Mat3& k);

// J_r(a)^-1 = I + 1/2 [a]x + (1/t^2 - cot(t/2) / (2t)) [a]x^2, t = |a| < 2 pi.
Mat3 right_jacobian_inverse(const Vec3& a);

}  // namespace lsd::dyn
