// Tests of dynamics/src/model.cpp: definitions with defaults, adding bodies.
#include "dynamics/model.hpp"

#include <catch2/catch.hpp>

using namespace lsd::dyn;

TEST_CASE("a model starts with its base and grows in depth-first order", "[model]") {
  Model m = make_model();
  CHECK(m.nbody() == 1);
  CHECK(m.parent[0] == -1);
  CHECK(m.base_kind == BaseKind::kFixed);
  CHECK(m.opt.gravity == Vec3(0.0, -9.81, 0.0));
  CHECK(m.nv() == 0);

  BodyDef def = default_body_def();
  CHECK(def.parent == 0);
  CHECK(def.inertia.mass > 0.0);
  def.stiffness = Vec3(1, 2, 3);
  CHECK(add_body(m, def) == 1);
  def.parent = 1;
  CHECK(add_body(m, def) == 2);
  def.parent = 1;
  CHECK(add_body(m, def) == 3);
  CHECK(m.nbody() == 4);
  CHECK(m.nv() == 9);
  CHECK(m.parent == std::vector<int>{-1, 0, 1, 1});
  CHECK(m.stiffness[3] == Vec3(1, 2, 3));

  // A parent that does not exist yet is refused.
  def.parent = 4;
  CHECK(add_body(m, def) == -1);
  def.parent = -1;
  CHECK(add_body(m, def) == -1);
  CHECK(m.nbody() == 4);
}

TEST_CASE("a floating base adds six velocities", "[model]") {
  BaseDef base = default_base_def();
  base.kind = BaseKind::kFloating;
  base.gravity = Vec3(0, 0, -1);
  Model m = make_model(base);
  add_body(m, default_body_def());
  CHECK(m.nv() == 9);
  CHECK(m.opt.gravity == Vec3(0, 0, -1));
}
