// The clothoid element by power series (docs/dynamics.md, "Curved rods: one
// element"; seed 002, §5-6), written for any scalar T: double in the
// library, complex in the tests (complex-step derivatives of the series).
//
// Along a piece [σ, σ + h] of the element, u = s − σ, everything obeys a
// linear ODE whose coefficients are affine in u, so each is an entire power
// series in u whose coefficients follow from a two-term recursion:
//   frame     R' = R [Ω]×, p' = R e_x            Ω(u) = Ω_σ + u γ
//   Jacobian  Ψ' = ∂ξ/∂q − ad_ξ Ψ               ξ = (Ω; e_x), ∂ξ/∂q affine
//   velocity  V' = ξ̇ − ad_ξ V                   ξ̇ = (Ω̇(u); 0), V = Ψ q̇
//   bias      c' = −ad_ξ c − ad_ξ̇ V             (c = dΨ/dt q̇, V̇ = Ψ q̈ + c)
// with the values at σ as initial conditions (the body-frame quantities are
// carried into the section's frame by the −ad_ξ terms). The terms of each
// series are summed until two in a row fall below 1e-17 of the largest
// term; a piece is short enough that h·max|Ω| <= kClothoidPiece, so the
// largest term stays near the sum and the summation loses nothing to
// cancellation (seed 002, §6.2: the "hillock").
#pragma once

#include <algorithm>
#include <limits>
#include <span>

#include "dynamics/src/rod_helix.hpp"

namespace lsd::dyn::rod {

// h·max|Ω| on one piece: 3 rad (measured: docs/dynamics.md).
inline constexpr double kClothoidPiece = 3.0;
inline constexpr int kClothoidMaxTerms = 80;
// At most this many pieces in one march (l·|Ω| up to 6e4 rad, 10,000
// turns, far beyond any plant): beyond, the sections are NaN, the solver's
// sign of numerical trouble, rather than a march without end.
inline constexpr int kClothoidMaxPieces = 20000;
inline constexpr double kClothoidTermTolerance = 1e-17;

template <class T>
struct ClothoidElementT {
  double length = 0;
  V3<T> omega0, omega1, rate0, rate1;
};

// Everything that is carried from one piece to the next, or one term of its
// series.
template <class T>
struct ClothoidState {
  M3<T> R = M3<T>::Identity();
  V3<T> p = V3<T>::Zero();
  Eigen::Matrix<T, 3, 6> psi_w = Eigen::Matrix<T, 3, 6>::Zero(), psi_v = Eigen::Matrix<T, 3, 6>::Zero();
  V3<T> vel_w = V3<T>::Zero(), vel_v = V3<T>::Zero();
  V3<T> bias_w = V3<T>::Zero(), bias_v = V3<T>::Zero();

  static ClothoidState zero() {
    ClothoidState z;
    z.R.setZero();
    return z;
  }
};

template <class Derived>
double real_max_abs(const Eigen::MatrixBase<Derived>& m) {
  double r = 0;
  for (Eigen::Index i = 0; i < m.size(); ++i) r = std::max(r, std::abs(real_part(m.derived().data()[i])));
  return r;
}

// The size of each of the five series' terms (frame, position, Jacobian,
// velocity, bias), for the stopping rule; the last three only with rates.
template <bool kRates, class T>
void term_sizes(const ClothoidState<T>& t, double out[5]) {
  out[0] = real_max_abs(t.R);
  out[1] = real_max_abs(t.p);
  if constexpr (kRates) {
    out[2] = std::max(real_max_abs(t.psi_w), real_max_abs(t.psi_v));
    out[3] = std::max(real_max_abs(t.vel_w), real_max_abs(t.vel_v));
    out[4] = std::max(real_max_abs(t.bias_w), real_max_abs(t.bias_v));
  } else {
    out[2] = out[3] = out[4] = 0;
  }
}

// The coefficients of the ODEs on the piece starting at σ.
template <class T>
struct PieceCoefficients {
  V3<T> omega, slope;                     // Ω_σ, γ = dΩ/ds
  V3<T> rate, rate_slope;                 // Ω̇_σ, γ̇
  double w0 = 0, w1 = 0;                  // Ω0's share of Ω at σ (1 − σ/l), Ω1's (σ/l)
  double inv_length = 0;                  // 1/l
};

template <class T>
PieceCoefficients<T> piece_coefficients(const ClothoidElementT<T>& e, double sigma) {
  PieceCoefficients<T> k;
  k.inv_length = 1.0 / e.length;
  k.w1 = sigma * k.inv_length, k.w0 = 1.0 - k.w1;
  k.omega = k.w0 * e.omega0 + k.w1 * e.omega1;
  k.slope = (e.omega1 - e.omega0) * k.inv_length;
  k.rate = k.w0 * e.rate0 + k.w1 * e.rate1;
  k.rate_slope = (e.rate1 - e.rate0) * k.inv_length;
  return k;
}

// [w]× Y, column by column.
template <class T, int N>
Eigen::Matrix<T, 3, N> cross_columns(const V3<T>& w, const Eigen::Matrix<T, 3, N>& y) {
  Eigen::Matrix<T, 3, N> r;
  r.row(0) = w.y() * y.row(2) - w.z() * y.row(1);
  r.row(1) = w.z() * y.row(0) - w.x() * y.row(2);
  r.row(2) = w.x() * y.row(1) - w.y() * y.row(0);
  return r;
}

// [e_x]× Y.
template <class T, int N>
Eigen::Matrix<T, 3, N> ex_cross_columns(const Eigen::Matrix<T, 3, N>& y) {
  Eigen::Matrix<T, 3, N> r;
  r.row(0).setZero();
  r.row(1) = -y.row(2);
  r.row(2) = y.row(1);
  return r;
}

// The term n + 1 (scaled by h^(n+1)) from the terms n (cur) and n − 1
// (prev); with kRates false only the frame and the position.
template <bool kRates, class T>
void next_term(const PieceCoefficients<T>& k, double h, int n, const ClothoidState<T>& prev,
               const ClothoidState<T>& cur, ClothoidState<T>& next) {
  const double a = h / (n + 1), ah = a * h;
  // R [Ω]× = −([Ω]× Rᵀ)ᵀ.
  next.R = -(a * cross_columns<T, 3>(k.omega, cur.R.transpose()) + ah * cross_columns<T, 3>(k.slope, prev.R.transpose()))
                .transpose();
  next.p = a * cur.R.col(0);
  if constexpr (!kRates) return;
  auto ad = [&](const auto& cur_w, const auto& cur_v, const auto& prev_w, const auto& prev_v, auto& w, auto& v) {
    w = -a * cross_columns(k.omega, cur_w) - ah * cross_columns(k.slope, prev_w);
    v = -a * (ex_cross_columns(cur_w) + cross_columns(k.omega, cur_v)) - ah * cross_columns(k.slope, prev_v);
  };
  ad(cur.psi_w, cur.psi_v, prev.psi_w, prev.psi_v, next.psi_w, next.psi_v);
  ad(cur.vel_w, cur.vel_v, prev.vel_w, prev.vel_v, next.vel_w, next.vel_v);
  ad(cur.bias_w, cur.bias_v, prev.bias_w, prev.bias_v, next.bias_w, next.bias_v);
  next.bias_w -= a * cross_t<T>(k.rate, cur.vel_w) + ah * cross_t<T>(k.rate_slope, prev.vel_w);
  next.bias_v -= a * cross_t<T>(k.rate, cur.vel_v) + ah * cross_t<T>(k.rate_slope, prev.vel_v);
  // The sources ∂ξ/∂q and ξ̇, affine in u: their terms 0 and 1.
  if (n == 0) {
    for (int i = 0; i < 3; ++i) next.psi_w(i, i) += a * k.w0, next.psi_w(i, 3 + i) += a * k.w1;
    next.vel_w += a * k.rate;
  } else if (n == 1) {
    for (int i = 0; i < 3; ++i) next.psi_w(i, i) -= ah * k.inv_length, next.psi_w(i, 3 + i) += ah * k.inv_length;
    next.vel_w += ah * k.rate_slope;
  }
}

// Carries the state from σ to σ + h; returns the number of terms summed.
template <bool kRates, class T>
int advance_piece(const ClothoidElementT<T>& e, double sigma, double h, ClothoidState<T>& state) {
  const PieceCoefficients<T> k = piece_coefficients(e, sigma);
  ClothoidState<T> terms[3] = {state, {}, ClothoidState<T>::zero()};  // term n is terms[n % 3]
  double peak[5], size[5], last[5];
  term_sizes<kRates>(state, peak);
  std::copy(peak, peak + 5, last);
  int n = 0;
  for (; n < kClothoidMaxTerms; ++n) {
    const ClothoidState<T>& prev = terms[(n + 2) % 3];
    const ClothoidState<T>& cur = terms[n % 3];
    ClothoidState<T>& next = terms[(n + 1) % 3];
    next_term<kRates>(k, h, n, prev, cur, next);
    state.R += next.R, state.p += next.p;
    if constexpr (kRates) {
      state.psi_w += next.psi_w, state.psi_v += next.psi_v, state.vel_w += next.vel_w, state.vel_v += next.vel_v;
      state.bias_w += next.bias_w, state.bias_v += next.bias_v;
    }
    term_sizes<kRates>(next, size);
    bool small = n >= 3;
    for (int b = 0; b < 5; ++b) {
      peak[b] = std::max(peak[b], size[b]);
      const double floor = kClothoidTermTolerance * peak[b];
      small = small && size[b] <= floor && last[b] <= floor;
      last[b] = size[b];
    }
    if (small) break;
  }
  return n + 1;
}

// The longest piece from σ with h·max|Ω| <= kClothoidPiece: |Ω| <= |Ω_σ| + u|γ|
// on it, so h (|Ω_σ| + h|γ|) = kappa (seed 002, eq. 14, in the 2-norm).
template <class T>
double piece_length(const ClothoidElementT<T>& e, double sigma, double kappa) {
  const double w1 = sigma / e.length;
  Vec3 om, ga;
  for (int i = 0; i < 3; ++i) {
    om[i] = real_part(T((1.0 - w1) * e.omega0[i] + w1 * e.omega1[i]));
    ga[i] = real_part(T((e.omega1[i] - e.omega0[i]) / e.length));
  }
  const double a = om.norm(), b = ga.norm();
  const double denom = a + std::sqrt(a * a + 4.0 * kappa * b);
  return denom > 0 ? 2.0 * kappa / denom : std::numeric_limits<double>::infinity();
}

// The states at the increasing arc lengths s[i] >= sigma, in one march
// from the state at sigma (the start of the element by default). Returns
// the number of pieces.
template <class T, bool kRates = true>
int clothoid_march(const ClothoidElementT<T>& e, std::span<const double> s, std::span<ClothoidState<T>> out,
                   double kappa = kClothoidPiece, ClothoidState<T> state = {}, double sigma = 0) {
  int pieces = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    while (sigma < s[i]) {
      const double rest = s[i] - sigma, h = piece_length(e, sigma, kappa);
      if (++pieces > kClothoidMaxPieces || !(h > 0)) {
        state.R.setConstant(T(std::numeric_limits<double>::quiet_NaN()));
        state.p.setConstant(T(std::numeric_limits<double>::quiet_NaN()));
        for (size_t j = i; j < s.size(); ++j) out[j] = state;
        return pieces;
      }
      const bool last = h >= rest;
      advance_piece<kRates>(e, sigma, last ? rest : h, state);
      sigma = last ? s[i] : sigma + h;
    }
    out[i] = state;
  }
  return pieces;
}

}  // namespace lsd::dyn::rod
