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

}  // namespace lsd::dyn
