// A converged reference for the statics of a clamped Kirchhoff rod in 3-D
// (docs/dynamics.md, "Curved rods: references"), independent of the rod
// elements: the static Kirchhoff equations
//   p' = R e_x,  R' = R [Ω]×,  Ω = Ω⁰ + C⁻¹ Rᵀ m   (m = R C (Ω − Ω⁰))
//   n' + f = 0,  m' + p' × n = 0                   (f = ρ π r² g per length)
// integrated from the clamp by an adaptive Dormand–Prince 5(4) in long
// double, and Newton's method on the six unknowns n(0), m(0) so that the
// free end carries n(L) = F (a tip force, usually 0) and m(L) = 0. The load
// is applied in steps from the unloaded rod (n = m = 0, Ω = Ω⁰), each
// solution starting the next Newton iteration, so that the solution found is
// the one connected to the rest shape. n and m are the force and moment
// that the part beyond s exerts on the part before it, in the world frame.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <Eigen/LU>

namespace lsd::test {

struct KirchhoffRod {
  double length = 1;                                     // m
  double radius = 0.01;                                  // m
  double density = 1000;                                 // kg/m³
  double young = 1e6;                                    // Pa
  double poisson = 0.5;
  Eigen::Vector3d rest_darboux = Eigen::Vector3d::Zero();  // Ω⁰ = (t, k1, k2), 1/m, constant
  Eigen::Matrix3d clamp_rotation = Eigen::Matrix3d::Identity();  // material frame at s = 0 in the world
  Eigen::Vector3d clamp_position = Eigen::Vector3d::Zero();
  Eigen::Vector3d gravity = Eigen::Vector3d(0, 0, -9.81);  // m/s²
  Eigen::Vector3d tip_force = Eigen::Vector3d::Zero();      // N, at s = L
};

// The soft rod of docs/dynamics.md's accuracy tables (1000 kg/m³, E = 0.2 GPa,
// ν = 0.3, gravity along −y) of rest Darboux vector `rest`, clamped at the
// material frame `rotation` at `position`.
inline KirchhoffRod soft_rod(double length, double radius, const Eigen::Vector3d& rest,
                             const Eigen::Matrix3d& rotation, const Eigen::Vector3d& position) {
  KirchhoffRod rod;
  rod.length = length;
  rod.radius = radius;
  rod.density = 1000;
  rod.young = 2e8;
  rod.poisson = 0.3;
  rod.rest_darboux = rest;
  rod.clamp_rotation = rotation;
  rod.clamp_position = position;
  rod.gravity = Eigen::Vector3d(0, -9.81, 0);
  return rod;
}

struct KirchhoffOptions {
  double tolerance = 1e-13;  // the integrator's relative and absolute error per step
  int load_steps = 32;       // the largest load increment is 1/load_steps of the load
  int samples = 101;         // centreline points, s = i L / (samples − 1)
};

struct KirchhoffSolution {
  bool converged = false;
  Eigen::Vector3d tip = Eigen::Vector3d::Zero();        // p(L), m
  Eigen::Matrix3d tip_frame = Eigen::Matrix3d::Identity();
  std::vector<Eigen::Vector3d> centreline;              // p(s_i), m
  double residual = 0;     // |(n(L) − F) L²/EI, m(L) L/EI| at the end
  int newton_iterations = 0;
  int steps = 0;           // integrator steps of the final solution
};

namespace kirchhoff {

using Real = long double;
using State = Eigen::Matrix<Real, 18, 1>;  // p (3), R (9, column-major), n (3), m (3)
using V3 = Eigen::Matrix<Real, 3, 1>;
using M3 = Eigen::Matrix<Real, 3, 3>;

// The rod in units of L (length), EI (moment · length) and EI/L² (force):
// the equations above with C = diag(GJ/EI, 1, 1).
struct Scaled {
  V3 rest;          // Ω⁰ L
  V3 compliance;    // EI / diag(GJ, EI, EI)
  V3 load;          // f L³ / EI
  V3 tip;           // F L² / EI
};

inline M3 frame(const State& y) { return Eigen::Map<const M3>(y.data() + 3); }

inline State rate(const Scaled& k, Real lambda, const State& y) {
  const M3 R = frame(y);
  const V3 n = y.segment<3>(12), m = y.segment<3>(15);
  const V3 om = k.rest + k.compliance.cwiseProduct(R.transpose() * m);
  M3 skew;
  skew << 0, -om.z(), om.y(), om.z(), 0, -om.x(), -om.y(), om.x(), 0;
  const V3 t = R.col(0);
  State d;
  d.segment<3>(0) = t;
  Eigen::Map<M3>(d.data() + 3) = R * skew;
  d.segment<3>(12) = -lambda * k.load;
  d.segment<3>(15) = -t.cross(n);
  return d;
}

// One Dormand–Prince 5(4) step (Hairer, Nørsett & Wanner, "Solving Ordinary
// Differential Equations I", table 5.2): the 5th-order solution and the
// difference to the embedded 4th-order one.
inline State dopri_step(const Scaled& k, Real lambda, const State& y, Real h, State& error) {
  const State k1 = rate(k, lambda, y);
  const State k2 = rate(k, lambda, y + h * (k1 / 5));
  const State k3 = rate(k, lambda, y + h * (k1 * Real(3) / 40 + k2 * Real(9) / 40));
  const State k4 = rate(k, lambda, y + h * (k1 * Real(44) / 45 - k2 * Real(56) / 15 + k3 * Real(32) / 9));
  const State k5 = rate(k, lambda, y + h * (k1 * Real(19372) / 6561 - k2 * Real(25360) / 2187 +
                                             k3 * Real(64448) / 6561 - k4 * Real(212) / 729));
  const State k6 = rate(k, lambda, y + h * (k1 * Real(9017) / 3168 - k2 * Real(355) / 33 + k3 * Real(46732) / 5247 +
                                             k4 * Real(49) / 176 - k5 * Real(5103) / 18656));
  const State y5 = y + h * (k1 * Real(35) / 384 + k3 * Real(500) / 1113 + k4 * Real(125) / 192 -
                            k5 * Real(2187) / 6784 + k6 * Real(11) / 84);
  const State k7 = rate(k, lambda, y5);
  error = h * (k1 * Real(71) / 57600 - k3 * Real(71) / 16695 + k4 * Real(71) / 1920 - k5 * Real(17253) / 339200 +
               k6 * Real(22) / 525 - k7 / 40);
  return y5;
}

// Integrates from s = 0 to 1. With `steps` empty, adaptively (tolerance
// tol per step), recording the steps taken; otherwise along those steps
// (so that the Newton derivatives are of a smooth map). Stops exactly at the
// sample points, whose states go to `at`.
inline State integrate(const Scaled& k, Real lambda, State y, Real tol, std::vector<Real>& steps, bool replay,
                       int samples, std::vector<State>* at) {
  if (at) at->assign(1, y);
  if (replay) {
    State err;
    for (const Real h : steps) y = dopri_step(k, lambda, y, h, err);
    return y;
  }
  steps.clear();
  Real s = 0, h = Real(1) / 64;
  for (int i = 1; i < samples; ++i) {
    const Real stop = Real(i) / (samples - 1);
    while (s < stop) {
      const bool last = s + h >= stop;
      const Real step = last ? stop - s : h;
      State err;
      const State next = dopri_step(k, lambda, y, step, err);
      Real norm = 0;
      for (int j = 0; j < 18; ++j) norm = std::max(norm, std::abs(err[j]) / (tol + tol * std::abs(y[j])));
      if (norm <= 1) {
        y = next;
        s = last ? stop : s + step;
        steps.push_back(step);
      }
      h = step * std::clamp(Real(0.9) * std::pow(std::max(norm, Real(1e-10)), Real(-0.2)), Real(0.2), Real(5));
    }
    if (at) at->push_back(y);
  }
  return y;
}

inline State start_state(const KirchhoffRod& rod, const Eigen::Matrix<Real, 6, 1>& z) {
  State y;
  y.segment<3>(0) = rod.clamp_position.cast<Real>() / Real(rod.length);
  Eigen::Map<M3>(y.data() + 3) = rod.clamp_rotation.cast<Real>();
  y.segment<3>(12) = z.head<3>();
  y.segment<3>(15) = z.tail<3>();
  return y;
}

inline Eigen::Matrix<Real, 6, 1> end_residual(const Scaled& k, Real lambda, const State& y) {
  Eigen::Matrix<Real, 6, 1> r;
  r << y.segment<3>(12) - lambda * k.tip, y.segment<3>(15);
  return r;
}

// Newton on z = (n(0), m(0)) at load factor lambda, from z; false if it
// does not converge. The steps are chosen adaptively at the current z,
// then Newton runs on the end as a function of z along those fixed steps
// (a smooth map, so it converges to rounding), with the Jacobian by
// forward differences along the same steps, kept while the residual falls
// tenfold per iteration; twice, so that the final steps are chosen at the
// solution.
inline bool newton(const KirchhoffRod& rod, const Scaled& k, Real lambda, Real tol, Eigen::Matrix<Real, 6, 1>& z,
                   int& iterations) {
  std::vector<Real> steps;
  for (int pass = 0; pass < 2; ++pass) {
    integrate(k, lambda, start_state(rod, z), tol, steps, false, 2, nullptr);
    auto residual = [&](const Eigen::Matrix<Real, 6, 1>& x) {
      return end_residual(k, lambda, integrate(k, lambda, start_state(rod, x), tol, steps, true, 2, nullptr));
    };
    Eigen::Matrix<Real, 6, 1> r = residual(z);
    Eigen::PartialPivLU<Eigen::Matrix<Real, 6, 6>> lu;
    bool fresh = false;
    for (int it = 0; it < 30; ++it, ++iterations) {
      if (!fresh) {
        Eigen::Matrix<Real, 6, 6> J;
        for (int j = 0; j < 6; ++j) {
          const Real d = 1e-8L * (1 + std::abs(z[j]));
          Eigen::Matrix<Real, 6, 1> zp = z;
          zp[j] += d;
          J.col(j) = (residual(zp) - r) / d;
        }
        lu.compute(J);
        fresh = true;
      }
      const Eigen::Matrix<Real, 6, 1> next = z - lu.solve(r);
      const Eigen::Matrix<Real, 6, 1> r_next = residual(next);
      if (!(r_next.norm() < r.norm())) {
        if (it > 0 && fresh) break;  // at the rounding floor (or diverging: checked below)
        fresh = false;
        continue;
      }
      fresh = r_next.norm() < 0.1L * r.norm();  // else a new Jacobian
      z = next, r = r_next;
    }
    if (!(r.norm() < 1e-9L * (1 + z.norm()))) return false;
  }
  return true;
}

inline Scaled scale(const KirchhoffRod& rod) {
  const Real pi = 3.141592653589793238462643383279502884L;
  const Real L = rod.length, r = rod.radius;
  const Real ei = Real(rod.young) * pi * r * r * r * r / 4;
  const Real gj = Real(rod.young) / (2 * (1 + Real(rod.poisson))) * pi * r * r * r * r / 2;
  Scaled k;
  k.rest = rod.rest_darboux.cast<Real>() * L;
  k.compliance = V3(ei / gj, 1, 1);
  k.load = Real(rod.density) * pi * r * r * rod.gravity.cast<Real>() * L * L * L / ei;
  k.tip = rod.tip_force.cast<Real>() * L * L / ei;
  return k;
}

}  // namespace kirchhoff

// The rod of a test's spec: its fields length, radius, density, young,
// poisson, rest (the rest Darboux vector) and gravity.
template <class Spec>
KirchhoffRod kirchhoff_rod_of(const Spec& s) {
  KirchhoffRod k;
  k.length = s.length;
  k.radius = s.radius;
  k.density = s.density;
  k.young = s.young;
  k.poisson = s.poisson;
  k.rest_darboux = s.rest;
  k.gravity = s.gravity;
  return k;
}

// The equilibrium of the rod under its weight and tip force.
inline KirchhoffSolution solve_kirchhoff_statics(const KirchhoffRod& rod, const KirchhoffOptions& opt = {}) {
  using namespace kirchhoff;
  const Scaled k = scale(rod);
  const Real tol = opt.tolerance;
  KirchhoffSolution out;
  Eigen::Matrix<Real, 6, 1> z = Eigen::Matrix<Real, 6, 1>::Zero();
  // Load steps, followed at a loose tolerance (only the branch matters
  // there): each starts from the line through the last two solutions and
  // is taken if Newton converges near that prediction (within a third of
  // the step's change: a solution far from it belongs to another branch of
  // equilibria); else it is halved. Then the full load at the tolerance.
  const Real loose = std::max(tol, Real(1e-8));
  Eigen::Matrix<Real, 6, 1> slope = Eigen::Matrix<Real, 6, 1>::Zero();  // dz/dλ
  const Real first = Real(1) / std::max(1, opt.load_steps);
  Real lambda = 0, step = first;
  while (lambda < 1) {
    const Real next = std::min(Real(1), lambda + step);
    const Eigen::Matrix<Real, 6, 1> predicted = z + (next - lambda) * slope;
    Eigen::Matrix<Real, 6, 1> trial = predicted;
    const bool solved = newton(rod, k, next, loose, trial, out.newton_iterations);
    if (solved && (lambda == 0 || (trial - predicted).norm() <= (trial - z).norm() / 3)) {
      slope = (trial - z) / (next - lambda);
      z = trial, lambda = next, step = std::min(first, 1.5L * step);
    } else if ((step /= 2) < 1e-6L) {
      return out;  // not converged
    }
  }
  if (!newton(rod, k, 1, tol, z, out.newton_iterations)) return out;
  std::vector<Real> steps;
  std::vector<State> at;
  const State end = integrate(k, 1, start_state(rod, z), tol, steps, false, std::max(2, opt.samples), &at);
  const Eigen::Matrix<Real, 6, 1> r = end_residual(k, 1, end);
  out.residual = static_cast<double>(r.norm());
  out.converged = out.residual < 1e3 * opt.tolerance * (1 + static_cast<double>(z.norm()));
  out.steps = static_cast<int>(steps.size());
  for (const State& y : at) out.centreline.push_back((y.segment<3>(0) * Real(rod.length)).cast<double>());
  out.tip = out.centreline.back();
  out.tip_frame = frame(end).cast<double>();
  return out;
}

}  // namespace lsd::test
