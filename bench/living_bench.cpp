// The living string: (1) a tree grown to ~13,000 bodies and simulated with
// growth on, printed as its real-time factor on one core; (2) the time to
// rebuild the articulated model from a string of ~100,000 modules after a
// derivation step. Prints figures; asserts nothing.
#include <chrono>
#include <cstdio>
#include <string>

#include "interpreter/living/simulation.hpp"

using namespace lsd;
using Clock = std::chrono::steady_clock;

int main() {
  std::string path = std::string(LSD_SOURCE_DIR) + "/examples/dynamics/tree10k.ls";
  // (1) grow and sway: 9 derivation steps, 0.5 s apart (13,122 bodies), then motion alone, to t = 6 s
  {
    interp::Lsystem ls;
    std::vector<grammar::Diagnostic> d;
    if (!interp::load_lsystem(path, {}, ls, d)) return 1;
    const double until = 6;
    const interp::RunSettings settings = interp::file_settings(*ls.rules);
    interp::TraceRow last;
    auto t0 = Clock::now();
    interp::Simulation sim;
    if (!sim.start(std::move(ls), settings, d) ||
        !interp::run_until(sim, until, 0, [&](const interp::TraceRow& r) { last = r; }, d)) {
      std::printf("simulation failed: %s\n", d.back().message.c_str());
      return 1;
    }
    double wall = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf("growing tree: %d bodies, %zu modules, %.1f s simulated (dt %.4g s) in %.2f s wall: "
                "real-time factor %.1f (target > 1)\n",
                last.bodies, last.modules, until, settings.dt, wall, until / wall);
  }
  // (2) rebuild after a derivation step
  {
    interp::Lsystem ls;
    std::vector<grammar::Diagnostic> d;
    if (!interp::load_lsystem(path, {}, ls, d) || !interp::derive(ls, 9, {}, d)) return 1;
    interp::LivingModel lm;
    // the file's springs (the thesis's), then springs: second order (its joints' axes turned: docs/dynamics.md)
    for (const bool second : {false, true}) {
      interp::RunSettings settings = interp::file_settings(*ls.rules);
      settings.second_order_springs = second;
      double best = 1e300;
      for (int rep = 0; rep < 10; ++rep) {
        auto t0 = Clock::now();
        if (!interp::build_living_model(*ls.rules, settings, ls.current, lm, d)) return 1;
        best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
      }
      int turned = 0;
      for (const interp::LaidBody& b : lm.layout.bodies) turned += b.axes != dyn::Mat3::Identity();
      std::printf("rebuild the model from %zu modules (%d bodies, springs: %s, %d joints turned): %.2f ms (target < 10 ms)\n",
                  ls.current.size(), lm.nbodies(), second ? "second order" : "thesis", turned, best * 1e3);
    }
  }
  return 0;
}
