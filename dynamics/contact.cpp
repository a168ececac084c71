#include "dynamics/contact.hpp"

#include <algorithm>
#include <cmath>

#include "dynamics/kinematics.hpp"

namespace lsd::dyn {
namespace {

using Touch = ContactTouch;

// The closest point of segment a-b to p.
Vec3 closest_on_segment(const Vec3& a, const Vec3& b, const Vec3& p) {
  const Vec3 d = b - a;
  const double dd = d.squaredNorm();
  const double s = dd > 0 ? std::clamp((p - a).dot(d) / dd, 0.0, 1.0) : 0.0;
  return a + s * d;
}

// The closest points of two segments (Ericson, Real-Time Collision
// Detection, 5.1.9).
void closest_segments(const Vec3& p1, const Vec3& q1, const Vec3& p2, const Vec3& q2, Vec3& c1, Vec3& c2) {
  const Vec3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const double a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r);
  double s = 0, t = 0;
  if (a <= 1e-300 && e <= 1e-300) {
  } else if (a <= 1e-300) {
    t = std::clamp(f / e, 0.0, 1.0);
  } else {
    const double c = d1.dot(r);
    if (e <= 1e-300) {
      s = std::clamp(-c / a, 0.0, 1.0);
    } else {
      const double b = d1.dot(d2), den = a * e - b * b;
      s = den > 0 ? std::clamp((b * f - c * e) / den, 0.0, 1.0) : 0.0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = std::clamp(-c / a, 0.0, 1.0);
      } else if (t > 1) {
        t = 1;
        s = std::clamp((b - c) / a, 0.0, 1.0);
      }
    }
  }
  c1 = p1 + s * d1;
  c2 = p2 + t * d2;
}

// Signed distance of p from an obstacle's surface and the outward normal there.
double obstacle_distance(const Obstacle& o, const Vec3& p, Vec3& n) {
  switch (o.kind) {
    case ObstacleKind::kGround:
      n = Vec3::UnitY();
      return p.y() - o.centre.y();
    case ObstacleKind::kSphere: {
      const Vec3 d = p - o.centre;
      const double len = d.norm();
      n = len > 0 ? Vec3(d / len) : Vec3::UnitY();
      return len - o.radius;
    }
    case ObstacleKind::kPole: {
      const Vec3 d(p.x() - o.centre.x(), 0, p.z() - o.centre.z());
      const double rho = d.norm();
      const Vec3 radial = rho > 0 ? Vec3(d / rho) : Vec3::UnitX();
      const double out = rho - o.radius, above = p.y() - o.top;  // above: -inf without a top
      if (above <= 0) {
        if (out >= 0 || -out < -above) {  // beside it, or nearer its side than its top
          n = radial;
          return out;
        }
        n = Vec3::UnitY();
        return above;
      }
      if (out <= 0) {
        n = Vec3::UnitY();
        return above;
      }
      const double dist = std::hypot(out, above);
      n = (out * radial + above * Vec3::UnitY()) / dist;
      return dist;
    }
  }
  n = Vec3::UnitY();
  return 0;
}

// The point of segment a-b an obstacle is tested at, with its index (the
// touch's end): both ends on the ground (a capsule lying on it rests on two
// points), the point nearest a sphere's centre or a pole's axis (its top's
// centre above the top).
template <class F>
void segment_vs_obstacle(const Obstacle& o, const Vec3& a, const Vec3& b, F&& at) {
  switch (o.kind) {
    case ObstacleKind::kGround:
      at(a, 0);
      if (b != a) at(b, 1);
      return;
    case ObstacleKind::kSphere:
      at(closest_on_segment(a, b, o.centre), 0);
      return;
    case ObstacleKind::kPole: {
      const Vec3 d = b - a;
      const double dx = d.x(), dz = d.z(), dd = dx * dx + dz * dz;
      const double ax = a.x() - o.centre.x(), az = a.z() - o.centre.z();
      const double s = dd > 1e-300 ? std::clamp(-(ax * dx + az * dz) / dd, 0.0, 1.0) : 0.5;
      Vec3 p = a + s * d;
      if (p.y() > o.top) p = closest_on_segment(a, b, Vec3(o.centre.x(), o.top, o.centre.z()));
      at(p, 0);
      return;
    }
  }
}

// Near touches (Data::near): a capsule within this share of its radius of
// an obstacle, or two within this share of their two radii of each other,
// without touching; the contacts a step may begin (redo_contact_pass).
constexpr double kNearMargin = 0.5;

// A gap under this share of the radius (or of the two radii) counts as a
// touch, with the linear force of a speculative contact. A branch resting
// on another sinks mg/k, 0.1 micron for a weeping twig at 1e5 N/m, less than
// the closest points move by rounding and second-order geometry in a step:
// without the skin, such a contact was lost at the start of a step, found
// again at its end and the step redone, every step (the twig hovering a
// micron above its support, 2e-4 J of motion that never settled).
constexpr double kTouchSkin = 1e-4;

// The capsule and feature of a near touch, into near.
void add_near(std::vector<Touch>* near, int body, int other, int k, int feature) {
  Touch& t = near->emplace_back();
  t.body = body;
  t.other = other;
  t.capsule = k;
  t.feature = feature;
}

// The touch of capsule k (c) with obstacle o (index oi) at its point p (end
// e), written in place at the end of out if they overlap or, with any,
// whatever the gap (a speculative touch); with near, one within the margin
// into near. A touch assembled on the stack and copied (or a normal
// returned through memory and read back as a vector) stalled on its stores,
// a third of the ground benchmark's contact search; the ground, the common
// case, is written out.
inline void obstacle_touch(std::vector<Touch>& out, std::vector<Touch>* near, const Capsule& c, int k, const Obstacle& o,
                           int oi, const Vec3& p, int e, bool any) {
  const bool ground = o.kind == ObstacleKind::kGround;
  Vec3 n = Vec3::UnitY();
  const double dist = ground ? p.y() - o.centre.y() : obstacle_distance(o, p, n);
  if (!any && !(dist < (1 + kTouchSkin) * c.radius)) {
    if (near && dist < (1 + kNearMargin) * c.radius) add_near(near, c.body, -1, k, 2 * oi + e);
    return;
  }
  Touch& t = out.emplace_back();
  t.kind = ContactKind(int(o.kind));
  t.body = c.body;
  t.capsule = k;
  t.feature = 2 * oi + e;
  t.speculative = any || dist >= c.radius;
  t.normal = n;
  t.point = ground ? Vec3(p.x(), p.y() - c.radius, p.z()) : Vec3(p - c.radius * n);
  t.depth = c.radius - dist;
  t.cap = c.radius;
}

// The touch of capsules i (ci, ends ai-bi) and j > i, as obstacle_touch's:
// unless any, only if they overlap and are not joined (len: the bodies'
// lengths, for joined_bodies).
inline void pair_touch(const Model& model, const std::vector<double>& len, std::vector<Touch>& out,
                       std::vector<Touch>* near, int i, const Vec3& ai, const Vec3& bi, int j, const Vec3& aj,
                       const Vec3& bj, bool any) {
  const Capsule &ci = model.contact.capsules[std::size_t(i)], &cj = model.contact.capsules[std::size_t(j)];
  Vec3 pi, pj;
  closest_segments(ai, bi, aj, bj, pi, pj);
  const double dist = (pi - pj).norm(), reach = ci.radius + cj.radius;
  if (!any) {
    const bool touching = dist < (1 + kTouchSkin) * reach;
    if (!touching && !(near && dist < (1 + kNearMargin) * reach)) return;
    if (joined_bodies(model, len, ci.body, cj.body, reach)) return;
    if (!touching) {
      add_near(near, ci.body, cj.body, i, -1 - j);
      return;
    }
  }
  const Vec3 n = dist > 0 ? Vec3((pi - pj) / dist) : Vec3::UnitY();
  Touch& t = out.emplace_back();  // (in place, as above)
  t.kind = ContactKind::kSelf;
  t.body = ci.body;
  t.other = cj.body;
  t.capsule = i;
  t.feature = -1 - j;
  t.speculative = any || dist >= reach;
  t.normal = n;
  // The middle of the overlap: both bodies take the force there.
  t.point = 0.5 * ((pi - ci.radius * n) + (pj + cj.radius * n));
  t.depth = reach - dist;
  t.cap = std::min(ci.radius, cj.radius);
}

// Every touching point of the bodies at poses into out: capsules against
// obstacles, capsule pairs (self contact), in a fixed order (capsule, then
// obstacle); with near, the near touches into it.
void find_touches(const Model& model, Data& data, const std::vector<SE3>& poses, std::vector<Touch>& out,
                  std::vector<Touch>* near = nullptr) {
  out.clear();
  if (near) near->clear();
  const ContactModel& cm = model.contact;
  const std::size_t nc = cm.capsules.size();
  if (!model.collides()) return;
  const bool fixed_base = model.base_kind != BaseKind::kFloating;
  data.capsule_a.resize(nc);
  data.capsule_b.resize(nc);
  for (std::size_t k = 0; k < nc; ++k) {
    const Capsule& c = cm.capsules[k];
    data.capsule_a[k] = poses[std::size_t(c.body)].act(c.a);
    data.capsule_b[k] = poses[std::size_t(c.body)].act(c.b);
  }
  for (std::size_t k = 0; k < nc; ++k) {
    const Capsule& c = cm.capsules[k];
    if (c.body == 0 && fixed_base) continue;
    for (std::size_t oi = 0; oi < cm.obstacles.size(); ++oi) {
      const Obstacle& o = cm.obstacles[oi];
      segment_vs_obstacle(o, data.capsule_a[k], data.capsule_b[k], [&](const Vec3& p, int e) {
        obstacle_touch(out, near, c, int(k), o, int(oi), p, e, false);
      });
    }
  }
  if (!model.opt.self_contact) return;

  // Broad phase: a spatial hash of the capsules' bounding boxes by the cell
  // of their centres, cells as large as the largest box, so that two boxes
  // that overlap have centres in the same or neighbouring cells.
  // (With near, the boxes are as wide as the margin.)
  const double grow = near ? 1 + kNearMargin : 1;
  double cell = 0;
  for (std::size_t k = 0; k < nc; ++k) {
    const Vec3 ext = (data.capsule_a[k] - data.capsule_b[k]).cwiseAbs().array() + 2 * grow * cm.capsules[k].radius;
    cell = std::max(cell, ext.maxCoeff());
  }
  if (!(cell > 0) || !std::isfinite(cell)) return;
  std::size_t size = 2;
  int bits = 1;
  while (size < 2 * nc) {
    size *= 2;
    ++bits;
  }
  const auto key_of = [cell](const Vec3& c, int dx, int dy, int dz) {
    const auto k = [cell](double x, int d) { return (long long)(std::floor(x / cell)) + d; };
    return (k(c.x(), dx) & 0x1fffff) | ((k(c.y(), dy) & 0x1fffff) << 21) | ((k(c.z(), dz) & 0x1fffff) << 42);
  };
  // Fibonacci hashing: the top bits of the product, which depend on every
  // bit of the key. (Bits 20 to 34 of it, as before, never saw z: the
  // cells of a row along z shared a bucket, and the benchmark's plant, 6 m
  // across, made every lookup walk some 50 cells' capsules, 70% of its self
  // contact step.)
  const auto bucket_of = [bits](long long key) {
    return std::size_t((unsigned long long)(key) * 0x9e3779b97f4a7c15ULL >> (64 - bits));
  };
  data.grid_key.resize(nc);
  data.grid_start.assign(size + 1, 0);
  data.grid_items.resize(nc);
  for (std::size_t k = 0; k < nc; ++k) {
    data.grid_key[k] = key_of(0.5 * (data.capsule_a[k] + data.capsule_b[k]), 0, 0, 0);
    ++data.grid_start[bucket_of(data.grid_key[k]) + 1];
  }
  for (std::size_t b = 0; b < size; ++b) data.grid_start[b + 1] += data.grid_start[b];
  // Counting sort into the buckets (grid_items), the cursor kept in grid_start
  // shifted by one bucket and restored after.
  for (std::size_t k = 0; k < nc; ++k) data.grid_items[std::size_t(data.grid_start[bucket_of(data.grid_key[k])]++)] = int(k);
  for (std::size_t b = size; b > 0; --b) data.grid_start[b] = data.grid_start[b - 1];
  data.grid_start[0] = 0;

  // The bodies' lengths (their longest capsule), for joined_bodies.
  std::vector<double>& len = data.body_length;
  if (len.size() != std::size_t(model.nbody())) {
    len.assign(std::size_t(model.nbody()), 0.0);
    for (const Capsule& c : cm.capsules) len[std::size_t(c.body)] = std::max(len[std::size_t(c.body)], (c.b - c.a).norm());
  }
  // Each pair once: a capsule looks in its own cell for later capsules and
  // in the 13 neighbouring cells that come after its own (in the order of
  // (dx, dy, dz)) for all; a pair in cells the other way round is found
  // from the other capsule's. (All 27 cells, keeping j > i, walked each
  // pair's cells twice: two fifths of the self-contact step.)
  for (std::size_t i = 0; i < nc; ++i) {
    const Capsule& ci = cm.capsules[i];
    const Vec3 &ai = data.capsule_a[i], &bi = data.capsule_b[i];
    const double ri = grow * ci.radius;
    const Vec3 lo_i = ai.cwiseMin(bi).array() - ri, hi_i = ai.cwiseMax(bi).array() + ri;
    const Vec3 centre = 0.5 * (ai + bi);
    for (int dx = 0; dx <= 1; ++dx)
      for (int dy = dx > 0 ? -1 : 0; dy <= 1; ++dy)
        for (int dz = dx > 0 || dy > 0 ? -1 : 0; dz <= 1; ++dz) {
          const bool own = dx == 0 && dy == 0 && dz == 0;
          const long long key = key_of(centre, dx, dy, dz);
          const std::size_t b = bucket_of(key);
          for (int e = data.grid_start[b]; e < data.grid_start[b + 1]; ++e) {
            const std::size_t j = std::size_t(data.grid_items[std::size_t(e)]);
            if ((own && j <= i) || data.grid_key[j] != key) continue;
            const Capsule& cj = cm.capsules[j];
            const Vec3 &aj = data.capsule_a[j], &bj = data.capsule_b[j];
            const double rj = grow * cj.radius;
            const Vec3 lo_j = aj.cwiseMin(bj).array() - rj, hi_j = aj.cwiseMax(bj).array() + rj;
            if ((hi_i.array() < lo_j.array()).any() || (hi_j.array() < lo_i.array()).any()) continue;
            if (fixed_base && ci.body == 0 && cj.body == 0) continue;
            if (i < j) pair_touch(model, len, out, near, int(i), ai, bi, int(j), aj, bj, false);
            else pair_touch(model, len, out, near, int(j), aj, bj, int(i), ai, bi, false);
          }
        }
  }
}

// Adds a force f (world, N) at world point p of a body and its implicit
// matrix S = a I + b n n^T (a contact's friction and normal parts, a tie's
// isotropic spring) as a point of the pass, chained to the body's others;
// f already holds the gravity shift. The sweep makes its 6x6 term.
void add_point(const Model& model, Data& data, int body, const Vec3& p, double a, double b, const Vec3& n,
               const Vec3& f) {
  if (body == 0 && model.base_kind != BaseKind::kFloating) return;  // the base does not move
  int& first = data.contact_slot[std::size_t(body)];
  data.contact_points.push_back({body, first, a, b, p - data.oMi[std::size_t(body)].translation, n, f});
  first = int(data.contact_points.size()) - 1;
}

// S g for S = a I + b n n^T.
Vec3 times_g(double a, double b, const Vec3& n, const Vec3& g) { return a * g + (b * n.dot(g)) * n; }

Vec3 point_velocity(const Data& data, int body, const Vec3& p) {
  const Motion& v = data.v[std::size_t(body)];
  return v.linear + v.angular.cross(p - data.oMi[std::size_t(body)].translation);
}

double critical(double k, double m) { return 2 * std::sqrt(k * std::max(m, 0.0)); }

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
      std::equal(data.q.begin(), data.q.end(), data.touch_q.begin(), same))
    return data.touches;
  if (!fk) {
    body_poses(model, data, data.touch_pose);
    fk = &data.touch_pose;
  }
  find_touches(model, data, *fk, data.touches, &data.near);
  data.touch_q = data.q;
  data.touch_base_q = data.base_q;
  data.touch_base_p = data.base_p;
  return data.touches;
}

// The touch a (its capsule and feature) at poses into out, whatever the
// gap (speculative): at the same points and normal as a touch.
void touch_at(const Model& model, const std::vector<SE3>& poses, const std::vector<double>& len, const Touch& a,
              std::vector<Touch>& out) {
  const ContactModel& cm = model.contact;
  const auto ends = [&](int k, Vec3& p, Vec3& q) {
    const Capsule& c = cm.capsules[std::size_t(k)];
    p = poses[std::size_t(c.body)].act(c.a);
    q = poses[std::size_t(c.body)].act(c.b);
  };
  Vec3 ai, bi;
  ends(a.capsule, ai, bi);
  if (a.feature < 0) {
    Vec3 aj, bj;
    ends(-1 - a.feature, aj, bj);
    pair_touch(model, len, out, nullptr, a.capsule, ai, bi, -1 - a.feature, aj, bj, true);
    return;
  }
  const int oi = a.feature / 2, e = a.feature % 2;
  const Obstacle& o = cm.obstacles[std::size_t(oi)];
  segment_vs_obstacle(o, ai, bi, [&](const Vec3& p, int end) {
    if (end == e) obstacle_touch(out, nullptr, cm.capsules[std::size_t(a.capsule)], a.capsule, o, oi, p, e, true);
  });
}

}  // namespace

void begin_contact_pass(const Model& model, Data& data, bool alpha) {
  if (!model.collides()) return;
  data.start_q = data.q;
  data.start_w = data.w;
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
  // prediction. The near ones that touch at the new pose appeared (a touch
  // from farther than the margin is left to the next step). Each is taken
  // at the pass's pose, where it left data.oMi and data.v, if the step can
  // close it: its gap at most the pass's approach times dt plus a step of
  // gravity's fall. (One that the pass's rotations carried into the ground
  // while its point was leaving it is left to the next step too: its linear
  // spring would pull the point back across its whole gap.)
  body_poses(model, data, data.end_pose);
  data.appeared.clear();
  const double fall = dt * dt * model.opt.gravity.norm();
  for (const Touch& a : near) {
    touch_at(model, data.end_pose, data.body_length, a, data.appeared);
    const bool touches = data.appeared.back().depth > 0;
    data.appeared.pop_back();
    if (!touches) continue;
    touch_at(model, data.oMi, data.body_length, a, data.appeared);
    const Touch& c = data.appeared.back();
    Vec3 vp = point_velocity(data, c.body, c.point);
    if (c.other >= 0) vp -= point_velocity(data, c.other, c.point);
    if (!(-c.depth <= dt * std::max(-c.normal.dot(vp), 0.0) + fall)) data.appeared.pop_back();
  }
  if (data.appeared.empty()) return false;
  std::swap(data.q, data.start_q);
  std::swap(data.w, data.start_w);
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

bool joined_bodies(const Model& model, const std::vector<double>& len, int i, int j, double reach) {
  if (i == j) return true;
  const int* parent = model.parent.data();
  if (parent[i] == j || parent[j] == i) return true;
  // Walk up from the later body (parents come first) until the paths meet.
  double gap = 0, longest = 0;
  for (double l : {len[std::size_t(i)], len[std::size_t(j)]}) longest = std::max(longest, l);
  int a = i, b = j;
  while (a != b) {
    if (a < b) std::swap(a, b);
    a = parent[a];
    if (a < 0) return false;
    if (a != b) {
      gap += len[std::size_t(a)];
      longest = std::max(longest, len[std::size_t(a)]);
      if (gap >= reach + longest) return false;  // (the common body's length comes off below)
    }
  }
  if (a != i && a != j) gap -= len[std::size_t(a)];  // a common branch body: both may start at one point
  return gap < reach;
}

void contact_pass(const Model& model, Data& data, const StepTerms& t, bool record) {
  for (const ContactPoint& c : data.contact_points) data.contact_slot[std::size_t(c.body)] = -1;
  data.contact_points.clear();
  data.contacts.clear();
  data.touching = false;
  const ContactModel& cm = model.contact;
  if (!model.touches()) return;
  const Vec3 g = model.opt.gravity;  // the pass's accelerations are shifted by -g (aba_kernel.inc)
  const auto mass = [&](int b) { return model.inertia[std::size_t(b)].mass; };

  // A pass at the state's pose (every one but generalized-alpha's, which
  // evaluates at its prediction) shares the state's touches (and near
  // touches) with the energy guard, which may have found them at the end of
  // the step before, and with redo_contact_pass; a redone pass adds the
  // touches that appeared.
  const std::vector<Touch>* found = &data.pass_touches;
  if (t.alpha) find_touches(model, data, data.oMi, data.pass_touches, &data.pass_near);
  else found = &state_touches(model, data, nullptr);
  if (!data.appeared.empty()) {
    if (found != &data.pass_touches) data.pass_touches = *found;
    data.pass_touches.insert(data.pass_touches.end(), data.appeared.begin(), data.appeared.end());
    found = &data.pass_touches;
  }
  for (const Touch& c : *found) {
    const Vec3& n = c.normal;
    const Vec3 vp = c.other < 0 ? point_velocity(data, c.body, c.point)
                                : Vec3(point_velocity(data, c.body, c.point) - point_velocity(data, c.other, c.point));
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
    // One side of the contact: the body moving at share * vp against the
    // other side (sign -1: the other body of a self contact, pushed along -n).
    const auto side = [&](int body, double share, double sign) {
      const Vec3 v = share * vp;
      const double vn = n.dot(v);
      const double depth = c.depth - t.kP * vn;  // implicit Euler's prediction (kP = 0 otherwise)
      // The contact holds while the pass's pose overlaps (find_touches), its
      // force that of the end of the step as the implicit solve finds it. The
      // force at the pass's pose may pull (a body leaving faster than the
      // spring's time constant): clipping it there would drop the contact for
      // a step while the body is still inside, which then falls a whole step
      // and is thrown back, for ever (a two-step cycle at 1/60 s); it only
      // pulls as much as the spring pushes at that depth.
      // A speculative contact's force is the linear one (negative at the
      // pass's pose if the body is not yet closing its gap): the step ends
      // with the spring's at the depth it ends with.
      const double spring = c.speculative ? 1e300 : k * std::min(c.depth, c.cap);
      const double fn = std::max(k * std::clamp(depth, -c.cap, c.cap) - d * vn, -spring);
      const double kn = t.kD * d + t.kK * (std::abs(depth) < c.cap ? k : 0.0);
      const Vec3 vt = v - vn * n;
      const double vt2 = vt.squaredNorm(), slip = model.opt.slip_velocity;  // (no square root below the slip velocity)
      const double ct = model.opt.friction * std::max(fn, 0.0) / (vt2 > slip * slip ? std::sqrt(vt2) : slip);
      const Vec3 ft = -ct * vt;
      const double kt = t.kD * ct;  // S = kn n n^T + kt (I - n n^T)
      // The implicit part acts on the true acceleration, the pass's plus g.
      add_point(model, data, body, c.point, kt, kn - kt, n, sign * (fn * n + ft) - times_g(kt, kn - kt, n, g));
      if (record && sign > 0) data.contacts.push_back({c.body, c.other, c.kind, c.point, n, fn, ft});
    };
    if (c.other < 0) {
      side(c.body, 1, 1);
    } else {
      // Self contact: the implicit term of each body treats the other as
      // given, which the tree's sweep cannot couple. Against the other's
      // velocity as it stands, two bodies pressed by a stiff contact swap
      // velocities every step (each takes the other's), a jitter that never
      // settles; each takes instead the pair's centre of mass as its
      // partner, moving at (mA vA + mB vB) / (mA + mB), so that a body sees
      // the share mB / (mA + mB) of the relative velocity (and the other
      // mA / (mA + mB)): a stiff pair then comes to a common velocity in a
      // step, as an inelastic collision does. At rest both shares push with
      // the same spring force.
      const double ma = mass(c.body), mb = mass(c.other), sum = ma + mb > 0 ? ma + mb : 1;
      side(c.body, mb / sum, 1);
      side(c.other, ma / sum, -1);
    }
    data.touching = true;
  }

  for (const Tie& tie : cm.ties) {
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

void contact_forces(const Model& model, Data& data) {
  forward_kinematics(model, data);
  contact_pass(model, data, StepTerms{}, true);
}

double contact_energy(const Model& model, Data& data) {
  const ContactModel& cm = model.contact;
  if (!model.touches()) return 0;
  double e = 0;
  for (const Touch& c : state_touches(model, data, &data.oMi)) e += spring_energy(model.opt.contact_stiffness, c.depth, c.cap);
  for (const Tie& tie : cm.ties) {
    if (tie.body < 0 || tie.body >= model.nbody()) continue;
    e += 0.5 * model.opt.tie_stiffness * (data.oMi[std::size_t(tie.body)].act(tie.point) - tie.anchor).squaredNorm();
  }
  return e;
}

bool state_touching(const Model& model, Data& data) {
  return model.collides() && !state_touches(model, data, nullptr).empty();
}

double deepest_self_overlap(const Model& model, Data& data) {
  double deepest = 0;
  if (!model.opt.self_contact) return 0;
  for (const Touch& c : state_touches(model, data, nullptr))
    if (c.other >= 0) deepest = std::max(deepest, c.depth / c.cap);
  return deepest;
}

}  // namespace lsd::dyn
