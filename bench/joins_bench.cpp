// Benchmark of grafts: one implicit step at dt = 1/60 s of a
// 1,000-body plant (samples.hpp, make_plant) without grafts, with 10 grafts
// and with 10 welds between bodies of different branches (each pinned where
// it stands, so they hold the plant as it is), and with 10 rings round
// bodies of it. As ns per body and as a ratio to the plant alone, the cases
// in turns (bench/contact_bench.cpp), in thread CPU time (on a shared
// machine wall time counts the others' work). Prints; never asserts times.
// `bench_joins weld` times only the cases whose label holds "weld" (and the
// plant alone, the reference): for a profiler.
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "dynamics/dynamics.hpp"
#include "dynamics/samples.hpp"

using namespace lsd::dyn;

namespace {

struct Clock {  // thread CPU time (the machine is shared: wall time counts others' work)
  static std::chrono::nanoseconds now() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return std::chrono::nanoseconds(t.tv_sec * 1000000000LL + t.tv_nsec);
  }
};

struct Case {
  const char* label;
  const Model* model;
  Data start, d;
  double best = 1e300;  // ns per body per step
};

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

// count joins between body pairs spread over the tree: body i with the body
// whose point is nearest to i's end among those not on i's path (so that a
// pair closes a loop), pinned where they stand in the rest pose.
void add_grafts(Model& m, int count, bool weld) {
  Data d = make_data(m);
  forward_kinematics(m, d);
  const int n = m.nbody();
  for (int k = 0; k < count; ++k) {
    const int a = 1 + (k + 1) * (n - 2) / (count + 1);
    const Vec3 p = d.oMi[std::size_t(a)].act(Vec3(0.1, 0, 0));
    int best = -1;
    double nearest = 1e300;
    for (int b = 1; b < n; ++b) {
      bool related = false;  // on a's path to the base, or a on b's
      for (int i = a; i > 0 && !related; i = m.parent[std::size_t(i)]) related = i == b;
      for (int i = b; i > 0 && !related; i = m.parent[std::size_t(i)]) related = i == a;
      if (related) continue;
      const double dist = (d.oMi[std::size_t(b)].translation - p).norm();
      if (dist < nearest) nearest = dist, best = b;
    }
    Graft g;
    g.body_a = a;
    g.body_b = best;
    g.point_a = Vec3(0.1, 0, 0);
    g.point_b = d.oMi[std::size_t(best)].inverse().act(p);
    g.weld = weld;
    g.arm = 0.1;
    g.rest = Quat(d.oMi[std::size_t(a)].rotation.transpose() * d.oMi[std::size_t(best)].rotation);
    m.contact.grafts.push_back(g);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const char* only = argc > 1 ? argv[1] : nullptr;
  const int n = 1000;
  Model plain = make_plant(n, false);
  plain.opt.dt = 1.0 / 60;
  for (int i = 0; i < n; ++i) plain.contact.capsules.push_back({i, Vec3::Zero(), Vec3(0.1, 0, 0), 0.01});
  Model grafts = plain, welds = plain, rings = plain;
  add_grafts(grafts, 10, false);
  add_grafts(welds, 10, true);
  {
    Data d = make_data(plain);
    forward_kinematics(plain, d);
    for (int k = 0; k < 10; ++k) {
      const int b = 1 + (k + 1) * (n - 2) / 11;
      const SE3& M = d.oMi[std::size_t(b)];
      rings.contact.rings.push_back({M.act(Vec3(0.05, 0, 0)), M.rotation.col(0), 0.02});
    }
  }
  Data start = make_data(plain);
  randomize_state(plain, start, 0.0, 0.5, 3);  // swaying: joint velocities up to 0.5 rad/s
  std::vector<Case> cases;
  for (const auto& [label, model] : {std::pair<const char*, const Model*>{"the plant alone", &plain},
                                     {"10 grafts (pins)", &grafts},
                                     {"10 welds", &welds},
                                     {"10 rings", &rings}})
    if (cases.empty() || !only || std::strstr(label, only)) cases.push_back(Case{label, model, start, start});
  const int blocks = 40;
  time_in_turns(cases, 10, blocks);
  std::printf("1,000-body plant, one generalized-alpha step of 1/60 s (best of %d blocks of 10 steps, the cases in "
              "turns)\n", blocks);
  for (const Case& c : cases)
    std::printf("  %-20s %8.1f ns/body  %.2fx\n", c.label, c.best, c.best / cases[0].best);
  return 0;
}
