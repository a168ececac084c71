// The one conversion of the settings into the model's units (units.hpp).
#include "interpreter/living/units.hpp"

namespace lsd::interp {

namespace {

dyn::Integrator dyn_integrator(Integrator i) {
  switch (i) {
    case Integrator::kEuler: return dyn::Integrator::kEuler;
    case Integrator::kExplicit: return dyn::Integrator::kExplicit;
    case Integrator::kImplicit: break;
  }
  return dyn::Integrator::kImplicit;
}

}  // namespace

dyn::Options step_options(const RunSettings& s) {
  const ModelUnits units = model_units(s);
  dyn::Options o;
  o.dt = s.dt;
  o.integrator = dyn_integrator(s.integrator);
  o.rho_inf = s.rho_inf;
  o.max_turn = s.max_turn;
  o.tolerance = s.tolerance;
  o.gravity = units.speed(s.gravity);
  o.slip_velocity = units.speed(o.slip_velocity);
  o.contact_stiffness = units.stiffness(s.contact_stiffness);
  o.contact_damping = s.contact_damping >= 0 ? units.stiffness(s.contact_damping) : s.contact_damping;
  o.friction = s.friction;
  o.self_contact = s.self_contact;
  o.tie_stiffness = units.stiffness(s.tie_stiffness);
  return o;
}

}  // namespace lsd::interp
