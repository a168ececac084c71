// Benchmark of contact: one implicit step at dt = 1/60 s of a
// 10,000-body plant (samples.hpp, make_plant) without contact, with its
// capsules but no obstacle, with a ground far below it, with self
// contact, and with poles and spheres among its branches (also in
// implicit-Euler steps, against the contact-free plant's); and of the same
// tree lying on a ground (make_lying_plant), against that tree without
// contact. As ns per body and as a ratio to the contact-free step. Prints;
// never asserts times. An argument (none, capsules, below, self, among,
// euler, among_euler, lying, ground) times that case alone, for perf.
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
  for (int run = 0; run < blocks; ++run)
    for (Case& c : cases) {
      c.d = c.start;
      const auto t0 = Clock::now();
      for (int s = 0; s < block; ++s) step(*c.model, c.d);
      const double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
      c.best = std::min(c.best, ns / block / c.model->nbody());
    }
}

}  // namespace

int main(int argc, char** argv) {
  const std::string only = argc > 1 ? argv[1] : "";
  const int n = 10000;
  const Model plain = [&] {
    Model m = make_plant(n, false);
    m.opt.dt = 1.0 / 60;  // every case steps 1/60 s
    return m;
  }();
  Model shaped = plain;
  for (int i = 0; i < n; ++i) shaped.contact.capsules.push_back({i, Vec3::Zero(), Vec3(0.1, 0, 0), 0.01});
  Model self = shaped;
  self.opt.self_contact = true;
  // A ground far below: capsules and an obstacle, nothing touching.
  Model below = shaped;
  below.contact.obstacles.push_back({ObstacleKind::kGround, Vec3(0, -100, 0)});
  // Poles and spheres among the branches: four thin poles (5 mm) and four
  // small spheres (2 cm), each 5 mm beside a body of the plant at rest
  // (spread over the tree, none overlapping a capsule), so that the step
  // has near touches of obstacles (continuous collision's swept tests).
  Model among = shaped;
  {
    Data rest = make_data(shaped);
    forward_kinematics(shaped, rest);
    for (int k = 0, placed = 0; k < 64 && placed < 8; ++k) {
      const int b = 1 + (k * 1237) % (n - 1);
      const bool pole = placed % 2 == 0;
      const double r = pole ? 0.005 : 0.02;
      const SE3& T = rest.oMi[std::size_t(b)];
      const Vec3 mid = T.act(Vec3(0.05, 0, 0)), axis = T.rotation.col(0);
      Vec3 side = axis.cross(Vec3::UnitY());
      if (side.norm() < 1e-6) side = Vec3::UnitX();
      Model trial = among;
      trial.contact.obstacles.push_back({pole ? ObstacleKind::kPole : ObstacleKind::kSphere,
                                         mid + (0.01 + r + 0.005) * side.normalized(), r});
      Data d = make_data(trial);
      if (!state_contacts(trial, d).empty()) continue;
      among = trial;
      ++placed;
    }
  }
  // The same in implicit-Euler steps, as the contact-free plant: the cost of
  // the obstacles' contact search and continuous collision alone (a plant
  // near a pole or sphere steps so; docs/dynamics.md, "No tunnelling").
  Model plain_euler = plain, among_euler = among;
  plain_euler.opt.integrator = among_euler.opt.integrator = Integrator::kEuler;
  // The tree lying flat on a ground, every body touching (two contacts
  // each), settled for half a second from random joint velocities of 0.02
  // rad/s: a plant at rest on the ground, its contacts holding its weight.
  // (Until this round the case was the standing plant with the ground at
  // its bodies' median height: half of it buried up to its radius in a
  // ground it could not leave, which threw it out with 3 kJ in its first
  // step and diverged in its third.)
  const Model lying_plain = [&] {
    Model m = make_lying_plant(n);
    m.opt.dt = 1.0 / 60;
    return m;
  }();
  Model lying = lying_plain;
  for (int i = 0; i < n; ++i) lying.contact.capsules.push_back({i, Vec3::Zero(), Vec3(0.1, 0, 0), 0.01});
  const double rest_depth = 0.5 * lying.inertia[1].mass * lying.opt.gravity.norm() / lying.opt.contact_stiffness;
  lying.contact.obstacles.push_back({ObstacleKind::kGround, Vec3(0, -0.01 + rest_depth, 0)});
  Data settled = make_data(lying);
  randomize_state(lying, settled, 0.0, 0.02, 7);
  for (int s = 0; s < 30; ++s) step(lying, settled);
  contact_forces(lying, settled);
  const int blocks = 40;
  std::printf("10,000-body plant, one generalized-alpha step of 1/60 s (best of %d blocks of 5 steps, the cases "
              "in turns)\n", blocks);
  std::printf("  lying on the ground: %zu contacts at the start\n", settled.contacts.size());
  {
    Data d = make_data(among);
    state_contacts(among, d);  // (and the near touches, Data::near)
    std::printf("  among it: %zu obstacles, %zu near touches at the start\n", among.contact.obstacles.size(),
                d.near.size());
  }
  // Each case: its name (the argument that picks it), label, model, start
  // state, and the contact-free case its ratio is to.
  struct Named {
    const char* name;
    const char* label;
    const Model* model;
    const Data* start;
    int ref;
  };
  Data lying_start = make_data(lying_plain);
  lying_start.q = settled.q;
  lying_start.w = settled.w;
  const Named all[] = {{"none", "no contact model", &plain, nullptr, 0},
                       {"capsules", "capsules, no obstacle", &shaped, nullptr, 0},
                       {"below", "a ground far below", &below, nullptr, 0},
                       {"self", "self contact", &self, nullptr, 0},
                       {"among", "poles and spheres among it", &among, nullptr, 0},
                       {"euler", "no contact model, implicit Euler", &plain_euler, nullptr, 5},
                       {"among_euler", "poles and spheres, implicit Euler", &among_euler, nullptr, 5},
                       {"lying", "lying, no contact model", &lying_plain, &lying_start, 7},
                       {"ground", "lying on the ground", &lying, &settled, 7}};
  // (ground is timed with lying, among_euler with euler: their references.)
  std::vector<Case> cases;
  std::vector<int> picked;
  for (int k = 0; k < 9; ++k) {
    const Named& c = all[k];
    if (!only.empty() && only != c.name && !(only == "ground" && k == 7) && !(only == "among_euler" && k == 5)) continue;
    cases.push_back(Case{c.name, c.model, c.start ? *c.start : make_data(*c.model), make_data(*c.model)});
    picked.push_back(k);
  }
  time_in_turns(cases, 5, only.empty() ? blocks : blocks / 2);
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const Named& c = all[picked[k]];
    std::printf("  %-34s %8.1f ns/body", c.label, cases[k].best);
    for (std::size_t r = 0; r < cases.size(); ++r)
      if (picked[r] == c.ref) std::printf("  %.2fx", cases[k].best / cases[r].best);
    const long long redone = cases[k].d.contact_redos - cases[k].start.contact_redos;
    if (redone > 0) std::printf("  (%lld of the last block's 5 steps redone with contacts that began in them)", redone);
    std::printf("\n");
  }
  return 0;
}
