// The accuracy of rigid chains against the converged Kirchhoff reference
// (tests/support/kirchhoff_shooting.hpp), in the two spring layouts of
// docs/dynamics.md, "Rigid chains: second order": the thesis's (the clamp's
// spring E I / l, the whole rest turn at the clamp) and the second-order one
// (the clamp's spring 2 E I / l, springs.hpp: clamp_joint_stiffness, half
// the rest turn at the clamp), built by samples.hpp's make_rigid_rod. The
// rods' own table is rod_accuracy_test.cpp.
#include <catch2/catch.hpp>
#include <cmath>

#include "dynamics/aba.hpp"
#include "dynamics/kinematics.hpp"
#include "dynamics/samples.hpp"
#include "dynamics/step.hpp"
#include "support/kirchhoff_shooting.hpp"
#include "support/settle.hpp"

using namespace lsd::dyn;

namespace {

// The soft rod of the rods' table (RigidRodDef's defaults): 0.3 m, r = 1 mm,
// E = 0.2 GPa, sagging under its weight (w L^3 / EI = 5: the tip drops half
// the length).
using RodSpec = RigidRodDef;
using Layout = ChainSprings;

// The static equilibrium (support/settle.hpp); the tip (the last body's far end).
Vec3 static_tip(const RodSpec& spec, int n, Layout layout) {
  RigidRodDef def = spec;
  def.n = n;
  def.springs = layout;
  Vec3 tip;
  Model m = make_rigid_rod(def, tip);
  Data d = make_data(m);
  REQUIRE(lsd::test::settle(m, d));
  forward_kinematics(m, d);
  return d.oMi[std::size_t(n)].act(tip);
}

Vec3 reference_tip(const RodSpec& spec) {
  lsd::test::KirchhoffOptions opt;
  opt.tolerance = 1e-11;
  const lsd::test::KirchhoffSolution s = lsd::test::solve_kirchhoff_statics(lsd::test::kirchhoff_rod_of(spec), opt);
  REQUIRE(s.converged);
  return s.tip;
}

// The tip's distance from the reference's, over the rod's length.
double tip_error(const RodSpec& spec, const Vec3& reference, int n, Layout layout) {
  return (static_tip(spec, n, layout) - reference).norm() / spec.length;
}

}  // namespace

TEST_CASE("a soft straight rod as a rigid chain: the thesis's layout is first order, the clamp's 2EI/l second", "[springs][accuracy]") {
  // Measured, tip error / L: thesis 10, 20, 40 bodies 8.4%, 4.2%, 2.1%;
  // second order 0.45%, 0.11%, 0.028% (docs/dynamics.md, "Curved rods: accuracy").
  const RodSpec s;
  const Vec3 ref = reference_tip(s);
  double thesis[3], second[3];
  for (int k = 0; k < 3; ++k) {
    thesis[k] = tip_error(s, ref, 10 << k, Layout::kThesis);
    second[k] = tip_error(s, ref, 10 << k, Layout::kSecondOrder);
    INFO("n = " << (10 << k) << ": thesis " << thesis[k] << ", second order " << second[k]);
    CHECK(second[k] < thesis[k] / 5);
  }
  for (int k = 0; k < 2; ++k) {  // halving the bodies' length halves the error, or quarters it
    CHECK(thesis[k] / thesis[k + 1] == Approx(2).epsilon(0.15));
    CHECK(second[k] / second[k + 1] == Approx(4).epsilon(0.15));
  }
}

TEST_CASE("a soft curly rod as a rigid chain: second order only with the springs seen through J_r", "[springs][accuracy]") {
  // Rest twist 5/m and curvature 10/m (G J != E I): the diagonal springs on
  // the rest frame's axes are first order again, J_r(a)^-T c J_r(a)^-1 second.
  // Measured, tip error / L at 10, 20, 40 bodies: thesis 12.5%, 6.2%, 3.1%;
  // second order 1.38%, 0.75%, 0.39%; with J_r 0.21%, 0.057%, 0.015%.
  RodSpec s;
  s.rest = Vec3(5, 0, 10);
  const Vec3 ref = reference_tip(s);
  double thesis[3], diagonal[3], jr[3];
  for (int k = 0; k < 3; ++k) {
    thesis[k] = tip_error(s, ref, 10 << k, Layout::kThesis);
    diagonal[k] = tip_error(s, ref, 10 << k, Layout::kSecondOrder);
    jr[k] = tip_error(s, ref, 10 << k, Layout::kSecondOrderJr);
    INFO("n = " << (10 << k) << ": thesis " << thesis[k] << ", second order " << diagonal[k] << ", with J_r " << jr[k]);
    CHECK(jr[k] < diagonal[k]);
  }
  for (int k = 0; k < 2; ++k) {
    INFO("n = " << (10 << k) << ": thesis " << thesis[k] / thesis[k + 1] << ", second order " << diagonal[k] / diagonal[k + 1]
                << ", with J_r " << jr[k] / jr[k + 1]);
    CHECK(thesis[k] / thesis[k + 1] == Approx(2).epsilon(0.15));
    CHECK(diagonal[k] / diagonal[k + 1] == Approx(2).epsilon(0.25));
    CHECK(jr[k] / jr[k + 1] == Approx(4).epsilon(0.15));
  }
}

