// The curved elements in the articulated step against the dense Lagrangian
// reference (tests/support/lagrange_reference.hpp: Lagrange's equations from
// the energies, differentiated by jets, the sections integrated numerically;
// nothing shared with dynamics/): the same trees, the same states, the same
// accelerations.
#include <catch2/catch.hpp>
#include <random>

#include "dynamics/aba.hpp"
#include "dynamics/rod.hpp"
#include "dynamics/rotation.hpp"
#include "support/lagrange_reference.hpp"

using namespace lsd::dyn;
namespace lr = lsd::lagref;

namespace {

constexpr double kRadius = 0.004, kDensity = 900, kYoung = 2e7, kPoisson = 0.3;

// The dynamics model of a reference tree (lagrange_reference.hpp's
// conventions are lsd's: rods hang from their parent's frame at their
// placement, rigid bodies are cylinders along x).
Model model_of(const lr::Tree& tree) {
  BaseDef base = default_base_def();
  base.gravity = tree.gravity;
  Model m = make_model(base);
  for (std::size_t k = 1; k < tree.nodes.size(); ++k) {
    const lr::Node& n = tree.nodes[k];
    if (n.kind == lr::NodeKind::Rigid) {
      BodyDef b = default_body_def();
      b.parent = n.parent;
      b.joint_placement = n.placement;
      b.inertia = cylinder_inertia(n.length, n.radius, n.density);
      b.stiffness = n.stiffness;
      REQUIRE(add_body(m, b) == int(k));
      continue;
    }
    RodDef r = default_rod_def();
    r.parent = n.parent;
    r.placement = n.placement;
    r.kind = n.kind == lr::NodeKind::Helix ? ElementKind::kHelix : ElementKind::kClothoid;
    r.length = n.kind == lr::NodeKind::ClothoidStart ? 0.0 : n.length;
    r.radius = n.kind == lr::NodeKind::ClothoidStart ? kRadius : n.radius;
    r.density = n.kind == lr::NodeKind::ClothoidStart ? kDensity : n.density;
    r.young = n.kind == lr::NodeKind::ClothoidStart ? kYoung : n.young;
    r.poisson = n.poisson;
    r.rest = n.rest;
    r.continues = n.kind == lr::NodeKind::Clothoid;
    REQUIRE(add_rod(m, r) == int(k));
  }
  return m;
}

// lsd's explicit accelerations (rigid: the child-frame angular acceleration;
// rods: the curvatures') against the reference's at (q, v), v in lsd's
// variables; returns the largest difference relative to the largest entry.
double compare(const lr::Tree& tree, const Eigen::VectorXd& q, const Eigen::VectorXd& v) {
  const Model m = model_of(tree);
  Data d = make_data(m);
  for (int i = 1; i < m.nbody(); ++i) {
    const Vec3 qi = q.segment<3>(lr::coordinate_index(i)), vi = v.segment<3>(lr::coordinate_index(i));
    if (m.rod(i)) d.kappa[std::size_t(i)] = qi;
    else d.q[std::size_t(i)] = quat_from_rotation_vector(qi);
    d.w[std::size_t(i)] = vi;
  }
  aba(m, d);
  const Eigen::VectorXd qd = lr::reference_rates(tree, q, v);
  const lr::LagrangeResult ref = lr::lagrange_accelerations(tree, q, qd);
  REQUIRE(ref.positive_definite);
  const Eigen::VectorXd expect = lr::solver_accelerations(tree, q, qd, ref.qdd);
  Eigen::VectorXd got(expect.size());
  for (int i = 1; i < m.nbody(); ++i) got.segment<3>(lr::coordinate_index(i)) = d.dw[std::size_t(i)];
  const double err = (got - expect).cwiseAbs().maxCoeff() / expect.cwiseAbs().maxCoeff();
  return err;
}

Eigen::VectorXd random_vector(std::mt19937& rng, int n, double scale) {
  std::uniform_real_distribution<double> u(-scale, scale);
  Eigen::VectorXd x(n);
  for (int k = 0; k < n; ++k) x[k] = u(rng);
  return x;
}

SE3 turned(double angle, const Vec3& axis, const Vec3& at = Vec3::Zero()) {
  return {Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix(), at};
}

}  // namespace

TEST_CASE("a chain of helices: lsd's accelerations are Lagrange's", "[rod][lagref]") {
  lr::Tree tree;
  tree.gravity = Vec3(0.3, -9.81, 1.2);
  int p = 0;
  for (int k = 0; k < 3; ++k)
    p = lr::add_helix(tree, p, k == 0 ? turned(0.4, Vec3(0, 0, 1)) : SE3{}, 0.1, kRadius, kDensity, kYoung, kPoisson,
                      Vec3(1.0, -2.0, 5.0));
  std::mt19937 rng(7);
  for (int trial = 0; trial < 4; ++trial) {
    const Eigen::VectorXd q = random_vector(rng, lr::coordinate_count(tree), 8.0);
    const Eigen::VectorXd v = random_vector(rng, lr::coordinate_count(tree), 20.0);
    CHECK(compare(tree, q, v) < 1e-7);
  }
}

TEST_CASE("rigid bodies, joints and helices in one tree: lsd's accelerations are Lagrange's", "[rod][lagref]") {
  // base - rigid - helix - helix - rigid (a joint at the rod's end) - helix,
  // and a helix branching from the first rigid body's end.
  lr::Tree tree;
  tree.gravity = Vec3(0.0, -9.81, 0.0);
  const int b1 = lr::add_rigid(tree, 0, turned(0.7, Vec3(0, 0, 1)), 0.08, 0.006, 700, Vec3(3, 4, 5));
  const int h1 = lr::add_helix(tree, b1, SE3{Mat3::Identity(), Vec3(0.08, 0, 0)}, 0.07, kRadius, kDensity, kYoung,
                               kPoisson, Vec3(0.5, 3.0, -2.0));
  const int h2 = lr::add_helix(tree, h1, SE3{}, 0.05, kRadius, kDensity, kYoung, kPoisson, Vec3(0, 0, 6.0));
  const int b2 = lr::add_rigid(tree, h2, turned(0.3, Vec3(0, 1, 0)), 0.04, 0.003, 1200, Vec3(0.2, 0.3, 0.3));
  lr::add_helix(tree, b2, SE3{Mat3::Identity(), Vec3(0.04, 0, 0)}, 0.06, kRadius, kDensity, kYoung, kPoisson,
                Vec3(2.0, 1.0, 1.0));
  lr::add_helix(tree, b1, turned(-0.9, Vec3(1, 1, 0), Vec3(0.08, 0, 0)), 0.09, kRadius, kDensity, kYoung, kPoisson,
                Vec3(-1.0, 0.0, 4.0));
  std::mt19937 rng(11);
  for (int trial = 0; trial < 4; ++trial) {
    const Eigen::VectorXd q = random_vector(rng, lr::coordinate_count(tree), 1.5);
    const Eigen::VectorXd v = random_vector(rng, lr::coordinate_count(tree), 4.0);
    CHECK(compare(tree, q, v) < 1e-7);
  }
}

TEST_CASE("a chain of clothoids, and clothoids after a joint: lsd's accelerations are Lagrange's", "[rod][lagref]") {
  // base - clothoid start - clothoid - clothoid (a chain sharing its nodes),
  // then a rigid body on a joint at the chain's end and a second chain
  // branching from it.
  lr::Tree tree;
  tree.gravity = Vec3(0.0, -9.81, 0.5);
  const Vec3 rest(0.5, 2.0, -3.0);
  const int c0 = lr::add_clothoid_start(tree, 0, turned(0.3, Vec3(0, 0, 1)));
  const int c1 = lr::add_clothoid(tree, c0, SE3{}, 0.08, kRadius, kDensity, kYoung, kPoisson, rest, rest);
  const int c2 = lr::add_clothoid(tree, c1, SE3{}, 0.06, kRadius, kDensity, kYoung, kPoisson, rest, rest);
  const int b = lr::add_rigid(tree, c2, turned(0.4, Vec3(1, 0, 1)), 0.03, 0.003, 800, Vec3(0.5, 0.5, 0.5));
  const int d0 = lr::add_clothoid_start(tree, b, SE3{Mat3::Identity(), Vec3(0.03, 0, 0)});
  lr::add_clothoid(tree, d0, SE3{}, 0.05, kRadius, kDensity, kYoung, kPoisson, rest, rest);
  std::mt19937 rng(5);
  for (int trial = 0; trial < 3; ++trial) {
    Eigen::VectorXd q = random_vector(rng, lr::coordinate_count(tree), 6.0);
    q.segment<3>(lr::coordinate_index(b)) *= 0.25;  // a joint's rotation vector within pi
    const Eigen::VectorXd v = random_vector(rng, lr::coordinate_count(tree), 10.0);
    CHECK(compare(tree, q, v) < 1e-7);
  }
}
