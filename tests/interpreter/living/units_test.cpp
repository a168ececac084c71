// Tests of interpreter/living/src/units.cpp: the settings (SI) in the model's
// units, the one conversion (docs/language.md 7.8).
#include "interpreter/living/units.hpp"

#include <catch2/catch.hpp>

using namespace lsd;

TEST_CASE("the settings' defaults are the step's: step_options of a value-initialised RunSettings") {
  // The defaults of the dynamics: section (lsystem/settings.hpp) and of the
  // step (dynamics/options.hpp) are written twice; at one metre per unit
  // they must give the same options.
  CHECK(interp::step_options(interp::RunSettings{}) == dyn::Options{});
}

TEST_CASE("with turtle unit u the step's options are rescaled: speeds and accelerations over u, "
          "contact and tie constants over u^3") {
  interp::RunSettings s;
  s.turtle_unit = 0.01;
  s.gravity = interp::Vec3(0, -9.81, 1);
  s.contact_damping = 20;
  s.integrator = interp::Integrator::kEuler;
  const dyn::Options o = interp::step_options(s);
  CHECK(o.dt == s.dt);
  CHECK(o.integrator == dyn::Integrator::kEuler);
  CHECK((o.gravity - interp::Vec3(0, -981, 100)).norm() < 1e-9);
  CHECK(o.slip_velocity == Approx(dyn::Options{}.slip_velocity / 0.01));
  CHECK(o.contact_stiffness == Approx(s.contact_stiffness / 1e-6));
  CHECK(o.contact_damping == Approx(20 / 1e-6));
  CHECK(o.tie_stiffness == Approx(s.tie_stiffness / 1e-6));
  s.contact_damping = -1;  // critical: no value to rescale
  CHECK(interp::step_options(s).contact_damping == -1);
  // and back: a length, a force (u^4 N) and an energy (u^5 J) of the model in SI
  const interp::ModelUnits u = interp::model_units(s);
  CHECK(u.metres(u.length(2.5)) == Approx(2.5));
  CHECK(u.newtons(1) == Approx(1e-8));
  CHECK(u.joules(1) == Approx(1e-10));
}
