// `joints: auto` (docs/language.md 7.8): a joint wherever a drawn body has
// none, kept in the stored string, so that any plant can move. The
// derivation calls insert_joints after the axiom and after every derivation
// step (its decomposition included); the joints it inserts are invisible to
// the model's productions (unseen by context matching, never a predecessor
// unless a production names the joint symbol, drawing no random number).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "interpreter/lsystem/bodies.hpp"
#include "interpreter/lsystem/module_string.hpp"

namespace lsd::interp {

struct RuleSet;

// The symbols whose modules carry a body in the drawing (size: the symbol
// table's), kAlways: the body symbol, unless the homomorphism rewrites it
// into something else, and every symbol whose homomorphism image may draw a
// body outside a polygon (`I --> F`), or an f in a generalized cylinder it
// opens; kInCylinder: a symbol whose image draws an f in the cylinder of the
// string around it (`I --> f @Gc`, with a .l model's cylinder_moves). A
// joint goes before each of them (kInCylinder: where a cylinder is open).
// `effects`, when given, receives each symbol's effect on the cylinder
// (DynamicsSpec::cylinder_effects).
enum : std::uint8_t { kAlways = 1, kInCylinder = 2 };
std::vector<std::uint8_t> body_carriers(const RuleSet& rules, std::vector<std::uint8_t>* effects = nullptr);

// Puts the string in the form joints: auto asks for (rules.dynamics.auto_joints),
// reading left to right along every path (a branch continues its path):
// - every carrier outside a polygon has a joint before it on its path, after
//   the turns before it: a new one at rest when it has none (bare: a joint
//   without parameters is at rest, docs/language.md 7.8); the first carrier
//   of the string excepted;
// - a joint that stands before the first carrier is removed, and so is a
//   joint followed by another joint before a carrier (the later one stays);
// - a joint followed by `[` before a carrier moves, with its state, to just
//   before the next carrier of its path after the branch (removed when
//   there is none).
// A joint with nothing after it up to the end of its branch stays (a growing
// tip). The joint slots the successors wrote (kSymJointSlot, placed by
// place_joint_slots) are read as if absent: a slot just before a carrier
// that gets a new joint becomes that joint where it stands, in place, and
// every other slot is removed; so the result is the same with or without
// slots, and a step whose successors kept every place copies nothing.
// True if the string changed. O(size); `scratch` is reused. When the joints
// would take the string past max_modules modules or max_params parameters,
// nothing changes and *too_big is set. `origin`, when given, receives for
// each module of a string that was copied the index of the module it came
// from (a new joint: the module it stands before); it stays empty when the
// modules kept their places.
bool insert_joints(const RuleSet& rules, ModuleString& s, ModuleString& scratch,
                   std::size_t max_modules = SIZE_MAX, std::size_t max_params = SIZE_MAX, bool* too_big = nullptr,
                   std::vector<std::int64_t>* origin = nullptr);

// Writes into the successors of the productions and decompositions, before
// each carrier that would get a new joint at rest where the string around
// the successor is as usual (no polygon or cylinder open, the predecessor's
// joint before it when the predecessor is a carrier), a joint slot
// (kSymJointSlot), so the derivation itself leaves the joints' places and
// insert_joints rarely copies the string (docs/language.md 7.8).
void place_joint_slots(RuleSet& rules);

// Whether s is in the tidy form of a model whose slots are exact
// (DynamicsSpec::slots_exact): no slot, no polygon or cylinder, every joint
// just before a carrier and every carrier but the first just after a joint.
// A step from a tidy string makes one in which insert_joints would only
// turn every slot into a joint, unless a slot stands before the string's
// first carrier (a step that wrote the first body).
bool joints_tidy(const RuleSet& rules, const ModuleString& s);

// After a step from a tidy string, which wrote its slots as joints
// (DeriveScratch::slot_joint): whether the string is in the joints' form,
// which only a joint before the first carrier can spoil (a step that wrote
// the first body; insert_joints must then run, and removes it as it would
// the slot). Reads the string up to its first carrier only
// (docs/language.md 7.8, the cost of --sway).
bool joints_filled(const RuleSet& rules, const ModuleString& s);

// Gives every bare joint (a joint at rest, without parameters) its six
// parameters, zero, and every bare curvature K before a rod element S the
// element's rest (docs/language.md 7.9), so the physics can store their
// state in the string; with joints: auto, an element without a K gets one at
// rest. True if the string changed.
bool expand_rest_joints(const RuleSet& rules, ModuleString& s);

// The modules of s without the joints (rules.dynamics.joint), for comparing
// a string derived with joints: auto and one derived without.
ModuleString without_joints(const RuleSet& rules, const ModuleString& s);

}  // namespace lsd::interp
