// One curved rod element (docs/dynamics.md, "Curved rods: one element"): an
// inextensible, unshearable Kirchhoff rod piece whose material frame turns
// along it at the Darboux vector Ω = (t, k1, k2) (1/m, material frame H = x,
// L = y, U = z): R'(s) = R(s)[Ω(s)]×, p'(s) = R(s) e_x, g(0) = identity.
//
// - helix (seed 000): Ω constant on the element, q = Ω (n = 3);
//   g(s) = exp(s ξ^), ξ = (Ω; e_x), in closed form.
// - clothoid (seed 002): Ω affine, Ω(s) = Ω0 + (s/l)(Ω1 − Ω0), q = (Ω0, Ω1)
//   (n = 6), its two end nodes; power series summed on short pieces.
//
// For a rate q̇ the body velocity of the section at s relative to the
// element's start frame is V(s) = Ψ(s) q̇ (angular; linear, in the section's
// own frame), and its acceleration d/dt V = Ψ(s) q̈ + c(s): RodSection holds
// g(s), Ψ(s) and c(s), exact to rounding for any q and q̇.
#pragma once

#include <span>

#include "dynamics/spatial.hpp"

namespace lsd::dyn {

// The section at arc length s of an element with n = N curvature states.
template <int N>
struct RodSection {
  SE3 pose;                                     // g(s): the section in the element's start frame
  Eigen::Matrix<double, 6, N> jacobian;         // Ψ(s): V(s) = Ψ(s) q̇ (rad/s; m/s per 1/(m s))
  Vec6 bias = Vec6::Zero();                     // c(s) = (dΨ/dt) q̇: rad/s², m/s²
};
using HelixSection = RodSection<3>;
using ClothoidSection = RodSection<6>;
using Vec6x6 = Eigen::Matrix<double, 6, 6>;

// --- Helix (rod_helix.cpp) -------------------------------------------------

// g(s) for the constant Darboux vector omega (1/m), any s >= 0.
SE3 helix_pose(const Vec3& omega, double s);
// g(s), Ψ(s) (6x3) and c(s) for the rate omega_rate (1/(m s)).
HelixSection helix_section(const Vec3& omega, const Vec3& omega_rate, double s);

// --- Clothoid (rod_clothoid.cpp) -------------------------------------------

// An element of length l whose Darboux vector runs affinely from omega0 at
// s = 0 to omega1 at s = l; rate0, rate1 are the nodes' rates.
struct ClothoidElement {
  double length = 0;                            // m
  Vec3 omega0 = Vec3::Zero(), omega1 = Vec3::Zero();  // 1/m
  Vec3 rate0 = Vec3::Zero(), rate1 = Vec3::Zero();    // 1/(m s)
};

// g(s) of the element (rates unused).
SE3 clothoid_pose(const ClothoidElement& e, double s);
// The sections at the increasing arc lengths s[i] (0 <= s[i] <= length),
// found in one march from s = 0; out.size() == s.size(). Returns the number
// of series pieces summed (the cost, docs/dynamics.md).
int clothoid_sections(const ClothoidElement& e, std::span<const double> s, std::span<ClothoidSection> out);
ClothoidSection clothoid_section(const ClothoidElement& e, double s);

// --- Quadrature over an element (rod_quadrature.cpp) -----------------------

enum class RodKind { kHelix, kClothoid };

// Composite Gauss–Legendre: `panels` equal panels of `order` points each.
struct RodQuadrature {
  int panels = 1;
  int order = 1;
  int points() const { return panels * order; }
};

// The rule that integrates products of an element's section quantities
// (g, Ψ, c: mass moments, Ψᵀ M Ψ, Ψᵀ M Ad, Ψᵀ (M c + V ×* M V)) over the
// element to 1e-14 of the integral of their norm, for l_theta = l·max|Ω|
// over the element (measured: docs/dynamics.md).
RodQuadrature rod_quadrature(RodKind kind, double l_theta);
// Its points s (increasing) and weights w on [0, length]; both spans hold
// q.points() values.
void rod_quadrature_points(const RodQuadrature& q, double length, std::span<double> s, std::span<double> w);

// --- Elastic energy and internal friction (rod_energy.cpp) -----------------

// C = diag(G J, E I, E I) (N m²): J = π r⁴/2, I = π r⁴/4, G = E/(2(1 + ν)).
Vec3 rod_stiffness(double radius, double young, double poisson);
// The section per unit length as a spatial inertia about its centre, in its
// own frame: mass ρπr² (kg/m), rotational ρ·(J, I, I) (kg m), so the twist
// of an element always carries inertia.
Inertia rod_section_inertia(double radius, double density);

// Helix: U = ½ l (q − q⁰)ᵀ C (q − q⁰), its gradient and Hessian l C.
double helix_energy(double length, const Vec3& stiffness, const Vec3& q, const Vec3& rest);
Vec3 helix_energy_gradient(double length, const Vec3& stiffness, const Vec3& q, const Vec3& rest);
Mat3 helix_energy_hessian(double length, const Vec3& stiffness);

// Clothoid: U = ½ ∫ (Ω(s) − Ω⁰(s))ᵀ C (Ω(s) − Ω⁰(s)) ds with Ω and the rest
// Ω⁰ affine between the nodes, q = (Ω0, Ω1), rest = (Ω⁰0, Ω⁰1): exactly
// ½ (q − q⁰)ᵀ K (q − q⁰), K = l [[C/3, C/6], [C/6, C/3]] (seed 002, eq. 8).
double clothoid_energy(double length, const Vec3& stiffness, const Vec6& q, const Vec6& rest);
Vec6 clothoid_energy_gradient(double length, const Vec3& stiffness, const Vec6& q, const Vec6& rest);
Vec6x6 clothoid_energy_hessian(double length, const Vec3& stiffness);

// Internal friction (seed 000, §4.5: "adding the term −ν K κ̇ into the final
// linear system"): stiffness-proportional, the Rayleigh dissipation
// D = ½ γ q̇ᵀ K q̇ with K the energy's Hessian and γ (s) the stiffness
// damping; the generalised force is −∂D/∂q̇ = −γ K q̇.
template <class Vec, class Mat>
Vec rod_friction_force(double gamma, const Mat& hessian, const Vec& q_rate) {
  return -gamma * (hessian * q_rate);
}
template <class Vec, class Mat>
double rod_dissipation(double gamma, const Mat& hessian, const Vec& q_rate) {
  return 0.5 * gamma * q_rate.dot(hessian * q_rate);
}

}  // namespace lsd::dyn
