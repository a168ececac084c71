// The plants of the side-by-side with MuJoCo (peers_bench.cpp): the thesis
// cantilever as the chain, and make_plant's branching tree made of the
// thesis's material, both with the same spring constant on every joint
// axis, the bending one of docs/language.md section 7.5 (mujoco_plant.hpp
// says why).
#pragma once

#include <string>

#include "dynamics/dynamics.hpp"
#include "dynamics/samples.hpp"

namespace lsd::peers {

struct Plant {
  std::string name;
  dyn::Model model;
  double segment = 0.1, radius = 0.01;  // m: every moving body's cylinder
  int tip_body = 0;                     // the body whose end is watched (a leaf)
  dyn::Vec3 tip_point = dyn::Vec3::Zero();  // m, in that body's frame
};

// The thesis material (samples.hpp, CantileverDef): E = 8.1 GPa, nu = 0.3,
// 923 kg/m^3, radius 1 cm.
dyn::CantileverDef thesis_material();

// The thesis cantilever of n bodies (1 m along +x, fixed at its root, no
// damping), its twist spring raised to the bending one.
Plant thesis_chain(int n);

// make_plant's tree of n bodies (segments of 10 cm, forks of two every four
// bodies, 30 degrees), with the thesis's material and a damping ratio of
// about 0.1 per joint (make_plant's d = 2 zeta sqrt(k I)), the same spring
// constant on every axis. Every segment is the same 1 cm cylinder: at 1,000
// bodies the trunk's first joint settles at 0.46 rad under 29 kg; at
// 10,000 (290 kg) the tree cannot hold itself up and falls over.
Plant thesis_tree(int n);

}  // namespace lsd::peers
