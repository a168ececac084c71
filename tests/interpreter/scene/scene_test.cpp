// Tests of interpreter/scene/src/scene.cpp: the scene of a living plant
// carries each body where the physics posed it (one forward kinematics,
// docs/architecture.md), and draws the drawing its model was built from.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <string>

#include "interpreter/scene/scene.hpp"
#include "interpreter/turtle/turtle.hpp"
#include "support/lsd_test.hpp"

using namespace lsd;

namespace {

// A plant whose drawing depends on the world's directions (a tropism after
// every F, `$` before each branch's leaf), with leaves (polygons: drawing,
// not bodies) on its branches: every F a body with a joint (joints: auto),
// swaying in a wind.
const char* kBentPlant =
    "derivation length: 4\n"
    "angle: 30\n"
    "tropism: 0 -1 0 0.25\n"
    "axiom: F(2) A\n"
    "A --> F(1) [ +F(1) $ ;(2) { . -f(0.3) . +f(0.3) . } ] /(90) A\n"
    "dynamics:\n"
    "  body: F\n"
    "  joints: auto\n"
    "  young: 2e7\n"
    "  wind: 4 0 2\n";

struct Swayed {
  interp::Simulation sim;
  interp::Scene scene;
};

// The plant of `text` (a file's text at `path`; with a folder, read from
// there) grown and moved for `seconds` (with --sway: soft, in a wind), and its scene.
void sway(const char* text, const std::string& path, double seconds, Swayed& out, bool sway_flag = false,
          bool folder = false) {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  interp::LoadOptions o;
  o.compile.sway = sway_flag;
  const bool loaded = folder ? interp::load_lsystem(path, o, ls, diags) : interp::load_lsystem_text(text, path, o, ls, diags);
  INFO((diags.empty() ? "" : diags[0].message));
  REQUIRE(loaded);
  interp::RunSettings settings = interp::file_settings(*ls.rules);
  if (sway_flag) {
    settings.wind = dyn::Vec3(6, 0, 3);
    settings.young = 1e7;
  }
  REQUIRE(out.sim.start(std::move(ls), settings, diags));
  REQUIRE(out.sim.advance_to(seconds, diags));
  grammar::Diagnostic error;
  REQUIRE(interp::build_scene(out.sim, interp::plant_only(), out.scene, error));
}

// The drawn segment of each module.
std::map<std::uint32_t, const interp::Geometry::Segment*> segments_by_module(const interp::Geometry& g) {
  std::map<std::uint32_t, const interp::Geometry::Segment*> by;
  for (const auto& s : g.segments) by[s.module] = &s;
  return by;
}

// The largest distance between each body piece's drawn segment in g and
// that body's capsule where the physics has it (oMi).
double farthest_from_capsules(const interp::LivingModel& lm, const dyn::Data& pose, const interp::Geometry& g) {
  const auto drawn = segments_by_module(g);
  double far = 0;
  for (std::size_t k = 0; k < lm.layout.pieces.size(); ++k) {
    const interp::BodyPiece& p = lm.layout.pieces[k];
    const dyn::Capsule& c = lm.model.contact.capsules[k];
    const dyn::SE3& oMi = pose.oMi[std::size_t(p.body)];
    const auto it = drawn.find(p.module);
    REQUIRE(it != drawn.end());
    far = std::max({far, (it->second->p0 - oMi.act(c.a)).norm(), (it->second->p1 - oMi.act(c.b)).norm()});
  }
  return far;
}

// The largest joint angle of the pose.
double largest_bend(const interp::LivingModel& lm, const dyn::Data& pose) {
  double bend = 0;
  for (int k = 1; k < lm.nbodies(); ++k) bend = std::max(bend, 2 * std::acos(std::min(1.0, std::abs(pose.q[std::size_t(k)].w()))));
  return bend;
}

}  // namespace

TEST_CASE("the scene draws each body where the physics posed it: its segments are the model's capsules at oMi") {
  Swayed s;
  sway(kBentPlant, "bent.ls", 1.5, s);
  const interp::LivingModel& lm = s.sim.living();
  const dyn::Data& pose = s.sim.pose();
  REQUIRE(lm.nbodies() == 9);
  REQUIRE(largest_bend(lm, pose) > 0.02);  // the plant is bent, not at rest
  const double size = 6;                   // (the plant is about 6 units tall)
  CHECK(farthest_from_capsules(lm, pose, s.scene.geometry) < 1e-12 * size * lm.nbodies());
  // The body each drawn module rides on is the layout's.
  CHECK(s.scene.geometry.module_body == lm.layout.module_body);
  // The string drawn as written, the joints turning the turtle by their
  // state, re-applies the tropism and `$` in the bent pose: its segments are
  // not where the bodies are (what the scene no longer draws).
  grammar::Diagnostic error;
  const interp::ModuleString* drawn = s.sim.drawn(error);
  REQUIRE(drawn);
  const interp::Geometry written = interp::interpret(*drawn, interp::turtle_options(*s.sim.lsystem().rules));
  CHECK(farthest_from_capsules(lm, pose, written) > 1e-6);
}

TEST_CASE("what rides on a body is carried with it: the scene is the rest drawing moved by oMi · rest⁻¹") {
  Swayed s;
  sway(kBentPlant, "bent.ls", 1.5, s);
  const interp::LivingModel& lm = s.sim.living();
  grammar::Diagnostic error;
  const interp::ModuleString* drawn = s.sim.drawn(error);
  REQUIRE(drawn);
  // The rest drawing: every body carried by the identity.
  const interp::BodyPoses rest{&lm.layout.module_body, std::vector<dyn::SE3>(std::size_t(lm.nbodies()))};
  const interp::Geometry g0 = interp::interpret(*drawn, interp::turtle_options(*s.sim.lsystem().rules), &rest);
  const interp::Geometry& g = s.scene.geometry;
  const std::vector<dyn::SE3> moved = interp::body_motions(lm.layout, s.sim.pose().oMi);
  REQUIRE(g.polygons.size() == g0.polygons.size());
  REQUIRE(g.polygons.size() >= 3);  // the leaves
  double far = 0, travelled = 0;
  for (std::size_t k = 0; k < g.polygons.size(); ++k) {
    const int body = lm.layout.module_body[g.polygons[k].module];
    REQUIRE(body >= 0);
    for (std::uint32_t v = g.polygons[k].first; v < g.polygons[k].first + g.polygons[k].count; ++v) {
      far = std::max(far, (g.polygon_vertices[v] - moved[std::size_t(body)].act(g0.polygon_vertices[v])).norm());
      travelled = std::max(travelled, (g.polygon_vertices[v] - g0.polygon_vertices[v]).norm());
    }
  }
  CHECK(travelled > 1e-3);  // the leaves moved with the plant
  CHECK(far < 1e-10);
}

TEST_CASE("a generalized cylinder along bodies stays whole as they bend: its pieces meet where the joints are") {
  // --sway on a cpfg stem whose cylinder axis is made of f moves (bodies):
  // the cylinder is drawn through the control points the bodies carry, so
  // the last cross-section of a piece is the first of the next.
  test::TempDir dir;
  dir.write("stem.l",
            "Lsystem: 1\n"
            "derivation length: 6\n"
            "Axiom: #(0.3) @Gs f(1) @Gc +(5) A @Ge\n"
            "A --> f(1) @Gc A\n"
            "endlsystem\n");
  dir.write("stem.v", "line style: cylinder\ncontour sides: 6\n");
  Swayed s;
  sway(nullptr, dir.path("."), 1.0, s, true, true);
  REQUIRE(s.sim.living().nbodies() >= 5);
  REQUIRE(largest_bend(s.sim.living(), s.sim.pose()) > 0.005);
  const interp::Geometry& g = s.scene.geometry;
  REQUIRE(g.polygons.size() > 8);
  // Quads of consecutive pieces (modules) share their edge: a vertex of the
  // first quad of a piece is a vertex of the piece before it.
  std::map<std::uint32_t, std::vector<std::uint32_t>> quads;  // module -> its quads
  for (std::uint32_t k = 0; k < g.polygons.size(); ++k) quads[g.polygons[k].module].push_back(k);
  REQUIRE(quads.size() >= 5);
  double worst = 0;
  const std::vector<std::uint32_t>* before = nullptr;
  for (const auto& [module, qs] : quads) {
    if (before) {
      const interp::Geometry::Polygon& first = g.polygons[qs.front()];
      for (std::uint32_t v = first.first; v < first.first + 2; ++v) {  // (the first edge: the piece's first section)
        double nearest = 1e300;
        for (std::uint32_t q : *before)
          for (std::uint32_t w = g.polygons[q].first; w < g.polygons[q].first + g.polygons[q].count; ++w)
            nearest = std::min(nearest, (g.polygon_vertices[w] - g.polygon_vertices[v]).norm());
        worst = std::max(worst, nearest);
      }
    }
    before = &qs;
  }
  CHECK(worst < 1e-12);
}

TEST_CASE("the homomorphism runs once for the model and the picture: its random numbers are the same in both") {
  // A cpfg model whose productions and homomorphism draw from one stream of
  // random numbers: the drawing goes on from where the derivation left it.
  const char* text =
      "Lsystem: 1\n"
      "seed: 5\n"
      "derivation length: 4\n"
      "Axiom: A(0)\n"
      "A(x) --> I(ran(1)) A(x + 1)\n"
      "homomorphism\n"
      "I(x) --> F(1 + ran(1))\n"
      "endlsystem\n";
  Swayed s;
  sway(text, "random.l", 0.0, s, true);
  const interp::LivingModel& lm = s.sim.living();
  REQUIRE(lm.layout.drawn);
  REQUIRE(lm.layout.pieces.size() == 4);
  const auto drawn = segments_by_module(s.scene.geometry);
  double lengths = 0;
  for (const interp::BodyPiece& p : lm.layout.pieces) {
    const auto it = drawn.find(p.module);
    REQUIRE(it != drawn.end());
    CHECK((it->second->p1 - it->second->p0).norm() == Approx(p.length).epsilon(1e-12));
    lengths += p.length;
  }
  CHECK(lengths > 4);  // (each 1 + ran(1))
  // That one drawing is cpfg's: the homomorphism's run after the view
  // volume's pass (no view file, so no box:; docs/language.md 9.3,
  // "Drawings"), not its first run from the derivation's stream.
  const interp::Lsystem& ls = s.sim.lsystem();
  grammar::Diagnostic error;
  const interp::ModuleString* model_drawing = s.sim.drawn(error);
  REQUIRE(model_drawing);
  interp::ModuleString as_cpfg, first;
  REQUIRE(interp::apply_homomorphism(ls, as_cpfg, {}).ok);
  CHECK(*model_drawing == as_cpfg);
  interp::Machine machine = ls.machine;
  interp::DeriveScratch scratch;
  scratch.machine = &machine;
  scratch.cpfg_rng = ls.scratch.cpfg_rng;
  scratch.cpfg_rng_ready = ls.scratch.cpfg_rng_ready;
  REQUIRE(interp::apply_homomorphism(*ls.rules, ls.current, first, {}, scratch).ok);
  CHECK_FALSE(*model_drawing == first);
}
