// The distributions of nran, bran and biran (docs/language.md 5): lsd's own
// on xoshiro256**, and cpfg's exactly as cpfg computes them on erand48
// (docs/language.md 9.3).
#include "interpreter/lsystem/random.hpp"

#include <algorithm>

namespace lsd::interp {
namespace {

// lsd's beta and binomial samples.
double gamma_sample(Rng& r, double a) {  // Marsaglia and Tsang
  if (!(a > 0)) return 0;
  if (a < 1) return gamma_sample(r, a + 1) * std::pow(r.uniform(), 1.0 / a);
  const double d = a - 1.0 / 3, c = 1 / std::sqrt(9 * d);
  for (int k = 0; k < 1000; ++k) {
    double x, v;
    do {
      x = r.normal();
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = r.uniform();
    if (u < 1 - 0.0331 * x * x * x * x || std::log(u) < 0.5 * x * x + d * (1 - v + std::log(v))) return d * v;
  }
  return d;
}

// A trial count as C's (int) of a double, kept to what can be counted.
long trials(double n) {
  if (!(n >= 1)) return 0;
  return long(std::fmin(n, 1e6));
}

}  // namespace

Rng Rng::cpfg(std::int64_t seed) {
  Rng r(0);
  r.cpfg_ = true;
  if (seed != 0) r.choice_ = Rand48::words(std::uint16_t(seed & 0xFFFF), 0, 155);
  r.main_ = Rand48::words(0x330E, 0, 0);
  return r;
}

// cpfg: Numerical Recipes' gasdev, two values from each accepted pair of
// uniforms, the second kept for the next call.
double Rng::nran(double mean, double sd) {
  if (!cpfg_) return mean + sd * normal();
  if (iset_ != 0) {
    iset_ = 0;
    return gset_ * sd + mean;
  }
  double v1, v2, rsq;
  do {
    v1 = 2.0 * main_.next() - 1.0;
    v2 = 2.0 * main_.next() - 1.0;
    rsq = v1 * v1 + v2 * v2;
  } while (rsq >= 1.0 || rsq == 0.0);
  const double fac = std::sqrt(-2.0 * std::log(rsq) / rsq);
  gset_ = v1 * fac;
  iset_ = 1;
  return v2 * fac * sd + mean;
}

// cpfg: Cheng's algorithm BB/BC, as cpfg's brand().
double Rng::bran(double a, double b) {
  if (!cpfg_) {
    const double x = gamma_sample(*this, a), y = gamma_sample(*this, b);
    return x + y > 0 ? x / (x + y) : 0.5;
  }
  if (!(a > 0) || !(b > 0)) return 0.5;  // cpfg would loop forever
  const double s = a + b;
  const double lambda = std::min(a, b) <= 1 ? std::min(a, b) : std::sqrt((2 * a * b - s) / (s - 2));
  const double u = a + lambda;
  double u1, u2, v, y;
  for (int k = 0;; ++k) {
    do u1 = main_.next(); while (u1 == 0);
    do u2 = main_.next(); while (u2 == 0);
    v = (1 / lambda) * std::log(u1 / (1 - u1));
    y = a * std::exp(v);
    if (!(s * std::log(s / (b + y)) + u * v - std::log(4) < std::log(u1 * u1 * u2))) break;
    if (k > 1000000) return 0.5;  // a defence: cpfg's loop accepts long before
  }
  return y / (b + y);
}

double Rng::biran(double n, double p) {
  long hits = 0;
  const long k = trials(n);
  if (!cpfg_) {
    for (long i = 0; i < k; ++i) hits += uniform() < p;
    return double(hits);
  }
  for (long i = 0; i < k; ++i) hits += main_.next() <= p;
  return double(hits);
}

void Rng::srand(double n) {
  if (!cpfg_) {
    reseed(std::uint64_t(std::llround(std::fabs(std::fmin(n, 9e18)))));
    return;
  }
  // cpfg's Do_srand((long)n): the state srand48(n) sets, and nran's cache emptied
  const std::int64_t a = std::isfinite(n) ? std::int64_t(std::clamp(n, -9e18, 9e18)) : 0;
  main_ = Rand48::words(0x330E, std::uint16_t(a & 0xFFFF), std::uint16_t((a >> 16) & 0xFFFF));
  iset_ = 0;
}

}  // namespace lsd::interp
