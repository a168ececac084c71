// Every example in examples/ is checked, derived and simulated for one second
// with growth on: every example runs in a test.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>

#include "interpreter/living/simulation.hpp"
#include "support/lsd_test.hpp"

using namespace lsd;

TEST_CASE("every example loads, derives and simulates a second with growth on") {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(std::string(LSD_SOURCE_DIR) + "/examples"))
    if (e.path().extension() == ".ls") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 35);
  for (const auto& f : files) {
    INFO(f);
    interp::Lsystem ls;
    std::vector<grammar::Diagnostic> d;
    REQUIRE(interp::load_lsystem(f, {}, ls, d));
    int rows = 0;
    bool finite = true;
    REQUIRE(test::simulate(ls, 1, d, [&](const interp::TraceRow& r) {
      ++rows;
      finite = finite && std::isfinite(r.kinetic + r.potential + r.elastic) && r.tip.allFinite();
    }));
    CHECK(finite);
    CHECK(ls.time() == Approx(1).margin(0.01));
    CHECK(ls.steps_done >= 1);
    if (ls.rules->dynamics.enabled) CHECK(ls.current.size() > 1);
    for (double v : ls.current.params) REQUIRE(std::isfinite(v));
  }
}
