// bench_peers: lsd_dynamics beside MuJoCo on the same plants,
// every figure measured in the same run.
//
//   build-bench/bench/bench_peers [--quick] [--step-cap S] [--compile-cap S] [--cache DIR]
//   build-bench/bench/bench_peers --write-mjcf DIR   (the plants' MJCF, for mujoco_wasm.mjs)
//
// The plants (plants.hpp): the thesis cantilever as the chain (10, 100,
// 1,000 bodies) and make_plant's branching tree of the thesis's material
// (100, 1,000, 10,000 bodies), built in MuJoCo from lsd's own model
// (mujoco_plant.hpp). Sections:
//  1. the same plant: joint accelerations at a random state agree; the
//     cantilever's static tip deflection; trajectories at a tiny step;
//  2. the largest stable step of each engine on each plant (runs.hpp gives
//     the criterion);
//  3. the cost of a step per body and the price of a simulated second
//     (wall time per simulated second, each engine at its own largest
//     stable step), the cases timed in turns (sections.cpp);
//  4. the accuracy of one trajectory against a converged reference.
// MuJoCo's compiled models are cached (its compiler takes minutes on the
// 10,000-body tree): --cache DIR, by default bench/scratch/peers-cache in
// the source tree (ignored by git; `make clean` keeps it).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "bench/peers/sections.hpp"

using namespace lsd::peers;

namespace {

std::string load_average() {
  FILE* f = std::fopen("/proc/loadavg", "r");
  if (!f) return "?";
  char b[128] = "";
  if (!std::fgets(b, sizeof b, f)) b[0] = 0;
  std::fclose(f);
  std::string s(b);
  // The three averages only.
  int spaces = 0;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] == ' ' && ++spaces == 3) return s.substr(0, i);
  return s;
}

// MuJoCo 2.2.2 prints its warnings and appends them to MUJOCO_LOG.TXT in
// the working directory; the runs read them from mjData's counters instead.
void quiet_warning(const char*) {}

}  // namespace

int main(int argc, char** argv) {
  mju_user_warning = quiet_warning;
  Settings settings;
  settings.cache = std::string(LSD_SOURCE_DIR) + "/bench/scratch/peers-cache";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--quick") {
      settings.quick = true;
    } else if (a == "--write-mjcf" && i + 1 < argc) {
      return write_mjcf(argv[++i]) ? 0 : 1;
    } else if ((a == "--step-cap" || a == "--compile-cap" || a == "--cache") && i + 1 < argc) {
      const char* v = argv[++i];
      if (a == "--step-cap") settings.step_cap = std::atof(v);
      else if (a == "--compile-cap") settings.compile_cap = std::atof(v);
      else settings.cache = v;
    } else {
      std::fprintf(stderr, "usage: %s [--quick] [--step-cap S] [--compile-cap S] [--cache DIR] | --write-mjcf DIR\n",
                   argv[0]);
      return 2;
    }
  }
  std::printf("lsd_dynamics beside MuJoCo %s, one core each, load average at start %s\n",
              mj_versionString(), load_average().c_str());
  Bench bench = make_bench(settings);
  same_plant(bench);
  stable_steps(bench);
  cost_and_price(bench);
  accuracy(bench);
  std::printf("\nload average at the end: %s\n", load_average().c_str());
  return 0;
}
