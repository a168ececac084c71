// The tube of a curved rod element (docs/language.md 7.9): rings of the
// rod's radius swept along its centreline, each ring in the element's
// material frame at its arc length, so that the frame's twist shows. The
// quads between rings carry smooth normals (a ring's radial directions, the
// same for the rings shared by neighbouring pieces and elements), and a band
// of them on the material L side has the next colour: a stripe that spirals
// as the rod twists. The centreline itself is the caller's (rods.hpp): the
// tube takes the frames at arc lengths from a function.
// A private header of the walk, which only turtle.cpp includes (see there).
#pragma once
#include <array>
#include <cmath>
#include <cstdint>
#include <numbers>

#include "dynamics/spatial.hpp"
#include "interpreter/turtle/src/walker.hpp"

namespace lsd::interp {
namespace {

constexpr int kRodSides = 16;  // quads around a rod's tube; the stripe is the two either side of L

// The ring of radius r about the frame g (H along the rod, L, U): kRodSides
// points from L toward U, vertex j at the angle j 2 pi / kRodSides from L.
// `normal` gets the outward radial direction of each point.
inline void rod_ring(const dyn::SE3& g, double r, std::array<Vec3, kRodSides>& point,
                     std::array<Vec3, kRodSides>& normal) {
  for (int j = 0; j < kRodSides; ++j) {
    const double a = j * 2 * std::numbers::pi / kRodSides;
    normal[std::size_t(j)] = std::cos(a) * g.rotation.col(1) + std::sin(a) * g.rotation.col(2);
    point[std::size_t(j)] = g.translation + r * normal[std::size_t(j)];
  }
}

// A flat end of the tube: the ring's points counter-clockwise seen from
// outside, facing `axis`.
template <class Output>
inline void rod_cap(const Vec3* ring, bool reversed, const Vec3& axis, int colour, std::uint32_t i, Output& out) {
  std::array<Vec3, kRodSides> p, n;
  for (int j = 0; j < kRodSides; ++j) {
    p[std::size_t(j)] = ring[reversed ? kRodSides - 1 - j : j];
    n[std::size_t(j)] = axis;
  }
  out.polygon(p.data(), kRodSides, colour, i, n.data());
}

// Caps the last tube's open end, if any: the walk calls it before every
// module but a rod element and what may stand between two elements (K, J),
// and at its end.
template <class Output>
inline void rod_close(Turtle& tu, Output& out) {
  RodEnd& e = tu.rod_end;
  if (!e.open) return;
  e.open = false;
  rod_cap(e.ring.data(), false, e.H, e.colour, e.module, out);
}

// Whether a tube that starts at g with `width` continues the open one: the
// same ring (place, frame and width, up to rounding).
inline bool rod_continues(const RodEnd& e, const dyn::SE3& g, double width) {
  constexpr double kNear = 1e-9;
  return e.open && e.width == width && (g.translation - e.pos).norm() <= kNear * width &&
         (g.rotation.col(0) - e.H).norm() <= kNear && (g.rotation.col(1) - e.L).norm() <= kNear;
}

// The tube of module i about the frames frame_at(s), s in [0, l] (turtle
// units), of diameter `width`, sampled at `pieces` equal steps: pieces + 1
// rings, the quads between them in `colour` and the stripe in colour + 1.
// It continues the open tube it meets at its start (one tube along a chain
// of elements), else that one is capped and this one gets a cap at its
// start; its end stays open until the next module (rod_close).
template <class FrameAt, class Output>
inline void rod_tube(Turtle& tu, const FrameAt& frame_at, double l, int pieces, double width, int colour,
                     std::uint32_t i, Output& out) {
  const double r = 0.5 * width;
  std::array<Vec3, kRodSides> p0, n0, p1, n1;
  dyn::SE3 g = frame_at(0.0);
  rod_ring(g, r, p0, n0);
  if (rod_continues(tu.rod_end, g, width)) {
    tu.rod_end.open = false;
  } else {
    rod_close(tu, out);
    rod_cap(p0.data(), true, -g.rotation.col(0), colour, i, out);
  }
  for (int k = 1; k <= pieces; ++k) {
    g = frame_at(l * k / pieces);
    rod_ring(g, r, p1, n1);
    for (int j = 0; j < kRodSides; ++j) {
      const std::size_t a = std::size_t(j), b = std::size_t((j + 1) % kRodSides);
      const Vec3 quad[4] = {p0[a], p0[b], p1[b], p1[a]};
      const Vec3 normals[4] = {n0[a], n0[b], n1[b], n1[a]};
      out.polygon(quad, 4, j == 0 || j == kRodSides - 1 ? colour + 1 : colour, i, normals);
    }
    p0 = p1;
    n0 = n1;
  }
  RodEnd& e = tu.rod_end;
  e.open = true;
  e.pos = g.translation;
  e.H = g.rotation.col(0);
  e.L = g.rotation.col(1);
  e.width = width;
  e.colour = colour;
  e.module = i;
  e.ring.assign(p0.begin(), p0.end());
}

}  // namespace
}  // namespace lsd::interp
