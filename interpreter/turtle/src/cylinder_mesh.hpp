// One piece of cpfg's generalized cylinders (docs/language.md 9.2): the
// cross-sections, the Hermite curves of the axis and the radius, and the
// quads of the sweep with their smooth normals and texture coordinates.
// cylinders.hpp strings the pieces into curves.
// A private header of the walk, which only turtle.cpp includes (see there).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <utility>
#include <vector>

#include "common/limits.hpp"
#include "interpreter/turtle/src/walker.hpp"

namespace lsd::interp {
namespace {

// cpfg's generalized cylinders (CPFG manual 6.7.3; cpfg's generalized
// cylinder code): a Hermite curve from control point to control point, swept
// with the contour's cross-section scaled by the radius.

constexpr int kDefaultStrips = 4;  // @Gc @Ge . f F without a parameter, unless {(type, strips)
constexpr int kMaxStrips = limits::kCylinderStrips;
constexpr int kMaxSides = limits::kCylinderSides;

// A module's count parameter as an int in [lo, hi]; NaN gives lo.
inline int count_param(double v, int lo, int hi) {
  if (!(v >= lo)) return lo;
  return v >= hi ? hi : int(v);
}

// The cross-section of contour `id` with `sides` sides, as sides + 1 points
// (a closed one ends with its first point again); an id the view file does
// not define, and 0, give the unit circle, as in cpfg.
inline const std::vector<Vec3>& ring(Turtle& tu, const WalkConstants& k, int id, int sides) {
  const auto key = std::make_pair(id, sides);
  auto it = tu.rings.find(key);
  if (it != tu.rings.end()) return it->second;
  std::vector<Vec3> r;
  const Contour* c = nullptr;
  if (k.contours && id != 0) {
    const auto f = k.contours->find(id);
    if (f != k.contours->end() && !f->second.points.empty()) c = &f->second;
  }
  if (c) {
    r = c->ring(sides);
    if (c->closed) r.push_back(r.front());
  } else {
    for (int j = 0; j <= sides; ++j) {
      const double a = 2 * std::numbers::pi * (j % sides) / sides;
      r.emplace_back(std::cos(a), std::sin(a), 0);
    }
  }
  return tu.rings.emplace(key, std::move(r)).first->second;
}

// The cubic Hermite curve from p0 (tangent m0) to p1 (tangent m1) at t, and its derivative.
template <class V>
inline V hermite(const V& p0, const V& m0, const V& p1, const V& m1, double t) {
  const double t2 = t * t, t3 = t2 * t;
  return p0 * (2 * t3 - 3 * t2 + 1) + m0 * (t3 - 2 * t2 + t) + p1 * (-2 * t3 + 3 * t2) + m1 * (t3 - t2);
}
template <class V>
inline V hermite_slope(const V& p0, const V& m0, const V& p1, const V& m1, double t) {
  const double t2 = t * t;
  return p0 * (6 * t2 - 6 * t) + m0 * (3 * t2 - 4 * t + 1) + p1 * (-6 * t2 + 6 * t) + m1 * (3 * t2 - 2 * t);
}

// The control point the turtle is at, its up vector the turtle's.
inline ControlPoint control_point(const TurtleState& t) {
  ControlPoint c;
  c.pos = t.pos;
  c.H = t.H.normalized();
  c.U = transport(t.U, c.H, c.H);
  c.width = t.width;
  c.tangent_in = t.tangent[0];
  c.tangent_out = t.tangent[1];
  for (int e = 0; e < 2; ++e) {
    c.radius_in[e] = t.radius_tangent[0][e];
    c.radius_out[e] = t.radius_tangent[1][e];
  }
  c.scale_radius = t.scale_radius_tangents;
  c.contour = t.contour;
  c.colour = t.colour;
  c.tex_t = t.tex_t;
  return c;
}

// The up vector u of heading h0 carried to the heading h1 as cpfg's
// generalized cylinders carry it (adjust_up_and_leftS): turned about h0 x h1
// by asin |h0 x h1|, which is the angle between the headings only when it is
// below 90 degrees (beyond, cpfg's sections lean, and so do lsd's).
inline Vec3 cpfg_carry(const Vec3& u, const Vec3& h0, const Vec3& h1) {
  Vec3 rot = h1.cross(h0);
  const double len = rot.norm();
  if (!(len > 0)) return u;
  const double angle = std::asin(std::min(len, 1.0)) * 0.5;
  rot /= len;
  return cpfg_rot_by_quat(u, std::cos(angle), rot * std::sin(angle));
}

// p heading along h (p's own heading if h is about zero), its up vector
// carried from `from`'s without twist.
inline ControlPoint turned(ControlPoint p, const Vec3& h, const ControlPoint& from) {
  if (h.norm() > 1e-9) p.H = h.normalized();
  p.U = cpfg_carry(from.U, from.H, p.H);
  return p;
}

// The quads between consecutive sections of a sweep (sections x n points,
// section by section; a closed cross-section repeats its first point last),
// with a normal at each corner: the quads around the vertex averaged, but
// not across a crease of the cross-section (neighbours more than 75 degrees
// apart, the corners of a square contour). The first and the last sections
// are shared with the pieces before and after: their normals are the
// section's own, square to the headings h0 and h1 there, so that the pieces
// meet without a seam.
// With texture coordinates `uv` (one per grid point) the quads carry `texture`.
template <class Output>
inline void sweep(const std::vector<Vec3>& grid, std::size_t strips, std::size_t n, const Vec3& h0, const Vec3& h1,
                  int colour, std::uint32_t i, Output& out, const Vec2f* uv = nullptr, int texture = 0) {
  if (n < 2) return;
  constexpr double kSmooth = 0.2588;  // cos 75 degrees
  const std::size_t cols = n - 1;     // quads around
  auto at = [&](std::size_t s, std::size_t j) { return grid[s * n + j]; };
  const bool closed = (at(0, 0) - at(0, cols)).squaredNorm() < 1e-24 && (at(strips, 0) - at(strips, cols)).squaredNorm() < 1e-24;
  std::vector<Vec3> face(strips * cols);  // Newell normals, as long as the quads are large
  for (std::size_t s = 0; s < strips; ++s)
    for (std::size_t j = 0; j < cols; ++j) {
      const Vec3 q[4] = {at(s, j), at(s, j + 1), at(s + 1, j + 1), at(s + 1, j)};
      Vec3 f = Vec3::Zero();
      for (int c = 0; c < 4; ++c) f += q[c].cross(q[(c + 1) % 4]);
      face[s * cols + j] = f;
    }
  auto F = [&](std::size_t s, std::size_t j) { return face[s * cols + j]; };
  // The normal of quad column j at the vertex (sv, jv), jv = j or j + 1.
  auto corner = [&](std::size_t j, std::size_t sv, std::size_t jv) {
    // the column on the other side of the vertex, if any
    const bool first = jv == j;
    const bool has_o = first ? (j > 0 || closed) : (j + 1 < cols || closed);
    const std::size_t o = first ? (j > 0 ? j - 1 : cols - 1) : (j + 1 < cols ? j + 1 : 0);
    Vec3 sum = Vec3::Zero();
    bool joined = false;
    for (const std::size_t r : {sv - 1, sv}) {  // the strips on either side (sv - 1 wraps past strips when sv = 0)
      if (r >= strips) continue;
      const Vec3 a = F(r, j), b = has_o ? F(r, o) : Vec3::Zero();
      sum += a;
      if (has_o && a.dot(b) > kSmooth * a.norm() * b.norm()) {
        sum += b;
        joined = true;
      }
    }
    if (sv == 0 || sv == strips) {
      const Vec3 edge = !joined ? at(sv, j + 1) - at(sv, j) : first ? at(sv, j + 1) - at(sv, o) : at(sv, o + 1) - at(sv, j);
      const Vec3 own = edge.cross(sv == 0 ? h0 : h1);
      if (own.norm() > 1e-12 * edge.norm()) sum = own.dot(sum) < 0 ? Vec3(-own) : own;
    }
    return sum.norm() > 1e-300 ? Vec3(sum.normalized()) : Vec3(Vec3::Zero());  // zero: the quad's own normal
  };
  for (std::size_t s = 0; s < strips; ++s)
    for (std::size_t j = 0; j < cols; ++j) {
      const Vec3 quad[4] = {at(s, j), at(s, j + 1), at(s + 1, j + 1), at(s + 1, j)};
      const Vec3 nq[4] = {corner(j, s, j), corner(j, s, j + 1), corner(j, s + 1, j + 1), corner(j, s + 1, j)};
      if (!uv) {
        out.polygon(quad, 4, colour, i, nq);
        continue;
      }
      const Vec2f uq[4] = {uv[s * n + j], uv[s * n + j + 1], uv[(s + 1) * n + j + 1], uv[(s + 1) * n + j]};
      out.polygon(quad, 4, colour, i, nq, uq, texture);
    }
}

// One piece of a generalized cylinder, from control point a to b. The axis
// is the cubic from a to b whose derivatives there are ma and mb (a Hermite
// curve); the radius is a Hermite curve of (t, radius) from (0, a's width / 2)
// to (1, b's width / 2) whose tangents are @Gr's (a's outgoing, b's
// incoming), or linear; the cross-section morphs from a's contour to b's and
// is carried along without twist, but for a turn about the axis from a's up
// vector to b's spread along the piece (none but where a closed curve closes).
// It is sampled in `strips` strips (1: a straight piece) and drawn as quads,
// or, in cpfg's pixel and polygon line styles, as lines along the axis (as
// cpfg's general.c draws them: every line with a's width, the last one's node
// ending with b's, so that it is a cone where the widths differ).
template <class Output>
inline void cylinder_piece(Turtle& tu, const ControlPoint& a, const ControlPoint& b, const Vec3& ma, const Vec3& mb,
                           int strips, std::uint32_t i, const WalkConstants& k, Output& out) {
  TurtleState& t = tu.state;
  const double len = (b.pos - a.pos).norm();
  if (!(len >= 1e-5)) return;  // as cpfg: nothing between coincident control points
  // the radius curve: points (0, ra) and (1, rb), tangents (dt, dr)
  const Eigen::Vector2d r0(0, a.width / 2), r1(1, b.width / 2);
  Eigen::Vector2d s0(a.radius_out[0], a.radius_out[1]), s1(b.radius_in[0], b.radius_in[1]);
  if (b.scale_radius) {
    s0.y() *= len;
    s1.y() *= len;
  }
  const Vec3 carried = cpfg_carry(a.U, a.H, b.H);
  const double twist = std::atan2(carried.cross(b.U).dot(b.H), carried.dot(b.U));
  const Eigen::Vector2d linear(1, r1.y() - r0.y());
  if (s0.isZero()) s0 = linear;
  if (s1.isZero()) s1 = linear;
  strips = std::clamp(strips, 1, kMaxStrips);
  const int sides = std::clamp(t.sides, 3, kMaxSides);
  const std::vector<Vec3>& ca = ring(tu, k, a.contour, sides);
  const std::vector<Vec3>& cb = ring(tu, k, b.contour, sides);
  const std::size_t n = std::min(ca.size(), cb.size());
  // one cross-section: centre, heading, radius, and t for the morph. As
  // cpfg's make_contour, a contour's x runs along cpfg's up vector, which is
  // lsd's -U, and its y along -L; the points are stored in reverse, so that
  // the quads keep facing out (the placement mirrors the contour).
  std::vector<Vec3> prev(n), cur(n);
  auto section = [&](std::vector<Vec3>& v, const Vec3& c, const Vec3& h, const Vec3& up, double radius, double tt) {
    const Vec3 left = up.cross(h);
    for (std::size_t j = 0; j < n; ++j) {
      const Vec3 q = (ca[j] * (1 - tt) + cb[j] * tt) * radius;
      v[n - 1 - j] = c - up * q.x() - left * q.y() + h * (q.z() / len);
    }
  };
  // the sections of the strips, (strips + 1) x n points, for the quads and their smooth normals
  std::vector<Vec3> grid;
  if (!k.axis_lines) grid.reserve(std::size_t(strips + 1) * n);
  section(prev, a.pos, a.H, a.U, r0.y(), 0);
  if (!k.axis_lines) grid.insert(grid.end(), prev.begin(), prev.end());
  // A texture (cpfg's make_contour): s from 1 to 0 along the contour (0 to 1
  // in the reversed sections), t advanced from section to section by the
  // length over the circumference there.
  const Texture* tex = k.axis_lines ? nullptr : k.texture(t.texture);
  std::vector<Vec2f>& uv = tu.texels;
  double tex_t = a.tex_t;
  auto texels = [&]() {
    for (std::size_t j = 0; j < n; ++j) uv.emplace_back(float(j) / float(n - 1), float(tex_t));
  };
  uv.clear();
  if (tex) texels();
  Vec3 centre = a.pos;
  TurtleState at = t;  // where a line along the axis ends
  at.colour = a.colour;
  at.width = a.width;
  for (int s = 1; s <= strips; ++s) {
    const double r = double(s) / strips;
    Vec3 c = b.pos, h = b.H, up = b.U;
    double tt = 1, radius = r1.y();
    if (strips > 1 && s < strips) {
      const Eigen::Vector2d rad = hermite(r0, s0, r1, s1, r);
      tt = rad.x();
      radius = rad.y();
      c = hermite(a.pos, ma, b.pos, mb, tt);
      const Vec3 d = hermite_slope(a.pos, ma, b.pos, mb, tt);
      if (d.norm() > 1e-12) h = d.normalized();
      up = cpfg_carry(a.U, a.H, h);
      if (std::fabs(twist) > 1e-9) up = rotate_about(up, h, std::cos(twist * tt), std::sin(twist * tt));
    }
    if (k.axis_lines) {
      at.pos = c;
      out.segment(centre, at, a.width, i, at.tex_t);
      if (s == strips) at.width = b.width;
      out.end_node(at);
    } else {
      section(cur, c, h, up, radius, tt);
      grid.insert(grid.end(), cur.begin(), cur.end());
    }
    if (tex) {
      tex_t += texture_advance(*tex, 2 * radius, (c - centre).norm());
      texels();
    }
    centre = c;
  }
  if (tex) t.tex_t = t.cylinder_last.tex_t = tex_t;
  if (!k.axis_lines) sweep(grid, std::size_t(strips), n, a.H, b.H, a.colour, i, out, tex ? uv.data() : nullptr, t.texture);
}

}  // namespace
}  // namespace lsd::interp
