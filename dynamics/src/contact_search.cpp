// The search for touches (docs/dynamics.md, "Contact and ties"): capsules
// against obstacles, capsule pairs from a spatial hash (self contact) except
// joined neighbours, and the near touches a step may begin. The forces are
// contact.cpp's.
#include <algorithm>
#include <cmath>

#include "dynamics/contact.hpp"
#include "dynamics/kinematics.hpp"
#include "dynamics/src/contact_search.hpp"
#include "dynamics/src/rod_sweep.hpp"

namespace lsd::dyn {
namespace {

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
                           int oi, const Vec3& p, int e, bool any, double sweep = 0) {
  const bool ground = o.kind == ObstacleKind::kGround;
  Vec3 n = Vec3::UnitY();
  const double dist = ground ? p.y() - o.centre.y() : obstacle_distance(o, p, n);
  if (!any && !(dist < (1 + kTouchSkin) * c.radius)) {
    if (near && dist < (1 + kNearMargin) * c.radius + sweep) add_near(near, c.body, -1, k, 2 * oi + e);
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
// lengths, for joined_bodies); sweep: how much farther a near pair may be
// (the two capsules' sweeps, capsule_sweeps).
inline void pair_touch(const Model& model, const std::vector<double>& len, std::vector<Touch>& out,
                       std::vector<Touch>* near, int i, const Vec3& ai, const Vec3& bi, int j, const Vec3& aj,
                       const Vec3& bj, bool any, double sweep = 0) {
  const Capsule &ci = model.contact.capsules[std::size_t(i)], &cj = model.contact.capsules[std::size_t(j)];
  Vec3 pi, pj;
  closest_segments(ai, bi, aj, bj, pi, pj);
  const double dist = (pi - pj).norm(), reach = ci.radius + cj.radius;
  if (!any) {
    const bool touching = dist < (1 + kTouchSkin) * reach;
    if (!touching && !(near && dist < (1 + kNearMargin) * reach + sweep)) return;
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

// Continuous collision (docs/dynamics.md, "No tunnelling"): how far each
// capsule may move in a step, from the bodies' velocities at poses (the
// pass's, given, or found from the state's data.w and the base's): dt times
// the faster of its ends (a rigid segment's points move no faster than its
// faster end) plus a step of gravity's fall.
// A near touch reaches that much farther, so that a fast body's contact is
// tested at the end of the step (redo_contact_pass) however far it came.
void capsule_sweeps(const Model& model, Data& data, const std::vector<SE3>& poses,
                    const std::vector<Motion>* velocities) {
  const int n = model.nbody();
  const double dt = model.opt.dt, fall = 0.5 * dt * dt * model.opt.gravity.norm();
  if (!velocities) {
    std::vector<Motion>& v = data.sweep_velocity;
    v.resize(std::size_t(n));
    v[0] = base_velocity(model, data);
    for (int i = 1; i < n; ++i) {
      const std::size_t p = std::size_t(model.parent[std::size_t(i)]);
      const Motion& vp = v[p];
      if (model.rod(i)) {  // a curved element's end (rod_sweep.hpp)
        SE3 end;
        rod_state_pose(model, data, i, poses[p], &vp, end, &v[std::size_t(i)]);
        continue;
      }
      v[std::size_t(i)] = {vp.angular + poses[std::size_t(i)].rotation * data.w[std::size_t(i)],
                           vp.linear + vp.angular.cross(poses[std::size_t(i)].translation - poses[p].translation)};
    }
    velocities = &v;
  }
  const std::vector<Motion>& v = *velocities;
  const std::vector<Capsule>& caps = model.contact.capsules;
  data.capsule_sweep.resize(caps.size());
  for (std::size_t k = 0; k < caps.size(); ++k) {
    const Capsule& c = caps[k];
    double va, vb;
    if (c.s0 >= 0) {  // a piece of a curved element: its ends' sections move on their own
      const std::size_t p = std::size_t(model.parent[std::size_t(c.body)]);
      va = rod_state_point_velocity(model, data, c.body, c.s0, poses[p], v[p]).squaredNorm();
      vb = rod_state_point_velocity(model, data, c.body, c.s1, poses[p], v[p]).squaredNorm();
    } else {
      const Motion& m = v[std::size_t(c.body)];
      const Vec3& o = poses[std::size_t(c.body)].translation;
      va = (m.linear + m.angular.cross(data.capsule_a[k] - o)).squaredNorm();
      vb = (m.linear + m.angular.cross(data.capsule_b[k] - o)).squaredNorm();
    }
    data.capsule_sweep[k] = dt * std::sqrt(std::max(va, vb)) + fall;
  }
}

}  // namespace

// Every touching point of the bodies at poses into out: capsules against
// obstacles, capsule pairs (self contact), in a fixed order (capsule, then
// obstacle); with near, the near touches into it.
void find_touches(const Model& model, Data& data, const std::vector<SE3>& poses, std::vector<Touch>& out,
                  std::vector<Touch>* near, const std::vector<Motion>* velocities) {
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
    data.capsule_a[k] = poses[std::size_t(c.body)].act(capsule_end(model, data, k, 0));
    data.capsule_b[k] = poses[std::size_t(c.body)].act(capsule_end(model, data, k, 1));
  }
  if (near) capsule_sweeps(model, data, poses, velocities);
  else data.capsule_sweep.assign(nc, 0.0);
  const double* sweep = data.capsule_sweep.data();
  for (std::size_t k = 0; k < nc; ++k) {
    const Capsule& c = cm.capsules[k];
    if (c.body == 0 && fixed_base) continue;
    for (std::size_t oi = 0; oi < cm.obstacles.size(); ++oi) {
      const Obstacle& o = cm.obstacles[oi];
      segment_vs_obstacle(o, data.capsule_a[k], data.capsule_b[k], [&](const Vec3& p, int e) {
        obstacle_touch(out, near, c, int(k), o, int(oi), p, e, false, sweep[k]);
      });
    }
  }
  if (!model.opt.self_contact) return;

  // Broad phase: a spatial hash of the capsules' bounding boxes by the cell
  // of their centres, cells as large as the largest box, so that two boxes
  // that overlap have centres in the same or neighbouring cells.
  // (With near, the boxes are as wide as the margin and the capsule's sweep.)
  const double grow = near ? 1 + kNearMargin : 1;
  double cell = 0;
  for (std::size_t k = 0; k < nc; ++k) {
    const Vec3 ext =
        (data.capsule_a[k] - data.capsule_b[k]).cwiseAbs().array() + 2 * (grow * cm.capsules[k].radius + sweep[k]);
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
    for (std::size_t k = 0; k < cm.capsules.size(); ++k) {
      const Capsule& c = cm.capsules[k];
      const double l = c.s0 >= 0 ? std::abs(c.s1 - c.s0) : (c.b - c.a).norm();
      len[std::size_t(c.body)] = std::max(len[std::size_t(c.body)], l);
    }
  }
  // Each pair once: a capsule looks in its own cell for later capsules and
  // in the 13 neighbouring cells that come after its own (in the order of
  // (dx, dy, dz)) for all; a pair in cells the other way round is found
  // from the other capsule's. (All 27 cells, keeping j > i, walked each
  // pair's cells twice: two fifths of the self-contact step.)
  for (std::size_t i = 0; i < nc; ++i) {
    const Capsule& ci = cm.capsules[i];
    const Vec3 &ai = data.capsule_a[i], &bi = data.capsule_b[i];
    const double ri = grow * ci.radius + sweep[i];
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
            const double rj = grow * cj.radius + sweep[j];
            const Vec3 lo_j = aj.cwiseMin(bj).array() - rj, hi_j = aj.cwiseMax(bj).array() + rj;
            if ((hi_i.array() < lo_j.array()).any() || (hi_j.array() < lo_i.array()).any()) continue;
            if (fixed_base && ci.body == 0 && cj.body == 0) continue;
            const double sw = sweep[i] + sweep[j];
            if (i < j) pair_touch(model, len, out, near, int(i), ai, bi, int(j), aj, bj, false, sw);
            else pair_touch(model, len, out, near, int(j), aj, bj, int(i), ai, bi, false, sw);
          }
        }
  }
}

// The touch a (its capsule and feature) at poses into out, whatever the
// gap (speculative): at the same points and normal as a touch.
void touch_at(const Model& model, const Data& data, const std::vector<SE3>& poses, const std::vector<double>& len,
              const Touch& a, std::vector<Touch>& out) {
  const ContactModel& cm = model.contact;
  const auto ends = [&](int k, Vec3& p, Vec3& q) {
    const Capsule& c = cm.capsules[std::size_t(k)];
    p = poses[std::size_t(c.body)].act(capsule_end(model, data, std::size_t(k), 0));
    q = poses[std::size_t(c.body)].act(capsule_end(model, data, std::size_t(k), 1));
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


bool swept_touch_meets(const Model& model, const Data& data, const std::vector<SE3>& from, const std::vector<SE3>& to,
                       const Touch& a) {
  const ContactModel& cm = model.contact;
  const bool pair = a.feature < 0;
  const Obstacle* o = pair ? nullptr : &cm.obstacles[std::size_t(a.feature / 2)];
  if (o && o->kind != ObstacleKind::kPole && o->kind != ObstacleKind::kSphere) return false;  // (a half space)
  // Each capsule's ends at the start (p) and their moves over the step (dp):
  // [0], [1] the capsule's, [2], [3] the other's in a pair.
  Vec3 p[4], dp[4];
  double rate = 0;  // the most the gap moves per unit of s (below)
  double reach = 0;
  for (int side = 0; side < (pair ? 2 : 1); ++side) {
    const std::size_t k = std::size_t(side == 0 ? a.capsule : -1 - a.feature);
    const Capsule& c = cm.capsules[k];
    const SE3 &f = from[std::size_t(c.body)], &e = to[std::size_t(c.body)];
    const Vec3 &ca = capsule_end(model, data, k, 0), &cb = capsule_end(model, data, k, 1);
    p[2 * side] = f.act(ca);
    p[2 * side + 1] = f.act(cb);
    dp[2 * side] = e.act(ca) - p[2 * side];
    dp[2 * side + 1] = e.act(cb) - p[2 * side + 1];
    rate += std::max(dp[2 * side].norm(), dp[2 * side + 1].norm());
    reach += c.radius;
  }
  if (!(rate > 0)) return false;
  // The gap at s: the segments' distance less their radii (a pair), or the
  // nearest point's distance from the obstacle's surface less the radius
  // (as the touch takes it, segment_vs_obstacle).
  const auto gap_at = [&](double s) {
    const Vec3 a0 = p[0] + s * dp[0], b0 = p[1] + s * dp[1];
    if (pair) {
      Vec3 pi, pj;
      closest_segments(a0, b0, p[2] + s * dp[2], p[3] + s * dp[3], pi, pj);
      return (pi - pj).norm() - reach;
    }
    double dist = 0;
    segment_vs_obstacle(*o, a0, b0, [&](const Vec3& q, int) {
      Vec3 n;
      dist = obstacle_distance(*o, q, n);
    });
    return dist - reach;
  };
  // The gap moves by at most rate per unit of s: each point of a segment
  // moves by a convex combination of its ends' moves, and the obstacles do
  // not move. Conservative advancement: step s by the gap over the rate,
  // which no contact can fall between; a gap of a thousandth of the reach
  // counts.
  double s = 0;
  for (int k = 0; k < 64 && s <= 1; ++k) {
    const double gap = gap_at(s);
    if (gap < 1e-3 * reach) return true;
    s += gap / rate;
  }
  return false;
}

}  // namespace lsd::dyn
