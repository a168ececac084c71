// What a step conserves beyond its scheme: a free plant's momentum, and no
// energy made by the integrator (step.cpp applies both; docs/dynamics.md).
//
// Momentum. Joint-coordinate integrators conserve a free plant's momentum
// only to the order of the scheme: the velocities change in the Jacobians of
// the step's start (or prediction) while the pose moves on. A stiff joint
// released bent, turning 0.3 rad in one step of 1 ms, threw a free-falling
// plant 0.3 m/s (implicit Euler) to 0.7 m/s (generalized-alpha, whose history
// carries the release's accelerations into the next pose) off its fall,
// where the exact fall keeps v = -g t. So after each implicit step a floating
// base takes the velocity that gives the whole plant the momentum the
// external forces left it: P_{n+1} = P_n + h W (gravity at the mean centre of
// mass, external body forces, drag), a 6x6 solve with the plant's locked
// inertia. The internal motion is the step's; only the six base velocities
// change.
//
// Energy. The velocity products (Coriolis, centrifugal) are explicit in every
// scheme, and in joint coordinates none of them conserves energy: a limp
// 20-link chain released from 60 degrees gains 5% of its energy within 20 s
// even with the explicit scheme at 1e-4 s, and 140-370% at 1/60 s, where the
// whip of its free end reaches 500 rad/s. A guarded step (fast motion, see
// Options::fast_rate) measures the energy before and after; when it
// ends above the start plus the work the external sources did (body forces,
// joint torques, wind), the joint velocities are scaled down to that bound
// (Su, Sheth & Fedkiw 2013 restore energy the same way), keeping a free
// plant's momentum.
#pragma once

#include "dynamics/data.hpp"

namespace lsd::dyn {

// Linear momentum (kg m/s) and angular momentum about the world origin
// (kg m^2/s), with the mass-weighted sum of the com positions (kg m).
struct Momentum {
  Vec3 linear = Vec3::Zero();
  Vec3 angular = Vec3::Zero();
  Vec3 mass_com = Vec3::Zero();
};

// The momentum of the state in data (runs forward_kinematics).
Momentum momentum(const Model& model, Data& data);

// For a floating base: sets base_w and base_v so that the plant's momentum
// at its current pose is start + h x (the external wrench: gravity at the
// mean of start's and the current centre of mass, body forces, drag at the
// current velocities). Runs forward_kinematics. Other bases: nothing.
void conserve_momentum(const Model& model, Data& data, const Momentum& start, double h);

// The energy the guard keeps (J): kinetic, gravitational and elastic (joint,
// contact and tie springs: contact.hpp), in the
// frame of a kinematic base (with gravity less its acceleration), and the
// power (W) of the sources that may add energy: body forces, joint torques
// (data.tau) and the wind's push on the drag. Runs forward_kinematics.
struct EnergyBudget {
  double kinetic = 0, potential = 0, elastic = 0;
  double power = 0;
  double total() const { return kinetic + potential + elastic; }
};
EnergyBudget energy_budget(const Model& model, Data& data);

// After a step of h from a state with budget start: when the energy is above
// start's plus the work h (P_start + P_now) / 2, scales the joint velocities
// (the internal motion of a free plant, whose momentum is kept) so that it
// is not, or stops them when even that cannot. Returns the factor (1: none).
double limit_energy(const Model& model, Data& data, const EnergyBudget& start, double h);

}  // namespace lsd::dyn
