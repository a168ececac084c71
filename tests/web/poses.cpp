// lsd_poses FILE T STRING_OUT: runs FILE to simulated time T as `lsd run FILE
// --time T` does (the file's settings, the same Simulation and schedule),
// writes the final string file to STRING_OUT and prints every body's pose,
// one line each: x y z r00 r01 r02 r10 r11 r12 r20 r21 r22 (the rotation
// row by row), 17 significant digits. The page's test (page_test.mjs)
// checks the string against `lsd run -o` (the same run) and the page's
// poses against these.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <vector>

#include "interpreter/living/simulation.hpp"

int main(int argc, char** argv) {
  using namespace lsd;
  if (argc != 4) {
    std::cerr << "usage: lsd_poses FILE T STRING_OUT\n";
    return 2;
  }
  const double until = std::atof(argv[2]);
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  if (!interp::load_lsystem(argv[1], interp::LoadOptions{}, ls, diags)) {
    for (const auto& d : diags) grammar::print_diagnostic(std::cerr, d, &ls.source);
    return 1;
  }
  const interp::RunSettings settings = interp::file_settings(*ls.rules);
  interp::Simulation sim;
  const bool ok = sim.start(std::move(ls), settings, diags, until) && interp::run_until(sim, until, 0, nullptr, diags);
  for (const auto& d : diags) grammar::print_diagnostic(std::cerr, d, &sim.lsystem().source);
  if (!ok) return 1;
  if (!interp::save_string(argv[3], sim.lsystem(), sim.history(), nullptr, interp::Durability::kReplaced)) return 1;
  for (const dyn::SE3& X : sim.pose().oMi) {
    std::printf("%.17g %.17g %.17g", X.translation.x(), X.translation.y(), X.translation.z());
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) std::printf(" %.17g", X.rotation(i, j));
    std::printf("\n");
  }
  return 0;
}
