#include "bench/peers/plants.hpp"

#include <cmath>

namespace lsd::peers {

dyn::CantileverDef thesis_material() { return dyn::CantileverDef{}; }

Plant thesis_chain(int n) {
  dyn::CantileverDef def = thesis_material();
  def.n = n;
  Plant p;
  p.name = "chain " + std::to_string(n);
  p.model = dyn::make_cantilever(def);
  for (int i = 1; i < p.model.nbody(); ++i) p.model.stiffness[i] = dyn::Vec3::Constant(p.model.stiffness[i].y());
  p.segment = def.length / n;
  p.radius = def.radius;
  p.tip_body = n;
  p.tip_point = dyn::Vec3(p.segment, 0, 0);
  return p;
}

Plant thesis_tree(int n) {
  const dyn::CantileverDef mat = thesis_material();
  Plant p;
  p.name = "tree " + std::to_string(n);
  p.model = dyn::make_plant(n, false);  // its topology and rest frames
  const double l = 0.1;
  const dyn::Inertia body = dyn::cylinder_inertia(l, mat.radius, mat.density);
  const double k = dyn::cylinder_joint_stiffness(l, mat.radius, l, mat.radius, mat.young, mat.poisson).y();
  const double i_end = body.rot(1, 1) + body.mass * 0.25 * l * l;
  const double d = 2.0 * 0.1 * std::sqrt(k * i_end);
  for (int i = 0; i < p.model.nbody(); ++i) {
    p.model.inertia[i] = body;
    if (i == 0) continue;
    p.model.stiffness[i] = dyn::Vec3::Constant(k);
    p.model.damping[i] = dyn::Vec3::Constant(d);
  }
  p.segment = l;
  p.radius = mat.radius;
  p.tip_body = n - 1;
  p.tip_point = dyn::Vec3(l, 0, 0);
  return p;
}

}  // namespace lsd::peers
