// One plant stepped by one engine (lsd's default step, MuJoCo's Euler or its
// implicit integrator) from a start state it can go back to, and what
// peers_bench.cpp measures with it: the largest stable step and a sampled
// trajectory.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "bench/peers/mujoco_plant.hpp"
#include "bench/peers/plants.hpp"

namespace lsd::peers {

enum class Engine { kLsd, kLsdExplicit, kMjEuler, kMjImplicit };
const char* engine_name(Engine e);

// The start state of every run: at rest, every joint turning at `speed`
// rad/s about a random axis (the same for both engines): released from rest
// under gravity, with a little of every mode excited.
dyn::Data start_state(const dyn::Model& model, double speed);

class Run {
 public:
  // mj: the plant's compiled MuJoCo model for the MuJoCo engines (shared by
  // the runs of one plant: each sets its integrator and step on restart).
  Run(const Plant& plant, Engine engine, MjPlant* mj, const dyn::Data& start);
  Engine engine() const { return engine_; }
  const Plant& plant() const { return *plant_; }
  void set_dt(double dt) { dt_ = dt; }
  double dt() const { return dt_; }
  void restart();   // back to the start state (and, for MuJoCo, this run's options)
  void step();
  bool failed();    // not finite, diverged, or a MuJoCo warning (2.2.2 then resets to rest)
  double largest_speed();  // rad/s: the fastest joint, relative to its parent
  dyn::Vec3 tip();        // world position of the plant's tip point
  double time() const;    // s, simulated since the start
  // Joint accelerations at the current state (child frame, joint after
  // joint), without stepping: lsd's aba(), MuJoCo's mj_forward qacc.
  std::vector<double> accelerations();

 private:
  const Plant* plant_;
  Engine engine_;
  MjPlant* mj_ = nullptr;
  dyn::Data start_, data_;
  dyn::Model model_;  // lsd's: the plant's, with this run's step options (model_.opt)
  double dt_ = 1e-4;
  long steps_ = 0;  // lsd's steps since the start (MuJoCo counts its own time)
};

// The stability criterion: from the start state, 2 s or `max_steps` steps of
// dt, whichever is fewer; stable if nothing failed and no joint ever turned
// faster than max_speed relative to its parent. A plant may move a lot (the
// 10,000-body tree of uniform 1 cm segments cannot hold its 290 kg up and
// falls over), but no plant here turns a joint at 1,000 rad/s (a 10 cm
// twig's tip at 100 m/s); an unstable mode of these schemes grows by a
// factor of 1.2 or more per step at 0.5% above the limit (semi-implicit
// Euler's eigenvalue at omega h = 2.01) and passes it within the trial.
struct StableTrial {
  int max_steps = 150;
  double max_speed = 1000;  // rad/s
};
bool stable(Run& run, double dt, const StableTrial& trial);

// The largest stable step: from `guess`, up or down by factors that double
// until stable and unstable steps bracket it, then bisection on log(dt)
// until they are within `tolerance` (relative). Capped at `cap` (returned
// when stable there) and floored at `floor` (0 when unstable there).
// trials: the number of trial runs it took.
double largest_stable_dt(Run& run, double guess, double cap, double floor, double tolerance,
                         const StableTrial& trial, int* trials);

// Blocks of `steps` steps, each from the start state (run.restart()), as
// many as fit in `slice` seconds (at least one): the best block's seconds.
// *failed is set when a block ends failed.
double best_block(Run& run, int steps, double slice, bool* failed);

// The tip's world position at times 0, every, 2 every, ... up to duration
// (linear interpolation between steps where dt does not divide every).
std::vector<dyn::Vec3> sample_tip(Run& run, double dt, double every, double duration);

}  // namespace lsd::peers
