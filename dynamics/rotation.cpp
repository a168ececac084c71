#include "dynamics/rotation.hpp"

#include <cmath>

namespace lsd::dyn {

namespace {

// Below this angle exp uses Taylor series of cos(t/2) and sin(t/2)/t, whose
// dropped terms are < 1e-19 for t < 0.5 rad.
constexpr double kExpSeriesAngle = 0.5;
// Below this tan(theta/4)-like ratio s/w, log uses the series of atan(x)/x,
// dropped terms < 1e-17 for x < 0.1.
constexpr double kLogSeriesRatio = 0.1;

}  // namespace

void exp_coefficients(double t2, double& c, double& s_over_t) {
  if (t2 < kExpSeriesAngle * kExpSeriesAngle) {
    const double x = 0.25 * t2;  // (t/2)^2
    // cos(t/2) = sum (-1)^k x^k/(2k)!,  sin(t/2)/t = 1/2 sum (-1)^k x^k/(2k+1)!
    c = 1.0 + x * (-1.0 / 2 + x * (1.0 / 24 + x * (-1.0 / 720 + x * (1.0 / 40320 +
        x * (-1.0 / 3628800 + x * (1.0 / 479001600))))));
    s_over_t = 0.5 * (1.0 + x * (-1.0 / 6 + x * (1.0 / 120 + x * (-1.0 / 5040 +
               x * (1.0 / 362880 + x * (-1.0 / 39916800))))));
  } else {
    const double t = std::sqrt(t2);
    c = std::cos(0.5 * t);
    s_over_t = std::sin(0.5 * t) / t;
  }
}

Quat quat_from_rotation_vector(const Vec3& r) {
  double c, s;
  exp_coefficients(r.squaredNorm(), c, s);
  return Quat(c, s * r.x(), s * r.y(), s * r.z());
}

Vec3 rotation_vector_from_quat(const Quat& q_in) {
  // q and -q are the same rotation: take the one with w >= 0 so |r| <= pi.
  const double sign = q_in.w() < 0.0 ? -1.0 : 1.0;
  const double w = sign * q_in.w();
  const Vec3 v = sign * q_in.vec();
  const double s = v.norm();
  double theta_over_s;
  if (s < kLogSeriesRatio * w) {
    // theta = 2 atan(s/w): theta/s = (2/w) atan(x)/x, x = s/w.
    const double x2 = (s / w) * (s / w);
    const double series = 1.0 + x2 * (-1.0 / 3 + x2 * (1.0 / 5 + x2 * (-1.0 / 7 +
                          x2 * (1.0 / 9 + x2 * (-1.0 / 11 + x2 * (1.0 / 13 + x2 * (-1.0 / 15)))))));
    theta_over_s = 2.0 / w * series;
  } else {
    theta_over_s = 2.0 * std::atan2(s, w) / s;
  }
  return theta_over_s * v;
}

}  // namespace lsd::dyn
