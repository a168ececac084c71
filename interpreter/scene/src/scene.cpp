#include "interpreter/scene/scene.hpp"

#include <algorithm>

#include "interpreter/growth/lsystem.hpp"
#include "interpreter/scene/obstacles.hpp"
#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {
namespace {

// The plant: the homomorphism (when there is one) and the turtle. `bodies`:
// the model's body count, or -1 when there is no model to match.
bool draw_plant(const Lsystem& ls, std::size_t max_modules, int bodies, Geometry& g, grammar::Diagnostic& error) {
  const TurtleOptions topt = turtle_options(*ls.rules);
  if (ls.rules->homomorphism.empty()) {
    g = interpret(ls.current, topt);
  } else {
    DeriveOptions opts;
    opts.max_modules = max_modules;
    ModuleString drawn;
    const RewriteResult res = apply_homomorphism(ls, drawn, opts);
    if (!res.ok) {
      error = res.error;
      return false;
    }
    g = interpret(drawn, topt);
  }
  // The drawn string's bodies are the model's only if it counts as many.
  if (bodies >= 0 && g.bodies != bodies) g.module_body.clear();
  return true;
}

// The world around the plant.
void add_world(const RunSettings& settings, const SceneOptions& opts, Scene& out) {
  Geometry& g = out.geometry;
  if (opts.obstacles) add_poles_and_spheres(settings.obstacles, g);
  const std::size_t polygons = g.polygons.size();
  if (opts.ground) add_ground(settings.obstacles, g);
  out.ground_added = g.polygons.size() > polygons;
}

// A movable pot carries the plant (the turtle draws it from @Base): two
// cylinders under the base.
void add_pot(const dyn::Vec3& base, Geometry& g) {
  Vec3 lo, hi;
  const double h = g.bounds(&lo, &hi) ? std::clamp(0.12 * (hi.y() - lo.y()), 0.03, 0.3) : 0.1;
  constexpr int kPotColour = 4;
  g.segments.push_back({base - Vec3(0, h, 0), base - Vec3(0, 0.15 * h, 0), 1.1 * h, kPotColour, kNoModule});
  g.segments.push_back({base - Vec3(0, 0.15 * h, 0), base, 1.25 * h, kPotColour, kNoModule});
}

}  // namespace

Geometry Scene::without_ground() const {
  Geometry g = geometry;
  if (ground_added) {
    g.polygon_vertices.resize(g.polygons.back().first);
    g.polygons.pop_back();
  }
  return g;
}

bool build_scene(Simulation& sim, const SceneOptions& opts, Scene& out, grammar::Diagnostic& error) {
  const RunSettings& settings = sim.settings();
  const bool living = !sim.living().empty();
  if (!draw_plant(sim.lsystem(), settings.max_modules, living ? sim.living().nbodies() : -1, out.geometry, error))
    return false;
  Geometry& g = out.geometry;
  if (opts.pot && settings.kinematic_base && living) add_pot(sim.pose().base_p, g);
  if (opts.contacts && living) add_contact_marks(sim.contacts(), g);
  add_world(settings, opts, out);
  return true;
}

bool build_scene(const Lsystem& ls, const RunSettings& settings, const SceneOptions& opts, Scene& out,
                 grammar::Diagnostic& error) {
  if (!draw_plant(ls, settings.max_modules, -1, out.geometry, error)) return false;
  add_world(settings, opts, out);
  return true;
}

}  // namespace lsd::interp
