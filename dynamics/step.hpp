// One physics step: ABA with the chosen integrator, then the divergence check
// (MuJoCo's mj_step). Nothing is allocated.
#pragma once

#include <vector>

#include "common/limits.hpp"
#include "dynamics/data.hpp"

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
constexpr int kMaxSubsteps = 64;  // per step, whatever max_turn asks
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

struct StepOptions {
  double dt = 1e-3;                          // s
  Integrator integrator = Integrator::kImplicit;
  double rho_inf = kDefaultRhoInf;           // generalized-alpha, 0..1
  bool geometric_stiffness = true;           // the loads' geometric stiffness in the implicit matrix
  double max_turn = kDefaultMaxTurn;         // rad; > 0: substeps keep each joint's turn per pass below it
  double fast_rate = kDefaultFastRate;       // 1/s; a step whose fastest body's |w|^2 dt passes it is fast (< 0: none is)
  double max_angular_velocity = limits::kAngularVelocity;  // rad/s; above it a joint counts as diverged
};

// Advances data by one step of options.dt and sets data.first_nonfinite_joint.
// Afterwards data.oMi and data.v describe the pose the forces were evaluated
// at (the step's start, or generalized-alpha's prediction); call
// forward_kinematics for the new one. Generalized-alpha keeps a history in
// data (alpha_a...); when data.alpha_valid is false (a new Data) the step
// is an implicit-Euler step that starts it.
void step(const Model& model, Data& data, const StepOptions& options = {});

// The integrator's history as numbers (generalized-alpha's accelerations),
// so that a saved state resumes exactly: empty when data has none. load_history takes such numbers back;
// false (and data untouched) when they do not fit the model.
std::vector<double> save_history(const Model& model, const Data& data);
bool load_history(const Model& model, Data& data, const std::vector<double>& history);

}  // namespace lsd::dyn
