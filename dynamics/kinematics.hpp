// Poses, velocities, energies, the divergence check and the per-joint subtree
// inertia: everything about the current state that is not dynamics.
#pragma once

#include <vector>

#include "common/limits.hpp"
#include "dynamics/data.hpp"

namespace lsd::dyn {

// The base's spatial velocity (world axes, about the base origin) for its kind.
Motion base_velocity(const Model& model, const Data& data);

// oMi and v of every body from q, w and the base state.
void forward_kinematics(const Model& model, Data& data);

// The poses alone (oMi) from q and the base state into out (resized): the
// very numbers forward_kinematics gives.
void body_poses(const Model& model, const Data& data, std::vector<SE3>& out);

// Kinetic, gravitational (zero at world y = 0 for the default gravity: the
// potential is -m g . x_com) and elastic (1/2 r^T K r) energies into data.
// Runs forward_kinematics first.
void compute_energies(const Model& model, Data& data);

// Sets and returns data.first_nonfinite_joint: the first joint whose q or w is
// not finite or whose |w| exceeds max_angular_velocity (rad/s); 0 for the
// base; -1 when the state is fine.
int check_state(const Model& model, Data& data, double max_angular_velocity = limits::kAngularVelocity);

// For every joint i (entry 0: the whole tree about the base origin, in base
// axes), the 3x3 rotational inertia (kg m^2) about the joint point, in the
// joint's current frame (= body i's axes), of everything the joint carries:
// its subtree as one rigid body in the current pose. Runs forward_kinematics.
std::vector<Mat3> subtree_joint_inertias(const Model& model, Data& data);

}  // namespace lsd::dyn
