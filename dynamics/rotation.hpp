// Rotation vector <-> unit quaternion (the exponential and logarithm maps of
// SO(3)), robust near 0 (series) and near pi (atan2 of the half angle).
#pragma once

#include <cmath>

#include "dynamics/spatial.hpp"

namespace lsd::dyn {

// (cos(t/2), sin(t/2)/t) for t^2 = t2: the coefficients of exp; Taylor series
// below 0.5 rad (dropped terms < 1e-19), trigonometry above. Inline: the
// integrators call it once per joint and step.
inline void exp_coefficients(double t2, double& c, double& s_over_t) {
  constexpr double kExpSeriesAngle = 0.5;
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

// exp: the rotation by |r| radians about r/|r|. Exact to rounding for any r,
// including r = 0 and |r| >= pi.
inline Quat quat_from_rotation_vector(const Vec3& r) {
  double c, s;
  exp_coefficients(r.squaredNorm(), c, s);
  return Quat(c, s * r.x(), s * r.y(), s * r.z());
}

// theta/s for the log map of (w, v), s = |v|, s2 = s^2, w >= 0: r = (theta/s) v.
// Below s/w = 0.1 the series of atan(x)/x (dropped terms < 1e-17), which
// needs no square root; atan2 of the half angle above.
inline double log_coefficient(double w, double s2) {
  constexpr double kLogSeriesRatio = 0.1;
  if (s2 < kLogSeriesRatio * kLogSeriesRatio * w * w) {
    // theta = 2 atan(s/w): theta/s = (2/w) atan(x)/x, x = s/w.
    const double iw = 1.0 / w;
    const double x2 = s2 * iw * iw;
    const double series = 1.0 + x2 * (-1.0 / 3 + x2 * (1.0 / 5 + x2 * (-1.0 / 7 +
                          x2 * (1.0 / 9 + x2 * (-1.0 / 11 + x2 * (1.0 / 13 + x2 * (-1.0 / 15)))))));
    return 2.0 * iw * series;
  }
  const double s = std::sqrt(s2);
  return 2.0 * std::atan2(s, w) / s;
}

// log: the rotation vector r with |r| <= pi such that exp(r) == q (q and -q
// give the same r). q need not be exactly normalised.
inline Vec3 rotation_vector_from_quat(const Quat& q) {
  // q and -q are the same rotation: take the one with w >= 0 so |r| <= pi.
  const double sign = q.w() < 0.0 ? -1.0 : 1.0;
  const Vec3 v = sign * q.vec();
  return log_coefficient(sign * q.w(), v.squaredNorm()) * v;
}

// q * exp(h w), renormalised: the body-frame update of a joint rotation by an
// angular velocity w in the child frame over a step h, used by the
// integrators. q must be a unit quaternion to rounding (the renormalisation
// is one Newton step of 1/sqrt, exact to O((|q|^2 - 1)^2)).
inline Quat integrate_quat(const Quat& q, const Vec3& w, double h) {
  const Vec3 r = h * w;
  double c, s;
  exp_coefficients(r.squaredNorm(), c, s);
  const Vec3 v = s * r;
  // q * (c, v), written out.
  const Vec3 qv = q.vec();
  const Vec3 nv = q.w() * v + c * qv + qv.cross(v);
  const double nw = q.w() * c - qv.dot(v);
  const double n2 = nw * nw + nv.squaredNorm();
  const double k = 1.5 - 0.5 * n2;
  return Quat(k * nw, k * nv.x(), k * nv.y(), k * nv.z());
}

}  // namespace lsd::dyn
