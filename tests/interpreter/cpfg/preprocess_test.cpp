// Tests of interpreter/cpfg/src/preprocess.cpp: cpfg files through the system's C preprocessor.
#include "interpreter/cpfg/preprocess.hpp"

#include <catch2/catch.hpp>

using namespace lsd::interp;
using lsd::grammar::Diagnostic;

namespace {
std::string pp(const std::string& text, const PreprocessOptions& opts = {}) {
  std::string out;
  std::vector<Diagnostic> d;
  if (!preprocess(text, "/nonexistent/m.l", opts, out, d)) return "<error: " + (d.empty() ? "" : d[0].message) + ">";
  return out;
}
}  // namespace

TEST_CASE("macros with parameters, text macros, #if/#else, and line markers") {
  const std::string out = pp("#define F2(a,b) F(a)F(b)\n#define ANGLE nran(80,2)\n#define N 3\naxiom: F2(1,N)\n"
                             "#if N > 2\nA --> +(ANGLE)\n#else\nA --> X\n#endif\n");
  CHECK_THAT(out, Catch::Contains("axiom: F(1)F(3)"));
  CHECK_THAT(out, Catch::Contains("A --> +(nran(80,2))"));
  CHECK_THAT(out, !Catch::Contains("A --> X"));
  CHECK_THAT(out, Catch::Contains("\"/nonexistent/m.l\""));  // markers name the user's file
}

TEST_CASE("what cpp would misread survives: a quote, a leading TAB, an indented '#' module") {
  const std::string out = pp("#define N 3\nA --> F'(N)\n\t+(N)\n\t#(2) F(N)\n");
  CHECK_THAT(out, Catch::Contains("A --> F'(3)"));
  CHECK_THAT(out, Catch::Contains("\n\t+(3)"));
  CHECK_THAT(out, Catch::Contains("\n\t#(2) F(3)"));
}

TEST_CASE("-D replaces the file's #define, or defines a new name") {
  PreprocessOptions o;
  o.defines = {{"N", "7"}, {"M", "1"}};
  const std::string out = pp("#define N 3\naxiom: A(N) B(M)\n", o);
  CHECK_THAT(out, Catch::Contains("axiom: A(7) B(1)"));
  CHECK(needs_preprocessor("axiom: F\n", o));
  CHECK_FALSE(needs_preprocessor("axiom: F\nF --> #F\n", {}));
  CHECK(needs_preprocessor("axiom: F\n  #define X 1\n", {}));
}

TEST_CASE("a preprocessor error points into the user's file") {
  std::string out;
  std::vector<Diagnostic> d;
  CHECK_FALSE(preprocess("axiom: F\n#if 1\nF --> G\n", "/nonexistent/m.l", {}, out, d));
  REQUIRE(!d.empty());
  CHECK(d[0].file == "/nonexistent/m.l");
  CHECK(d[0].pos.line == 2);
  CHECK_THAT(d[0].message, Catch::Contains("preprocessor: "));
  d.clear();
  CHECK_FALSE(preprocess("#include \"missing.l\"\n", "/nonexistent/m.l", {}, out, d));
  REQUIRE(!d.empty());
  CHECK(d[0].pos.line == 1);
}
