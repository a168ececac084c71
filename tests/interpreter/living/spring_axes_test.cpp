// Tests of interpreter/living/src/spring_axes.cpp through the living model:
// a rod drawn as bodies and turns, curled in a horizontal plane and sagging
// out of it under its weight (twist and bending coupled, G J != E I),
// against the converged Kirchhoff rod (tests/support/kirchhoff_shooting.hpp;
// docs/dynamics.md, "Rigid chains: second order").
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "dynamics/kinematics.hpp"
#include "interpreter/living/living_model.hpp"
#include "support/kirchhoff_shooting.hpp"
#include "support/lsd_test.hpp"
#include "support/settle.hpp"

using namespace lsd;

namespace {

constexpr double kLength = 0.3, kRadius = 0.001, kCurvature = 10;  // m, m, 1/m

// n bodies of the soft rod (E = 0.2 GPa) after a fixed root body, turned by
// l kappa at every joint; at the clamp by all of it (thesis) or half
// (second order: docs/language.md 7.5).
std::string drawn_rod(int n, bool second) {
  const double l = kLength / n, turn = l * kCurvature * 180 / M_PI;
  std::string body = "B(" + std::to_string(l) + ", " + std::to_string(kRadius) + ")";
  std::string text = "axiom: &(90) B(0.03, 0.001) +(" + std::to_string(second ? turn / 2 : turn) + ") J " + body;
  for (int k = 1; k < n; ++k) text += " +(" + std::to_string(turn) + ") J " + body;
  return text + "\ndynamics:\n young: 2e8\n density: 1000\n poisson: 0.3\n springs: " +
         (second ? "second order\n" : "thesis\n");
}

struct Settled {
  dyn::Vec3 tip, clamp;
  dyn::Mat3 clamp_frame;
};

// The drawn rod's static equilibrium (support/settle.hpp, with stiffness
// damping 0.05 s), its clamp and tip.
Settled settle(int n, bool second) {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(test::load_text(drawn_rod(n, second), ls, d));
  interp::LivingModel lm;
  REQUIRE(interp::build_living_model(*ls.rules, interp::file_settings(*ls.rules), ls.current, lm, d));
  dyn::Model& m = lm.model;
  for (int k = 1; k < m.nbody(); ++k) m.damping[std::size_t(k)] = 0.05 * m.stiffness[std::size_t(k)];
  dyn::Data data = dyn::make_data(m);
  REQUIRE(test::settle(m, data));
  dyn::forward_kinematics(m, data);
  const interp::BodyPiece& root = lm.layout.pieces[0];
  return {interp::tip_position(lm, data), root.frame.act(dyn::Vec3(root.length, 0, 0)), root.frame.rotation};
}

}  // namespace

TEST_CASE("a drawn rod curled across gravity: second order with springs: second order, first with thesis", "[springs]") {
  // Measured, tip error / L at 10 and 20 bodies: thesis 9.8%, 6.4% (not yet
  // at its asymptotic rate 2); second order 0.35%, 0.087% (without the
  // joints' axes turned, springs on the turtle's axes: 0.91%, 0.49%).
  double thesis[2], second[2];
  for (int k = 0; k < 2; ++k) {
    const Settled t = settle(10 << k, false), s = settle(10 << k, true);
    const test::KirchhoffRod rod =
        test::soft_rod(kLength, kRadius, Eigen::Vector3d(0, 0, kCurvature), s.clamp_frame, s.clamp);
    test::KirchhoffOptions opt;
    opt.tolerance = 1e-11;
    const test::KirchhoffSolution ref = test::solve_kirchhoff_statics(rod, opt);
    REQUIRE(ref.converged);
    CHECK(std::abs(ref.tip.y() - s.clamp.y()) > 0.05 * kLength);  // it sags out of its plane
    thesis[k] = (t.tip - ref.tip).norm() / kLength;
    second[k] = (s.tip - ref.tip).norm() / kLength;
    INFO("n = " << (10 << k) << ": thesis " << thesis[k] << ", second order " << second[k]);
    CHECK(second[k] < thesis[k] / 5);
  }
  INFO("thesis " << thesis[0] / thesis[1] << ", second order " << second[0] / second[1]);
  CHECK(thesis[0] / thesis[1] > 1.4);
  CHECK(thesis[0] / thesis[1] < 2.2);
  CHECK(second[0] / second[1] == Approx(4).epsilon(0.15));
}
