// A point of a curved element (rod.hpp) for the articulated passes: its
// kinematics relative to the element's start frame (rod_element.hpp's
// closed-form helix and power-series clothoid, docs/dynamics.md "Curved rods:
// one element"), and the quadrature along the element.
#pragma once

#include <vector>

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

// The points of an element's quadrature (rod_quadrature: exact to rounding
// for its largest turn l |Omega| over both nodes), each with its arc length
// s, its weight w (m; they sum to the length) and its point; a clothoid's
// found in one march along the element.
struct RodQuadraturePoint {
  double s = 0, w = 0;
  RodPoint point;
};
void rod_quadrature_points(const Rod& rod, const Vec3& start, const Vec3& start_rate, const Vec3& own,
                           const Vec3& own_rate, std::vector<RodQuadraturePoint>& out);

}  // namespace lsd::dyn
