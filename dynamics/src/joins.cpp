// Grafts, welds and rings (docs/dynamics.md, "Grafts, welds and rings";
// docs/language.md 7.2): springs of tie stiffness, critically damped, in the
// same implicit pass as contacts and ties. A graft or weld joins two bodies
// of the plant and becomes a pair (Data::pairs), solved exactly through the
// tree (contact_pairs.cpp); a ring holds one body at a time and is a point
// term of that body, like a tie.
#include <algorithm>
#include <cmath>

#include "dynamics/rotation.hpp"
#include "dynamics/src/joins.hpp"

#include "dynamics/src/contact_search.hpp"

namespace lsd::dyn {
namespace {

double critical(double k, double m) { return 2 * std::sqrt(k * std::max(m, 0.0)); }

// The reduced mass of two bodies (a fixed or kinematic base counts as
// infinitely heavy).
double reduced_mass(const Model& model, int a, int b) {
  const auto mass = [&](int i) {
    return i == 0 && model.base_kind != BaseKind::kFloating ? 0.0 : model.mass(i);
  };
  const double ma = mass(a), mb = mass(b);
  if (ma <= 0) return mb;
  if (mb <= 0) return ma;
  return ma * mb / (ma + mb);
}

// A weld's rotation error (world rotation vector): log(R_a rest R_b^T), zero
// when the two bodies turn as when it was made; its rate is w_a - w_b.
Vec3 weld_error(const Data& data, const Graft& g) {
  const Mat3 E = data.oMi[std::size_t(g.body_a)].rotation * g.rest.toRotationMatrix() *
                 data.oMi[std::size_t(g.body_b)].rotation.transpose();
  return rotation_vector_from_quat(Quat(E).normalized());
}

// Where a ring holds the plant: the capsule whose axis crosses the ring's
// plane nearest its centre, within its radius, and not nearly along the
// plane (its axis at least kRingSlope from it, as a cosine).
constexpr double kRingSlope = 0.1;
struct Crossing {
  int capsule = -1;
  Vec3 x = Vec3::Zero();  // the crossing point (world)
  Vec3 t = Vec3::Zero();  // the capsule's axis (unit, world)
  Vec3 e = Vec3::Zero();  // x less the centre: the offset in the ring's plane
};

// The capsules' world ends at data.oMi into data.capsule_a, capsule_b.
void capsule_ends(const Model& model, Data& data) {
  const std::vector<Capsule>& caps = model.contact.capsules;
  data.capsule_a.resize(caps.size());
  data.capsule_b.resize(caps.size());
  for (std::size_t k = 0; k < caps.size(); ++k) {
    const SE3& M = data.oMi[std::size_t(caps[k].body)];
    data.capsule_a[k] = M.act(capsule_end(model, data, k, 0));
    data.capsule_b[k] = M.act(capsule_end(model, data, k, 1));
  }
}

// Each ring's crossing into out (-1: none), the capsules in one sweep with
// every ring tested on each: a capsule's ends are read once per pass, not
// once per ring (each ring meets the capsules in order: a tie goes to the
// first).
void ring_crossings(const Model& model, const Data& data, std::vector<Crossing>& out) {
  const std::vector<Ring>& rings = model.contact.rings;
  const std::size_t nr = rings.size();
  out.assign(nr, Crossing{});
  std::vector<double> nearest(nr);  // the nearest offset so far
  for (std::size_t r = 0; r < nr; ++r) nearest[r] = rings[r].radius;
  const bool fixed_base = model.base_kind != BaseKind::kFloating;
  const std::vector<Capsule>& caps = model.contact.capsules;
  for (std::size_t k = 0; k < caps.size(); ++k) {
    if (fixed_base && caps[k].body == 0) continue;
    const Vec3 &a = data.capsule_a[k], &b = data.capsule_b[k];
    for (std::size_t r = 0; r < nr; ++r) {
      const Ring& ring = rings[r];
      const double da = (a - ring.centre).dot(ring.axis), db = (b - ring.centre).dot(ring.axis);
      if ((da > 0 && db > 0) || (da < 0 && db < 0) || da == db) continue;
      const Vec3 d = b - a;
      const double len = d.norm();
      if (!(len > 0) || std::abs(db - da) < kRingSlope * len) continue;
      const Vec3 x = a + (da / (da - db)) * d;
      const Vec3 e = x - ring.centre - (x - ring.centre).dot(ring.axis) * ring.axis;
      const double off = e.norm();
      if (off < nearest[r] || (off == nearest[r] && out[r].capsule < 0)) {
        nearest[r] = off;
        out[r] = {int(k), x, d / len, e};
      }
    }
  }
}

// The pin's pull on the gap e (docs/dynamics.md, "Grafts, welds and
// rings"): k e within the pair's reach, beyond it k reach along e (the
// energy k reach (|e| - reach/2)). The step keeps the spring's whole
// stiffness k in its implicit block (graft_pass), so a pull beyond reach
// moves the pair by at most about reach per step: a graft written across a
// wide gap draws its branches together instead of whipping them.
Vec3 pin_pull(double k, double reach, const Vec3& e) {
  const double en = e.norm();
  if (!(reach > 0) || en <= reach) return -k * e;
  return (-k * reach / en) * e;
}

double pin_energy(double k, double reach, const Vec3& e) {
  const double en = e.norm();
  if (!(reach > 0) || en <= reach) return 0.5 * k * e.squaredNorm();
  return k * reach * (en - 0.5 * reach);
}

}  // namespace

void graft_pass(const Model& model, Data& data, const StepTerms& t, bool record) {
  const double k = model.opt.tie_stiffness;
  for (const Graft& g : model.contact.grafts) {
    const Vec3 pa = data.oMi[std::size_t(g.body_a)].act(g.point_a);
    const Vec3 pb = data.oMi[std::size_t(g.body_b)].act(g.point_b);
    const Vec3 vr = point_velocity(data, g.body_a, pa) - point_velocity(data, g.body_b, pb);
    const double d = critical(k, reduced_mass(model, g.body_a, g.body_b));
    PairRow& pr = data.pairs.emplace_back();
    pr.kind = g.weld ? ContactKind::kWeld : ContactKind::kGraft;
    pr.body_a = g.body_a;
    pr.body_b = g.body_b;
    pr.rows = g.weld ? 6 : 3;
    pr.point = pa;
    pr.point_b = pb;
    // Implicit Euler's springs act at the end of the step as its velocity
    // predicts it (kP); generalized-alpha's pose is the prediction (kP = 0).
    pr.f_lin = pin_pull(k, g.reach, pa - pb + t.kP * vr) - d * vr;
    pr.s_lin = (t.kD * d + t.kK * k) * Mat3::Identity();
    if (g.weld) {
      // The weld's rotation: a spring of k arm^2, its damper d arm^2.
      const double kr = k * g.arm * g.arm, dr = d * g.arm * g.arm;
      const Vec3 wr = data.v[std::size_t(g.body_a)].angular - data.v[std::size_t(g.body_b)].angular;
      pr.f_ang = -kr * (weld_error(data, g) + t.kP * wr) - dr * wr;
      pr.s_ang = (t.kD * dr + t.kK * kr) * Mat3::Identity();
    }
    if (record) {
      const double fn = pr.f_lin.norm();
      data.contacts.push_back({g.body_a, g.body_b, pr.kind, pa, fn > 0 ? Vec3(pr.f_lin / fn) : Vec3::Zero(), fn,
                               Vec3::Zero()});
    }
  }
}

void ring_pass(const Model& model, Data& data, const StepTerms& t, bool record) {
  const std::vector<Ring>& rings = model.contact.rings;
  data.ring_body.assign(rings.size(), -1);
  if (rings.empty()) return;
  capsule_ends(model, data);
  std::vector<Crossing> crossings;
  ring_crossings(model, data, crossings);
  const double k = model.opt.tie_stiffness;
  const Vec3 g = model.opt.gravity;  // the pass's accelerations are shifted by -g (aba_kernel.inc)
  for (std::size_t r = 0; r < rings.size(); ++r) {
    const Ring& ring = rings[r];
    const Crossing& c = crossings[r];
    if (c.capsule < 0) continue;
    const int body = model.contact.capsules[std::size_t(c.capsule)].body;
    data.ring_body[r] = body;
    // The frictionless ring pushes across the stem: the spring's force on
    // the crossing is -k Q^T e, Q the map from the stem point's motion to
    // the crossing's in the plane (the crossing slides along the stem as
    // it moves): Q^T e = e - n (t.e)/(n.t), which is orthogonal to t. Its
    // damper acts on the crossing's velocity Q v.
    const Vec3& n = ring.axis;
    const double nt = n.dot(c.t);
    const double arc = model.contact.capsules[std::size_t(c.capsule)].s0 >= 0
                           ? rod_capsule_arc(model, data, c.capsule, data.oMi[std::size_t(body)], c.x)
                           : -1.0;  // on a curved element: the section it holds
    const Vec3 v = point_velocity(model, data, body, c.x, arc);
    const auto Qt = [&](const Vec3& x) { return Vec3(x - n * (c.t.dot(x) / nt)); };
    const Vec3 ev = v - c.t * (n.dot(v) / nt);   // the crossing's velocity...
    const Vec3 edot = ev - n.dot(ev) * n;        // ...in the plane
    const double d = critical(k, model.mass(body));
    const Vec3 hold = -k * Qt(c.e + t.kP * edot) - d * Qt(edot);
    // Friction along the stem, regularised as a contact's.
    const double vs = c.t.dot(v), slip = model.opt.slip_velocity;
    const double ct = model.opt.friction * hold.norm() / std::max(std::abs(vs), slip);
    const Vec3 ft = -ct * vs * c.t;
    // S = s (I - t t^T) + kt t t^T: the spring and damper across the stem
    // (Q^T Q for a stem along the axis), the friction along it.
    const double s = t.kD * d + t.kK * k, kt = t.kD * ct;
    add_point(model, data, body, c.x, s, kt - s, c.t, hold + ft - (s * g + (kt - s) * c.t.dot(g) * c.t), arc);
    if (record) {
      const double fn = hold.norm();
      data.contacts.push_back({body, -1, ContactKind::kRing, c.x, fn > 0 ? Vec3(hold / fn) : Vec3::Zero(), fn, ft});
    }
  }
}

double joins_energy(const Model& model, Data& data) {
  const double k = model.opt.tie_stiffness;
  double e = 0;
  for (const Graft& g : model.contact.grafts) {
    const Vec3 pa = data.oMi[std::size_t(g.body_a)].act(g.point_a);
    const Vec3 pb = data.oMi[std::size_t(g.body_b)].act(g.point_b);
    e += pin_energy(k, g.reach, pa - pb);
    if (g.weld) e += 0.5 * k * g.arm * g.arm * weld_error(data, g).squaredNorm();
  }
  if (!model.contact.rings.empty()) {
    capsule_ends(model, data);
    std::vector<Crossing> crossings;
    ring_crossings(model, data, crossings);
    for (const Crossing& c : crossings)
      if (c.capsule >= 0) e += 0.5 * k * c.e.squaredNorm();
  }
  return e;
}

}  // namespace lsd::dyn
