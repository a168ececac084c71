#include "dynamics/conservation.hpp"

#include <Eigen/Cholesky>
#include <cmath>

#include "dynamics/contact.hpp"
#include "dynamics/kinematics.hpp"
#include "dynamics/rotation.hpp"
#include "dynamics/src/rod_sweep.hpp"

namespace lsd::dyn {
namespace {

// Body i's com (world), its velocity and its world rotational inertia, from
// oMi and v (forward_kinematics).
struct BodyState {
  Vec3 c, vc;
  Mat3 I;
};
BodyState body_state(const Model& model, const Data& data, int i) {
  const SE3& X = data.oMi[i];
  const Vec3 arm = X.rotation * model.inertia[i].com;
  return {X.translation + arm, data.v[i].linear + data.v[i].angular.cross(arm),
          X.rotation * model.inertia[i].rot * X.rotation.transpose()};
}

// Every piece of mass at the state: f(mass, its state, its angular
// velocity, its drag): the rigid bodies, and the slices of the curved
// elements (rod_sweep.hpp).
template <class F>
void for_each_mass(const Model& model, const Data& data, F f) {
  std::vector<RodSlice> slices;
  for (int i = 0; i < model.nbody(); ++i) {
    if (!model.rod(i)) {
      f(model.inertia[i].mass, body_state(model, data, i), data.v[i].angular, model.drag[i]);
      continue;
    }
    rod_slices(model, data, i, slices);
    for (const RodSlice& s : slices) f(s.mass, BodyState{s.com, s.velocity, s.inertia}, s.angular, s.drag);
  }
}

// The plant's momentum about the base origin, h = (angular; linear), and its
// locked inertia there (the 6x6 map from a change of the base's twist to
// the change of h), with the momentum about the world origin.
struct Locked {
  Mat6 K = Mat6::Zero();
  Vec6 h = Vec6::Zero();
  Momentum world;
};
Locked locked(const Model& model, Data& data) {
  const Vec3 pb = data.base_p;
  Locked L;
  Mat3 Ic = Mat3::Zero();
  Vec3 S = Vec3::Zero();
  double mass = 0;
  for_each_mass(model, data, [&](double m, const BodyState& b, const Vec3& w, double) {
    const Vec3 p = m * b.vc;
    L.world.linear += p;
    L.world.angular += b.c.cross(p) + b.I * w;
    L.world.mass_com += m * b.c;
    const Mat3 sd = skew(b.c - pb);
    Ic += b.I + m * sd * sd.transpose();
    S += m * (b.c - pb);
    mass += m;
  });
  // dP = M dv - S x dw, dL = S x dv + Ic dw (about the base origin).
  const Mat3 sS = skew(S);
  L.K.topLeftCorner<3, 3>() = Ic;
  L.K.topRightCorner<3, 3>() = sS;
  L.K.bottomLeftCorner<3, 3>() = sS.transpose();
  L.K.bottomRightCorner<3, 3>() = mass * Mat3::Identity();
  L.h << L.world.angular - pb.cross(L.world.linear), L.world.linear;
  return L;
}

// Changes the base's twist so that h changes by dh (about the base origin).
void shift_base(Data& data, const Locked& L, const Vec6& dh) {
  const Eigen::LLT<Mat6> llt(L.K);
  if (llt.info() != Eigen::Success) return;
  const Vec6 d = llt.solve(dh);
  if (!d.allFinite()) return;
  data.base_w += d.head<3>();
  data.base_v += d.tail<3>();
}

}  // namespace

Momentum momentum(const Model& model, Data& data) {
  forward_kinematics(model, data);
  return locked(model, data).world;
}

void conserve_momentum(const Model& model, Data& data, const Momentum& start, double h) {
  if (model.base_kind != BaseKind::kFloating) return;
  forward_kinematics(model, data);
  const Locked L = locked(model, data);
  // The external wrench about the world origin over the step.
  double mass = 0;
  for (const Inertia& in : model.inertia) mass += in.mass;
  for (const Rod& r : model.rods) mass += r.line_density * r.length;
  Vec3 f = mass * model.opt.gravity;
  Vec3 torque = (0.5 * (start.mass_com + L.world.mass_com)).cross(model.opt.gravity);
  for (const BodyForce& bf : data.body_forces) {
    if (bf.body < 0 || bf.body >= model.nbody()) continue;
    f += bf.force;
    torque += data.oMi[bf.body].act(bf.point).cross(bf.force) + bf.torque;
  }
  for_each_mass(model, data, [&](double, const BodyState& b, const Vec3&, double drag) {
    if (drag == 0) return;
    const Vec3 fd = -drag * (b.vc - data.wind);
    f += fd;
    torque += b.c.cross(fd);
  });
  const Vec3 lin = start.linear + h * f - L.world.linear;
  const Vec3 ang = start.angular + h * torque - L.world.angular;
  Vec6 dh;
  dh << ang - data.base_p.cross(lin), lin;
  shift_base(data, L, dh);
}

EnergyBudget energy_budget(const Model& model, Data& data) {
  forward_kinematics(model, data);
  const bool moving_frame = model.base_kind == BaseKind::kKinematic;
  const Vec3 vf = moving_frame ? data.base_v : Vec3::Zero();
  const Vec3 pf = moving_frame ? data.base_p : Vec3::Zero();
  const Vec3 g = model.opt.gravity - (moving_frame ? data.base_acc : Vec3::Zero());
  EnergyBudget e;
  for_each_mass(model, data, [&](double m, const BodyState& b, const Vec3& w, double drag) {
    const Vec3 vr = b.vc - vf;
    e.kinetic += 0.5 * (m * vr.squaredNorm() + w.dot(b.I * w));
    e.potential -= m * g.dot(b.c - pf);
    if (drag != 0) e.power += drag * (data.wind - vf).dot(vr);
  });
  for (int i = 1; i < model.nbody(); ++i) {
    if (model.rod(i)) {
      e.elastic += rod_elastic_energy(model, data, i);
    } else {
      const Vec3 r = rotation_vector_from_quat(data.q[i]);
      e.elastic += 0.5 * r.dot(model.stiffness[i].cwiseProduct(r));
    }
    e.power += data.tau[i].dot(data.w[i]);
  }
  // The contact and tie springs hold energy too: a bounce turns it back into
  // motion, which the guard must not take for the integrator's (their
  // dampers only take energy away, and the obstacles and anchors are fixed).
  e.elastic += contact_energy(model, data);
  for (const BodyForce& bf : data.body_forces) {
    if (bf.body < 0 || bf.body >= model.nbody()) continue;
    const SE3& X = data.oMi[bf.body];
    const Motion& v = data.v[bf.body];
    const Vec3 vp = v.linear + v.angular.cross(X.rotation * bf.point) - vf;
    e.power += bf.force.dot(vp) + bf.torque.dot(v.angular);
  }
  return e;
}

double limit_energy(const Model& model, Data& data, const EnergyBudget& start, double h) {
  const EnergyBudget now = energy_budget(model, data);
  const double bound = start.total() + 0.5 * h * (start.power + now.power);
  if (!(now.total() > bound)) return 1.0;
  // Kinetic energy the scaling cannot change: a free plant's locked motion
  // (the momentum's share, 1/2 h^T K^-1 h; the rest is M-orthogonal to it).
  const bool free = model.base_kind == BaseKind::kFloating;
  Locked L;
  double fixed = 0;
  if (free) {
    L = locked(model, data);
    const Eigen::LLT<Mat6> llt(L.K);
    if (llt.info() == Eigen::Success) fixed = 0.5 * L.h.dot(llt.solve(L.h));
  }
  const double room = bound - now.potential - now.elastic - fixed;
  const double internal = now.kinetic - fixed;
  double s = room > 0 && internal > 0 ? std::sqrt(room / internal) : 0.0;
  if (!(s < 1.0)) return 1.0;
  for (int i = 1; i < model.nbody(); ++i) data.w[i] *= s;
  if (free) {  // the base takes the twist that keeps the momentum
    forward_kinematics(model, data);
    const Locked scaled = locked(model, data);
    shift_base(data, scaled, L.h - scaled.h);
  }
  return s;
}

}  // namespace lsd::dyn
