// The centreline of a curved rod element S (docs/language.md 7.9) as the
// turtle draws it: its length and Darboux vector, and its exact frame at an
// arc length. The walk draws a tube about these frames (src/rods.hpp), and
// the animated glTF bends the tube's rings by them (interpreter/export).
#pragma once
#include <algorithm>

#include "dynamics/rod_element.hpp"

namespace lsd::interp {

// The element's centreline as a walk draws it: its Darboux vector (1/m)
// at its start and end, equal for a helix and in the rest pose.
struct RodShape {
  double length = 0;
  dyn::Vec3 omega0 = dyn::Vec3::Zero(), omega1 = dyn::Vec3::Zero();
  bool clothoid = false;
};

// The frame at arc length s of the element in its start frame: the helix's
// closed form, the clothoid's series (dynamics/rod_element.hpp; its cost
// grows with the turn, so a turn beyond any the physics steps is drawn as
// the start node's helix).
inline dyn::SE3 rod_frame(const RodShape& e, double s) {
  const double turn = e.length * std::max(e.omega0.norm(), e.omega1.norm());
  if (!e.clothoid || !(e.length > 0) || !(turn < 1e4)) return dyn::helix_pose(e.omega0, s);
  dyn::ClothoidElement c;
  c.length = e.length;
  c.omega0 = e.omega0;
  c.omega1 = e.omega1;
  return dyn::clothoid_pose(c, s);
}

}  // namespace lsd::interp
