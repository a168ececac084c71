// A turtle frame as a pose: the frame's H, L, U as the rotation's columns
// and its position as the translation (docs/language.md section 6), for
// anything that carries them (TurtleState, PlacedModule).
#pragma once

#include "dynamics/spatial.hpp"

namespace lsd::interp {

template <class Frame>
dyn::SE3 turtle_pose(const Frame& t) {
  dyn::SE3 g;
  g.rotation.col(0) = t.H;
  g.rotation.col(1) = t.L;
  g.rotation.col(2) = t.U;
  g.translation = t.pos;
  return g;
}

}  // namespace lsd::interp
