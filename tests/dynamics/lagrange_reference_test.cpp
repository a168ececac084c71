// Tests of tests/support/lagrange_reference.cpp, the dense Lagrangian
// reference lsd's solver is checked against: textbook rigid pendulums, a
// helix's equilibrium, closed-form and independently integrated rod shapes,
// energy conservation, the mass matrix, the discretisation's convergence.
#include "support/lagrange_reference.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <stdexcept>

#include <Eigen/Dense>

using namespace lsd::lagref;
using Eigen::Matrix3d;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

constexpr double kPi = 3.14159265358979323846;

SE3 moved(const Vec3& t, const Vec3& r = Vec3::Zero()) {
  SE3 m;
  m.translation = t;
  if (r.norm() > 0.0) m.rotation = Eigen::AngleAxisd(r.norm(), r.normalized()).toRotationMatrix();
  return m;
}

Matrix3d hat(const Vec3& v) {
  Matrix3d s;
  s << 0, -v.z(), v.y(), v.z(), 0, -v.x(), -v.y(), v.x(), 0;
  return s;
}

// exp(θ[Ω]×) by Eigen, and ∫₀ˡ exp(s[Ω]×) e_x ds in closed form: the helix.
Matrix3d rot(const Vec3& r) {
  return r.norm() > 0.0 ? Matrix3d(Eigen::AngleAxisd(r.norm(), r.normalized())) : Matrix3d::Identity();
}
Vec3 helix_offset(const Vec3& omega, double l) {
  const double w = omega.norm(), t = w * l;
  const Matrix3d k = hat(omega);
  // (1 − cos t)/w² and (t − sin t)/w³, by their series where they cancel
  const double c1 = t < 1e-3 ? l * l * (0.5 - t * t / 24) : (1 - std::cos(t)) / (w * w);
  const double c2 = t < 1e-3 ? l * l * l * (1.0 / 6 - t * t / 120) : (t - std::sin(t)) / (w * w * w);
  return (l * Matrix3d::Identity() + c1 * k + c2 * k * k) * Vec3::UnitX();
}

// The closed-form right Jacobian of SO(3), for checking the jets' one.
Matrix3d closed_right_jacobian(const Vec3& r) {
  const double t = r.norm();
  const Matrix3d k = hat(r);
  return Matrix3d::Identity() - (1 - std::cos(t)) / (t * t) * k + (t - std::sin(t)) / (t * t * t) * k * k;
}

double rel(const VectorXd& a, const VectorXd& b) { return (a - b).lpNorm<Eigen::Infinity>() / b.lpNorm<Eigen::Infinity>(); }

// A tree of every kind: a rigid body carrying a helix, a clothoid chain of
// two elements (a rigid body branching from its middle node) and a second
// helix branching from the body's middle; point forces on a clothoid and a
// body. 21 coordinates.
Tree mixed_tree() {
  Tree t;
  const int body = add_rigid(t, 0, moved(Vec3(0.01, 0, 0.02), Vec3(0.1, 0.2, 0)), 0.3, 0.02, 800, Vec3(1, 2, 3));
  const int helix = add_helix(t, body, moved(Vec3(0.3, 0, 0), Vec3(0, 0.3, 0.1)), 0.25, 0.01, 900, 2e6, 0.3,
                              Vec3(2, 5, -3));
  const int start = add_clothoid_start(t, helix, moved(Vec3::Zero(), Vec3(0.2, 0, 0)));
  const int mid = add_clothoid(t, start, SE3{}, 0.2, 0.008, 1000, 3e6, 0.4, Vec3(1, 2, 3), Vec3(0, 4, 1));
  add_clothoid(t, mid, SE3{}, 0.15, 0.006, 1000, 3e6, 0.4, Vec3(0, 4, 1), Vec3(-1, 2, 0));
  const int twig = add_rigid(t, mid, moved(Vec3(0, 0.005, 0), Vec3(0, 0, 0.7)), 0.1, 0.005, 700, Vec3(0.2, 0.3, 0.1));
  add_helix(t, body, moved(Vec3(0.15, 0.02, 0), Vec3(0, 0, -1.0)), 0.2, 0.012, 600, 1e6, 0.35, Vec3(0, 0, 4));
  t.forces.push_back({5, Vec3(0, 0.01, 0), Vec3(0.3, -0.2, 0.5), 0.07});
  t.forces.push_back({twig, Vec3(0.1, 0, 0), Vec3(0, 0.1, -0.05)});
  return t;
}

// A state of mixed_tree: joints turned, rods curled, everything moving.
void mixed_state(VectorXd& q, VectorXd& qd) {
  q.resize(21);
  qd.resize(21);
  q << 0.3, -0.5, 0.2, 3, 6, -2, 2, 1, 4, 0.5, 5, 1, -2, 1, 2, 0.4, -0.3, 0.8, 1, -2, 5;
  qd << 0.7, 0.2, -1.1, 4, -3, 2, 1, -5, 2, 3, 2, -6, 1, 4, -2, 2, 1.5, -1, -3, 2, 6;
}

}  // namespace

TEST_CASE("lagref: a physical pendulum's angular acceleration, planar and in 3-D (Euler's equations)",
          "[lagref]") {
  const double l = 0.5, a = 0.02, rho = 700, g = 9.81;
  const Vec3 k(4.0, 2.0, 3.0);
  Tree t;
  t.gravity = Vec3(0, 0, -g);
  add_rigid(t, 0, SE3{}, l, a, rho, k);
  const double m = rho * kPi * a * a * l;
  const Vec3 c(l / 2, 0, 0);
  const Matrix3d ic = Vec3(0.5 * m * a * a, m * (3 * a * a + l * l) / 12, m * (3 * a * a + l * l) / 12).asDiagonal();
  const Matrix3d io = ic + m * (c.squaredNorm() * Matrix3d::Identity() - c * c.transpose());  // about the pivot

  SECTION("planar: I φ̈ = m g (l/2) cos φ − K φ about y") {
    for (double phi : {0.0, 0.4, -1.2, 2.5}) {
      VectorXd q = Vec3(0, phi, 0), qd = Vec3(0, 1.7, 0);
      const LagrangeResult r = lagrange_accelerations(t, q, qd);
      const double expected = (m * g * 0.5 * l * std::cos(phi) - k.y() * phi) / io(1, 1);
      INFO("phi " << phi);
      CHECK(r.qdd.y() == Approx(expected).epsilon(1e-12));
      CHECK(std::abs(r.qdd.x()) + std::abs(r.qdd.z()) < 1e-12 * std::abs(expected) + 1e-13);
    }
  }
  SECTION("3-D: I ẇ + w × I w = c × Rᵀ m g + J_r⁻ᵀ(−K r)") {
    const Vec3 r(0.4, -0.9, 0.6), rd(1.5, -0.7, 2.2);
    const LagrangeResult res = lagrange_accelerations(t, r, rd);
    const Vec3 w = closed_right_jacobian(r) * rd;
    const Vec3 torque = c.cross(rot(r).transpose() * (m * t.gravity)) -
                        closed_right_jacobian(r).transpose().inverse() * k.cwiseProduct(r);
    const Vec3 wd = io.inverse() * (torque - w.cross(io * w));
    CHECK((angular_acceleration(r, rd, res.qdd) - wd).norm() < 1e-12 * wd.norm());
    CHECK((rotation_acceleration(r, rd, wd) - res.qdd).norm() < 1e-12 * res.qdd.norm());
  }
}

// The double pendulum of two thin-rod links in the x-y plane, joints about z,
// gravity −y (Spong, Hutchinson & Vidyasagar, "Robot Modeling and Control",
// §7.4.1): M(θ) θ̈ + C(θ, θ̇) θ̇ + G(θ) = 0.
TEST_CASE("lagref: a double pendulum against the textbook equations", "[lagref]") {
  const double l1 = 0.4, l2 = 0.3, a = 0.015, rho = 900, g = 9.81;
  Tree t;
  t.gravity = Vec3(0, -g, 0);
  const int first = add_rigid(t, 0, SE3{}, l1, a, rho, Vec3::Zero());
  add_rigid(t, first, moved(Vec3(l1, 0, 0)), l2, a, rho, Vec3::Zero());
  const double m1 = rho * kPi * a * a * l1, m2 = rho * kPi * a * a * l2;
  const double i1 = m1 * (3 * a * a + l1 * l1) / 12, i2 = m2 * (3 * a * a + l2 * l2) / 12;
  const double c1 = l1 / 2, c2 = l2 / 2;
  for (const Eigen::Vector4d& s : {Eigen::Vector4d(0.3, 0.9, 1.2, -2.0), Eigen::Vector4d(-1.1, 2.8, -0.4, 3.5),
                                  Eigen::Vector4d(0, 0, 0, 0)}) {
    const double q1 = s[0], q2 = s[1], v1 = s[2], v2 = s[3];
    Eigen::Matrix2d mm;
    mm(0, 0) = m1 * c1 * c1 + m2 * (l1 * l1 + c2 * c2 + 2 * l1 * c2 * std::cos(q2)) + i1 + i2;
    mm(0, 1) = mm(1, 0) = m2 * (c2 * c2 + l1 * c2 * std::cos(q2)) + i2;
    mm(1, 1) = m2 * c2 * c2 + i2;
    const double h = -m2 * l1 * c2 * std::sin(q2);
    const Eigen::Vector2d coriolis(h * v2 * v2 + 2 * h * v1 * v2, -h * v1 * v1);
    const Eigen::Vector2d gravity((m1 * c1 + m2 * l1) * g * std::cos(q1) + m2 * c2 * g * std::cos(q1 + q2),
                                  m2 * c2 * g * std::cos(q1 + q2));
    const Eigen::Vector2d expected = mm.inverse() * (-coriolis - gravity);
    VectorXd q = VectorXd::Zero(6), qd = VectorXd::Zero(6);
    q[2] = q1, q[5] = q2, qd[2] = v1, qd[5] = v2;
    const LagrangeResult r = lagrange_accelerations(t, q, qd);
    INFO("state " << s.transpose());
    CHECK(std::abs(r.qdd[2] - expected[0]) < 1e-12 * expected.norm());
    CHECK(std::abs(r.qdd[5] - expected[1]) < 1e-12 * expected.norm());
    CHECK(std::abs(r.qdd[0]) + std::abs(r.qdd[1]) + std::abs(r.qdd[3]) + std::abs(r.qdd[4]) < 1e-12 * expected.norm());
    CHECK(std::abs(r.mass(2, 5) - mm(0, 1)) < 1e-14);
  }
}

TEST_CASE("lagref: a helix element at rest is the exact helix, sections to the tip", "[lagref]") {
  const SE3 place = moved(Vec3(0.1, 0.2, 0.3), Vec3(0.3, -0.2, 0.5));
  for (const Vec3& omega : {Vec3(3, -7, 5), Vec3(0, 12, 0), Vec3(1e-9, 0, -2e-9), Vec3(0, 0, 0)}) {
    Tree t;
    add_helix(t, 0, place, 0.4, 0.01, 1000, 1e6, 0.3, omega);
    const LagrangeResult r = lagrange_energy(t, omega, Vec3::Zero());
    double worst = 0.0;
    for (const Section& s : r.sections[1]) {
      const Matrix3d expected_r = place.rotation * rot(s.arc * omega);
      const Vec3 expected_p = place.translation + place.rotation * helix_offset(omega, s.arc);
      worst = std::max({worst, (s.frame.rotation - expected_r).norm(), (s.frame.translation - expected_p).norm()});
    }
    INFO("omega " << omega.transpose() << ", " << r.sections[1].size() << " sections, worst " << worst);
    CHECK(worst < 1e-13);
    CHECK(r.sections[1].back().arc == Approx(0.4).epsilon(1e-15));
    CHECK((r.frames[1].translation - r.sections[1].back().frame.translation).norm() < 1e-15);
    CHECK(r.kinetic == 0.0);
  }
}

// Without gravity and with a straight rest shape the potential is the elastic
// energy ½ l Ωᵀ diag(GJ, EI, EI) Ω and −F·x of each point force, x on the
// exact helix: in the middle of the element (arc), at its start and its end.
TEST_CASE("lagref: a helix element's elastic energy and point forces", "[lagref]") {
  const double l = 0.3, a = 0.01, young = 2e6, nu = 0.35;
  const Vec3 omega(4, -6, 3);
  const SE3 place = moved(Vec3(0, 0.1, 0), Vec3(0.2, 0.3, 0));
  Tree t;
  t.gravity = Vec3::Zero();
  add_helix(t, 0, place, l, a, 1000, young, nu, Vec3::Zero());
  const double inertia = kPi * std::pow(a, 4) / 4;
  const Vec3 c(young / (2 * (1 + nu)) * 2 * inertia, young * inertia, young * inertia);
  const double elastic = 0.5 * l * omega.dot(c.cwiseProduct(omega));
  CHECK(lagrange_energy(t, omega, Vec3::Zero()).potential == Approx(elastic).epsilon(1e-14));
  double work = 0.0;
  for (const double arc : {0.13, 0.0, -1.0}) {
    const PointForce f{1, Vec3(0.01, -0.02, 0.005), Vec3(1, -2, 0.5), arc};
    const double s = arc < 0 ? l : arc;
    work += f.force.dot(place.act(helix_offset(omega, s)) + place.rotation * rot(s * omega) * f.point);
    t.forces.push_back(f);
  }
  CHECK(lagrange_energy(t, omega, Vec3::Zero()).potential == Approx(elastic - work).epsilon(1e-13));
}

// The clothoid's centreline by another method: the curvature frozen at each
// step's middle (the exponential midpoint rule, exact helices in between),
// whose error is even in h, extrapolated twice (Richardson) to sixth order.
TEST_CASE("lagref: a clothoid element's shape against an independent integration", "[lagref]") {
  const Vec3 wa(2, -6, 3), wb(-1, 4, 8);
  const double l = 0.35;
  Tree t;
  const int start = add_clothoid_start(t, 0, moved(Vec3(0, 0, 0.1), Vec3(0, -0.4, 0)));
  add_clothoid(t, start, SE3{}, l, 0.01, 1000, 1e6, 0.3, Vec3::Zero(), Vec3::Zero());
  VectorXd q(6);
  q << wa, wb;
  const LagrangeResult r = lagrange_energy(t, q, VectorXd::Zero(6));
  auto midpoint = [&](int n, Matrix3d& rr, Vec3& p) {
    rr = t.nodes[1].placement.rotation;
    p = t.nodes[1].placement.translation;
    const double h = l / n;
    for (int k = 0; k < n; ++k) {
      const Vec3 w = wa + (wb - wa) * ((k + 0.5) * h / l);
      p += rr * helix_offset(w, h);
      rr = rr * rot(h * w);
    }
  };
  Matrix3d r1, r2, r4;
  Vec3 p1, p2, p4;
  midpoint(400, r1, p1), midpoint(800, r2, p2), midpoint(1600, r4, p4);
  const Vec3 p12 = (4 * p2 - p1) / 3, p24 = (4 * p4 - p2) / 3, p_ref = (16 * p24 - p12) / 15;
  const Matrix3d r12 = (4 * r2 - r1) / 3, r24 = (4 * r4 - r2) / 3, r_ref = (16 * r24 - r12) / 15;
  CHECK((r.frames[2].translation - p_ref).norm() < 1e-12);
  CHECK((r.frames[2].rotation - r_ref).norm() < 1e-12);
  CHECK((p4 - p_ref).norm() > 1e-8);  // the unextrapolated rule alone is far off: the check has teeth
}

TEST_CASE("lagref: a clothoid element with equal end curvatures is a helix element", "[lagref]") {
  const Vec3 omega(1.5, -4, 6), rate(2, 3, -1), rest(0.5, -2, 1);
  const SE3 place = moved(Vec3(0.02, 0, 0.1), Vec3(0.2, 0.1, -0.3));
  Tree helix, clothoid;
  add_helix(helix, 0, place, 0.3, 0.01, 900, 2e6, 0.35, rest);
  add_rigid(helix, 1, moved(Vec3(0, 0.01, 0)), 0.1, 0.01, 500, Vec3(1, 1, 1));
  const int start = add_clothoid_start(clothoid, 0, place);
  const int element = add_clothoid(clothoid, start, SE3{}, 0.3, 0.01, 900, 2e6, 0.35, rest, rest);
  add_rigid(clothoid, element, moved(Vec3(0, 0.01, 0)), 0.1, 0.01, 500, Vec3(1, 1, 1));
  for (Tree* t : {&helix, &clothoid}) t->forces.push_back({t == &helix ? 1 : 2, Vec3(0, 0, 0.01), Vec3(1, 2, -1)});
  const Vec3 r(0.3, -0.2, 0.6), rd(-1, 2, 0.5);
  VectorXd qh(6), qdh(6), qc(9), qdc(9);
  qh << omega, r;
  qdh << rate, rd;
  qc << omega, omega, r;
  qdc << rate, rate, rd;
  const LagrangeResult a = lagrange_accelerations(helix, qh, qdh), b = lagrange_accelerations(clothoid, qc, qdc);
  CHECK(a.kinetic == Approx(b.kinetic).epsilon(1e-13));
  CHECK(a.potential == Approx(b.potential).epsilon(1e-13));
  CHECK((a.frames[2].translation - b.frames[3].translation).norm() < 1e-15);
  // Tying Ω_a = Ω_b = Ω: the helix's forces are the sums, its mass matrix the sum of the blocks.
  VectorXd tied_force(6);
  tied_force << b.force.segment<3>(0) + b.force.segment<3>(3), b.force.segment<3>(6);
  MatrixXd tie = MatrixXd::Zero(9, 6);
  tie.block<3, 3>(0, 0) = tie.block<3, 3>(3, 0) = tie.block<3, 3>(6, 3) = Matrix3d::Identity();
  CHECK(rel(tied_force, a.force) < 1e-12);
  CHECK((tie.transpose() * b.mass * tie - a.mass).norm() < 1e-13 * a.mass.norm());
}

// A straight helix element clamped at the base, a vertical tip force F: it
// bends into an arc about y, tip z = −(1 − cos kl)/k, and is at rest where
// dV/dk = l EI k + F (l sin kl / k − (1 − cos kl)/k²) = 0; for small loads
// k = −F l / (2 EI).
TEST_CASE("lagref: a helix element's static equilibrium under a tip force", "[lagref]") {
  const double l = 0.2, a = 0.005, young = 1e6, ei = young * kPi * std::pow(a, 4) / 4;
  for (double force : {1e-4, 3e-3}) {
    Tree t;
    t.gravity = Vec3::Zero();
    add_helix(t, 0, SE3{}, l, a, 1000, young, 0.3, Vec3::Zero());
    t.forces.push_back({1, Vec3::Zero(), Vec3(0, 0, force)});
    auto dv = [&](double k) {  // 1 − cos x = 2 sin²(x/2): no cancellation
      return l * ei * k + force * (l * std::sin(k * l) / k - 2 * std::pow(std::sin(0.5 * k * l) / k, 2));
    };
    double k = -force * l / (2 * ei);
    for (int it = 0; it < 50; ++it) k -= dv(k) / ((dv(k * (1 + 1e-6)) - dv(k * (1 - 1e-6))) / (2e-6 * k));
    const VectorXd at_rest = Vec3(0, k, 0);
    const LagrangeResult r = lagrange_accelerations(t, at_rest, Vec3::Zero());
    INFO("F " << force << " N, kl " << k * l << ", |dV/dk| " << std::abs(dv(k)) << ", |f| " << r.force.norm()
              << ", |q̈| " << r.qdd.norm());
    CHECK(std::abs(dv(k)) < 1e-14 * l * ei * std::abs(k));
    CHECK(r.force.norm() < 1e-10 * l * ei * std::abs(k));  // the elastic force it balances
    CHECK(r.qdd.norm() < 1e-10 * lagrange_accelerations(t, Vec3::Zero(), Vec3::Zero()).qdd.norm());
    // k / k_small = 1 − (kl)²/4 + O((kl)⁴)
    const double ratio = k / (-force * l / (2 * ei));
    CHECK(std::abs(ratio - 1) < 0.3 * std::pow(k * l, 2));
    CHECK(std::abs(ratio - (1 - std::pow(k * l, 2) / 4)) < std::pow(k * l, 4));
    // and a minimum of the energy, along every coordinate
    for (int c = 0; c < 3; ++c)
      for (double d : {-1e-3, 1e-3}) {
        VectorXd moved_q = at_rest;
        moved_q[c] += d;
        CHECK(lagrange_energy(t, moved_q, Vec3::Zero()).potential > r.potential);
      }
  }
}

TEST_CASE("lagref: M is symmetric positive definite and T = ½ q̇ᵀ M q̇", "[lagref]") {
  const Tree t = mixed_tree();
  VectorXd q, qd;
  mixed_state(q, qd);
  const LagrangeResult r = lagrange_accelerations(t, q, qd);
  CHECK(r.positive_definite);
  CHECK((r.mass - r.mass.transpose()).norm() < 1e-14 * r.mass.norm());
  const Eigen::SelfAdjointEigenSolver<MatrixXd> eig(r.mass);
  CHECK(eig.eigenvalues().minCoeff() > 1e-12 * eig.eigenvalues().maxCoeff());
  CHECK(0.5 * qd.dot(r.mass * qd) == Approx(r.kinetic).epsilon(1e-13));
  CHECK((r.mass * r.qdd - r.force).norm() < 1e-12 * r.force.norm());
}

// The jets' derivatives against central differences of the plain energies,
// at fixed step counts (a step count that changes with q would make the
// discretised energy jump): −∂V/∂q is the force at rest, and the velocity
// terms Ṁ q̇ − ∂T/∂q are Ṁ from M along q̇ and ∂T/∂q from T.
TEST_CASE("lagref: the jets' derivatives match finite differences of the energies", "[lagref]") {
  const Tree t = mixed_tree();
  VectorXd q, qd;
  mixed_state(q, qd);
  LagrangeOptions fixed;
  fixed.min_steps = 40;
  fixed.max_turn = 1e9;
  const int n = static_cast<int>(q.size());
  const double h = 1e-6;
  const VectorXd zero = VectorXd::Zero(n);
  const LagrangeResult r = lagrange_accelerations(t, q, qd, fixed), at_rest = lagrange_accelerations(t, q, zero, fixed);
  VectorXd dv(n), dt(n);
  for (int i = 0; i < n; ++i) {
    VectorXd up = q, down = q;
    up[i] += h, down[i] -= h;
    const LagrangeResult a = lagrange_energy(t, up, qd, fixed), b = lagrange_energy(t, down, qd, fixed);
    dv[i] = (a.potential - b.potential) / (2 * h);
    dt[i] = (a.kinetic - b.kinetic) / (2 * h);
  }
  const MatrixXd m_dot = (lagrange_accelerations(t, q + h * qd, zero, fixed).mass -
                          lagrange_accelerations(t, q - h * qd, zero, fixed).mass) / (2 * h);
  const VectorXd velocity_terms = at_rest.force - r.force;  // Ṁ q̇ − ∂T/∂q
  INFO("relative differences: ∂V/∂q " << rel(-at_rest.force, dv) << ", Ṁq̇ − ∂T/∂q "
                                       << rel(velocity_terms, m_dot * qd - dt));
  CHECK(rel(-at_rest.force, dv) < 2e-8);  // central differences at h = 1e-6: ~1e-9
  CHECK(rel(velocity_terms, m_dot * qd - dt) < 2e-8);
  // and they are quadratic in q̇
  const LagrangeResult doubled = lagrange_accelerations(t, q, 2 * qd, fixed);
  CHECK(rel(at_rest.force - doubled.force, 4 * velocity_terms) < 1e-12);
}

TEST_CASE("lagref: halving the steps changes q̈ by less than 1e-10", "[lagref]") {
  const Tree t = mixed_tree();
  VectorXd q, qd;
  mixed_state(q, qd);
  const LagrangeOptions standard;
  LagrangeOptions fine = standard, coarse = standard;
  fine.min_steps *= 2;
  fine.max_turn /= 2;
  coarse.min_steps /= 4;
  coarse.max_turn *= 4;
  const VectorXd a = lagrange_accelerations(t, q, qd).qdd, b = lagrange_accelerations(t, q, qd, fine).qdd;
  const double change = rel(a, b), coarse_change = rel(lagrange_accelerations(t, q, qd, coarse).qdd, b);
  INFO("relative change of q̈: default -> halved steps " << change << ", 4x coarser -> halved " << coarse_change);
  CHECK(change < 1e-10);
  CHECK(change > 0.0);                   // the steps did change
  CHECK(coarse_change > 1e3 * change);  // the discretisation converges, at high order (4⁶ ≈ 4000)
}

// Explicit RK4 in time on (q, q̇) with the reference's q̈: the total energy
// of a conservative tree drifts only by the integrator's error, which falls
// as dt⁴. The rods' step counts are fixed so that the discretised energy is
// one function of the state.
TEST_CASE("lagref: an RK4 time integration with q̈ conserves the energy", "[lagref]") {
  LagrangeOptions fixed;
  fixed.min_steps = 4;
  fixed.max_turn = 1e9;
  // The largest |E(t) − E(0)| over the run, relative to the largest kinetic energy.
  auto drift = [&](const Tree& t, VectorXd q, VectorXd qd, double dt, int steps) {
    auto acc = [&](const VectorXd& x, const VectorXd& v) { return lagrange_accelerations(t, x, v, fixed).qdd; };
    const double e0 = lagrange_energy(t, q, qd, fixed).energy();
    double worst = 0.0, top_kinetic = 0.0;
    for (int k = 0; k < steps; ++k) {
      const VectorXd a1 = acc(q, qd);
      const VectorXd a2 = acc(q + 0.5 * dt * qd, qd + 0.5 * dt * a1);
      const VectorXd a3 = acc(q + 0.5 * dt * qd + 0.25 * dt * dt * a1, qd + 0.5 * dt * a2);
      const VectorXd a4 = acc(q + dt * qd + 0.5 * dt * dt * a2, qd + dt * a3);
      q += dt * qd + dt * dt / 6 * (a1 + a2 + a3);
      qd += dt / 6 * (a1 + 2 * a2 + 2 * a3 + a4);
      const LagrangeResult r = lagrange_energy(t, q, qd, fixed);
      worst = std::max(worst, std::abs(r.energy() - e0));
      top_kinetic = std::max(top_kinetic, r.kinetic);
    }
    CHECK(top_kinetic > 1e-3 * std::abs(e0));  // it moves
    return worst / top_kinetic;
  };
  auto check = [&](const Tree& t, const VectorXd& q, const VectorXd& qd, double dt, int steps) {
    const double coarse = drift(t, q, qd, 2 * dt, steps / 2), fine = drift(t, q, qd, dt, steps);
    INFO("relative drift " << fine << " in " << steps << " steps, " << coarse << " at twice the step");
    CHECK(fine < 1e-8);
    CHECK(coarse / fine > 12);  // ~16: the integrator's error, fourth order
    CHECK(coarse / fine < 20);
  };
  SECTION("a 3-D double pendulum with joint springs") {
    Tree t;
    const int first = add_rigid(t, 0, SE3{}, 0.4, 0.02, 900, Vec3(0.005, 0.2, 0.3));
    add_rigid(t, first, moved(Vec3(0.4, 0, 0), Vec3(0.3, 0, 0.2)), 0.3, 0.015, 900, Vec3(0.001, 0.1, 0.2));
    VectorXd q(6), qd(6);
    q << 0.4, -0.8, 0.3, 0.5, 0.9, -0.4;
    qd << 1, -2, 0.5, 2, 1, -1;
    check(t, q, qd, 5e-4, 600);
  }
  SECTION("a pendulum carrying a soft helix and a clothoid element") {
    Tree t;
    const int body = add_rigid(t, 0, SE3{}, 0.2, 0.02, 500, Vec3(0.05, 0.05, 0.05));
    const int helix = add_helix(t, body, moved(Vec3(0.2, 0, 0)), 0.2, 0.01, 1000, 1e4, 0.3, Vec3(1, 3, -2));
    const int start = add_clothoid_start(t, helix, SE3{});
    add_clothoid(t, start, SE3{}, 0.15, 0.008, 1000, 1e4, 0.3, Vec3(0, 2, 0), Vec3(0, 5, 2));
    VectorXd q(12), qd(12);
    q << 0.3, 0.6, -0.2, 1.2, 2, -1, 0.5, 3, 1, -0.5, 4, 3;
    qd << 0.5, -1, 0.3, 2, -3, 1, 1, 2, -2, 3, 1, -1;
    check(t, q, qd, 5e-4, 200);
  }
}

TEST_CASE("lagref: the rigid joints' rates in the solver's variables (w = J_r ṙ)", "[lagref]") {
  for (const Vec3& r : {Vec3(0.4, -0.9, 0.6), Vec3(1e-9, 2e-9, 0), Vec3(0.3, 0.2, -0.1), Vec3(2.5, 2, -1)}) {
    INFO("r " << r.transpose());
    if (r.norm() > 1e-6) CHECK((right_jacobian(r) - closed_right_jacobian(r)).norm() < 1e-14);
    if (r.norm() < 1e-6) CHECK((right_jacobian(r) - Matrix3d::Identity() + 0.5 * hat(r)).norm() < 1e-16);
    const Vec3 rd(1.5, -0.7, 2.2), rdd(-3, 1, 0.5);
    CHECK((rotation_rate(r, angular_velocity(r, rd)) - rd).norm() < 1e-14);
    const Vec3 wd = angular_acceleration(r, rd, rdd);
    CHECK((rotation_acceleration(r, rd, wd) - rdd).norm() < 1e-13);
    // ẇ against central differences of w(t) = J_r(r(t)) ṙ(t) along r(t) = r + t ṙ + ½ t² r̈
    const double h = 1e-5;
    auto w_at = [&](double s) -> Vec3 { return closed_right_jacobian(r + s * rd + 0.5 * s * s * rdd) * (rd + s * rdd); };
    if (r.norm() > 1e-6) CHECK((wd - (w_at(h) - w_at(-h)) / (2 * h)).norm() < 1e-8 * wd.norm());
  }
  // a whole tree: only the rigid nodes' entries change
  const Tree t = mixed_tree();
  VectorXd q, qd;
  mixed_state(q, qd);
  const VectorXd v = solver_rates(t, q, qd);
  CHECK(rel(reference_rates(t, q, v), qd) < 1e-14);
  CHECK((v.segment<3>(0) - angular_velocity(q.segment<3>(0), qd.segment<3>(0))).norm() < 1e-15);
  CHECK(v.segment<12>(3) == qd.segment<12>(3));
  const VectorXd a = solver_accelerations(t, q, qd, VectorXd::Ones(21));
  CHECK(a.segment<3>(15) == angular_acceleration(q.segment<3>(15), qd.segment<3>(15), Vec3::Ones()));
  CHECK(a.segment<12>(3) == VectorXd::Ones(12));
}

TEST_CASE("lagref: a tree that breaks the conventions is refused with the node named", "[lagref]") {
  Tree t;
  const int body = add_rigid(t, 0, SE3{}, 0.2, 0.01, 500, Vec3::Zero());
  Tree orphan = t;
  add_clothoid(orphan, body, SE3{}, 0.1, 0.01, 500, 1e5, 0.3, Vec3::Zero(), Vec3::Zero());
  CHECK_THROWS_WITH(lagrange_energy(orphan, VectorXd::Zero(6), VectorXd::Zero(6)),
                    Catch::Contains("node 2") && Catch::Contains("clothoid"));
  Tree late = t;
  add_rigid(late, 0, SE3{}, 0.1, 0.01, 500, Vec3::Zero());
  late.nodes[2].parent = 2;
  CHECK_THROWS_WITH(lagrange_energy(late, VectorXd::Zero(6), VectorXd::Zero(6)), Catch::Contains("node 2"));
  Tree flat = t;
  add_helix(flat, body, SE3{}, 0.0, 0.01, 500, 1e5, 0.3, Vec3::Zero());
  CHECK_THROWS_WITH(lagrange_energy(flat, VectorXd::Zero(6), VectorXd::Zero(6)), Catch::Contains("positive length"));
  Tree pushed = t;
  pushed.forces.push_back({5, Vec3::Zero(), Vec3::UnitX()});
  CHECK_THROWS_WITH(lagrange_energy(pushed, VectorXd::Zero(3), VectorXd::Zero(3)), Catch::Contains("node 5"));
  CHECK_THROWS_WITH(lagrange_accelerations(t, VectorXd::Zero(4), VectorXd::Zero(3)), Catch::Contains("3 entries"));
  Tree lonely = t;
  add_clothoid_start(lonely, body, SE3{});
  CHECK_THROWS_WITH(lagrange_energy(lonely, VectorXd::Zero(6), VectorXd::Zero(6)), Catch::Contains("no clothoid element"));
  Tree skewed = t;
  skewed.nodes[1].placement.rotation(0, 1) = 0.5;
  CHECK_THROWS_WITH(lagrange_energy(skewed, VectorXd::Zero(3), VectorXd::Zero(3)), Catch::Contains("node 1"));
}
