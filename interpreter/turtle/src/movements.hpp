// cpfg's tropisms and twists for a .l model (docs/language.md 9.3, "Drawings"), as
// cpfg's movements.c, turtle.c and interpret.c bend the turtle: the view
// file's `tropism:` and `torque:` lines before every F f G g, the old
// tropism (`tropism direction:`, `initial elasticity:`, `_`) after it, and
// the up vector carried without twist from the last F (@R, @Tp).
//
// cpfg's up vector is lsd's -U (cpfg's turtle starts with U = (0, 0, -1)
// and pitches & toward it); L and H are the same in both. Each function
// below works in cpfg's vectors where the sign matters.
// A private header of the walk, which only turtle.cpp includes (see there).
#pragma once
#include <algorithm>
#include <cmath>
#include <numbers>

#include <Eigen/Geometry>

#include "interpreter/cpfg/view.hpp"
#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {
namespace {

// cpfg's rot_by_quat: v turned by q^-1 v q, for the quaternion (w, x) that
// need not be of unit length (cpfg builds some from vectors it does not
// normalise): the rotation of the unit quaternion, undone.
inline Vec3 cpfg_rot_by_quat(const Vec3& v, double w, const Vec3& x) {
  Eigen::Quaterniond q(w, x.x(), x.y(), x.z());
  q.normalize();
  return q.conjugate() * v;
}

// cpfg's adjust_up_and_left (turtle.c): the up vector of the last F (or of
// @Tf) carried to the current heading by the rotation from that F's heading
// to it, so that a roll since then is undone; when the heading has not turned
// (|H x H_prev| <= 1e-6) the up vector stays. L = H x cpfg's up.
inline void cpfg_adjust_up_and_left(TurtleState& t) {
  Vec3 rot = t.H.cross(t.segment_H);
  double len = rot.norm();
  if (len > 0.000001) {
    t.U = t.segment_U;
    len = std::min(len, 1.0);
    double angle = std::asin(len) * 0.5;
    if (t.H.dot(t.segment_H) < 0) angle = std::numbers::pi * 0.5 - angle;
    rot /= len;
    t.U = cpfg_rot_by_quat(t.U, std::cos(angle), rot * std::sin(angle));
  }
  t.L = t.U.cross(t.H);
}

// @R(hx,hy,hz[,ux,uy,uz]) (cpfg's blackbox.c): the heading set (0, 1, 0 for a
// zero vector); the up vector given (cpfg's, so lsd's U is its opposite) if
// it is not zero and exactly square to the heading, else carried from the
// last F (cpfg_adjust_up_and_left).
inline void cpfg_set_heading(TurtleState& t, const double* p, int np) {
  if (np < 2) return;
  Vec3 h(p[0], p[1], np > 2 ? p[2] : 0.0);
  t.H = h.squaredNorm() == 0 ? Vec3(0, 1, 0) : Vec3(h.normalized());
  const Vec3 up = np >= 6 ? Vec3(p[3], p[4], p[5]) : Vec3::Zero();
  if (np < 6 || up.squaredNorm() == 0 || up.dot(t.H) != 0) {
    cpfg_adjust_up_and_left(t);
    return;
  }
  t.U = -up.normalized();
  t.L = t.U.cross(t.H);
}

// Before each F f G g (cpfg's movement_adjust): the `tropism:` lines turn the
// heading toward D = sum of e cos(A) T + e sin(A) T x (H x T) / |H x T| by
// |H x D| (at most 1 radian) about H x D, and the up vector follows from the
// last F; then the `torque:` lines turn cpfg's up vector about the heading
// by |U x D'| (at most 1 radian), D' their sum e T made square to the heading,
// and that frame becomes the last F's. e is the turtle's elasticity of the
// line (@Ts @Ti @Td).
inline void cpfg_movements(TurtleState& t, const CpfgView& view) {
  const auto& lines = view.tropisms;
  const std::size_t n = std::min(lines.size(), t.elasticity.size());
  if (n == 0) return;
  Vec3 d = Vec3::Zero(), twist = Vec3::Zero();
  for (std::size_t i = 0; i < n; ++i) {
    const CpfgTropism& m = lines[i];
    const double e = t.elasticity[i];
    if (m.torque) {
      twist += e * m.dir;
      continue;
    }
    const double a = m.angle * std::numbers::pi / 180;
    d += std::cos(a) * e * m.dir;
    if (std::sin(a) != 0) {
      Vec3 v = t.H.cross(m.dir);
      double len = v.norm();
      if (len < 0.0000001) {
        v = t.L;
        len = 1;
      }
      d += (e * std::sin(a) / len) * m.dir.cross(v);
    }
  }
  Vec3 rot = t.H.cross(d);
  double len = rot.norm();
  if (len >= 0.000001) {  // cpfg's adjust_by_orthotropism
    len = std::min(len, 1.0);
    t.H = cpfg_rot_by_quat(t.H, std::cos(-len * 0.5), rot * (std::sin(-len * 0.5) / len));
    cpfg_adjust_up_and_left(t);
  }
  if (twist.isZero()) return;
  const Vec3 v = t.H.cross(twist.normalized());
  if (v.squaredNorm() <= 0.00000001) return;
  const Vec3 want = v.cross(t.H) * twist.norm();
  const Vec3 up = -t.U;  // cpfg's rotate_to_vector turns its up vector
  Vec3 axis = up.cross(want);
  double s = axis.norm();
  if (s >= 0.0000001) {
    s = std::min(s, 1.0);
    t.U = -cpfg_rot_by_quat(up, std::cos(s * 0.5), axis * (std::sin(s * 0.5) / s));
    t.L = t.U.cross(t.H);
  }
  t.segment_H = t.H;
  t.segment_U = t.U;
}

// After each F f G g (cpfg's bend, the old tropism): with elasticity e (the
// view file's initial elasticity, changed by `_`) and the unit direction T,
// the heading turns toward cpfg's up vector by asin(e T.U) and then toward L
// by asin(e T.L).
inline void cpfg_bend(TurtleState& t, const CpfgView& view) {
  const double e = t.old_elasticity;
  if (e == 0) return;
  const Vec3& T = view.old_tropism;
  Vec3 up = -t.U;
  double c = e * T.dot(up), s = std::sqrt(1 - c * c);
  Vec3 h = s * t.H + c * up;
  up = s * up - c * t.H;
  t.H = h;
  c = e * T.dot(t.L);
  s = std::sqrt(1 - c * c);
  h = s * t.H + c * t.L;
  t.L = s * t.L - c * t.H;
  t.H = h;
  t.U = -up;
}

}  // namespace
}  // namespace lsd::interp
