// The tube a curved rod element is drawn with (docs/language.md 7.9): rings
// on the exact helix in the element's material frame, smooth outward normals,
// a closed mesh (one tube along a chain of elements, capped at its ends), a
// stripe that turns with the twist, and the centreline pieces `lsd segments`
// lists.
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "dynamics/rod_element.hpp"
#include "interpreter/turtle/pose.hpp"
#include "interpreter/turtle/turtle.hpp"

using namespace lsd::interp;
namespace dyn = lsd::dyn;

namespace {

constexpr int kSides = 16;  // around the tube (rod_tube.hpp)

TurtleOptions rod_options() {
  TurtleOptions opt;
  opt.body_sym = 'B';
  opt.joint_sym = 'J';
  opt.rod_sym = 'S';
  opt.curvature_sym = 'K';
  return opt;
}

// The turtle's frame before it moves, as a pose.
dyn::SE3 start_frame() { return turtle_pose(TurtleState{}); }

using Key = std::array<double, 3>;
Key key(const Vec3& v) { return {v.x(), v.y(), v.z()}; }

// Every directed edge of every polygon meets its reverse exactly once: a
// closed, consistently oriented surface.
bool closed(const Geometry& g) {
  std::map<std::pair<Key, Key>, int> edges;
  for (const auto& p : g.polygons)
    for (std::uint32_t k = 0; k < p.count; ++k)
      ++edges[{key(g.polygon_vertices[p.first + k]), key(g.polygon_vertices[p.first + (k + 1) % p.count])}];
  for (const auto& [e, n] : edges) {
    const auto back = edges.find({e.second, e.first});
    if (n != 1 || back == edges.end() || back->second != 1) return false;
  }
  return !edges.empty();
}

// The angle from a to b about the axis h (radians, (-pi, pi]).
double angle_about(const Vec3& a, const Vec3& b, const Vec3& h) { return std::atan2(a.cross(b).dot(h), a.dot(b)); }

}  // namespace

TEST_CASE("rod tube: rings on the exact helix, outward unit normals, closed, capped") {
  const double l = 0.3, r = 0.01;
  const dyn::Vec3 omega(2, 8, -3);
  ModuleString s;
  s.push(SymbolId('S'), {l, r, omega.x(), omega.y(), omega.z()});
  const Geometry g = interpret(s, rod_options());
  const std::size_t n = g.rod_axis.size();
  CHECK(n == std::size_t(std::ceil(l * omega.norm() * 8)));  // one piece per 1/8 rad of turn
  REQUIRE(g.polygons.size() == 2 + kSides * n);
  CHECK(g.segments.empty());  // the tube is polygons, the centreline only listed
  CHECK(closed(g));
  const dyn::SE3 start = start_frame();
  for (std::size_t k = 1; k <= n; ++k) {
    for (const std::size_t ring : {k - 1, k}) {  // the piece's two rings
      const dyn::SE3 f = start * dyn::helix_pose(omega, l * double(ring) / double(n));
      Vec3 centroid = Vec3::Zero();
      for (int j = 0; j < kSides; ++j) {
        const auto& q = g.polygons[1 + (k - 1) * kSides + std::size_t(j)];
        REQUIRE(q.count == 4);
        const std::uint32_t at = q.first + (ring == k ? 3 : 0);  // the quad's corner j on this ring
        const Vec3 v = g.polygon_vertices[at], nv = g.polygon_normals[at];
        REQUIRE(v.allFinite());
        REQUIRE(nv.allFinite());
        CHECK(std::abs(nv.norm() - 1) < 1e-12);
        CHECK((v - f.translation - r * nv).norm() < 1e-12);          // outward: the point is centre + r n
        CHECK(std::abs(nv.dot(f.rotation.col(0))) < 1e-12);          // the ring square to the heading
        centroid += v / kSides;
      }
      CHECK((centroid - f.translation).norm() < 1e-12);
    }
  }
  // the caps face back along the start's heading and on along the end's
  const dyn::SE3 end = start * dyn::helix_pose(omega, l);
  CHECK(g.polygons.front().count == kSides);
  CHECK(g.polygons.back().count == kSides);
  CHECK((g.vertex_normal(g.polygons.front(), g.polygons.front().first) + start.rotation.col(0)).norm() < 1e-12);
  CHECK((g.vertex_normal(g.polygons.back(), g.polygons.back().first) - end.rotation.col(0)).norm() < 1e-12);
  // lsd segments lists the centreline's pieces, on the helix
  const auto listed = listed_segments(g);
  REQUIRE(listed.size() == n);
  for (std::size_t k = 0; k < n; ++k) {
    CHECK((listed[k].p1 - (start * dyn::helix_pose(omega, l * double(k + 1) / double(n))).translation).norm() <
          1e-12);
    CHECK(listed[k].width == 2 * r);
  }
}

TEST_CASE("rod tube: the stripe on the material L side turns with the twist, t l at the end") {
  const double l = 0.5, t = 2.6;  // t l = 1.3 rad
  ModuleString s;
  s.push(SymbolId('S'), {l, 0.01, t, 0, 0});
  const Geometry g = interpret(s, rod_options());
  const std::size_t n = g.rod_axis.size();
  REQUIRE(n == 11);  // ceil(1.3 * 8)
  const dyn::SE3 start = start_frame();
  const Vec3 H = start.rotation.col(0), L0 = start.rotation.col(1);
  for (std::size_t k = 1; k <= n; ++k) {
    // the stripe: the two quads of the next colour, either side of the vertex on L
    const auto& before = g.polygons[1 + (k - 1) * kSides + kSides - 1];
    const auto& after = g.polygons[1 + (k - 1) * kSides];
    CHECK(before.colour == 1);
    CHECK(after.colour == 1);
    CHECK(g.polygons[2 + (k - 1) * kSides].colour == 0);
    const Vec3 centre = (start * dyn::helix_pose(dyn::Vec3(t, 0, 0), l * double(k) / double(n))).translation;
    const Vec3 side = g.polygon_vertices[after.first + 3] - centre;  // the stripe's middle on ring k
    CHECK(std::abs(angle_about(L0, side, H) - t * l * double(k) / double(n)) < 1e-12);
  }
  // a straight element without twist: one piece, two rings
  ModuleString straight;
  straight.push(SymbolId('S'), {l, 0.01});
  const Geometry gs = interpret(straight, rod_options());
  CHECK(gs.rod_axis.size() == 1);
  CHECK(gs.polygons.size() == 2 + kSides);
  CHECK(closed(gs));
}

TEST_CASE("rod tube: a chain of elements is one tube; a turn or a new width between them starts another") {
  const TurtleOptions opt = rod_options();
  ModuleString chain;
  chain.push(SymbolId('S'), {0.1, 0.01, 2, 8, 0});
  chain.push(SymbolId('K'), {2, 6, 1, 0, 0, 0});
  chain.push(SymbolId('S'), {0.1, 0.01, 2, 8, 0});
  chain.push(SymbolId('J'));
  chain.push(SymbolId('S'), {0.1, 0.01, 2, 8, 0});
  const Geometry g = interpret(chain, opt);
  CHECK(g.polygons.size() == 2 + kSides * g.rod_axis.size());  // two caps: one tube
  CHECK(closed(g));
  ModuleString turned = chain;
  turned.push(SymbolId('\\'), {30});
  turned.push(SymbolId('S'), {0.1, 0.01, 2, 8, 0});
  turned.push(SymbolId('S'), {0.1, 0.02, 2, 8, 0});
  const Geometry gt = interpret(turned, opt);
  CHECK(gt.polygons.size() == 6 + kSides * gt.rod_axis.size());  // three tubes
  CHECK(closed(gt));
  // a branch at a tube's end caps it; F and S segments are listed in the order drawn
  ModuleString mixed;
  mixed.push(SymbolId('F'));
  mixed.push(SymbolId('S'), {0.1, 0.01, 2, 8, 0});
  mixed.push(SymbolId('['));
  mixed.push(SymbolId('F'));
  mixed.push(SymbolId(']'));
  mixed.push(SymbolId('S'), {0.1, 0.01, 2, 8, 0});
  const Geometry gm = interpret(mixed, opt);
  CHECK(gm.polygons.size() == 4 + kSides * gm.rod_axis.size());  // two tubes, touching at the branch
  const auto listed = listed_segments(gm);
  REQUIRE(listed.size() == 2 + gm.rod_axis.size());
  for (std::size_t k = 1; k < listed.size(); ++k) CHECK(listed[k - 1].module <= listed[k].module);
  CHECK(listed.front().module == 0);
  CHECK(listed.back().module == 5);
}
