// Benchmark of the curved elements (dynamics/rod.hpp): nanoseconds per
// element of one implicit step (generalized-alpha, 1/60 s) for chains and
// binary trees of 10, 100 and 1,000 elements, helices and clothoids, beside
// the rigid bodies' ns per body on the same shapes; then the cost of a curly
// soft rod sagging to within 0.5% of its converged shape: helices,
// clothoids, and chains of rigid bodies (the thesis's layout, second order,
// second order with J_r springs: docs/dynamics.md, "Rigid chains: second
// order") reaching the same accuracy, in one run. Prints; never asserts times.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "dynamics/dynamics.hpp"
#include "dynamics/rod.hpp"
#include "dynamics/samples.hpp"
#include "../tests/support/kirchhoff_shooting.hpp"

using namespace lsd::dyn;

namespace {

using Clock = std::chrono::steady_clock;

// Best of `blocks` blocks of `block` steps from the same start, ns per node per step.
double time_steps(const Model& model, Data& data, int block, int blocks) {
  step(model, data);
  const Data start = data;
  double best = 1e300;
  for (int run = 0; run < blocks; ++run) {
    data = start;
    const auto t0 = Clock::now();
    for (int s = 0; s < block; ++s) step(model, data);
    best = std::min(best, std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / block /
                              (model.nbody() - 1));
  }
  return best;
}

// n nodes as a chain (tree = false) or a binary tree (node k's parent (k-1)/2),
// elements of `kind` or rigid cylinders (rigid), 2 cm, 2 mm, a light curl.
Model shape(int n, bool tree, bool rigid, ElementKind kind) {
  Model m = make_model(default_base_def());
  m.opt.dt = 1.0 / 60;
  std::vector<int> node(std::size_t(n + 1), 0);
  const Vec3 rest(1.0, 0.5, 2.0);
  for (int k = 1; k <= n; ++k) {
    const int parent = tree ? node[std::size_t(k / 2)] : node[std::size_t(k - 1)];
    const SE3 at{Eigen::AngleAxisd(tree && k % 2 ? 0.4 : -0.3, Vec3::UnitZ()).toRotationMatrix(),
                 parent == 0 || !rigid ? Vec3::Zero() : Vec3(0.02, 0, 0)};
    if (rigid) {
      BodyDef b = default_body_def();
      b.parent = parent;
      b.joint_placement = at;
      b.inertia = cylinder_inertia(0.02, 0.002, 800);
      b.stiffness = cylinder_joint_stiffness(0.02, 0.002, 0.02, 0.002, 1e9, 0.3);
      b.damping = 0.01 * b.stiffness;
      node[std::size_t(k)] = add_body(m, b);
      continue;
    }
    RodDef r = default_rod_def();
    r.parent = parent;
    r.placement = at;
    r.kind = kind;
    r.length = 0.02;
    r.radius = 0.002;
    r.density = 800;
    r.rest = rest;
    r.friction_ratio = 0.01;
    if (kind == ElementKind::kClothoid) {  // each element with its own start node (a chain shares them)
      if (tree || k == 1) {
        RodDef s = r;
        s.length = 0;
        r.parent = add_rod(m, s);
        r.placement = SE3{};
      }
      r.continues = true;
    }
    node[std::size_t(k)] = add_rod(m, r);
  }
  return m;
}

// A soft curly rod (0.3 m, r = 1 mm, E = 0.2 GPa, rest twist 5/m and curvature
// 10/m) sagging under gravity: the static tip of n nodes of a kind.
struct Curly {
  double length = 0.3, radius = 0.001, young = 2e8;
  Vec3 rest = Vec3(5, 0, 10);
};

// kind 0 helix, 1 clothoid, 2-4 rigid cylinders (samples.hpp's make_rigid_rod:
// the thesis layout, second order, second order with J_r springs); tip: the
// last node's point that is the rod's end, in its frame.
Model curly_rod(const Curly& c, int n, int kind, Vec3& tip) {
  if (kind >= 2) {
    RigidRodDef def;
    def.n = n;
    def.length = c.length;
    def.radius = c.radius;
    def.young = c.young;
    def.rest = c.rest;
    def.springs = ChainSprings(kind - 2);
    Model m = make_rigid_rod(def, tip);
    m.opt.dt = 1.0 / 60;
    return m;
  }
  Model m = make_model(default_base_def());
  m.opt.dt = 1.0 / 60;
  int p = 0;
  const double l = c.length / n;
  if (kind == 1) {
    RodDef s = default_rod_def();
    s.kind = ElementKind::kClothoid;
    s.length = 0;
    s.rest = c.rest;
    p = add_rod(m, s);
  }
  for (int k = 0; k < n; ++k) {
    RodDef r = default_rod_def();
    r.parent = p;
    r.kind = kind == 1 ? ElementKind::kClothoid : ElementKind::kHelix;
    r.continues = kind == 1;
    r.length = l;
    r.radius = c.radius;
    r.young = c.young;
    r.rest = c.rest;
    r.friction_ratio = 0.05;
    p = add_rod(m, r);
  }
  tip = Vec3::Zero();
  return m;
}

Vec3 settled_tip(Model m, const Vec3& tip) {
  m.opt.dt = 0.02;
  m.opt.integrator = Integrator::kEuler;
  m.opt.fast_rate = -1;
  Data d = make_data(m);
  for (int s = 0; s < 4000; ++s) step(m, d);
  forward_kinematics(m, d);
  return d.oMi[std::size_t(m.nbody() - 1)].act(tip);
}

}  // namespace

int main() {
  std::printf("lsd_dynamics: curved elements, one implicit step (generalized-alpha, 1/60 s), ns per node, one core\n\n");
  std::printf("%8s  %14s %14s %14s   %14s %14s %14s\n", "nodes", "rigid chain", "helix chain", "clothoid chain",
              "rigid tree", "helix tree", "clothoid tree");
  for (const int n : {10, 100, 1000}) {
    const int blocks = n >= 1000 ? 5 : 20, block = n >= 1000 ? 3 : 30;
    double ns[6];
    for (int t = 0; t < 2; ++t)
      for (int k = 0; k < 3; ++k) {
        const Model m = shape(n, t == 1, k == 0, k == 2 ? ElementKind::kClothoid : ElementKind::kHelix);
        Data d = make_data(m);
        ns[3 * t + k] = time_steps(m, d, block, blocks);
      }
    std::printf("%8d  %14.0f %14.0f %14.0f   %14.0f %14.0f %14.0f\n", n, ns[0], ns[1], ns[2], ns[3], ns[4], ns[5]);
  }

  const Curly c;
  lsd::test::KirchhoffRod kr;
  kr.length = c.length;
  kr.radius = c.radius;
  kr.young = c.young;
  kr.poisson = 0.3;
  kr.rest_darboux = c.rest;
  kr.gravity = Vec3(0, -9.81, 0);
  const Vec3 ref = lsd::test::solve_kirchhoff_statics(kr).tip;
  std::printf("\nA soft curly rod sagging (0.3 m, r = 1 mm, E = 0.2 GPa, rest twist 5/m, curvature 10/m):\n"
              "tip error against the converged Kirchhoff rod, and one step's cost (1/60 s)\n\n");
  std::printf("%-28s %6s %6s %12s %12s\n", "", "nodes", "DOFs", "tip error", "us per step");
  const char* names[] = {"helices", "clothoids", "rigid chain (thesis layout)", "rigid chain (second order)",
                         "rigid chain (2nd order, J_r)"};
  const std::vector<int> counts[] = {{5, 10, 20}, {5, 10, 20}, {10, 100, 300, 1000}, {10, 30, 100}, {5, 7, 10, 15}};
  for (int kind = 0; kind < 5; ++kind) {
    for (const int n : counts[kind]) {
      Vec3 tip;
      const Model m = curly_rod(c, n, kind, tip);
      const double err = (settled_tip(m, tip) - ref).norm() / c.length;
      Data d = make_data(m);
      const double us = time_steps(m, d, 10, 10) * (m.nbody() - 1) / 1000;
      std::printf("%-28s %6d %6d %11.3f%% %12.2f\n", names[kind], n, 3 * (m.nbody() - 1), 100 * err, us);
    }
  }
  return 0;
}
