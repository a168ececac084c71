// The L-system's random numbers (docs/language.md 4.7 and 9.3), written out
// so that the same seed gives the same strings on every machine and library.
//
// Two kinds. lsd's own (`.ls` files): splitmix64-seeded xoshiro256**, a
// stream per derivation step, so a saved string resumes a stochastic
// derivation exactly. cpfg's (`.l` files, or `random: cpfg`): the C
// library's rand48 family as cpfg calls it, two 48-bit streams that run on
// from step to step: drand48 for the choice between stochastic productions
// (seed48({s & 0xFFFF, 0, 155}) for `seed: s`, s != 0) and erand48 on
// cpfg's own state for ran, nran, bran and biran (it starts as srand48(0)
// would set it, and srand(n) sets it to srand48(n)'s).
#pragma once
#include <cmath>
#include <cstdint>
#include <numbers>

namespace lsd::interp {

inline std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// C's (int) of v, as cpfg reads a seed: truncated toward zero, kept within
// int's range (where C's conversion is undefined), NaN as 0.
inline std::int64_t cpfg_int(double v) {
  if (!(v == v)) return 0;
  return std::int64_t(std::fmax(std::fmin(v, 2147483647.0), -2147483648.0));
}

// One rand48 stream (POSIX): a 48-bit state X, X' = (0x5DEECE66D X + 0xB)
// mod 2^48, the value X'/2^48 in [0, 1) (exactly glibc's erand48 and
// drand48: the 48 bits are the double's top mantissa bits).
struct Rand48 {
  std::uint64_t x = 0;
  // The state of three 16-bit words, least significant first (seed48's array).
  static Rand48 words(std::uint16_t w0, std::uint16_t w1, std::uint16_t w2) {
    return {std::uint64_t(w0) | std::uint64_t(w1) << 16 | std::uint64_t(w2) << 32};
  }
  double next() {
    x = (0x5DEECE66DULL * x + 0xBULL) & ((std::uint64_t(1) << 48) - 1);
    return double(x) * 0x1.0p-48;
  }
};

class Rng {
 public:
  // lsd's generator.
  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }
  // cpfg's generators at the start of a run: the choice stream seeded from
  // `seed:` (seed48 only when it is not 0: glibc's drand48 state is 0 until
  // seeded), ran()'s stream as srand48(0) leaves it.
  static Rng cpfg(std::int64_t seed);
  bool is_cpfg() const { return cpfg_; }

  void reseed(std::uint64_t seed) {
    for (auto& w : s_) w = splitmix64(seed);
  }
  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }  // [0, 1)
  double normal() {  // Box-Muller, one value per call
    double u1 = uniform(), u2 = uniform();
    if (u1 < 1e-300) u1 = 1e-300;
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2 * std::numbers::pi * u2);
  }

  // The number that chooses among stochastic productions, in [0, 1): cpfg's drand48.
  double choice() { return cpfg_ ? choice_.next() : uniform(); }
  // The functions of expressions (section 5; CPFG manual 5.6).
  double ran(double v) { return (cpfg_ ? main_.next() : uniform()) * v; }
  double nran(double mean, double sd);  // sd: the standard deviation
  double bran(double a, double b);      // beta distribution
  double biran(double n, double p);     // binomial: successes of n trials
  // srand(n) of a statement: lsd's stream restarts from seed n; cpfg's
  // ran() stream becomes srand48(n)'s.
  void srand(double n);

  // cpfg's state of ran() and friends (a homomorphism with its own seed:
  // swaps its stream in while it rewrites).
  Rand48& main_stream() { return main_; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
  bool cpfg_ = false;
  Rand48 choice_, main_;
  int iset_ = 10;  // nran's cache of the pair's second value: cpfg starts it at 10 (the first call returns the mean)
  double gset_ = 0;
};

// The generator of derivation step `step` of a system with seed `seed`: each
// step has its own stream, so a saved string resumes a stochastic derivation exactly.
inline Rng step_rng(std::uint64_t seed, std::uint64_t step, std::uint64_t stream = 0) {
  std::uint64_t x = seed ^ (0x632be59bd9b4e019ULL * (step + 1)) ^ (0x8cb92ba72f3d8dd7ULL * stream);
  return Rng(splitmix64(x));
}

}  // namespace lsd::interp
