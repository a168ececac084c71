// One physics step: ABA with the chosen integrator, then the divergence check
// (MuJoCo's mj_step). Nothing is allocated.
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
void step(const Model& model, Data& data);

// The integrator's history as numbers (generalized-alpha's accelerations),
// so that a saved state resumes exactly: empty when data has none. load_history takes such numbers back;
// false (and data untouched) when they do not fit the model.
std::vector<double> save_history(const Model& model, const Data& data);
bool load_history(const Model& model, Data& data, const std::vector<double>& history);

}  // namespace lsd::dyn
