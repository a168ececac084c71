// Growth and motion on one string (docs/language.md section 7.7): physics
// steps of dt, a derivation step every `grow every` simulated seconds until
// the derivation length, then physics alone.
//
// A Simulation owns what a run is made of: the L-system (whose string is the
// state), the one RunSettings of the run, the model compiled from the string
// and the scratch that steps it. It keeps two invariants: the model matches
// the string (rebuilt after every derivation step and after a change of the
// settings that shape it), and pose() never returns a stale pose.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/living/living_model.hpp"
#include "interpreter/growth/lsystem.hpp"
#include "interpreter/lsystem/settings.hpp"

namespace lsd::interp {

// One row of the trace (docs/language.md section 8), in SI.
struct TraceRow {
  double t = 0;
  int step = 0;
  std::size_t modules = 0;
  int bodies = 0;
  double kinetic = 0, potential = 0, elastic = 0;
  dyn::Vec3 tip = dyn::Vec3::Zero();
  int substeps = 1;  // the passes the last step took (max turn:, tolerance:); 1 before the first
};

constexpr const char* kTraceHeader = "t,step,modules,bodies,kinetic,potential,elastic,tip_x,tip_y,tip_z,substeps";
std::string trace_line(const TraceRow& r);  // shortest round-trip numbers, no newline

// One row of the contact trace (lsd run --contacts): time, the body, the
// other body of a self contact (-1 otherwise), what it touches, the world
// point, the unit normal (out of the obstacle or the other body; for a tie
// the direction of its pull), the normal force (N; a tie's whole force) and
// the tangential (friction) force (N, world).
constexpr const char* kContactHeader =
    "t,body,other,kind,x,y,z,nx,ny,nz,normal_force,tangential_x,tangential_y,tangential_z";
// The model's point and forces in SI (units.hpp).
std::string contact_line(double t, const dyn::ContactForce& c, const ModelUnits& units = {});

// What a caller adds to the next physics steps (the viewer's pull, gusts and
// shaken pot); a value-initialised one adds nothing.
struct StepInputs {
  std::optional<dyn::Vec3> wind;          // m/s: replaces settings.wind (gusts); the step's input Data::wind
  dyn::Vec3 base_acc = dyn::Vec3::Zero();  // m/s^2: a kinematic base's acceleration
  std::vector<dyn::BodyForce> forces;      // world forces at body points
};

class Simulation;

// With fuse after: (docs/language.md 7.2), a self contact that lasts: two
// capsules (capsule_a < capsule_b, indices in the model's contact capsules)
// touching at point (world, the model's units) since simulated time `since`.
struct ContactTimer {
  int capsule_a = 0, capsule_b = 0;
  dyn::Vec3 point = dyn::Vec3::Zero();
  double since = 0;
};

// What a caller runs around each physics step of Simulation::advance_to:
// `before` sets the next step's inputs (the viewer's pull, gusts, pot) and
// `after` reads the result (a trace); either stops the run early by
// returning false (a wall-clock budget), which is not an error.
struct StepHooks {
  std::function<bool(Simulation&)> before;
  std::function<bool(Simulation&)> after;
};

class Simulation {
 public:
  // The one start of a run: refuses a run to `until` (when given) that could
  // not end (check_run_length), then starts ls with settings: derives the
  // steps due at its time and builds the model. False with diagnostics (the
  // simulation is then empty).
  bool start(Lsystem ls, const RunSettings& settings, std::vector<grammar::Diagnostic>& diags,
             std::optional<double> until = {});
  // The last start refused its run (nothing was derived or built).
  bool refused() const { return refused_; }

  // The run's settings, the only copy. set_settings replaces them: a change
  // of what the model is built from (ModelSettings) rebuilds the model,
  // keeping the string's state; the step's (StepSettings) become the
  // model's options, which the next step reads; a change of grow every
  // restarts the growth schedule from now. False with diagnostics when the
  // model cannot be rebuilt.
  const RunSettings& settings() const { return settings_; }
  bool set_settings(const RunSettings& settings, std::vector<grammar::Diagnostic>& diags);

  StepInputs inputs;

  const Lsystem& lsystem() const { return ls_; }
  const LivingModel& living() const { return living_; }
  // The string as drawn: the homomorphism's image of the string, made once
  // per rebuild of the model (with the model when it is built from it:
  // living_model.hpp, draw_string), else the string itself. Null with
  // `error` set when the homomorphism fails.
  const ModuleString* drawn(grammar::Diagnostic& error);
  double time() const { return ls_.time(); }
  // The time step, the model's (its step's options: the settings' in the model's units).
  double dt() const { return living_.model.opt.dt; }
  long physics_steps() const { return physics_steps_; }  // taken by this run (lsd run's summary)

  // ---- The one schedule of growth and motion.
  // Physics steps of dt until simulated time `until` (to the nearest step),
  // each followed by the derivation steps the schedule makes due. False on
  // error (the string then holds the last complete, finite state), true
  // when the hooks stop the run early.
  bool advance_to(double until, std::vector<grammar::Diagnostic>& diags, const StepHooks& hooks = {});
  bool advance(double seconds, std::vector<grammar::Diagnostic>& diags, const StepHooks& hooks = {}) {
    return advance_to(time() + seconds, diags, hooks);
  }
  // One physics step of dt: the state is read from the string, stepped and
  // written back. On divergence the string keeps its last finite state and
  // an error names the joint. With fuse after:, the self contacts that have
  // lasted that long are then welded: the string gains their @Weld pairs
  // and the model is rebuilt (docs/language.md 7.2). (advance_to is this and
  // the growth it makes due.)
  bool step(std::vector<grammar::Diagnostic>& diags);
  // Growth on the schedule: with automatic growth (the default) the k-th
  // derivation step comes at k x grow every, counted from the start of the
  // schedule (time 0 and step 0 unless the schedule was restarted), all of
  // them at once with grow every 0; without it, only grow() derives.
  bool automatic_growth() const { return automatic_growth_; }
  void set_automatic_growth(bool on);
  // The derivation steps the schedule asks for at the current time.
  long due_steps() const;
  // n derivation steps now (the one growth step of lsystem.hpp, n times),
  // then the model is rebuilt once.
  bool grow(long n, std::vector<grammar::Diagnostic>& diags);
  // Puts a moving base back at rest at the origin (its state module zeroed).
  void reset_base();

  // Poses and velocities of every body for the string's current state
  // (loaded and run through forward kinematics when the string has changed).
  const dyn::Data& pose();
  TraceRow trace_row();
  // Every contact and tie force of the current state (contact.hpp).
  const std::vector<dyn::ContactForce>& contacts();
  // The run's history, which a saved string carries so that a resumed run
  // is exact: the touches fuse after: is timing, and the integrator's
  // (dyn::save_history).
  std::vector<double> history() const;
  // The string file of the current state: header line, the integrator's
  // history (when it has one) and the string.
  std::string saved_text() const;
  // The self contacts fuse after: is timing (none without it), kept in a
  // saved string's history so that a resumed run times them on.
  const std::vector<ContactTimer>& contact_timers() const { return timers_; }

 private:
  void changed() { ++version_; }
  bool rebuild(std::vector<grammar::Diagnostic>& diags);
  void restore_history();
  void restart_schedule();
  bool fuse(std::vector<grammar::Diagnostic>& diags);
  Lsystem ls_;
  RunSettings settings_;
  LivingModel living_;
  DrawnString drawn_;          // the homomorphism's image, when drawn_ready_ (drawn())
  bool drawn_ready_ = false;
  dyn::Data data_;           // scratch of the step; poses valid when posed_ == version_
  long version_ = 0, posed_ = -1;
  long physics_steps_ = 0;
  std::vector<ContactTimer> timers_;  // fuse after:'s (fusion.hpp)
  bool rebuilt_ = true;               // the model was rebuilt since the timers were updated
  // The growth schedule: step k (> origin_step_) at origin_time_ + (k - origin_step_) x grow every.
  bool refused_ = false;
  bool automatic_growth_ = true;
  double origin_time_ = 0;
  long origin_step_ = 0;
};

// Runs sim to simulated time `until`, growing on the schedule; calls on_row
// at the start, then for every row due (every step, or every `trace_every`
// seconds on the grid of its multiples). False on error (the string then
// holds the last complete, finite state).
bool run_until(Simulation& sim, double until, double trace_every,
               const std::function<void(const TraceRow&)>& on_row, std::vector<grammar::Diagnostic>& diags);

// Refuses a run that could not end: more than settings.max_physics_steps
// steps of dt, or a time so large that steps of dt no longer count.
bool check_run_length(const Lsystem& ls, const RunSettings& settings, double until,
                      std::vector<grammar::Diagnostic>& diags);

}  // namespace lsd::interp
