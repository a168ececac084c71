#include "dynamics/step.hpp"

#include "dynamics/aba.hpp"
#include "dynamics/kinematics.hpp"

namespace lsd::dyn {

void step(const Model& model, Data& data, const StepOptions& options) {
  const double h = options.dt;
  // Implicit: forces linearised over the step (h D + h^2 K on the joint
  // blocks, h C on the bodies); explicit: forces at the current state.
  // The divergence check (check_state) is fused into the last sweep.
  aba_step(model, data, options.integrator == Integrator::kImplicit ? h : 0.0, h,
           options.max_angular_velocity);
  data.time += h;
}

}  // namespace lsd::dyn
