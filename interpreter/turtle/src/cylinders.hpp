// cpfg's generalized cylinders as curves (docs/language.md 9.2): @Gs @Gc
// @Ge and {(type) ... }(type), Hermite and B-spline curves from control point
// to control point, open or closed, each piece drawn by cylinder_mesh.hpp.
// A private header of the walk, which only turtle.cpp includes (see there).
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "interpreter/turtle/src/cylinder_mesh.hpp"

namespace lsd::interp {
namespace {

// @Gc(strips) @Ge(strips) .(strips), and f F in a {(1) or {(2) curve: the
// Hermite piece from the last control point a to b, whose tangents are the
// headings times the distance |ab| times the tangent coefficients (a's
// outgoing @Gt, b's incoming). b's up vector is a's carried without twist,
// or with cpfg's `twist of cylinders: on` the turtle's own there (the turn
// between the two spread along the piece, cpfg's get_twist_angle).
template <class Output>
inline void hermite_piece(Turtle& tu, const ControlPoint& to, int strips, std::uint32_t i, const WalkConstants& k,
                          Output& out, const Vec3* up) {
  const ControlPoint a = tu.state.cylinder_last;
  ControlPoint b = turned(to, to.H, a);
  if (k.twist_cylinders) b.U = to.U;
  if (up) b.U = *up;
  tu.state.cylinder_last = b;
  const double len = (b.pos - a.pos).norm();
  cylinder_piece(tu, a, b, a.H * (len * a.tangent_out), b.H * (len * b.tangent_in), strips, i, k, out);
}

// A control point q after p[0], p[1], p[2] in a {(3) or {(4) curve: the
// piece of the uniform cubic B-spline of the four, from the knot
// (p0 + 4 p1 + p2) / 6 to (p1 + 4 p2 + q) / 6. It is the Hermite curve whose
// tangents are the B-spline's there, (p2 - p0) / 2 and (q - p1) / 2. The
// knots take p1's and p2's width, contour and colour, as cpfg's; the first
// piece starts with p1's up vector, the others where the last one ended.
template <class Output>
inline void bspline_piece(Turtle& tu, const std::array<ControlPoint, 3>& p, const ControlPoint& q, bool first,
                          int strips, std::uint32_t i, const WalkConstants& k, Output& out, const Vec3* up) {
  const Vec3 m0 = (p[2].pos - p[0].pos) / 2, m1 = (q.pos - p[1].pos) / 2;
  ControlPoint a = tu.state.cylinder_last;
  if (first) {
    a = turned(p[1], m0, p[1]);
    a.pos = (p[0].pos + 4 * p[1].pos + p[2].pos) / 6;
  }
  ControlPoint b = turned(p[2], m1, a);
  b.pos = (p[1].pos + 4 * p[2].pos + q.pos) / 6;
  if (up) b.U = *up;
  tu.state.cylinder_last = b;
  cylinder_piece(tu, a, b, m0, m1, strips, i, k, out);
}

// The record of the points of the turtle's curve, to write: one made before
// the innermost open `[` is copied first, so that `]` finds it unchanged.
inline SplinePoints& spline_points(Turtle& tu) {
  TurtleState& t = tu.state;
  const std::size_t mine = tu.marks.empty() ? 0 : tu.marks.back();
  if (t.cylinder_spline < 0 || std::size_t(t.cylinder_spline) < mine) {
    const SplinePoints copy = t.cylinder_spline < 0 ? SplinePoints{} : tu.splines[std::size_t(t.cylinder_spline)];
    tu.splines.push_back(copy);
    t.cylinder_spline = std::int32_t(tu.splines.size() - 1);
  }
  return tu.splines[std::size_t(t.cylinder_spline)];
}

inline bool closed_curve(const TurtleState& t) { return t.cylinder_type == 2 || t.cylinder_type == 4; }

// One more control point c of the cylinder's curve, with the piece it
// completes drawn in `strips` strips (ending with the up vector `up` if
// given). A Hermite curve draws from its second control point on, a B-spline
// from its fourth (cpfg does not repeat the end points of an open B-spline:
// it starts and ends at knots).
template <class Output>
inline void cylinder_point(Turtle& tu, const ControlPoint& c, int strips, std::uint32_t i, const WalkConstants& k,
                           Output& out, const Vec3* up = nullptr) {
  TurtleState& t = tu.state;
  const int n = t.cylinder_points;  // 4: four or more
  if (n < 4) ++t.cylinder_points;
  if (t.cylinder_type < 3) {
    if (n == 0) t.cylinder_last = c;
    else hermite_piece(tu, c, strips, i, k, out, up);
    if (n == 0 && closed_curve(t)) spline_points(tu).first[0] = c;
    return;
  }
  SplinePoints& s = spline_points(tu);
  if (n < 3) {
    s.last[std::size_t(n)] = c;
    if (closed_curve(t)) s.first[std::size_t(n)] = c;
    return;
  }
  bspline_piece(tu, s.last, c, n == 3, strips, i, k, out, up);
  s.last = {s.last[1], s.last[2], c};
}

// @Gs {(type[, strips]): a cylinder of that curve starts (without a control
// point); a curve that was on is dropped, as in cpfg.
inline void cylinder_start(TurtleState& t, int type, int strips) {
  t.in_cylinder = true;
  t.cylinder_type = std::uint8_t(type);
  t.cylinder_points = 0;
  t.cylinder_strips = strips;
}

// }(type) @Ge: the cylinder ends; a closed curve first goes on to its first
// control point (Hermite) or through its first three (B-spline), with the
// curve's strips, as cpfg closes it. Its last piece ends with the up vector
// it began with, so that a curve out of a plane closes without a step in its
// cross-section (the turn the way round is spread along that piece).
template <class Output>
inline void cylinder_end(Turtle& tu, std::uint32_t i, const WalkConstants& k, Output& out) {
  TurtleState& t = tu.state;
  if (!t.in_cylinder) return;
  const int n = std::min<int>(t.cylinder_points, 3);
  if (closed_curve(t) && n > 0) {
    const SplinePoints s = tu.splines[std::size_t(t.cylinder_spline)];  // a copy: the points below write the record
    auto first = [&](int j) -> const ControlPoint& { return s.first[std::size_t(j % n)]; };
    const int m = t.cylinder_type == 2 ? 1 : 3;
    const Vec3 up = m == 1 ? first(0).U : turned(first(1), (first(2).pos - first(0).pos) / 2, first(1)).U;
    for (int j = 0; j < m; ++j) cylinder_point(tu, first(j), t.cylinder_strips, i, k, out, j == m - 1 ? &up : nullptr);
  }
  t.in_cylinder = false;
}

// The strips of @Gc(n) @Ge(n) .(n): n in [1, 256], the curve's without a parameter.
inline int strips_param(const double* p, int np, const TurtleState& t) {
  return np > 0 ? count_param(p[0], 1, kMaxStrips) : t.cylinder_strips;
}

// f F: the turtle's new place is a control point of a {(type) curve (CPFG manual 6.7.3).
template <class Output>
inline void moved(Turtle& tu, std::uint32_t i, const WalkConstants& k, Output& out) {
  if (tu.state.in_cylinder && tu.state.cylinder_type != 0)
    cylinder_point(tu, control_point(tu.state), tu.state.cylinder_strips, i, k, out);
}

// @Gr(flag) or @Gr(angle1, length1[, angle2, length2]): the radius tangents
// (dt, dr) = length (cos angle, sin angle), coming in and going out.
inline void radius_tangents(TurtleState& t, const double* p, int np) {
  if (np == 1) {
    t.scale_radius_tangents = p[0] != 0;
    return;
  }
  if (np < 2) return;
  for (int e = 0; e < 2; ++e) {
    const double* q = np >= 4 ? p + 2 * e : p;
    t.radius_tangent[e][0] = std::cos(q[0] * kDegToRad) * q[1];
    t.radius_tangent[e][1] = std::sin(q[0] * kDegToRad) * q[1];
  }
}

}  // namespace
}  // namespace lsd::interp
