// The plant the viewer shows, without any window: the loaded L-system, its
// living simulation, the per-frame inputs (a pull spring, wind with gusts, a
// shaken pot) and the drawn geometry. The frame loop (app.cpp) and the tests
// drive it; nothing here touches OpenGL or GLFW.
#pragma once
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/lsystem.hpp"
#include "interpreter/simulate.hpp"
#include "interpreter/turtle.hpp"

namespace lsd::view {

// What the motion panel edits. A value-initialised one means "as the file says"
// for dt and integrator once apply_file_defaults has run.
struct MotionSettings {
  bool playing = true;
  double speed = 1.0;         // simulated seconds per wall-clock second
  double dt = 1e-3;           // s, physics step
  bool implicit = true;       // integrator
  int max_substeps = 2000;    // physics steps per frame at most
  double gravity = 9.81;      // m/s^2, magnitude (direction from the file, default -y)
  double young_scale = 1.0;   // LivingOptions
  double damping_scale = 1.0;
  double drag = 0;            // N s/m^3, dynamics: drag (wind acts through it)
  double wind_heading = 0;    // degrees about +y; 0 blows along +x
  double wind_speed = 0;      // m/s
  double gust = 0.5;          // relative amplitude of gusts, 0..1
  bool movable_pot = false;   // kinematic base: arrow keys accelerate the pot
};

// A spring pulling a point fixed on one body toward a world target.
struct Pull {
  bool active = false;
  int body = -1;                        // body index in the living model
  interp::Vec3 point = interp::Vec3::Zero();   // m, in the body frame
  interp::Vec3 target = interp::Vec3::Zero();  // m, world
  double stiffness = 0;                 // N/m; 0 = automatic (from the plant's weight)
};

struct Session {
  // ---- The file.
  std::string path;
  interp::LoadOptions load;
  interp::DeriveOptions derive;              // --max-modules
  long long mtime_ns = -1, file_size = -1;   // of the file when last read
  std::string error;                         // located messages of the last failed load / step ("" = none)

  // ---- The plant (ls is a pointer so that sim.ls stays valid when the session moves).
  std::unique_ptr<interp::Lsystem> ls;
  interp::Simulation sim;
  std::string source_text;                   // of the last good load, for reset
  bool diverged = false;
  interp::DynamicsSpec file_spec;            // dynamics: of the last good load (to see what an edit changed)

  // ---- Growth.
  bool auto_grow = false;
  double grow_every = 1.0;                   // s of simulated time
  double next_grow = 0;                      // simulated time of the next automatic step
  double grow_every_override = -1;           // --grow-every (>= 0) wins over the file on every load

  // ---- Motion.
  MotionSettings motion;
  Pull pull;
  interp::Vec3 pot_push = interp::Vec3::Zero();  // m/s^2, acceleration asked by the arrow keys
  double time_debt = 0;                      // s of simulated time asked for but not stepped yet

  // ---- What is drawn.
  interp::Geometry geometry;                 // in the world (base pose applied)
  bool geometry_dirty = true;
  std::vector<std::int32_t> drawn_body;      // (drawn string) body of each drawn module; empty = same as the string
  long drawn_body_version = -1;              // structure_version drawn_body was made for
  long geometry_version = 0;                 // increments on every rebuild of the geometry
  long structure_version = 0;                // increments on load, reset and growth
};

// Loads path into the session. On a parse or model error the previous plant
// (if any) stays and `error` holds the messages; returns false.
bool open_file(Session& s, const std::string& path);
// Reloads when the file's mtime or size changed; true when it was reloaded
// (successfully or not). The motion settings and the camera stay.
bool reload_if_changed(Session& s);
// Back to the axiom of the last good load (derivation steps due at time 0 done).
bool reset(Session& s);
// One derivation step now (also when automatic growth is off). False at the
// derivation length or on error.
bool grow_one(Session& s);
// Rebuilds the living model after a change of the settings that shape it
// (Young's modulus, damping, drag, pot), keeping the string's state.
void rebuild_model(Session& s);
// The same after the string changed (a derivation step): a pull in progress
// moves to the body nearest to its world point from before the change.
void rebuild_model(Session& s, const interp::Vec3* pulled_point);

struct AdvanceResult {
  int steps = 0;            // physics steps taken
  double simulated = 0;     // s
  bool behind = false;      // the budget ran out before the asked time was simulated
};
// Simulates `seconds` of time in steps of dt (carrying the remainder to the
// next call), with the pull, wind, pot and growth applied at every step. Stops
// early when `budget` (wall-clock seconds, <= 0: none) runs out.
AdvanceResult advance(Session& s, double seconds, double budget);

// The wind at simulated time t: heading and speed with smooth gusts.
interp::Vec3 wind_at(const MotionSettings& m, double t);
// The world position of the pull's point on its body (current pose).
interp::Vec3 pull_point_world(Session& s);
// Spring constant of a pull that asks for none: a displacement of a tenth of
// the plant's height pulls with its weight.
double automatic_pull_stiffness(const Session& s);

// Re-interprets the string into s.geometry when it changed; true if it did.
bool update_geometry(Session& s);

// The first `max_chars` characters of the string as text (modules separated
// by spaces) and how many modules were left out.
std::string string_excerpt(const Session& s, std::size_t max_chars, std::size_t* left_out);

int body_count(const Session& s);
std::size_t module_count(const Session& s);

}  // namespace lsd::view
