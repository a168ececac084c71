// Tests of grammar/: the parser (parser.hpp, grammar/src/) and the PEGTL rules of grammar.hpp.
#include <catch2/catch.hpp>
#include <span>
#include <tao/pegtl/contrib/analyze.hpp>

#include "grammar/grammar.hpp"
#include "grammar/parser.hpp"

using namespace lsd::grammar;

namespace {

// The parser takes its keys from the interpreter's tables; these tests,
// which link the grammar alone, give it a few of its own.
const KeySpec* test_keys(KeySection section, std::string_view name) {
  static const KeySpec header[] = {{"lsystem", ValueKind::kText, true}, {"derivation length"},
                                   {"axiom", ValueKind::kModules}, {"tropism", ValueKind::kExprs}};
  static const KeySpec dynamics[] = {{"gravity", ValueKind::kExprs}, {"damping ratio"}};
  for (const KeySpec& k : section == KeySection::kHeader ? std::span<const KeySpec>(header) : std::span<const KeySpec>(dynamics))
    if (name == k.name) return &k;
  return nullptr;
}

ParseResult parse_ls(const std::string& text, const std::string& path) { return lsd::grammar::parse_ls(text, path, test_keys); }

}  // namespace

TEST_CASE("the grammar has no rule that can loop without consuming input") {
  CHECK(tao::pegtl::analyze<rules::production>() == 0);
  CHECK(tao::pegtl::analyze<rules::expr_line>() == 0);
  CHECK(tao::pegtl::analyze<rules::module_line>() == 0);
}

TEST_CASE("a production with contexts, condition and weight parses into its parts") {
  auto r = parse_ls("axiom: A\nB(a) < A(x, y) > [C]D : x > 2 && y <= 1 --> F(x*2) [+A(y)] : 0.5\n", "t.ls");
  REQUIRE(r.ok());
  REQUIRE(r.file.productions.productions.size() == 1);
  const auto& p = r.file.productions.productions[0];
  CHECK(p.has_left);
  REQUIRE(p.left.size() == 1);
  CHECK(p.left[0].word == "B");
  CHECK(p.pred.at(0).word == "A");
  CHECK(p.pred.at(0).params.size() == 2);
  CHECK(p.pred.at(0).pos.line == 2);
  CHECK(p.pred.at(0).pos.col == 8);
  REQUIRE(p.right.size() == 4);
  CHECK(p.right[0].word == "[");
  CHECK(p.has_cond);
  CHECK(p.cond.text == "&&");
  CHECK(p.succ.size() == 5);
  CHECK(p.has_weight);
}

TEST_CASE("arrows, stars and empty successors") {
  auto r = parse_ls("axiom: A\n* < A > * : * -> *\nB -->\nC --> : 2\n- --> +\n", "t.ls");
  REQUIRE(r.ok());
  const auto& ps = r.file.productions.productions;
  REQUIRE(ps.size() == 4);
  CHECK_FALSE(ps[0].has_left);
  CHECK_FALSE(ps[0].has_right);
  CHECK_FALSE(ps[0].has_cond);
  CHECK(ps[0].succ.empty());
  CHECK(ps[1].succ.empty());
  CHECK(ps[2].succ.empty());
  CHECK(ps[2].has_weight);
  CHECK(ps[3].pred.at(0).word == "-");
}

TEST_CASE("expression precedence: lowest ?: then || && == < + * ^ unary") {
  Expr e;
  std::vector<Diagnostic> d;
  REQUIRE(parse_expression("1 + 2 * 3 ^ 2 ^ 2", e, d));
  CHECK(e.text == "+");
  CHECK(e.args[1].text == "*");
  CHECK(e.args[1].args[1].text == "^");
  CHECK(e.args[1].args[1].args[1].text == "^");  // right-associative
  REQUIRE(parse_expression("a < b || c ? 1 : 2", e, d));
  CHECK(e.kind == Expr::Kind::Ternary);
  CHECK(e.args[0].text == "||");
}

TEST_CASE("comments, continuation lines and #define") {
  const char* text =
      "/* a comment\n spanning lines */ #define N 3 // trailing\n"
      "axiom: F \\\n  F\n"
      "F --> F /* inline */ F\n";
  auto r = parse_ls(text, "t.ls");
  REQUIRE(r.ok());
  REQUIRE(r.file.defines.size() == 1);
  CHECK(r.file.defines[0].name == "N");
  REQUIRE(r.file.header.size() == 1);
  CHECK(r.file.header[0].modules.size() == 2);
  REQUIRE(r.file.productions.productions.size() == 1);
  CHECK(r.file.productions.productions[0].pos.line == 5);
}

TEST_CASE("header keys are case-insensitive and sections are recognised") {
  auto r = parse_ls(
      "LSystem: x\nDerivation Length: 3\nAxiom: A\nA --> B\ndecomposition:\nmaximum depth: 4\nB --> C\n"
      "homomorphism:\nC --> F\ndynamics:\n  gravity: 0, -9.81, 0\n  damping ratio: 0.2\nendlsystem\ngarbage after\n",
      "t.ls");
  REQUIRE(r.ok());
  CHECK(r.file.label == "x");
  CHECK(r.file.has_decomposition);
  CHECK(r.file.decomposition.has_depth);
  CHECK(r.file.decomposition.productions.size() == 1);
  CHECK(r.file.homomorphism.productions.size() == 1);
  REQUIRE(r.file.dynamics.size() == 2);
  CHECK(r.file.dynamics[0].exprs.size() == 3);
}

TEST_CASE("a vector value may be written with blanks: unary minus starts a new item") {
  auto r = parse_ls("axiom: F\ntropism: 0 -1 0 0.22\n", "t.ls");
  REQUIRE(r.ok());
  CHECK(r.file.header[1].exprs.size() == 4);
}

static Diagnostic only_error(const char* text) {
  auto r = parse_ls(text, "t.ls");
  REQUIRE(r.diagnostics.size() >= 1);
  return r.diagnostics[0];
}

TEST_CASE("parse errors are located") {
  SECTION("bad expression") {
    auto d = only_error("axiom: F(1 +* 2)\n");
    CHECK(d.pos.line == 1);
    CHECK(d.pos.col == 13);
    CHECK_THAT(d.message, Catch::Contains("operand"));
  }
  SECTION("unterminated comment") {
    auto d = only_error("axiom: F\n\n  /* never closed\nF --> FF\n");
    CHECK(d.pos.line == 3);
    CHECK(d.pos.col == 3);
    CHECK_THAT(d.message, Catch::Contains("unterminated comment"));
  }
  SECTION("unknown header key") {
    auto d = only_error("axiom: F\nangel: 30\n");
    CHECK(d.pos.line == 2);
    CHECK(d.pos.col == 1);
    CHECK_THAT(d.message, Catch::Contains("unknown header key 'angel'"));
  }
  SECTION("missing parenthesis") {
    auto d = only_error("axiom: F\nF --> F(1, 2\n");
    CHECK(d.pos.line == 2);
    CHECK(d.pos.col == 13);
    CHECK_THAT(d.message, Catch::Contains("expected ')'"));
  }
  SECTION("missing arrow") {
    auto d = only_error("axiom: F\nF(x) : x > 1 -> \nA > -> C\n");
    CHECK(d.pos.line == 3);
  }
}

TEST_CASE("a file with several mistakes reports all of them") {
  auto r = parse_ls("axiom: F(\nangel: 1\nF --> F(1 +)\n#include <x>\n", "t.ls");
  REQUIRE(r.diagnostics.size() == 4);
  for (int i = 0; i < 4; ++i) CHECK(r.diagnostics[i].pos.line == i + 1);
}

TEST_CASE("pathological nesting is refused, not a stack overflow") {
  std::string deep = "axiom: F(" + std::string(100000, '(') + "1" + std::string(100000, ')') + ")\n";
  auto r = parse_ls(deep, "t.ls");
  REQUIRE_FALSE(r.ok());
  CHECK_THAT(r.diagnostics[0].message, Catch::Contains("nested"));
}

TEST_CASE("diagnostics print file:line:col, the line and a caret") {
  Source src{"t.ls", "axiom: F\nangel: 30\n"};
  Diagnostic d{"t.ls", {2, 3}, "boom"};
  CHECK(format_diagnostic(d, &src) == "t.ls:2:3: error: boom\n  angel: 30\n    ^\n");
}

TEST_CASE("a line that starts with a TAB continues the previous one (cpfg's lexer)") {
  auto r = parse_ls("axiom: F\nF --> F\n\t+F\n\t-F\n  G --> H\n", "t.ls");
  REQUIRE(r.ok());
  REQUIRE(r.file.productions.productions.size() == 2);
  CHECK(r.file.productions.productions[0].succ.size() == 5);
  CHECK(r.file.productions.productions[0].succ[4].pos.line == 4);  // positions stay in their lines
  // a TAB before a directive does not join it (the #define stays a line)
  auto d = parse_ls("axiom: F(N)\n\t#define N 2\n", "t.ls");
  CHECK(d.ok());
  CHECK(d.file.defines.size() == 1);
}

TEST_CASE("statement blocks: Start: over several lines, a production's {before} condition {after}") {
  auto r = parse_ls("axiom: F\nStart: {\n  i = 0;\n  if (i < 1) { j = 2; } else { j = 3; }\n}\n"
                    "F : {\n  x = 1; a[1][2] = x;\n} x > 0 { while (x < 3) { x = x + 1; } } --> G\n",
                    "t.ls");
  // (the test key table has no start: key: the block still joins its lines)
  REQUIRE(r.file.productions.productions.size() == 1);
  const auto& p = r.file.productions.productions[0];
  CHECK(p.has_pre);
  REQUIRE(p.pre.size() == 2);
  CHECK(p.pre[1].kind == Statement::Kind::Assign);
  CHECK(p.pre[1].target == "a");
  CHECK(p.pre[1].index.size() == 2);
  CHECK(p.has_cond);
  CHECK(p.has_post);
  REQUIRE(p.post.size() == 1);
  CHECK(p.post[0].kind == Statement::Kind::While);
  CHECK(p.post[0].body.size() == 1);
}

TEST_CASE("predecessors of several modules; '@ Tx' is @Tx; the preprocessor's line markers place lines") {
  auto r = parse_ls("axiom: F\nX F(x) > Y --> Z\n[ f(y) ] --> G\nA --> @ Tx(1)\n", "t.ls");
  REQUIRE(r.ok());
  CHECK(r.file.productions.productions[0].pred.size() == 2);
  CHECK(r.file.productions.productions[1].pred.size() == 3);
  CHECK(r.file.productions.productions[2].succ[0].word == "@Tx");
  ParseOptions cpfg;
  cpfg.cpfg = true;
  auto m = lsd::grammar::parse_ls("# 1 \"m.l\"\naxiom: F\n# 10 \"m.l\"\nF --> F(1,\n", "m.l", test_keys, cpfg);
  REQUIRE(!m.diagnostics.empty());
  CHECK(m.diagnostics[0].pos.line == 10);
  // in a cpfg file a line starting with '#' is a module: directives are gone after the preprocessor
  auto h = lsd::grammar::parse_ls("axiom: F\n#(2) --> F\n", "m.l", test_keys, cpfg);
  CHECK(h.ok());
}

TEST_CASE("a section or dynamics key after endlsystem is a located warning, not a silent drop") {
  auto warnings = [](const std::string& text) {
    std::vector<Diagnostic> w;
    for (const Diagnostic& d : parse_ls(text, "a.ls").diagnostics)
      if (d.warning) w.push_back(d);
    return w;
  };
  std::vector<Diagnostic> w = warnings("axiom: F\nendlsystem\n\ndynamics:\n  gravity: 9.81\n");
  REQUIRE(w.size() == 1);  // once
  CHECK(w[0].pos.line == 4);
  CHECK(w[0].pos.col == 1);
  CHECK(w[0].message.find("'dynamics:' after endlsystem is not read") != std::string::npos);
  w = warnings("axiom: F\nendlsystem\n  damping ratio: 0.1\n");
  REQUIRE(w.size() == 1);
  CHECK(w[0].pos.line == 3);
  CHECK(w[0].message.find("'damping ratio:'") != std::string::npos);
  w = warnings("axiom: F\nendlsystem\nhomomorphism:\nF --> G\n");
  REQUIRE(w.size() == 1);
  CHECK(warnings("axiom: F\nendlsystem\nsome notes: about the model\n").empty());
  CHECK(warnings("axiom: F\ndynamics:\n  gravity: 9.81\nendlsystem\n").empty());
}
