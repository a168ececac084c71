// Benchmark of lsd_dynamics: nanoseconds per body of one implicit step (ABA +
// integration) on plant-like chains and binary trees of 10 to 100,000 bodies;
// then the largest stable time step of both integrators on the thesis
// cantilevers. Prints; never asserts times. The peers are measured beside
// lsd on the same plants by bench_peers (bench/peers/, MuJoCo).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "dynamics/dynamics.hpp"
#include "dynamics/samples.hpp"

using namespace lsd::dyn;

namespace {

using Clock = std::chrono::steady_clock;

// Best of many short blocks of `block` steps, in ns per body per step. Each
// block starts again from the same initial state (restored outside the
// timing): long horizontal chains at dt = 1e-3 leave the physical regime
// within a few steps (a 10,000-body chain diverges at step 4, a 1,000-body
// one near step 4,000), and timing NaN states would measure the libm slow
// paths instead of the dynamics. Short blocks, best of many, also filter out
// other processes on a shared machine. Sets *diverged if any timed block
// ended with a non-finite state.
double time_steps(const Model& model, Data& data, int block, int blocks,
                  bool* diverged) {
  // One step first, so that generalized-alpha's history is started (a step
  // after a reset is an implicit-Euler start step); every block then starts
  // from that whole state, history included (resetting q and w alone would
  // pair them with the history of another state).
  step(model, data);
  const Data start = data;
  double best = 1e300;
  for (int run = 0; run < blocks; ++run) {
    data = start;  // same sizes: no allocation
    const auto t0 = Clock::now();
    for (int s = 0; s < block; ++s) step(model, data);
    const double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
    best = std::min(best, ns / block / model.nbody());
    if (data.first_nonfinite_joint >= 0) *diverged = true;
  }
  return best;
}

// Whether the n-body cantilever, released from rest, stays finite and
// bounded for `seconds` or 20,000 steps, whichever is shorter, at step dt
// (tip within 10x the static deflection). An unstable explicit step grows
// exponentially and shows well within 20,000 steps.
bool stable(int n, Integrator integrator, double dt, double seconds) {
  CantileverDef def;
  def.n = n;
  Model model = make_cantilever(def);
  model.opt.dt = dt;
  model.opt.integrator = integrator;
  Data data = make_data(model);
  const int steps = std::min(20000, static_cast<int>(std::ceil(seconds / dt)));
  for (int s = 0; s < steps; ++s) {
    step(model, data);
    if (data.first_nonfinite_joint >= 0) return false;
  }
  forward_kinematics(model, data);
  const Vec3 tip = data.oMi[n].act(Vec3(def.length / n, 0, 0));
  return std::abs(tip.y()) < 10.0 * cantilever_static_deflection(def);
}

// Largest stable dt by bisection on log(dt) in [lo, hi].
double largest_stable_dt(int n, Integrator integrator, double lo, double hi, double seconds) {
  if (stable(n, integrator, hi, seconds)) return hi;
  if (!stable(n, integrator, lo, seconds)) return 0.0;
  for (int it = 0; it < 12; ++it) {
    const double mid = std::sqrt(lo * hi);
    (stable(n, integrator, mid, seconds) ? lo : hi) = mid;
  }
  return lo;
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  std::printf("lsd_dynamics: one implicit step (ABA + integration), ns per body, one core\n\n");
  {
    // Bytes per body of the arrays a step touches (element sizes).
    const Model m = make_plant(2, true);
    const Data d = make_data(m);
    auto elem = [](const auto& v) { return sizeof(v[0]); };
    const std::size_t model_b = elem(m.parent) + elem(m.joint_placement) + elem(m.stiffness) +
                                elem(m.damping) + elem(m.inertia) + elem(m.drag);
    const std::size_t state_b =
        elem(d.q) + elem(d.w) + elem(d.tau) + elem(d.dw) + elem(d.oMi) + elem(d.v);
    const std::size_t scratch_b = elem(d.aba_body) + elem(d.aba_link);  // aba_sum: a slot per branch point
    std::printf("bytes per body: model %zu, state and outputs %zu, step scratch %zu "
                "(AbaBody %zu), total %zu\n\n",
                model_b, state_b, scratch_b, sizeof(Data::AbaBody), model_b + state_b + scratch_b);
  }
  std::printf("%10s  %12s  %12s\n", "bodies", "chain", "binary tree");
  bool diverged = false;
  for (int n : {10, 100, 1000, 10000, 100000}) {
    // Blocks of ~10,000 body-steps (one step from 10,000 bodies on), ~2e7
    // body-steps in all (at least 20 blocks).
    const int block = std::max(1, 10000 / n);
    const int blocks = std::max(20, static_cast<int>(2e7 / (double(block) * n))) / (quick ? 10 : 1);
    double ns[2];
    for (int chain = 1; chain >= 0; --chain) {
      Model model = make_plant(n, chain == 1);
      Data data = make_data(model);
      randomize_state(model, data, 0.05, 0.1, 1);
      Options& opt = model.opt;
      opt.dt = 1e-3;
      if (const char* integ = std::getenv("LSD_BENCH_INTEGRATOR"))
        opt.integrator = integ[0] == 'e' ? Integrator::kEuler : integ[0] == 'x' ? Integrator::kExplicit : Integrator::kImplicit;
      if (std::getenv("LSD_BENCH_NOGEO")) opt.geometric_stiffness = false;
      if (const char* gt = std::getenv("LSD_BENCH_FAST")) opt.fast_rate = std::atof(gt);
      ns[1 - chain] = time_steps(model, data, block, blocks, &diverged);
    }
    std::printf("%10d  %12.1f  %12.1f\n", n, ns[0], ns[1]);
  }
  if (diverged) std::printf("\nwarning: a timed block ended diverged (non-finite state)\n");
  std::printf("\n(MuJoCo on the same plants, measured in the same run: bench_peers.)\n");
  if (quick) return 0;

  // The integrators side by side (the cost bar of docs/dynamics.md: the
  // default within 1.25x of implicit Euler). The random state above spins the chain's far
  // bodies fast (joints at 0.1 rad/s, summed), so its steps are fast steps
  // (guess pass and energy guard: step.hpp); "one pass" switches that off.
  std::printf("\nIntegrators, ns per body, chain (the state above; one pass: fast steps off):\n\n");
  std::printf("%10s  %12s  %12s  %14s  %14s  %8s\n", "bodies", "alpha", "euler", "alpha 1 pass", "euler 1 pass",
              "ratio");
  for (int n : {100, 100000}) {
    const int block = std::max(1, 10000 / n);
    const int blocks = std::max(20, static_cast<int>(2e7 / (double(block) * n)));
    Model model = make_plant(n, true);
    double ns[4];
    for (int k = 0; k < 4; ++k) {
      Data data = make_data(model);
      randomize_state(model, data, 0.05, 0.1, 1);
      Options& opt = model.opt;
      opt.dt = 1e-3;
      opt.integrator = k % 2 == 0 ? Integrator::kImplicit : Integrator::kEuler;
      opt.fast_rate = k >= 2 ? -1 : kDefaultFastRate;
      ns[k] = time_steps(model, data, block, blocks, &diverged);
    }
    std::printf("%10d  %12.1f  %12.1f  %14.1f  %14.1f  %7.2fx\n", n, ns[0], ns[1], ns[2], ns[3], ns[2] / ns[3]);
  }

  std::printf("\nLargest stable dt, thesis cantilever released from rest, 2 s or 20,000 steps\n"
              "simulated (bisection; implicit capped at 1/60 s):\n\n");
  std::printf("%8s  %14s  %14s\n", "bodies", "explicit (s)", "implicit (s)");
  for (int n : {10, 25, 100, 250, 500}) {
    const double ex = largest_stable_dt(n, Integrator::kExplicit, 1e-8, 1.0 / 60.0, 2.0);
    const double im = largest_stable_dt(n, Integrator::kImplicit, 1e-5, 1.0 / 60.0, 2.0);
    char imp[32];
    if (im >= 1.0 / 60.0) std::snprintf(imp, sizeof imp, ">= 1/60");
    else std::snprintf(imp, sizeof imp, "%.3g", im);
    std::printf("%8d  %14.3g  %14s\n", n, ex, imp);
  }
  return 0;
}
