// libFuzzer target: the text readers of a cpfg model's shapes, chosen by the
// first byte: a function (.func), a function set (.fset), a contour (.con),
// a curve for curveX/Y/Z (.con, its sample count from the second byte), a
// surface (.s). What parses is then used as lsd uses it: functions
// evaluated, contours sampled into rings, curves looked up by arc length,
// surfaces' patches counted. Must never crash, hang or use unbounded memory.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "interpreter/cpfg/curves.hpp"
#include "interpreter/cpfg/spline_functions.hpp"
#include "interpreter/cpfg/view.hpp"

namespace {

using namespace lsd::interp;

void use(const SplineFunction& f) {
  for (double x : {-1.0, 0.0, 0.1, 0.5, 0.999, 1.0, 2.0, std::nan("")}) (void)f(x);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const int kind = data[0] % 5;
  const int samples = 2 + data[1] * 40;  // up to 10,202: past the limit of 10,000 too
  const std::string text(reinterpret_cast<const char*>(data + 2), size - 2);
  std::string error;
  switch (kind) {
    case 0: {
      SplineFunction f;
      if (parse_function_text(text, "fuzz.func", f, error)) use(f);
      break;
    }
    case 1: {
      std::vector<SplineFunction> set;
      if (parse_function_set_text(text, "fuzz.fset", set, error))
        for (const auto& f : set) use(f);
      break;
    }
    case 2: {
      Contour c;
      if (parse_contour_text(text, "fuzz.con", c, error)) {
        (void)c.ring(8);
        (void)c.ring(3);
        (void)c.sample(10);
        (void)c.length();
      }
      break;
    }
    case 3: {
      CurveXYZ c;
      if (parse_curve_text(text, "fuzz.con", samples, c, error))
        for (double t : {0.0, 0.3, 1.0, -5.0, std::nan("")}) (void)c.at_length(t);
      break;
    }
    default: {
      CpfgSurface s;
      if (parse_surface_text(text, "fuzz.s", 1 + data[1], s, error) && s.patches.empty()) __builtin_trap();
      break;
    }
  }
  return 0;
}
