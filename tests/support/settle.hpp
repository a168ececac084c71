// The accuracy tests' static solve: damped implicit-Euler steps of 20 ms
// (the model's joints or elements carry the damping) until every joint rate
// is below 1e-11 rad/s, at most 20,000 steps, without the energy guard (its
// estimate of an applied force's work does not matter to a static solve).
#pragma once

#include <algorithm>

#include "dynamics/step.hpp"

namespace lsd::test {

// False when the motion went non-finite or did not settle.
inline bool settle(dyn::Model& m, dyn::Data& d) {
  m.opt.dt = 0.02;
  m.opt.integrator = dyn::Integrator::kEuler;
  m.opt.fast_rate = -1;
  double fastest = 1;
  for (int s = 0; s < 20000 && fastest > 1e-11; ++s) {
    dyn::step(m, d);
    if (d.first_nonfinite_joint >= 0) return false;
    fastest = 0;
    for (int i = 1; i < m.nbody(); ++i) fastest = std::max(fastest, d.w[std::size_t(i)].norm());
  }
  return fastest <= 1e-11;
}

}  // namespace lsd::test
