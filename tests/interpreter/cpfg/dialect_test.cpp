// Tests of the cpfg dialect: a .l file read as cpfg reads it (CPFG manual
// sections 2-4), through rules.cpp, expr_compile.cpp, expr_eval.cpp, derive.cpp and lsystem.cpp.
// Each expected string follows from the manual or from cpfg's sources
// (generate.c: RconDiff, ApplyProd, SkipCutPart).
#include <catch2/catch.hpp>
#include <sstream>

#include "support/lsd_test.hpp"

using namespace lsd;
using test::cpfg_derived;
using test::derived_text;

namespace {
std::string cpfg_error(const std::string& text, int n = 1) {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  if (!interp::load_lsystem_text(text, "test.l", {}, ls, d)) return d.empty() ? "?" : d[0].message;
  if (!interp::derive(ls, n, {}, d)) return d.empty() ? "?" : d[0].message;
  return "";
}
}  // namespace

TEST_CASE("statements before and after the condition, local variables (CPFG manual 3.2)") {
  CHECK(cpfg_derived("axiom: A(3)\nA(y) : {x = y*2; s = x+1;} s > 5 {y = y+10;} --> B(x, s, y)\n", 1) ==
        "B(6,7,13)");
  // the condition fails: no successor, and the after-statements do not run
  CHECK(cpfg_derived("axiom: A(1)\nA(y) : {x = y*2;} x > 5 {y = 0;} --> B(x, y)\n", 1) == "A(1)");
  // if / else, while, do ... while
  CHECK(cpfg_derived("axiom: A(4)\nA(n) : {k=0; t=0; while (k < n) {t = t + k; k = k + 1;}\n"
                     "  if (t > 5) {u=1;} else {u=2;} do {t = t - 1;} while (t > 3);} * --> B(t, u)\n",
                     1) == "B(3,1)");
  // a local variable is the production's own and keeps its value (cpfg's
  // parser adds it to the production's symbol table, once): the real cpfg
  // derives B(1)B(3)AB(2)B(4)A from this file
  CHECK(cpfg_derived("derivation length: 2\naxiom: A A\nA : {x = x + 1;} * --> B(x) A\n", 2) ==
        "B(1) B(3) A B(2) B(4) A");
}

TEST_CASE("Start:, StartEach:, EndEach:, End: blocks and global variables (CPFG manual 4.1)") {
  const std::string f = "derivation length: 3\nStart: {i = 0;}\nEndEach: {i = i + 1;}\naxiom: A\nA --> A B(i)\n";
  CHECK(cpfg_derived(f, 3) == "A B(2) B(1) B(0)");
  // StartEach runs before the step's productions; End after the last step
  CHECK(cpfg_derived("derivation length: 2\nStart: {n = 10;}\nStartEach: {n = n * 2;}\nEnd: {n = -1;}\n"
                     "axiom: A\nA --> B(n) A\n",
                     2) == "B(20) B(40) A");
  // a production's statements change a global, in string order
  CHECK(cpfg_derived("Start: {c = 0;}\naxiom: A A A\nA : {c = c + 1;} * --> B(c)\n", 1) == "B(1) B(2) B(3)");
  // a cpfg axiom may use the Start: block's globals
  CHECK(cpfg_derived("Start: {R = 2;}\naxiom: F(R*3)\n", 0) == "F(6)");
}

TEST_CASE("define: arrays, one and two dimensions, read and written (CPFG manual 2.2.2)") {
  CHECK(cpfg_derived("define: { array a[3] = {10, 20, 30}; array m[2][2] = {1,2,3,4}; }\n"
                     "derivation length: 3\naxiom: A(0)\nA(i) : i < 3 --> B(a[i], m[1][0]) A(i+1)\n",
                     3) == "B(10,3) B(20,3) B(30,3) A(3)");
  // written by Start: and by a production; a define: block over several lines
  CHECK(cpfg_derived("define: {\n  array v[2];\n}\nStart: {v[1] = 5;}\naxiom: A\n"
                     "A : {v[0] = v[1] + 1;} * --> B(v[0], v[1])\n",
                     1) == "B(6,5)");
  // a subscript out of range takes the nearest element, with one warning (the
  // real cpfg derives B(4)B(3)B(4) from this file, with its own warnings)
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(interp::load_lsystem_text("define: { array v[2] = {3, 4}; }\naxiom: A(5) A(-1) A(1.5)\nA(i) --> B(v[i])\n",
                                    "test.l", {}, ls, d));
  REQUIRE(interp::derive(ls, 1, {}, d));
  CHECK(interp::string_to_text(ls.current, ls.rules->symbols) == "B(4) B(3) B(4)\n");
  REQUIRE(d.size() == 1);
  CHECK(d[0].warning);
  CHECK_THAT(d[0].message, Catch::Contains("subscript 1 of array 'v' is 5, out of range: 1 is used"));
  // in a .ls file it is an error
  CHECK_THAT(derived_text("define: { array v[2]; }\naxiom: A(5)\nA(i) --> B(v[i])\n", 1),
             Catch::Contains("a subscript of array 'v' is out of range"));
  CHECK_THAT(cpfg_error("define: { array v[0]; }\naxiom: A\n"), Catch::Contains("array dimension"));
  CHECK_THAT(cpfg_error("define: { array v[2] = {1, 2, 3}; }\naxiom: A\n"), Catch::Contains("3 initial values"));
}

TEST_CASE("printf, srand, stop and cpfg's functions (CPFG manual 5)") {
  std::ostringstream printed;
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(interp::load_lsystem_text("axiom: A(2.5)\nA(x) : {printf(\"x=%g n=%d %%\\n\", x, 7.9);} * --> B\n",
                                    "test.l", {}, ls, d));
  ls.machine.out = &printed;
  REQUIRE(interp::derive(ls, 1, {}, d));
  CHECK(printed.str() == "x=2.5 n=7 %\n");
  // srand makes ran() repeatable and replaces the file's seed
  const std::string r5 = cpfg_derived("seed: 3\nStart: {srand(5);}\naxiom: A\nA --> B(ran(1))\n", 1);
  CHECK(r5 == cpfg_derived("seed: 4\nStart: {srand(5);}\naxiom: A\nA --> B(ran(1))\n", 1));
  CHECK(r5 != cpfg_derived("seed: 3\nStart: {srand(6);}\naxiom: A\nA --> B(ran(1))\n", 1));
  // stop(1) ends the derivation after the step that called it
  interp::Lsystem st;
  REQUIRE(interp::load_lsystem_text("derivation length: 5\naxiom: A\nA : {stop(1);} * --> A A\n", "test.l", {}, st, d));
  CHECK(interp::derive(st, 5, {}, d));
  CHECK(st.steps_done == 1);
  CHECK(cpfg_derived("axiom: A(-2)\nA(x) --> B(fabs(x), sign(x), floor(2.5))\n", 1) == "B(2,-1,2)");
}

TEST_CASE("a loop that never ends stops at the limit with a message") {
  CHECK_THAT(cpfg_error("Start: {i = 0; while (1) {i = i + 1;}}\naxiom: A\n"),
             Catch::Contains("ran more than 10^7 times"));
}

TEST_CASE("predecessors of several modules, brackets included") {
  CHECK(cpfg_derived("axiom: A B C A B\nA B --> X\n", 1) == "X C X");
  CHECK(cpfg_derived("axiom: X F(2) F(3)\nXF(x) --> Y(x)\n", 1) == "Y(2) F(3)");
  CHECK(cpfg_derived("axiom: A [ B ] C\n[ B ] --> D\n", 1) == "A D C");
  CHECK(derived_text("axiom: A B C A B\nA B --> X\n", 1) == "X C X");  // lsd's own files too
}

TEST_CASE("right contexts: '=' skips the rest of a branch, ']' must end it (cpfg's RconDiff)") {
  CHECK(cpfg_derived("axiom: I(1) [ I(2) F ] [ I(3) ] I(4)\nI(w) > [ I(a) = ] [ I(b) = ] I(c) --> I(w + a + b + c)\n",
                     1) == "I(10) [ I(2) F ] [ I(3) ] I(4)");
  CHECK(cpfg_derived("axiom: A [ B C ] D\nA > [ B ] --> X\n", 1) == "A [ B C ] D");
  CHECK(cpfg_derived("axiom: A [ B C ] D\nA > [ B = ] --> X\n", 1) == "X [ B C ] D");
  CHECK(derived_text("axiom: A [ B C ] D\nA > [ B ] --> X\n", 1) == "A [ B C ] D");  // the same in .ls
}

TEST_CASE("where cpfg files differ from lsd's: cut, decomposition of the axiom, arity, brackets in consider:") {
  // cpfg cuts during the next step; lsd right after the step
  CHECK(cpfg_derived("axiom: A [ B F ] F\nB --> %\n", 1) == "A [ % F ] F");
  CHECK(cpfg_derived("axiom: A [ B F ] F\nB --> %\n", 2) == "A [ ] F");
  CHECK(derived_text("axiom: A [ B F ] F\nB --> %\n", 1) == "A [ ] F");
  // cpfg decomposes within steps only
  CHECK(cpfg_derived("axiom: A\ndecomposition:\nA --> B C\n", 0) == "A");
  CHECK(cpfg_derived("axiom: A\ndecomposition:\nA --> B C\n", 1) == "B C");
  CHECK(derived_text("axiom: A\ndecomposition:\nA --> B C\n", 0) == "B C");
  // `A` matches an A without parameters only
  CHECK(cpfg_derived("axiom: A A(1)\nA --> B\n", 1) == "B A(1)");
  CHECK(derived_text("axiom: A A(1)\nA --> B\n", 1) == "B B");
  // brackets left out of consider: are stepped over in a right context
  CHECK(cpfg_derived("consider: A B\naxiom: A [ B ] C\nA > B --> X\n", 1) == "X [ B ] C");
  CHECK(derived_text("consider: A B\naxiom: A [ B ] C\nA > B --> X\n", 1) == "A [ B ] C");
}

TEST_CASE("cpfg's alphabet: # _ = ? and the built-ins, TAB-continued lines") {
  CHECK(cpfg_derived("axiom: F #(2) _ ` ?(2,1) @Gs @ Tx(1) @Gc(3) ~c(2)\n", 0) ==
        "F #(2) _ ` ?(2,1) @Gs @Tx(1) @Gc(3) ~ c(2)");
  CHECK(cpfg_derived("axiom: F\nF --> F\n\t+F\n\t-F\n", 1) == "F + F - F");
  CHECK(derived_text("axiom: F\nF --> F\n\t+F\n", 1) == "F + F");  // docs/language.md section 2: for .ls too
  CHECK(cpfg_derived("#define F2(a,b) F(a)F(b)\n#define N 3\naxiom: F2(1,N) A\n#if 0\nA --> X\n#else\nA --> Y(N)\n#endif\n",
                     1) == "F(1) F(3) Y(3)");
  interp::LoadOptions o;
  o.compile.defines.push_back({"N", 5});
  CHECK(cpfg_derived("#define N 3\naxiom: A(N)\n", 0, o) == "A(5)");  // -D overrides the file's #define
}

TEST_CASE("cpfg's numbers are the default of .l files; random: and parameters: choose (docs/language.md 9.3)") {
  // x += 0.1 ten times: 1.0000001 in a 32-bit parameter, 0.9999999999999999 in a double
  const std::string grow = "derivation length: 11\naxiom: A(0)\nA(x) : x < 1 --> A(x + 0.1)\nA(x) : x >= 1 --> Z(x)\n";
  const std::string as_float = cpfg_derived(grow, 11);
  CHECK(as_float.rfind("Z(", 0) == 0);
  CHECK(cpfg_derived("parameters: double\n" + grow, 11) == derived_text(grow, 11));  // lsd's doubles
  CHECK(derived_text(grow, 11).rfind("A(", 0) == 0);
  // a .ls file keeps doubles; asking for floats there is an error
  CHECK_THAT(derived_text("parameters: float\naxiom: A\n", 0), Catch::Contains("only a .l file may ask"));
  CHECK_THAT(derived_text("random: cpfg2\naxiom: A\n", 0), Catch::Contains("'lsd' or 'cpfg'"));
  // ran() of a .l file is cpfg's erand48 from srand48(0)'s state (rounded to a float in the string)
  interp::Rand48 libc_state = interp::Rand48::words(0x330E, 0, 0);
  const double first = libc_state.next();
  CHECK(cpfg_derived("axiom: A\nA --> B(ran(1))\n", 1) == "B(" + interp::format_double(double(float(first))) + ")");
  CHECK(cpfg_derived("random: lsd\naxiom: A\nA --> B(ran(1))\n", 1) != cpfg_derived("axiom: A\nA --> B(ran(1))\n", 1));
  // a .ls file may ask for cpfg's generators: the same number, a double
  CHECK(derived_text("random: cpfg\naxiom: A\nA --> B(ran(1))\n", 1) == "B(" + interp::format_double(first) + ")");
  CHECK(derived_text("axiom: A\nA --> B(ran(1))\n", 1) != derived_text("random: cpfg\naxiom: A\nA --> B(ran(1))\n", 1));
}

TEST_CASE("cpfg's depth-first decomposition and homomorphism are bounded: a located error, not a hang") {
  // 2^40 successors, none of them written to the string
  const std::string expo = "axiom: A(40)\ndecomposition\nmaximum depth: 100\nA(n) : n > 0 --> A(n-1) A(n-1)\n"
                           "A(n) : n <= 0 --> *\n";
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(interp::load_lsystem_text(expo, "test.l", {}, ls, d));
  interp::DeriveOptions small;
  small.max_modules = 10000;
  CHECK_FALSE(interp::derive(ls, 1, small, d));
  REQUIRE_FALSE(d.empty());
  CHECK_THAT(d.back().message, Catch::Contains("grew past the limit of 10000 modules in the decomposition"));
  CHECK(d.back().pos.line == 4);
}
