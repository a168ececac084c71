// Spatial algebra on Eigen fixed-size types (Featherstone, "Rigid Body Dynamics
// Algorithms", chapter 2). Spatial vectors are ordered (angular; linear).
//
// Frame names follow Pinocchio: `aMb` is frame b expressed in frame a, so a
// point x_b in b has coordinates x_a = aMb.rotation * x_b + aMb.translation.
// `oMi` is body i in the world (o), `liMi` body i in its parent.
#pragma once

#include <numbers>
#include <Eigen/Core>
#include <Eigen/Geometry>

namespace lsd::dyn {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;
using Quat = Eigen::Quaterniond;

// [v]x: the matrix of the cross product, skew(v) * x == v.cross(x).
inline Mat3 skew(const Vec3& v) {
  Mat3 s;
  s << 0, -v.z(), v.y(),  //
      v.z(), 0, -v.x(),   //
      -v.y(), v.x(), 0;
  return s;
}

// A spatial motion vector (velocity, acceleration): angular rad/s, linear m/s
// (the velocity of the body point at the frame origin).
struct Motion {
  Vec3 angular = Vec3::Zero();
  Vec3 linear = Vec3::Zero();

  static Motion zero() { return {}; }
  Vec6 to_vector() const {
    Vec6 v;
    v << angular, linear;
    return v;
  }
  static Motion from_vector(const Vec6& v) { return {v.head<3>(), v.tail<3>()}; }
  Motion operator+(const Motion& o) const { return {angular + o.angular, linear + o.linear}; }
  Motion operator-(const Motion& o) const { return {angular - o.angular, linear - o.linear}; }
  Motion operator*(double s) const { return {angular * s, linear * s}; }
};

// A spatial force vector (wrench): angular = moment about the frame origin N m,
// linear = force N.
struct Force {
  Vec3 angular = Vec3::Zero();
  Vec3 linear = Vec3::Zero();

  static Force zero() { return {}; }
  Vec6 to_vector() const {
    Vec6 v;
    v << angular, linear;
    return v;
  }
  static Force from_vector(const Vec6& v) { return {v.head<3>(), v.tail<3>()}; }
  Force operator+(const Force& o) const { return {angular + o.angular, linear + o.linear}; }
  Force operator-(const Force& o) const { return {angular - o.angular, linear - o.linear}; }
  Force operator*(double s) const { return {angular * s, linear * s}; }
  double dot(const Motion& m) const { return angular.dot(m.angular) + linear.dot(m.linear); }
};

// v x m (Featherstone eq. 2.31): derivative of a motion vector m moving with v.
inline Motion cross(const Motion& v, const Motion& m) {
  return {v.angular.cross(m.angular), v.angular.cross(m.linear) + v.linear.cross(m.angular)};
}

// v x* f (eq. 2.32): derivative of a force vector f moving with v.
inline Force cross(const Motion& v, const Force& f) {
  return {v.angular.cross(f.angular) + v.linear.cross(f.linear), v.angular.cross(f.linear)};
}

// A rigid transform aMb stored as rotation + translation (frame b in frame a).
struct SE3 {
  Mat3 rotation = Mat3::Identity();     // columns: b's axes in a
  Vec3 translation = Vec3::Zero();      // m, b's origin in a

  static SE3 identity() { return {}; }
  SE3 operator*(const SE3& bMc) const {  // aMc = aMb * bMc
    return {rotation * bMc.rotation, translation + rotation * bMc.translation};
  }
  SE3 inverse() const { return {rotation.transpose(), -(rotation.transpose() * translation)}; }
  Vec3 act(const Vec3& x_b) const { return rotation * x_b + translation; }

  // Motion in b coordinates -> the same motion in a coordinates (X^{-1} applied).
  Motion act(const Motion& m) const {
    const Vec3 w = rotation * m.angular;
    return {w, rotation * m.linear + translation.cross(w)};
  }
  // Motion in a coordinates -> b coordinates.
  Motion act_inv(const Motion& m) const {
    return {rotation.transpose() * m.angular,
            rotation.transpose() * (m.linear - translation.cross(m.angular))};
  }
  // Force in b coordinates -> a coordinates.
  Force act(const Force& f) const {
    const Vec3 lin = rotation * f.linear;
    return {rotation * f.angular + translation.cross(lin), lin};
  }
  // Force in a coordinates -> b coordinates.
  Force act_inv(const Force& f) const {
    return {rotation.transpose() * (f.angular - translation.cross(f.linear)),
            rotation.transpose() * f.linear};
  }
  // The 6x6 Plücker matrix of act(Motion): maps b-coordinates to a-coordinates.
  Mat6 to_action_matrix() const {
    Mat6 x = Mat6::Zero();
    x.topLeftCorner<3, 3>() = rotation;
    x.bottomRightCorner<3, 3>() = rotation;
    x.bottomLeftCorner<3, 3>() = skew(translation) * rotation;
    return x;
  }
};

// Rigid-body inertia stored as mass, centre of mass and rotational inertia
// about the centre of mass, all in the body frame.
struct Inertia {
  double mass = 0.0;                 // kg
  Vec3 com = Vec3::Zero();           // m, body frame
  Mat3 rot = Mat3::Zero();           // kg m^2, about the com, body-frame axes

  // The 6x6 spatial inertia about the frame origin (eq. 2.63).
  Mat6 to_matrix() const {
    const Mat3 c = skew(com);
    Mat6 m;
    m.topLeftCorner<3, 3>() = rot + mass * c * c.transpose();
    m.topRightCorner<3, 3>() = mass * c;
    m.bottomLeftCorner<3, 3>() = mass * c.transpose();
    m.bottomRightCorner<3, 3>() = mass * Mat3::Identity();
    return m;
  }
  // Momentum I*v about the frame origin.
  Force operator*(const Motion& v) const {
    const Vec3 lin = mass * (v.linear - com.cross(v.angular));
    const Vec3 ang = rot * v.angular + com.cross(lin);
    return {ang, lin};
  }
  // The same inertia expressed in frame a, given aMb (this is in b).
  Inertia transformed(const SE3& aMb) const {
    return {mass, aMb.act(com), aMb.rotation * rot * aMb.rotation.transpose()};
  }
  // Sum of two inertias in the same frame (parallel axis theorem).
  Inertia operator+(const Inertia& o) const {
    const double m = mass + o.mass;
    if (m <= 0.0) return {};
    const Vec3 c = (mass * com + o.mass * o.com) / m;
    const Vec3 d1 = com - c, d2 = o.com - c;
    const Mat3 s1 = skew(d1), s2 = skew(d2);
    return {m, c, rot + o.rot + mass * s1 * s1.transpose() + o.mass * s2 * s2.transpose()};
  }
};

// A solid cylinder of length l and radius r along +x from the frame origin,
// density rho (kg/m^3): the bodies of the L-system layer (H = x).
inline Inertia cylinder_inertia(double length, double radius, double density) {
  constexpr double kPi = std::numbers::pi;
  const double m = density * kPi * radius * radius * length;
  const double axial = 0.5 * m * radius * radius;
  const double transverse = m * (3.0 * radius * radius + length * length) / 12.0;
  Inertia in;
  in.mass = m;
  in.com = Vec3(0.5 * length, 0.0, 0.0);
  in.rot = Vec3(axial, transverse, transverse).asDiagonal();
  return in;
}

}  // namespace lsd::dyn
