// Tests of interpreter/lsystem/src/rules.cpp: compiling a parsed file, and its diagnostics.
#include <catch2/catch.hpp>

#include "support/lsd_test.hpp"

using namespace lsd;

static std::vector<grammar::Diagnostic> errors_of(const std::string& text) {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  CHECK_FALSE(test::load_text(text, ls, diags));
  return diags;
}

TEST_CASE("header values are read") {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  REQUIRE(test::load_text("#define D 3\nderivation length: D+1\nangle: 22.5\nstep: 2\nwidth: 0.5\nseed: 9\n"
                          "tropism: 0 -1 0 0.2\naxiom: F(D)\n",
                          ls, diags));
  CHECK(ls.rules->derivation_length == 4);
  CHECK(ls.rules->angle == 22.5);
  CHECK(ls.rules->step == 2);
  CHECK(ls.rules->width == 0.5);
  CHECK(ls.rules->stochastic);
  CHECK(ls.rules->seed == 9);
  CHECK(ls.rules->has_tropism);
  CHECK(ls.rules->tropism[1] == -1);
  CHECK(ls.rules->tropism[3] == 0.2);
  CHECK(ls.current.param(0)[0] == 3);
}

TEST_CASE("dynamics: values, defaults and errors") {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  REQUIRE(test::load_text("axiom: B(1,1)\ndynamics:\n gravity: 0, -1.62, 0\n young: 2e9\n damping: 0.01\n"
                          " base: floating\n integrator: explicit\n grow every: 0.5\n wind: 1 0 0\n",
                          ls, diags));
  CHECK(ls.rules->dynamics.enabled);
  const auto& d = ls.rules->dynamics.file;
  CHECK(d.gravity[1] == -1.62);
  CHECK(d.young == 2e9);
  CHECK_FALSE(d.use_damping_ratio);
  CHECK(d.damping == 0.01);
  CHECK(d.floating_base);
  CHECK(d.integrator == lsd::interp::Integrator::kExplicit);
  CHECK(d.grow_every == 0.5);
  CHECK(d.wind[0] == 1);
  CHECK(d.density == 1000);  // default
  auto e = errors_of("axiom: B\ndynamics:\n base: wobbly\n dt: -1\n colour: 3\n");
  REQUIRE(e.size() == 3);
  CHECK(e[0].pos.line == 3);
  CHECK(e[1].pos.line == 4);
  CHECK_THAT(e[2].message, Catch::Contains("unknown dynamics key 'colour'"));
}

TEST_CASE("diagnostic: a pattern with an arity no module is produced with") {
  auto e = errors_of("axiom: A(1)\nA(x) --> A(x+1) B(x, 2)\nB(a) --> C\n");
  REQUIRE(e.size() == 1);
  CHECK(e[0].pos.line == 3);
  CHECK(e[0].pos.col == 1);
  CHECK_THAT(e[0].message, Catch::Contains("'B' with 1 parameter is never produced"));
}

TEST_CASE("diagnostic: unbalanced brackets in an axiom or successor") {
  auto e = errors_of("axiom: F[+F\n");
  REQUIRE(e.size() == 1);
  CHECK(e[0].pos.line == 1);
  CHECK(e[0].pos.col == 9);
  e = errors_of("axiom: F\nF --> F]F\n");
  REQUIRE(e.size() == 1);
  CHECK(e[0].pos.line == 2);
  CHECK(e[0].pos.col == 8);
  CHECK_THAT(e[0].message, Catch::Contains("unbalanced brackets"));
}

TEST_CASE("diagnostic: an undefined name in a successor or condition") {
  auto e = errors_of("axiom: A(1)\nA(x) : z > 1 --> A(x)\nA(x) --> A(y)\n");
  REQUIRE(e.size() == 2);
  CHECK(e[0].pos.line == 2);
  CHECK(e[0].pos.col == 8);
  CHECK(e[1].pos.line == 3);
  CHECK(e[1].pos.col == 12);
  CHECK_THAT(e[1].message, Catch::Contains("undefined name 'y'"));
}

TEST_CASE("diagnostic: a missing axiom, a second header item, a bracket alone as predecessor") {
  CHECK_THAT(errors_of("F --> FF\n")[0].message, Catch::Contains("no 'axiom:'"));
  CHECK_THAT(errors_of("axiom: F\naxiom: G\n")[0].message, Catch::Contains("given twice"));
  auto e = errors_of("axiom: F\n[ --> F\n");
  REQUIRE(!e.empty());
  CHECK(e[0].pos.line == 2);
  CHECK_THAT(e[0].message, Catch::Contains("a bracket alone cannot be a predecessor"));
  // An undeclared name is a predecessor of several modules (cpfg): A p e x in a row.
  CHECK(test::derived_text("axiom: A p e x A p\nApex --> F\n", 1) == "F A p");
}

TEST_CASE("all problems of a file are reported, in line order") {
  auto e = errors_of("axiom: A(\nA --> B(q)\nangel: 3\nB --> ]\n");
  REQUIRE(e.size() == 4);
  for (int i = 0; i < 4; ++i) CHECK(e[i].pos.line == i + 1);
}
