// State, inputs, outputs and scratch of a Model (MuJoCo's mjData). Allocated
// once by make_data(model); no algorithm allocates.
//
// Conventions.
// - Joint i (entry 0 unused): q[i] is the unit quaternion taking the joint
//   rest frame to body i's frame; w[i] is body i's angular velocity relative
//   to its parent, in body i's frame (rad/s).
// - Body velocities and accelerations (v, a) are spatial vectors in world-
//   aligned axes about the body's own origin (Pinocchio's LOCAL_WORLD_ALIGNED):
//   angular = angular velocity, linear = velocity of the body origin (world).
// - External forces are a sparse list of BodyForce: a world force applied at a
//   point fixed in the body (body-frame coordinates) plus a world torque.
#pragma once

#include <vector>

#include "dynamics/model.hpp"

namespace lsd::dyn {

// A force on one body: force (world, N) at point (body frame, m), plus torque
// (world, N m).
struct BodyForce {
  int body = 0;
  Vec3 force = Vec3::Zero();
  Vec3 point = Vec3::Zero();
  Vec3 torque = Vec3::Zero();
};

struct Data {
  // ---- State.
  std::vector<Quat> q;              // (nbody) joint rotation rest -> child; q[0] unused
  std::vector<Vec3> w;              // (nbody) rad/s, child relative to parent, child frame
  Quat base_q = Quat::Identity();   // base orientation in the world
  Vec3 base_p = Vec3::Zero();       // m, base origin in the world
  Vec3 base_w = Vec3::Zero();       // rad/s, base angular velocity, world axes (floating)
  Vec3 base_v = Vec3::Zero();       // m/s, velocity of the base origin, world (floating, kinematic)
  double time = 0.0;                // s

  // ---- Inputs.
  Vec3 base_acc = Vec3::Zero();     // m/s^2, world: prescribed acceleration of a kinematic base
  Vec3 wind = Vec3::Zero();         // m/s, world air velocity seen by the drag
  std::vector<Vec3> tau;            // (nbody) N m, applied joint torque, child frame (besides springs)
  std::vector<BodyForce> body_forces;  // sparse external forces (kept by the user)

  // ---- Outputs.
  std::vector<Vec3> dw;             // (nbody) rad/s^2, joint angular acceleration, child frame
  Vec3 base_dw = Vec3::Zero();      // rad/s^2, world (floating base)
  Vec3 base_dv = Vec3::Zero();      // m/s^2, world acceleration of the base origin
  std::vector<SE3> oMi;             // (nbody) body i in the world (set by forward_kinematics, aba)
  std::vector<Motion> v;            // (nbody) body velocity, world axes about the body origin
  double kinetic_energy = 0.0;      // J   (compute_energies)
  double potential_energy = 0.0;    // J, gravitational, zero at world origin height
  double elastic_energy = 0.0;      // J, joint springs 1/2 r^T K r
  int first_nonfinite_joint = -1;   // check_state: first diverged joint (0 = base), -1 if fine

  // ---- Scratch of aba (world axes about each body origin).
  // One packed 256-byte record per body (4 cache lines), so that the two
  // sweeps after the pose sweep stream through a single contiguous array
  // (nothing is allocated per step). A body's own inertia, bias force and
  // joint terms are not stored: the backward sweep computes them in
  // registers from the model, q, w, tau, oMi and v.
  struct alignas(64) AbaBody {
    // s[0..26], backward-sweep input: the sum of the children's articulated
    // inertias (s[0..20]) and bias forces (s[21..26], angular; linear), moved
    // to this body's origin (and any body_forces); valid only when the body
    // has children or forces (see aba_link). Symmetric blocks stored once:
    // s[0..5] angular-angular A (xx, yy, zz, xy, xz, yz, kg m^2), s[6..14]
    // angular-linear B (row-major, kg m), s[15..20] linear-linear M (kg).
    // Backward-sweep output, read by the forward sweep: Y = D^-1 U^T
    // (s[0..17], row-major 3x6), D^-1 u (s[18..20]), the velocity-product
    // acceleration c = v x (S w) (s[21..26], angular; linear) and
    // r = o_i - o_parent (s[27..29], world, m). Forward-sweep output: the
    // body's (gravity-shifted) acceleration (s[24..29], angular; linear),
    // stored only when a child other than the next body needs it.
    double s[32];
  };
  std::vector<AbaBody> aba_body;    // (nbody)
  // (nbody) Per step: the last child of each body (0: none), with bit 30
  // set when body_forces preset the body's record; tells the backward sweep
  // whether a record holds anything and which child initialises its parent's.
  std::vector<int> aba_link;
  std::vector<Vec6> a;              // (nbody) body acceleration (gravity-shifted), set by aba()
};

// A Data sized for the model, at rest (q = identity, w = 0), base at the origin.
Data make_data(const Model& model);

}  // namespace lsd::dyn
