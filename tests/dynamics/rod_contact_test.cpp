// Contacts, ties, rings and grafts on curved elements (dynamics/rod.hpp,
// contact.hpp): a touch anywhere along the tube rides on the section where
// it lies; a point after an element rides on its end.
#include <catch2/catch.hpp>
#include <cmath>

#include "dynamics/contact.hpp"
#include "dynamics/kinematics.hpp"
#include "dynamics/rod.hpp"
#include "dynamics/src/rod_sweep.hpp"
#include "dynamics/step.hpp"

using namespace lsd::dyn;

namespace {

constexpr double kRadius = 0.004;

// n helices of total length L from `at`, along the world direction of the
// rotation `turn` applied to x; each element with `pieces` capsules.
int helix_rod(Model& m, int parent, const SE3& at, int n, double L, double young, int pieces = 4) {
  int p = parent;
  for (int k = 0; k < n; ++k) {
    RodDef r = default_rod_def();
    r.parent = p;
    r.placement = k == 0 ? at : SE3{};
    r.length = L / n;
    r.radius = kRadius;
    r.young = young;
    r.friction_ratio = 0.02;
    p = add_rod(m, r);
    add_rod_capsules(m, p, pieces);
  }
  return p;
}

// The lowest point of the rods' centrelines (their sections), world y.
double lowest(const Model& m, Data& d) {
  forward_kinematics(m, d);
  double y = 1e9;
  std::vector<RodSlice> slices;
  for (const Rod& r : m.rods) {
    rod_slices(m, d, r.body, slices);
    for (const RodSlice& s : slices) y = std::min(y, s.com.y());
    y = std::min(y, d.oMi[std::size_t(r.body)].translation.y());
  }
  return y;
}

void settle(const Model& m, Data& d, double seconds) {
  for (int s = 0; s < int(seconds / m.opt.dt); ++s) {
    step(m, d);
    REQUIRE(d.first_nonfinite_joint < 0);
  }
}

}  // namespace

TEST_CASE("a soft rod of helices comes to lie on the ground along its length", "[rod][contact]") {
  Model m = make_model(default_base_def());
  helix_rod(m, 0, SE3{Mat3::Identity(), Vec3(0, 0.03, 0)}, 8, 0.6, 2e5);
  m.contact.obstacles.push_back({ObstacleKind::kGround, Vec3::Zero()});
  m.opt.dt = 1.0 / 60;
  Data d = make_data(m);
  settle(m, d, 6.0);
  // The centreline rests a radius above the ground (the spring's depth under
  // a slice's weight is far below it), and the ground carries a share of the
  // weight along several sections.
  const double y = lowest(m, d);
  CHECK(y > 0.5 * kRadius);
  CHECK(y < 1.5 * kRadius);
  contact_forces(m, d);
  double carried = 0;
  int touches = 0;
  for (const ContactForce& c : d.contacts) {
    carried += c.normal_force;
    touches += c.kind == ContactKind::kGround;
  }
  const double weight = 1000 * M_PI * kRadius * kRadius * 0.6 * 9.81;
  CHECK(touches >= 4);
  CHECK(carried > 0.3 * weight);
  CHECK(carried < weight);
}

TEST_CASE("a rod of helices dropped across a pole stops on it, its middle section held", "[rod][contact]") {
  Model m = make_model(default_base_def());
  m.base_kind = BaseKind::kFloating;
  helix_rod(m, 0, SE3{Mat3::Identity(), Vec3(-0.2, 0, 0)}, 8, 0.4, 1e6);
  // A horizontal pole along z under the rod's middle (poles are vertical:
  // turn the world with gravity along x instead).
  m.opt.gravity = Vec3(-9.81, 0, 0);
  m.contact.obstacles.push_back({ObstacleKind::kPole, Vec3(-0.05, 0, 0), 0.01});
  m.opt.dt = 1.0 / 60;
  Data d = make_data(m);
  d.base_q = Quat(Eigen::AngleAxisd(M_PI / 2, Vec3::UnitZ()));  // the rod along y, across the pole's side
  d.base_p = Vec3(0.0, 0, 0.0);
  // (base at the rod's root, which starts -0.2 along the rod's own x)
  settle(m, d, 2.0);
  forward_kinematics(m, d);
  std::vector<RodSlice> slices;
  double nearest = 1e9;
  for (const Rod& r : m.rods) {
    rod_slices(m, d, r.body, slices);
    for (const RodSlice& s : slices) nearest = std::min(nearest, Vec3(s.com.x() + 0.05, s.com.y(), 0).norm());
  }
  CHECK(nearest > 0.01 + 0.5 * kRadius);  // not through the pole
}

TEST_CASE("a tie at a rod's tip holds it at its anchor", "[rod][contact]") {
  Model m = make_model(default_base_def());
  const int tip = helix_rod(m, 0, SE3{}, 6, 0.3, 1e7, 1);
  const Vec3 anchor(0.28, 0.06, 0.02);
  m.contact.ties.push_back({tip, Vec3::Zero(), anchor});
  m.opt.dt = 1.0 / 60;
  Data d = make_data(m);
  settle(m, d, 4.0);
  forward_kinematics(m, d);
  CHECK((d.oMi[std::size_t(tip)].translation - anchor).norm() < 1e-3);
}

TEST_CASE("two rods of helices grafted at their tips close the loop and stay closed", "[rod][contact]") {
  Model m = make_model(default_base_def());
  const int a = helix_rod(m, 0, SE3{Eigen::AngleAxisd(0.5, Vec3::UnitZ()).toRotationMatrix(), Vec3::Zero()}, 5, 0.25,
                          1e6, 1);
  // Their tips meet at the start (a loop the plant grew closed).
  const int b = helix_rod(m, 0, SE3{Eigen::AngleAxisd(M_PI - 0.5, Vec3::UnitZ()).toRotationMatrix(),
                                    Vec3(2 * 0.25 * std::cos(0.5), 0, 0)},
                          5, 0.25, 1e6, 1);
  Graft g;
  g.body_a = a;
  g.body_b = b;
  m.contact.grafts.push_back(g);
  m.opt.dt = 1.0 / 60;
  Data d = make_data(m);
  double e_prev = 1e9;
  for (int s = 0; s < 300; ++s) {
    step(m, d);
    REQUIRE(d.first_nonfinite_joint < 0);
    if (s % 60 == 59) {
      compute_energies(m, d);
      const double e = d.kinetic_energy + d.potential_energy + d.elastic_energy + contact_energy(m, d);
      CHECK(e < e_prev + 1e-9);
      e_prev = e;
    }
  }
  forward_kinematics(m, d);
  CHECK((d.oMi[std::size_t(a)].translation - d.oMi[std::size_t(b)].translation).norm() < 2e-4);
}

TEST_CASE("a rod of helices falls across another: self contact holds them apart along their tubes", "[rod][contact]") {
  // Two clamped horizontal rods crossing at right angles, the soft upper one
  // 2 cm above the stiff lower one: it sags onto it; their sections meet at
  // the elements' ends and are coupled exactly through the tree (a pair on
  // each side's section). Without self contact it sags through (4 cm).
  Model m = make_model(default_base_def());
  const int lower_mid = helix_rod(m, 0, SE3{Mat3::Identity(), Vec3(-0.15, 0, 0)}, 6, 0.3, 1e9) - 3;
  const int upper_mid =
      helix_rod(m, 0, SE3{Eigen::AngleAxisd(-M_PI / 2, Vec3::UnitY()).toRotationMatrix(), Vec3(0.0, 0.02, -0.15)}, 6,
                0.3, 1e7) - 3;
  m.opt.self_contact = true;
  m.opt.dt = 1.0 / 60;
  Data d = make_data(m);
  compute_energies(m, d);
  const double e0 = d.kinetic_energy + d.potential_energy + d.elastic_energy;
  double deepest = 0;
  for (int s = 0; s < 240; ++s) {
    step(m, d);
    REQUIRE(d.first_nonfinite_joint < 0);
    compute_energies(m, d);
    deepest = std::max(deepest, deepest_self_overlap(m, d));
    // After the impact the motion's energy stays below where it started.
    // (At the impact the tubes sink 10% of a radius into each other for
    // three steps, the contacts' springs then holding more than the fall
    // brought: docs/dynamics.md, "Curved rods".)
    if (s > 20) CHECK(d.kinetic_energy + d.potential_energy + d.elastic_energy + contact_energy(m, d) < e0);
  }
  CHECK(deepest < 0.15);
  CHECK(d.kinetic_energy < 1e-7);  // at rest
  // Where they cross (the middle of each: x = 0, z = 0) the upper rod's
  // centreline rests two radii above the lower one's.
  forward_kinematics(m, d);
  const Vec3 lower = d.oMi[std::size_t(lower_mid)].translation, upper = d.oMi[std::size_t(upper_mid)].translation;
  CHECK(std::abs(lower.x()) < 1e-3);
  CHECK(std::abs(upper.z()) < 2e-3);
  CHECK(upper.y() - lower.y() > 1.8 * kRadius);
  CHECK(upper.y() - lower.y() < 2.2 * kRadius);
  CHECK(deepest_self_overlap(m, d) < 0.1);
}
