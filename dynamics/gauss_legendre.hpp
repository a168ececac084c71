// Gauss–Legendre quadrature: the n-point rule integrates polynomials of
// degree 2n − 1 exactly; nodes and weights are tabulated for n = 1..16,
// each the correctly rounded double (dynamics/src/gauss_legendre.cpp).
#pragma once

#include <span>

namespace lsd::dyn {

inline constexpr int kMaxGaussOrder = 16;

struct GaussPoint {
  double node;    // in (−1, 1)
  double weight;  // the weights of a rule sum to 2
};

// Point i (0 <= i < n, nodes increasing) of the n-point rule on [−1, 1].
GaussPoint gauss_legendre_point(int n, int i);

// The n-point rule on [a, b]: nodes s[0..n) increasing, weights w[0..n)
// summing to b − a.
void gauss_legendre(int n, double a, double b, std::span<double> s, std::span<double> w);

}  // namespace lsd::dyn
