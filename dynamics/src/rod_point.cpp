#include "dynamics/src/rod_point.hpp"

#include <algorithm>

#include "dynamics/rod_element.hpp"

namespace lsd::dyn {
namespace {

void from_clothoid(const ClothoidSection& c, RodPoint& out) {
  out.g = c.pose;
  out.psi_start = c.jacobian.leftCols<3>();
  out.psi_own = c.jacobian.rightCols<3>();
  out.c = c.bias;
}

}  // namespace

void rod_point(const Rod& rod, const Vec3& start, const Vec3& start_rate, const Vec3& own, const Vec3& own_rate,
               double s, RodPoint& out) {
  if (rod.kind == ElementKind::kHelix) {
    const HelixSection h = helix_section(own, own_rate, s);
    out.g = h.pose;
    out.psi_own = h.jacobian;
    out.psi_start.setZero();
    out.c = h.bias;
    return;
  }
  if (!(rod.length > 0)) {  // a clothoid chain's first node: no length, its start frame
    out = RodPoint{};
    return;
  }
  from_clothoid(clothoid_section({rod.length, start, own, start_rate, own_rate}, s), out);
}

void rod_quadrature_points(const Rod& rod, const Vec3& start, const Vec3& start_rate, const Vec3& own,
                           const Vec3& own_rate, std::vector<RodQuadraturePoint>& out) {
  out.clear();
  if (!(rod.length > 0)) return;
  const bool helix = rod.kind == ElementKind::kHelix;
  const double turn = rod.length * (helix ? own.norm() : std::max(own.norm(), start.norm()));
  const RodQuadrature q = rod_quadrature(helix ? RodKind::kHelix : RodKind::kClothoid, turn);
  const int n = q.points();
  // (Scratch kept per thread: a pass allocates nothing once warm.)
  thread_local std::vector<double> s, w;
  thread_local std::vector<ClothoidSection> sections;
  s.resize(std::size_t(n));
  w.resize(std::size_t(n));
  rod_quadrature_points(q, rod.length, s, w);
  out.resize(std::size_t(n));
  for (int k = 0; k < n; ++k) {
    out[std::size_t(k)].s = s[std::size_t(k)];
    out[std::size_t(k)].w = w[std::size_t(k)];
  }
  if (helix) {
    for (RodQuadraturePoint& p : out) rod_point(rod, start, start_rate, own, own_rate, p.s, p.point);
    return;
  }
  sections.resize(std::size_t(n));
  clothoid_sections({rod.length, start, own, start_rate, own_rate}, s, sections);
  for (int k = 0; k < n; ++k) from_clothoid(sections[std::size_t(k)], out[std::size_t(k)].point);
}

}  // namespace lsd::dyn
