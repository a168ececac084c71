// The helix element in closed form (docs/dynamics.md, "Curved rods: one
// element"), written for any scalar T: double in the library, complex in the
// tests (complex-step derivatives of these very formulas).
//
// With φ = sΩ, x = φ·φ = θ², y = e_x and f_n(x) = Σ_k (−1)^k x^k/(2k+n)!
// (f0 = cos θ, f1 = sin θ/θ, f2 = (1 − cos θ)/θ², f3 = (θ − sin θ)/θ³):
//   R(s) = exp([φ]×) = f0 I + f1 [φ]× + f2 φφᵀ
//   p(s) = s J_l(φ) y = s (y + f2 φ×y + f3 φ×(φ×y))
// Ψ and c are the first and second derivatives of these along δ = s Ω̇,
// which need f2, f3 and their first two derivatives in x.
#pragma once

#include <cmath>
#include <complex>
#include <type_traits>

#include "dynamics/spatial.hpp"

namespace lsd::dyn::rod {

template <class T> using V3 = Eigen::Matrix<T, 3, 1>;
template <class T> using M3 = Eigen::Matrix<T, 3, 3>;
template <class T> using V6 = Eigen::Matrix<T, 6, 1>;

// The real part, on which every branch decides (so that a complex step
// follows the same formulas as the real evaluation).
template <class T>
double real_part(const T& x) {
  if constexpr (std::is_arithmetic_v<T>) return x;
  else return std::real(x);
}

// a·b and a×b without conjugation (Eigen's dot and cross conjugate complex
// vectors).
template <class T>
T dot_t(const V3<T>& a, const V3<T>& b) {
  return a.x() * b.x() + a.y() * b.y() + a.z() * b.z();
}

template <class T>
V3<T> cross_t(const V3<T>& a, const V3<T>& b) {
  return {a.y() * b.z() - a.z() * b.y(), a.z() * b.x() - a.x() * b.z(), a.x() * b.y() - a.y() * b.x()};
}

template <class T>
M3<T> skew_t(const V3<T>& v) {
  M3<T> s;
  s << T(0), -v.z(), v.y(), v.z(), T(0), -v.x(), -v.y(), v.x(), T(0);
  return s;
}

// f0..f3 of x = θ² and the derivatives d2 = f2', d3 = f3', dd2 = f2'',
// dd3 = f3'' in x.
template <class T>
struct HelixCoefficients {
  T f0, f1, f2, f3, d2, d3, dd2, dd3;
};

// Below θ = 3.5 (x < 12.25) the power series in x, 15 terms (the first
// dropped term is below 1e-17 of the sum; f0 = 1 − x f2 and f1 = 1 − x f3
// from them); above, trigonometry, whose cancellation at θ = 3.5 costs
// < 3e-16 relative (both measured against quadruple precision,
// docs/dynamics.md).
inline constexpr double kHelixSeriesX = 12.25;
inline constexpr int kHelixSeriesTerms = 15;

// The coefficients of x^k in the six series: f2, f3, f2', f3', f2'', f3''.
struct HelixSeriesTable {
  double c[6][kHelixSeriesTerms];
};
constexpr HelixSeriesTable helix_series_table() {
  long double inv_fact[2 * kHelixSeriesTerms + 8] = {1.0L};
  for (int m = 1; m < 2 * kHelixSeriesTerms + 8; ++m) inv_fact[m] = inv_fact[m - 1] / m;
  HelixSeriesTable t{};
  for (int k = 0; k < kHelixSeriesTerms; ++k) {
    const long double sign = (k % 2) ? -1.0L : 1.0L;
    t.c[0][k] = static_cast<double>(sign * inv_fact[2 * k + 2]);
    t.c[1][k] = static_cast<double>(sign * inv_fact[2 * k + 3]);
    t.c[2][k] = static_cast<double>(-sign * (k + 1) * inv_fact[2 * k + 4]);
    t.c[3][k] = static_cast<double>(-sign * (k + 1) * inv_fact[2 * k + 5]);
    t.c[4][k] = static_cast<double>(sign * (k + 1) * (k + 2) * inv_fact[2 * k + 6]);
    t.c[5][k] = static_cast<double>(sign * (k + 1) * (k + 2) * inv_fact[2 * k + 7]);
  }
  return t;
}
inline constexpr HelixSeriesTable kHelixSeries = helix_series_table();

template <class T>
HelixCoefficients<T> helix_coefficients(const T& x) {
  using std::cos;
  using std::sin;
  using std::sqrt;
  HelixCoefficients<T> c;
  if (real_part(x) < kHelixSeriesX) {
    T f[6];  // Horner, from the last term
    for (int j = 0; j < 6; ++j) {
      f[j] = T(kHelixSeries.c[j][kHelixSeriesTerms - 1]);
      for (int k = kHelixSeriesTerms - 2; k >= 0; --k) f[j] = f[j] * x + kHelixSeries.c[j][k];
    }
    c.f0 = T(1) - x * f[0];
    c.f1 = T(1) - x * f[1];
    c.f2 = f[0], c.f3 = f[1], c.d2 = f[2], c.d3 = f[3], c.dd2 = f[4], c.dd3 = f[5];
    return c;
  }
  const T t = sqrt(x), s = sin(t), co = cos(t), h = sin(T(0.5) * t);
  const T v = T(2) * h * h;  // 1 − cos θ without cancellation near θ = 2πk
  c.f0 = co;
  c.f1 = s / t;
  c.f2 = v / x;
  c.f3 = (t - s) / (x * t);
  c.d2 = (t * s - T(2) * v) / (T(2) * x * x);
  c.d3 = (T(3) * s - T(2) * t - t * co) / (T(2) * x * x * t);
  c.dd2 = (x * co - T(5) * t * s + T(8) * v) / (T(4) * x * x * x);
  c.dd3 = (x * s + T(7) * t * co + T(8) * t - T(15) * s) / (T(4) * x * x * x * t);
  return c;
}

template <class T>
struct HelixPose {
  M3<T> R;
  V3<T> p;
};

template <class T>
HelixPose<T> helix_pose_t(const V3<T>& omega, double s, const HelixCoefficients<T>& c) {
  const V3<T> phi = s * omega;
  const V3<T> y(T(1), T(0), T(0));
  HelixPose<T> g;
  g.R = c.f0 * M3<T>::Identity() + c.f1 * skew_t(phi) + c.f2 * (phi * phi.transpose());
  const V3<T> pxy = cross_t<T>(phi, y);
  g.p = s * (y + c.f2 * pxy + c.f3 * cross_t<T>(phi, pxy));
  return g;
}

template <class T>
HelixPose<T> helix_pose_t(const V3<T>& omega, double s) {
  const V3<T> phi = s * omega;
  return helix_pose_t(omega, s, helix_coefficients(dot_t(phi, phi)));
}

template <class T>
struct HelixSectionT {
  HelixPose<T> g;
  Eigen::Matrix<T, 6, 3> jacobian;
  V6<T> bias;
};

// Ψ(s): the angular rows are s J_r(φ) = s (f1 I − f2 [φ]× + f3 φφᵀ); the
// linear rows are Rᵀ ∂p/∂Ω = s² Rᵀ ∂(J_l(φ) y)/∂φ.
template <class T>
Eigen::Matrix<T, 6, 3> helix_jacobian_t(const V3<T>& phi, double s, const HelixCoefficients<T>& c,
                                        const M3<T>& R) {
  const V3<T> y(T(1), T(0), T(0));
  const V3<T> pxy = cross_t<T>(phi, y), ppy = cross_t<T>(phi, pxy);
  const M3<T> I = M3<T>::Identity();
  M3<T> dJy = T(2) * c.d2 * (pxy * phi.transpose()) - c.f2 * skew_t(y) + T(2) * c.d3 * (ppy * phi.transpose()) +
              c.f3 * (phi * y.transpose() + dot_t(phi, y) * I - T(2) * (y * phi.transpose()));
  Eigen::Matrix<T, 6, 3> psi;
  psi.template topRows<3>() = s * (c.f1 * I - c.f2 * skew_t(phi) + c.f3 * (phi * phi.transpose()));
  psi.template bottomRows<3>() = (s * s) * (R.transpose() * dJy);
  return psi;
}

// c(s) for δ = s Ω̇: with dx = 2φ·δ, d²x = 2δ·δ and df = f' dx,
// d²f = f'' dx² + f' d²x,
//   w   = J_r(φ) δ = δ − f2 φ×δ + f3 φ×(φ×δ)
//   c_w = −df2 φ×δ + df3 φ×(φ×δ) + f3 δ×(φ×δ)
//   ṗ/s = df2 φ×y + f2 δ×y + df3 φ×(φ×y) + f3 (δ×(φ×y) + φ×(δ×y))
//   p̈/s = d²f2 φ×y + 2 df2 δ×y + d²f3 φ×(φ×y)
//         + 2 df3 (δ×(φ×y) + φ×(δ×y)) + 2 f3 δ×(δ×y)
//   c_v = Rᵀ p̈ − w × Rᵀ ṗ.
template <class T>
V6<T> helix_bias_t(const V3<T>& phi, const V3<T>& delta, double s, const HelixCoefficients<T>& c,
                   const M3<T>& R) {
  const V3<T> y(T(1), T(0), T(0));
  const T dx = T(2) * dot_t(phi, delta), ddx = T(2) * dot_t(delta, delta);
  const T df2 = c.d2 * dx, df3 = c.d3 * dx;
  const T ddf2 = c.dd2 * dx * dx + c.d2 * ddx, ddf3 = c.dd3 * dx * dx + c.d3 * ddx;
  const V3<T> pxd = cross_t<T>(phi, delta);
  const V3<T> w = delta - c.f2 * pxd + c.f3 * cross_t<T>(phi, pxd);
  const V3<T> pxy = cross_t<T>(phi, y), dxy = cross_t<T>(delta, y);
  const V3<T> ppy = cross_t<T>(phi, pxy), mixed = cross_t<T>(delta, pxy) + cross_t<T>(phi, dxy);
  const V3<T> pdot = s * (df2 * pxy + c.f2 * dxy + df3 * ppy + c.f3 * mixed);
  const V3<T> pddot = s * (ddf2 * pxy + T(2) * df2 * dxy + ddf3 * ppy + T(2) * df3 * mixed +
                           T(2) * c.f3 * cross_t<T>(delta, dxy));
  V6<T> bias;
  bias.template head<3>() = -df2 * pxd + df3 * cross_t<T>(phi, pxd) + c.f3 * cross_t<T>(delta, pxd);
  bias.template tail<3>() = R.transpose() * pddot - cross_t<T>(w, R.transpose() * pdot);
  return bias;
}

template <class T>
HelixSectionT<T> helix_section_t(const V3<T>& omega, const V3<T>& omega_rate, double s) {
  const V3<T> phi = s * omega;
  const HelixCoefficients<T> c = helix_coefficients(dot_t(phi, phi));
  HelixSectionT<T> out;
  out.g = helix_pose_t(omega, s, c);
  out.jacobian = helix_jacobian_t(phi, s, c, out.g.R);
  out.bias = helix_bias_t(phi, V3<T>(s * omega_rate), s, c, out.g.R);
  return out;
}

}  // namespace lsd::dyn::rod
