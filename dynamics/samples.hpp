// Sample models for the tests and benchmarks: the thesis cantilever, plant-like
// trees of cylinders, and random trees with random states.
#pragma once

#include <cstdint>

#include <vector>

#include "dynamics/data.hpp"
#include "dynamics/springs.hpp"
#include "dynamics/step.hpp"

namespace lsd::dyn {

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

// A rod of rest Darboux vector `rest` (t, k1, k2) as n rigid cylinders
// clamped at the origin, the clamp's frame the world's (H along x): body k
// is the piece [k l, (k + 1) l]; each joint turns by l rest between
// neighbours (docs/dynamics.md, "Rigid chains: second order"). kThesis: the
// clamp's spring E I / l and the whole turn at the clamp; kSecondOrder: the
// clamp's 2 E I / l and half the turn; kSecondOrderJr: and every joint's
// spring seen through J_r of its turn, its axes (and its child's frame)
// turned by curved_joint_spring. Stiffness damping 0.05 s on every joint.
enum class ChainSprings { kThesis, kSecondOrder, kSecondOrderJr };
struct RigidRodDef {
  int n = 10;
  double length = 0.3, radius = 0.001, density = 1000, young = 2e8, poisson = 0.3;
  Vec3 rest = Vec3::Zero();          // 1/m
  Vec3 gravity = Vec3(0, -9.81, 0);  // m/s^2
  ChainSprings springs = ChainSprings::kSecondOrderJr;
};
// Returns the model; tip: the last piece's end in the last body's frame.
Model make_rigid_rod(const RigidRodDef& def, Vec3& tip);

// Small-deflection static tip deflection of that cantilever (m, downward):
// w L^4 / (8 E I) (1 + 1/n)^2, w = rho g pi r^2, I = pi r^4 / 4.
double cantilever_static_deflection(const CantileverDef& def);

// A plant-like tree of cylinders (length 0.1 m, radius 0.01 m, wood-like E),
// in depth-first order: branches of 4 bodies that fork in two, bent 30
// degrees, springs as in docs/language.md 7.5, damping ratio ~0.1. chain = true gives
// one straight-up chain instead.
Model make_plant(int nbody, bool chain);

// make_plant's tree of the thesis cantilever's material (CantileverDef's
// defaults: wood of 923 kg/m^3, E = 8.1 GPa), every body a cylinder of 10 cm
// by 1 cm, each joint's spring the bending one on every axis, damping ratio
// ~0.1: the tree of bench/peers, whose trunk of uniform segments cannot hold
// a large crown (the falling tree of docs/dynamics.md).
Model make_thesis_tree(int nbody);

// make_plant's tree grown flat instead, every body in the plane y = 0 (its
// forks turned about world y): a plant lying on the ground.
Model make_lying_plant(int nbody);

// A random tree (chain = true: a chain) of nbody bodies: random joint
// placements and rotations, random masses, centres of mass and inertias.
Model make_random_tree(int nbody, bool chain, std::uint32_t seed);

// Random joint rotations (angles up to max_angle rad about random axes) and
// random angular velocities (components up to max_speed rad/s).
// A chain of n cylinders hanging from a fixed base (the limp chain and the
// falling rod of docs/dynamics.md): the first joint's rest rotation holds the
// chain at `angle` rad from hanging straight down (pi/2: horizontal, along
// +x), the others straight; springs from cylinder_joint_stiffness unless
// `stiffness` > 0 gives the same K on every axis; no damping.
struct ChainDef {
  int n = 20;
  double length = 1.0;      // m, all n bodies
  double radius = 0.01;     // m
  double density = 1000.0;  // kg/m^3
  double young = 0.0;       // Pa
  double poisson = 0.3;
  double stiffness = 0.0;   // N m/rad: > 0 replaces the springs of young
  double angle = 0.0;       // rad from hanging down
  double gravity = 9.81;    // m/s^2, along -y
};
Model make_hanging_chain(const ChainDef& def);

// The lowest energy the chain can have (J): hanging straight down at rest
// with no elastic energy (a lower bound: its springs may hold some).
double hanging_chain_floor(const ChainDef& def);

// A run of step() recorded every step: the height of a point on one body,
// the total energy, and whether it stayed finite.
struct Recording {
  std::vector<double> t, y, energy;
  bool finite = true;
  double max_speed = 0.0;  // rad/s, the fastest joint seen
};
// (the model's step options: model.opt)
Recording record_run(const Model& model, Data& data, double duration, int body, const Vec3& point);

// The cantilever released from straight (at rest, as make_data leaves it):
// the height of its tip, every step for `duration`, with the step options
// of `options` but def's gravity.
Recording cantilever_sway(const CantileverDef& def, const Options& options, double duration);

// The sway in a recorded height y(t): its amplitude (half of max - min) in
// the first and in the last `window` seconds, its period (mean time between
// upward crossings of the signal's mean) and the damping ratio of the
// logarithmic decrement of its cycles (of each cycle's max - min, so that
// the level it swings about does not matter). Zero where the signal has too
// few cycles.
struct Swing {
  double first_amplitude = 0.0, last_amplitude = 0.0;
  double period = 0.0, damping_ratio = 0.0;
  int cycles = 0;
};
Swing analyze_swing(const std::vector<double>& t, const std::vector<double>& y, double window);

void randomize_state(const Model& model, Data& data, double max_angle, double max_speed,
                     std::uint32_t seed);

}  // namespace lsd::dyn
