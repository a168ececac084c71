// joints: auto (docs/language.md 7.8): the places the successors keep for
// new joints (joint slots, auto_joints.hpp) change how fast a step is, never
// what it makes. Each model derives with its rules as compiled and with the
// same rules stripped of their slots (every joint then put in by
// insert_joints' pass alone); the strings must be the same, module for
// module and parameter for parameter.
#include <catch2/catch.hpp>
#include <filesystem>
#include <memory>

#include "interpreter/lsystem/auto_joints.hpp"
#include "interpreter/growth/lsystem.hpp"
#include "interpreter/lsystem/string_io.hpp"
#include "support/lsd_test.hpp"

using namespace lsd;

namespace {

// The rules without their joint slots.
std::shared_ptr<const interp::RuleSet> without_slots(const interp::RuleSet& rules, std::size_t& slots) {
  auto copy = std::make_shared<interp::RuleSet>(rules);
  copy->dynamics.slots_exact = false;  // (every step then takes insert_joints' whole pass)
  slots = 0;
  for (interp::ProductionGroup* g : {&copy->main, &copy->decomposition})
    for (interp::Production& p : g->prods) {
      std::vector<interp::SuccessorModule> succ;
      for (const interp::SuccessorModule& m : p.succ) {
        if (m.sym == interp::kSymJointSlot) ++slots;
        else succ.push_back(m);
      }
      p.succ = std::move(succ);
      p.slot_at.clear();
      interp::ModuleString s;
      for (std::size_t i = 0; i < p.succ_string.size(); ++i)
        if (p.succ_string.sym[i] != interp::kSymJointSlot) s.append(p.succ_string, i, i + 1);
      p.succ_string = std::move(s);
    }
  return copy;
}

struct Both {
  std::size_t slots = 0;     // slots in the compiled rules
  std::size_t joints = 0;    // joints in the string made with them
  bool same = false;
  std::string with, without;  // the strings, as text
};

Both derive_both(const std::string& path, long n, const std::string& text = {}) {
  Both b;
  interp::LoadOptions o;
  o.compile.sway = text.empty();
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  const bool loaded = text.empty() ? interp::load_lsystem(path, o, ls, d) : interp::load_lsystem_text(text, path, o, ls, d);
  INFO(path << ": " << (d.empty() ? "" : d[0].message));
  REQUIRE(loaded);
  interp::Lsystem bare = ls;
  bare.rules = without_slots(*ls.rules, b.slots);
  REQUIRE(interp::derive(ls, n, {}, d));
  REQUIRE(interp::derive(bare, n, {}, d));
  std::size_t slots_left = 0;
  for (interp::SymbolId s : ls.current.sym) {
    slots_left += s == interp::kSymJointSlot;
    b.joints += s == ls.rules->dynamics.joint;
  }
  CHECK(slots_left == 0);  // no slot outlives its step
  b.same = ls.current == bare.current;
  b.with = interp::string_to_text(ls.current, ls.rules->symbols);
  b.without = interp::string_to_text(bare.current, ls.rules->symbols);
  return b;
}

}  // namespace

TEST_CASE("joint slots: every ABOP figure and cpfg example derives the same string with and without them",
          "[sway]") {
  std::vector<std::string> files;
  for (const char* folder : {"abop", "cpfg"})
    for (const auto& e : std::filesystem::directory_iterator(test::example(folder)))
      if (e.path().extension() == ".ls" || e.path().extension() == ".l") files.push_back(e.path().string());
  for (const auto& e : std::filesystem::directory_iterator(std::string(LSD_SOURCE_DIR) + "/tests/cpfg_cases"))
    if (e.path().extension() == ".l") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 30);
  std::size_t with_slots = 0;
  for (const std::string& f : files) {
    interp::Lsystem probe;
    std::vector<grammar::Diagnostic> d;
    interp::LoadOptions o;
    o.compile.sway = true;
    if (!interp::load_lsystem(f, o, probe, d)) continue;  // (a model that cannot sway: tested elsewhere)
    const long n = std::min<long>(probe.rules->derivation_length, 8);
    const Both b = derive_both(f, n);
    INFO(f << " slots " << b.slots << " joints " << b.joints);
    CHECK(b.same);
    if (!b.same) CHECK(b.with == b.without);  // (shows the difference)
    with_slots += b.slots > 0 && b.joints > 0;
  }
  CHECK(with_slots >= 20);  // the slots are exercised
}

TEST_CASE("joint slots: the places where the string around a successor decides are the same as without them",
          "[sway]") {
  const std::string dyn = "dynamics:\n body: F\n joints: auto\n";
  const struct {
    const char* what;
    std::string text;
  } cases[] = {
      {"a body rewritten with a branch first (its joint moves past the branch)",
       "derivation length: 3\naxiom: F(1) F(1)\nF(l) --> [ +(30) F(l) ] F(l)\n"},
      {"a body cut to a growing tip, grown again (the tip's joint stays)",
       "derivation length: 4\naxiom: F(1) F(1) A\nF(l) : l < 1.5 --> F(l * 2)\nF(l) : l >= 1.5 --> G\n"
       "G --> F(1)\nA --> F(1) A\n"},
      {"bodies written inside a polygon the string opened",
       "derivation length: 3\naxiom: F(1) { . A . } F(1) B\nA --> F(1) A\nB --> F(1) [ { . A } ] B\n"},
      {"the first body of the string written by a production", "derivation length: 3\naxiom: A\nA --> + F(1) A\n"},
      {"a decomposition that writes bodies",
       "derivation length: 3\naxiom: F(1) A\nA --> B A\ndecomposition:\nB --> F(1) [ -(20) F(1) ] F(1)\n"},
      {"joints the model writes itself",
       "derivation length: 3\naxiom: F(1) A\nA --> J(0.1,0,0,0,0,0) F(1) [ J F(1) ] F(1) A\n"},
      {"a production that writes two bodies after a body it rewrites",
       "derivation length: 3\naxiom: F(1) A\nF(l) --> F(l) F(l)\nA --> F(1) [ +(10) A ] A\n"},
  };
  for (const auto& c : cases) {
    INFO(c.what);
    const Both b = derive_both("slots.ls", 4, c.text + dyn);
    INFO(b.with);
    CHECK(b.slots > 0);
    CHECK(b.joints > 0);
    CHECK(b.same);
    CHECK(b.with == b.without);
  }
}
