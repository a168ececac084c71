// The clothoid element (dynamics/rod_element.hpp): the power series of
// rod_clothoid.hpp in double.
#include <vector>

#include "dynamics/rod_element.hpp"
#include "dynamics/src/rod_clothoid.hpp"

namespace lsd::dyn {

namespace {

rod::ClothoidElementT<double> element_t(const ClothoidElement& e) {
  return {e.length, e.omega0, e.omega1, e.rate0, e.rate1};
}

ClothoidSection section_of(const rod::ClothoidState<double>& st) {
  ClothoidSection out;
  out.pose = {st.R, st.p};
  out.jacobian.topRows<3>() = st.psi_w;
  out.jacobian.bottomRows<3>() = st.psi_v;
  out.bias << st.bias_w, st.bias_v;
  return out;
}

}  // namespace

int clothoid_sections(const ClothoidElement& e, std::span<const double> s, std::span<ClothoidSection> out) {
  constexpr size_t kChunk = 16;  // states on the stack, a chunk at a time
  rod::ClothoidState<double> states[kChunk];
  const rod::ClothoidElementT<double> et = element_t(e);
  int pieces = 0;
  rod::ClothoidState<double> carry;
  double from = 0;
  for (size_t first = 0; first < s.size(); first += kChunk) {
    const size_t n = std::min(kChunk, s.size() - first);
    pieces += rod::clothoid_march(et, s.subspan(first, n), std::span(states, n), rod::kClothoidPiece, carry, from);
    for (size_t i = 0; i < n; ++i) out[first + i] = section_of(states[i]);
    carry = states[n - 1];
    from = s[first + n - 1];
  }
  return pieces;
}

ClothoidSection clothoid_section(const ClothoidElement& e, double s) {
  ClothoidSection out;
  clothoid_sections(e, std::span(&s, 1), std::span(&out, 1));
  return out;
}

SE3 clothoid_pose(const ClothoidElement& e, double s) {
  rod::ClothoidState<double> state;
  rod::clothoid_march<double, false>(element_t(e), std::span(&s, 1), std::span(&state, 1));
  return {state.R, state.p};
}

}  // namespace lsd::dyn
