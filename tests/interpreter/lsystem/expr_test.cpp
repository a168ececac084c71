// Tests of interpreter/lsystem/src/expr_compile.cpp and expr_eval.cpp: every
// operator and function of docs/language.md section 5.
#include <catch2/catch.hpp>
#include <cmath>

#include "grammar/parser.hpp"
#include "interpreter/lsystem/expr.hpp"

using namespace lsd;

static double ev(const std::string& text, lsd::interp::Rng* rng = nullptr) {
  grammar::Expr e;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(grammar::parse_expression(text, e, d));
  interp::NameLookup names;
  names.slot = [](const std::string& n) { return n == "x" ? 0 : n == "y" ? 1 : -1; };
  names.constant = [](const std::string& n) -> std::optional<double> {
    if (n == "K") return 10.0;
    return std::nullopt;
  };
  interp::CompiledExpr c;
  REQUIRE(interp::compile_expr(e, names, c, d, "t"));
  double vars[2] = {3, -2};
  return interp::eval_expr(c, vars, rng);
}

TEST_CASE("arithmetic, precedence and associativity") {
  CHECK(ev("1 + 2 * 3") == 7);
  CHECK(ev("2 ^ 3 ^ 2") == 512);
  CHECK(ev("-2 ^ 2") == 4);  // unary binds tighter than ^ (section 4)
  CHECK(ev("7 % 3") == 1);
  CHECK(ev("x * K + y") == 28);
  CHECK(ev("(1 + 2) * 3") == 9);
  CHECK(ev("10 / 4") == 2.5);
}

TEST_CASE("comparisons and logic give 1 or 0; ?: selects") {
  CHECK(ev("1 < 2") == 1);
  CHECK(ev("2 <= 1") == 0);
  CHECK(ev("x == 3 && y != 0") == 1);
  CHECK(ev("0 || 5") == 1);
  CHECK(ev("!0") == 1);
  CHECK(ev("!7") == 0);
  CHECK(ev("x > 2 ? 10 : 20") == 10);
  CHECK(ev("x > 5 ? 10 : y > 0 ? 20 : 30") == 30);
}

TEST_CASE("functions: trigonometry in degrees and the rest") {
  CHECK(ev("sin(30)") == Approx(0.5));
  CHECK(ev("cos(60)") == Approx(0.5));
  CHECK(ev("tan(45)") == Approx(1));
  CHECK(ev("asin(1)") == Approx(90));
  CHECK(ev("acos(0)") == Approx(90));
  CHECK(ev("atan(1)") == Approx(45));
  CHECK(ev("atan2(1, -1)") == Approx(135));
  CHECK(ev("sqrt(16)") == 4);
  CHECK(ev("exp(0)") == 1);
  CHECK(ev("log(exp(2))") == Approx(2));
  CHECK(ev("pow(2, 10)") == 1024);
  CHECK(ev("abs(-3)") == 3);
  CHECK(ev("floor(-1.5)") == -2);
  CHECK(ev("ceil(1.2)") == 2);
  CHECK(ev("trunc(-1.7)") == -1);
  CHECK(ev("sign(-4)") == -1);
  CHECK(ev("min(3, 4)") == 3);
  CHECK(ev("max(3, 4)") == 4);
  CHECK(ev("clamp(5, 0, 2)") == 2);
  CHECK(ev("norm(3, 4, 12)") == 13);
}

TEST_CASE("random functions draw from the seeded generator") {
  interp::Rng a(7), b(7);
  double x = ev("ran(10)", &a);
  CHECK(x == ev("ran(10)", &b));
  CHECK(x >= 0);
  CHECK(x < 10);
  interp::Rng r(1);
  double sum = 0, sq = 0;
  for (int i = 0; i < 20000; ++i) {
    double v = ev("nran(5, 2)", &r);
    sum += v;
    sq += v * v;
  }
  double mean = sum / 20000, sd = std::sqrt(sq / 20000 - mean * mean);
  CHECK(mean == Approx(5).margin(0.06));
  CHECK(sd == Approx(2).margin(0.06));
}

TEST_CASE("compile errors: undefined names, unknown functions, argument counts") {
  auto fails = [](const std::string& text, const std::string& what) {
    grammar::Expr e;
    std::vector<grammar::Diagnostic> d;
    REQUIRE(grammar::parse_expression(text, e, d));
    interp::CompiledExpr c;
    CHECK_FALSE(interp::compile_expr(e, {}, c, d, "t"));
    REQUIRE(!d.empty());
    CHECK_THAT(d[0].message, Catch::Contains(what));
  };
  fails("a + 1", "undefined name 'a'");
  fails("foo(1)", "unknown function 'foo'");
  fails("sin(1, 2)", "takes 1 argument");
}

TEST_CASE("constant expressions are folded") {
  grammar::Expr e;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(grammar::parse_expression("2 * sin(30) + 1", e, d));
  interp::CompiledExpr c;
  REQUIRE(interp::compile_expr(e, {}, c, d, "t"));
  CHECK(c.is_constant);
  CHECK(c.code.size() == 1);
  CHECK(c.value == Approx(2));
}
