// Natural frequencies of a clamped-free (cantilever) Euler–Bernoulli beam,
// the reference for a straight rod's bending vibrations: ω_k = (β_k L)²
// sqrt(EI / (ρA L⁴)), with β_k L the k-th root of cos x cosh x + 1 = 0
// (1.8751, 4.6941, 7.8548, ...: R. D. Blevins, "Formulas for Natural
// Frequency and Mode Shape", Van Nostrand Reinhold 1979, table 8-1; S.
// Timoshenko, D. H. Young, W. Weaver, "Vibration Problems in Engineering",
// 4th ed., Wiley 1974, §5.3). The roots are found here by Newton's method
// from (2k − 1) π / 2, which they approach as e^{−x}.
#pragma once

#include <cmath>
#include <numbers>

namespace lsd::test {

// β_k L, k = 1, 2, ...
inline double clamped_free_beta_l(int k) {
  double x = (2 * k - 1) * std::numbers::pi / 2;
  for (int it = 0; it < 50; ++it) {
    // f = cos x cosh x + 1, f' = cos x sinh x − sin x cosh x
    const double f = std::cos(x) * std::cosh(x) + 1;
    const double d = std::cos(x) * std::sinh(x) - std::sin(x) * std::cosh(x);
    const double dx = f / d;
    x -= dx;
    if (std::abs(dx) < 1e-15 * x) break;
  }
  return x;
}

// ω_k in rad/s for a beam of length L (m), bending stiffness EI (N m²) and
// mass per length ρA (kg/m).
inline double clamped_free_frequency(int k, double length, double ei, double rho_a) {
  const double bl = clamped_free_beta_l(k);
  return bl * bl * std::sqrt(ei / (rho_a * length * length * length * length));
}

}  // namespace lsd::test
