#include "dynamics/data.hpp"

#include <algorithm>

namespace lsd::dyn {

Data make_data(const Model& model) {
  const std::size_t n = model.parent.size();
  Data d;
  d.q.assign(n, Quat::Identity());
  d.w.assign(n, Vec3::Zero());
  d.tau.assign(n, Vec3::Zero());
  d.dw.assign(n, Vec3::Zero());
  d.oMi.assign(n, SE3::identity());
  d.v.assign(n, Motion::zero());
  d.aba_body.assign(n, Data::AbaBody{});
  // One sum slot per branch point (a body with a child other than the next
  // body): enough whatever the order in which the backward sweep fills them.
  std::size_t branch_points = 0;
  std::vector<char> branches(n, 0);
  for (std::size_t i = 1; i < n; ++i) {
    const int p = model.parent[i];
    if (p >= 0 && std::size_t(p) + 1 != i && !branches[std::size_t(p)]) {
      branches[std::size_t(p)] = 1;
      ++branch_points;
    }
  }
  d.aba_sum.assign(std::max<std::size_t>(branch_points, 1), Data::AbaSum{});
  d.aba_free.assign(d.aba_sum.size(), 0);
  d.aba_link.assign(n, 0);
  d.aba_fext.assign(n, Vec6::Zero());
  d.a.assign(n, Vec6::Zero());
  d.q_pred.assign(n, Quat::Identity());
  d.v_end.assign(n, Motion::zero());
  d.dw_guess.assign(n, Vec3::Zero());
  d.alpha_a.assign(n, Vec3::Zero());
  d.contact_slot.assign(n, -1);
  d.spin_bound.assign(n, 0.0);
  d.retake_q.assign(n, Quat::Identity());
  d.retake_w.assign(n, Vec3::Zero());
  d.aba_dfac.assign(n, std::array<double, 6>{});
  if (model.has_rods()) {
    d.kappa.assign(n, Vec3::Zero());
    for (const Rod& r : model.rods) d.kappa[std::size_t(r.body)] = r.rest;
    for (auto* v : {&d.rod_kappa, &d.rod_rate, &d.rod_rate_end, &d.rod_acc}) v->assign(n, Vec3::Zero());
    d.rod_rec.assign(model.rods.size(), Data::RodRecord{});
    d.rod_capsule_first.assign(model.rods.size(), -1);
    const std::vector<Capsule>& caps = model.contact.capsules;
    for (std::size_t k = 0; k < caps.size(); ++k) {
      if (caps[k].s0 < 0 || model.rod_of[std::size_t(caps[k].body)] < 0) continue;
      int& first = d.rod_capsule_first[std::size_t(model.rod_of[std::size_t(caps[k].body)])];
      if (first < 0) first = int(k);
      d.rod_capsule.resize(caps.size(), {Vec3::Zero(), Vec3::Zero()});
    }
  }
  d.ring_body.assign(model.contact.rings.size(), -1);
  d.retake_kappa = d.kappa;
  return d;
}

}  // namespace lsd::dyn
