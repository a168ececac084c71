// A dense Lagrangian reference for trees of rigid bodies on spherical joints
// and curved rod elements (helix: curvature constant along the element; clothoid: affine), written from
// the energies alone and sharing nothing with dynamics/ but its plain types.
// It checks lsd's O(N) solver (docs/dynamics.md): given q and q̇ it returns q̈
// from Lagrange's equations
//
//     M(q) q̈ = −∂V/∂q − (Ṁ q̇ − ∂T/∂q),      M = ∂²T/∂q̇²,  Ṁ q̇ = (∂²T/∂q̇∂q) q̇,
//
// with T and V differentiated by forward-mode jets (lagrange_jet.hpp), and
// the rods' sections found by integrating the Darboux equation along each
// element (a sixth-order Runge–Kutta method on quaternion and position, with
// the energy integrals on the same stages), never by a closed form.
//
// Conventions: frames have H = x, L = y, U = z. Node 0 is the base (the
// world); every other node has three coordinates, q = (q_1, ..., q_{N-1}),
// node i's at 3(i − 1):
// - Rigid: a spherical joint (rotation vector r, rest frame = placement) and
//   a solid cylinder of length l, radius a, density ρ along +x of its body
//   frame = placement · Rot(r). Spring energy ½ rᵀ diag(K) r.
// - Helix: an element of length l with constant Ω = (t, k1, k2) (1/m) in the
//   material frame: R' = R [Ω]×, p' = R e_x, start frame = placement.
// - ClothoidStart: a zero-length, massless node holding the curvature Ω_a of
//   the start of a clothoid chain; its frame is its placement.
// - Clothoid: an element whose curvature runs from its parent's (a
//   ClothoidStart or a Clothoid: the node shared along the path) to its own,
//   Ω(s) = Ω_a + (s / l)(Ω_b − Ω_a).
// A node hangs from its parent's attachment frame at its placement; a rigid
// node's attachment frame is its body frame, a rod's its end frame. Rods
// carry line density ρπa², rotational inertia per length ρ diag(πa⁴/2,
// πa⁴/4, πa⁴/4) in the section frame, and elastic energy
// ½ ∫ (Ω − Ω⁰)ᵀ diag(GJ, EI, EI) (Ω − Ω⁰) ds, J = πa⁴/2, I = πa⁴/4,
// G = E / (2(1 + ν)). Gravity acts on everything; point forces are constant
// world forces at material points (so they have a potential, −F·x).
#pragma once

#include <vector>

#include <Eigen/Dense>

#include "dynamics/spatial.hpp"

namespace lsd::lagref {

using dyn::SE3;
using dyn::Vec3;

enum class NodeKind { Base, Rigid, Helix, ClothoidStart, Clothoid };

struct Node {
  NodeKind kind = NodeKind::Base;
  int parent = -1;                // index of the parent node, < own index (-1 for the base)
  SE3 placement;                  // the start (rest) frame in the parent's attachment frame
  double length = 0.0;            // m (Rigid, Helix, Clothoid)
  double radius = 0.0;            // m
  double density = 0.0;           // kg/m³
  Vec3 stiffness = Vec3::Zero();  // Rigid: diag(K), N m/rad
  double young = 0.0;             // Helix, Clothoid: E, Pa
  double poisson = 0.3;           // ν
  Vec3 rest = Vec3::Zero();       // Helix: Ω⁰; Clothoid: Ω⁰ at the start of the element, 1/m
  Vec3 rest_end = Vec3::Zero();   // Clothoid: Ω⁰ at its end (rest_curvature() sets both)
};

// A constant world force (N) at a point fixed in a node's frame: the body
// frame of a rigid node, the frame of a clothoid start, and for rods the
// section at arc length `arc` (m, from the element's start; arc < 0: the end).
struct PointForce {
  int node = 0;
  Vec3 point = Vec3::Zero();  // m, in that frame
  Vec3 force = Vec3::Zero();  // N, world
  double arc = -1.0;
};

struct Tree {
  std::vector<Node> nodes{Node{}};  // depth-first; nodes[0] is the base
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);
  std::vector<PointForce> forces;
};

// Builders: each appends a node to tree and returns its index.
int add_rigid(Tree& tree, int parent, const SE3& placement, double length, double radius, double density,
              const Vec3& stiffness);
int add_helix(Tree& tree, int parent, const SE3& placement, double length, double radius, double density,
              double young, double poisson, const Vec3& rest);
int add_clothoid_start(Tree& tree, int parent, const SE3& placement);
int add_clothoid(Tree& tree, int parent, const SE3& placement, double length, double radius, double density,
                 double young, double poisson, const Vec3& rest_start, const Vec3& rest_end);

// The coordinates of node i (i >= 1) start at this index of q.
inline int coordinate_index(int node) { return 3 * (node - 1); }
inline int coordinate_count(const Tree& tree) { return 3 * (static_cast<int>(tree.nodes.size()) - 1); }

// The discretisation: each rod element is integrated in
// max(min_steps, ceil(l · max|Ω| / max_turn)) steps of the sixth-order
// method (Ω at the element's two ends), so the frame turns at most max_turn
// radians per step. The error falls as the sixth power of the step; with the
// defaults q̈ moves by ~1e-11 (relative, max norm) when the steps are halved,
// even in trees whose thin rods' twist makes M ill-conditioned.
struct LagrangeOptions {
  int min_steps = 16;
  double max_turn = 0.0125;  // rad
};

// A rod section: its arc length and world frame.
struct Section {
  double arc = 0.0;  // m
  SE3 frame;         // world
};

struct LagrangeResult {
  Eigen::VectorXd qdd;                         // (3·(N−1)) the generalized accelerations
  Eigen::MatrixXd mass;                        // (3(N−1) × 3(N−1)) M(q) = ∂²T/∂q̇²
  Eigen::VectorXd force;                       // (3(N−1)) −∂V/∂q − (Ṁq̇ − ∂T/∂q), so M q̈ = force
  double kinetic = 0.0;                        // J, T
  double potential = 0.0;                      // J, V: gravity, springs, rods, point forces (−F·x)
  std::vector<SE3> frames;                     // (N) each node's attachment frame in the world
  std::vector<std::vector<Section>> sections;  // (N) rods: the sections at the integration steps
  bool positive_definite = false;              // M's Cholesky factorisation succeeded
  double energy() const { return kinetic + potential; }
};

// q̈ of the tree at (q, q̇), with M, the forces, the energies and the poses.
// Throws std::invalid_argument for a tree that breaks the conventions above.
LagrangeResult lagrange_accelerations(const Tree& tree, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                                      const LagrangeOptions& options = {});

// The energies and poses alone (no derivatives): cheap, for time integrations.
LagrangeResult lagrange_energy(const Tree& tree, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                               const LagrangeOptions& options = {});

// Rigid joints: lsd's solver uses the relative angular velocity w in the
// child frame, w = J_r(r) ṙ (J_r the right Jacobian of SO(3)). These
// conversions come from the same jets (w = 2 vec(q̄ q̇) of q = exp(r)).
Eigen::Matrix3d right_jacobian(const Vec3& r);
Vec3 angular_velocity(const Vec3& r, const Vec3& rd);                         // w = J_r ṙ
Vec3 rotation_rate(const Vec3& r, const Vec3& w);                             // ṙ = J_r⁻¹ w
Vec3 angular_acceleration(const Vec3& r, const Vec3& rd, const Vec3& rdd);    // ẇ = J_r r̈ + J̇_r ṙ
Vec3 rotation_acceleration(const Vec3& r, const Vec3& rd, const Vec3& wd);    // r̈ = J_r⁻¹ (ẇ − J̇_r ṙ)

// The same for a whole tree: rates and accelerations in lsd's solver's
// variables (rigid nodes: w, ẇ; rods: Ω̇, Ω̈ unchanged) and back.
Eigen::VectorXd solver_rates(const Tree& tree, const Eigen::VectorXd& q, const Eigen::VectorXd& qd);
Eigen::VectorXd reference_rates(const Tree& tree, const Eigen::VectorXd& q, const Eigen::VectorXd& v);
Eigen::VectorXd solver_accelerations(const Tree& tree, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                                     const Eigen::VectorXd& qdd);

}  // namespace lsd::lagref
