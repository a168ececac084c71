// The joints' axes of `springs: second order` (spring_axes.hpp).
#include "interpreter/living/src/spring_axes.hpp"

#include "dynamics/rotation.hpp"
#include "dynamics/springs.hpp"

namespace lsd::interp {
namespace {

// The axes of body k's joint: the spring c seen through J_r of the rest turn
// between the pieces beside it, in the child piece's frame (springs.hpp:
// curved_joint_spring), brought to the joint's rest frame (C: the child
// piece's rotation there).
dyn::JointSpringAxes axes_of(const BodyLayout& layout, std::size_t k, const dyn::Vec3& c) {
  const LaidBody& b = layout.bodies[k];
  dyn::JointSpringAxes none;
  none.stiffness = c;
  if (b.rod >= 0 || b.parent_piece < 0 || b.first_piece < 0) return none;
  const BodyPiece& pp = layout.pieces[std::size_t(b.parent_piece)];
  const BodyPiece& cc = layout.pieces[std::size_t(b.first_piece)];
  const dyn::Mat3 from = layout.bodies[std::size_t(pp.body)].rest.rotation * pp.frame.rotation;
  const dyn::Mat3 to = layout.bodies[std::size_t(cc.body)].rest.rotation * cc.frame.rotation;
  const dyn::Vec3 a = dyn::rotation_vector_from_quat(dyn::Quat(from.transpose() * to).normalized());
  const dyn::Mat3 ji = dyn::right_jacobian_inverse(a);
  const dyn::Mat3& C = cc.frame.rotation;
  return dyn::spring_axes(C * ji.transpose() * c.asDiagonal() * ji * C.transpose());
}

}  // namespace

void turn_spring_axes(BodyLayout& layout, std::vector<dyn::Vec3>& springs) {
  const std::size_t nb = layout.bodies.size();
  // Every joint's axes from the turtle's frames first, then the frames turned.
  for (std::size_t k = 1; k < nb; ++k) {
    const dyn::JointSpringAxes s = axes_of(layout, k, springs[k]);
    layout.bodies[k].axes = s.axes;
    springs[k] = s.stiffness;
  }
  auto turned = [&](int body) { return layout.bodies[std::size_t(body)].axes != dyn::Mat3::Identity(); };
  for (std::size_t k = 1; k < nb; ++k)
    if (turned(int(k))) layout.bodies[k].rest.rotation = layout.bodies[k].rest.rotation * layout.bodies[k].axes;
  for (BodyPiece& p : layout.pieces)
    if (turned(p.body)) p.frame = dyn::SE3{layout.bodies[std::size_t(p.body)].axes.transpose(), dyn::Vec3::Zero()} * p.frame;
  for (TieMark& t : layout.ties)
    if (turned(t.body)) t.point = layout.bodies[std::size_t(t.body)].axes.transpose() * t.point;
  for (GraftMark& m : layout.marks)
    if (turned(m.body)) m.point = layout.bodies[std::size_t(m.body)].axes.transpose() * m.point;
}

namespace {
dyn::Quat turn_weld(const dyn::Mat3& wa, const dyn::Mat3& wb, const dyn::Quat& rest) {
  if (wa == dyn::Mat3::Identity() && wb == dyn::Mat3::Identity()) return rest;
  return dyn::Quat(wa * rest.toRotationMatrix() * wb.transpose()).normalized();
}
}  // namespace

dyn::Quat weld_rest_in_model(const BodyLayout& layout, int a, int b, const dyn::Quat& in_string) {
  const dyn::Mat3 &wa = layout.bodies[std::size_t(a)].axes, &wb = layout.bodies[std::size_t(b)].axes;
  return turn_weld(wa.transpose(), wb.transpose(), in_string);
}

dyn::Quat weld_rest_in_string(const BodyLayout& layout, int a, int b, const dyn::Quat& in_model) {
  return turn_weld(layout.bodies[std::size_t(a)].axes, layout.bodies[std::size_t(b)].axes, in_model);
}

}  // namespace lsd::interp
