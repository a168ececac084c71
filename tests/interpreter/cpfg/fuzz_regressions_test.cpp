// Inputs the fuzz targets found (scripts/fuzz.sh, fuzz/README.md), kept in
// tests/corpus/regressions/TARGET/ and read here as the target reads them:
// the first byte chooses the reader, the second a curve's samples
// (fuzz/curves_fuzz.cpp). Each once took the fuzzer past its timeout or
// crashed it; now each is read, or refused with a message naming the file,
// within the limits of docs/language.md 9.7, and what is read is sound.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "common/limits.hpp"
#include "interpreter/cpfg/curves.hpp"
#include "interpreter/cpfg/spline_functions.hpp"
#include "interpreter/cpfg/view.hpp"

namespace fs = std::filesystem;
using namespace lsd;

namespace {

std::vector<fs::path> inputs(const std::string& target) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(std::string(LSD_SOURCE_DIR) + "/tests/corpus/regressions/" + target))
    if (e.is_regular_file()) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A function's values lie within its control points' y (a B-spline stays in
// their convex hull), and its table has the samples the file asked for.
void check_function(const interp::SplineFunction& f) {
  REQUIRE(f.points.size() >= 4);
  double lo = f.points[0].y(), hi = lo;
  for (const auto& p : f.points) lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
  CHECK(f.table.size() <= std::size_t(limits::kCurveSamples));
  for (double v : f.table) CHECK((v >= lo - 1e-9 && v <= hi + 1e-9));
  for (double x : {0.0, 0.25, 0.5, 0.75, 1.0}) CHECK((f(x) >= lo - 1e-9 && f(x) <= hi + 1e-9));
}

}  // namespace

TEST_CASE("curves_fuzz's regressions are read within the limits, or refused naming the file") {
  const auto files = inputs("curves_fuzz");
  REQUIRE(files.size() >= 2);
  for (const fs::path& p : files) {
    INFO(p.filename().string());
    const std::string data = bytes(p);
    REQUIRE(data.size() >= 2);
    const std::string text = data.substr(2);
    std::string err;
    bool ok = false;
    switch (static_cast<unsigned char>(data[0]) % 5) {
      case 0: {
        interp::SplineFunction f;
        ok = interp::parse_function_text(text, "r.func", f, err);
        if (ok) check_function(f);
        break;
      }
      case 1: {
        std::vector<interp::SplineFunction> set;
        ok = interp::parse_function_set_text(text, "r.fset", set, err);
        for (const auto& f : set) check_function(f);
        break;
      }
      case 2: {
        interp::Contour c;
        ok = interp::parse_contour_text(text, "r.con", c, err);
        if (ok) CHECK(c.ring(8).size() == (c.closed ? 8u : 9u));
        break;
      }
      case 3: {
        interp::CurveXYZ c;
        ok = interp::parse_curve_text(text, "r.con", 2 + static_cast<unsigned char>(data[1]) * 40, c, err);
        break;
      }
      default: {
        interp::CpfgSurface s;
        ok = interp::parse_surface_text(text, "r.s", 1 + static_cast<unsigned char>(data[1]), s, err);
        if (ok) CHECK_FALSE(s.patches.empty());
        break;
      }
    }
    if (!ok) CHECK_THAT(err, Catch::StartsWith("r."));
  }
}
