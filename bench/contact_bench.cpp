// Benchmark of contact (issue 14): one implicit step at dt = 1/60 s of a
// 10,000-body plant (samples.hpp, make_plant) without contact, with its
// capsules but no obstacle, half lying on a ground, and with self contact;
// as ns per body and as a ratio to the contact-free step. Prints; never
// asserts times.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "dynamics/dynamics.hpp"
#include "dynamics/samples.hpp"

using namespace lsd::dyn;

namespace {

using Clock = std::chrono::steady_clock;

// Best of `blocks` blocks of `block` steps from the same state (restored
// outside the timing), ns per body per step. The state is restored by
// assignment into one Data, whose vectors keep their capacity as in a run
// (a fresh copy per block would time the first growth of the contact
// scratch, which a run pays once).
double time_steps(const Model& model, int block, int blocks) {
  Data data = make_data(model);
  StepOptions opt;
  opt.dt = 1.0 / 60;
  double best = 1e300;
  Data d = data;
  for (int run = 0; run < blocks; ++run) {
    d = data;
    const auto t0 = Clock::now();
    for (int s = 0; s < block; ++s) step(model, d, opt);
    const double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
    best = std::min(best, ns / block / model.nbody());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  // An argument (none, capsules, ground, self) times that case alone (for perf).
  const std::string only = argc > 1 ? argv[1] : "";
  const int n = 10000;
  const Model plain = make_plant(n, false);
  Model shaped = plain;
  for (int i = 0; i < n; ++i) shaped.contact.capsules.push_back({i, Vec3::Zero(), Vec3(0.1, 0, 0), 0.01});
  // The ground at the median height of the bodies' ends: half of them lie in it.
  Data rest = make_data(plain);
  forward_kinematics(plain, rest);
  std::vector<double> heights;
  for (int i = 0; i < n; ++i) heights.push_back(rest.oMi[std::size_t(i)].act(Vec3(0.1, 0, 0)).y());
  std::nth_element(heights.begin(), heights.begin() + n / 2, heights.end());
  Model ground = shaped;
  ground.contact.obstacles.push_back({ObstacleKind::kGround, Vec3(0, heights[std::size_t(n / 2)], 0)});
  Model self = shaped;
  self.contact.self = true;
  Data probe = make_data(ground);
  forward_kinematics(ground, probe);
  contact_pass(ground, probe, StepTerms{});
  std::printf("10,000-body plant, one generalized-alpha step of 1/60 s (best of 20 blocks of 5 steps)\n");
  std::printf("  ground at the median height: %zu contacts at the start\n", probe.contacts.size());
  if (!only.empty()) {
    const Model* m = only == "none" ? &plain : only == "capsules" ? &shaped : only == "ground" ? &ground : &self;
    std::printf("  %s: %.1f ns/body\n", only.c_str(), time_steps(*m, 5, 20));
    return 0;
  }
  const double base = time_steps(plain, 5, 20);
  std::printf("  %-34s %8.1f ns/body  1.00x\n", "no contact model", base);
  for (auto [name, m] : {std::pair{"capsules, no obstacle", &shaped}, std::pair{"half lying on the ground", &ground},
                         std::pair{"self contact", &self}}) {
    const double t = time_steps(*m, 5, 20);
    std::printf("  %-34s %8.1f ns/body  %.2fx\n", name, t, t / base);
  }
  return 0;
}
