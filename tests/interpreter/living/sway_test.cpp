// Tests of --sway and joints: auto (docs/language.md 7.8): any drawn plant
// moves, ABOP's figures stand in the wind with the defaults.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "interpreter/living/simulation.hpp"
#include "interpreter/lsystem/auto_joints.hpp"
#include "interpreter/lsystem/string_io.hpp"
#include "support/lsd_test.hpp"

using namespace lsd;

namespace {

interp::LoadOptions sway() {
  interp::LoadOptions o;
  o.compile.sway = true;
  return o;
}

// The largest bend of any joint of the string from its rest (the norm of
// its rotation vector), in radians.
double max_bend(const interp::Lsystem& ls) {
  double m = 0;
  const interp::ModuleString& s = ls.current;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s.sym[i] == ls.rules->dynamics.joint && s.nparams(i) == 6)
      m = std::max(m, std::hypot(s.param(i)[0], s.param(i)[1], s.param(i)[2]));
  return m;
}

struct Swayed {
  bool ok = false;
  std::string error;
  double bend = 0;  // the largest bend seen, rad
  int bodies = 0;
};

// Runs a loaded model for `seconds` at dt 1/60 s in a wind of 3 m/s along
// x, watching the bends after every step; turtle_unit > 0 replaces the
// file's (a run setting: the compiled rules stay as loaded).
Swayed run_in_wind(interp::Lsystem ls, double seconds, double turtle_unit = 0) {
  Swayed r;
  interp::RunSettings settings = interp::file_settings(*ls.rules);
  if (turtle_unit > 0) settings.turtle_unit = turtle_unit;
  settings.dt = 1.0 / 60;
  settings.wind = dyn::Vec3(3, 0, 0);
  interp::Simulation sim;
  std::vector<grammar::Diagnostic> d;
  const interp::StepHooks hooks{nullptr, [&](interp::Simulation& s) {
                                  r.bend = std::max(r.bend, max_bend(s.lsystem()));
                                  return true;
                                }};
  r.ok = sim.start(std::move(ls), settings, d) && sim.advance_to(seconds, d, hooks);
  r.bodies = sim.living().nbodies();
  if (!d.empty()) r.error = d[0].message;
  return r;
}

interp::Lsystem load_file(const std::string& path, const interp::LoadOptions& o) {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  const bool ok = interp::load_lsystem(path, o, ls, d);
  INFO(path << ": " << (d.empty() ? "" : d[0].message));
  REQUIRE(ok);
  return ls;
}

}  // namespace

TEST_CASE("every ABOP example stands with --sway in a 3 m/s wind for 10 s at 1/60 s", "[.slow][sway]") {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(test::example("abop")))
    if (e.path().extension() == ".ls") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 20);
  for (const std::string& f : files) {
    interp::Lsystem ls = load_file(f, sway());
    // Fig. 2.8c is 33,000 turtle units tall: at the default unit a tree of
    // 330 m whose trunk (210 m, radius 0.4 m, as wide as drawn) buckles
    // under its own weight, as wood would; at 0.1 mm per unit (3.3 m) it
    // stands (docs/language.md 7.8).
    const Swayed r = run_in_wind(std::move(ls), 10, f.ends_with("fig2_8c.ls") ? 1e-4 : 0);
    INFO(f << ": " << r.error << " bodies " << r.bodies << " bend " << r.bend);
    WARN(f << " bodies " << r.bodies << " max bend " << r.bend);
    CHECK(r.ok);
    CHECK(r.bodies > 1);
    CHECK(r.bend <= 1.0);
  }
}

namespace {

std::string text_of(const interp::Lsystem& ls, const interp::ModuleString& s) {
  return interp::string_to_text(s, ls.rules->symbols);
}

// The string after n steps, with and without --sway (the joints removed).
std::pair<std::string, std::string> both_ways(const std::string& path, long n, const std::string& text = {}) {
  std::string out[2];
  for (int k = 0; k < 2; ++k) {
    interp::LoadOptions o;
    o.compile.sway = k == 1;
    interp::Lsystem ls;
    std::vector<grammar::Diagnostic> d;
    const bool loaded = text.empty() ? interp::load_lsystem(path, o, ls, d) : interp::load_lsystem_text(text, path, o, ls, d);
    INFO(path << ": " << (d.empty() ? "" : d[0].message));
    REQUIRE(loaded);
    REQUIRE(interp::derive(ls, n, {}, d));
    if (k == 1) {
      REQUIRE(ls.rules->dynamics.auto_joints);
      CHECK(text_of(ls, ls.current).find(" J ") != std::string::npos);  // the joints are in the string (at rest: bare)
    }
    out[k] = text_of(ls, k == 1 ? interp::without_joints(*ls.rules, ls.current) : ls.current);
  }
  return {out[0], out[1]};
}

// A context-sensitive, stochastic cpfg model of ours: a signal B climbs
// the stem (left context across the inserted joints), the apex branches
// at random (right context), turns ignored.
const char* kSignalBush =
    "Lsystem: 1\n"
    "seed: 7\n"
    "derivation length: 9\n"
    "ignore: +-/\n"
    "Axiom: F(1) B F(1) F(1) A\n"
    "B < F(l) --> F(l * 1.1) B\n"
    "F(l) > A : * --> F(l) [ +(30) F(l * 0.7) A ] /(90) F(l) : 2\n"
    "F(l) > A : * --> F(l) /(45) F(l * ran(1)) : 1\n"
    "endlsystem\n";

}  // namespace

TEST_CASE("context-sensitive models derive the same string with and without --sway, joints removed", "[sway]") {
  for (const char* fig : {"fig1_31a", "fig1_31b", "fig1_31c", "fig1_31d", "fig1_31e"}) {
    const auto [plain, swayed] = both_ways(test::example(std::string("abop/") + fig + ".ls"), 30);
    INFO(fig);
    CHECK(plain.size() > 100);
    CHECK(plain == swayed);
  }
  // cpfg's derivation: contexts over the joints, one random number per module (not per joint)
  const auto [plain, swayed] = both_ways("signal_bush.l", 9, kSignalBush);
  CHECK(plain.find('[') != std::string::npos);
  CHECK(plain == swayed);
  const auto [p2, s2] = both_ways(std::string(LSD_SOURCE_DIR) + "/tests/cpfg_cases/stochastic_plant.l", 10);
  CHECK(p2 == s2);
}

TEST_CASE("joints: auto: a joint at rest before every body but the first, kept by a production that rewrites "
          "the body, new bodies at rest",
          "[sway]") {
  const char* text =
      "derivation length: 3\n"
      "axiom: F(1) +(20) F(1) [ -(30) F(1) ] A\n"
      "F(l) --> F(l * 1.2)\n"
      "A --> F(1) A\n"
      "dynamics:\n body: F\n joints: auto\n wind: 3 0 0\n dt: 1/60\n grow every: 100\n";
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(test::load_text(text, ls, d));
  CHECK(text_of(ls, ls.current) == "F(1) +(20) J F(1) [ -(30) J F(1) ] A\n");  // (at rest: bare)
  const interp::RunSettings settings = interp::file_settings(*ls.rules);
  interp::Simulation sim;
  REQUIRE(sim.start(std::move(ls), settings, d));
  REQUIRE(sim.living().nbodies() == 3);
  REQUIRE(sim.advance_to(0.5, d));
  const interp::ModuleString before = sim.lsystem().current;
  REQUIRE(before.sym[2] == 'J');
  REQUIRE(before.sym[6] == 'J');
  CHECK(std::hypot(before.param(2)[0], before.param(2)[1], before.param(2)[2]) > 1e-6);  // the wind bent them
  REQUIRE(sim.grow(1, d));
  const interp::Lsystem& grown = sim.lsystem();
  const interp::ModuleString& after = grown.current;
  CHECK(text_of(grown, after).substr(0, 10) == "F(1.2) +(2");
  CHECK(text_of(grown, interp::without_joints(*grown.rules, after)) == "F(1.2) +(20) F(1.2) [ -(30) F(1.2) ] F(1) A\n");
  // the joints before the rewritten bodies keep their bends and speeds, bit for bit
  REQUIRE(after.sym[2] == 'J');
  REQUIRE(after.sym[6] == 'J');
  for (int k = 0; k < 6; ++k) {
    CHECK(after.param(2)[k] == before.param(2)[k]);
    CHECK(after.param(6)[k] == before.param(6)[k]);
  }
  // the new body F(1) after the branch has a new joint at rest
  REQUIRE(after.size() == before.size() + 2);
  REQUIRE(after.sym[9] == 'J');
  for (int k = 0; k < 6; ++k) CHECK(after.param(9)[k] == 0);
  CHECK(sim.living().nbodies() == 4);
}

namespace {

// Grows and sways a model with --sway in the wind (a derivation step every
// 0.5 s) until `until`, starting from the saved string `from` when given;
// its trace rows, and the saved text at the end.
std::vector<std::string> grown_in_wind(const std::string& path, const std::string& text, double until,
                                       const std::string& from, std::string* saved) {
  interp::LoadOptions o = sway();
  o.axiom_file = from;
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(interp::load_lsystem_text(text, path, o, ls, d));
  std::vector<std::string> rows;
  const bool ok = test::simulate(
      ls, until, d, [&](const interp::TraceRow& r) { rows.push_back(interp::trace_line(r)); },
      [](interp::RunSettings& s) {
        s.wind = dyn::Vec3(3, 0, 0);
        s.dt = 1.0 / 60;
        s.grow_every = 0.5;
      });
  INFO((d.empty() ? "" : d[0].message));
  REQUIRE(ok);
  if (saved) *saved = interp::saved_text(ls);
  return rows;
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("a plant grows while it sways, and a run continued from a saved string equals a run straight through",
          "[sway]") {
  const test::TempDir tmp;
  for (const auto& [path, text] : {std::pair{std::string("fig2_6a.ls"), file_text(test::example("abop/fig2_6a.ls"))},
                                   std::pair{std::string("sway_bush.l"), file_text(test::example("cpfg/sway_bush.l"))}}) {
    INFO(path);
    std::string at_half, straight_end, resumed_end;
    const std::vector<std::string> straight = grown_in_wind(path, text, 3, "", &straight_end);
    grown_in_wind(path, text, 1.3, "", &at_half);
    // the saved string holds the inserted joints, bent by the wind
    CHECK(at_half.find("J(0,0,0,0,0,0)") == std::string::npos);
    CHECK(at_half.find(" J ") == std::string::npos);
    CHECK(at_half.find(" J(") != std::string::npos);
    const std::string saved = tmp.path("half.txt");
    std::string err;
    REQUIRE(interp::write_file_atomic(saved, at_half, &err));
    const std::vector<std::string> resumed = grown_in_wind(path, text, 3, saved, &resumed_end);
    REQUIRE(resumed.size() > 60);
    REQUIRE(straight.size() > resumed.size());
    const std::vector<std::string> tail(straight.end() - std::ptrdiff_t(resumed.size()), straight.end());
    CHECK(tail == resumed);
    CHECK(straight_end == resumed_end);
    // it grew: more bodies at the end than at 1.3 s
    CHECK(straight.back() != straight.front());
  }
}

namespace {

// The thesis cantilever (examples/dynamics/cantilever.ls: 1 m, r 1 cm, n = 10)
// written with drawn segments in centimetres, or with B and J in metres;
// springs: a springs: key's line, or none (docs/language.md 7.5).
std::string cantilever(bool drawn, double zeta, const std::string& springs = "  springs: thesis\n") {
  const std::string materials = "  young: 8100e6\n  density: 923\n  poisson: 0.3\n  gravity: 9.81\n  drag: 0\n"
                                "  damping ratio: " + std::to_string(zeta) + "\n  dt: 0.005\n" + springs;
  if (drawn)
    return "derivation length: 10\naxiom: -(90) !(2) F(10) A(10)\nA(k) : k > 0 --> F(10) A(k - 1)\n"
           "dynamics:\n  body: F\n  joints: auto\n  turtle unit: 0.01\n" + materials;
  return "derivation length: 10\naxiom: -(90) B(0.1, 0.01) A(10)\nA(k) : k > 0 --> J B(0.1, 0.01) A(k - 1)\n"
         "dynamics:\n" + materials;
}

std::vector<interp::TraceRow> cantilever_run(bool drawn, double zeta, double until,
                                             const std::string& springs = "  springs: thesis\n") {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(test::load_text(cantilever(drawn, zeta, springs), ls, d));
  std::vector<interp::TraceRow> rows;
  REQUIRE(test::simulate(ls, until, d, [&](const interp::TraceRow& r) { rows.push_back(r); }));
  return rows;
}

}  // namespace

TEST_CASE("an F-segment cantilever with joints: auto is the same beam as with B and J: sag and period", "[sway]") {
  // Sag: settled (damping ratio 0.7), the thesis table's 0.0067664 m.
  const std::vector<interp::TraceRow> a = cantilever_run(true, 0.7, 4), b = cantilever_run(false, 0.7, 4);
  REQUIRE(a.size() == b.size());
  CHECK(a.back().bodies == 11);
  CHECK(b.back().bodies == 11);
  CHECK(-a.back().tip.y() == Approx(0.0067664).epsilon(0.002));
  CHECK(a.back().tip.y() == Approx(b.back().tip.y()).epsilon(1e-9));
  CHECK(a.back().elastic == Approx(b.back().elastic).epsilon(1e-9));
  // Period: undamped, the tips swing together (the same zero crossings of
  // the velocity) for 2 s; the swing is there (some millimetres).
  const std::vector<interp::TraceRow> c = cantilever_run(true, 0, 2), e = cantilever_run(false, 0, 2);
  REQUIRE(c.size() == e.size());
  double lo = 0, diff = 0;
  for (std::size_t k = 0; k < c.size(); ++k) {
    lo = std::min(lo, e[k].tip.y());
    diff = std::max(diff, std::abs(c[k].tip.y() - e[k].tip.y()));
  }
  CHECK(lo < -0.01);
  CHECK(diff < 1e-9);
}

TEST_CASE("the F-segment cantilever's default springs are second order: within 1.2% of the beam's sag", "[sway]") {
  // docs/dynamics.md, "Rigid chains: second order": joints: auto gives the
  // clamp 2EI/l; the beam's w L^4 / (8 E I) = 5.590 mm, the thesis's layout 21% more.
  const double w = 923 * 9.81 * M_PI * 1e-4, ei = 8100e6 * M_PI * 1e-8 / 4;
  const std::vector<interp::TraceRow> a = cantilever_run(true, 0.7, 4, ""),
                                      b = cantilever_run(false, 0.7, 4, "  springs: second order\n");
  REQUIRE(a.size() == b.size());
  CHECK(-a.back().tip.y() == Approx(w / (8 * ei)).epsilon(0.012));
  CHECK(a.back().tip.y() == Approx(b.back().tip.y()).epsilon(1e-9));
  CHECK(a.back().elastic == Approx(b.back().elastic).epsilon(1e-9));
}

namespace {

std::string first_error(const std::string& text, const std::string& path, bool sway_flag) {
  interp::LoadOptions o;
  o.compile.sway = sway_flag;
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  if (interp::load_lsystem_text(text, path, o, ls, d)) return "";
  for (const auto& x : d)
    if (!x.warning) return x.message;
  return "?";
}

}  // namespace

TEST_CASE("--sway and joints: auto: clear messages for models that cannot sway so", "[sway]") {
  // nothing drawn that could be a body: a polygon only
  CHECK_THAT(first_error("axiom: { . f + f + f }\n", "a.ls", true), Catch::Contains("draws no segment 'F'"));
  // F with two parameters in a .ls file
  CHECK_THAT(first_error("axiom: F(1, 2) F(1)\n", "a.ls", true), Catch::Contains("--sway needs F with at most one"));
  // a body symbol the turtle uses for something else
  CHECK_THAT(first_error("axiom: F + F\ndynamics:\n body: +\n joints: auto\n", "a.ls", false),
             Catch::Contains("names a module the turtle uses"));
  // the joint symbol used by the model itself
  CHECK_THAT(first_error("axiom: F J(1) F\ndynamics:\n body: F\n joints: auto\n", "a.ls", false),
             Catch::Contains("is the joint symbol of joints: auto"));
  // --sway on a model that writes J itself takes another symbol, with a warning
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(interp::load_lsystem_text("axiom: F J(1) F\n", "a.ls", sway(), ls, d));
  CHECK(ls.rules->dynamics.joint == 'Q');
  CHECK(text_of(ls, ls.current) == "F J(1) Q F\n");
  // a model with a dynamics: section of its own is left as it is by --sway
  REQUIRE(interp::load_lsystem_text("axiom: B(1, 0.1) J B(1, 0.1)\ndynamics:\n gravity: 9.81\n", "a.ls", sway(), ls, d));
  CHECK(!ls.rules->dynamics.auto_joints);
  CHECK(ls.rules->dynamics.body == 'B');
}
