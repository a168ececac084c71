// Tests of interpreter/lsystem/src/derive.cpp: parallel rewriting, context matching (cpfg),
// cut, stochastic choice, decomposition and homomorphism, and the ABOP figures.
#include <catch2/catch.hpp>
#include <cmath>

#include "support/lsd_test.hpp"

using namespace lsd;
using lsd::test::compact;
using lsd::test::derived_text;

static interp::Lsystem derived(const std::string& path, int n, const interp::LoadOptions& opts = {}) {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  REQUIRE(interp::load_lsystem(path, opts, ls, diags));
  REQUIRE(interp::derive(ls, n, {}, diags));
  return ls;
}

static std::size_t length_at_book_n(const std::string& fig) {
  auto path = test::example("abop/" + fig + ".ls");
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  REQUIRE(interp::load_lsystem(path, {}, ls, diags));
  REQUIRE(interp::derive(ls, ls.rules->derivation_length, {}, diags));
  return ls.current.size();
}

TEST_CASE("fig. 1.31a: the published strings after 4 and 5 steps") {
  auto p = test::example("abop/fig1_31a.ls");
  auto s4 = derived(p, 4), s5 = derived(p, 5);
  CHECK(compact(interp::string_to_text(s4.current, s4.rules->symbols)) == "F1F0F1[+F1F1]F1\n");
  CHECK(compact(interp::string_to_text(s5.current, s5.rules->symbols)) == "F1F1F1F1[-F0F1]F1\n");
}

TEST_CASE("fig. 1.31a-e: lengths after the published derivation lengths") {
  CHECK(length_at_book_n("fig1_31a") == 6910);
  CHECK(length_at_book_n("fig1_31b") == 19199);
  CHECK(length_at_book_n("fig1_31c") == 2926);
  CHECK(length_at_book_n("fig1_31d") == 5789);
  CHECK(length_at_book_n("fig1_31e") == 2428);
}

TEST_CASE("fig. 1.24a-f: lengths at the published n") {
  CHECK(length_at_book_n("fig1_24a") == 7811);
  CHECK(length_at_book_n("fig1_24b") == 9373);
  CHECK(length_at_book_n("fig1_24c") == 11116);
  CHECK(length_at_book_n("fig1_24d") == 13956);
  CHECK(length_at_book_n("fig1_24e") == 12863);
  CHECK(length_at_book_n("fig1_24f") == 6263);
}

TEST_CASE("fig. 2.6a at n=10: 7,162 modules and the sum of F lengths 113.33") {
  auto ls = derived(test::example("abop/fig2_6a.ls"), 10);
  CHECK(ls.current.size() == 7162);
  double sum = 0;
  for (std::size_t i = 0; i < ls.current.size(); ++i)
    if (ls.current.sym[i] == 'F' && ls.current.nparams(i) == 1) sum += ls.current.param(i)[0];
  CHECK(sum == Approx(113.33).margin(0.005));
}

TEST_CASE("fig. 2.8 at n=6: 6,556 modules") {
  for (const char* f : {"fig2_8a", "fig2_8b", "fig2_8c", "fig2_8d"})
    CHECK(derived(test::example(std::string("abop/") + f + ".ls"), 6).current.size() == 6556);
}

TEST_CASE("fig. 1.27 stochastic: same seed, same string; mean growth 3.66 per step") {
  auto p = test::example("abop/fig1_27.ls");
  interp::LoadOptions o;
  o.compile.seed = 42;
  auto a = derived(p, 5, o), b = derived(p, 5, o);
  CHECK(a.current == b.current);
  o.compile.seed = 43;
  CHECK_FALSE(derived(p, 5, o).current == a.current);
  double total = 0;
  for (int seed = 1; seed <= 200; ++seed) {
    o.compile.seed = std::uint64_t(seed);
    auto ls = derived(p, 5, o);
    for (auto s : ls.current.sym) total += s == 'F';
  }
  double mean = total / 200, expected = std::pow(3.66, 5);
  CHECK(std::fabs(mean - expected) / expected < 0.05);
}

TEST_CASE("context matching follows cpfg: in C[A]B, C is the left context of A and B; B the right of C") {
  const char* base = "axiom: C[A]B\nignore: +\n";
  CHECK(compact(derived_text(std::string(base) + "C < A --> X\nC < B --> Y\nC > B --> Z\n", 1)) == "Z[X]Y");
  // a ']' ends the branch: A has no right context
  CHECK(compact(derived_text(std::string(base) + "A > B --> X\n", 1)) == "C[A]B");
  // ignored symbols are skipped; brackets in the pattern look into a branch
  CHECK(compact(derived_text("axiom: A+[B]C\nignore: +\nA > [B]C --> X\n", 1)) == "X+[B]C");
  CHECK(compact(derived_text("axiom: A+[B]C\nA > [B]C --> X\n", 1)) == "A+[B]C");
  // multi-module contexts bind parameters
  CHECK(compact(derived_text("axiom: A(1)B(2)C(3)\nA(a)B(b) < C(c) --> D(a+b+c)\n", 1)) == "A(1)B(2)D(6)");
}

TEST_CASE("first match in file order; unmatched modules are copied with their parameters") {
  CHECK(compact(derived_text("axiom: A(1)A(5)Q(7)\nA(x) : x > 2 --> B\nA(x) --> C(x)\n", 1)) == "C(1)BQ(7)");
  CHECK(compact(derived_text("axiom: A(1,2)A(3)\nA(x) --> B\nA --> C\n", 1)) == "CB");  // arity must match
}

TEST_CASE("an unconditional first production (the fast path) wins whatever the parameters; a condition first still decides") {
  CHECK(compact(derived_text("axiom: A(1)A(2,3)B\nA --> C(2)[D]\nA(x) --> E\n", 1)) == "C(2)[D]C(2)[D]B");
  CHECK(compact(derived_text("axiom: A(1)A(5)\nA(x) : x > 2 --> B\nA --> C\n", 1)) == "CB");
  CHECK(compact(derived_text("axiom: A(1)\nA < B --> C\nB --> D\n", 0)) == "A(1)");
  CHECK(compact(derived_text("axiom: AB(7)\nA < B --> C\nB --> D\n", 1)) == "AC");  // context first
}

TEST_CASE("plain strings derive symbol by symbol; a parametric axiom becomes plain after its first step") {
  CHECK(compact(derived_text("axiom: F+X\nF --> FF\nX --> F[-X]\n", 2)) == "FFFF+FF[-F[-X]]");
  CHECK(compact(derived_text("axiom: F(2)X\nF --> G\nX --> XF\n", 2)) == "GXFG");
  CHECK(compact(derived_text("axiom: F(2)X\nF --> G\nX --> XF\n", 1)) == "GXF");
}

TEST_CASE("cut removes the rest of its branch") {
  CHECK(compact(derived_text("axiom: A[BC[D]E]F\nB --> %\n", 1)) == "A[]F");
  CHECK(compact(derived_text("axiom: ABC\nB --> %\n", 1)) == "A");
  CHECK(compact(derived_text("axiom: A%B[C]\nA --> D\n", 1)) == "D");  // a '%' copied, not produced
  CHECK(compact(derived_text("axiom: A[%B]C\nA --> D\n", 1)) == "D[]C");
}

TEST_CASE("decomposition is applied after each step up to its depth; homomorphism only for drawing") {
  const char* t =
      "axiom: A\nA --> AB\ndecomposition:\nmaximum depth: 2\nB --> C\nC --> D\nhomomorphism:\nD --> F\n";
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  REQUIRE(test::load_text(t, ls, diags));
  REQUIRE(interp::derive(ls, 2, {}, diags));
  CHECK(compact(interp::string_to_text(ls.current, ls.rules->symbols)) == "ADD\n");
  interp::ModuleString drawn;
  REQUIRE(interp::apply_homomorphism(*ls.rules, ls.current, drawn, {}, ls.scratch).ok);
  CHECK(compact(interp::string_to_text(drawn, ls.rules->symbols)) == "AFF\n");
}

TEST_CASE("-D overrides #define; multi-character modules split by longest match") {
  interp::LoadOptions o;
  o.compile.defines = {{"N", 7}};
  CHECK(compact(derived_text("#define N 2\naxiom: A(N)\n", 0, o)) == "A(7)");
  CHECK(compact(derived_text("module: Apex Ap\naxiom: ApexF Ap Apx\nApex --> X\nAp --> Y\n", 1)) == "XFYYx");
  CHECK(derived_text("axiom: Apex\nA --> X\n", 1) == "X p e x");
}

TEST_CASE("a bare J in a dynamic system is a joint at rest with six parameters") {
  CHECK(compact(derived_text("axiom: B(1,0.1)J\ndynamics:\n", 0)) == "B(1,0.1)J(0,0,0,0,0,0)");
}

TEST_CASE("runaway growth stops at the module limit with the production named; the last string survives") {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  REQUIRE(test::load_text("axiom: A\nA --> AA\n", ls, diags));
  interp::DeriveOptions o;
  o.max_modules = 1000;
  CHECK_FALSE(interp::derive(ls, 20, o, diags));
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].pos.line == 2);
  CHECK_THAT(diags[0].message, Catch::Contains("limit of 1000"));
  CHECK(ls.current.size() == 512);
  CHECK(ls.steps_done == 9);
}

TEST_CASE("a non-finite parameter names the production and the module's position") {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  REQUIRE(test::load_text("axiom: F A(0)\nA(x) --> A(1/x)\n", ls, diags));
  CHECK_FALSE(interp::derive(ls, 1, {}, diags));
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].pos.line == 2);
  CHECK(diags[0].pos.col == 10);
  CHECK_THAT(diags[0].message, Catch::Contains("module 1 of the string"));
  CHECK_THAT(diags[0].message, Catch::Contains("infinite"));
}
