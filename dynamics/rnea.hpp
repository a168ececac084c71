// Recursive Newton-Euler (RBDA Table 5.1) and the composite-rigid-body
// algorithm (Table 6.2), written independently of aba.cpp: body-fixed
// coordinates and dense 6x6 Plücker matrices. They serve the tests (ABA
// against an O(n^3) solve) and are not optimised.
//
// Generalised velocities (Model::nv() entries): for a floating base first 6
// entries, the base's spatial velocity in world axes about its origin
// (base_w; base_v); then 3 per joint i = 1..n-1, w_i in the child frame.
// Generalised accelerations use the same coordinates; for the floating base
// that is the spatial acceleration (base_dw; base_dv - base_w x base_v).
#pragma once

#include <Eigen/Core>

#include "dynamics/data.hpp"

namespace lsd::dyn {

// tau = M(q) a + b(q, w): the generalised force that produces accelerations
// a under gravity and the velocity products alone (no springs, dampers,
// drag or body forces). A fixed or kinematic base moves as in Data.
Eigen::VectorXd rnea(const Model& model, const Data& data, const Eigen::VectorXd& a);

// The joint-space inertia matrix M(q) (nv x nv, symmetric positive definite).
Eigen::MatrixXd crba(const Model& model, const Data& data);

// Packs / unpacks the generalised velocity and acceleration vectors.
Eigen::VectorXd joint_velocities(const Model& model, const Data& data);
Eigen::VectorXd joint_accelerations(const Model& model, const Data& data);  // from aba's output

}  // namespace lsd::dyn
