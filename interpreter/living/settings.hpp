// The settings of a living plant's run (LANGUAGE.md section 6): everything the
// physics and the growth schedule read, in one value. The `dynamics:` section
// gives the file's values (DynamicsSpec::file), the command line or the
// viewer's sliders change a copy of them, and that one RunSettings is what a
// Simulation runs with: nothing else keeps a second copy.
#pragma once
#include <Eigen/Core>
#include <string_view>
#include <vector>

#include "common/limits.hpp"
#include "dynamics/step.hpp"

namespace lsd::interp {

// The integrators by the names `integrator:` and --integrator know them.
struct IntegratorName {
  const char* name;
  dyn::Integrator integrator;
};
inline constexpr IntegratorName kIntegratorNames[] = {
    {"implicit", dyn::Integrator::kImplicit},  // generalized-alpha, the default
    {"euler", dyn::Integrator::kEuler},        // implicit Euler
    {"explicit", dyn::Integrator::kExplicit},  // semi-implicit Euler
};
inline const char* integrator_name(dyn::Integrator i) {
  for (const IntegratorName& n : kIntegratorNames)
    if (n.integrator == i) return n.name;
  return "?";
}
// False when name is none of them.
inline bool integrator_from_name(std::string_view name, dyn::Integrator& out) {
  for (const IntegratorName& n : kIntegratorNames)
    if (name == n.name) {
      out = n.integrator;
      return true;
    }
  return false;
}

// A value-initialised RunSettings holds every default of the dynamics:
// section (the key table, interpreter/lsystem/src/keys.cpp, reads its defaults from here).
struct RunSettings {
  // ---- Time.
  double dt = 0.001;                                   // s, physics step
  dyn::Integrator integrator = dyn::Integrator::kImplicit;  // generalized-alpha; or euler, explicit
  double dissipation = 1 - dyn::kDefaultRhoInf;        // of the high modes, 0..1 (1 - rho_inf)
  double grow_every = 0;                               // s between derivation steps; 0: all at time 0
  long derivation_length = 1;                          // derivation steps of the run (header, or -n)

  // ---- World.
  Eigen::Vector3d gravity{0, -9.81, 0};                // m/s^2
  Eigen::Vector3d wind{0, 0, 0};                       // m/s, air velocity
  double drag = 0;                                     // N s/m^3: force -drag 2rl (v - wind) per body

  // ---- Contact and ties (dynamics/contact.hpp).
  std::vector<dyn::Obstacle> obstacles;                // ground:, pole:, sphere:
  double contact_stiffness = dyn::kDefaultContactStiffness;  // N/m per contact point
  double contact_damping = -1;                         // N s/m; < 0: critical for the touching body's mass
  double friction = dyn::kDefaultFriction;             // Coulomb's coefficient
  bool self_contact = false;
  double tie_stiffness = dyn::kDefaultTieStiffness;    // N/m

  // ---- Material (for bodies that do not give their own).
  double density = 1000;                               // kg/m^3
  double young = 1e9;                                  // Pa; 0: joints without springs
  double poisson = 0.3;
  bool use_damping_ratio = true;                       // damping ratio: (true) or damping: (false)
  double damping_ratio = 0.1;                          // fraction of each joint's critical damping
  double damping = 0.002;                              // N m s/rad on every joint axis
  double young_scale = 1;                              // multiplies every Young's modulus (viewer)
  double max_turn = dyn::kDefaultMaxTurn;              // rad a body may turn per pass (0: no substeps)
  double stiffness_damping = 0;                        // s: adds nu K to every joint's damping (Rayleigh)
  double damping_scale = 1;                            // multiplies every joint damping (viewer)

  // ---- The base (the first body).
  bool floating_base = false;                          // base: floating
  bool kinematic_base = false;                         // the viewer's movable pot

  // ---- Limits of a run (limits.hpp).
  double max_angular_velocity = limits::kAngularVelocity;  // rad/s: faster has diverged
  double max_physics_steps = limits::kPhysicsSteps;        // a longer run is refused
  std::size_t max_modules = limits::kModules;              // a derived string may not grow past this
};

}  // namespace lsd::interp
