// A curved rod element S(l, r[, t0, k1, k2[, rho, E]]) on the turtle's
// walk (docs/language.md 7.9): the turtle follows the element's centreline
// and stands at its end, in its end frame. Its Darboux vector is its live
// state K(t, k1, k2, ...) just before it when the string is drawn as
// written or as the physics posed it (the physics writes K), its rest
// (t0, k1, k2) in the rest pose. With element: clothoid the Darboux vector
// runs affinely from the element's start node (the K before the chain's
// first element, or the previous element's end node) to its end node, the
// K after it. The element is drawn as a smooth tube about its material
// frames (rod_tube.hpp), sampled at rod_pieces steps; the pieces of its
// centreline between the samples are what `lsd segments` lists
// (Geometry::rod_axis).
// A private header of the walk, which only turtle.cpp includes (see there).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "interpreter/turtle/pose.hpp"
#include "interpreter/turtle/rod_shape.hpp"
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

inline dyn::Vec3 k_omega(const double* k) { return dyn::Vec3(k[0], k[1], k[2]); }

// The shape (1/m) of element i: its live K (the physics writes it) unless
// the walk draws the rest pose; a node without its K at rest.
inline RodShape rod_shape(Turtle& tu, std::uint32_t i, const double* p, int np, const WalkConstants& k) {
  RodShape e;
  const dyn::Vec3 rest = np >= 5 ? dyn::Vec3(p[2], p[3], p[4]) : dyn::Vec3::Zero();
  const bool before = tu.curvature && tu.curvature_at + 1 == i && tu.curvature_np >= 3;
  e.omega0 = e.omega1 = rest;
  if (!k.clothoid) {
    if (!k.rest_pose && before) e.omega0 = e.omega1 = k_omega(tu.curvature);
    return e;
  }
  e.clothoid = true;
  const double* start = tu.state.chain_node ? tu.state.chain_node : before ? tu.curvature : nullptr;
  const double* end = tu.end_curvature_np >= 3 ? tu.end_curvature : nullptr;
  tu.state.chain_node = end;
  if (k.rest_pose) return e;
  if (start) e.omega0 = k_omega(start);
  if (end) e.omega1 = k_omega(end);
  return e;
}

template <class Output>
inline void rod_move(Turtle& tu, std::uint32_t i, const double* p, int np, const WalkConstants& k, Output& out) {
  TurtleState& t = tu.state;
  const double l = p[0] / k.unit, width = np > 1 ? 2 * p[1] / k.unit : t.width;
  RodShape e = rod_shape(tu, i, p, np, k);
  e.length = l;
  e.omega0 *= k.unit;  // 1/(turtle unit)
  e.omega1 *= k.unit;
  const dyn::SE3 start = turtle_pose(t);
  const double turn = std::abs(l) * std::max(e.omega0.norm(), e.omega1.norm());
  const int n = std::isfinite(l) && l > 0 ? rod_pieces(turn) : 1;
  auto frame_at = [&](double s) { return start * rod_frame(e, s); };
  for (int j = 1; j <= n; ++j) {
    const Vec3 p0 = t.pos;
    const dyn::SE3 g = frame_at(l * j / n);
    t.pos = g.translation;
    t.H = g.rotation.col(0);
    t.L = g.rotation.col(1);
    t.U = g.rotation.col(2);
    out.rod_piece(p0, t, width, i);
  }
  if (std::isfinite(l) && l > 0) {
    rod_tube(tu, frame_at, l, n, width, t.colour, i, out);
    out.rod(Geometry::Rod{i, start, e, n});
  }
  t.segment_H = t.H;
  t.segment_U = t.U;
  if (k.poses) t.body = (*k.poses->module_body)[i];  // after it the turtle rides on the element's end
}

}  // namespace
}  // namespace lsd::interp
