// Golden hashes (Box2D's test_determinism.c): derive and simulate a few
// examples and hash the resulting strings, so that any change of the numbers
// lsd produces - a different rounding in the turtle, the derivation or the
// physics step - fails here, even where every tolerance-based test still
// passes.
//
// When a change of the results is intended (a new integrator, a fixed
// formula), print the new hashes with
//   LSD_GOLDEN_PRINT=1 build/test_interpreter '[golden]'
// paste them below, and say in the commit why the numbers changed.
#include <catch2/catch.hpp>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>

#include "interpreter/living/simulation.hpp"
#include "support/lsd_test.hpp"

using namespace lsd;

namespace {

// FNV-1a, 64 bits, over the string file's text (shortest round-trip numbers).
std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::uint64_t string_hash(const interp::Lsystem& ls) {
  return fnv1a(interp::string_to_text(ls.current, ls.rules->symbols));
}

void check_golden(const char* name, std::uint64_t got, std::uint64_t expected) {
  if (std::getenv("LSD_GOLDEN_PRINT")) std::printf("  {\"%s\", 0x%016" PRIx64 "ULL},\n", name, got);
  INFO(name << ": the result changed; if that is intended, see the top of tests/interpreter/living/golden_test.cpp");
  CHECK(got == expected);
}

std::uint64_t derived(const std::string& example, int n) {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(interp::load_lsystem(test::example(example), {}, ls, d));
  REQUIRE(interp::derive(ls, n, {}, d));
  return string_hash(ls);
}

std::uint64_t simulated(const std::string& example, double until) {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(interp::load_lsystem(test::example(example), {}, ls, d));
  REQUIRE(test::simulate(ls, until, d));
  return string_hash(ls);
}

}  // namespace

TEST_CASE("golden hashes of derived and simulated examples", "[golden]") {
  check_golden("fig2_6a n=10", derived("abop/fig2_6a.ls", 10), 0xf131eb4af9318336ULL);
  check_golden("fig1_31b n=30", derived("abop/fig1_31b.ls", 30), 0x22f4d655780a8c16ULL);
  check_golden("fig2_8a n=6", derived("abop/fig2_8a.ls", 6), 0x26dfeb5515341098ULL);
  check_golden("herb t=4", simulated("dynamics/herb.ls", 4), 0x28dc50c2121736d1ULL);
  check_golden("twig t=3", simulated("dynamics/twig.ls", 3), 0xe40b034c3de7a192ULL);
  check_golden("weeping t=2", simulated("dynamics/weeping.ls", 2), 0x564e2aca9951146fULL);
  check_golden("double_pendulum t=1", simulated("dynamics/double_pendulum.ls", 1), 0xd9808ad891f0c5d9ULL);
}
