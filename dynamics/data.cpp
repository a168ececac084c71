#include "dynamics/data.hpp"

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
  d.aba_side.assign(n, Data::AbaSide{});
  d.aba_link.assign(n, 0);
  d.a.assign(n, Vec6::Zero());
  return d;
}

}  // namespace lsd::dyn
