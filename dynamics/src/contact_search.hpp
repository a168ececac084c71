// The search for touches (contact_search.cpp), private to dynamics/src/: what
// the contact forces (contact.cpp) ask of it.
#pragma once
#include <vector>

#include "dynamics/data.hpp"

namespace lsd::dyn {

// Capsule k's end e (0: a, 1: b) in its body's frame: a rigid body's own,
// or a curved element's piece as its shape stands (Data::rod_capsule).
inline const Vec3& capsule_end(const Model& model, const Data& data, std::size_t k, int e) {
  const Capsule& c = model.contact.capsules[k];
  if (c.s0 >= 0 && !data.rod_capsule.empty()) return data.rod_capsule[k][std::size_t(e)];
  return e == 0 ? c.a : c.b;
}

using Touch = ContactTouch;

// Every touching point of the bodies at poses into out: capsules against
// obstacles, capsule pairs (self contact), in a fixed order (capsule, then
// obstacle); with near, the near touches into it.
// velocities: the bodies' at poses (the pass's data.v), or null to find
// them from the state's joint velocities (the near touches' sweeps).
void find_touches(const Model& model, Data& data, const std::vector<SE3>& poses, std::vector<Touch>& out,
                  std::vector<Touch>* near = nullptr, const std::vector<Motion>* velocities = nullptr);

// The touch a (its capsule and feature) at poses into out, whatever the gap
// (speculative): at the same points and normal as a touch.
void touch_at(const Model& model, const Data& data, const std::vector<SE3>& poses, const std::vector<double>& len, const Touch& a,
              std::vector<Touch>& out);

// True when the state's pose has a near touch a step could pass through (a
// capsule pair, a pole or a sphere; not the ground): a contact may begin
// within the step (within the margin and the capsules' sweeps). Defined in
// contact.cpp, with the state's touches; the step (step.cpp) asks it.
bool state_near(const Model& model, Data& data);

// Continuous collision (docs/dynamics.md, "No tunnelling"): whether the near
// touch a (a capsule pair, or a capsule and a pole or sphere) meets within
// the step from poses `from` to `to`, each capsule's ends moving along
// straight lines, by conservative advancement (a swept test: a capsule that
// passed through the other or the obstacle within the step, apart at both
// ends of it, meets). False for the ground: a half space cannot be passed.
bool swept_touch_meets(const Model& model, const Data& data, const std::vector<SE3>& from, const std::vector<SE3>& to, const Touch& a);

}  // namespace lsd::dyn
