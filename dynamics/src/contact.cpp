// Contact and tie forces inside the implicit step (contact.hpp; docs/dynamics.md,
// "Contact and ties"): each touch a spring-damper whose linearisation enters
// the pass, the contacts that begin within a step, and the springs' energy;
// the state's touches kept with its pose. The search is contact_search.cpp's.
#include "dynamics/contact.hpp"

#include <algorithm>
#include <cmath>

#include "dynamics/kinematics.hpp"
#include "dynamics/src/contact_search.hpp"
#include "dynamics/src/joins.hpp"

namespace lsd::dyn {
namespace {

// S g for S = a I + b n n^T.
Vec3 times_g(double a, double b, const Vec3& n, const Vec3& g) { return a * g + (b * n.dot(g)) * n; }

double critical(double k, double m) { return 2 * std::sqrt(k * std::max(m, 0.0)); }

// The most self contacts a pass couples exactly (contact_pass): 3 rows each
// in the pairs' dense solve (contact_pairs.cpp).
constexpr int kExactSelfPairs = 24;

// The contact springs' energy for a depth d, capped at cap.
double spring_energy(double k, double d, double cap) {
  return d <= cap ? 0.5 * k * d * d : k * cap * (d - 0.5 * cap);
}

// The touches of the state's pose (data.q and the base), kept with it
// (Data::touches): found on body_poses, or on fk (the state's body_poses
// already made, as forward_kinematics leaves them in data.oMi), so that they
// are the same numbers whichever asks first, a pass or the energy guard, and
// a resumed run finds what the first run found.
const std::vector<Touch>& state_touches(const Model& model, Data& data, const std::vector<SE3>* fk) {
  const auto same = [](const Quat& a, const Quat& b) { return a.coeffs() == b.coeffs(); };
  if (data.touch_q.size() == data.q.size() && same(data.touch_base_q, data.base_q) && data.touch_base_p == data.base_p &&
      std::equal(data.q.begin(), data.q.end(), data.touch_q.begin(), same) && data.touch_kappa == data.kappa)
    return data.touches;
  if (!fk) {
    body_poses(model, data, data.touch_pose);
    fk = &data.touch_pose;
    rod_state_capsules(model, data);  // the curved elements' tubes at the state too
  }
  find_touches(model, data, *fk, data.touches, &data.near);
  data.touch_q = data.q;
  data.touch_kappa = data.kappa;
  data.touch_base_q = data.base_q;
  data.touch_base_p = data.base_p;
  return data.touches;
}

}  // namespace

void begin_contact_pass(const Model& model, Data& data, bool alpha) {
  if (!model.collides()) return;
  data.start_q = data.q;
  data.start_w = data.w;
  data.start_kappa = data.kappa;
  data.start_base_q = data.base_q;
  data.start_base_p = data.base_p;
  data.start_base_w = data.base_w;
  data.start_base_v = data.base_v;
  if (!alpha) return;
  data.start_alpha_a = data.alpha_a;
  data.start_dw = data.dw;
  data.start_alpha_base[0] = data.alpha_base_aw;
  data.start_alpha_base[1] = data.alpha_base_av;
  data.start_alpha_base[2] = data.alpha_base_dw;
  data.start_alpha_base[3] = data.alpha_base_dv;
}

bool redo_contact_pass(const Model& model, Data& data, double dt, bool alpha) {
  const std::vector<Touch>& near = alpha ? data.pass_near : data.near;
  if (!model.collides() || data.first_nonfinite_joint >= 0 || near.empty() ||
      data.start_q.size() != data.q.size())
    return false;
  // The pass took the touches and near touches of its pose: the start's
  // (state_touches, kept with the start's q), or generalized-alpha's
  // prediction: within a margin and the step's sweep of their capsules
  // (continuous collision, contact_search.cpp). The near ones that touch at
  // the new pose, or met within the step, appeared. Each is taken
  // at the pass's pose, where it left data.oMi and data.v, if the step can
  // close it: its gap at most the pass's approach times dt plus a step of
  // gravity's fall. (One that the pass's rotations carried into the ground
  // while its point was leaving it is left to the next step too: its linear
  // spring would pull the point back across its whole gap.)
  body_poses(model, data, data.end_pose);
  data.appeared.clear();
  const double fall = dt * dt * model.opt.gravity.norm();
  for (const Touch& a : near) {
    touch_at(model, data, data.end_pose, data.body_length, a, data.appeared);
    const bool touches = data.appeared.back().depth > 0;
    data.appeared.pop_back();
    // A capsule apart from the other or the obstacle at both ends of the
    // step may have passed through it within the step (a fast twig through
    // a branch, a thin pole or a small sphere): the swept test.
    if (!touches && !swept_touch_meets(model, data, data.oMi, data.end_pose, a)) continue;
    touch_at(model, data, data.oMi, data.body_length, a, data.appeared);
    const Touch& c = data.appeared.back();
    const auto arc = [&](int capsule, int body) {  // a curved element's section (ContactPoint::s)
      return model.contact.capsules[std::size_t(capsule)].s0 >= 0
                 ? rod_capsule_arc(model, data, capsule, data.oMi[std::size_t(body)], c.point)
                 : -1.0;
    };
    Vec3 vp = point_velocity(model, data, c.body, c.point, arc(c.capsule, c.body));
    if (c.other >= 0) vp -= point_velocity(model, data, c.other, c.point, arc(-1 - c.feature, c.other));
    if (!(-c.depth <= dt * std::max(-c.normal.dot(vp), 0.0) + fall)) data.appeared.pop_back();
  }
  if (data.appeared.empty()) return false;
  std::swap(data.q, data.start_q);
  std::swap(data.w, data.start_w);
  std::swap(data.kappa, data.start_kappa);
  data.base_q = data.start_base_q;
  data.base_p = data.start_base_p;
  data.base_w = data.start_base_w;
  data.base_v = data.start_base_v;
  if (alpha) {
    std::swap(data.alpha_a, data.start_alpha_a);
    std::swap(data.dw, data.start_dw);
    data.alpha_base_aw = data.start_alpha_base[0];
    data.alpha_base_av = data.start_alpha_base[1];
    data.alpha_base_dw = data.start_alpha_base[2];
    data.alpha_base_dv = data.start_alpha_base[3];
  }
  return true;
}

void end_contact_pass(Data& data) { data.appeared.clear(); }

namespace {

// The touches of a pass. A pass at the state's pose (every one but
// generalized-alpha's, which evaluates at its prediction) shares the state's
// touches (and near touches) with the energy guard, which may have found
// them at the end of the step before, and with redo_contact_pass; a redone
// pass adds the touches that appeared. (Grafts, rings or ties without
// anything to collide search nothing: the state's touches would cost a pose
// of every body per pass.)
const std::vector<Touch>& pass_touches(const Model& model, Data& data, const StepTerms& t) {
  const std::vector<Touch>* found = &data.pass_touches;
  if (!model.collides()) data.pass_touches.clear();
  else if (t.alpha) find_touches(model, data, data.oMi, data.pass_touches, &data.pass_near, &data.v);
  else found = &state_touches(model, data, nullptr);
  if (!data.appeared.empty()) {
    if (found != &data.pass_touches) data.pass_touches = *found;
    data.pass_touches.insert(data.pass_touches.end(), data.appeared.begin(), data.appeared.end());
    found = &data.pass_touches;
  }
  return *found;
}

// One touch's spring-damper and friction at the pass: a term of its body
// (and of the other's, for a self contact), or a pair with it (exact_self).
void touch_pass(const Model& model, Data& data, const StepTerms& t, const Touch& c, bool exact_self, bool record) {
  const Vec3 g = model.opt.gravity;  // the pass's accelerations are shifted by -g (aba_kernel.inc)
  const auto mass = [&](int b) { return model.mass(b); };
  const Vec3& n = c.normal;
  // A touch on a piece of a curved element's tube rides on the section
  // where it lies (ContactPoint::s; -1 on a rigid body).
  const auto arc = [&](int capsule, int body) {
    return capsule >= 0 && model.contact.capsules[std::size_t(capsule)].s0 >= 0
               ? rod_capsule_arc(model, data, capsule, data.oMi[std::size_t(body)], c.point)
               : -1.0;
  };
  const double sa = arc(c.capsule, c.body);
  const double sb = c.other >= 0 ? arc(-1 - c.feature, c.other) : -1.0;
  const Vec3 vp = c.other < 0 ? point_velocity(model, data, c.body, c.point, sa)
                              : Vec3(point_velocity(model, data, c.body, c.point, sa) -
                                     point_velocity(model, data, c.other, c.point, sb));
  const double k = model.opt.contact_stiffness;
  const double m = c.other < 0 ? mass(c.body) : mass(c.body) * mass(c.other) / (mass(c.body) + mass(c.other));
  // At least k dt (a time constant of at least the step): a stiff spring
  // alone would undo a step's penetration within the step and leave at
  // depth / dt (a bounce that never ends); with it the depth halves per
  // step and the force is the spring's at the depth the step ends with.
  // (Critical damping is below k dt for m < k dt^2 / 4, 7 kg at 1e5 N/m and
  // 1/60 s: the square root is rarely needed.)
  const double kdt = k * t.dt;
  const double d = model.opt.contact_damping >= 0 ? std::max(model.opt.contact_damping, kdt)
                   : 4 * m * k < kdt * kdt ? kdt
                                           : std::max(critical(k, m), kdt);
  // The contact's force at the pass (normal and friction) for the
  // velocity v of a body against its other side, and its implicit matrix
  // S = kt I + (kn - kt) n n^T.
  struct Terms {
    double fn, kn, kt;
    Vec3 ft;
  };
  const auto terms = [&](const Vec3& v) {
    const double vn = n.dot(v);
    const double depth = c.depth - t.kP * vn;  // implicit Euler's prediction (kP = 0 otherwise)
    // The contact holds while the pass's pose overlaps (find_touches), its
    // force that of the end of the step as the implicit solve finds it.
    // The force at the pass's pose may pull (a body leaving faster than
    // the spring's time constant): clipping it there would drop the
    // contact for a step while the body is still inside, which then falls
    // a whole step and is thrown back, for ever (a two-step cycle at
    // 1/60 s); it only pulls as much as the spring pushes at that depth.
    // A speculative contact's force is the linear one (negative at the
    // pass's pose if the body is not yet closing its gap): the step ends
    // with the spring's at the depth it ends with. Against an obstacle its
    // spring is not capped at the radius where the prediction (at the
    // pass's velocity) lies deeper: the solve ends the step near the
    // surface, and a capped spring, its stiffness dropped, stopped a twig
    // at 5 m/s 4 cm before a pole and threw it back (docs/dynamics.md, "No
    // tunnelling"; capsule pairs keep the cap: uncapped, two draped
    // branches sank 1.5 radii into each other).
    const double spring = c.speculative ? 1e300 : k * std::min(c.depth, c.cap);
    Terms r;
    const double top = c.speculative && c.other < 0 ? 1e300 : c.cap;
    r.fn = std::max(k * std::clamp(depth, -c.cap, top) - d * vn, -spring);
    r.kn = t.kD * d + t.kK * (depth > -c.cap && depth < top ? k : 0.0);
    const Vec3 vt = v - vn * n;
    const double vt2 = vt.squaredNorm(), slip = model.opt.slip_velocity;  // (no square root below the slip velocity)
    const double ct = model.opt.friction * std::max(r.fn, 0.0) / (vt2 > slip * slip ? std::sqrt(vt2) : slip);
    r.ft = -ct * vt;
    r.kt = t.kD * ct;
    return r;
  };
  // One body's own term: moving at v against the other side (sign -1: the
  // other body of a self contact, pushed along -n). The implicit part acts
  // on the true acceleration, the pass's plus g.
  const auto own = [&](int body, const Vec3& v, double sign, double arc_length) {
    const Terms r = terms(v);
    add_point(model, data, body, c.point, r.kt, r.kn - r.kt, n,
              sign * (r.fn * n + r.ft) - times_g(r.kt, r.kn - r.kt, n, g), arc_length);
    return r;
  };
  if (c.other < 0) {
    const Terms r = own(c.body, vp, 1, sa);
    if (record) data.contacts.push_back({c.body, c.other, c.kind, c.point, n, r.fn, r.ft});
  } else if (exact_self) {
    // Self contact: a pair (Data::pairs), coupled exactly through the tree
    // with the other body (contact_pairs.cpp).
    const Terms r = terms(vp);
    PairRow& pr = data.pairs.emplace_back();
    pr.kind = ContactKind::kSelf;
    pr.body_a = c.body;
    pr.body_b = c.other;
    pr.point = pr.point_b = c.point;
    pr.s_a = sa;
    pr.s_b = sb;
    pr.s_lin = r.kt * Mat3::Identity() + (r.kn - r.kt) * n * n.transpose();
    pr.f_lin = r.fn * n + r.ft;
    if (record) data.contacts.push_back({c.body, c.other, c.kind, c.point, n, r.fn, r.ft});
  } else {
    // More self contacts than the exact solve takes: each body's own term,
    // its partner taken as the pair's centre of mass, moving at
    // (mA vA + mB vB) / (mA + mB), so that a body sees the share
    // mB / (mA + mB) of the relative velocity (and the other
    // mA / (mA + mB)): a stiff pair comes to a common velocity in a step,
    // as an inelastic collision does (against the other's own velocity,
    // two pressed bodies swapped velocities every step). Not energy-exact
    // (docs/dynamics.md).
    const double ma = mass(c.body), mb = mass(c.other), sum = ma + mb > 0 ? ma + mb : 1;
    const Terms r = own(c.body, (mb / sum) * vp, 1, sa);
    own(c.other, (ma / sum) * vp, -1, sb);
    if (record) data.contacts.push_back({c.body, c.other, c.kind, c.point, n, r.fn, r.ft});
  }
  data.touching = true;
}

// The ties: a spring from a body point to its anchor, critically damped.
void tie_pass(const Model& model, Data& data, const StepTerms& t, bool record) {
  const Vec3 g = model.opt.gravity;
  const auto mass = [&](int b) { return model.mass(b); };
  for (const Tie& tie : model.contact.ties) {
    if (tie.body < 0 || tie.body >= model.nbody()) continue;
    const Vec3 p = data.oMi[std::size_t(tie.body)].act(tie.point);
    const Vec3 vp = point_velocity(data, tie.body, p);
    const double k = model.opt.tie_stiffness, d = critical(k, mass(tie.body));
    const Vec3 force = -k * (p - tie.anchor + t.kP * vp) - d * vp;
    const double s = t.kD * d + t.kK * k;
    add_point(model, data, tie.body, p, s, 0.0, Vec3::UnitY(), force - s * g);
    const double fn = force.norm();
    if (record) data.contacts.push_back({tie.body, -1, ContactKind::kTie, p, fn > 0 ? Vec3(force / fn) : Vec3::Zero(), fn, Vec3::Zero()});
  }
}

}  // namespace

void contact_pass(const Model& model, Data& data, const StepTerms& t, bool record) {
  for (const ContactPoint& c : data.contact_points) data.contact_slot[std::size_t(c.body)] = -1;
  data.contact_points.clear();
  data.contacts.clear();
  data.pairs.clear();
  data.touching = false;
  if (!model.touches()) return;
  const std::vector<Touch>& found = pass_touches(model, data, t);
  // Self contacts are pairs solved exactly through the tree (contact.hpp,
  // "Pairs") up to kExactSelfPairs in a pass; the solve is dense in the
  // pairs (every path shares the root), so a pass with more (a plant lying
  // in itself) gives each side its own term instead.
  int self_touches = 0;
  for (const Touch& c : found) self_touches += c.other >= 0;
  const bool exact_self = self_touches <= kExactSelfPairs;
  for (const Touch& c : found) touch_pass(model, data, t, c, exact_self, record);
  graft_pass(model, data, t, record);
  ring_pass(model, data, t, record);
  tie_pass(model, data, t, record);
}

void contact_forces(const Model& model, Data& data) {
  forward_kinematics(model, data);
  contact_pass(model, data, StepTerms{}, true);
}

double contact_energy(const Model& model, Data& data) {
  const ContactModel& cm = model.contact;
  if (!model.touches()) return 0;
  double e = 0;
  if (model.collides())
    for (const Touch& c : state_touches(model, data, &data.oMi))
      e += spring_energy(model.opt.contact_stiffness, c.depth, c.cap);
  for (const Tie& tie : cm.ties) {
    if (tie.body < 0 || tie.body >= model.nbody()) continue;
    e += 0.5 * model.opt.tie_stiffness * (data.oMi[std::size_t(tie.body)].act(tie.point) - tie.anchor).squaredNorm();
  }
  return e + joins_energy(model, data);
}

bool state_touching(const Model& model, Data& data) {
  return model.collides() && !state_touches(model, data, nullptr).empty();
}

const std::vector<ContactTouch>& state_contacts(const Model& model, Data& data) {
  static const std::vector<ContactTouch> none;
  return model.collides() ? state_touches(model, data, nullptr) : none;
}

bool state_near(const Model& model, Data& data) {
  if (!model.collides()) return false;
  state_touches(model, data, nullptr);
  for (const Touch& a : data.near)
    if (a.feature < 0 || model.contact.obstacles[std::size_t(a.feature / 2)].kind != ObstacleKind::kGround) return true;
  return false;
}

double deepest_self_overlap(const Model& model, Data& data) {
  double deepest = 0;
  if (!model.opt.self_contact) return 0;
  for (const Touch& c : state_touches(model, data, nullptr))
    if (c.other >= 0) deepest = std::max(deepest, c.depth / c.cap);
  return deepest;
}

}  // namespace lsd::dyn
