// What the tests of a cpfg model drawn by the turtle share (view_test.cpp,
// cylinders_test.cpp, textures_test.cpp): a folder loaded as lsd's commands
// load it, derived and drawn.
#pragma once
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/growth/lsystem.hpp"
#include "interpreter/turtle/turtle.hpp"
#include "support/lsd_test.hpp"

namespace lsd::cpfg_test {

using interp::Vec3;

inline bool near(const Vec3& a, const Vec3& b, double tol = 1e-9) { return (a - b).norm() < tol; }

// A flat square surface: one patch, 3 x 3 in its x-y plane, the end point at y = 3.
inline const char* kFlatSurface =
    "0 3 0 3 0 0\n"
    "CONTACT POINT  X: 0 Y: 0 Z: 0\n"
    "END POINT  X: 0 Y: 3 Z: 0\n"
    "HEADING  X: 0 Y: 1 Z: 0\n"
    "UP  X: 0 Y: 0 Z: 1\n"
    "SIZE: 3\n"
    "square\n"
    "TOP COLOR: 0 DIFFUSE: 0 BOTTOM COLOR: 0 DIFFUSE: 0\n"
    "AL: ~ A: ~ AR: ~\nL: ~ R: ~\nBL: ~ B: ~ BR: ~\n"
    "0 0 0  1 0 0  2 0 0  3 0 0\n"
    "0 1 0  1 1 0  2 1 0  3 1 0\n"
    "0 2 0  1 2 0  2 2 0  3 2 0\n"
    "0 3 0  1 3 0  2 3 0  3 3 0\n";

// Loads a folder (or file) as lsd's commands do, then derives n steps and draws.
struct Drawn {
  bool ok = false;
  std::vector<grammar::Diagnostic> diags;
  interp::Lsystem ls;
  interp::Geometry g;
};
inline Drawn draw(const std::string& path, int n = 0) {
  Drawn d;
  d.ok = interp::load_lsystem(path, {}, d.ls, d.diags) && interp::derive(d.ls, n, {}, d.diags);
  if (d.ok) d.g = interp::interpret(d.ls.current, interp::turtle_options(*d.ls.rules));
  return d;
}

inline bool has_warning(const std::vector<grammar::Diagnostic>& diags, const std::string& text, int line = 0) {
  for (const auto& d : diags)
    if (d.warning && d.message.find(text) != std::string::npos && (line == 0 || d.pos.line == line)) return true;
  return false;
}

}  // namespace lsd::cpfg_test
