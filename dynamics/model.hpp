// The articulated model: constants of a tree of rigid bodies joined by
// spherical joints (MuJoCo's mjModel, Pinocchio's Model). Built once, read by
// every algorithm; the changing state lives in Data (data.hpp).
//
// Frames. Body 0 is the base. Every other body i has one spherical joint to
// its parent, parent[i] < i (depth-first order, as in a bracketed string).
// The joint's rest frame is given in the parent body frame by
// joint_placement[i]; the joint rotation q_i (in Data) takes the rest frame to
// body i's frame, whose origin is the joint point. So liMi = joint_placement[i]
// * (q_i, 0). The joint axes H, L, U are x, y, z of the joint frame.
#pragma once

#include <limits>
#include <vector>

#include "dynamics/options.hpp"
#include "dynamics/rod.hpp"
#include "dynamics/spatial.hpp"

namespace lsd::dyn {

enum class BaseKind {
  kFixed,      // body 0 never moves (its pose in Data is a constant placement)
  kFloating,   // body 0 is a free 6-DoF body
  kKinematic,  // body 0 translates with a prescribed acceleration (Data::base_acc)
};

// Contact and ties (dynamics/contact.hpp; docs/language.md 7.2): the
// shapes that collide, the fixed obstacles, the ties, the grafts between
// bodies and the rings (their constants are the step's options, options.hpp).
struct Capsule {                    // the points within radius of the segment a-b
  int body = 0;
  Vec3 a = Vec3::Zero(), b = Vec3::Zero();  // m, body frame
  double radius = 0;                // m
  // A piece of a curved element's tube (rod.hpp): the arc lengths of its ends
  // along the element; its ends then follow the element's shape (a and b
  // unused). -1: a rigid body's capsule.
  double s0 = -1, s1 = -1;
};
// An obstacle the capsules collide with (a ring is no obstacle: nothing
// collides with it; the model holds rings apart, ContactModel::rings).
enum class ObstacleKind { kGround, kPole, kSphere };
struct Obstacle {
  ObstacleKind kind = ObstacleKind::kGround;
  Vec3 centre = Vec3::Zero();       // m: ground: its height in y; pole: its axis' x and z; sphere: its centre
  double radius = 0;                // m (pole, sphere)
  double top = std::numeric_limits<double>::infinity();  // m: a pole's top height
  bool operator==(const Obstacle&) const = default;
};
struct Tie {                        // a spring from a body point to a world point
  int body = 0;
  Vec3 point = Vec3::Zero();        // m, body frame
  Vec3 anchor = Vec3::Zero();       // m, world
};
// A graft (docs/language.md 7.2, "Joined branches and rings"): a spring of
// tie stiffness from a point of body a to a point of body b, critically
// damped, whose rest length is zero (a pin); a weld also holds the two
// bodies' relative orientation, turning against tie stiffness x arm^2
// (N m/rad). The two bodies are coupled exactly through the tree
// (contact.hpp, "Pairs").
struct Graft {
  int body_a = 0, body_b = 0;
  Vec3 point_a = Vec3::Zero(), point_b = Vec3::Zero();  // m, body frames
  bool weld = false;
  Quat rest = Quat::Identity();     // weld: body b's frame in body a's frame, held
  double arm = 0;                   // m (weld)
  double reach = 0;                 // m: beyond this gap the pin pulls with k reach, no more (0: no cap)
  int id = 0;                       // its label (the rows of contact_forces)
};
// A fixed ring (a keyhole): the stem passing through it, the capsule axis
// that crosses its plane within radius of its centre, is held on its axis by
// a spring of tie stiffness, critically damped, and slides along it freely
// or against friction; the ring passes from body to body as the stem slides.
struct Ring {
  Vec3 centre = Vec3::Zero();       // m, world
  Vec3 axis = Vec3::UnitY();        // unit
  double radius = 0;                // m
};
struct ContactModel {
  std::vector<Capsule> capsules;    // by body, ascending
  std::vector<Obstacle> obstacles;
  std::vector<Tie> ties;
  std::vector<Graft> grafts;
  std::vector<Ring> rings;
};

struct Model {
  // Topology.
  std::vector<int> parent;          // (nbody) parent body; parent[0] = -1, parent[i] < i

  // Joints (entry 0 unused: the base has no joint).
  std::vector<SE3> joint_placement; // (nbody) rest frame of joint i in the parent body frame (rotation, m)
  std::vector<Vec3> stiffness;      // (nbody) N m/rad, spring constant per joint axis (H, L, U)
  std::vector<Vec3> damping;        // (nbody) N m s/rad, damper constant per joint axis

  // Bodies.
  std::vector<Inertia> inertia;     // (nbody) kg, m, kg m^2 in the body frame (rot about the com)
  std::vector<double> drag;         // (nbody) N s/m: force -drag * (v_com - wind) at the com

  // Curved rod elements (rod.hpp): rod_of[i] is node i's element, or -1
  // for a rigid body; both empty in a model without elements.
  std::vector<Rod> rods;
  std::vector<int> rod_of;          // (nbody, or empty)

  // World.
  BaseKind base_kind = BaseKind::kFixed;
  ContactModel contact;             // none unless given

  // The step's options (time step, integrator, gravity, contact
  // constants): the step reads them here; change them between steps.
  Options opt;

  int nbody() const { return static_cast<int>(parent.size()); }
  bool has_rods() const { return !rods.empty(); }
  // Node i's element, or null for a rigid body.
  const Rod* rod(int i) const {
    return rod_of.empty() || rod_of[std::size_t(i)] < 0 ? nullptr : &rods[std::size_t(rod_of[std::size_t(i)])];
  }
  // Capsules that something can touch (obstacles, or each other).
  bool collides() const { return !contact.capsules.empty() && (!contact.obstacles.empty() || opt.self_contact); }
  // Contacts, ties, grafts or rings act on the plant.
  bool touches() const {
    return !contact.ties.empty() || !contact.grafts.empty() || !contact.rings.empty() || collides();
  }
  // Node i's mass (kg): a rigid body's, or a curved element's.
  double mass(int i) const {
    const Rod* r = rod(i);
    return r ? r->line_density * r->length : inertia[std::size_t(i)].mass;
  }
  // Number of generalised velocities: 3 per joint, plus 6 for a floating base.
  int nv() const { return 3 * (nbody() - 1) + (base_kind == BaseKind::kFloating ? 6 : 0); }
};

// Definition of the base (body 0); a value-initialised one is valid.
struct BaseDef {
  BaseKind kind = BaseKind::kFixed;
  Inertia inertia = {1.0, Vec3::Zero(), Mat3::Identity() * 1e-2};
  double drag = 0.0;                     // N s/m
  Vec3 gravity = Vec3(0.0, -9.81, 0.0);  // m/s^2, world: the model's opt.gravity
};
BaseDef default_base_def();

// Definition of a body and the joint to its parent (Box2D's b2BodyDef).
struct BodyDef {
  int parent = 0;
  SE3 joint_placement;                   // rest frame in the parent body frame
  Inertia inertia = {1.0, Vec3::Zero(), Mat3::Identity() * 1e-2};
  Vec3 stiffness = Vec3::Zero();         // N m/rad per joint axis
  Vec3 damping = Vec3::Zero();           // N m s/rad per joint axis
  double drag = 0.0;                     // N s/m
};
BodyDef default_body_def();

// A model holding only the base.
Model make_model(const BaseDef& base = default_base_def());

// Appends a body; returns its index, or -1 if def.parent is not an existing body.
int add_body(Model& model, const BodyDef& def);

// Appends a curved element (rod.hpp); returns its node, or -1 if def.parent
// is not an existing node, or def.continues and the parent is no clothoid.
int add_rod(Model& model, const RodDef& def);

// Reserves room for n bodies (avoids reallocation while adding).
void reserve_bodies(Model& model, int n);

}  // namespace lsd::dyn
