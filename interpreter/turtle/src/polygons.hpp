// Polygons (docs/language.md 6.3): the polygons `{` opens, the texture
// coordinates of a textured one, and cpfg's disc @c (9.2).
// A private header of the walk, which only turtle.cpp includes (see there).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {
namespace {

// The polygons opened by `{` and not yet closed: their vertices in one
// scratch buffer, and where each polygon starts in it, with the turtle at
// its first vertex (whose texture and frame map a texture on it, as cpfg).
struct OpenPolygons {
  std::vector<Vec3> vertices;
  std::vector<std::uint32_t> starts;
  // What a texture needs of the turtle at a polygon's first vertex.
  struct First {
    Vec3 H{0, 1, 0}, L{-1, 0, 0};
    int texture = 0;
  };
  std::vector<First> firsts;  // (starts)

  bool any() const { return !starts.empty(); }
  void open() {
    starts.push_back(std::uint32_t(vertices.size()));
    firsts.emplace_back();
  }
  // Records the turtle's position in the innermost polygon, unless it repeats the previous vertex.
  void add(const TurtleState& t) {
    if (starts.empty()) return;
    if (vertices.size() == starts.back()) firsts.back() = {t.H, t.L, t.texture};
    else if ((vertices.back() - t.pos).squaredNorm() < 1e-24) return;
    vertices.push_back(t.pos);
  }
  // Closes the innermost polygon and hands its vertices and the turtle at
  // its first vertex to emit(first, count, turtle) if there are at least 3.
  template <class Emit>
  void close(Emit&& emit) {
    if (starts.empty()) return;
    const std::uint32_t first = starts.back();
    starts.pop_back();
    std::size_t count = vertices.size() - first;
    // A closing vertex equal to the first adds nothing.
    if (count >= 2 && (vertices.back() - vertices[first]).squaredNorm() < 1e-24) --count;
    if (count >= 3) emit(vertices.data() + first, count, firsts.back());
    vertices.resize(first);
    firsts.pop_back();
  }
};

// A textured polygon's texture coordinates (cpfg's SetPolygonTextureParams):
// s along the right (-L) and t along the heading of the turtle at its first
// vertex, each spanning the polygon's extent from 0 to 1.
inline void planar_texels(const Vec3* v, std::size_t count, const OpenPolygons::First& first, std::vector<Vec2f>& uv) {
  const Vec3 s_axis = -first.L, t_axis = first.H;
  double lo[2] = {1e300, 1e300}, hi[2] = {-1e300, -1e300};
  for (std::size_t j = 0; j < count; ++j) {
    const double st[2] = {v[j].dot(s_axis), v[j].dot(t_axis)};
    for (int a = 0; a < 2; ++a) lo[a] = std::min(lo[a], st[a]), hi[a] = std::max(hi[a], st[a]);
  }
  uv.resize(count);
  for (std::size_t j = 0; j < count; ++j) {
    const double st[2] = {v[j].dot(s_axis), v[j].dot(t_axis)};
    for (int a = 0; a < 2; ++a) uv[j][a] = hi[a] > lo[a] ? float((st[a] - lo[a]) / (hi[a] - lo[a])) : 0.f;
  }
}

// @c(d): a disc of diameter d in the plane of H and L, centred at the turtle.
template <class Output>
inline void disc(const TurtleState& t, double d, std::uint32_t module, Output& out) {
  constexpr int kSides = 16;
  Vec3 v[kSides];
  for (int k = 0; k < kSides; ++k) {
    const double a = 2 * std::numbers::pi * k / kSides;
    v[k] = t.pos + (t.L * std::cos(a) + t.H * std::sin(a)) * (d / 2);
  }
  out.polygon(v, kSides, t.colour, module);
}

}  // namespace
}  // namespace lsd::interp
