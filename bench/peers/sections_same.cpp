// bench_peers, the plants and sections 1 and 4: that both engines hold the
// same plant, and how far each one's trajectory is from a converged
// reference (sections.hpp).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "bench/peers/capped.hpp"
#include "bench/peers/sections.hpp"

namespace lsd::peers {

namespace {

using Clock = std::chrono::steady_clock;

// Every run starts at rest with its joints turning at this speed (rad/s):
// a plant released under its weight, every mode a little excited, so that
// an unstable step shows within the stability trial's steps.
constexpr double kStartSpeed = 0.01;

// Section 4's trajectory: the 10-body thesis cantilever's tip, every 1/60 s
// for 1 s; the reference step; the tolerance.
constexpr double kSample = 1.0 / 60;
constexpr double kDuration = 1.0;
constexpr double kReferenceDt = 2e-6;
constexpr double kTolerance = 0.01;  // of the tip's range of height

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// The largest distance between two sampled tip paths, as a fraction of the
// reference's range of height.
double path_error(const std::vector<dyn::Vec3>& a, const std::vector<dyn::Vec3>& ref) {
  if (a.size() != ref.size()) return INFINITY;  // a run that failed stops early
  double lo = INFINITY, hi = -INFINITY, worst = 0;
  for (std::size_t k = 0; k < ref.size(); ++k) {
    lo = std::min(lo, ref[k].y());
    hi = std::max(hi, ref[k].y());
    worst = std::max(worst, (a[k] - ref[k]).norm());
  }
  return worst / (hi - lo);
}

// One MuJoCo step of the run, timed in a child capped at `cap` seconds:
// the best of as many steps as fit in 0.5 s (at least one). The start
// state is set here, before the child (its mj_forward takes as long as a
// step on the 1,000-body chain).
double trial_step(Run& run, double cap, std::string* note) {
  run.set_dt(1e-5);
  run.restart();
  const CappedResult r = run_capped(cap, [&]() {
    double best = INFINITY, spent = 0;
    do {
      const auto t0 = Clock::now();
      run.step();
      const double s = seconds_since(t0);
      best = std::min(best, s);
      spent += s;
    } while (spent < 0.5);
    return best;
  });
  if (r.finished) return r.value;
  *note = r.error.empty() ? "> " + seconds_text(cap) + " s/step" : r.error;
  return r.error.empty() ? -1.0 : 0.0;
}

}  // namespace

int moving_bodies(const PlantCase& c) { return c.plant.model.nbody() - 1; }

std::string seconds_text(double s) {
  char b[32];
  if (s <= 0) return "-";
  std::snprintf(b, sizeof b, "%.3g", s);
  return b;
}

PlantCase* find_plant(Bench& bench, const std::string& name) {
  for (PlantCase& c : bench.plants)
    if (c.plant.name == name) return &c;
  return nullptr;
}

namespace {
std::vector<Plant> all_plants(bool quick) {
  std::vector<Plant> plants;
  for (int n : {10, 100, 1000})
    if (!quick || n < 1000) plants.push_back(thesis_chain(n));
  for (int n : {100, 1000, 10000})
    if (!quick || n < 10000) plants.push_back(thesis_tree(n));
  return plants;
}
}  // namespace

bool write_mjcf(const std::string& dir) {
  for (const Plant& p : all_plants(false)) {
    MjSettings ms;
    ms.segment = p.segment;
    ms.radius = p.radius;
    std::string name = p.name;
    name.erase(std::remove(name.begin(), name.end(), ' '), name.end());
    const std::string sub = dir + "/" + name;
    std::error_code ec;
    std::filesystem::create_directories(sub, ec);
    for (const auto& [file, text] : to_mjcf(p.model, ms)) {
      FILE* f = std::fopen((sub + "/" + file).c_str(), "w");
      if (!f || std::fputs(text.c_str(), f) < 0) {
        std::fprintf(stderr, "cannot write %s/%s\n", sub.c_str(), file.c_str());
        if (f) std::fclose(f);
        return false;
      }
      std::fclose(f);
    }
  }
  return true;
}

Bench make_bench(const Settings& settings) {
  Bench bench;
  bench.settings = settings;
  if (settings.quick) {
    bench.settings.rounds = 2;
    bench.settings.search_budget = 15;
  }
  std::vector<Plant> plants = all_plants(settings.quick);
  bench.plants.reserve(plants.size());  // the runs point at their plant
  std::printf("\nThe plants in MuJoCo (MJCF written from lsd's model, compiled once and cached in %s):\n",
              settings.cache.c_str());
  for (Plant& p : plants) {
    PlantCase& c = bench.plants.emplace_back();
    c.plant = std::move(p);
    MjSettings ms;
    ms.segment = c.plant.segment;
    ms.radius = c.plant.radius;
    ms.implicit = stack_for(c.plant.model, true) >= 0;
    c.implicit_fits = ms.implicit;
    std::string error;
    c.mj = load_plant(c.plant.model, ms, LoadOptions{settings.cache, settings.compile_cap}, &error);
    c.start = start_state(c.plant.model, kStartSpeed);
    c.runs.resize(3);
    c.runs[0] = std::make_unique<Run>(c.plant, Engine::kLsd, nullptr, c.start);
    c.explicit_run = std::make_unique<Run>(c.plant, Engine::kLsdExplicit, nullptr, c.start);
    if (!c.mj) {
      c.mj_note = error;
      std::printf("  %-11s MuJoCo: %s\n", c.plant.name.c_str(), error.c_str());
      continue;
    }
    c.runs[1] = std::make_unique<Run>(c.plant, Engine::kMjEuler, c.mj.get(), c.start);
    if (c.implicit_fits) c.runs[2] = std::make_unique<Run>(c.plant, Engine::kMjImplicit, c.mj.get(), c.start);
    std::printf("  %-11s %d bodies, %d velocities, mass matrix %d nonzeros; compiled in %s s%s", c.plant.name.c_str(),
                c.mj->m->nbody, c.mj->m->nv, c.mj->m->nM, seconds_text(c.mj->compile_seconds).c_str(),
                c.mj->from_cache ? " (an earlier run, cached)" : "");
    if (!c.implicit_fits) std::printf("; implicit: not run, its scratch needs more than 2^31 numbers");
    std::printf("\n");
    for (int e = 1; e < 3; ++e)
      if (c.runs[e]) c.trial_step[e] = trial_step(*c.runs[e], settings.step_cap, &c.trial_note[e]);
  }
  return bench;
}

void same_plant(Bench& bench) {
  std::printf("\n1. The same plant in both engines\n\n");
  std::printf("Joint accelerations at a random state (joints turned up to 0.5 rad, turning at up to 1 rad/s), "
              "largest difference over the largest acceleration:\n");
  for (PlantCase& c : bench.plants) {
    if (!c.mj || c.trial_step[1] <= 0 || c.trial_step[1] > 1.0) continue;
    dyn::Data state = dyn::make_data(c.plant.model);
    dyn::randomize_state(c.plant.model, state, 0.5, 1.0, 5);
    Run lsd(c.plant, Engine::kLsd, nullptr, state), mj(c.plant, Engine::kMjEuler, c.mj.get(), state);
    lsd.restart();
    mj.restart();
    const std::vector<double> a = lsd.accelerations(), b = mj.accelerations();
    double worst = 0, scale = 0;
    for (std::size_t k = 0; k < a.size(); ++k) {
      worst = std::max(worst, std::abs(a[k] - b[k]));
      scale = std::max(scale, std::abs(a[k]));
    }
    std::printf("  %-11s %.1e  (largest %.3g rad/s^2)\n", c.plant.name.c_str(), worst / scale, scale);
  }

  // The cantilever settled under its weight, damped: d = 0.04 k per joint
  // (its first mode about critically damped), 3 s.
  Plant damped = thesis_chain(10);
  for (int i = 1; i < damped.model.nbody(); ++i) damped.model.damping[i] = 0.04 * damped.model.stiffness[i];
  MjSettings ms;
  ms.segment = damped.segment;
  ms.radius = damped.radius;
  std::string error;
  auto mj = load_plant(damped.model, ms, LoadOptions{}, &error);
  const dyn::Data rest = dyn::make_data(damped.model);
  Run lsd(damped, Engine::kLsd, nullptr, rest);
  lsd.set_dt(1e-3);
  lsd.restart();
  for (int s = 0; s < 3000; ++s) lsd.step();
  const double y_lsd = lsd.tip().y();
  double y_mj = NAN;
  if (mj) {
    Run euler(damped, Engine::kMjEuler, mj.get(), rest);
    euler.set_dt(1e-4);
    euler.restart();
    for (int s = 0; s < 30000; ++s) euler.step();
    y_mj = euler.tip().y();
  }
  dyn::CantileverDef def = thesis_material();
  std::printf("\nStatic tip deflection of the 10-body thesis cantilever (damped, 3 s): lsd %.12e m, MuJoCo %.12e m "
              "(relative difference %.1e); small-deflection formula %.6e m\n",
              y_lsd, y_mj, std::abs(y_lsd - y_mj) / std::abs(y_lsd), -dyn::cantilever_static_deflection(def));

  // The undamped cantilever released (start_state), both engines in the
  // same scheme (semi-implicit Euler) at a tiny step: the reference of
  // section 4.
  PlantCase* chain = find_plant(bench, "chain 10");
  if (!chain || !chain->mj) return;
  const auto t0 = Clock::now();
  Run mj_ref(chain->plant, Engine::kMjEuler, chain->mj.get(), chain->start);
  bench.reference = sample_tip(mj_ref, kReferenceDt, kSample, kDuration);
  const std::vector<dyn::Vec3> mj_half = sample_tip(mj_ref, 2 * kReferenceDt, kSample, kDuration);
  Run lsd_ref(chain->plant, Engine::kLsdExplicit, nullptr, chain->start);
  const std::vector<dyn::Vec3> lsd_path = sample_tip(lsd_ref, kReferenceDt, kSample, kDuration);
  std::printf("\nTrajectory of the 10-body cantilever released from rest, tip every 1/60 s for 1 s, at dt = %.0e s; "
              "largest distance over the tip's range of height:\n"
              "  lsd explicit vs MuJoCo Euler (both semi-implicit Euler): %.1e\n"
              "  MuJoCo Euler at %.0e s vs at %.0e s (its convergence): %.1e   (%.0f s)\n",
              kReferenceDt, path_error(lsd_path, bench.reference), 2 * kReferenceDt, kReferenceDt, path_error(mj_half, bench.reference), seconds_since(t0));
}

void accuracy(Bench& bench) {
  PlantCase* c = find_plant(bench, "chain 10");
  if (!c || bench.reference.empty()) return;
  std::printf("\n4. Accuracy: the 10-body cantilever's tip, every 1/60 s for 1 s, against the reference "
              "(MuJoCo Euler at %.0e s, section 1); largest distance over the tip's range of height "
              "(tolerance %.0f%%)\n\n", kReferenceDt, 100 * kTolerance);
  std::printf("  %-18s %12s %10s %8s\n", "engine", "dt (s)", "error", "");
  for (int e = 1; e < 3; ++e) {
    if (!c->runs[e] || c->stable_dt[e] <= 0) continue;
    const double err = path_error(sample_tip(*c->runs[e], c->stable_dt[e], kSample, kDuration), bench.reference);
    std::printf("  %-18s %12.3g %9.2g%% %8s  (its largest stable step)\n", engine_name(kEngines[e]), c->stable_dt[e],
                100 * err, err <= kTolerance ? "within" : "OUTSIDE");
  }
  // lsd's default step from 1/60 s down, halved until within the tolerance;
  // at that step, what a simulated second costs, timed in turns with MuJoCo
  // Euler at its largest stable step (in turns: a slice of ~50 ms of blocks
  // each per round, the best block).
  for (double dt = 1.0 / 60; dt > 1e-5; dt /= 2) {
    const double err = path_error(sample_tip(*c->runs[0], dt, kSample, kDuration), bench.reference);
    std::printf("  %-18s %12.3g %9.2g%% %8s\n", engine_name(Engine::kLsd), dt, 100 * err,
                err <= kTolerance ? "within" : "OUTSIDE");
    if (err > kTolerance) continue;
    Run& lsd = *c->runs[0];
    Run* mj = c->runs[1] && c->stable_dt[1] > 0 ? c->runs[1].get() : nullptr;
    const int lsd_steps = static_cast<int>(std::lround(1.0 / dt));
    const int mj_steps = mj && c->trial_step[1] > 0 ? std::clamp(static_cast<int>(0.005 / c->trial_step[1]), 1, 1000) : 0;
    double lsd_best = INFINITY, mj_best = INFINITY;
    bool failed = false;
    for (int r = 0; r < bench.settings.rounds; ++r) {
      lsd.set_dt(dt);
      lsd_best = std::min(lsd_best, best_block(lsd, lsd_steps, 0.05, &failed));
      if (!mj) continue;
      mj->set_dt(c->stable_dt[1]);
      mj_best = std::min(mj_best, best_block(*mj, mj_steps, 0.05, &failed) / mj_steps / c->stable_dt[1]);
    }
    std::printf("\n  A simulated second within the tolerance: lsd at %.3g s %.3g s of wall time", dt, lsd_best);
    if (mj) std::printf(", MuJoCo Euler at %.3g s %.3g s (%.0fx), timed in turns", c->stable_dt[1], mj_best,
                        mj_best / lsd_best);
    std::printf("\n");
    break;
  }
}

}  // namespace lsd::peers
