// Contact with fixed obstacles, self contact and ties, inside the implicit
// step (docs/dynamics.md, "Contact and ties").
//
// Every contact or tie is a spring-damper at a point of a body. Its force is
// evaluated at the pose and velocity of the pass (the state, or
// generalized-alpha's prediction), and its linearisation enters the body's
// spatial inertia as Jp^T S Jp, Jp the 3x6 map from the body's spatial
// velocity to the point's velocity and S = (kD c + kK k) n n^T for a contact
// (plus kD c_t (I - n n^T) for its friction, isotropic for a tie): a
// symmetric positive semi-definite 6x6 term in the very place of the implicit
// drag, so that one ABA pass still solves the step and stiff contacts stay
// stable at 1/60 s.
//
// - Bodies collide as capsules (the segment of each B module, swept by its
//   radius; Model::contact.capsules); a fixed base does not.
// - Normal force: k min(depth, r) - c vn (vn: the separating velocity), never
//   pulling; the depth the spring uses is capped at the touching capsule's
//   radius r, so a body started deep inside an obstacle is pushed out by
//   at most k r, not by a spring stretched across the obstacle. The damper
//   c is at least k dt in a step of dt (the contact's time constant at
//   least the step, as MuJoCo's soft contacts): with a stiffer spring than
//   the step resolves, c = k dt makes the force the spring's at the depth
//   the step would end with, and a penetration halves per step instead of
//   being thrown back as a bounce.
// - Friction: regularised Coulomb, -mu N vt / max(|vt|, slip velocity): a
//   stiff viscous force below the slip velocity, mu N above it.
// - Self contact: capsule pairs from a spatial hash of their bounding boxes,
//   found once per pose (Teschner et al. 2003), except joined neighbours. A
//   pair is coupled exactly through the tree ("Pairs" below), up to 24 in a
//   pass; beyond, each body takes the pair's term against the pair's centre
//   of mass (not energy-exact).
// - Ties: a spring of tie stiffness from a body point to a world point,
//   critically damped for the tied body's mass.
// - Grafts and welds (Model::contact.grafts): a spring of tie stiffness from
//   a point of one body to a point of another (a weld also holds their
//   relative rotation), critically damped for the pair's reduced mass.
// - Rings (Model::contact.rings): the capsule axis crossing a ring's plane
//   within its radius is held on the ring's axis by a spring of tie
//   stiffness and slides along it (with friction), a point term of that
//   body like a tie's.
// - Pairs (self contacts, grafts, welds: Data::pairs): a term that couples
//   two bodies does not fit the tree's sweep. The pass solves them after
//   sweep 2 by the Woodbury identity on the factorised tree: each side's
//   unit forces swept to the base through the joints' factors give the
//   pairs' mobility G = J A^-1 J^T, an m x m solve (m = 3 per pin or
//   contact, 6 per weld) gives their forces, which enter the records before
//   sweep 3 (contact_pairs.cpp). Cost: the sides' paths to the base per pass.
// - Continuous collision: the near touches a step may begin reach as far as
//   each capsule moves in the step (its ends' speed times dt); a capsule
//   apart from another, a pole or a sphere at both ends of the step that
//   met it within the step (conservative advancement) is taken in a redone
//   pass like a contact that began in it, from the side it came from.
#pragma once

#include "dynamics/aba.hpp"

namespace lsd::dyn {

// The implicit terms of the pass (data.contact_points, contact_slot) at the
// pose and velocity in data.oMi, data.v, with the pass's coefficients
// (aba_kernel.inc calls it after its pose sweep); with record, also the
// forces into data.contacts (contact_forces).
void contact_pass(const Model& model, Data& data, const StepTerms& t, bool record = false);

// Contacts that begin within a step (docs/dynamics.md, "Contacts that begin
// within a step"). A pass takes the contacts of its pose (the state's, or
// generalized-alpha's prediction); one that begins during the step is
// absent from it, so the body moves a whole step freely and ends inside,
// and the next step's spring throws it back with the energy 1/2 k d^2 that
// no work paid for (a draped branch bounced on its support for ever).
// begin_contact_pass keeps the state before a pass; after it,
// redo_contact_pass tests the pass pose's near touches (Data::near, or
// pass_near) at the new pose: when some touch there and the step can close
// them, it restores the state and returns true with them in data.appeared,
// taken at the pass's pose, which the caller's second pass adds as
// speculative contacts (their force the spring's at the depth the step ends
// with); then the caller calls end_contact_pass. alpha: the pass is
// generalized-alpha's (its history is kept and restored too).
void begin_contact_pass(const Model& model, Data& data, bool alpha);
bool redo_contact_pass(const Model& model, Data& data, double dt, bool alpha);
void end_contact_pass(Data& data);

// The contact and tie forces of the current state into data.contacts (runs
// forward_kinematics).
void contact_forces(const Model& model, Data& data);

// The elastic energy (J) of the contact and tie springs at the pose in
// data.oMi, which must be forward_kinematics' of the state: 1/2 k d^2 per
// contact (k r (d - r/2) beyond the cap), 1/2 k e^2 per tie. The touches
// are kept with their pose (Data::touches) for the next pass or call at
// the same pose; a changed model needs a new Data (make_data).
double contact_energy(const Model& model, Data& data);

// True when the state's pose has a contact (ties do not count); its
// touches are kept with the pose as contact_energy's are.
bool state_touching(const Model& model, Data& data);

// The touches of the state's pose (ContactTouch; a self contact's other
// capsule is -1 - feature), kept with the pose as contact_energy's are:
// what the next step's pass takes. Empty without contact.
const std::vector<ContactTouch>& state_contacts(const Model& model, Data& data);

// The deepest overlap of two capsules that self contact keeps apart (not
// joined neighbours), as a fraction of the smaller radius, at the state's
// pose; 0 without self contact.
double deepest_self_overlap(const Model& model, Data& data);

// True when the pair of bodies is joined: the same body, parent and child,
// or bodies whose tree path between them (not counting a common branch
// body) is shorter than reach (m), so that their capsules meet at rest.
bool joined_bodies(const Model& model, const std::vector<double>& body_length, int i, int j, double reach);

}  // namespace lsd::dyn
