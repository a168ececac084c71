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

// One case: a model, the state every block starts from, and the Data the
// blocks run in. The state is restored by assignment into that one Data,
// whose vectors keep their capacity as in a run (a fresh copy per block
// would time the first growth of the contact scratch, which a run pays
// once).
struct Case {
  const char* name;
  const Model* model;
  Data start, d;
  double best = 1e300;  // ns per body per step
};

// Times `blocks` rounds; in each, one block of `block` steps per case, the
// cases in turn, so that every case sees the same machine (a 2-core VM
// whose speed drifts by 20% over a minute: timed one after the other, the
// cases' ratios moved as much as the changes they were to show). Keeps the
// best block of each case.
void time_in_turns(std::vector<Case>& cases, int block, int blocks) {
  StepOptions opt;
  opt.dt = 1.0 / 60;
  for (int run = 0; run < blocks; ++run)
    for (Case& c : cases) {
      c.d = c.start;
      const auto t0 = Clock::now();
      for (int s = 0; s < block; ++s) step(*c.model, c.d, opt);
      const double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
      c.best = std::min(c.best, ns / block / c.model->nbody());
    }
}

}  // namespace

int main(int argc, char** argv) {
  // An argument (none, capsules, ground, self) times that case alone (for
  // perf); ground also times the contact-free plant in turn with it.
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
  contact_pass(ground, probe, StepTerms{}, true);
  const int blocks = 40;
  std::printf("10,000-body plant, one generalized-alpha step of 1/60 s (best of %d blocks of 5 steps, the cases "
              "in turns)\n", blocks);
  std::printf("  ground at the median height: %zu contacts at the start\n", probe.contacts.size());
  std::vector<Case> cases;
  using Named = std::pair<const char*, const Model*>;
  for (const Named& c : {Named{"none", &plain}, Named{"capsules", &shaped}, Named{"ground", &ground}, Named{"self", &self}})
    if (only.empty() || only == c.first || (only == "ground" && c.second == &plain))
      cases.push_back(Case{c.first, c.second, make_data(*c.second), make_data(*c.second)});
  time_in_turns(cases, 5, only.empty() ? blocks : blocks / 2);
  const char* label[] = {"no contact model", "capsules, no obstacle", "half lying on the ground", "self contact"};
  for (const Case& c : cases) {
    const int k = c.model == &plain ? 0 : c.model == &shaped ? 1 : c.model == &ground ? 2 : 3;
    std::printf("  %-34s %8.1f ns/body", label[k], c.best);
    if (cases.front().model == &plain) std::printf("  %.2fx", c.best / cases.front().best);
    std::printf("\n");
  }
  return 0;
}
