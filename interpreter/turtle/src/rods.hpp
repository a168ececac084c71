// A curved rod element S(l, r[, t0, k1, k2[, rho, E]]) on the turtle's
// walk (docs/language.md 7.9): the turtle follows the element's centreline
// and stands at its end, in its end frame. Its Darboux vector is its live
// state K(t, k1, k2, ...) just before it when the string is drawn as
// written or as the physics posed it (the physics writes K), its rest
// (t0, k1, k2) in the rest pose. The element is drawn as a smooth tube
// about its material frames (rod_tube.hpp), sampled at rod_pieces steps;
// the pieces of its centreline between the samples are what `lsd segments`
// lists (Geometry::rod_axis).
// A private header of the walk, which only turtle.cpp includes (see there).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "dynamics/rod_element.hpp"
#include "interpreter/turtle/src/rod_tube.hpp"
#include "interpreter/turtle/src/walker.hpp"

namespace lsd::interp {
namespace {

// The pieces a tube of turn l |Ω| (rad) is sampled with: one per 1/8 rad
// of turn, at least 1 (a straight element: one piece), at most 64.
inline int rod_pieces(double turn) {
  if (!(turn < 8.0)) return 64;
  return std::clamp(int(std::ceil(turn * 8)), 1, 64);
}

// The element's Darboux vector (1/m) as this walk draws it.
inline dyn::Vec3 rod_omega(const Turtle& tu, std::uint32_t i, const double* p, int np, const WalkConstants& k) {
  const bool live = !k.rest_pose && tu.curvature && tu.curvature_at + 1 == i && tu.curvature_np >= 3;
  if (live) return dyn::Vec3(tu.curvature[0], tu.curvature[1], tu.curvature[2]);
  return np >= 5 ? dyn::Vec3(p[2], p[3], p[4]) : dyn::Vec3::Zero();
}

template <class Output>
inline void rod_move(Turtle& tu, std::uint32_t i, const double* p, int np, const WalkConstants& k, Output& out) {
  TurtleState& t = tu.state;
  const double l = p[0] / k.unit, width = np > 1 ? 2 * p[1] / k.unit : t.width;
  const dyn::Vec3 omega = rod_omega(tu, i, p, np, k) * k.unit;  // 1/(turtle unit)
  dyn::SE3 start;
  start.rotation.col(0) = t.H;
  start.rotation.col(1) = t.L;
  start.rotation.col(2) = t.U;
  start.translation = t.pos;
  const int n = std::isfinite(l) && l > 0 ? rod_pieces(std::abs(l) * omega.norm()) : 1;
  auto frame_at = [&](double s) { return start * dyn::helix_pose(omega, s); };
  for (int j = 1; j <= n; ++j) {
    const Vec3 p0 = t.pos;
    const dyn::SE3 g = frame_at(l * j / n);
    t.pos = g.translation;
    t.H = g.rotation.col(0);
    t.L = g.rotation.col(1);
    t.U = g.rotation.col(2);
    out.rod_piece(p0, t, width, i);
  }
  if (std::isfinite(l) && l > 0) rod_tube(tu, frame_at, l, n, width, t.colour, i, out);
  t.segment_H = t.H;
  t.segment_U = t.U;
  if (k.poses) t.body = (*k.poses->module_body)[i];  // after it the turtle rides on the element's end
}

}  // namespace
}  // namespace lsd::interp
