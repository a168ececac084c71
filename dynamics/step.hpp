// One physics step: ABA with the chosen integrator, then the divergence check
// (MuJoCo's mj_step). Nothing is allocated, but under a tolerance (the
// copies of the state that the error estimate compares).
#pragma once

#include <vector>

#include "dynamics/data.hpp"
#include "dynamics/options.hpp"

namespace lsd::dyn {

// Advances data by one step of model.opt.dt (the step's options are the
// model's: options.hpp) and sets data.first_nonfinite_joint.
// Afterwards data.oMi and data.v describe the pose the forces were evaluated
// at (the step's start, or generalized-alpha's prediction); call
// forward_kinematics for the new one. Generalized-alpha keeps a history in
// data (alpha_a...); when data.alpha_valid is false (a new Data) the step
// is an implicit-Euler step that starts it.
// data.substeps says how many passes it took.
void step(const Model& model, Data& data);

// k passes of dt/k (step's inner loop: no energy guard, no choice of k).
void substeps(const Model& model, Data& data, int k, bool fast);

// Under a tolerance (Options::tolerance > 0): passes k, 2k, 4k, ... from
// the same state until the estimated error of the finer motion is within
// the tolerance (step doubling, docs/dynamics.md "Error-controlled steps"),
// the finer result kept in data; the passes taken. A function of the state
// alone, so a resumed run chooses alike.
int substeps_within_tolerance(const Model& model, Data& data, int k, bool fast);

// The integrator's history as numbers (generalized-alpha's accelerations),
// so that a saved state resumes exactly: empty when data has none. load_history takes such numbers back;
// false (and data untouched) when they do not fit the model.
std::vector<double> save_history(const Model& model, const Data& data);
bool load_history(const Model& model, Data& data, const std::vector<double>& history);

}  // namespace lsd::dyn
