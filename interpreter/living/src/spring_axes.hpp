// The joints' axes of `springs: second order` (docs/dynamics.md, "Rigid
// chains: second order"): a joint between two pieces turned from each other
// at rest by a has the spring J_r(a)^-T c J_r(a)^-1, diagonal on the axes
// of its eigenvectors; the layout's joint frames turn to them.
#pragma once
#include <vector>

#include "interpreter/living/body_layout.hpp"

namespace lsd::interp {

// springs: each body's joint springs c on its rest frame's axes (joint_springs
// in living_model.cpp), replaced by the springs on the turned axes. For every
// joint between two pieces (not beside an element) the rest turn a between
// its parent's last piece and its child's first sets the axes W
// (LaidBody::axes, in the joint's rest frame); the body's rest frame turns by
// W, and its pieces, ties and marks, given in that frame, turn with it.
void turn_spring_axes(BodyLayout& layout, std::vector<dyn::Vec3>& springs);

// A weld's rest rotation (of body b in body a) between the string's frames
// (the turtle's at the joints) and the model's (turned by the joints'
// axes); unchanged, bit for bit, when neither body's axes are turned.
dyn::Quat weld_rest_in_model(const BodyLayout& layout, int a, int b, const dyn::Quat& in_string);
dyn::Quat weld_rest_in_string(const BodyLayout& layout, int a, int b, const dyn::Quat& in_model);

}  // namespace lsd::interp
