// Tests of dynamics/src/rnea.cpp: CRBA is symmetric positive definite and gives
// the kinetic energy 1/2 v^T M v computed body by body; RNEA is affine in the
// accelerations with slope M; the gravity term is the gradient of the
// potential energy (finite differences).
#include "dynamics/rnea.hpp"

#include <Eigen/Cholesky>
#include <catch2/catch.hpp>

#include "dynamics/kinematics.hpp"
#include "dynamics/rotation.hpp"
#include "dynamics/samples.hpp"

using namespace lsd::dyn;

TEST_CASE("CRBA: symmetric, positive definite, 1/2 v^T M v = kinetic energy", "[rnea]") {
  for (BaseKind kind : {BaseKind::kFixed, BaseKind::kFloating}) {
    Model model = make_random_tree(30, false, 4);
    model.base_kind = kind;
    Data data = make_data(model);
    randomize_state(model, data, 2.0, 2.0, 4);
    data.base_q = quat_from_rotation_vector(Vec3(0.2, 0.5, -1.0));
    data.base_w = Vec3(0.3, 0.2, -0.1);
    data.base_v = Vec3(1.0, 0.0, 0.5);
    const Eigen::MatrixXd M = crba(model, data);
    CHECK((M - M.transpose()).norm() < 1e-12 * M.norm());
    CHECK(M.llt().info() == Eigen::Success);
    const Eigen::VectorXd v = joint_velocities(model, data);
    compute_energies(model, data);
    CHECK(0.5 * v.dot(M * v) == Approx(data.kinetic_energy).epsilon(1e-12));
  }
}

TEST_CASE("RNEA: tau(a) - tau(0) = M a", "[rnea]") {
  Model model = make_random_tree(30, true, 5);
  Data data = make_data(model);
  randomize_state(model, data, 2.0, 2.0, 5);
  const Eigen::VectorXd a = Eigen::VectorXd::Random(model.nv());
  const Eigen::VectorXd lhs = rnea(model, data, a) - rnea(model, data, Eigen::VectorXd::Zero(model.nv()));
  const Eigen::VectorXd rhs = crba(model, data) * a;
  CHECK((lhs - rhs).norm() < 1e-12 * rhs.norm());
}

TEST_CASE("RNEA at rest: the gravity torque is the gradient of the potential", "[rnea]") {
  Model model = make_random_tree(12, false, 6);
  Data data = make_data(model);
  randomize_state(model, data, 1.5, 0.0, 6);
  const Eigen::VectorXd g = rnea(model, data, Eigen::VectorXd::Zero(model.nv()));
  // Perturb joint i about child axis k: q <- q exp(eps e_k).
  const double eps = 1e-6;
  for (int i = 1; i < model.nbody(); ++i) {
    for (int k = 0; k < 3; ++k) {
      Data plus = data, minus = data;
      plus.q[i] = data.q[i] * quat_from_rotation_vector(eps * Vec3::Unit(k));
      minus.q[i] = data.q[i] * quat_from_rotation_vector(-eps * Vec3::Unit(k));
      compute_energies(model, plus);
      compute_energies(model, minus);
      const double dV = (plus.potential_energy - minus.potential_energy) / (2 * eps);
      CHECK(g[3 * (i - 1) + k] == Approx(dV).margin(1e-7).epsilon(1e-6));
    }
  }
}
