// bench_peers, sections 2 and 3: the largest stable step of each engine on
// each plant, then the cost of a step and the price of a simulated second,
// the cases timed in turns (sections.hpp).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "bench/peers/sections.hpp"

namespace lsd::peers {

namespace {

using Clock = std::chrono::steady_clock;

constexpr double kFrame = 1.0 / 60;
constexpr double kSearchTolerance = 0.01;  // the bisection stops within 1%
// A search takes about this many trials, half of them stable (a full trial).
constexpr int kTrialsPerSearch = 6;
// A MuJoCo step that takes longer is timed once (make_bench's capped trial),
// not in the rounds.
constexpr double kOnceAbove = 2.0;  // s

std::string dt_text(double dt, const std::string& note) {
  if (dt <= 0) return note.empty() ? "-" : note;
  char b[48];
  if (dt >= kFrame * (1 - 1e-12)) std::snprintf(b, sizeof b, ">= 1/60");
  else std::snprintf(b, sizeof b, "%.3g%s", dt, note.empty() ? "" : note.c_str());
  return b;
}

// The same family's next smaller plant ("tree 1000" for "tree 10000").
PlantCase* smaller(Bench& bench, const PlantCase& c) {
  PlantCase* best = nullptr;
  for (PlantCase& o : bench.plants)
    if (&o != &c && o.plant.name.substr(0, 4) == c.plant.name.substr(0, 4) &&
        o.plant.model.nbody() < c.plant.model.nbody() &&
        (!best || o.plant.model.nbody() > best->plant.model.nbody()))
      best = &o;
  return best;
}

// MuJoCo's largest stable step for engine e of plant c: a full search when
// its estimated time fits the budget; else, when a guess is known, a check
// of the guess (stable 2% below it, unstable 2% above) when two trials fit
// five budgets; else nothing. The guess: lsd explicit's step for Euler
// (on an undamped chain MuJoCo's Euler is that very scheme), Euler's for
// the implicit integrator, else the smaller plant's.
void search_mujoco(Bench& bench, PlantCase& c, int e, const StableTrial& trial) {
  const double t = c.trial_step[e];
  if (!c.runs[e] || t <= 0) {
    c.stable_note[e] = t < 0 ? "not run" : "-";
    return;
  }
  double guess = e == 2 && c.stable_dt[1] > 0 ? c.stable_dt[1] : 0;
  if (guess <= 0 && c.plant.name.rfind("tree", 0) == 0)
    if (PlantCase* s = smaller(bench, c)) guess = s->stable_dt[e];
  if (guess <= 0) guess = c.explicit_dt > 0 ? c.explicit_dt : 1e-5;
  const double budget = bench.settings.search_budget;
  const double full = t * trial.max_steps;
  if (full * kTrialsPerSearch <= budget) {
    int trials = 0;
    c.stable_dt[e] = largest_stable_dt(*c.runs[e], guess, kFrame, 1e-10, kSearchTolerance, trial, &trials);
    return;
  }
  if (full * 2 <= 5 * budget) {
    const bool below = stable(*c.runs[e], guess / 1.02, trial);
    const bool above = below && !stable(*c.runs[e], guess * 1.02, trial);
    if (below && above) {
      c.stable_dt[e] = guess / 1.02;
      c.stable_note[e] = "*";
      return;
    }
    c.stable_note[e] = below ? "> guess" : "< guess";
    return;
  }
  // An undamped chain: MuJoCo's Euler is lsd's explicit scheme.
  if (e == 1 && c.explicit_dt > 0 && c.plant.name.rfind("chain", 0) == 0) {
    c.stable_dt[e] = c.explicit_dt;
    c.stable_note[e] = "~";
    return;
  }
  c.stable_note[e] = "not searched";
}

}  // namespace

void stable_steps(Bench& bench) {
  const StableTrial trial;
  std::printf("\n2. The largest stable step: released from rest, joints turning at 0.01 rad/s; stable if within "
              "2 s or %d steps (whichever is fewer) nothing is non-finite, MuJoCo counted no warning and no joint "
              "turned faster than %.0f rad/s; bisection to %.0f%%, capped at 1/60 s\n\n",
              trial.max_steps, trial.max_speed, 100 * kSearchTolerance);
  std::printf("  %-11s %14s %14s %16s %16s %8s\n", "plant", "lsd (default)", "lsd explicit", "MuJoCo Euler",
              "MuJoCo implicit", "time");
  for (PlantCase& c : bench.plants) {
    const auto t0 = Clock::now();
    int trials = 0;
    c.stable_dt[0] = largest_stable_dt(*c.runs[0], kFrame, kFrame, 1e-7, kSearchTolerance, trial, &trials);
    PlantCase* s = smaller(bench, c);
    double guess = s && s->explicit_dt > 0 ? s->explicit_dt : 1e-4;
    if (s && c.plant.name.rfind("chain", 0) == 0)  // the thesis chain: k/I grows as n^4 (h ~ 1/n^2)
      guess *= std::pow(double(s->plant.model.nbody()) / c.plant.model.nbody(), 2);
    c.explicit_dt = largest_stable_dt(*c.explicit_run, guess, kFrame, 1e-10, kSearchTolerance, trial, &trials);
    search_mujoco(bench, c, 1, trial);
    search_mujoco(bench, c, 2, trial);
    std::printf("  %-11s %14s %14s %16s %16s %7.0fs\n", c.plant.name.c_str(), dt_text(c.stable_dt[0], "").c_str(),
                dt_text(c.explicit_dt, "").c_str(), dt_text(c.stable_dt[1], c.stable_note[1]).c_str(),
                dt_text(c.stable_dt[2], c.stable_note[2]).c_str(),
                std::chrono::duration<double>(Clock::now() - t0).count());
  }
  std::printf("\n  * checked, not searched (a step is too slow for a search): stable 2%% below the smaller plant's "
              "(or Euler's) step, unstable 2%% above\n"
              "  ~ lsd explicit's step: without damping MuJoCo's Euler is the same scheme (compare the rows above); "
              "MuJoCo's own search would take hours\n");
}

void cost_and_price(Bench& bench) {
  // The cases: every engine on every plant at its own largest stable step.
  // A block is lsd's simulated second (60 steps of 1/60 s from the start) or
  // a few ms of MuJoCo's steps; each round gives every case in turn a slice
  // of ~50 ms of as many blocks as fit (at least one), and the best block
  // counts: on a machine shared with other builds the best of many short
  // blocks is the one nothing else interrupted, for both engines alike.
  struct Case {
    PlantCase* c;
    int e;
    int block;
    double best = INFINITY;
    bool failed = false;
  };
  std::vector<Case> cases;
  for (PlantCase& c : bench.plants) {
    for (int e = 0; e < 3; ++e) {
      if (!c.runs[e]) continue;
      double dt = c.stable_dt[e];
      if (e == 0) dt = dt > 0 ? std::min(dt, kFrame) : kFrame;
      if (e > 0 && dt <= 0) dt = c.stable_dt[1] > 0 ? c.stable_dt[1] : 1e-5;  // the cost alone
      c.timed_dt[e] = dt;
      if (e > 0 && (c.trial_step[e] <= 0 || c.trial_step[e] > kOnceAbove)) {
        c.step_seconds[e] = c.trial_step[e];  // timed once, or passed the cap (< 0)
        continue;
      }
      const int block = e == 0 ? static_cast<int>(std::lround(1.0 / dt))
                               : std::clamp(static_cast<int>(0.005 / c.trial_step[e]), 1, 1000);
      cases.push_back({&c, e, block});
    }
  }
  const auto t0 = Clock::now();
  constexpr double kSlice = 0.05;  // s per case per round
  for (int round = 0; round < bench.settings.rounds; ++round)
    for (Case& k : cases) {
      Run& run = *k.c->runs[k.e];
      run.set_dt(k.c->timed_dt[k.e]);
      k.best = std::min(k.best, best_block(run, k.block, kSlice, &k.failed) / k.block);
    }
  for (Case& k : cases) k.c->step_seconds[k.e] = k.failed ? 0 : k.best;

  std::printf("\n3. Cost of a step, ns per moving body (lsd: its steps of 1/60 s over a simulated second from the "
              "start state, fast steps included; MuJoCo: at its largest stable step); %d rounds, the cases in turns, "
              "each a slice of ~50 ms of blocks per round, the best block (%.0f s)\n\n", bench.settings.rounds,
              std::chrono::duration<double>(Clock::now() - t0).count());
  std::printf("  %-11s %14s %16s %16s %12s %14s\n", "plant", "lsd", "MuJoCo Euler", "MuJoCo implicit", "Euler/lsd",
              "implicit/lsd");
  for (PlantCase& c : bench.plants) {
    char col[3][48];
    for (int e = 0; e < 3; ++e) {
      const double s = c.step_seconds[e];
      if (s > 0) std::snprintf(col[e], sizeof col[e], "%.4g%s", 1e9 * s / moving_bodies(c),
                               e > 0 && c.trial_step[e] > kOnceAbove ? " (1 step)" : "");
      else if (s < 0) std::snprintf(col[e], sizeof col[e], "(> %.0f s/step)", bench.settings.step_cap);
      else std::snprintf(col[e], sizeof col[e], "%s", c.runs[e] ? "failed" : "not run");
    }
    char r1[24] = "-", r2[24] = "-";
    if (c.step_seconds[0] > 0 && c.step_seconds[1] > 0) std::snprintf(r1, sizeof r1, "%.3gx", c.step_seconds[1] / c.step_seconds[0]);
    if (c.step_seconds[0] > 0 && c.step_seconds[2] > 0) std::snprintf(r2, sizeof r2, "%.3gx", c.step_seconds[2] / c.step_seconds[0]);
    std::printf("  %-11s %14s %16s %16s %12s %14s\n", c.plant.name.c_str(), col[0], col[1], col[2], r1, r2);
  }

  std::printf("\n   The price of a simulated second: wall seconds per simulated second, each engine at its own largest "
              "stable step (lsd: measured over the whole second; MuJoCo: its step's cost over its step)\n\n");
  std::printf("  %-11s %10s %12s %11s %12s %11s %12s %12s\n", "plant", "lsd dt", "lsd s/s", "Euler dt", "Euler s/s",
              "impl. dt", "impl. s/s", "best MuJoCo/lsd");
  bool any_mj_at_frame = false;
  for (PlantCase& c : bench.plants) {
    double price[3] = {0, 0, 0};
    for (int e = 0; e < 3; ++e)
      if (c.step_seconds[e] > 0 && c.stable_dt[e] > 0) price[e] = c.step_seconds[e] / c.timed_dt[e];
    double best_mj = 0;
    for (int e = 1; e < 3; ++e)
      if (price[e] > 0 && (best_mj == 0 || price[e] < best_mj)) best_mj = price[e];
    for (int e = 1; e < 3; ++e)
      if (c.stable_dt[e] >= kFrame * (1 - 1e-12)) any_mj_at_frame = true;
    char ratio[32] = "-";
    if (best_mj > 0 && price[0] > 0) std::snprintf(ratio, sizeof ratio, "%.3gx", best_mj / price[0]);
    std::printf("  %-11s %10s %12s %11s %12s %11s %12s %12s\n", c.plant.name.c_str(),
                dt_text(c.stable_dt[0] > 0 ? c.timed_dt[0] : 0, "").c_str(), seconds_text(price[0]).c_str(),
                dt_text(c.stable_dt[1], c.stable_note[1]).c_str(), seconds_text(price[1]).c_str(),
                dt_text(c.stable_dt[2], c.stable_note[2]).c_str(), seconds_text(price[2]).c_str(), ratio);
  }
  if (!any_mj_at_frame)
    std::printf("\n  At 1/60 s, where lsd is stable on every plant, MuJoCo is stable on none (section 2).\n");
}

}  // namespace lsd::peers
