// Tests of --sway on cpfg models drawn with generalized cylinders
// (docs/language.md 7.8 and 9.2): each f that advances the turtle along an
// open cylinder is a body with a joint before it; an f outside stays a move.
#include <catch2/catch.hpp>
#include <algorithm>
#include <string>

#include "interpreter/living/simulation.hpp"
#include "interpreter/lsystem/auto_joints.hpp"
#include "interpreter/lsystem/string_io.hpp"
#include "support/lsd_test.hpp"

using namespace lsd;

namespace {

// A stem drawn as a generalized cylinder whose axis is made by f moves, grown
// by a production inside the cylinder; an f before it and one after it.
const char* kCylinderStem =
    "Lsystem: 1\n"
    "derivation length: 3\n"
    "Axiom: f(2) #(0.3) @Gs f(1) @Gc +(5) A @Ge f(1)\n"
    "A --> f(1) @Gc A\n"
    "endlsystem\n";

// The same stem with cpfg's {(1) ... }(1) cylinder, whose f moves are its control points.
const char* kBraceStem =
    "Lsystem: 1\n"
    "derivation length: 3\n"
    "Axiom: f(2) #(0.3) {(1) f(1) +(5) A }(1) f(1)\n"
    "A --> f(1) A\n"
    "endlsystem\n";

interp::Lsystem derived(const char* text, bool sway) {
  interp::LoadOptions o;
  o.compile.sway = sway;
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  const bool ok = interp::load_lsystem_text(text, "stem.l", o, ls, d);
  INFO((d.empty() ? "" : d[0].message));
  REQUIRE(ok);
  REQUIRE(interp::derive(ls, 3, {}, d));
  return ls;
}

// The same stem drawn with F segments in place of the cylinder's f moves: the same bodies and joints.
const char* kSegmentStem =
    "Lsystem: 1\n"
    "derivation length: 3\n"
    "Axiom: f(2) #(0.3) F(1) +(5) A f(1)\n"
    "A --> F(1) A\n"
    "endlsystem\n";

// The trace of a derived model in a 3 m/s wind along x for 2 s.
std::vector<interp::TraceRow> in_wind(interp::Lsystem ls) {
  std::vector<interp::TraceRow> rows;
  std::vector<grammar::Diagnostic> d;
  const bool ok = test::simulate(
      ls, 2, d, [&](const interp::TraceRow& r) { rows.push_back(r); },
      [](interp::RunSettings& s) { s.wind = dyn::Vec3(3, 0, 0); });
  INFO((d.empty() ? "" : d[0].message));
  REQUIRE(ok);
  return rows;
}

std::size_t count(const interp::ModuleString& s, interp::SymbolId sym) {
  return std::size_t(std::count(s.sym.begin(), s.sym.end(), sym));
}

}  // namespace

TEST_CASE("--sway: the f moves of a generalized cylinder are bodies with joints, the string is the model's",
          "[sway]") {
  for (const char* text : {kCylinderStem, kBraceStem}) {
    const interp::Lsystem plain = derived(text, false);
    interp::Lsystem ls = derived(text, true);
    INFO(interp::string_to_text(ls.current, ls.rules->symbols));
    REQUIRE(ls.rules->dynamics.cylinder_moves);
    // 4 f in the cylinder (1 + 3 grown): a joint before each but the first; none before the f outside it
    CHECK(count(plain.current, 'f') == 6);
    CHECK(count(ls.current, ls.rules->dynamics.joint) == 3);
    CHECK(interp::string_to_text(interp::without_joints(*ls.rules, ls.current), ls.rules->symbols) ==
          interp::string_to_text(plain.current, plain.rules->symbols));
    // in a 3 m/s wind along x the stem has 4 bodies, and its tip moves as the same stem drawn with F does
    const std::vector<interp::TraceRow> rows = in_wind(std::move(ls)), segments = in_wind(derived(kSegmentStem, true));
    REQUIRE(rows.size() > 10);
    REQUIRE(rows.size() == segments.size());
    CHECK(rows.front().bodies == 4);
    CHECK(rows.back().bodies == 4);
    double moved = 0, apart = 0;
    for (std::size_t k = 0; k < rows.size(); ++k) {
      moved = std::max(moved, (rows[k].tip - rows.front().tip).norm());
      apart = std::max(apart, (rows[k].tip - segments[k].tip).norm());
    }
    CHECK(moved > 1e-4);  // m: the 4 cm stem (1 cm per unit), 3 mm thick, bends in the wind
    CHECK(moved < 0.04);
    CHECK(apart <= 1e-9 * moved);
  }
}

TEST_CASE("--sway: f outside a generalized cylinder stays a move", "[sway]") {
  // no cylinder: the f moves are no bodies, so a model of f moves alone has nothing to sway
  interp::LoadOptions o;
  o.compile.sway = true;
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  CHECK_FALSE(interp::load_lsystem_text("Lsystem: 1\nAxiom: f(1) +(5) f(1) f(1)\nendlsystem\n", "moves.l", o, ls, d));
  REQUIRE(!d.empty());
  CHECK_THAT(d.back().message, Catch::Contains("draws no segment 'F'"));
  // beside F segments, an f between them is no body and gets no joint; a closed cylinder's f neither
  const char* text = "Lsystem: 1\nAxiom: F(1) f(1) F(1) @Gs f(1) @Gc f(1) @Ge f(1) F(1)\nendlsystem\n";
  interp::Lsystem mixed;
  REQUIRE(interp::load_lsystem_text(text, "mixed.l", o, mixed, d));
  CHECK(interp::string_to_text(mixed.current, mixed.rules->symbols) ==
        "F(1) f(1) J F(1) @Gs J f(1) @Gc J f(1) @Ge f(1) J F(1)\n");
}

TEST_CASE("--sway: a module whose homomorphism image moves along the string's cylinder carries a body", "[sway]") {
  // as vlab's lily draws its stem (I --> f @Gc f), in a cylinder the string opens; the image's
  // f is in the string's cylinder (its @Gc starts one where none is open: cpfg's)
  const char* text =
      "Lsystem: 1\n"
      "Axiom: #(0.3) @Gs I +(5) I +(5) I @Ge [ +(30) I ]\n"
      "homomorphism\n"
      "I --> f(1) @Gc\n"
      "endlsystem\n";
  interp::LoadOptions o;
  o.compile.sway = true;
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(interp::load_lsystem_text(text, "lily.l", o, ls, d));
  // a joint before the second and third I; none before the I outside the cylinder
  const std::string s = interp::string_to_text(ls.current, ls.rules->symbols);
  CHECK_THAT(s, Catch::EndsWith("@Gs I +(5) J I +(5) J I @Ge [ +(30) I ]\n"));
  const std::vector<interp::TraceRow> rows = in_wind(std::move(ls));
  REQUIRE(!rows.empty());
  CHECK(rows.back().bodies == 3);
}
