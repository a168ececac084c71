// One physics step: ABA with the chosen integrator, then the divergence check
// (MuJoCo's mj_step). Nothing is allocated.
#pragma once

#include "common/limits.hpp"
#include "dynamics/data.hpp"

namespace lsd::dyn {

enum class Integrator {
  kExplicit,  // semi-implicit Euler: w += h a(q, w); q <- q exp(h w)
  kImplicit,  // springs, dampers and drag implicit (linearised), one ABA pass
};

struct StepOptions {
  double dt = 1e-3;                          // s
  Integrator integrator = Integrator::kImplicit;
  double max_angular_velocity = limits::kAngularVelocity;  // rad/s; above it a joint counts as diverged
};

// Advances data by one step of options.dt and sets data.first_nonfinite_joint.
// Afterwards data.oMi and data.v still describe the pose at the start of the
// step; call forward_kinematics for the new one.
void step(const Model& model, Data& data, const StepOptions& options = {});

}  // namespace lsd::dyn
