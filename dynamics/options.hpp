// The options of a step (MuJoCo's mjOption, which lives in its mjModel):
// the time step and integrator, the world's gravity, and the constants of
// contacts and ties (the wind, which may change every step, is an input of
// the step: Data::wind). They live in the model (Model::opt) and
// the step reads them there: change them between steps, nothing else keeps a
// copy (docs/language.md 7.2).
#pragma once

#include "common/limits.hpp"
#include "dynamics/spatial.hpp"

namespace lsd::dyn {

enum class Integrator {
  kImplicit,  // generalized-alpha (the default): second order, A-stable, high modes damped by rho_inf
  kEuler,     // implicit Euler (version 1's implicit): first order, damps every mode
  kExplicit,  // semi-implicit Euler: w += h a(q, w); q <- q exp(h w); the reference scheme
};

// Generalized-alpha's spectral radius at infinite frequency by default: 1
// damps nothing, 0 removes the highest modes in one step (docs/dynamics.md:
// 0.5 keeps 99.7% of a soft beam's sway over 3 s at 1/60 s, and survives the
// violent examples forced to 1/60 s where 0.8 does not).
constexpr double kDefaultRhoInf = 0.5;
// The most a body may turn in one pass by default (rad): a faster plant takes
// substeps, so that the velocity products, which the step treats explicitly,
// stay resolved.
constexpr double kDefaultMaxTurn = 0.1;
constexpr int kMaxSubsteps = limits::kSubsteps;  // per step, whatever max_turn asks
constexpr int kMaxToleranceSubsteps = limits::kToleranceSubsteps;  // per step, whatever a tolerance asks
// A step is fast when its fastest body's |w|^2 dt (1/s) passes this, with
// |w| bounded by the sum of the joint speeds from the base. Its
// velocity products (centrifugal, gyroscopic), which a pass treats
// explicitly, would then change the energy at about that relative rate per
// second, as a forward-Euler step rotates a vector outward by (|w| dt)^2/2:
// so a fast step takes a guess pass first, which makes them second order
// (aba.hpp, StepTerms::dw_guess), and measures the energy before and after
// and takes back what the integrator made (conservation.hpp). Slower motion,
// where neither matters, skips their cost. 0.006/s is a joint turning
// 0.01 rad per step at 1/60 s, or 3.5 rad/s at 5e-4 s (docs/dynamics.md).
constexpr double kDefaultFastRate = 0.006;

// The contact defaults (docs/dynamics.md, "Contact"): a contact spring of
// 1e5 N/m holds 1 kg resting on one point 0.1 mm deep; ties as stiff.
constexpr double kDefaultContactStiffness = 1e5;  // N/m
constexpr double kDefaultTieStiffness = 1e5;      // N/m
constexpr double kDefaultFriction = 0.5;
constexpr double kDefaultSlipVelocity = 1e-3;     // m/s: friction is viscous below it

// A value-initialised Options holds every default.
struct Options {
  // ---- Time.
  double dt = 1e-3;                                         // s
  Integrator integrator = Integrator::kImplicit;
  double rho_inf = kDefaultRhoInf;                          // generalized-alpha, 0..1
  bool geometric_stiffness = true;                          // the loads' geometric stiffness in the implicit matrix
  double max_turn = kDefaultMaxTurn;                        // rad; > 0: substeps keep each joint's turn per pass below it
  double fast_rate = kDefaultFastRate;                      // 1/s; a step whose fastest body's |w|^2 dt passes it is fast (< 0: none is)
  double max_angular_velocity = limits::kAngularVelocity;   // rad/s; above it a joint counts as diverged
  double tolerance = 0;                                     // > 0: substeps chosen by the error of the motion
                                                            //   (step_tolerance.cpp; docs/dynamics.md)

  // ---- World.
  Vec3 gravity = Vec3(0.0, -9.81, 0.0);                     // m/s^2, world

  // ---- Contact and ties (contact.hpp).
  double contact_stiffness = kDefaultContactStiffness;      // N/m per contact point
  double contact_damping = -1;                              // N s/m per contact point; < 0: critical for the touching body's mass
  double friction = kDefaultFriction;                       // Coulomb's coefficient
  double slip_velocity = kDefaultSlipVelocity;              // m/s
  bool self_contact = false;                                // the bodies collide with each other (not joined neighbours)
  double tie_stiffness = kDefaultTieStiffness;              // N/m; ties are critically damped (the tied body's mass),
                                                            //   and so are grafts and rings

  bool operator==(const Options&) const = default;
};

}  // namespace lsd::dyn
