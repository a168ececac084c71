// Tests of interpreter/living/src/living_model.cpp: the articulated model built from a string,
// its structural diagnostics, and the joint state read from / written to it.
#include <catch2/catch.hpp>
#include <cmath>

#include "dynamics/kinematics.hpp"
#include "dynamics/rotation.hpp"
#include "dynamics/springs.hpp"
#include "interpreter/living/living_model.hpp"
#include "interpreter/turtle/turtle.hpp"
#include "support/lsd_test.hpp"

using namespace lsd;

namespace {

struct Built {
  interp::Lsystem ls;
  interp::LivingModel lm;
  dyn::Data data;  // the string's state, loaded
  std::vector<grammar::Diagnostic> diags;
  bool ok = false;
};

void build(const std::string& text, Built& b) {
  REQUIRE(test::load_text(text, b.ls, b.diags));
  b.ok = interp::build_living_model(*b.ls.rules, interp::file_settings(*b.ls.rules), b.ls.current, b.lm, b.diags);
  b.data = dyn::make_data(b.lm.model);
  interp::load_state(b.ls.current, b.lm, b.data);
}

// The model of text (ending in its dynamics: line) under springs: thesis and second order.
void build_both(const std::string& text, Built& thesis, Built& second) {
  build(text + " springs: thesis\n", thesis);
  build(text + " springs: second order\n", second);
  REQUIRE(thesis.ok);
  REQUIRE(second.ok);
}

std::string first_error(const std::string& axiom) {
  Built b;
  build("axiom: " + axiom + "\ndynamics:\n", b);
  CHECK_FALSE(b.ok);
  CHECK(b.lm.empty());
  return b.diags.empty() ? "" : b.diags[0].message;
}

}  // namespace

TEST_CASE("bodies, welds, joints and tips from a bracketed string") {
  Built b;
  build("axiom: B(1,0.1) [ +(30) J B(0.5,0.05) B(0.5,0.05) J ] J B(1,0.1) J\ndynamics:\n", b);
  REQUIRE(b.ok);
  CHECK(b.lm.nbodies() == 3);                // base, a welded branch, the top
  CHECK(b.lm.model.parent[1] == 0);
  CHECK(b.lm.model.parent[2] == 0);
  CHECK(b.lm.layout.tips.size() == 2);              // the J before ']' and the last J
  CHECK(b.lm.layout.bodies[1].joint_module == 3);
  CHECK(b.lm.layout.bodies[2].joint_module == 8);
  // the welded branch: two cylinders of 0.5 m, 1000 kg/m^3
  const double m = 1000 * M_PI * 0.05 * 0.05 * 0.5;
  CHECK(b.lm.model.inertia[1].mass == Approx(2 * m));
  CHECK(b.lm.model.inertia[1].com.x() == Approx(0.5));  // along the branch's H
  // the branch joint's rest frame is the turtle frame turned by +(30)
  // (the base frame is the world: H = (0,1,0), L = (-1,0,0); + turns H toward L)
  const auto& R = b.lm.model.joint_placement[1].rotation;
  CHECK(R(0, 0) == Approx(-std::sin(M_PI / 6)));
  CHECK(R(1, 0) == Approx(std::cos(M_PI / 6)));
  CHECK(b.lm.model.joint_placement[1].translation.y() == Approx(1));
  CHECK(b.lm.layout.module_body[4] == 1);
  CHECK(b.lm.layout.module_body[0] == 0);
}

TEST_CASE("spring constants follow docs/language.md section 7") {
  Built b;
  build("axiom: B(0.2, 0.01, 900, 1e9) J B(0.1, 0.02, 900, 3e9)\ndynamics:\n poisson: 0.25\n damping: 0.5\n", b);
  REQUIRE(b.ok);
  const double E = 2e9, G = E / 2.5, r4 = std::pow(0.01, 4) + std::pow(0.02, 4), len = 2 / 0.3;
  CHECK(b.lm.model.stiffness[1].y() == Approx(E * M_PI / 8 * r4 * len));
  CHECK(b.lm.model.stiffness[1].z() == Approx(E * M_PI / 8 * r4 * len));
  CHECK(b.lm.model.stiffness[1].x() == Approx(G * M_PI / 4 * r4 * len));
  CHECK(b.lm.model.damping[1].x() == 0.5);
}

TEST_CASE("springs: second order gives a clamp on the fixed base 2EI/l of its child, the other joints keep theirs") {
  // docs/dynamics.md, "Rigid chains: second order": the base does not bend.
  // (no rest turns: the springs stay on the turtle's axes, spring_axes.hpp)
  const std::string axiom = "axiom: B(0.2, 0.01) [ J B(0.1, 0.02) ] J B(0.1, 0.02, 900, 3e9) J B(0.3, 0.02)\n";
  const double I = M_PI * std::pow(0.02, 4) / 4, E = 1e9, G = E / 2.6;
  const double thesis_clamp = E * M_PI / 8 * (std::pow(0.01, 4) + std::pow(0.02, 4)) * 2 / 0.3;
  for (const char* keys : {"", " springs: thesis\n", " springs: second order\n", " springs: second order\n base: floating\n"}) {
    Built b;
    build(axiom + "dynamics:\n" + keys, b);
    REQUIRE(b.ok);
    REQUIRE(b.lm.nbodies() == 4);
    INFO(keys);
    // a floating base is a body like the others: only a base that does not move is a clamp
    const std::string k = keys;
    const bool clamp = k.find("second") != std::string::npos && k.find("floating") == std::string::npos;
    CHECK(b.lm.model.stiffness[1].y() == Approx(clamp ? 2 * E * I / 0.1 : thesis_clamp));  // the branch
    CHECK(b.lm.model.stiffness[1].x() == Approx(clamp ? 2 * G * 2 * I / 0.1 : thesis_clamp / 1.3));
    CHECK(b.lm.model.stiffness[2].z() == Approx(clamp ? 2 * 3e9 * I / 0.1 : 0.5 * (E + 3e9) * thesis_clamp / E));
    CHECK(b.lm.model.stiffness[3].y() == Approx(0.5 * (E + 3e9) * I * 2 / 0.4));  // not on the base
  }
}

TEST_CASE("springs: second order turns a turned joint's axes to its spring's; the string's state means the same pose") {
  // docs/dynamics.md, "Rigid chains: second order": K = J_r(a)^-T c J_r(a)^-1
  // is diagonal on the joint's axes; the state in the string stays on the turtle's.
  const std::string text = "axiom: B(0.2, 0.01) J(0.1, -0.2, 0.3, 1, 2, 3) B(0.1, 0.01) /(40) +(30) J(0.2, 0.1, -0.1, 0, 1, 0) "
                           "B(0.1, 0.01) [ &(20) @Tie(0, 0, 0) ] B(0.1, 0.01)\ndynamics:\n";
  Built thesis, second;
  build_both(text, thesis, second);
  const dyn::Mat3& W = second.lm.layout.bodies[2].axes;
  CHECK((W.transpose() * W - dyn::Mat3::Identity()).norm() < 1e-12);
  CHECK(W.determinant() == Approx(1));
  CHECK((W - dyn::Mat3::Identity()).norm() > 0.01);  // twist differs from bending: the axes turn
  CHECK(second.lm.layout.bodies[1].axes == dyn::Mat3::Identity());  // no rest turn
  // W^T K W diagonal: the model's springs are K's eigenvalues
  const dyn::Vec3 a = dyn::rotation_vector_from_quat(dyn::Quat(thesis.lm.model.joint_placement[2].rotation));
  const dyn::Mat3 ji = dyn::right_jacobian_inverse(a);
  const dyn::Mat3 K = ji.transpose() * thesis.lm.model.stiffness[2].asDiagonal() * ji;
  const dyn::Mat3 D = W.transpose() * K * W;
  CHECK((D - dyn::Mat3(second.lm.model.stiffness[2].asDiagonal())).norm() < 1e-9 * K.norm());
  // The same state, the same pose: every body's far end, the tie's point.
  dyn::forward_kinematics(thesis.lm.model, thesis.data);
  dyn::forward_kinematics(second.lm.model, second.data);
  for (std::size_t p = 0; p < thesis.lm.layout.pieces.size(); ++p) {
    const interp::BodyPiece &x = thesis.lm.layout.pieces[p], &y = second.lm.layout.pieces[p];
    const dyn::Vec3 ex = thesis.data.oMi[std::size_t(x.body)].act(x.frame.act(dyn::Vec3(x.length, 0, 0)));
    const dyn::Vec3 ey = second.data.oMi[std::size_t(y.body)].act(y.frame.act(dyn::Vec3(y.length, 0, 0)));
    CHECK((ex - ey).norm() < 1e-14);
  }
  const dyn::Tie &tx = thesis.lm.model.contact.ties[0], &ty = second.lm.model.contact.ties[0];
  CHECK((thesis.data.oMi[std::size_t(tx.body)].act(tx.point) - second.data.oMi[std::size_t(ty.body)].act(ty.point)).norm() < 1e-14);
  // and back into the string as it was
  interp::ModuleString s = second.ls.current;
  interp::store_state(second.lm, second.data, s);
  for (std::size_t i : {1, 5})
    for (int k = 0; k < 6; ++k) CHECK(s.param(i)[k] == Approx(second.ls.current.param(i)[k]).margin(1e-15));
}

TEST_CASE("springs: second order keeps a weld's rest rotation: the same relative pose of the two bodies") {
  // A @Weld's rotation is written in the turtle's frames; the model's frames
  // are turned by the joints' axes (spring_axes.hpp), the weld's with them.
  const std::string text = "axiom: B(0.05, 0.01) [ +(30) J B(0.2, 0.006) /(20) J -(60) B(0.2, 0.006) @Weld(7, 0.1, -0.2, 0.3) ] "
                           "[ -(30) J B(0.2, 0.006) J +(60) B(0.2, 0.006) @Weld(7) ]\ndynamics:\n";
  Built thesis, second;
  build_both(text, thesis, second);
  REQUIRE(second.lm.model.contact.grafts.size() == 1);
  const dyn::Graft &gt = thesis.lm.model.contact.grafts[0], &gs = second.lm.model.contact.grafts[0];
  const std::size_t a = std::size_t(gs.body_a), b = std::size_t(gs.body_b);
  REQUIRE(second.lm.layout.bodies[b].axes != dyn::Mat3::Identity());
  dyn::forward_kinematics(thesis.lm.model, thesis.data);
  dyn::forward_kinematics(second.lm.model, second.data);
  // where the weld holds body b's frame, in the world: the thesis's, turned by b's axes
  const dyn::Mat3 held_t = thesis.data.oMi[a].rotation * gt.rest.toRotationMatrix() * second.lm.layout.bodies[b].axes;
  const dyn::Mat3 held_s = second.data.oMi[a].rotation * gs.rest.toRotationMatrix();
  CHECK((held_t - held_s).norm() < 1e-14);
  // a bare weld, written back into the string, says the same rotation in both
  Built bare_t, bare_s;
  build_both("axiom: B(0.05, 0.01) [ +(30) J B(0.2, 0.006) /(20) J -(60) B(0.2, 0.006) @Weld(7) ] "
             "[ -(30) J B(0.2, 0.006) J +(60) B(0.2, 0.006) @Weld(7) ]\ndynamics:\n",
             bare_t, bare_s);
  REQUIRE(interp::write_bare_welds(bare_t.lm, bare_t.ls.current));
  REQUIRE(interp::write_bare_welds(bare_s.lm, bare_s.ls.current));
  for (std::size_t i = 0; i < bare_t.ls.current.size(); ++i)
    for (int k = 0; k < int(bare_t.ls.current.nparams(i)); ++k)
      CHECK(bare_s.ls.current.param(i)[k] == Approx(bare_t.ls.current.param(i)[k]).margin(1e-14));
}

TEST_CASE("damping ratio: d = 2 zeta sqrt(k I) with the subtree inertia about the joint") {
  Built b;
  build("axiom: B(1, 0.01) J B(1, 0.01)\ndynamics:\n damping ratio: 0.2\n", b);
  REQUIRE(b.ok);
  const double m = 1000 * M_PI * 1e-4, I = m * (3 * 1e-4 + 1) / 12 + m * 0.25;  // rod about its end
  CHECK(b.lm.model.damping[1].y() == Approx(2 * 0.2 * std::sqrt(b.lm.model.stiffness[1].y() * I)));
}

TEST_CASE("structural mistakes are diagnostics naming the modules") {
  CHECK_THAT(first_error("J B(1,1)"), Catch::Contains("'J' at module 0 stands before the first body"));
  CHECK_THAT(first_error("B(1,1) J J B(1,1)"),
             Catch::Contains("joint 'J' at module 1 is followed by the joint 'J' at module 2 before a body"));
  CHECK_THAT(first_error("B(1,1) J [ B(1,1) ]"), Catch::Contains("'J' at module 1 is followed by '[' at module 2"));
  CHECK_THAT(first_error("B(1,1) J(0,0,0) B(1,1)"), Catch::Contains("has 3 parameters; a joint has six"));
  // (B(1) and B are drawn segments since joints: auto, docs/language.md 7.8)
  CHECK_THAT(first_error("B(1,1,1,1,1)"), Catch::Contains("'B' at module 0 has 5 parameters; a body has at most four"));
  CHECK_THAT(first_error("B(1,-1)"), Catch::Contains("positive radius"));
  CHECK_THAT(first_error("B(0,1) J B(0,1)"), Catch::Contains("two bodies of zero length"));
}

TEST_CASE("a growing tip joint is not an error and keeps its state") {
  Built b;
  build("axiom: B(1,0.1) J(0.1,0.2,0.3,1,2,3)\ndynamics:\n", b);
  REQUIRE(b.ok);
  CHECK(b.lm.nbodies() == 1);
  REQUIRE(b.lm.layout.tips.size() == 1);
  interp::store_state(b.lm, b.data, b.ls.current);
  CHECK(b.ls.current.param(1)[5] == 3);
}

TEST_CASE("state round trip: the string's rotation vector and velocity go through the model") {
  Built b;
  build("axiom: B(1,0.1) J(0.1,-0.2,0.3,1,2,3) B(1,0.1)\ndynamics:\n", b);
  REQUIRE(b.ok);
  CHECK(b.data.w[1].z() == 3);
  interp::ModuleString s = b.ls.current;
  interp::store_state(b.lm, b.data, s);
  for (int k = 0; k < 6; ++k) CHECK(s.param(1)[k] == Approx(b.ls.current.param(1)[k]).margin(1e-15));
}

TEST_CASE("the drawn plant and the model agree on the bent pose: the tip") {
  Built b;
  build("axiom: B(1,0.1) J(0,0.3,0.5,0,0,0) B(0.7,0.1) [ +(20) F(5) ] B(0.4,0.1)\ndynamics:\n", b);
  REQUIRE(b.ok);
  dyn::forward_kinematics(b.lm.model, b.data);
  auto g = interp::interpret(b.ls.current, interp::turtle_options(*b.ls.rules));
  const auto& last = g.segments.back();
  dyn::Vec3 tip = interp::tip_position(b.lm, b.data);
  CHECK((tip - last.p1).norm() < 1e-12);
}

TEST_CASE("young: 0 gives joints without springs; a negative modulus is an error") {
  Built b;
  build("axiom: B(0.1, 0.01) J B(1, 0.01) J B(1, 0.01, 500, 0)\ndynamics:\n young: 0\n damping ratio: 0.3\n", b);
  REQUIRE(b.ok);
  for (int k = 1; k <= 2; ++k) {
    CHECK(b.lm.model.stiffness[std::size_t(k)] == dyn::Vec3::Zero());
    CHECK(b.lm.model.damping[std::size_t(k)] == dyn::Vec3::Zero());  // a ratio of no spring's critical damping
  }
  CHECK_THAT(first_error("B(1, 0.01, 500, -1) J B(1, 0.01)"), Catch::Contains("a modulus of at least 0"));
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  CHECK_FALSE(test::load_text("axiom: B(1, 0.1)\ndynamics:\n young: -1\n", ls, d));
  REQUIRE(!d.empty());
  CHECK_THAT(d[0].message, Catch::Contains("'young:' must be at least 0"));
}
