// The settings of a living plant's run (docs/language.md section 6): what
// the physics step reads, what the model is built from, and the growth
// schedule, in one value. The `dynamics:` section gives the file's values
// (DynamicsSpec::file); the command line or the viewer's sliders change a
// copy of them, and a Simulation runs with that one RunSettings and keeps it
// private (simulation.hpp).
//
// The record has three parts, so that a new key needs only its row in the
// key table (lsystem/src/keys.cpp) and the code that reads it:
// - dyn::Options: the step's options (time step, integrator, gravity, wind,
//   contact constants). The model holds them; the step reads them there.
// - ModelSettings: what the model of the string is built from (materials,
//   drag, the base, obstacles). Changing any of them rebuilds the model.
// - the schedule and the limits of the run.
#pragma once
#include <optional>
#include <string_view>
#include <vector>

#include "common/limits.hpp"
#include "dynamics/model.hpp"
#include "dynamics/options.hpp"

namespace lsd::interp {

// False when name is none of dyn::kIntegratorNames.
inline bool integrator_from_name(std::string_view name, dyn::Integrator& out) {
  for (const dyn::IntegratorName& n : dyn::kIntegratorNames)
    if (name == n.name) {
      out = n.integrator;
      return true;
    }
  return false;
}

// What the model of a string is built from (living_model.hpp).
struct ModelSettings {
  // ---- Material (for bodies that do not give their own).
  double density = 1000;                               // kg/m^3
  double young = 1e9;                                  // Pa; 0: joints without springs
  double poisson = 0.3;
  bool use_damping_ratio = true;                       // damping ratio: (true) or damping: (false)
  double damping_ratio = 0.1;                          // fraction of each joint's critical damping
  double damping = 0.002;                              // N m s/rad on every joint axis
  double young_scale = 1;                              // multiplies every Young's modulus (viewer)
  double stiffness_damping = 0;                        // s: adds nu K to every joint's damping (Rayleigh)
  double damping_scale = 1;                            // multiplies every joint damping (viewer)

  // ---- The world's bodies.
  double drag = 0;                                     // N s/m^3: force -drag 2rl (v - wind) per body
  std::vector<dyn::Obstacle> obstacles;                // ground:, pole:, sphere:, ring:

  // ---- The base (the first body).
  bool floating_base = false;                          // base: floating
  bool kinematic_base = false;                         // the viewer's movable pot

  // ---- Scale (docs/language.md 7.8): metres per unit of the drawing. The
  // model is built in the drawing's units with every constant rescaled, so
  // that it moves as the plant would at this size (model_units below).
  double turtle_unit = 1;                              // m

  bool operator==(const ModelSettings&) const = default;
};

// A value-initialised RunSettings holds every default of the dynamics:
// section (the key table, lsystem/src/keys.cpp, reads its defaults from here).
struct RunSettings : dyn::Options, ModelSettings {
  dyn::Vec3 wind = dyn::Vec3::Zero();                  // m/s, world: the step's input (StepInputs::wind replaces it)
  // ---- The growth schedule.
  double grow_every = 0;                               // s between derivation steps; 0: all at time 0
  long derivation_length = 1;                          // derivation steps of the run (header, or -n)

  // ---- Inosculation (docs/language.md 7.2): two bodies in self contact
  // for this long are welded where they touch (simulation.hpp).
  double fuse_after = 0;                               // s; 0: off

  // ---- Limits of a run (limits.hpp).
  double max_physics_steps = limits::kPhysicsSteps;        // a longer run is refused
  std::size_t max_modules = limits::kModules;              // a derived string may not grow past this

  // The step's options in the model's units (turtle_unit u metres per
  // unit): accelerations and speeds over u, stiffnesses (N/m) over u^3.
  dyn::Options step_options() const {
    dyn::Options o = *this;
    const double u = turtle_unit;
    if (u == 1) return o;
    o.gravity /= u;
    o.slip_velocity /= u;
    o.contact_stiffness /= u * u * u;
    if (o.contact_damping >= 0) o.contact_damping /= u * u * u;
    o.tie_stiffness /= u * u * u;
    return o;
  }
  const ModelSettings& model_settings() const { return *this; }
  bool operator==(const RunSettings&) const = default;
};

// The defaults of `joints: auto` (and so of --sway) where they differ from
// the dynamics: section's, for plants drawn in turtle units from segments F
// (docs/language.md 7.8, which says how they were chosen).
struct SwayDefaults {
  double turtle_unit;    // m per turtle unit
  double young;          // Pa
  double density;        // kg/m^3
  double damping_ratio;
  double drag;           // N s/m^3
};
inline constexpr SwayDefaults kSwayDefaults{0.01, 1e10, 1000, 0.1, 2};

// What the command line changes in a file's settings, the same for every
// command that runs a plant (lsd run, view, render, export): --dt,
// --grow-every, --integrator, --wind.
struct RunOverrides {
  std::optional<double> dt, grow_every;
  std::optional<dyn::Integrator> integrator;
  std::optional<dyn::Vec3> wind;  // m/s
  std::optional<double> turtle_unit;  // m per unit of the drawing
  void apply(RunSettings& s) const {
    if (dt) s.dt = *dt;
    if (turtle_unit) s.turtle_unit = *turtle_unit;
    if (wind) s.wind = *wind;
    if (grow_every) s.grow_every = *grow_every;
    if (integrator) s.integrator = *integrator;
  }
};

}  // namespace lsd::interp
