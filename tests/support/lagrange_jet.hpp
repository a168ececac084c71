// Forward-mode numbers for the dense Lagrangian reference (lagrange_reference.hpp):
// the derivatives of its energies are exact to rounding of the discretised
// energies, with no finite differences.
//
// - Hyper: a hyper-dual number with a vector of first-order parts. It is the
//   expansion of f(x + ε e + Σ_k δ_k d_k) kept to the terms 1, ε, δ_k and ε δ_k
//   (ε² = δ_j δ_k = 0): the value, the derivative along one direction d_ε,
//   the derivatives along kChunk directions d_k, and the second derivatives
//   d_εᵀ (∇²f) d_k. With d_ε = (q̇, 0) or (0, e_j) in (q, q̇) space these are
//   the terms of Lagrange's equations.
// - Dual<X, T>: a first-order dual number in time, value of type X and rate
//   of type T: evaluated at q + τ q̇, it carries every pose and its velocity,
//   so the kinetic energy is written from the poses alone.
#pragma once

#include <array>
#include <cmath>

namespace lsd::lagref {

constexpr int kChunk = 8;  // the directions one Hyper carries

struct Hyper {
  double v = 0.0;                    // value
  double e = 0.0;                    // derivative along d_ε
  std::array<double, kChunk> g{};    // derivatives along d_k
  std::array<double, kChunk> h{};    // second derivatives along d_ε and d_k

  Hyper() = default;
  Hyper(double c) : v(c) {}  // NOLINT: constants mix freely with jets
};

inline Hyper operator+(const Hyper& a, const Hyper& b) {
  Hyper r;
  r.v = a.v + b.v;
  r.e = a.e + b.e;
  for (int k = 0; k < kChunk; ++k) {
    r.g[k] = a.g[k] + b.g[k];
    r.h[k] = a.h[k] + b.h[k];
  }
  return r;
}

inline Hyper operator-(const Hyper& a, const Hyper& b) {
  Hyper r;
  r.v = a.v - b.v;
  r.e = a.e - b.e;
  for (int k = 0; k < kChunk; ++k) {
    r.g[k] = a.g[k] - b.g[k];
    r.h[k] = a.h[k] - b.h[k];
  }
  return r;
}

inline Hyper operator-(const Hyper& a) { return Hyper(0.0) - a; }

inline Hyper operator*(const Hyper& a, double s) {
  Hyper r;
  r.v = a.v * s;
  r.e = a.e * s;
  for (int k = 0; k < kChunk; ++k) {
    r.g[k] = a.g[k] * s;
    r.h[k] = a.h[k] * s;
  }
  return r;
}
inline Hyper operator*(double s, const Hyper& a) { return a * s; }

// (a + ε a_e + δ a_g + ε δ a_h)(b + ...): the product rule, with the cross terms ε δ.
inline Hyper operator*(const Hyper& a, const Hyper& b) {
  Hyper r;
  r.v = a.v * b.v;
  r.e = a.v * b.e + a.e * b.v;
  for (int k = 0; k < kChunk; ++k) {
    r.g[k] = a.v * b.g[k] + a.g[k] * b.v;
    r.h[k] = a.v * b.h[k] + a.h[k] * b.v + a.e * b.g[k] + a.g[k] * b.e;
  }
  return r;
}

// f(a) from f, f' and f'' at a.v (the chain rule to second order).
inline Hyper chain(const Hyper& a, double f0, double f1, double f2) {
  Hyper r;
  r.v = f0;
  r.e = f1 * a.e;
  for (int k = 0; k < kChunk; ++k) {
    r.g[k] = f1 * a.g[k];
    r.h[k] = f1 * a.h[k] + f2 * a.e * a.g[k];
  }
  return r;
}

inline Hyper sin(const Hyper& a) { return chain(a, std::sin(a.v), std::cos(a.v), -std::sin(a.v)); }
inline Hyper cos(const Hyper& a) { return chain(a, std::cos(a.v), -std::sin(a.v), -std::cos(a.v)); }
inline Hyper sqrt(const Hyper& a) {
  const double s = std::sqrt(a.v);
  return chain(a, s, 0.5 / s, -0.25 / (s * a.v));
}
inline Hyper inv(const Hyper& a) {
  const double i = 1.0 / a.v;
  return chain(a, i, -i * i, 2.0 * i * i * i);
}
inline double inv(double a) { return 1.0 / a; }
inline double value(double a) { return a; }
inline double value(const Hyper& a) { return a.v; }

// A dual number in time: x + τ t.
template <class X, class T>
struct Dual {
  X x{};  // value
  T t{};  // rate

  Dual() = default;
  Dual(double c) : x(c), t(0.0) {}  // NOLINT: constants mix freely with jets
  Dual(const X& x_, const T& t_) : x(x_), t(t_) {}
};

template <class X, class T>
Dual<X, T> operator+(const Dual<X, T>& a, const Dual<X, T>& b) { return {a.x + b.x, a.t + b.t}; }
template <class X, class T>
Dual<X, T> operator-(const Dual<X, T>& a, const Dual<X, T>& b) { return {a.x - b.x, a.t - b.t}; }
template <class X, class T>
Dual<X, T> operator-(const Dual<X, T>& a) { return {-a.x, -a.t}; }
template <class X, class T>
Dual<X, T> operator*(const Dual<X, T>& a, double s) { return {a.x * s, a.t * s}; }
template <class X, class T>
Dual<X, T> operator*(double s, const Dual<X, T>& a) { return a * s; }
template <class X, class T>
Dual<X, T> operator*(const Dual<X, T>& a, const Dual<X, T>& b) { return {a.x * b.x, a.x * b.t + a.t * b.x}; }

template <class X, class T>
Dual<X, T> sin(const Dual<X, T>& a) {
  using std::cos, std::sin;
  return {sin(a.x), cos(a.x) * a.t};
}
template <class X, class T>
Dual<X, T> cos(const Dual<X, T>& a) {
  using std::cos, std::sin;
  return {cos(a.x), -(sin(a.x) * a.t)};
}
template <class X, class T>
Dual<X, T> sqrt(const Dual<X, T>& a) {
  using std::sqrt;
  const X s = sqrt(a.x);
  return {s, inv(s) * 0.5 * a.t};
}
template <class X, class T>
Dual<X, T> inv(const Dual<X, T>& a) {
  const X i = inv(a.x);
  return {i, -(i * i) * a.t};
}
template <class X, class T>
double value(const Dual<X, T>& a) { return value(a.x); }

}  // namespace lsd::lagref
