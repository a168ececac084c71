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

#include <array>
#include <iterator>
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

// What a contact force acts against: an obstacle (the first three, in the
// order of ObstacleKind), another body of the plant, a tie's anchor, the
// other body of a graft (a pin) or of a weld, or a ring.
enum class ContactKind { kGround, kPole, kSphere, kSelf, kTie, kGraft, kWeld, kRing };
static_assert(int(ContactKind::kGround) == int(ObstacleKind::kGround) &&
              int(ContactKind::kPole) == int(ObstacleKind::kPole) &&
              int(ContactKind::kSphere) == int(ObstacleKind::kSphere));
// Its name (the kind column of lsd run --contacts): the one table of names.
inline constexpr const char* kContactKindNames[] = {"ground", "pole", "sphere", "self",
                                                    "tie",    "graft", "weld", "ring"};
static_assert(std::size(kContactKindNames) == std::size_t(ContactKind::kRing) + 1);
inline const char* contact_kind_name(ContactKind k) { return kContactKindNames[int(k)]; }

// A contact or tie force on a body (contact.hpp): the force at point is
// normal_force along normal plus tangential. A graft or weld's row is its
// pull on body (normal: the unit force; the other body takes the opposite);
// a ring's, its hold on the stem (normal: the unit force, across the stem)
// with the friction along it in tangential.
struct ContactForce {
  int body = 0;
  int other = -1;                   // the other body of a self contact, graft or weld, else -1
  ContactKind kind = ContactKind::kGround;
  Vec3 point = Vec3::Zero();        // m, world
  Vec3 normal = Vec3::Zero();       // unit, world: out of the obstacle (tie: toward the anchor)
  double normal_force = 0;          // N, >= 0 for contact
  Vec3 tangential = Vec3::Zero();   // N, world: friction
};

// A touching point found by contact's narrow phase: body (and other, for
// self contact) overlap by depth along normal (out of the obstacle or the
// other body), at point (world); cap is the depth the spring stops at.
// Which touch it is: capsule (an index into ContactModel::capsules) and
// feature, 2 o + e for end e (0 at the ground, or the one point tested
// against a pole or a sphere) against obstacle o, or -1 - j against capsule
// j (self contact, j > capsule), so that a near touch can be found again at
// another pose (contact.hpp, redo_contact_pass). A speculative touch is one
// the pass takes before its capsules meet (or within the touch skin): depth
// is then minus the gap, and its force may pull.
struct ContactTouch {
  ContactKind kind = ContactKind::kGround;
  int body = 0, other = -1;
  int capsule = 0, feature = 0;
  bool speculative = false;
  Vec3 point = Vec3::Zero(), normal = Vec3::Zero();
  double depth = 0, cap = 0;
};

// One contact or tie point of a pass (contact.hpp), as the backward sweep
// adds it to its body: the arm r from the body's origin to the point, the
// implicit matrix S = a I + b n n^T that enters the body's spatial inertia
// as Jp^T S Jp (the sweep builds that 6x6 term in its own registers), and
// the force f (world, with the gravity shift). A body's points are chained
// from Data::contact_slot through next.
struct ContactPoint {
  int body = 0;
  int next = -1;  // the body's next point, or -1
  double a = 0, b = 0;
  Vec3 r = Vec3::Zero(), n = Vec3::Zero(), f = Vec3::Zero();
  double s = -1;  // on a curved element: the arc length of the section the point rides on (r from its
                  //   origin); -1: the body frame (an element's end)
};

// A coupling of two bodies in a pass (contact.hpp, "Pairs"): a graft's pin
// (3 rows), a weld (6: the pin and the relative rotation) or a self contact
// (3). Body a takes the force (and torque) f - S (J a), b the opposite, where
// J a is the relative acceleration of the two points (a's less b's; with a
// weld also of the two bodies' rotations) and S the implicit matrix; the
// step solves for them exactly through the tree, both sides together.
struct PairRow {
  ContactKind kind = ContactKind::kSelf;
  int body_a = 0, body_b = 0;
  int rows = 3;                     // 3, or 6 for a weld
  Vec3 point = Vec3::Zero();        // m, world: where both take the force
  Vec3 point_b = Vec3::Zero();      // m, world: b's point (a graft's two points may be apart)
  double s_a = -1, s_b = -1;        // on a curved element: the section each point rides on (ContactPoint::s)
  Mat3 s_lin = Mat3::Zero(), s_ang = Mat3::Zero();  // implicit matrices (N/m, N m/rad: times the pass's coefficients)
  Vec3 f_lin = Vec3::Zero(), f_ang = Vec3::Zero();  // N, N m: on a at the pass's pose and velocity
  Vec3 out_lin = Vec3::Zero(), out_ang = Vec3::Zero();  // the step's force on a, solved (N, N m)
};

struct Data {
  // ---- State.
  std::vector<Quat> q;              // (nbody) joint rotation rest -> child; q[0] unused
  std::vector<Vec3> w;              // (nbody) rad/s, child relative to parent, child frame
  Quat base_q = Quat::Identity();   // base orientation in the world
  Vec3 base_p = Vec3::Zero();       // m, base origin in the world
  Vec3 base_w = Vec3::Zero();       // rad/s, base angular velocity, world axes (floating)
  Vec3 base_v = Vec3::Zero();       // m/s, velocity of the base origin, world (floating, kinematic)
  // Curved elements (rod.hpp): node i's curvature state (1/m); its rate is
  // w[i] (1/(m s)), its acceleration dw[i]. Entries of rigid bodies unused.
  std::vector<Vec3> kappa;          // (nbody, or empty without elements)

  // ---- Inputs.
  Vec3 wind = Vec3::Zero();         // m/s, world air velocity seen by the drag (Model::drag)
  Vec3 base_acc = Vec3::Zero();     // m/s^2, world: prescribed acceleration of a kinematic base
  std::vector<Vec3> tau;            // (nbody) N m, applied joint torque, child frame (besides springs)
  std::vector<BodyForce> body_forces;  // sparse external forces (kept by the user)

  // ---- Outputs.
  std::vector<Vec3> dw;             // (nbody) rad/s^2, joint angular acceleration, child frame
                                    //   (generalized-alpha's history too: leave it between steps)
  Vec3 base_dw = Vec3::Zero();      // rad/s^2, world (floating base)
  Vec3 base_dv = Vec3::Zero();      // m/s^2, world acceleration of the base origin
  std::vector<SE3> oMi;             // (nbody) body i in the world (set by forward_kinematics, aba)
  std::vector<Motion> v;            // (nbody) body velocity, world axes about the body origin
  double kinetic_energy = 0.0;      // J   (compute_energies)
  double potential_energy = 0.0;    // J, gravitational, zero at world origin height
  double elastic_energy = 0.0;      // J, joint springs 1/2 r^T K r
  int first_nonfinite_joint = -1;   // check_state: first diverged joint (0 = base), -1 if fine
  int substeps = 1;                 // the passes the last step took (max_turn, or a tolerance); 1 before one

  // ---- History of the generalized-alpha integrator (step.hpp: Integrator::kImplicit).
  // The algorithmic accelerations of the last step; its true ones are dw
  // (and a floating base's below). Invalid after make_data: the next step then
  // starts them from the accelerations of the current state.
  std::vector<Vec3> alpha_a;        // (nbody) rad/s^2, joints, child frame; entry 0 unused
  // A floating base's spatial acceleration (angular; linear, of its origin),
  // in its own axes: algorithmic and true.
  Vec3 alpha_base_aw = Vec3::Zero(), alpha_base_av = Vec3::Zero();
  Vec3 alpha_base_dw = Vec3::Zero(), alpha_base_dv = Vec3::Zero();
  bool alpha_valid = false;

  // ---- Scratch of step: a bound on each body's angular speed in the world
  // (rad/s), the sum of |w| from the base (step.cpp, fastest_spin).
  std::vector<double> spin_bound;   // (nbody)
  // The state a guarded step began from (step.cpp, retake): a step that
  // makes more energy than its guard can take back is taken again from it.
  std::vector<Quat> retake_q;       // (nbody)
  std::vector<Vec3> retake_w, retake_kappa;  // (nbody; kappa: with curved elements)
  Quat retake_base_q = Quat::Identity();
  Vec3 retake_base_p = Vec3::Zero(), retake_base_w = Vec3::Zero(), retake_base_v = Vec3::Zero();
  long long retakes = 0;             // steps taken again so far (a statistic)

  // ---- Scratch of aba (world axes about each body origin).
  // One packed 192-byte record per body (3 cache lines) carries the backward
  // sweep's results to the forward sweep; the two sweeps after the pose sweep
  // stream through it. A body's own inertia, bias force and joint terms are
  // not stored: the backward sweep computes them in registers from the
  // model, q, w, tau, oMi and v, and the forward sweep recomputes the
  // velocity-product term from v and w.
  struct alignas(64) AbaBody {
    // Rows k = 0, 1, 2 of Y = D^-1 U^T (3x6) in s[8k..8k+2] and
    // s[8k+4..8k+6], with (D^-1 u)_k in s[8k+3] and r_k = (o_i - o_parent)_k
    // (world, m) in s[8k+7]. In the forward sweep a branch point then keeps
    // its acceleration (angular; linear) in s[0..5] for its other children.
    double s[24];
  };
  std::vector<AbaBody> aba_body;    // (nbody)
  // A body's first child, the next body visited by the backward sweep, hands
  // its articulated inertia and bias force over in registers. The other
  // children of a branch point sum theirs in a slot taken from a stack of
  // free slots and given back at the branch point's turn, so that in a
  // depth-first tree the slots in use stay few and in cache. One slot: the
  // columns of A (kg m^2), the rows of B (kg m), the columns of M (kg), the
  // bias force (N m; N) and the load (N), each 4 doubles (the 4th zero).
  struct alignas(64) AbaSum {
    double s[48];
  };
  std::vector<AbaSum> aba_sum;      // (number of branch points, at least 1)
  std::vector<int> aba_free;        // (size of aba_sum) stack of free slots
  // (nbody) Per step: bit 29 says the body has a child other than the next
  // body, bit 30 that it has body_forces (see aba_fext), bit 27 that it has
  // contact terms, bit 28 that its children sum in slot (bits 0..26) of aba_sum.
  std::vector<int> aba_link;
  std::vector<Vec6> aba_fext;       // (nbody) sum of body_forces (torque; force), per step
  std::vector<Vec6> a;              // (nbody) body acceleration (gravity-shifted), set by aba()
  std::vector<Motion> v_end;        // (nbody) generalized-alpha: body velocities at end_velocity (aba_kernel.inc)
  std::vector<Vec3> dw_guess;       // (nbody) generalized-alpha's guess pass: its accelerations
  std::vector<Quat> q_pred;         // (nbody) a step's predicted joint rotations (generalized-alpha)

  // ---- Scratch of aba for the curved elements (rod_sweep.hpp): a pass's
  // node curvatures and rates, and each element's record (Data::RodRecord).
  std::vector<Vec3> rod_kappa, rod_rate, rod_rate_end, rod_acc;  // (nbody, or empty)
  struct RodRecord {
    SE3 start;                      // the start frame (world)
    Motion v_start, v_start_end;    // its velocity, and at the velocity products' velocity
    Vec3 r_start = Vec3::Zero();    // m: o_start - o_parent
    Vec3 r_end = Vec3::Zero();      // m: o_end - o_start
    // Sweep 3: x = du - Y z, z = (a_start; the start node's acceleration), and
    // a_end = X(r_end) a_start + psi_start x_start + psi_own x + c_end (world axes about o_end).
    Eigen::Matrix<double, 3, 9> Y = Eigen::Matrix<double, 3, 9>::Zero();
    Vec3 du = Vec3::Zero();
    Eigen::Matrix<double, 6, 3> psi_own = Eigen::Matrix<double, 6, 3>::Zero();
    Eigen::Matrix<double, 6, 3> psi_start = Eigen::Matrix<double, 6, 3>::Zero();
    Vec6 c_end = Vec6::Zero();
    Mat3 d_inv = Mat3::Zero();      // D^-1 (the pairs' solve)
    // A continuing clothoid's part of this element's own node (sweep 2): the
    // coupling E of its start's acceleration with this node's (6 x 3, about
    // o_end), G, and the bias h; set marks it present.
    Eigen::Matrix<double, 6, 3> E = Eigen::Matrix<double, 6, 3>::Zero();
    Mat3 G = Mat3::Zero();
    Vec3 h = Vec3::Zero();
    bool set = false;
  };
  std::vector<RodRecord> rod_rec;   // (number of elements)
  // The ends of the capsules of curved elements (Capsule::s0) in their
  // element's end frame, at the last pose computed (a pass's or the state's);
  // the contact search reads them as a body's capsule ends (empty: none).
  std::vector<std::array<Vec3, 2>> rod_capsule;  // (capsules)
  std::vector<int> rod_capsule_first;               // (elements) its first capsule, or -1

  // ---- Contact (contact.hpp), per pass: the points of the bodies that
  // touch and each body's first point (contact_slot, read only for those),
  // the forces contact_forces records (a step's passes record none), and
  // the broad phase's scratch.
  std::vector<ContactPoint> contact_points;
  std::vector<int> contact_slot;    // (nbody)
  std::vector<ContactForce> contacts;
  bool touching = false;            // the pass has contacts (not only ties)
  std::vector<Vec3> capsule_a, capsule_b;  // (capsules) world endpoints
  std::vector<int> grid_start, grid_items; // spatial hash of the capsules (self contact)
  std::vector<long long> grid_key;
  std::vector<double> body_length;  // (nbody, filled by the first self contact pass)
  std::vector<double> capsule_sweep;  // (capsules) m: how far each may move in a step (contact_search.cpp)
  std::vector<Motion> sweep_velocity;  // (nbody) their bodies' velocities, from the state's
  // The touches of the state's pose (contact_search.cpp, state_touches), found
  // once per pose and kept with it: a step's energy guard asks at its end,
  // and the next step's pass and guard at its start, the same pose (valid
  // for the model this Data was made for). touch_pose: that pose's bodies.
  std::vector<ContactTouch> touches, pass_touches;  // pass_touches: a predicted pose's (not kept)
  std::vector<Quat> touch_q;        // (nbody) empty: nothing kept
  std::vector<Vec3> touch_kappa;    // (nbody, or empty without curved elements) with touch_q
  Quat touch_base_q = Quat::Identity();
  Vec3 touch_base_p = Vec3::Zero();
  std::vector<SE3> touch_pose;
  // near: the pose's near touches (capsule and feature only), kept with its
  // touches: within a margin of touching (contact_search.cpp, kNearMargin).
  std::vector<ContactTouch> near;
  // A pass a step may redo with the contacts that appeared in it
  // (contact.hpp, begin_contact_pass): the state it began from, its end
  // pose, and the appeared touches (speculative) the redo takes.
  std::vector<Quat> start_q;
  std::vector<Vec3> start_w, start_kappa;
  Quat start_base_q = Quat::Identity();
  Vec3 start_base_p = Vec3::Zero(), start_base_w = Vec3::Zero(), start_base_v = Vec3::Zero();
  std::vector<Vec3> start_alpha_a, start_dw;  // a generalized-alpha pass's history
  Vec3 start_alpha_base[4];
  std::vector<SE3> end_pose;
  std::vector<ContactTouch> appeared, pass_near;  // pass_near: a predicted pose's near touches
  long long contact_redos = 0;      // passes redone so far (a statistic)

  // ---- Pairs (contact.hpp, "Pairs"), per pass: the couplings of two bodies,
  // each side's acceleration before the coupling (the kernel's), the LDL^T
  // factors of the joint blocks on their paths to the base (i0, i1, i2, l10,
  // l20, l21: aba_link's path bit), a floating base's articulated inertia,
  // and the solve's scratch (contact_pairs.cpp).
  std::vector<PairRow> pairs;
  std::vector<Vec6> pair_acc;       // (2 per pair) a's then b's body acceleration (gravity-shifted)
  std::vector<std::array<double, 6>> aba_dfac;  // (nbody) read only on the paths
  Mat6 pair_base_inertia = Mat6::Identity();
  // A side's step on its path (contact_pairs.cpp): the body and the joint
  // forces u of the side's unit forces there (3 x rows, row-major: a row's
  // columns are swept together), and D^-1 u.
  struct PairStep {
    int body = 0;
    Eigen::Matrix<double, 3, 6, Eigen::RowMajor> u, du;
  };
  // A pair's path: its two sides' paths to the base, which meet and go on
  // as one (steps pair_order[first, first + count), by body, descending).
  struct PairSide {
    int pair = 0, first = 0, count = 0;
    Mat6 base_wrench;               // the unit forces' wrench on a floating base (6 x rows)
  };
  std::vector<PairStep> pair_steps;
  std::vector<PairSide> pair_sides;  // one per pair
  std::vector<int> pair_order;       // the paths' steps (indices into pair_steps)
  std::vector<double> pair_scratch;
  std::vector<int> pair_offset;     // each pair's first row
  std::vector<int> pair_path;       // a path's bodies (aba_pairs.inc)

  // ---- Rings: the body each ring holds at the state's last pass (-1: none).
  std::vector<int> ring_body;
};

// A Data sized for the model, at rest (q = identity, w = 0), base at the origin.
Data make_data(const Model& model);

}  // namespace lsd::dyn
