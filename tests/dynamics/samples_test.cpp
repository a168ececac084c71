// Tests of dynamics/src/samples.cpp: the cantilever's layout and static
// formula, the generated trees.
#include "dynamics/samples.hpp"

#include <numbers>
#include <catch2/catch.hpp>
#include <cmath>

using namespace lsd::dyn;

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
