// Tests of interpreter/lsystem/random.hpp and src/random.cpp: cpfg's random
// numbers are the C library's rand48 family, so each value here is checked
// against what glibc's own erand48, drand48 and seed48 return, called in the
// test (docs/language.md 9.3).
#include "interpreter/lsystem/random.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>

using namespace lsd;
using interp::Rand48;
using interp::Rng;

namespace {

// glibc's erand48 on a state of three words, least significant first.
struct Libc48 {
  unsigned short x[3];
  double next() { return erand48(x); }
};

// cpfg's nrand (utility.c), written over glibc's erand48: the reference for Rng::nran.
struct CpfgNormal {
  Libc48 r;
  int iset = 10;
  double gset = 0;
  double operator()(double mean, double sd) {
    if (iset != 0) {
      iset = 0;
      return gset * sd + mean;
    }
    double v1, v2, rsq;
    do {
      v1 = 2.0 * r.next() - 1.0;
      v2 = 2.0 * r.next() - 1.0;
      rsq = v1 * v1 + v2 * v2;
    } while (rsq >= 1.0 || rsq == 0.0);
    const double fac = std::sqrt(-2.0 * std::log(rsq) / rsq);
    gset = v1 * fac;
    iset = 1;
    return v2 * fac * sd + mean;
  }
};

}  // namespace

TEST_CASE("Rand48 is glibc's erand48, bit for bit, from any state") {
  const unsigned short states[][3] = {{0x330E, 0, 0}, {0, 0, 0}, {12345, 0, 155}, {0xFFFF, 0xFFFF, 0xFFFF}, {1, 2, 3}};
  for (const auto& w : states) {
    Libc48 libc{{w[0], w[1], w[2]}};
    Rand48 mine = Rand48::words(w[0], w[1], w[2]);
    for (int k = 0; k < 1000; ++k) {
      const double expected = libc.next();
      REQUIRE(mine.next() == expected);  // exactly: the same 48 bits
    }
    CHECK(mine.x == (std::uint64_t(libc.x[0]) | std::uint64_t(libc.x[1]) << 16 | std::uint64_t(libc.x[2]) << 32));
  }
}

TEST_CASE("the choice stream is drand48 after seed48({s & 0xFFFF, 0, 155}), unseeded for seed 0") {
  for (std::int64_t seed : {1, 12345, 70000, -3}) {
    unsigned short w[3] = {static_cast<unsigned short>(seed & 0xFFFF), 0, 155};
    seed48(w);
    Rng r = Rng::cpfg(seed);
    for (int k = 0; k < 200; ++k) REQUIRE(r.choice() == drand48());
  }
  // seed 0 does not seed: glibc's drand48 state before any seeding is 0
  Libc48 zero{{0, 0, 0}};
  Rng r = Rng::cpfg(0);
  for (int k = 0; k < 50; ++k) REQUIRE(r.choice() == zero.next());
}

TEST_CASE("ran nran bran biran draw from cpfg's own state, srand48(0)'s, independent of the choice stream") {
  Rng r = Rng::cpfg(99);
  Libc48 ran{{0x330E, 0, 0}};  // srand48(0)
  for (int k = 0; k < 20; ++k) {
    r.choice();  // the choice stream does not move ran()'s
    REQUIRE(r.ran(10) == ran.next() * 10);
  }
  // srand(n): {0x330E, n & 0xFFFF, (n >> 16) & 0xFFFF}, and nran's cache emptied
  r.srand(70000);
  CpfgNormal normal;
  normal.r = Libc48{{0x330E, 70000 & 0xFFFF, 70000 >> 16}};
  normal.iset = 0;
  for (int k = 0; k < 21; ++k) REQUIRE(r.nran(5, 2) == normal(5, 2));
  // before any srand the first nran is the mean (cpfg's cache starts at 10), and draws nothing
  Rng fresh = Rng::cpfg(0);
  CHECK(fresh.nran(5, 2) == 5);
  CHECK(fresh.ran(1) == Libc48{{0x330E, 0, 0}}.next());
  // biran(n, p) counts the draws <= p; bran is Cheng's beta sampler on the same stream
  Rng b = Rng::cpfg(0);
  Libc48 bl{{0x330E, 0, 0}};
  int hits = 0;
  for (int k = 0; k < 7; ++k) hits += bl.next() <= 0.4;
  CHECK(b.biran(7, 0.4) == hits);
  const double x = b.bran(2, 3);
  CHECK(x > 0);
  CHECK(x < 1);
}

TEST_CASE("lsd's generator is unchanged: xoshiro256** per step, cpfg's functions only in cpfg mode") {
  Rng a(7), b(7);
  CHECK(a.ran(10) == b.uniform() * 10);
  CHECK_FALSE(a.is_cpfg());
  CHECK(Rng::cpfg(1).is_cpfg());
  CHECK(interp::cpfg_int(3.9) == 3);
  CHECK(interp::cpfg_int(-3.9) == -3);
  CHECK(interp::cpfg_int(1e30) == 2147483647);
  CHECK(interp::cpfg_int(std::nan("")) == 0);
}
