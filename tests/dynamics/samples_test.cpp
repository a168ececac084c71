// Tests of dynamics/src/samples.cpp: spring constants of docs/language.md 7.5,
// the cantilever's layout and static formula, the generated trees.
#include "dynamics/samples.hpp"

#include <numbers>
#include <catch2/catch.hpp>
#include <cmath>

using namespace lsd::dyn;

TEST_CASE("cylinder joint stiffness follows docs/language.md section 7", "[samples]") {
  const double pi = std::numbers::pi;
  const Vec3 k = cylinder_joint_stiffness(0.1, 0.01, 0.3, 0.02, 1e9, 0.25);
  const double r4 = 1e-8 + 16e-8;
  CHECK(k.y() == Approx(1e9 * pi / 8 * r4 * 2 / 0.4));
  CHECK(k.z() == k.y());
  CHECK(k.x() == Approx(1e9 / 2.5 * pi / 4 * r4 * 2 / 0.4));
  // Equal cylinders: bending k = E I / l with I = pi r^4 / 4.
  const Vec3 e = cylinder_joint_stiffness(0.1, 0.01, 0.1, 0.01, 8100e6, 0.3);
  CHECK(e.y() == Approx(8100e6 * pi * 1e-8 / 4 / 0.1));
}

TEST_CASE("cantilever layout and its small-deflection formula", "[samples]") {
  CantileverDef def;
  def.n = 10;
  const Model m = make_cantilever(def);
  CHECK(m.nbody() == 11);
  CHECK(m.base_kind == BaseKind::kFixed);
  for (int i = 1; i <= 10; ++i) {
    CHECK(m.parent[i] == i - 1);
    CHECK(m.joint_placement[i].translation.x() == Approx(0.1));
  }
  CHECK(m.inertia[0].mass == Approx(923 * std::numbers::pi * 1e-4 * 0.1));
  // The table's first row within 0.1%.
  CHECK(cantilever_static_deflection(def) == Approx(0.0067664).epsilon(1e-3));
}

TEST_CASE("generated trees are depth-first and sized as asked", "[samples]") {
  for (bool chain : {true, false}) {
    const Model plant = make_plant(1000, chain);
    const Model random = make_random_tree(500, chain, 3);
    CHECK(plant.nbody() == 1000);
    CHECK(random.nbody() == 500);
    int branching = 0;
    std::vector<int> children(plant.nbody(), 0);
    for (int i = 1; i < plant.nbody(); ++i) {
      CHECK(plant.parent[i] < i);
      if (++children[plant.parent[i]] == 2) ++branching;
    }
    CHECK((branching == 0) == chain);
  }
}
