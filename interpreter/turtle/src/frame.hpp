// The turtle's frame (docs/language.md 6.1): rotations about its own axes,
// tropism (6.4), `$` (6.5), the frame carried without twist,
// and the moves of joints and the base (7.6).
// A private header of the walk, which only turtle.cpp includes (see there).
#pragma once
#include <cmath>
#include <numbers>

#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {
namespace {

constexpr double kDegToRad = std::numbers::pi / 180.0;

// a' = a cos + b sin, b' = b cos - a sin: the right-handed rotation by the
// angle about a x b, written for the two frame vectors it moves.
inline void rotate_pair(Vec3& a, Vec3& b, double c, double s) {
  const Vec3 a0 = a;
  a = a0 * c + b * s;
  b = b * c - a0 * s;
}

// Rodrigues: v rotated by angle (c = cos, s = sin) about the unit axis k.
inline Vec3 rotate_about(const Vec3& v, const Vec3& k, double c, double s) {
  return v * c + k.cross(v) * s + k * (k.dot(v) * (1 - c));
}

inline void rotate_frame(TurtleState& t, const Vec3& axis, double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  t.H = rotate_about(t.H, axis, c, s);
  t.L = rotate_about(t.L, axis, c, s);
  t.U = rotate_about(t.U, axis, c, s);
}

// ABOP p. 58: H turns toward T by e·|H×T| about H×T. The angle is capped at
// the angle between H and T so that a large e aligns H with T instead of
// overshooting it.
inline void apply_tropism(TurtleState& t, const Vec3& T, double e) {
  const Vec3 a = t.H.cross(T);
  const double n = a.norm();
  if (n < 1e-12) return;
  double alpha = e * n;
  const double theta = std::atan2(n, t.H.dot(T));
  if (alpha > theta) alpha = theta;
  rotate_frame(t, a / n, alpha);
}

// ABOP p. 57: roll about H so that L is horizontal, L = V×H/|V×H|, V = +y.
inline void roll_horizontal(TurtleState& t) {
  const Vec3 v = Vec3(0, 1, 0).cross(t.H);
  const double n = v.norm();
  if (n < 1e-12) return;  // H vertical: no change
  t.L = v / n;
  t.U = t.H.cross(t.L);
}

// U turned by the rotation that takes the unit heading h0 to h1, so that
// the frame does not twist about the heading (cpfg's adjust_up_and_leftS);
// the result is a unit vector normal to h1.
inline Vec3 transport(const Vec3& u, const Vec3& h0, const Vec3& h1) {
  const Vec3 axis = h0.cross(h1);
  const double s = axis.norm();
  Vec3 v = s > 1e-12 ? rotate_about(u, axis / s, h0.dot(h1), s) : u;
  v -= h1 * h1.dot(v);
  return v.norm() > 1e-9 ? Vec3(v.normalized()) : Vec3(h1.unitOrthogonal());
}


// J(rh, rl, ru): R_new = R_rest · exp([r]), r in rest-frame components.
inline void apply_joint(TurtleState& t, const double* p) {
  const Vec3 r = t.H * p[0] + t.L * p[1] + t.U * p[2];
  const double angle = r.norm();
  if (angle > 0) rotate_frame(t, r / angle, angle);
}

// @Base(px,py,pz, rx,ry,rz, ...): the base body's pose; the turtle moves with it.
inline void apply_base(TurtleState& t, const double* p) {
  const Vec3 r(p[3], p[4], p[5]);
  const double angle = r.norm();
  if (angle > 0) {
    const Vec3 k = r / angle;
    t.pos = rotate_about(t.pos, k, std::cos(angle), std::sin(angle));
    rotate_frame(t, k, angle);
  }
  t.pos += Vec3(p[0], p[1], p[2]);
}

}  // namespace
}  // namespace lsd::interp
