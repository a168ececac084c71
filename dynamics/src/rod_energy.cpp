// Elastic energy, internal friction and section inertia of a rod element
// (dynamics/rod_element.hpp; docs/dynamics.md, "Curved rods: one element").
#include <numbers>

#include "dynamics/rod_element.hpp"

namespace lsd::dyn {

Vec3 rod_stiffness(double radius, double young, double poisson) {
  const double r4 = radius * radius * radius * radius;
  const double bending = young * std::numbers::pi * r4 / 4.0;           // E I
  const double shear = young / (2.0 * (1.0 + poisson));                  // G
  return {shear * std::numbers::pi * r4 / 2.0, bending, bending};        // (G J, E I, E I)
}

Inertia rod_section_inertia(double radius, double density) {
  const double area = std::numbers::pi * radius * radius;
  const double second = area * radius * radius / 4.0;  // I = π r⁴/4, J = 2 I
  Inertia in;
  in.mass = density * area;
  in.rot = Vec3(2.0 * density * second, density * second, density * second).asDiagonal();
  return in;
}

double helix_energy(double length, const Vec3& stiffness, const Vec3& q, const Vec3& rest) {
  const Vec3 d = q - rest;
  return 0.5 * length * d.dot(stiffness.cwiseProduct(d));
}

Vec3 helix_energy_gradient(double length, const Vec3& stiffness, const Vec3& q, const Vec3& rest) {
  return length * stiffness.cwiseProduct(q - rest);
}

Mat3 helix_energy_hessian(double length, const Vec3& stiffness) { return length * stiffness.asDiagonal().toDenseMatrix(); }

// ∫₀¹ (1−σ)² = ∫₀¹ σ² = 1/3, ∫₀¹ σ(1−σ) = 1/6: the affine difference
// Ω − Ω⁰ = (1−σ) d0 + σ d1 gives K = l [[C/3, C/6], [C/6, C/3]].
Vec6x6 clothoid_energy_hessian(double length, const Vec3& stiffness) {
  const Mat3 c = stiffness.asDiagonal();
  Vec6x6 k;
  k << c / 3.0, c / 6.0, c / 6.0, c / 3.0;
  return length * k;
}

Vec6 clothoid_energy_gradient(double length, const Vec3& stiffness, const Vec6& q, const Vec6& rest) {
  return clothoid_energy_hessian(length, stiffness) * (q - rest);
}

double clothoid_energy(double length, const Vec3& stiffness, const Vec6& q, const Vec6& rest) {
  const Vec6 d = q - rest;
  return 0.5 * d.dot(clothoid_energy_hessian(length, stiffness) * d);
}

}  // namespace lsd::dyn
