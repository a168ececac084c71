// Inosculation (docs/language.md 7.2, "Joined branches and rings";
// docs/dynamics.md, "Inosculation"), private to the living room: with
// `fuse after: T`, two bodies whose capsules stay in self contact for T
// seconds are welded where they touch, and the string gains the @Weld pair.
#pragma once
#include <cstdint>
#include <vector>

#include "dynamics/dynamics.hpp"
#include "interpreter/living/living_model.hpp"
#include "interpreter/living/simulation.hpp"

namespace lsd::interp {

// Updates timers with the self touches of the state's pose in d (its
// touches, kept with the pose for the next step) at time `now`: a touch
// that continues one of the timers keeps its start (the same capsules;
// after a rebuild of the model, `rebuilt`, whose capsules are renumbered,
// the nearest timer within the two radii), a new one starts now, and a
// timer whose touch ended is dropped. A pair already joined by a graft or
// weld, or next to one (each side the same body or a body one joint away),
// keeps no timer.
void update_contact_timers(const LivingModel& lm, dyn::Data& d, double now, bool rebuilt,
                           std::vector<ContactTimer>& timers);

// The timers that have lasted `fuse_after` (to half a step dt) become welds:
// an @Weld(id, rx, ry, rz, ox, oy, oz) after the B module of each capsule,
// with a fresh id, the rotation vector of the later body's frame in the
// earlier's (the rest rotation, as the pose in d stands: after forward
// kinematics), and the offset from where the turtle stands after that B to
// the touch point along its H, L, U, so that both marks are the touch point
// (docs/language.md 7.2). One weld per pair of bodies and their neighbours.
// True if the string changed (the model must then be rebuilt).
bool fuse_lasting_contacts(const LivingModel& lm, const dyn::Data& d, double now, double fuse_after, double dt,
                           const std::vector<ContactTimer>& timers, ModuleString& s);

}  // namespace lsd::interp
