// Growth and motion on one string (LANGUAGE.md section 6, "Time"): physics
// steps of dt, a derivation step every `grow every` simulated seconds until
// the derivation length, then physics alone.
#pragma once
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "living.hpp"
#include "lsystem.hpp"

namespace lsd::interp {

struct SimOptions {
  double until = 10;                 // s: run until simulated time reaches this
  std::optional<double> dt;          // s: overrides dynamics: dt
  std::optional<double> grow_every;  // s: overrides dynamics: grow every
  std::optional<bool> implicit;      // overrides dynamics: integrator
  double trace_every = 0;            // s between trace rows; 0 = every step
  double max_angular_velocity = 1e4;  // rad/s: a joint spinning faster has diverged
  double max_physics_steps = 1e8;     // a run that would take more steps of dt is refused
  DeriveOptions derive;
  LivingOptions living;
};

// One row of the trace (LANGUAGE.md section 7).
struct TraceRow {
  double t = 0;
  int step = 0;
  std::size_t modules = 0;
  int bodies = 0;
  double kinetic = 0, potential = 0, elastic = 0;
  dyn::Vec3 tip = dyn::Vec3::Zero();
};

constexpr const char* kTraceHeader = "t,step,modules,bodies,kinetic,potential,elastic,tip_x,tip_y,tip_z";
std::string trace_line(const TraceRow& r);  // shortest round-trip numbers, no newline

// A simulation in progress: the L-system (its string is the state) and the
// model built from it.
struct Simulation {
  Lsystem* ls = nullptr;
  SimOptions opts;
  LivingModel living;
  double dt = 0.001, grow_every = 0;
  bool implicit = true;
  long physics_steps = 0;   // steps taken by this run
  double next_trace = 0;
};

// Prepares a simulation of ls (derives the steps due at its time, builds the model).
bool start_simulation(Lsystem& ls, const SimOptions& opts, Simulation& sim, std::vector<grammar::Diagnostic>& diags);

// Rebuilds the model from the string (after a derivation, or when opts.living changed).
bool rebuild_model(Simulation& sim, std::vector<grammar::Diagnostic>& diags);

// Derives while steps are due at the current time, rebuilding the model. False on error.
bool grow_if_due(Simulation& sim, std::vector<grammar::Diagnostic>& diags);

// One physics step of dt: state read from the string, stepped, written back.
// On divergence the string keeps its last finite state and an error names the joint.
bool physics_step(Simulation& sim, std::vector<grammar::Diagnostic>& diags);

// The current trace row (runs forward kinematics and the energies).
TraceRow trace_row(Simulation& sim);

// Runs to opts.until; calls on_row for every trace row due. False on error
// (the string then holds the last complete, finite state).
bool run_simulation(Lsystem& ls, const SimOptions& opts, const std::function<void(const TraceRow&)>& on_row,
                    std::vector<grammar::Diagnostic>& diags);

}  // namespace lsd::interp
