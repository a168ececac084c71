// The plant the viewer shows, without any window: the loaded L-system's
// simulation (which owns the string, the run's settings, the model and the
// growth schedule), the per-frame inputs (a pull spring, wind with gusts, a
// shaken pot) and the drawn geometry. The frame loop (app.cpp) and the tests
// drive it; nothing here touches OpenGL or GLFW.
//
// The motion panel's sliders edit a copy of the simulation's RunSettings and
// hand it back (apply_settings); what the viewer adds of its own is only how
// fast to play and the gusts (ViewerMotion).
#pragma once
#include <chrono>
#include <string>
#include <vector>

#include "interpreter/growth/lsystem.hpp"
#include "interpreter/living/simulation.hpp"
#include "interpreter/turtle/turtle.hpp"

namespace lsd::view {

// What the viewer adds to the run's settings.
struct ViewerMotion {
  bool playing = true;
  double speed = 1.0;         // simulated seconds per wall-clock second
  int max_substeps = 2000;    // physics steps per frame at most
  double gust = 0.5;          // relative amplitude of gusts, 0..1
  double wind_heading = 0;    // degrees: where the wind slider blows while the wind is calm
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

  // ---- The plant.
  bool loaded = false;                       // sim holds a plant
  interp::Simulation sim;
  std::string source_text;                   // of the last good load, for reset
  interp::RunSettings file_settings;         // the file's settings at the last good load (to see what an edit changed)
  bool diverged = false;

  // ---- Growth (the simulation's schedule does it; sim.automatic_growth() is the viewer's switch).
  interp::RunOverrides overrides;            // --dt, --grow-every, --integrator: win over the file on every load

  // ---- Motion.
  ViewerMotion motion;
  Pull pull;
  interp::Vec3 pot_push = interp::Vec3::Zero();  // m/s^2, acceleration asked by the arrow keys
  double time_debt = 0;                      // s of simulated time asked for but not stepped yet

  // ---- What is drawn.
  interp::Geometry geometry;                 // the scene (interp::build_scene): in the world, base pose applied;
                                             // geometry.module_body: the body each drawn module rides on
  bool geometry_dirty = true;
  bool show_contacts = false;                // contact points and forces drawn (SceneOptions::contacts)
  long geometry_version = 0;                 // increments on every rebuild of the geometry
  long structure_version = 0;                // increments on load, reset and growth
};

// Loads path into the session. On a parse or model error the previous plant
// (if any) stays and `error` holds the messages; returns false.
bool open_file(Session& s, const std::string& path);
// The same with the file already loaded (with s.load) into ls, and perhaps
// derived (the page derives the steps_at_start in chunks it can stop).
bool open_lsystem(Session& s, const std::string& path, interp::Lsystem ls);
// The derivation steps a freshly loaded ls takes before its first physics
// step: all of them without growth on a schedule (as lsd run), else none.
long steps_at_start(const Session& s, const interp::Lsystem& ls);
// Reloads when the file's mtime or size changed; true when it was reloaded
// (successfully or not). The settings the user changed and the camera stay.
bool reload_if_changed(Session& s);
// The "sway" switch (--sway, docs/language.md 7.8): shown for a model with no
// dynamics: section of its own (or one that sways already); set_sway loads
// the file again with or without it, keeping its derivation steps. False
// (with s.error) when that load fails: the previous plant stays.
bool sway_switch_shown(const Session& s);
bool set_sway(Session& s, bool on);
// Back to the axiom of the last good load (derivation steps due at time 0 done).
bool reset(Session& s);
// One derivation step now (also when automatic growth is off). False at the
// derivation length or on error.
bool grow_one(Session& s);
// Replaces the run's settings (the sliders edit a copy of
// s.sim.settings()): what shapes the model rebuilds it, keeping the string's
// state, and a pull in progress keeps its world point. False on error.
bool apply_settings(Session& s, const interp::RunSettings& settings);
// Automatic growth on or off (the next step then comes `grow every` from now).
void set_automatic_growth(Session& s, bool on);

struct AdvanceResult {
  int steps = 0;            // physics steps taken
  double simulated = 0;     // s
  bool behind = false;      // the budget ran out before the asked time was simulated
};
// Simulates `seconds` of time in steps of dt (carrying the remainder to the
// next call) through the simulation's one schedule (Simulation::advance),
// with the pull, wind and pot applied before every step. Stops early when
// `budget` (wall-clock seconds, <= 0: none) runs out.
AdvanceResult advance(Session& s, double seconds, double budget);

// The wind at simulated time t: the settings' wind with smooth gusts.
interp::Vec3 wind_at(const interp::Vec3& wind, double gust, double t);
// Magnitude and heading (degrees about +y; 0 blows along +x) of the
// horizontal wind, and back (the vertical part is kept).
double wind_speed(const interp::Vec3& w);
double wind_heading(const interp::Vec3& w);
void set_wind(interp::Vec3& w, double speed, double heading_deg);
// Starts pulling `body` (> 0) at world point `at` on it toward `at`, with
// the automatic stiffness (the mouse pressed on a body: picking.hpp).
void begin_pull(Session& s, int body, const interp::Vec3& at);
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
double sim_time(const Session& s);  // 0 before a plant is loaded

}  // namespace lsd::view
