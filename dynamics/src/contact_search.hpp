// The search for touches (contact_search.cpp), private to dynamics/src/: what
// the contact forces (contact.cpp) ask of it.
#pragma once
#include <vector>

#include "dynamics/data.hpp"

namespace lsd::dyn {

using Touch = ContactTouch;

// Every touching point of the bodies at poses into out: capsules against
// obstacles, capsule pairs (self contact), in a fixed order (capsule, then
// obstacle); with near, the near touches into it.
void find_touches(const Model& model, Data& data, const std::vector<SE3>& poses, std::vector<Touch>& out,
                  std::vector<Touch>* near = nullptr);

// The touch a (its capsule and feature) at poses into out, whatever the gap
// (speculative): at the same points and normal as a touch.
void touch_at(const Model& model, const std::vector<SE3>& poses, const std::vector<double>& len, const Touch& a,
              std::vector<Touch>& out);

}  // namespace lsd::dyn
