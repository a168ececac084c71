#include "bench/peers/runs.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>

namespace lsd::peers {

const char* engine_name(Engine e) {
  switch (e) {
    case Engine::kLsd: return "lsd (default)";
    case Engine::kLsdExplicit: return "lsd explicit";
    case Engine::kMjEuler: return "MuJoCo Euler";
    case Engine::kMjImplicit: return "MuJoCo implicit";
  }
  return "?";
}

dyn::Data start_state(const dyn::Model& model, double speed) {
  dyn::Data d = dyn::make_data(model);
  if (speed > 0) {
    dyn::randomize_state(model, d, 0.0, speed, 11);
    for (int i = 1; i < model.nbody(); ++i)
      if (d.w[i].norm() > 0) d.w[i] *= speed / d.w[i].norm();
  }
  return d;
}

Run::Run(const Plant& plant, Engine engine, MjPlant* mj, const dyn::Data& start)
    : plant_(&plant), engine_(engine), mj_(mj), start_(start), data_(start) {
  if (engine == Engine::kLsd || engine == Engine::kLsdExplicit) model_ = plant.model;
  if (engine == Engine::kLsdExplicit) model_.opt.integrator = dyn::Integrator::kExplicit;
}

void Run::restart() {
  if (engine_ == Engine::kLsd || engine_ == Engine::kLsdExplicit) {
    data_ = start_;  // same sizes: no allocation
    model_.opt.dt = dt_;
    steps_ = 0;
    return;
  }
  mj_->m->opt.timestep = dt_;
  mj_->m->opt.integrator = engine_ == Engine::kMjImplicit ? mjINT_IMPLICIT : mjINT_EULER;
  std::memset(mj_->d->warning, 0, sizeof mj_->d->warning);
  mj_->d->time = 0;
  set_state(plant_->model, start_, *mj_);
}

void Run::step() {
  if (mj_ && engine_ != Engine::kLsd && engine_ != Engine::kLsdExplicit)
    mj_step(mj_->m, mj_->d);
  else
    dyn::step(model_, data_), ++steps_;
}

bool Run::failed() {
  if (engine_ == Engine::kLsd || engine_ == Engine::kLsdExplicit) return data_.first_nonfinite_joint >= 0;
  return warned(*mj_) || !std::isfinite(largest_speed());
}

double Run::largest_speed() {
  if (engine_ != Engine::kLsd && engine_ != Engine::kLsdExplicit) return peers::largest_speed(*mj_);
  double worst = 0;
  for (int i = 1; i < plant_->model.nbody(); ++i) {
    const double s = data_.w[i].norm();
    if (!std::isfinite(s)) return std::numeric_limits<double>::infinity();
    worst = std::max(worst, s);
  }
  return worst;
}

dyn::Vec3 Run::tip() {
  if (engine_ != Engine::kLsd && engine_ != Engine::kLsdExplicit)
    return world_point(*mj_, plant_->tip_body, plant_->tip_point);
  dyn::forward_kinematics(plant_->model, data_);
  return data_.oMi[plant_->tip_body].act(plant_->tip_point);
}

double Run::time() const {
  if (engine_ != Engine::kLsd && engine_ != Engine::kLsdExplicit) return mj_->d->time;
  return double(steps_) * dt_;
}

std::vector<double> Run::accelerations() {
  const int n = plant_->model.nbody();
  std::vector<double> a;
  a.reserve(3 * (n - 1));
  if (engine_ == Engine::kLsd || engine_ == Engine::kLsdExplicit) {
    dyn::aba(plant_->model, data_, 0.0);
    for (int i = 1; i < n; ++i)
      for (int k = 0; k < 3; ++k) a.push_back(data_.dw[i][k]);
  } else {
    mj_forward(mj_->m, mj_->d);
    for (int i = 1; i < n; ++i)
      for (int k = 0; k < 3; ++k) a.push_back(mj_->d->qacc[mj_->dof_adr[i] + k]);
  }
  return a;
}

bool stable(Run& run, double dt, const StableTrial& trial) {
  run.set_dt(dt);
  run.restart();
  const int steps = std::min(trial.max_steps, static_cast<int>(std::ceil(2.0 / dt - 1e-9)));
  for (int s = 0; s < steps; ++s) {
    run.step();
    if (run.failed() || run.largest_speed() > trial.max_speed) return false;
  }
  return true;
}

double largest_stable_dt(Run& run, double guess, double cap, double floor, double tolerance,
                         const StableTrial& trial, int* trials) {
  int count = 0;
  auto ok = [&](double dt) {
    ++count;
    return stable(run, dt, trial);
  };
  double lo, hi;
  guess = std::clamp(guess, floor, cap);
  double factor = 1.1;
  if (ok(guess)) {
    lo = guess;
    for (;;) {
      if (lo >= cap) {
        *trials = count;
        return cap;
      }
      hi = std::min(cap, lo * factor);
      if (!ok(hi)) break;
      lo = hi;
      factor *= factor;
    }
  } else {
    hi = guess;
    for (;;) {
      if (hi <= floor) {
        *trials = count;
        return 0.0;
      }
      lo = std::max(floor, hi / factor);
      if (ok(lo)) break;
      hi = lo;
      factor *= factor;
    }
  }
  while (hi / lo > 1.0 + tolerance) {
    const double mid = std::sqrt(lo * hi);
    (ok(mid) ? lo : hi) = mid;
  }
  *trials = count;
  return lo;
}

double best_block(Run& run, int steps, double slice, bool* failed) {
  using Clock = std::chrono::steady_clock;
  double best = INFINITY;
  const auto start = Clock::now();
  do {
    run.restart();
    const auto t0 = Clock::now();
    for (int s = 0; s < steps; ++s) run.step();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
    if (run.failed()) *failed = true;
  } while (std::chrono::duration<double>(Clock::now() - start).count() < slice);
  return best;
}

std::vector<dyn::Vec3> sample_tip(Run& run, double dt, double every, double duration) {
  run.set_dt(dt);
  run.restart();
  std::vector<dyn::Vec3> out;
  const int samples = static_cast<int>(std::lround(duration / every));
  dyn::Vec3 prev = run.tip(), cur = prev;
  double t_prev = 0, t_cur = 0;
  out.push_back(cur);
  for (int k = 1; k <= samples; ++k) {
    const double t = k * every;
    while (t_cur < t - 1e-9 * dt) {
      run.step();
      if (run.failed()) return out;
      prev = cur;
      t_prev = t_cur;
      cur = run.tip();
      t_cur = run.time();
    }
    const double s = t_cur > t_prev ? (t - t_prev) / (t_cur - t_prev) : 1.0;
    out.push_back(prev + s * (cur - prev));
  }
  return out;
}

}  // namespace lsd::peers
