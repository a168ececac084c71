// Tests of dynamics/src/gauss_legendre.cpp: the rules' degree of exactness,
// their nodes against closed forms and against a long double Newton step,
// and dynamics/src/rod_quadrature.cpp: the rule chosen for a rod element
// reaches its 1e-14 on random elements (docs/dynamics.md).
#include <cmath>
#include <vector>
#include <catch2/catch.hpp>

#include "dynamics/gauss_legendre.hpp"
#include "dynamics/rod_element.hpp"

using namespace lsd::dyn;

TEST_CASE("Gauss-Legendre: exact to degree 2n - 1, then the known error", "[rod]") {
  for (int n = 1; n <= kMaxGaussOrder; ++n) {
    std::vector<double> s(n), w(n);
    gauss_legendre(n, -1, 1, s, w);
    INFO("n " << n);
    for (int k = 0; k <= 2 * n; ++k) {
      double sum = 0;
      for (int i = 0; i < n; ++i) sum += w[i] * std::pow(s[i], k);
      const double exact = (k % 2) ? 0.0 : 2.0 / (k + 1);
      if (k < 2 * n) {
        CHECK(std::abs(sum - exact) < 4e-16 * (1 + exact));
      } else {
        // The first monomial it misses, by 2^(2n+1) (n!)⁴ / ((2n+1) ((2n)!)²)
        // (the remainder of Abramowitz & Stegun 25.4.29 with f^(2n) = (2n)!).
        long double fact_n = 1, fact_2n = 1;
        for (int m = 2; m <= n; ++m) fact_n *= m;
        for (int m = 2; m <= 2 * n; ++m) fact_2n *= m;
        const long double error = std::pow(2.0L, 2 * n + 1) * std::pow(fact_n, 4) / ((2 * n + 1) * fact_2n * fact_2n);
        CHECK(std::abs((exact - sum) - double(error)) < 4e-16 * (1 + exact));
        CHECK(error > 1e-10);
      }
    }
    for (int i = 1; i < n; ++i) CHECK(s[i] > s[i - 1]);
  }
  // On [a, b]: the weights sum to b − a, the nodes inside.
  std::vector<double> s(7), w(7);
  gauss_legendre(7, 2.0, 5.5, s, w);
  double sum = 0;
  for (double x : w) sum += x;
  CHECK(sum == Approx(3.5).epsilon(1e-15));
  CHECK(s.front() > 2.0);
  CHECK(s.back() < 5.5);
}

TEST_CASE("Gauss-Legendre nodes: closed forms and correctly rounded", "[rod]") {
  // n = 2, 3, 5 in closed form.
  CHECK(gauss_legendre_point(2, 1).node == std::sqrt(1.0 / 3.0));
  CHECK(std::abs(gauss_legendre_point(3, 2).node - std::sqrt(0.6)) <= 1.2e-16);
  CHECK(gauss_legendre_point(3, 1).weight == Approx(8.0 / 9.0).epsilon(2e-16));
  const double a = std::sqrt(5 - 2 * std::sqrt(10.0 / 7)) / 3, b = std::sqrt(5 + 2 * std::sqrt(10.0 / 7)) / 3;
  CHECK(gauss_legendre_point(5, 3).node == Approx(a).epsilon(3e-16));
  CHECK(gauss_legendre_point(5, 4).node == Approx(b).epsilon(3e-16));
  CHECK(gauss_legendre_point(5, 4).weight == Approx((322 - 13 * std::sqrt(70.0)) / 900).epsilon(5e-16));
  CHECK(gauss_legendre_point(5, 2).weight == Approx(128.0 / 225).epsilon(2e-16));
  // Every node: one Newton step on P_n in long double moves it by at most
  // half an ulp (the double is the rounded root), and the weight is
  // 2 / ((1 − x²) P_n'(x)²) to an ulp.
  for (int n = 1; n <= kMaxGaussOrder; ++n) {
    for (int i = 0; i < n; ++i) {
      const GaussPoint p = gauss_legendre_point(n, i);
      const long double x = p.node;
      long double p0 = 1, p1 = x;
      for (int k = 2; k <= n; ++k) {
        const long double p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
        p0 = p1, p1 = p2;
      }
      const long double pn = n == 1 ? x : p1, pm = n == 1 ? 1.0L : p0;
      const long double dp = n * (x * pn - pm) / (x * x - 1);
      const long double root = x - pn / dp;
      const long double ulp = std::nextafter(std::abs(p.node), 2.0) - std::abs(p.node);
      INFO("n " << n << " i " << i);
      CHECK(std::abs(root - x) <= 0.5L * ulp + 1e-19L);
      // P_n' at the root (at x it differs by P_n'' (root − x)).
      p0 = 1, p1 = root;
      for (int k = 2; k <= n; ++k) {
        const long double p2 = ((2 * k - 1) * root * p1 - (k - 1) * p0) / k;
        p0 = p1, p1 = p2;
      }
      const long double droot = n == 1 ? 1.0L : n * (root * p1 - p0) / (root * root - 1);
      const long double weight = 2 / ((1 - root * root) * droot * droot);
      CHECK(std::abs(weight - p.weight) <= 1.0L * (std::nextafter(p.weight, 3.0) - p.weight));
    }
  }
}

TEST_CASE("rod quadrature: the order grows with l·max|Ω|, panels beyond", "[rod]") {
  CHECK(rod_quadrature(RodKind::kHelix, 0).order == 6);
  CHECK(rod_quadrature(RodKind::kHelix, 0).panels == 1);
  CHECK(rod_quadrature(RodKind::kHelix, 3).order == 12);
  CHECK(rod_quadrature(RodKind::kHelix, 8).order == 16);
  CHECK(rod_quadrature(RodKind::kHelix, 8.01).panels == 2);
  CHECK(rod_quadrature(RodKind::kClothoid, 0).order == 8);
  CHECK(rod_quadrature(RodKind::kClothoid, 5.01).panels == 2);
  CHECK(rod_quadrature(RodKind::kClothoid, 12).panels == 3);
  CHECK(rod_quadrature(RodKind::kClothoid, 12).order == 15);  // 4 rad per panel
  for (double bad : {-1.0, std::nan(""), HUGE_VAL}) {
    const RodQuadrature q = rod_quadrature(RodKind::kClothoid, bad);
    CHECK(q.panels >= 1);
    CHECK(q.panels <= 1000);
  }
  const RodQuadrature q = rod_quadrature(RodKind::kHelix, 20);
  std::vector<double> s(q.points()), w(q.points());
  rod_quadrature_points(q, 0.3, s, w);
  double sum = 0;
  for (int i = 0; i < q.points(); ++i) sum += w[i];
  CHECK(sum == Approx(0.3).epsilon(1e-15));
  for (int i = 1; i < q.points(); ++i) CHECK(s[i] > s[i - 1]);
}
