#include "interpreter/living/src/fusion.hpp"
#include "interpreter/living/src/spring_axes.hpp"

#include <algorithm>
#include <cmath>

#include "dynamics/contact.hpp"

namespace lsd::interp {
namespace {

// Bodies x and y are the same or one joint apart.
bool next_to(const dyn::Model& m, int x, int y) {
  return x == y || m.parent[std::size_t(x)] == y || m.parent[std::size_t(y)] == x;
}

// Bodies a and b are joined by a graft or weld, or next to a joined pair.
bool joined_near(const dyn::Model& m, const std::vector<std::pair<int, int>>& joined, int a, int b) {
  return std::any_of(joined.begin(), joined.end(), [&](const std::pair<int, int>& j) {
    return (next_to(m, j.first, a) && next_to(m, j.second, b)) || (next_to(m, j.first, b) && next_to(m, j.second, a));
  });
}

// Where a weld on capsule `cap` is written: after the module that made it
// (a body piece's B, or an element's S) and, in its body's frame, the frame
// of the turtle after that module (a piece's, standing at its far end, the
// capsule's end b; an element's node is its end frame). The capsules are
// sorted by body, stably (LivingModel), so the j-th capsule of a rigid body
// is its j-th piece.
struct WeldSite {
  std::uint32_t module = 0;
  dyn::Mat3 axes = dyn::Mat3::Identity();  // the turtle's H, L, U in the body's frame
  dyn::Vec3 end = dyn::Vec3::Zero();       // where the turtle stands, in the body's frame
};

std::vector<WeldSite> weld_sites(const LivingModel& lm) {
  const std::size_t nb = std::size_t(lm.model.nbody());
  std::vector<std::vector<const BodyPiece*>> pieces(nb);
  for (const BodyPiece& p : lm.layout.pieces)
    if (std::size_t(p.body) < nb) pieces[std::size_t(p.body)].push_back(&p);
  std::vector<std::int32_t> rod_module(nb, -1);
  for (const RodMark& r : lm.layout.rods)
    if (std::size_t(r.body) < nb) rod_module[std::size_t(r.body)] = std::int32_t(r.module);
  std::vector<std::size_t> used(nb, 0);
  std::vector<WeldSite> out;
  for (const dyn::Capsule& k : lm.model.contact.capsules) {
    const std::size_t b = std::size_t(k.body);
    WeldSite w;
    if (rod_module[b] >= 0) {
      w.module = std::uint32_t(rod_module[b]);
    } else if (used[b] < pieces[b].size()) {
      const BodyPiece& p = *pieces[b][used[b]++];
      w.module = p.module;
      w.axes = p.frame.rotation;
      w.end = k.b;
    }
    out.push_back(w);
  }
  return out;
}

std::vector<std::pair<int, int>> joined_pairs(const dyn::Model& m) {
  std::vector<std::pair<int, int>> out;
  for (const dyn::Graft& g : m.contact.grafts) out.emplace_back(g.body_a, g.body_b);
  return out;
}

}  // namespace

void update_contact_timers(const LivingModel& lm, dyn::Data& d, double now, bool rebuilt,
                           std::vector<ContactTimer>& timers) {
  std::vector<ContactTimer> next;
  if (lm.layout.drawn || !lm.model.opt.self_contact) {  // (fuse after: does not weld a drawing's bodies)
    timers.clear();
    return;
  }
  const std::vector<dyn::Capsule>& caps = lm.model.contact.capsules;
  const std::vector<std::pair<int, int>> joined = joined_pairs(lm.model);
  for (const dyn::ContactTouch& t : dyn::state_contacts(lm.model, d)) {
    if (t.kind != dyn::ContactKind::kSelf || t.feature >= 0) continue;
    const int ca = t.capsule, cb = -1 - t.feature;
    if (joined_near(lm.model, joined, t.body, t.other)) continue;
    const auto same = [&](const ContactTimer& c) { return c.capsule_a == ca && c.capsule_b == cb; };
    if (std::any_of(next.begin(), next.end(), same)) continue;
    ContactTimer c{ca, cb, t.point, now};
    if (!rebuilt) {
      const auto old = std::find_if(timers.begin(), timers.end(), same);
      if (old != timers.end()) c.since = old->since;
    } else {  // the capsules are renumbered: the nearest timer within the two radii
      double best = caps[std::size_t(ca)].radius + caps[std::size_t(cb)].radius;
      for (const ContactTimer& o : timers) {
        const double dist = (o.point - t.point).norm();
        if (dist <= best) {
          best = dist;
          c.since = o.since;
        }
      }
    }
    next.push_back(c);
  }
  timers = std::move(next);
}

bool fuse_lasting_contacts(const LivingModel& lm, const dyn::Data& d, double now, double fuse_after, double dt,
                           const std::vector<ContactTimer>& timers, ModuleString& s) {
  std::vector<std::pair<int, int>> joined = joined_pairs(lm.model);
  // The welds to write: after string index k, the module's parameters.
  std::vector<std::pair<std::uint32_t, std::vector<double>>> inserts;
  double id = 0;  // a fresh id: above every graft's and weld's in the string
  for (std::size_t i = 0; i < s.size(); ++i)
    if ((s.sym[i] == kSymGraft || s.sym[i] == kSymWeld) && s.nparams(i) > 0) id = std::max(id, std::floor(s.param(i)[0]));
  const std::vector<dyn::Capsule>& caps = lm.model.contact.capsules;
  std::vector<WeldSite> sites;
  for (const ContactTimer& c : timers) {
    if (c.since > now - fuse_after + 0.5 * dt) continue;  // (as Simulation::fuse asks)
    if (sites.empty()) sites = weld_sites(lm);
    const int a = caps[std::size_t(c.capsule_a)].body, b = caps[std::size_t(c.capsule_b)].body;
    if (joined_near(lm.model, joined, a, b)) continue;  // (one weld per neighbourhood)
    joined.emplace_back(a, b);
    id += 1;
    // The rest rotation: the later module's body in the earlier's (grafts.cpp pairs them so).
    const std::uint32_t ma = sites[std::size_t(c.capsule_a)].module;
    const std::uint32_t mb = sites[std::size_t(c.capsule_b)].module;
    const int first = ma < mb ? a : b, second = ma < mb ? b : a;
    const dyn::Quat rest =
        dyn::Quat(d.oMi[std::size_t(first)].rotation.transpose() * d.oMi[std::size_t(second)].rotation).normalized();
    const dyn::Vec3 r = dyn::rotation_vector_from_quat(weld_rest_in_string(lm.layout, first, second, rest));
    for (int cap : {c.capsule_a, c.capsule_b}) {
      const WeldSite& w = sites[std::size_t(cap)];
      const dyn::Vec3 local = d.oMi[std::size_t(caps[std::size_t(cap)].body)].inverse().act(c.point);
      const dyn::Vec3 o = w.axes.transpose() * (local - w.end);  // from the B's (or S's) end, along H, L, U
      inserts.push_back({w.module, {id, r.x(), r.y(), r.z(), o.x(), o.y(), o.z()}});
    }
  }
  if (inserts.empty()) return false;
  std::stable_sort(inserts.begin(), inserts.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  ModuleString out;
  out.reserve(s.size() + inserts.size(), s.params.size() + 7 * inserts.size());
  std::size_t next = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    out.push(s.sym[i], s.param(i), s.nparams(i));
    for (; next < inserts.size() && inserts[next].first == i; ++next)
      out.push(kSymWeld, inserts[next].second.data(), int(inserts[next].second.size()));
  }
  std::swap(s, out);
  return true;
}

}  // namespace lsd::interp
