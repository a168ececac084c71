// libFuzzer target: derivation, drawing and the living string on arbitrary input.
//   - input starting with 'S': the rest is a string file, read with a fixed
//     L-system (declared names, dynamics), then drawn, derived and simulated;
//   - anything else: a .ls file, loaded, derived a few steps (small module
//     limit, small time budget), drawn (homomorphism, turtle, queries) and, with
//     a dynamics: section, simulated for a few physics steps.
// Must never crash, hang or use unbounded memory.
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "interpreter/growth/lsystem.hpp"
#include "interpreter/living/simulation.hpp"
#include "interpreter/turtle/turtle.hpp"

namespace {

using namespace lsd;
constexpr std::size_t kMaxModules = 20000;

const char* const kStringRules =
    "module: Apex Leaf\n"
    "derivation length: 3\n"
    "axiom: B(0.1, 0.01) A(2)\n"
    "A(k) : k > 0 --> J B(0.05, 0.005) [ +(30) J B(0.03, 0.003) ?P(0,0,0) ] A(k - 1)\n"
    "J(a, b, c, d, e, f) : norm(a, b, c) > 0.5 --> %\n"
    "homomorphism:\n"
    "Apex --> F(1) @O(0.1)\n"
    "dynamics:\n"
    "  dt: 0.001\n";

void exercise(interp::Lsystem& ls, int steps) {
  interp::DeriveOptions dopts;
  dopts.max_modules = kMaxModules;
  std::vector<grammar::Diagnostic> diags;
  const auto start = std::chrono::steady_clock::now();
  for (int k = 0; k < steps; ++k) {
    if (std::chrono::steady_clock::now() - start > std::chrono::milliseconds(200)) break;  // time budget
    if (!interp::derive(ls, 1, dopts, diags)) break;
  }
  interp::ModuleString drawn;
  auto res = interp::apply_homomorphism(*ls.rules, ls.current, drawn, dopts, ls.scratch);
  if (res.ok) {
    const auto topt = interp::turtle_options(*ls.rules);
    interp::Geometry g = interp::interpret(drawn, topt);
    interp::fill_queries(drawn, topt);
    (void)g;
  }
  if (ls.rules->dynamics.enabled) {
    // The one start and schedule of every command (Simulation). Growth in the
    // run: a few steps only (10^9 steps of a string that never repeats are
    // bounded, but take minutes).
    interp::RunSettings settings = interp::file_settings(*ls.rules);
    ls.derivation_length = std::min(ls.derivation_length, ls.steps_done + 3);
    settings.max_modules = kMaxModules;
    settings.dt = 0.001;
    settings.max_physics_steps = 10;
    const double until = ls.time() + 0.0055;  // a few physics steps (growth due at these times included)
    interp::Simulation sim;
    if (sim.start(std::move(ls), settings, diags, until)) sim.advance_to(until, diags);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  interp::LoadOptions lopts;
  lopts.max_modules = kMaxModules;
  std::vector<grammar::Diagnostic> diags;
  interp::Lsystem ls;
  if (!input.empty() && input[0] == 'S') {
    static interp::Lsystem rules = [] {
      interp::Lsystem r;
      std::vector<grammar::Diagnostic> d;
      if (!interp::load_lsystem_text(kStringRules, "rules.ls", {}, r, d)) __builtin_trap();
      return r;
    }();
    ls = rules;  // shares its compiled rules, and its machine started on them
    ls.current = {};
    interp::StringHeader h;
    const interp::StringLimits limits{kMaxModules, 2 * kMaxModules};
    if (!interp::read_string(input.substr(1), "fuzz.txt", ls.rules->symbols, ls.current, h, diags, limits)) return 0;
    ls.steps_done = h.step;
    ls.clock.origin = h.time;
    exercise(ls, 2);
    return 0;
  }
  if (!interp::load_lsystem_text(input, "fuzz.ls", lopts, ls, diags)) return 0;
  exercise(ls, ls.rules->derivation_length < 6 ? ls.rules->derivation_length : 6);
  return 0;
}
