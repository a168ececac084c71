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
  p.model = dyn::make_thesis_tree(n);
  p.segment = 0.1;
  p.radius = mat.radius;
  p.tip_body = n - 1;
  p.tip_point = dyn::Vec3(p.segment, 0, 0);
  return p;
}

}  // namespace lsd::peers
