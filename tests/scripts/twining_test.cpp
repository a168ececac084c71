// Tests of scripts/twining.py (docs/dynamics.md, "Twining"): the planar
// twining threshold of Goriely & Neukirch (2006), rho_c ~ 3.3. A rod of
// intrinsic curvature growing against a pole keeps a stationary contact
// pattern (continuous contact, a gap, an isolated contact at the tip) below
// the threshold, and rolls up on itself above it.
#include <catch2/catch.hpp>

#include "support/lsd_test.hpp"

using lsd::test::run;

namespace {
std::string classify(const char* rho) {
  const auto r = run("LSD=" + lsd::test::lsd_exe() + " python3 " + std::string(LSD_SOURCE_DIR) +
                     "/scripts/twining.py classify " + rho);
  INFO(r.out);
  REQUIRE(r.status == 0);
  return r.out;
}
}  // namespace

TEST_CASE("twining in the plane: rho = 2.8 keeps a stationary contact pattern, rho = 3.8 loses its grip") {
  const std::string below = classify("2.8"), above = classify("3.8");
  CHECK_THAT(below, Catch::StartsWith("rho 2.8: twines"));
  CHECK_THAT(above, Catch::StartsWith("rho 3.8: slips"));
}

TEST_CASE("twining in the plane with 5 clothoids: rho = 2.8 keeps the pattern, rho = 3.8 loses its grip", "[.slow]") {
  // examples/dynamics/twining_clothoid.ls (about two minutes: ten runs)
  const std::string below = classify("2.8 --clothoid"), above = classify("3.8 --clothoid");
  CHECK_THAT(below, Catch::StartsWith("rho 2.8: twines"));
  CHECK_THAT(above, Catch::StartsWith("rho 3.8: slips"));
}
