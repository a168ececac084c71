// Tests of interpreter/lsystem/src/keys.cpp: the vocabulary of `key: value`
// lines (docs/language.md sections 2.4 and 7.2). Every dynamics: key reaches
// the field it names, its range is checked with the value's position, a key
// given twice is an error, and a file edit merges into the live settings key
// by key.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <string>

#include "interpreter/lsystem/keys.hpp"
#include "support/lsd_test.hpp"

namespace {

using lsd::interp::RunSettings;
using lsd::grammar::KeySection;

// The file's settings of a dynamics: section made of `lines`; fails the test
// when it does not compile.
RunSettings settings_of(const std::string& lines) {
  lsd::interp::Lsystem ls;
  std::vector<lsd::grammar::Diagnostic> d;
  INFO(lines);
  REQUIRE(lsd::test::load_text("axiom: B(1, 0.1) J B(1, 0.1)\ndynamics:\n" + lines, ls, d));
  return lsd::interp::file_settings(*ls.rules);
}

// The first diagnostic of a dynamics: section that must not compile.
lsd::grammar::Diagnostic error_of(const std::string& lines) {
  lsd::interp::Lsystem ls;
  std::vector<lsd::grammar::Diagnostic> d;
  INFO(lines);
  CHECK_FALSE(lsd::test::load_text("axiom: B(1, 0.1)\ndynamics:\n" + lines, ls, d));
  REQUIRE_FALSE(d.empty());
  return d[0];
}

}  // namespace

TEST_CASE("find_key knows every key of both tables, and nothing else") {
  for (const char* k : {"axiom", "derivation length", "angle", "step", "width", "seed", "ignore", "consider",
                        "module", "tropism", "random", "parameters", "start", "end each", "define"})
    CHECK(lsd::interp::find_key(KeySection::kHeader, k) != nullptr);
  for (const char* k : {"body", "joint", "gravity", "density", "young", "poisson", "damping ratio", "damping", "wind",
                        "drag", "base", "dt", "grow every", "integrator", "dissipation", "stiffness damping",
                        "max turn", "ground", "pole", "sphere", "contact stiffness", "contact damping", "friction",
                        "self contact", "tie stiffness", "springs"})
    CHECK(lsd::interp::find_key(KeySection::kDynamics, k) != nullptr);
  CHECK(lsd::interp::find_key(KeySection::kDynamics, "axiom") == nullptr);
  CHECK(lsd::interp::find_key(KeySection::kHeader, "gravity") == nullptr);
  CHECK(lsd::interp::find_key(KeySection::kDynamics, "gravitty") == nullptr);
}

TEST_CASE("every dynamics: key reaches its field") {
  const RunSettings defaults;
  struct Case {
    const char* line;
    std::function<bool(const RunSettings&)> holds;
  };
  const Case cases[] = {
      {"gravity: 3", [](const RunSettings& s) { return s.gravity == Eigen::Vector3d(0, -3, 0); }},
      {"gravity: 1 2 3", [](const RunSettings& s) { return s.gravity == Eigen::Vector3d(1, 2, 3); }},
      {"density: 700", [](const RunSettings& s) { return s.density == 700; }},
      {"young: 2e9", [](const RunSettings& s) { return s.young == 2e9; }},
      {"poisson: 0.25", [](const RunSettings& s) { return s.poisson == 0.25; }},
      {"damping ratio: 0.3", [](const RunSettings& s) { return s.damping_ratio == 0.3 && s.use_damping_ratio; }},
      {"damping: 0.01", [](const RunSettings& s) { return s.damping == 0.01 && !s.use_damping_ratio; }},
      {"wind: 1 0 -2", [](const RunSettings& s) { return s.wind == Eigen::Vector3d(1, 0, -2); }},
      {"drag: 4", [](const RunSettings& s) { return s.drag == 4; }},
      {"base: floating", [](const RunSettings& s) { return s.floating_base; }},
      {"dt: 0.004", [](const RunSettings& s) { return s.dt == 0.004; }},
      {"grow every: 2", [](const RunSettings& s) { return s.grow_every == 2; }},
      {"integrator: explicit", [](const RunSettings& s) { return s.integrator == lsd::interp::Integrator::kExplicit; }},
      {"dissipation: 0.25", [](const RunSettings& s) { return s.rho_inf == 1 - 0.25; }},
      {"stiffness damping: 0.02", [](const RunSettings& s) { return s.stiffness_damping == 0.02; }},
      {"max turn: 0.3", [](const RunSettings& s) { return s.max_turn == 0.3; }},
      {"ground: -0.5",
       [](const RunSettings& s) {
         return s.obstacles.size() == 1 && s.obstacles[0].kind == lsd::interp::ObstacleKind::kGround &&
                s.obstacles[0].centre.y() == -0.5;
       }},
      {"pole: 1 2 0.1 3",
       [](const RunSettings& s) {
         return s.obstacles.size() == 1 && s.obstacles[0].kind == lsd::interp::ObstacleKind::kPole &&
                s.obstacles[0].centre == Eigen::Vector3d(1, 0, 2) && s.obstacles[0].radius == 0.1 &&
                s.obstacles[0].top == 3;
       }},
      {"sphere: 1 2 3 0.5",
       [](const RunSettings& s) {
         return s.obstacles.size() == 1 && s.obstacles[0].kind == lsd::interp::ObstacleKind::kSphere &&
                s.obstacles[0].centre == Eigen::Vector3d(1, 2, 3) && s.obstacles[0].radius == 0.5;
       }},
      {"contact stiffness: 3e4", [](const RunSettings& s) { return s.contact_stiffness == 3e4; }},
      {"contact damping: 20", [](const RunSettings& s) { return s.contact_damping == 20; }},
      {"friction: 0.8", [](const RunSettings& s) { return s.friction == 0.8; }},
      {"self contact: on", [](const RunSettings& s) { return s.self_contact; }},
      {"tie stiffness: 500", [](const RunSettings& s) { return s.tie_stiffness == 500; }},
      {"springs: second order", [](const RunSettings& s) { return s.second_order_springs; }},
  };
  for (const Case& c : cases) {
    INFO(c.line);
    CHECK_FALSE(c.holds(defaults));  // the case can fail: the default is something else
    CHECK(c.holds(settings_of(std::string("  ") + c.line + "\n")));
  }
  // Poles and spheres may be given more than once; they add up.
  CHECK(settings_of("  pole: 0 0 0.1\n  pole: 1 1 0.1\n  sphere: 0 1 0 0.2\n").obstacles.size() == 3);
}

TEST_CASE("springs: the thesis's layout unless the file says, second order with joints: auto") {
  // docs/language.md 7.5: plants whose joints lsd inserts are built at second order.
  CHECK_FALSE(settings_of("").second_order_springs);
  CHECK(settings_of("  joints: auto\n").second_order_springs);
  CHECK_FALSE(settings_of("  joints: auto\n  springs: thesis\n").second_order_springs);
  CHECK(settings_of("  springs: second order\n").second_order_springs);
}

TEST_CASE("a value out of a key's range, or a key given twice, is an error at its position") {
  const auto bad = error_of("  density: -1\n");
  CHECK(bad.pos.line == 3);
  CHECK(bad.pos.col == 12);
  CHECK(bad.message.find("'density:' must be greater than 0") != std::string::npos);
  CHECK(error_of("  poisson: 0.7\n").message.find("greater than -1 and less than 0.5") != std::string::npos);
  CHECK(error_of("  base: rolling\n").message.find("'fixed' or 'floating'") != std::string::npos);
  CHECK(error_of("  self contact: yes\n").message.find("'off' or 'on'") != std::string::npos);
  CHECK(error_of("  springs: 2nd\n").message.find("'thesis' or 'second order'") != std::string::npos);
  CHECK(error_of("  wind: 1 2\n").message.find("three values") != std::string::npos);
  CHECK(error_of("  pole: 0 0 -1\n").message.find("radius greater than 0") != std::string::npos);
  const auto twice = error_of("  dt: 0.01\n  dt: 0.02\n");
  CHECK(twice.pos.line == 4);
  CHECK(twice.message == "'dt:' is given twice");
  CHECK(error_of("  damping: 0.1\n  damping ratio: 0.1\n").message.find("not both") != std::string::npos);
}

TEST_CASE("merge_file_changes: the keys the file changed take the file's value, the others keep the live one") {
  const RunSettings old_file = settings_of("  dt: 0.01\n  friction: 0.3\n  wind: 1 0 0\n");
  const RunSettings new_file = settings_of("  dt: 0.02\n  friction: 0.3\n  wind: 1 0 0\n  ground: 0\n");
  RunSettings live = old_file;
  live.friction = 0.9;                        // a slider the user moved
  live.wind = Eigen::Vector3d(0, 0, 5);       // another
  live.young_scale = 3;                       // a setting no key names
  lsd::interp::merge_file_changes(old_file, new_file, live);
  CHECK(live.dt == 0.02);                     // edited in the file
  CHECK(live.obstacles == new_file.obstacles);  // added in the file
  CHECK(live.friction == 0.9);                // not edited: the user's value stays
  CHECK(live.wind == Eigen::Vector3d(0, 0, 5));
  CHECK(live.young_scale == 3);
}

TEST_CASE("key_names lists both tables for \"did you mean\", and an unknown key gets the closest") {
  const auto header = lsd::interp::key_names(KeySection::kHeader), dynamics = lsd::interp::key_names(KeySection::kDynamics);
  for (const auto& n : header) CHECK(lsd::interp::find_key(KeySection::kHeader, n) != nullptr);
  for (const auto& n : dynamics) CHECK(lsd::interp::find_key(KeySection::kDynamics, n) != nullptr);
  CHECK(std::find(dynamics.begin(), dynamics.end(), "contact stiffness") != dynamics.end());
  CHECK(error_of("  contact stifness: 3\n").message ==
        "unknown dynamics key 'contact stifness' (did you mean 'contact stiffness'?)");
}
