// Error-controlled steps (dynamics: tolerance:, --tolerance; docs/dynamics.md
// "Error-controlled steps"): the thesis cantilever, undamped and released
// straight, at a frame of 1/60 s against a converged run (a fixed step of
// 1/61440 s, 1024 times smaller).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "support/lsd_test.hpp"

namespace {

struct Row {
  double t, x, y;
  int substeps;
};

// The rows of a trace: time, tip x and y, substeps.
std::vector<Row> rows(const std::string& path) {
  std::vector<Row> out;
  const auto lines = lsd::test::read_lines(path);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    std::vector<double> v;
    std::stringstream ss(lines[i]);
    for (std::string f; std::getline(ss, f, ',');) v.push_back(std::stod(f));
    REQUIRE(v.size() == 11);
    out.push_back({v[0], v[7], v[8], int(v[10])});
  }
  return out;
}

std::vector<Row> cantilever(const std::string& options, const std::string& name) {
  const std::string trace = lsd::test::temp_path(name);
  const auto r = lsd::test::run(lsd::test::lsd_exe() + " run " + lsd::test::example("dynamics/cantilever.ls") +
                                " -D ZETA=0 --time 2 --trace-every 0.016666666666666666 --quiet --trace " + trace +
                                " " + options);
  INFO(r.out);
  REQUIRE(r.status == 0);
  return rows(trace);
}

}  // namespace

TEST_CASE("tolerance 0.01: the undamped cantilever's tip within 1% of its swing of the converged motion over 2 s") {
  const auto ref = cantilever("--dt 0.000016276041666666666", "tol_ref.csv");
  const auto fixed = cantilever("--dt 0.016666666666666666", "tol_fixed.csv");
  const auto tol = cantilever("--dt 0.016666666666666666 --tolerance 0.01", "tol_001.csv");
  REQUIRE(ref.size() == 121);
  REQUIRE(tol.size() == ref.size());
  REQUIRE(fixed.size() == ref.size());
  double lo = 1e9, hi = -1e9;
  for (const Row& r : ref) lo = std::min(lo, r.y), hi = std::max(hi, r.y);
  const double swing = hi - lo;
  REQUIRE(swing > 0.01);  // it swings (1.4 cm)
  const auto error = [&](const std::vector<Row>& run) {
    double e = 0;
    for (std::size_t i = 0; i < ref.size(); ++i) {
      REQUIRE(run[i].t == Approx(ref[i].t).margin(1e-9));
      e = std::max(e, std::hypot(run[i].x - ref[i].x, run[i].y - ref[i].y));
    }
    return e / swing;
  };
  CHECK(error(tol) < 0.01);
  CHECK(error(fixed) > 0.3);  // the frame's step alone cannot follow the 8 Hz mode
  // the trace says how many passes each step took: more than one, as the frame alone is too coarse
  int most = 0;
  for (std::size_t i = 1; i < tol.size(); ++i) most = std::max(most, tol[i].substeps);
  CHECK(most > 1);
  CHECK(fixed.back().substeps == 1);
}
