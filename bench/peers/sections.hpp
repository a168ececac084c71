// The sections of bench_peers (peers_bench.cpp): the plants with their
// MuJoCo models and runs, and what each section measures and prints.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "bench/peers/mujoco_plant.hpp"
#include "bench/peers/plants.hpp"
#include "bench/peers/runs.hpp"

namespace lsd::peers {

struct Settings {
  bool quick = false;       // fewer plants and rounds (development)
  double step_cap = 20;     // s: a MuJoCo step that takes longer is reported as "> step_cap"
  double compile_cap = 1800;  // s: MuJoCo's compiler, once per plant (cached)
  double search_budget = 60;  // s: a stable-step search estimated to take longer is cut short
  std::string cache;        // compiled MuJoCo models
  int rounds = 7;           // timing rounds (cases in turns, best of rounds)
};

// The engines side by side, in the order of the tables' columns.
inline constexpr Engine kEngines[3] = {Engine::kLsd, Engine::kMjEuler, Engine::kMjImplicit};

// One plant, its MuJoCo model, its runs and what was measured on it.
struct PlantCase {
  Plant plant;
  std::unique_ptr<MjPlant> mj;   // null: MuJoCo could not take it (mj_note says why)
  std::string mj_note;
  bool implicit_fits = false;    // the model's stack holds the implicit integrator's scratch
  dyn::Data start;               // every run's start (start_state)
  std::vector<std::unique_ptr<Run>> runs;  // by kEngines; null where not run
  std::unique_ptr<Run> explicit_run;       // lsd's explicit scheme (MuJoCo Euler's, without damping)
  // One MuJoCo step (s), timed in a capped child: < 0 passed the cap; 0 not run.
  double trial_step[3] = {0, 0, 0};
  std::string trial_note[3];
  // The largest stable step (s; 0 unknown), how it was found.
  double stable_dt[3] = {0, 0, 0};
  double explicit_dt = 0;
  const char* stable_note[3] = {"", "", ""};  // a mark beside the step, or why there is none
  // Timed in turns: s per step (best block), and the dt it ran at.
  double step_seconds[3] = {0, 0, 0};
  double timed_dt[3] = {0, 0, 0};
};

struct Bench {
  Settings settings;
  std::vector<PlantCase> plants;
  // The reference trajectory of section 4 (tip every 1/60 s), from section 1.
  std::vector<dyn::Vec3> reference;
};

// Builds the plants and their MuJoCo models (printing what MuJoCo's compiler
// took) and times one MuJoCo step of each in a capped child.
Bench make_bench(const Settings& settings);

void same_plant(Bench& bench);      // 1.
void stable_steps(Bench& bench);    // 2.
void cost_and_price(Bench& bench);  // 3.
void accuracy(Bench& bench);        // 4.

// Writes every plant's MJCF into DIR/<plant>/ ("chain10", ...) for
// mujoco_wasm.mjs; false (and a message) if a file cannot be written.
bool write_mjcf(const std::string& dir);

// Helpers shared by the sections' files.
int moving_bodies(const PlantCase& c);
std::string seconds_text(double s);  // "1.2e-05", "> 20", "-"
PlantCase* find_plant(Bench& bench, const std::string& name);

}  // namespace lsd::peers
