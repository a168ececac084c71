// Curved rod elements in the articulated tree (docs/dynamics.md, "Curved
// rods"): pieces of an inextensible, unshearable Kirchhoff rod whose
// curvatures are the degrees of freedom (seed Super-Helices: curvature
// constant along an element; Super-Clothoids: curvature affine along it).
//
// An element is a node i of the tree (Model::rod_of[i] >= 0). Its start
// frame hangs from its parent's frame at joint_placement[i], rigidly (a
// spherical joint before an element is a body of its own: a massless one);
// its frame oMi (Data) is its END frame, from which its children hang. Along
// it the material frame (H = x along the centreline, L = y, U = z) turns at
// the Darboux vector Omega(s) = (t, k1, k2) (1/m: twist about x, curvatures
// about y and z, in the material frame): R'(s) = R(s)[Omega(s)]x,
// p'(s) = R(s) e_x.
//
// State (Data): the element's node curvature kappa[i] and its rate w[i]
// (1/(m s)). A helix's Omega is kappa[i] all along. A clothoid's Omega goes
// affinely from its START node's state to its own (its END node's): its
// start node is its parent's state (Rod::shares, the previous element of a
// chain, or a zero-length clothoid node that holds a chain's first node).
#pragma once

#include "dynamics/spatial.hpp"

namespace lsd::dyn {

enum class ElementKind {
  kHelix,     // Omega constant along the element (3 degrees of freedom)
  kClothoid,  // Omega affine from the start node to the end node (3 per node)
};

// The constants of one element.
struct Rod {
  int body = 0;                     // its node
  ElementKind kind = ElementKind::kHelix;
  double length = 0;                // m (0: a clothoid chain's first node, no matter)
  double radius = 0;                // m
  double line_density = 0;          // kg/m: rho pi r^2
  Vec3 section_inertia = Vec3::Zero();  // kg m (per length): rho (J, I, I), J = pi r^4 / 2, I = J / 2
  Vec3 rest = Vec3::Zero();         // 1/m: the rest Darboux vector (t0, k1, k2), the same at both ends
  Vec3 modulus = Vec3::Zero();      // N m^2: (G J, E I, E I); the elastic energy is
                                    //   1/2 int (Omega - rest)^T diag(modulus) (Omega - rest) ds
  Vec3 friction = Vec3::Zero();     // N m^2 s: internal friction, 1/2 int dOmega^T diag(friction) dOmega ds
  double drag = 0;                  // N s/m^2: force -drag (v - wind) per unit length
  int shares = -1;                  // clothoid: the node whose state is this element's start node, else -1
                                    //   (then the start node stays at rest)
  bool held = false;                // held at its rest shape: its node never accelerates (a rigid piece)
  double turn_length = 1;           // m: what turns the rod by the node's curvature rate, l |w| being the
                                    //   turn rate that max_turn and the divergence check bound: the length,
                                    //   a chain's first node the length of the element that starts there
};

// Definition of an element and its placement (Box2D's b2BodyDef).
struct RodDef {
  int parent = 0;                   // the node it hangs from
  SE3 placement;                    // its start frame in the parent's frame
  ElementKind kind = ElementKind::kHelix;
  double length = 0.1, radius = 0.005;  // m
  double density = 1000;            // kg/m^3
  double young = 1e9, poisson = 0.3;  // Pa
  Vec3 rest = Vec3::Zero();         // 1/m
  double friction_ratio = 0;        // s: internal friction = friction_ratio x modulus (seed 000's nu K)
  double drag = 0;                  // N s/m^2 per unit length
  bool continues = false;           // clothoid: its start node is the parent's state (the parent a clothoid)
  bool held = false;                // held at its rest shape (no live state): it moves with its parent, rigidly
};
RodDef default_rod_def();

// Appends `pieces` capsules along element `node`'s tube (Capsule::s0, s1:
// equal lengths, its radius) to model.contact.capsules, which stay by body
// ascending when the nodes are given in order: the tube then collides (with
// obstacles, rings and, with self contact, other capsules) along its whole
// length, each touch riding on the section where it lies.
struct Model;
void add_rod_capsules(Model& model, int node, int pieces);

}  // namespace lsd::dyn
