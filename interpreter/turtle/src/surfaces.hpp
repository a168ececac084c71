// cpfg's predefined surfaces `~X` (docs/language.md 9.2): the view file's
// bicubic patches placed in the turtle's frame.
// A private header of the walk, which only turtle.cpp includes (see there).
#pragma once
#include <algorithm>
#include <array>
#include <vector>

#include "interpreter/turtle/src/walker.hpp"

namespace lsd::interp {
namespace {

// The Bernstein cubics at u.
inline std::array<double, 4> bernstein(double u) {
  const double w = 1 - u;
  return {w * w * w, 3 * u * w * w, 3 * u * u * w, u * u * u};
}

// ~X(sx,sy,sz): the predefined surface X of the view file (bicubic patches,
// each drawn as s x t precision quads), placed in the turtle's frame as cpfg
// places it (patches.c, rayshade.c): its x, y, z along L, H and cpfg's up
// vector, which is lsd's -U (cpfg's turtle starts with U = (0, 0, -1)),
// scaled by sx, sy, sz and the turtle scale; sx = 0 draws nothing. The turtle then moves to the
// surface's end point scaled by sx along all three. A surface the view file
// does not define draws nothing. Its texture (the surface line's, else the
// turtle's) is mapped once over the whole surface's extent in L and H (a
// texture with S:), else once on each patch.
template <class Output>
inline void surface(Turtle& tu, SymbolId id, const double* p, int np, const WalkConstants& k, std::uint32_t module,
                    Output& out) {
  if (!k.cpfg || id >= 128) return;
  const auto it = k.cpfg->surfaces.find(char(id));
  if (it == k.cpfg->surfaces.end()) return;
  const CpfgSurface& sf = it->second;
  const TurtleState& t = tu.state;
  const Vec3 scale = t.scale * (np == 0 ? Vec3(1, 1, 1) : np < 3 ? Vec3(p[0], p[0], p[0]) : Vec3(p[0], p[1], p[2]));
  auto place = [&](const Vec3& q, const Vec3& sc) {
    return t.pos + t.L * (q.x() * sc.x()) + t.H * (q.y() * sc.y()) - t.U * (q.z() * sc.z());
  };
  const Vec3 end = place(sf.end, Vec3::Constant(scale.x()));
  if (scale.x() == 0) {
    tu.state.pos = end;
    return;
  }
  const int n = std::max(1, sf.s_precision), m = std::max(1, sf.t_precision);
  const std::size_t per = std::size_t((n + 1) * (m + 1));
  // the points of every patch in the surface's own axes, patch after patch
  std::vector<Vec3> local(per * sf.patches.size());
  Eigen::Vector2d lo(1e300, 1e300), hi(-1e300, -1e300);
  for (std::size_t patch = 0; patch < sf.patches.size(); ++patch)
    for (int a = 0; a <= n; ++a)
      for (int b = 0; b <= m; ++b) {
        const auto bu = bernstein(double(a) / n), bv = bernstein(double(b) / m);
        Vec3 q = Vec3::Zero();
        for (int r = 0; r < 4; ++r)
          for (int c = 0; c < 4; ++c)
            q += bu[std::size_t(r)] * bv[std::size_t(c)] * sf.patches[patch][std::size_t(4 * r + c)];
        local[patch * per + std::size_t(a * (m + 1) + b)] = q;
        lo = lo.cwiseMin(q.head<2>());
        hi = hi.cwiseMax(q.head<2>());
      }
  const int texture = sf.texture >= 0 ? sf.texture : t.texture;
  const Texture* tex = k.texture(texture);
  auto texel = [&](std::size_t patch, int a, int b) -> Vec2f {
    if (!tex->per_surface) return Vec2f(float(a) / float(n), float(b) / float(m));
    const Vec3& q = local[patch * per + std::size_t(a * (m + 1) + b)];
    const Eigen::Vector2d span = (hi - lo).cwiseMax(1e-300);
    return Vec2f(float((q.x() - lo.x()) / span.x()), float((q.y() - lo.y()) / span.y()));
  };
  for (std::size_t patch = 0; patch < sf.patches.size(); ++patch)
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < m; ++b) {
        const std::size_t i0 = patch * per + std::size_t(a * (m + 1) + b), i1 = i0 + std::size_t(m + 1);
        const Vec3 quad[4] = {place(local[i0], scale), place(local[i1], scale), place(local[i1 + 1], scale),
                              place(local[i0 + 1], scale)};
        if (!tex) {
          out.polygon(quad, 4, t.colour, module);
          continue;
        }
        const Vec2f uv[4] = {texel(patch, a, b), texel(patch, a + 1, b), texel(patch, a + 1, b + 1), texel(patch, a, b + 1)};
        out.polygon(quad, 4, t.colour, module, nullptr, uv, texture);
      }
  tu.state.pos = end;
}

}  // namespace
}  // namespace lsd::interp
