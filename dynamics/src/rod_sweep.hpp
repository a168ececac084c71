// The curved elements' parts of the articulated-body passes (aba_kernel.inc
// calls them for the nodes that are elements; docs/dynamics.md, "Curved
// rods"). World axes about each point, gravity-shifted accelerations, as in
// the kernel.
//
// An element generalises a joint and its body (seed 000's recursion): its
// points along the centreline (Gauss-Legendre sections, each a slice of
// mass with the cross-section's rotational inertia) and its end, where its
// children hang, move with its start frame and its node rates x:
//   a_j = X(r_j) (a_start + phi_j x + c'_j),
// so the backward sweep sums their inertias and bias forces at the start,
// eliminates x (a 3x3 solve with the implicit elastic and friction blocks:
// D x = u - U^T a_start) and hands the articulated inertia and bias at the
// start to the parent, as a joint's projection does. A clothoid's points
// also move with its start node's rate, the previous element's own: that
// coupling (E, G, h) goes to the previous element with the inertia (an
// interface of 9 instead of 6).
#pragma once

#include <vector>

#include "dynamics/aba.hpp"

namespace lsd::dyn {

// Sweep 1: element i's start frame from its parent's pose and velocity, its
// end frame into data.oMi[i] and its velocity into data.v[i] (and v_end[i]
// when guessed), at the pass's curvatures and rates (data.rod_kappa,
// rod_rate, rod_rate_end, which the kernel sets first).
void rod_pose(const Model& model, Data& data, int i, bool guessed);

// Sweep 2: element i's articulated inertia and bias at its parent's origin,
// given its children's (and its end's forces) at its end. The loads for the
// geometric stiffness: what its children carry, acting at its end, and its
// own weight at its centre of mass (arms from its start, which is arm_start
// from the parent's origin).
struct RodPart {
  Mat6 inertia = Mat6::Zero();
  Vec6 bias = Vec6::Zero();
  Vec3 weight = Vec3::Zero(), weight_arm = Vec3::Zero();  // N, m
  Vec3 end_arm = Vec3::Zero();                            // m: o_end - o_start
  Vec3 start_arm = Vec3::Zero();                          // m: o_start - o_parent
};
void rod_backward(const Model& model, Data& data, int i, const StepTerms& t, const Mat6& end_inertia,
                  const Vec6& end_bias, RodPart& out);

// Sweep 3: element i's node acceleration (into data.rod_acc[i] and acc) and
// its end's acceleration, given its parent's (about the parent's origin).
Vec6 rod_forward(const Model& model, Data& data, int i, const Vec6& a_parent, Vec3& acc);

}  // namespace lsd::dyn

namespace lsd::dyn {

// The section at arc length s of element i in the pass (after rod_pose):
// its pose (world) into pose, its velocity (world axes about its origin).
Motion rod_section(const Model& model, const Data& data, int i, double s, SE3& pose);

// The arc length along its element of the point p (world) of a piece of
// its tube (Capsule::s0), from where p lies along the piece's ends in the
// pass (Data::rod_capsule, at the pose oMi of the element).
double rod_capsule_arc(const Model& model, const Data& data, int capsule, const SE3& oMi, const Vec3& p);

// Pairs (contact.hpp, "Pairs") whose path crosses element i: a side's unit
// forces (columns) through the element toward its parent's origin. W: the
// forces (6 x cols: torque rows about the point, then force rows, world) at
// its section s (s < 0: its end, where its children hang); G: generalised
// forces on its own node (3 x cols: from a continuing clothoid, else zero).
// Gives the node's forces u = psi^T W + G and D^-1 u, and leaves W at the
// parent's origin and G on the parent's node (a clothoid's start node;
// zero otherwise).
void rod_pair_step(const Model& model, const Data& data, int i, double s, int cols, double (&W)[6][6],
                   double (&G)[3][6], double (&u)[3][6], double (&du)[3][6]);

// Element i's acceleration on a pair's path (sweep 3's recursion without
// writing the pass's scratch), given its parent's and its start node's
// acceleration: its node's into x, and the acceleration of its section s
// (s < 0: its end), about the section's origin.
Vec6 rod_path_acceleration(const Model& model, const Data& data, int i, const Vec6& a_parent, const Vec3& x_start,
                           Vec3& x, double s = -1);

// The pass's origin of element i's section s (s < 0: its end), world.
Vec3 rod_point_origin(const Model& model, const Data& data, int i, double s);

// The pieces of the elements' tubes (Data::rod_capsule) at the state's
// curvatures (the contact search at the state's pose reads them).
void rod_state_capsules(const Model& model, Data& data);

// The velocity (world) of the centre of element i's section s at the
// state's curvatures and rates, its parent at pose oMp moving at vp.
Vec3 rod_state_point_velocity(const Model& model, const Data& data, int i, double s, const SE3& oMp,
                              const Motion& vp);

// The state's (not a pass's) end frame and velocity of element i from its
// parent's pose oMp and velocity vp (forward_kinematics, body_poses).
void rod_state_pose(const Model& model, const Data& data, int i, const SE3& oMp, const Motion* vp, SE3& oMe,
                    Motion* ve);

// A slice of an element at the state (after forward_kinematics): its mass,
// centre of mass, its velocity, its rotational inertia and angular velocity,
// world; the slices of an element integrate its inertia exactly.
struct RodSlice {
  double mass = 0;
  Vec3 com = Vec3::Zero(), velocity = Vec3::Zero();
  Mat3 inertia = Mat3::Zero();
  Vec3 angular = Vec3::Zero();
  double drag = 0;  // N s/m
};
void rod_slices(const Model& model, const Data& data, int i, std::vector<RodSlice>& out);

// The elastic energy of element i at the state (J).
double rod_elastic_energy(const Model& model, const Data& data, int i);

}  // namespace lsd::dyn
