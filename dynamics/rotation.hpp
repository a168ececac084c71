// Rotation vector <-> unit quaternion (the exponential and logarithm maps of
// SO(3)), robust near 0 (series) and near pi (atan2 of the half angle).
#pragma once

#include "dynamics/spatial.hpp"

namespace lsd::dyn {

// exp: the rotation by |r| radians about r/|r|. Exact to rounding for any r,
// including r = 0 and |r| >= pi.
Quat quat_from_rotation_vector(const Vec3& r);

// log: the rotation vector r with |r| <= pi such that exp(r) == q (q and -q
// give the same r). q need not be exactly normalised.
Vec3 rotation_vector_from_quat(const Quat& q);

// (cos(t/2), sin(t/2)/t) for t^2 = t2: the coefficients of exp; Taylor series
// below 0.5 rad (dropped terms < 1e-19), trigonometry above.
void exp_coefficients(double t2, double& c, double& s_over_t);

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
