// Grafts, welds and rings in a pass (joins.cpp), private to dynamics/src/:
// what the contact pass (contact.cpp) asks of them, and the point terms both
// add.
#pragma once

#include "dynamics/aba.hpp"
#include "dynamics/src/rod_sweep.hpp"

namespace lsd::dyn {

// Adds a force f (world, N) at world point p of a body and its implicit
// matrix S = a I + b n n^T (a contact's friction and normal parts, a tie's
// isotropic spring) as a point of the pass, chained to the body's others;
// f already holds the gravity shift. The sweep makes its 6x6 term.
// On a curved element, s >= 0 is the arc length of the section the point
// rides on (rod_sweep.hpp, rod_section).
inline void add_point(const Model& model, Data& data, int body, const Vec3& p, double a, double b, const Vec3& n,
                      const Vec3& f, double s = -1) {
  if (body == 0 && model.base_kind != BaseKind::kFloating) return;  // the base does not move
  int& first = data.contact_slot[std::size_t(body)];
  Vec3 origin = data.oMi[std::size_t(body)].translation;
  if (s >= 0) {
    SE3 pose;
    rod_section(model, data, body, s, pose);
    origin = pose.translation;
  }
  data.contact_points.push_back({body, first, a, b, p - origin, n, f, s});
  first = int(data.contact_points.size()) - 1;
}

// The velocity (world) of the body point p (world) in the pass.
inline Vec3 point_velocity(const Data& data, int body, const Vec3& p) {
  const Motion& v = data.v[std::size_t(body)];
  return v.linear + v.angular.cross(p - data.oMi[std::size_t(body)].translation);
}
// ... or of the point p on the section s of a curved element (s >= 0).
inline Vec3 point_velocity(const Model& model, const Data& data, int body, const Vec3& p, double s) {
  if (s < 0) return point_velocity(data, body, p);
  SE3 pose;
  const Motion v = rod_section(model, data, body, s, pose);
  return v.linear + v.angular.cross(p - pose.translation);
}

// The grafts' and welds' pairs (Data::pairs) of the pass at the pose and
// velocity in data.oMi, data.v; with record, their rows into data.contacts.
void graft_pass(const Model& model, Data& data, const StepTerms& t, bool record);

// The rings' points (Data::contact_points) of the pass: each ring holds the
// capsule axis that crosses its plane nearest its centre, within its radius
// (Data::ring_body); with record, their rows into data.contacts.
void ring_pass(const Model& model, Data& data, const StepTerms& t, bool record);

// The elastic energy (J) of the grafts', welds' and rings' springs at the
// pose in data.oMi.
double joins_energy(const Model& model, Data& data);

}  // namespace lsd::dyn
