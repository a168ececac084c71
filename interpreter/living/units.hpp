// The model's units (docs/language.md 7.8): with a turtle unit of u metres
// per unit of the drawing, the living model is built in the drawing's units
// with every constant rescaled, so that it moves as the plant of u-metre
// units would: the same angles at the same times. This is the one
// conversion between the settings (SI) and the model: the step's options,
// the wind of each step, and what a run reports (trace, contact forces).
#pragma once
#include <cmath>

#include "dynamics/options.hpp"
#include "interpreter/lsystem/settings.hpp"

namespace lsd::interp {

struct ModelUnits {
  double u = 1;  // m per unit of the drawing

  // ---- SI -> the model's units.
  double length(double m) const { return m / u; }
  Vec3 speed(const Vec3& v) const { return v / u; }                 // m/s; also accelerations (m/s^2)
  double speed(double v) const { return v / u; }
  double young(double pa) const { return pa / (u * u); }            // Pa (Young's modulus)
  double drag(double c) const { return c / u; }                     // N s/m^3, per body surface 2 r l
  double stiffness(double k) const { return k / (u * u * u); }      // N/m; also dampers N s/m
  double joint_damping(double d) const { return d / std::pow(u, 5); }  // N m s

  // ---- The model's units -> SI.
  double metres(double x) const { return u * x; }
  Vec3 metres(const Vec3& x) const { return u * x; }
  double newtons(double f) const { return std::pow(u, 4) * f; }
  double joules(double e) const { return std::pow(u, 5) * e; }
};

inline ModelUnits model_units(const ModelSettings& s) { return {s.turtle_unit}; }

// The step's options of a run: its StepSettings in the model's units, the
// rest dyn::Options' defaults. The model holds them (LivingModel::model.opt)
// and the step reads nothing else.
dyn::Options step_options(const RunSettings& s);

}  // namespace lsd::interp
