#include "dynamics/step.hpp"

#include "dynamics/aba.hpp"
#include "dynamics/kinematics.hpp"

namespace lsd::dyn {

void step(const Model& model, Data& data, const StepOptions& options) {
  const double h = options.dt;
  // Implicit: forces linearised over the step (h D + h^2 K on the joint
  // blocks, h C on the bodies); explicit: forces at the current state.
  aba_integrate(model, data, options.integrator == Integrator::kImplicit ? h : 0.0, h);
  data.time += h;
  check_state(model, data, options.max_angular_velocity);
}

}  // namespace lsd::dyn
