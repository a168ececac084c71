// The helix element (dynamics/rod_element.hpp): the closed forms of
// rod_helix.hpp in double.
#include "dynamics/rod_element.hpp"
#include "dynamics/src/rod_helix.hpp"

namespace lsd::dyn {

SE3 helix_pose(const Vec3& omega, double s) {
  const rod::HelixPose<double> g = rod::helix_pose_t<double>(omega, s);
  return {g.R, g.p};
}

HelixSection helix_section(const Vec3& omega, const Vec3& omega_rate, double s) {
  const rod::HelixSectionT<double> h = rod::helix_section_t<double>(omega, omega_rate, s);
  HelixSection out;
  out.pose = {h.g.R, h.g.p};
  out.jacobian = h.jacobian;
  out.bias = h.bias;
  return out;
}

}  // namespace lsd::dyn
