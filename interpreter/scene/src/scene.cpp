#include "interpreter/scene/scene.hpp"

#include <algorithm>

#include "interpreter/growth/lsystem.hpp"
#include "interpreter/scene/obstacles.hpp"
#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {
namespace {

// The plant of a derived string that does not move: the homomorphism (when
// there is one) and the turtle, which turns at the joints by their state
// (no physics exists for it).
bool draw_string_as_written(const Lsystem& ls, std::size_t max_modules, Geometry& g, grammar::Diagnostic& error) {
  const TurtleOptions topt = turtle_options(*ls.rules);
  if (ls.rules->homomorphism.empty()) {
    g = interpret(ls.current, topt);
    return true;
  }
  DeriveOptions opts;
  opts.max_modules = max_modules;
  ModuleString drawn;
  const RewriteResult res = apply_homomorphism(ls, drawn, opts);
  if (!res.ok) {
    error = res.error;
    return false;
  }
  g = interpret(drawn, topt);
  return true;
}

// The plant of a simulation: its drawing (made once per rebuild of its
// model), and, for a living plant, each body's modules carried where the
// physics posed the body (BodyPoses: one forward kinematics, the model's).
// The drawing is the one the model's layout was made from; anything else is
// an error, never a drawing without its bodies.
bool draw_living(Simulation& sim, Geometry& g, grammar::Diagnostic& error) {
  const ModuleString* drawn = sim.drawn(error);
  if (!drawn) return false;
  const TurtleOptions topt = turtle_options(*sim.lsystem().rules);
  const LivingModel& lm = sim.living();
  if (lm.empty()) {
    g = interpret(*drawn, topt);
    return true;
  }
  const BodyLayout& layout = lm.layout;
  if (layout.module_body.size() != drawn->size() || layout.nbodies() != lm.nbodies()) {
    error = {sim.lsystem().rules->path, {},
             "the drawing (" + std::to_string(drawn->size()) + " modules) is not the one the model's " +
                 std::to_string(lm.nbodies()) + " bodies were laid out on (" +
                 std::to_string(layout.module_body.size()) + " modules, " + std::to_string(layout.nbodies()) +
                 " bodies): the plant cannot be drawn as it moves"};
    return false;
  }
  const BodyPoses poses{&layout.module_body, body_motions(layout, sim.pose().oMi)};
  g = interpret(*drawn, topt, &poses);
  g.module_body = layout.module_body;
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
  if (!draw_living(sim, out.geometry, error)) return false;
  Geometry& g = out.geometry;
  if (opts.pot && settings.kinematic_base && living) add_pot(sim.pose().base_p, g);
  if (opts.contacts && living) add_contact_marks(sim.contacts(), g);
  add_world(settings, opts, out);
  return true;
}

bool build_scene(const Lsystem& ls, const RunSettings& settings, const SceneOptions& opts, Scene& out,
                 grammar::Diagnostic& error) {
  if (!draw_string_as_written(ls, settings.max_modules, out.geometry, error)) return false;
  add_world(settings, opts, out);
  return true;
}

}  // namespace lsd::interp
