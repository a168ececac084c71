// The L-system's random numbers: splitmix64-seeded xoshiro256**, written out so
// that the same seed gives the same strings on every machine and library.
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

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }
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

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

// The generator of derivation step `step` of a system with seed `seed`: each
// step has its own stream, so a saved string resumes a stochastic derivation exactly.
inline Rng step_rng(std::uint64_t seed, std::uint64_t step, std::uint64_t stream = 0) {
  std::uint64_t x = seed ^ (0x632be59bd9b4e019ULL * (step + 1)) ^ (0x8cb92ba72f3d8dd7ULL * stream);
  return Rng(splitmix64(x));
}

}  // namespace lsd::interp
