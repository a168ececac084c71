// The kinematics of a point of a curved element (rod.hpp), relative to the
// element's start frame, and the quadrature along an element.
#pragma once

#include "dynamics/rod.hpp"

namespace lsd::dyn {

using Mat63 = Eigen::Matrix<double, 6, 3>;

// The point at arc length s of an element whose start node is `start` and
// whose own node is `own` (a helix reads own only): its pose g in the start
// frame; its body velocity relative to the start frame per unit rate of the
// own node (psi_own) and of the start node (psi_start, clothoid), angular;
// linear in its own axes; and the velocity product c = (d psi / dt) rates,
// so that the body acceleration relative to the start frame is
// psi_own d(own rate)/dt + psi_start d(start rate)/dt + c.
struct RodPoint {
  SE3 g;
  Mat63 psi_own = Mat63::Zero(), psi_start = Mat63::Zero();
  Vec6 c = Vec6::Zero();
};
void rod_point(const Rod& rod, const Vec3& start, const Vec3& start_rate, const Vec3& own, const Vec3& own_rate,
               double s, RodPoint& out);

// Gauss-Legendre points along an element: n nodes in [0, 1] and weights
// summing to 1, enough that the integrals over the element (its inertia,
// weight, bias forces) are exact to rounding at the largest turn l |Omega|
// of its two nodes (rad).
struct Quadrature {
  int n = 0;
  const double* node = nullptr;
  const double* weight = nullptr;
};
Quadrature rod_quadrature(double turn);

}  // namespace lsd::dyn
