// Sample models for the tests and benchmarks: the thesis cantilever, plant-like
// trees of cylinders, and random trees with random states.
#pragma once

#include <cstdint>

#include "dynamics/data.hpp"

namespace lsd::dyn {

// Spring constants of LANGUAGE.md section 6 between a parent cylinder (lp, rp)
// and a child cylinder (lc, rc) of Young's modulus E and Poisson's ratio nu:
// bending k = E (pi/8)(rp^4 + rc^4) 2/(lp + lc), twist k_H = G (pi/4)(...),
// G = E / (2 (1 + nu)). Returns (k_H, k_L, k_U).
Vec3 cylinder_joint_stiffness(double lp, double rp, double lc, double rc, double young, double poisson);

// The thesis cantilever: a fixed root cylinder of length L/n along +x (the
// base) and n moving cylinders of length L/n, joint i at the end of body i-1,
// springs from cylinder_joint_stiffness, damping d on every axis.
struct CantileverDef {
  int n = 10;
  double length = 1.0;        // m, total length of the n moving bodies
  double radius = 0.01;       // m
  double young = 8100e6;      // Pa
  double poisson = 0.3;
  double density = 923.0;     // kg/m^3
  double gravity = 9.81;      // m/s^2, along -y
  double damping = 0.0;       // N m s/rad per axis
};
Model make_cantilever(const CantileverDef& def);

// Small-deflection static tip deflection of that cantilever (m, downward):
// w L^4 / (8 E I) (1 + 1/n)^2, w = rho g pi r^2, I = pi r^4 / 4.
double cantilever_static_deflection(const CantileverDef& def);

// A plant-like tree of cylinders (length 0.1 m, radius 0.01 m, wood-like E),
// in depth-first order: branches of 4 bodies that fork in two, bent 30
// degrees, springs as in LANGUAGE.md, damping ratio ~0.1. chain = true gives
// one straight-up chain instead.
Model make_plant(int nbody, bool chain);

// A random tree (chain = true: a chain) of nbody bodies: random joint
// placements and rotations, random masses, centres of mass and inertias.
Model make_random_tree(int nbody, bool chain, std::uint32_t seed);

// Random joint rotations (angles up to max_angle rad about random axes) and
// random angular velocities (components up to max_speed rad/s).
void randomize_state(const Model& model, Data& data, double max_angle, double max_speed,
                     std::uint32_t seed);

}  // namespace lsd::dyn
