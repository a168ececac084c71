// The settings of a living plant's run (docs/language.md section 7.2): the
// values of the dynamics: section, in SI units, which the command line and
// the viewer's sliders change. They are plain values: the compiled rules
// hold the file's (DynamicsSpec::file) without knowing the physics, and the
// living model turns them into its model and the step's options
// (living/units.hpp: the one conversion into the model's units). A
// Simulation runs with one RunSettings and keeps it private (simulation.hpp).
//
// The record is composed of three parts, so that a new key needs only its
// field here, its row in the key table (lsystem/src/keys.cpp) and the code
// that reads it:
// - StepSettings: what each physics step reads (time step, integrator,
//   gravity, contact constants). The model holds them, converted, as the
//   step's options; the step reads nothing else.
// - ModelSettings: what the model of the string is built from (materials,
//   drag, the base, obstacles). Changing any of them rebuilds the model.
// - the rest of the run: the wind (an input of every step), the growth
//   schedule and the limits of the run.
#pragma once
#include <cstddef>
#include <iterator>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Core>

#include "common/limits.hpp"

namespace lsd::interp {

using Vec3 = Eigen::Vector3d;

// The integrators (docs/language.md 7.2), by the names `integrator:`,
// --integrator and every message know them.
enum class Integrator {
  kImplicit,  // generalized-alpha (the default): second order, A-stable, high modes damped
  kEuler,     // implicit Euler: first order, damps every mode
  kExplicit,  // semi-implicit Euler: the reference scheme
};
struct IntegratorName {
  const char* name;
  Integrator integrator;
};
inline constexpr IntegratorName kIntegratorNames[] = {
    {"implicit", Integrator::kImplicit},  // generalized-alpha, the default
    {"euler", Integrator::kEuler},        // implicit Euler
    {"explicit", Integrator::kExplicit},  // semi-implicit Euler
};
inline const char* integrator_name(Integrator i) {
  for (const IntegratorName& n : kIntegratorNames)
    if (n.integrator == i) return n.name;
  return "?";
}
// "'implicit', 'euler' or 'explicit'": the names for a message.
inline std::string integrator_names() {
  std::string s;
  constexpr std::size_t n = std::size(kIntegratorNames);
  for (std::size_t k = 0; k < n; ++k)
    s += (k == 0 ? "'" : k + 1 == n ? " or '" : ", '") + std::string(kIntegratorNames[k].name) + "'";
  return s;
}
// False when name is none of kIntegratorNames.
inline bool integrator_from_name(std::string_view name, Integrator& out) {
  for (const IntegratorName& n : kIntegratorNames)
    if (name == n.name) {
      out = n.integrator;
      return true;
    }
  return false;
}

// An obstacle of the world (ground:, pole:, sphere:, ring:), in the
// drawing's coordinates.
enum class ObstacleKind { kGround, kPole, kSphere, kRing };
struct Obstacle {
  ObstacleKind kind = ObstacleKind::kGround;
  Vec3 centre = Vec3::Zero();  // ground: its height in y; pole: its axis' x and z; sphere, ring: its centre
  double radius = 0;           // pole, sphere, ring
  double top = std::numeric_limits<double>::infinity();  // a pole's top height
  Vec3 axis = Vec3::UnitY();   // a ring's axis (unit)
  bool operator==(const Obstacle&) const = default;
};

// What each physics step reads (the step's options: living/units.hpp
// converts them into dyn::Options, whose defaults these are; a test checks
// that they agree).
struct StepSettings {
  double dt = 1e-3;                                    // s
  Integrator integrator = Integrator::kImplicit;
  double rho_inf = 0.5;                                // generalized-alpha's spectral radius at infinity (dissipation: 1 - rho_inf)
  double max_turn = 0.1;                               // rad: substeps keep each joint's turn per pass below it
  double tolerance = 0;                                // > 0: substeps chosen by the motion's error (docs/language.md 7.2)
  Vec3 gravity = Vec3(0.0, -9.81, 0.0);                // m/s^2, world
  double contact_stiffness = 1e5;                      // N/m per contact point
  double contact_damping = -1;                         // N s/m per contact point; < 0: critical for the touching body's mass
  double friction = 0.5;                               // Coulomb's coefficient
  bool self_contact = false;                           // the bodies collide with each other (not joined neighbours)
  double tie_stiffness = 1e5;                          // N/m; ties, grafts and rings are critically damped

  bool operator==(const StepSettings&) const = default;
};

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
  bool second_order_springs = false;                   // springs: second order (the clamp's spring 2EI/l; docs/language.md 7.2)

  // ---- The world's bodies.
  double drag = 0;                                     // N s/m^3: force -drag 2rl (v - wind) per body
  std::vector<Obstacle> obstacles;                     // ground:, pole:, sphere:, ring:

  // ---- The base (the first body).
  bool floating_base = false;                          // base: floating
  bool kinematic_base = false;                         // the viewer's movable pot

  // ---- Scale (docs/language.md 7.8): metres per unit of the drawing. The
  // model is built in the drawing's units with every constant rescaled, so
  // that it moves as the plant would at this size (living/units.hpp).
  double turtle_unit = 1;                              // m

  bool operator==(const ModelSettings&) const = default;
};

// A value-initialised RunSettings holds every default of the dynamics:
// section (the key table, lsystem/src/keys.cpp, reads its defaults from here).
struct RunSettings : StepSettings, ModelSettings {
  Vec3 wind = Vec3::Zero();                            // m/s, world: an input of every step (StepInputs::wind replaces it)

  // ---- The growth schedule (how many steps: Lsystem::derivation_length).
  double grow_every = 0;                               // s between derivation steps; 0: all at time 0

  // ---- Inosculation (docs/language.md 7.2): two bodies in self contact
  // for this long are welded where they touch (simulation.hpp).
  double fuse_after = 0;                               // s; 0: off

  // ---- Limits of a run (limits.hpp).
  double max_physics_steps = limits::kPhysicsSteps;        // a longer run is refused
  std::size_t max_modules = limits::kModules;              // a derived string may not grow past this

  const StepSettings& step_settings() const { return *this; }
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
// command that runs a plant (lsd run, view, render, export): --dt, --tolerance,
// --grow-every, --integrator, --wind, --turtle-unit.
struct RunOverrides {
  std::optional<double> dt, grow_every, tolerance;
  std::optional<Integrator> integrator;
  std::optional<Vec3> wind;  // m/s
  std::optional<double> turtle_unit;  // m per unit of the drawing
  void apply(RunSettings& s) const {
    if (dt) s.dt = *dt;
    if (tolerance) s.tolerance = *tolerance;
    if (turtle_unit) s.turtle_unit = *turtle_unit;
    if (wind) s.wind = *wind;
    if (grow_every) s.grow_every = *grow_every;
    if (integrator) s.integrator = *integrator;
  }
};

}  // namespace lsd::interp
