// Tests of dynamics/src/aba.cpp: ABA against an independent O(n^3) solve (CRBA +
// RNEA + dense Cholesky), the RNEA round trip, the implicit formulation, the
// double physical pendulum's Lagrangian equations, external forces and the
// floating base.
#include "dynamics/aba.hpp"

#include <Eigen/Cholesky>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "dynamics/kinematics.hpp"
#include "dynamics/rnea.hpp"
#include "dynamics/rotation.hpp"
#include "dynamics/samples.hpp"
#include "support/skip.hpp"

using namespace lsd::dyn;

namespace {

double rel_err(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return (a - b).norm() / b.norm();
}

Eigen::VectorXd random_torques(const Model& model, Data& data, std::uint32_t seed) {
  std::srand(seed);
  for (int i = 1; i < model.nbody(); ++i) data.tau[i] = 5.0 * Vec3::Random();
  Eigen::VectorXd tau = Eigen::VectorXd::Zero(model.nv());
  const int off = model.nv() - 3 * (model.nbody() - 1);
  for (int i = 1; i < model.nbody(); ++i) tau.segment<3>(off + 3 * (i - 1)) = data.tau[i];
  return tau;
}

// The dense solve of M x = rhs, in extended precision (x87 long double): for
// 200-body chains 100 m long cond(M) ~ 4e8, and a double LDL^T of M is then
// off by up to ~1e-9 by itself (ABA stays 2-5 times closer to the exact
// solution of the same M than the double solve does).
Eigen::VectorXd dense_solve(const Eigen::MatrixXd& M, const Eigen::VectorXd& rhs) {
  using MatL = Eigen::Matrix<long double, Eigen::Dynamic, Eigen::Dynamic>;
  using VecL = Eigen::Matrix<long double, Eigen::Dynamic, 1>;
  const VecL x = MatL(M.cast<long double>()).ldlt().solve(VecL(rhs.cast<long double>()));
  return x.cast<double>();
}

// ABA's accelerations against the dense solve M a = tau - b.
void check_against_crba(const Model& model, std::uint32_t seed, bool chain) {
  Data data = make_data(model);
  randomize_state(model, data, 2.5, 2.0, seed);
  if (model.base_kind == BaseKind::kFloating) {
    data.base_q = quat_from_rotation_vector(Vec3(0.3, -1.2, 0.7));
    data.base_p = Vec3(0.1, 0.2, 0.3);
    data.base_w = Vec3(0.5, -0.2, 0.9);
    data.base_v = Vec3(-0.3, 0.4, 0.1);
  }
  const Eigen::VectorXd tau = random_torques(model, data, seed);
  aba(model, data);
  const Eigen::VectorXd a_aba = joint_accelerations(model, data);

  const Eigen::MatrixXd M = crba(model, data);
  const Eigen::VectorXd b = rnea(model, data, Eigen::VectorXd::Zero(model.nv()));
  const Eigen::VectorXd a_dense = dense_solve(M, tau - b);
  const double err = rel_err(a_aba, a_dense);
  INFO("relative difference ABA vs CRBA solve: " << err);
  CHECK(err < 1e-9);

  // Round trip: random accelerations a, tau = RNEA(a), ABA(tau) returns a.
  std::srand(seed + 100);
  const Eigen::VectorXd a_in = 3.0 * Eigen::VectorXd::Random(model.nv());
  const Eigen::VectorXd tau_rt = rnea(model, data, a_in);
  const int off = model.nv() - 3 * (model.nbody() - 1);
  for (int i = 1; i < model.nbody(); ++i) data.tau[i] = tau_rt.segment<3>(off + 3 * (i - 1));
  if (off) {  // a floating base takes its generalised force as a body wrench
    const Vec6 f0 = tau_rt.head<6>();
    data.body_forces = {{0, f0.tail<3>(), Vec3::Zero(), f0.head<3>()}};
  }
  aba(model, data);
  const Eigen::VectorXd da = joint_accelerations(model, data) - a_in;
  // In the energy norm |x|_M = sqrt(x^T M x) the round trip is well posed.
  const double err_m = std::sqrt(da.dot(M * da) / a_in.dot(M * a_in));
  INFO("relative difference ABA(RNEA(a)) vs a, M-norm: " << err_m);
  CHECK(err_m < 1e-9);
  // In the 2-norm it is bounded by cond(M) eps: ~1e6 for the trees here, but
  // ~1e8 for 200-body chains 100 m long, whose exact-arithmetic bound (2e-8)
  // exceeds 1e-9 for any solver (a long-double dense solve misses by 4e-9).
  const double err_rt = da.norm() / a_in.norm();
  INFO("relative difference ABA(RNEA(a)) vs a, 2-norm: " << err_rt);
  if (!chain) CHECK(err_rt < 1e-9);
}

}  // namespace

TEST_CASE("ABA equals the CRBA solve on random 3-D chains and trees of 200 bodies", "[aba]") {
  for (std::uint32_t seed : {1u, 2u, 3u}) {
    SECTION("fixed-base chain, seed " + std::to_string(seed)) {
      check_against_crba(make_random_tree(201, true, seed), seed, true);
    }
    SECTION("fixed-base tree, seed " + std::to_string(seed)) {
      check_against_crba(make_random_tree(201, false, seed), seed, false);
    }
  }
  SECTION("floating-base tree") {
    Model model = make_random_tree(201, false, 7);
    model.base_kind = BaseKind::kFloating;
    check_against_crba(model, 7, false);
  }
  SECTION("kinematic base accelerating") {
    Model model = make_random_tree(60, false, 8);
    model.base_kind = BaseKind::kKinematic;
    Data data = make_data(model);
    randomize_state(model, data, 2.0, 2.0, 8);
    data.base_v = Vec3(1.0, 2.0, -0.5);
    data.base_acc = Vec3(3.0, -1.0, 2.0);
    const Eigen::VectorXd tau = random_torques(model, data, 8);
    aba(model, data);
    const Eigen::VectorXd a_dense =
        dense_solve(crba(model, data), tau - rnea(model, data, Eigen::VectorXd::Zero(model.nv())));
    CHECK(rel_err(joint_accelerations(model, data), a_dense) < 1e-9);
  }
}

// J_r(r)^-T: the transposed inverse right Jacobian of SO(3), closed form
// (Chirikjian), for the spring torque J_r^-T K r, the gradient of 1/2 r^T K r.
Mat3 inverse_right_jacobian_t(const Vec3& r) {
  const double t = r.norm();
  const Mat3 S = skew(r);
  const double c = t < 1e-4 ? 1.0 / 12 : 1.0 / (t * t) - (1 + std::cos(t)) / (2 * t * std::sin(t));
  return (Mat3::Identity() + 0.5 * S + c * S * S).transpose();
}

TEST_CASE("implicit ABA solves (M + hD + h^2 K) a = tau - J_r^-T K (r + h w) - D w - b", "[aba]") {
  Model model = make_random_tree(80, false, 11);
  std::srand(11);
  for (int i = 1; i < model.nbody(); ++i) {
    model.stiffness[i] = 50.0 * (Vec3::Random() + Vec3::Constant(1.5));
    model.damping[i] = 2.0 * (Vec3::Random() + Vec3::Constant(1.5));
  }
  Data data = make_data(model);
  randomize_state(model, data, 1.5, 2.0, 11);
  const double h = 0.01;
  aba(model, data, h);
  Eigen::MatrixXd A = crba(model, data);
  Eigen::VectorXd rhs = -rnea(model, data, Eigen::VectorXd::Zero(model.nv()));
  for (int i = 1; i < model.nbody(); ++i) {
    const int k = 3 * (i - 1);
    const Vec3 K = model.stiffness[i], D = model.damping[i];
    A.block<3, 3>(k, k) += (h * D + h * h * K).asDiagonal();
    const Vec3 r = rotation_vector_from_quat(data.q[i]);
    rhs.segment<3>(k) += -inverse_right_jacobian_t(r) * K.cwiseProduct(r + h * data.w[i]) - D.cwiseProduct(data.w[i]);
  }
  const Eigen::VectorXd a_dense = A.llt().solve(rhs);
  CHECK(rel_err(joint_accelerations(model, data), a_dense) < 1e-9);
}

TEST_CASE("double physical pendulum matches its Lagrangian equations of motion", "[aba]") {
  // Two cylinders hanging from a fixed pivot, swinging in the x-y plane about
  // z. Absolute angles phi1, phi2 from the downward vertical.
  const double l1 = 0.7, l2 = 0.45, r1 = 0.02, r2 = 0.015, rho = 800.0, g = 9.81;
  BaseDef base = default_base_def();
  base.gravity = Vec3(0.0, -g, 0.0);
  Model model = make_model(base);
  BodyDef b1 = default_body_def();
  // Rest frame: H (x) pointing down, U (z) = world z.
  b1.joint_placement.rotation << 0, 1, 0, -1, 0, 0, 0, 0, 1;
  b1.inertia = cylinder_inertia(l1, r1, rho);
  add_body(model, b1);
  BodyDef b2 = default_body_def();
  b2.parent = 1;
  b2.joint_placement.translation = Vec3(l1, 0.0, 0.0);
  b2.inertia = cylinder_inertia(l2, r2, rho);
  add_body(model, b2);
  const double m1 = b1.inertia.mass, m2 = b2.inertia.mass;
  const double I1 = b1.inertia.rot(2, 2), I2 = b2.inertia.rot(2, 2);  // about com, transverse
  const double a1 = l1 / 2, a2 = l2 / 2;

  std::srand(5);
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::Vector4d s = Eigen::Vector4d::Random();
    const double phi1 = 3.0 * s[0], phi2 = 3.0 * s[1], dphi1 = 4.0 * s[2], dphi2 = 4.0 * s[3];
    Data data = make_data(model);
    data.q[1] = quat_from_rotation_vector(Vec3(0, 0, phi1));
    data.q[2] = quat_from_rotation_vector(Vec3(0, 0, phi2 - phi1));
    data.w[1] = Vec3(0, 0, dphi1);
    data.w[2] = Vec3(0, 0, dphi2 - dphi1);
    aba(model, data);

    // Lagrangian of two rods: M(phi) phi'' + c(phi, phi') + g(phi) = 0.
    const double cd = std::cos(phi1 - phi2), sd = std::sin(phi1 - phi2);
    Eigen::Matrix2d M;
    M << m1 * a1 * a1 + I1 + m2 * l1 * l1, m2 * l1 * a2 * cd,  //
        m2 * l1 * a2 * cd, m2 * a2 * a2 + I2;
    const Eigen::Vector2d rhs(
        -m2 * l1 * a2 * sd * dphi2 * dphi2 - (m1 * a1 + m2 * l1) * g * std::sin(phi1),
        m2 * l1 * a2 * sd * dphi1 * dphi1 - m2 * a2 * g * std::sin(phi2));
    const Eigen::Vector2d acc = M.inverse() * rhs;

    CHECK(data.dw[1].z() == Approx(acc[0]).margin(1e-12).epsilon(1e-10));
    CHECK(data.dw[1].z() + data.dw[2].z() == Approx(acc[1]).margin(1e-12).epsilon(1e-10));
    CHECK(data.dw[1].head<2>().norm() < 1e-12);  // stays in the plane
    CHECK(data.dw[2].head<2>().norm() < 1e-12);
  }
}

TEST_CASE("external forces, torque and drag on a free body", "[aba]") {
  BaseDef base = default_base_def();
  base.kind = BaseKind::kFloating;
  base.gravity = Vec3::Zero();
  base.inertia = {2.0, Vec3(0.1, 0.0, 0.0), Vec3(0.3, 0.5, 0.7).asDiagonal()};
  base.drag = 0.0;
  Model model = make_model(base);
  Data data = make_data(model);
  const Vec3 F(1.0, -2.0, 0.5);

  SECTION("a force through the com only translates") {
    data.body_forces.push_back({0, F, base.inertia.com, Vec3::Zero()});
    aba(model, data);
    CHECK((data.base_dv - F / 2.0).norm() < 1e-14);
    CHECK(data.base_dw.norm() < 1e-14);
  }
  SECTION("an off-com force also turns: I dw = (p - c) x F") {
    const Vec3 p(0.1, 0.3, -0.2);
    data.body_forces.push_back({0, F, p, Vec3(0.2, 0.0, 0.1)});
    aba(model, data);
    const Vec3 dw = base.inertia.rot.inverse() * ((p - base.inertia.com).cross(F) + Vec3(0.2, 0.0, 0.1));
    CHECK((data.base_dw - dw).norm() < 1e-12);
    // The com accelerates at F/m: a_com = a_o + dw x c (at rest).
    CHECK((data.base_dv + data.base_dw.cross(base.inertia.com) - F / 2.0).norm() < 1e-12);
  }
  SECTION("linear drag toward the wind") {
    model.drag[0] = 0.4;
    data.base_v = Vec3(1.0, 0.0, 0.0);
    data.wind = Vec3(0.0, 3.0, 0.0);
    aba(model, data);
    CHECK((data.base_dv - (-0.4 * (data.base_v - data.wind) / 2.0)).norm() < 1e-14);
  }
}

TEST_CASE("forces on bodies inside a tree equal their joint torques J^T F", "[aba]") {
  // Forces on leaves, on bodies of a chain, on branch points, several on one
  // body, and on the base (no effect on a fixed base): each ancestor joint k
  // of a force F at world point x with torque T feels R_k^T ((x - o_k) x F + T)
  // (the force's virtual work), so the dense solve is M a = tau + J^T F - b.
  for (std::uint32_t seed : {31u, 32u}) {
    const Model model = make_random_tree(201, seed == 32u, seed);
    Data data = make_data(model);
    randomize_state(model, data, 2.0, 2.0, seed);
    Eigen::VectorXd tau = random_torques(model, data, seed);
    forward_kinematics(model, data);
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> any(0, model.nbody() - 1);
    std::vector<int> targets = {0, 1, model.nbody() - 1, model.nbody() / 2, model.nbody() / 2};
    for (int k = 0; k < 20; ++k) targets.push_back(any(rng));
    for (int b : targets) {
      const BodyForce f{b, 3.0 * Vec3::Random(), Vec3::Random(), 2.0 * Vec3::Random()};
      data.body_forces.push_back(f);
      const Vec3 x = data.oMi[b].act(f.point);
      for (int k = b; k > 0; k = model.parent[k]) {
        const SE3& oMk = data.oMi[k];
        tau.segment<3>(3 * (k - 1)) +=
            oMk.rotation.transpose() * ((x - oMk.translation).cross(f.force) + f.torque);
      }
    }
    aba(model, data);
    const Eigen::VectorXd a_dense =
        dense_solve(crba(model, data), tau - rnea(model, data, Eigen::VectorXd::Zero(model.nv())));
    const double err = rel_err(joint_accelerations(model, data), a_dense);
    INFO("seed " << seed << ": relative difference ABA vs CRBA solve with body forces: " << err);
    CHECK(err < 1e-9);
  }
}

TEST_CASE("floating base: momentum conserved without gravity, the com falls at g", "[aba]") {
  Model model = make_random_tree(40, false, 21);
  model.base_kind = BaseKind::kFloating;
  Data data = make_data(model);
  randomize_state(model, data, 2.0, 3.0, 21);
  data.base_w = Vec3(0.4, -1.0, 0.3);
  data.base_v = Vec3(0.2, 0.1, -0.6);
  for (int i = 1; i < model.nbody(); ++i) data.tau[i] = Vec3(0.5, -1.0, 2.0) * (i % 3 - 1);

  // Total spatial momentum about the world origin and its rate, from the
  // bodies' true accelerations (aba's a is shifted by -g).
  auto momentum_rate = [&](Vec6& rate, Vec3& com_acc) {
    rate.setZero();
    com_acc.setZero();
    double mass = 0.0;
    for (int i = 0; i < model.nbody(); ++i) {
      const SE3& oMi = data.oMi[i];
      const Inertia I = model.inertia[i].transformed({oMi.rotation, Vec3::Zero()});
      const Motion v = data.v[i];
      Motion a = Motion::from_vector(data.a[i]);
      a.linear += model.opt.gravity;
      const Force f = (I * a) + cross(v, I * v);  // d/dt (I v), about o_i
      rate += SE3{Mat3::Identity(), oMi.translation}.act(f).to_vector();
      // Classical acceleration of the com point.
      const Vec3 c = I.com;
      com_acc += I.mass * (a.linear + v.angular.cross(v.linear) + a.angular.cross(c) +
                           v.angular.cross(v.angular.cross(c)));
      mass += I.mass;
    }
    com_acc /= mass;
  };

  SECTION("no gravity: the total momentum does not change") {
    model.opt.gravity = Vec3::Zero();
    aba(model, data);
    Vec6 rate;
    Vec3 com_acc;
    momentum_rate(rate, com_acc);
    CHECK(rate.norm() < 1e-9);
    CHECK(com_acc.norm() < 1e-10);
  }
  SECTION("gravity: the centre of mass falls at g") {
    aba(model, data);
    Vec6 rate;
    Vec3 com_acc;
    momentum_rate(rate, com_acc);
    CHECK((com_acc - model.opt.gravity).norm() < 1e-10);
  }
}

TEST_CASE("aba, aba_integrate and aba_step give the same accelerations and the same verdict", "[aba]") {
  // The step's three entry points share one implementation with compile-time
  // switches (integrate, fused check): they must agree bit for bit.
  for (bool chain : {true, false}) {
    for (BaseKind kind : {BaseKind::kFixed, BaseKind::kFloating, BaseKind::kKinematic}) {
      Model model = make_random_tree(60, chain, 7);
      model.base_kind = kind;
      for (int i = 1; i < model.nbody(); ++i) {
        model.stiffness[i] = Vec3(3, 5, 7) * (1 + i % 3);
        model.damping[i] = Vec3(0.2, 0.1, 0.3);
        model.drag[i] = 0.05 * (i % 4);
      }
      Data d0 = make_data(model);
      randomize_state(model, d0, 1.0, 1.5, 11);
      d0.base_w = Vec3(0.2, -0.1, 0.3);
      d0.base_v = Vec3(0.1, 0.0, -0.2);
      d0.base_acc = Vec3(0.5, 0.0, 0.25);
      d0.wind = Vec3(1, 0, 0.5);
      d0.body_forces.push_back({5, Vec3(0.3, -0.2, 0.1), Vec3(0.01, 0.02, 0.0), Vec3(0.0, 0.05, 0.0)});
      for (double h : {0.0, 1e-3}) {
        const double dt = 1e-3;
        Data a = d0, b = d0, c = d0;
        aba(model, a, h);
        aba_integrate(model, b, h, dt);
        aba_step(model, c, h, dt, 1e6);
        for (int i = 1; i < model.nbody(); ++i) {
          CHECK(b.dw[i] == a.dw[i]);
          CHECK(c.dw[i] == a.dw[i]);
          // the state update of the last sweep: w += dt dw, q <- q exp(dt w)
          const Vec3 w = d0.w[i] + dt * a.dw[i];
          CHECK(b.w[i] == w);
          CHECK(b.q[i].coeffs() == integrate_quat(d0.q[i], w, dt).coeffs());
          CHECK(c.w[i] == b.w[i]);
          CHECK(c.q[i].coeffs() == b.q[i].coeffs());
        }
        CHECK(b.base_dw == a.base_dw);
        CHECK(b.base_dv == a.base_dv);
        CHECK(c.base_q.coeffs() == b.base_q.coeffs());
        CHECK(c.base_p == b.base_p);
        // the fused check gives check_state's verdict, for a bound every joint
        // passes, one that some fail, and one that all fail
        for (double bound : {1e6, 2.0, 0.0}) {
          Data e = d0;
          aba_step(model, e, h, dt, bound);
          Data f = b;
          CHECK(e.first_nonfinite_joint == check_state(model, f, bound));
        }
      }
    }
  }
}

TEST_CASE("the baseline and AVX2 kernels give the same bits", "[aba][avx2]") {
  // aba.cpp compiles one kernel for two instruction sets; neither fuses a
  // multiply-add, so a step is the same, bit for bit, on every x86-64.
  if (!set_kernel(Kernel::kAvx2)) {
    set_kernel(Kernel::kAuto);
    return lsd::test::skip("this processor has no AVX2: nothing to compare");
  }
  for (bool chain : {true, false}) {
    Model model = make_random_tree(80, chain, 3);
    model.base_kind = chain ? BaseKind::kFixed : BaseKind::kFloating;
    for (int i = 1; i < model.nbody(); ++i) {
      model.stiffness[i] = Vec3(2, 4, 6);
      model.damping[i] = Vec3(0.1, 0.2, 0.3);
      model.drag[i] = 0.02 * (i % 3);
    }
    Data start = make_data(model);
    randomize_state(model, start, 1.2, 1.0, 5);
    start.body_forces.push_back({7, Vec3(0.2, 0.1, -0.3), Vec3(0.05, 0, 0), Vec3(0, 0.01, 0)});
    Data a = start, b = start;
    set_kernel(Kernel::kAvx2);
    for (int s = 0; s < 50; ++s) aba_step(model, a, 1e-3, 1e-3, 1e4);
    set_kernel(Kernel::kBaseline);
    for (int s = 0; s < 50; ++s) aba_step(model, b, 1e-3, 1e-3, 1e4);
    set_kernel(Kernel::kAuto);
    for (int i = 1; i < model.nbody(); ++i) {
      CHECK(a.q[i].coeffs() == b.q[i].coeffs());
      CHECK(a.w[i] == b.w[i]);
      CHECK(a.dw[i] == b.dw[i]);
    }
    CHECK(a.base_q.coeffs() == b.base_q.coeffs());
    CHECK(a.base_v == b.base_v);
  }
}
