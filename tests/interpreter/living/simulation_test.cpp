// Tests of interpreter/living/src/simulation.cpp: growth and motion on one string.
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <numbers>

#include "dynamics/samples.hpp"
#include "interpreter/living/simulation.hpp"
#include "interpreter/turtle/turtle.hpp"
#include "support/lsd_test.hpp"

using namespace lsd;

namespace {

interp::Lsystem loaded(const std::string& text, const interp::LoadOptions& o = {}) {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(test::load_text(text, ls, d, o));
  return ls;
}

double total(const interp::TraceRow& r) { return r.kinetic + r.potential + r.elastic; }

}  // namespace

TEST_CASE("a new joint starts at rest; a copied joint keeps its state; the energy does not jump") {
  // A swinging two-body chain whose tip grows zero-length bodies at 0.3 s steps.
  const char* text =
      "derivation length: 3\n"
      "axiom: B(0.2, 0.01) J(0, 0, 0.4, 0, 0, 0) B(0.2, 0.01) A\n"
      "A --> J B(0, 0.01) A\n"
      "dynamics:\n gravity: 9.81\n damping: 0\n grow every: 0.3\n dt: 0.001\n";
  interp::Lsystem loaded_ls = loaded(text);
  interp::Simulation sim;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(sim.start(loaded_ls, interp::file_settings(*loaded_ls.rules), d));
  const interp::Lsystem& ls = sim.lsystem();
  const double dt = sim.settings().dt;
  while (sim.time() < 0.3 - 0.5 * dt) {
    REQUIRE(sim.step(d));
    if (sim.time() < 0.3 - 0.5 * dt) REQUIRE(sim.grow(sim.due_steps(), d));
  }
  interp::TraceRow before = sim.trace_row();
  const interp::ModuleString old = ls.current;
  REQUIRE(sim.due_steps() == 1);
  REQUIRE(sim.grow(sim.due_steps(), d));
  REQUIRE(ls.steps_done == 1);
  interp::TraceRow after = sim.trace_row();
  CHECK(after.bodies == before.bodies + 1);
  // the swinging joint was copied with its state, bit for bit
  REQUIRE(ls.current.sym[1] == 'J');
  REQUIRE(ls.current.sym[3] == 'J');
  for (int k = 0; k < 6; ++k) CHECK(ls.current.param(1)[k] == old.param(1)[k]);
  CHECK(old.param(1)[5] != 0);  // it was moving
  // the new joint starts at rest
  for (int k = 0; k < 6; ++k) CHECK(ls.current.param(3)[k] == 0);
  CHECK(total(after) == Approx(total(before)).epsilon(1e-12));
  CHECK(after.kinetic == Approx(before.kinetic).epsilon(1e-12));
}

TEST_CASE("running to T equals running to T/2, saving and resuming to T, bit for bit") {
  auto fig = test::example("dynamics/cantilever.ls");
  std::vector<std::string> full, second;
  {
    interp::Lsystem ls;
    std::vector<grammar::Diagnostic> d;
    REQUIRE(interp::load_lsystem(fig, {}, ls, d));
    REQUIRE(test::simulate(ls, 0.6, d, [&](const interp::TraceRow& r) { full.push_back(interp::trace_line(r)); }));
  }
  const test::TempDir tmp;
  const std::string saved = tmp.path("half.txt");
  {
    interp::Lsystem ls;
    std::vector<grammar::Diagnostic> d;
    REQUIRE(interp::load_lsystem(fig, {}, ls, d));
    REQUIRE(test::simulate(ls, 0.3, d));
    std::string err;
    REQUIRE(interp::write_file_atomic(saved, interp::saved_text(ls), &err));
  }
  {
    interp::LoadOptions o;
    o.axiom_file = saved;
    interp::Lsystem ls;
    std::vector<grammar::Diagnostic> d;
    REQUIRE(interp::load_lsystem(fig, o, ls, d));
    REQUIRE(test::simulate(ls, 0.6, d, [&](const interp::TraceRow& r) { second.push_back(interp::trace_line(r)); }));
  }
  REQUIRE(second.size() > 10);
  REQUIRE(full.size() > second.size());
  std::vector<std::string> tail(full.end() - std::ptrdiff_t(second.size()), full.end());
  CHECK(tail == second);
}

TEST_CASE("the thesis cantilever written as a .ls file settles to the thesis table (n = 10, 25)") {
  for (auto [n, expected] : {std::pair{10, 0.0067664}, std::pair{25, 0.0060488}}) {
    interp::LoadOptions o;
    o.compile.defines = {{"N", double(n)}};
    interp::Lsystem ls;
    std::vector<grammar::Diagnostic> d;
    REQUIRE(interp::load_lsystem(test::example("dynamics/cantilever.ls"), o, ls, d));
    interp::TraceRow last;
    REQUIRE(test::simulate(ls, 4, d, [&](const interp::TraceRow& r) { last = r; }));
    CHECK(last.bodies == n + 1);
    CHECK(last.kinetic < 1e-12);
    CHECK(-last.tip.y() == Approx(expected).epsilon(0.002));
  }
}

TEST_CASE("a production that reads a joint's bend changes the grown shape") {
  // A segment whose next joint droops by more than 0.005 rad grows a bud (@O).
  const char* text =
      "derivation length: 6\n"
      "axiom: B(0.1, 0.01) -(90) J B(0.1, 0.002) A\n"
      "B(l, r) > J(a, b, c, d, e, f) : abs(c) > 0.005 && r < 0.0021 --> B(l, 0.0021) [ @O(0.01) ]\n"
      "A --> B(0.05, 0.002) J A\n"
      "dynamics:\n young: 1e9\n grow every: 0.2\n dt: 0.002\n damping ratio: 0.5\n";
  auto grown = [&](double g) {
    interp::LoadOptions o;
    interp::Lsystem ls = loaded(std::string(text) + " gravity: " + std::to_string(g) + "\n", o);
    std::vector<grammar::Diagnostic> d;
    REQUIRE(test::simulate(ls, 1.3, d));
    return interp::string_to_text(ls.current, ls.rules->symbols);
  };
  std::string on_earth = grown(9.81), in_space = grown(0);
  CHECK(on_earth != in_space);
  CHECK(on_earth.find("@O") != std::string::npos);
  CHECK(in_space.find("@O") == std::string::npos);
}

TEST_CASE("query modules see the deformed pose") {
  interp::Lsystem ls = loaded("axiom: B(1,0.1) J(0,0,1.5707963267948966,0,0,0) B(1,0.1) ?P(0,0,0)\ndynamics:\n");
  interp::fill_queries(ls.current, interp::turtle_options(*ls.rules));
  const double* p = ls.current.param(3);
  CHECK(p[0] == Approx(-1));
  CHECK(p[1] == Approx(1));
}

TEST_CASE("an unstable explicit step stops with the joint named, keeping the last finite string") {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  interp::LoadOptions o;
  o.compile.defines = {{"N", 25}};
  REQUIRE(interp::load_lsystem(test::example("dynamics/cantilever.ls"), o, ls, d));
  CHECK_FALSE(test::simulate(ls, 2, d, nullptr, [](interp::RunSettings& s) {
    s.integrator = interp::Integrator::kExplicit;
    s.dt = 0.01;
  }));
  REQUIRE(!d.empty());
  CHECK_THAT(d.back().message, Catch::Contains("diverged: the joint at module"));
  CHECK_THAT(d.back().message, Catch::Contains("--integrator implicit"));
  for (double v : ls.current.params) REQUIRE(std::isfinite(v));
}

TEST_CASE("a run whose clock cannot count its steps is refused, not looped for ever") {
  // derive_fuzz found it: at t=4.8e13 s, t + 0.001 == t, so time never
  // reached the end while the step-count bound saw only 6 steps to take.
  const char* text = "axiom: B(0.1, 0.01) J B(0.1, 0.01)\ndynamics:\n dt: 0.001\n";
  interp::Lsystem ls = loaded(text);
  ls.clock.origin = 48347483431661.0;
  std::vector<grammar::Diagnostic> d;
  CHECK_FALSE(test::simulate(ls, ls.time() + 0.0055, d));
  REQUIRE(!d.empty());
  CHECK_THAT(d.back().message, Catch::Contains("cannot count steps of dt=0.001"));
  // a large time with room for its steps still runs: t = 1e6 s counts ms to ~1e-10 s
  interp::Lsystem ok = loaded(text);
  ok.clock.origin = 1e6;
  d.clear();
  CHECK(test::simulate(ok, 1e6 + 0.01, d));
  CHECK(ok.time() == Approx(1e6 + 0.01).epsilon(1e-12));
}

TEST_CASE("a floating base keeps its pose and velocity in @M and falls freely") {
  interp::Lsystem ls = loaded(
      "axiom: B(0.1, 0.05) J(0, 0, 0.3, 0, 0, 0) B(0.2, 0.01)\n"
      "dynamics:\n base: floating\n gravity: 9.81\n dt: 0.001\n damping ratio: 0.5\n");
  std::vector<grammar::Diagnostic> d;
  REQUIRE(test::simulate(ls, 0.5, d));
  REQUIRE(ls.current.sym[0] == interp::kSymBase);
  REQUIRE(ls.current.nparams(0) == 12);
  // the centre of mass falls at g; with the system internally settling, the base
  // follows it closely: y(0.5) ~ -g t^2 / 2, vy ~ -g t (within the internal motion)
  const double* m = ls.current.param(0);
  CHECK(m[1] == Approx(-0.5 * 9.81 * 0.25).epsilon(0.05));
  CHECK(m[7] == Approx(-9.81 * 0.5).epsilon(0.05));
  // and the drawn plant moves with the base
  auto g = interp::interpret(ls.current, interp::turtle_options(*ls.rules));
  CHECK(g.segments[0].p0.y() == Approx(m[1]));
}

namespace {
// examples/dynamics/cantilever.ls ten times softer (E = 810 MPa, period
// 0.4186 s) with `damping ratio: zeta`, run 3 s with the settings tweaked:
// the sway of its tip.
dyn::Swing soft_beam_sway(double zeta, const std::function<void(interp::RunSettings&)>& tweak) {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  interp::LoadOptions o;
  o.compile.defines = {{"E", 810e6}, {"ZETA", zeta}};
  REQUIRE(interp::load_lsystem(test::example("dynamics/cantilever.ls"), o, ls, d));
  std::vector<double> t, y;
  REQUIRE(test::simulate(
      ls, 3.0, d, [&](const interp::TraceRow& r) { t.push_back(r.t); y.push_back(r.tip.y()); }, tweak));
  return dyn::analyze_swing(t, y, 0.5);
}
}  // namespace

TEST_CASE("physical damping is what the user set: the soft beam's damping ratio at 1/60 s and at 1e-4 s") {
  // examples/dynamics/cantilever.ls ten times softer with `damping ratio:
  // 0.05`: the logarithmic decrement of the tip's sway over 3 s. (Each
  // joint's ratio is not the beam's modal one, so the reference is the same
  // file at a step where the integrator adds nothing.)
  auto measured = [](double dt) { return soft_beam_sway(0.05, [dt](interp::RunSettings& s) { s.dt = dt; }); };
  const dyn::Swing reference = measured(1e-4), at60 = measured(1.0 / 60);
  INFO("damping ratio " << reference.damping_ratio << " at 1e-4 s (" << reference.cycles << " cycles), "
                        << at60.damping_ratio << " at 1/60 s (" << at60.cycles << " cycles)");
  REQUIRE(reference.cycles >= 5);
  REQUIRE(reference.damping_ratio > 0.005);
  CHECK(std::abs(at60.damping_ratio / reference.damping_ratio - 1.0) < 0.2);
}

TEST_CASE("stiffness damping: D = nu K gives the first mode Rayleigh's ratio nu omega / 2") {
  // The soft beam (cantilever.ls, E = 810 MPa, period 0.4186 s) with no
  // damping of its own but `stiffness damping: 0.004` s: a linear system
  // damped by nu K has modal ratios nu omega_i / 2, 0.030 for the first mode.
  const dyn::Swing swing = soft_beam_sway(0, [](interp::RunSettings& s) {
    s.dt = 1e-3;
    s.stiffness_damping = 0.004;
  });
  const double expected = 0.004 * (2 * std::numbers::pi / 0.4186) / 2;
  INFO("damping ratio " << swing.damping_ratio << ", Rayleigh " << expected << ", period " << swing.period);
  CHECK(std::abs(swing.damping_ratio / expected - 1.0) < 0.1);
}

TEST_CASE("the integrator keys: names, dissipation, stiffness damping, max turn, and their errors") {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(test::load_text("axiom: B(1, 0.1) J B(1, 0.1)\ndynamics:\n  integrator: euler\n  dissipation: 0.2\n"
                          "  stiffness damping: 0.01\n  max turn: 0.05\n",
                          ls, d));
  const interp::RunSettings s = interp::file_settings(*ls.rules);
  CHECK(s.integrator == interp::Integrator::kEuler);
  CHECK(s.rho_inf == 1 - 0.2);
  CHECK(s.stiffness_damping == 0.01);
  CHECK(s.max_turn == 0.05);
  for (const char* bad : {"  dissipation: 1.5\n", "  stiffness damping: -1\n", "  max turn: -0.1\n",
                          "  integrator: rk4\n"}) {
    interp::Lsystem bad_ls;
    std::vector<grammar::Diagnostic> bd;
    INFO(bad);
    CHECK_FALSE(test::load_text(std::string("axiom: B(1, 0.1)\ndynamics:\n") + bad, bad_ls, bd));
    REQUIRE_FALSE(bd.empty());
    CHECK(bd[0].pos.line == 3);
  }
}
