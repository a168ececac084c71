// Grafts, welds, rings and the exact coupling of pairs of bodies
// (docs/dynamics.md, "Grafts, welds and rings"), against small-deflection
// beam theory and energy bounds.
//
// The beams: a clamp (the fixed base) and n rigid bodies of length l with
// spherical joints of stiffness EI/l at x = (j - 1/2) l, the last body ending
// at L = (n + 1/2) l: the bending energy's integral by the midpoint rule,
// within O(1/n^2) of the continuous beam (docs/dynamics.md).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "dynamics/dynamics.hpp"
#include "dynamics/samples.hpp"

using namespace lsd::dyn;

namespace {

constexpr double kPi = std::numbers::pi;

struct Beam {
  int n = 40;
  double l = 0.025;         // m per body
  double radius = 0.01;     // m
  double density = 1000;    // kg/m^3
  double young = 5e10;      // Pa: a tip deflection of 0.05% of the length
  double length() const { return (n + 0.5) * l; }
  double area() const { return kPi * radius * radius; }
  double second_moment() const { return kPi * std::pow(radius, 4) / 4; }
  double weight() const { return density * 9.81 * area(); }  // N/m
};

// Adds the beam from the base along +x at the base point `at`; returns its
// tip body. Rayleigh damping nu K (nu = 0.05 s: about critical for the first
// mode of the beams below) brings it to rest.
int add_beam(Model& m, const Beam& b, const Vec3& at, bool capsules) {
  int parent = 0;
  const double k = b.young * b.second_moment() / b.l;
  for (int j = 0; j < b.n; ++j) {
    BodyDef def = default_body_def();
    def.parent = parent;
    def.joint_placement.translation = j == 0 ? Vec3(at + Vec3(0.5 * b.l, 0, 0)) : Vec3(b.l, 0, 0);
    def.inertia = cylinder_inertia(b.l, b.radius, b.density);
    def.stiffness = Vec3::Constant(k);
    def.damping = 0.05 * def.stiffness;
    parent = add_body(m, def);
    if (capsules) m.contact.capsules.push_back({parent, Vec3::Zero(), Vec3(b.l, 0, 0), b.radius});
  }
  return parent;
}

// Runs the model to rest (implicit Euler, large steps: the static answer does
// not depend on them).
void settle(const Model& m, Data& d, double seconds) {
  for (int s = 0; s < int(seconds / m.opt.dt); ++s) {
    step(m, d);
    REQUIRE(d.first_nonfinite_joint < 0);
  }
  forward_kinematics(m, d);
}

double total_energy(const Model& m, Data& d) {
  forward_kinematics(m, d);
  compute_energies(m, d);
  return d.kinetic_energy + d.potential_energy + d.elastic_energy + contact_energy(m, d);
}

// The tip's deflection (up: +) and slope (rad, up: +) of a beam along +x.
struct Tip {
  double deflection = 0, slope = 0;
};
Tip tip_of(const Data& d, int body, const Beam& b) {
  const SE3& M = d.oMi[std::size_t(body)];
  const Vec3 end = M.act(Vec3(b.l, 0, 0)), axis = M.rotation.col(0);
  return {end.y(), std::atan2(axis.y(), axis.x())};
}

}  // namespace

// Two parallel cantilevers (here in one place: nothing collides), moduli E
// and 3E, their tips pinned or welded. Pinned, each is a cantilever under its
// weight and the link force P: equal deflections give P = 3wL/16 and
// delta = wL^4/(16 EI), slopes (7/96) wL^3/EI and (25/288) wL^3/EI.
// Welded (clamped-guided), P and a tip moment M: equal deflections and slopes
// give P = wL/4, M = wL^2/24, delta = wL^4/(16 EI), slope wL^3/(12 EI).
// (Rigid bodies do not stretch: the tips of the two bent beams differ in x by
// a second-order amount, which the pin closes with an axial force, and that
// force's lever on the deflection is the third-order term the linear theory
// leaves out: 7% of P at a deflection of 0.5% of the length, 0.07% at
// 0.05%.)
TEST_CASE("two cantilevers, E and 3E, pinned and welded at their tips: deflections, slopes and forces within 2%") {
  for (const bool weld : {false, true}) {
    Model m = make_model();
    m.opt.dt = 0.005;
    m.opt.tie_stiffness = 1e7;
    Beam soft, stiff;
    stiff.young = 3 * soft.young;
    const int a = add_beam(m, soft, Vec3::Zero(), false), b = add_beam(m, stiff, Vec3::Zero(), false);
    Graft g;
    g.body_a = a;
    g.body_b = b;
    g.point_a = g.point_b = Vec3(soft.l, 0, 0);
    g.weld = weld;
    g.arm = 0.1;
    m.contact.grafts.push_back(g);
    Data d = make_data(m);
    settle(m, d, 4);
    const double w = soft.weight(), L = soft.length(), EI = soft.young * soft.second_moment();
    const Tip ta = tip_of(d, a, soft), tb = tip_of(d, b, stiff);
    const double delta = w * std::pow(L, 4) / (16 * EI);
    contact_forces(m, d);
    REQUIRE(d.contacts.size() == 1);
    const ContactForce& c = d.contacts[0];
    CHECK(c.kind == (weld ? ContactKind::kWeld : ContactKind::kGraft));
    CHECK(c.body == a);
    CHECK(c.other == b);
    const double P = c.normal_force * c.normal.y();  // on the soft beam: up
    INFO((weld ? "welded" : "pinned") << ": tips " << ta.deflection << " and " << tb.deflection << " m (theory "
                                      << -delta << "), slopes " << ta.slope << " and " << tb.slope << ", force " << P);
    CHECK(ta.deflection == Approx(-delta).epsilon(0.02));
    CHECK(tb.deflection == Approx(-delta).epsilon(0.02));
    if (weld) {
      CHECK(P == Approx(w * L / 4).epsilon(0.02));
      CHECK(ta.slope == Approx(-w * std::pow(L, 3) / (12 * EI)).epsilon(0.02));
      CHECK(tb.slope == Approx(-w * std::pow(L, 3) / (12 * EI)).epsilon(0.02));
    } else {
      CHECK(P == Approx(3 * w * L / 16).epsilon(0.02));
      CHECK(ta.slope == Approx(-7.0 / 96 * w * std::pow(L, 3) / EI).epsilon(0.02));
      CHECK(tb.slope == Approx(-25.0 / 288 * w * std::pow(L, 3) / EI).epsilon(0.02));
    }
  }
}

// A cantilever passing through a ring at distance a from the clamp (a
// propped cantilever with an overhang): the ring carries
// R = w (6L^2 - 4La + a^2) / (8a), under gravity down and up alike.
TEST_CASE("a stem through a ring at a from the clamp carries w(6L^2 - 4La + a^2)/(8a) within 2%, pushed either way") {
  for (const double frac : {0.5, 0.8}) {
    for (const double gy : {-9.81, 9.81}) {
      Model m = make_model();
      m.opt.dt = 0.005;
      m.opt.gravity = Vec3(0, gy, 0);
      m.opt.tie_stiffness = 1e7;
      m.opt.friction = 0;
      const Beam beam;
      const double L = beam.length(), a = frac * L;
      add_beam(m, beam, Vec3::Zero(), true);
      m.contact.rings.push_back({Vec3(a, 0, 0), Vec3::UnitX(), 0.03});
      Data d = make_data(m);
      settle(m, d, 4);
      contact_forces(m, d);
      double R = 0;
      int rows = 0;
      for (const ContactForce& c : d.contacts) {
        REQUIRE(c.kind == ContactKind::kRing);
        R += c.normal_force * c.normal.y() + c.tangential.y();
        ++rows;
      }
      const double w = beam.weight(), theory = w * (6 * L * L - 4 * L * a + a * a) / (8 * a);
      INFO("a = " << a << " m, gravity " << gy << ": ring force " << R << " N, theory " << theory);
      CHECK(rows == 1);
      CHECK(std::abs(R) == Approx(theory).epsilon(0.02));
      CHECK(R * gy < 0);  // it holds against the load
    }
  }
}

// A rod dropped 1 mm onto a crossbar held by a stiff joint (a self contact
// between two branches of one plant): the contact may only take energy away.
// Each side reacting against the pair's centre of mass instead of its
// effective mass through the tree gained 0.018 J here at 1/240 s and
// 0.0008 J at 1/60 s (measured with that coupling; docs/dynamics.md).
TEST_CASE("a rod dropped onto a spring-held crossbar of the same plant makes no energy") {
  for (const double dt : {1.0 / 60, 1.0 / 240}) {
    Model m = make_model();
    m.opt.dt = dt;
    m.opt.self_contact = true;
    const double r = 0.02;
    const auto turn = [](const Vec3& axis, double angle) { return Mat3(Eigen::AngleAxisd(angle, axis)); };
    BodyDef post = default_body_def();  // up the y axis
    post.joint_placement.rotation = turn(Vec3::UnitZ(), kPi / 2);
    post.inertia = cylinder_inertia(0.5, r, 700);
    post.stiffness = Vec3::Constant(1e4);
    const int p = add_body(m, post);
    BodyDef bar = post;  // along x at y = 0.5
    bar.parent = p;
    bar.joint_placement.translation = Vec3(0.5, 0, 0);
    bar.joint_placement.rotation = turn(Vec3::UnitZ(), -kPi / 2);
    bar.inertia = cylinder_inertia(1.0, r, 700);
    bar.stiffness = Vec3::Constant(2000);
    const int c = add_body(m, bar);
    BodyDef rod = default_body_def();  // along z, hinged 1 mm above the bar's top
    rod.joint_placement.translation = Vec3(0.5, 0.5 + 2 * r + 0.001, -0.5);
    rod.joint_placement.rotation = turn(Vec3::UnitY(), -kPi / 2);
    rod.inertia = cylinder_inertia(1.0, r, 700);
    const int h = add_body(m, rod);
    for (int body : {p, c, h})
      m.contact.capsules.push_back({body, Vec3::Zero(), Vec3(body == p ? 0.5 : 1.0, 0, 0), r});
    Data d = make_data(m);
    const double start = total_energy(m, d);
    double most = start, least = start;
    bool touched = false;
    for (int s = 0; s < int(2 / dt); ++s) {
      step(m, d);
      REQUIRE(d.first_nonfinite_joint < 0);
      const double e = total_energy(m, d);
      most = std::max(most, e);
      least = std::min(least, e);
      touched = touched || d.touching;
    }
    INFO("dt " << dt << ": energy at the start " << start << " J, largest " << most << ", least " << least);
    CHECK(touched);
    CHECK(most <= start + 1e-6);
  }
}

// A closed loop: 40 bodies in a ring hung from one point (two chains of 20
// from the base, their ends pinned), released 30 degrees aside, no damping:
// over 100 s at 1/60 s its energy never rises by more than 1% of the energy
// of the swing.
TEST_CASE("a closed loop of 40 bodies swings 100 s at 1/60 s without gaining energy") {
  Model m = make_model();
  m.opt.dt = 1.0 / 60;
  const int n = 40;
  const double side = 0.05, R = side / (2 * std::sin(kPi / n)), tilt = kPi / 6;
  // Vertex k of the polygon, the base at vertex 0 on top, turned by `tilt`
  // about z round the base.
  const auto vertex = [&](int k, double turn) {
    const double t = 2 * kPi * k / n;
    const Vec3 v(R * std::sin(t), -R * (1 - std::cos(t)), 0);
    return Vec3(Eigen::AngleAxisd(turn, Vec3::UnitZ()) * v);
  };
  int ends[2] = {0, 0};
  for (int side_sign : {1, -1}) {
    int parent = 0;
    SE3 parent_world;
    for (int j = 0; j < n / 2; ++j) {
      const Vec3 from = vertex(side_sign * j, tilt), to = vertex(side_sign * (j + 1), tilt);
      SE3 world;
      world.translation = from;
      world.rotation = Eigen::Quaterniond::FromTwoVectors(Vec3::UnitX(), to - from).toRotationMatrix();
      BodyDef def = default_body_def();
      def.parent = parent;
      def.joint_placement = parent_world.inverse() * world;
      def.inertia = cylinder_inertia(side, 0.005, 1000);
      def.stiffness = Vec3::Constant(0.05);
      parent = add_body(m, def);
      parent_world = world;
    }
    ends[side_sign > 0 ? 0 : 1] = parent;
  }
  Graft g;
  g.body_a = ends[0];
  g.body_b = ends[1];
  g.point_a = g.point_b = Vec3(side, 0, 0);
  m.contact.grafts.push_back(g);
  Data d = make_data(m);
  forward_kinematics(m, d);
  REQUIRE((d.oMi[std::size_t(ends[0])].act(g.point_a) - d.oMi[std::size_t(ends[1])].act(g.point_b)).norm() < 1e-12);
  const double start = total_energy(m, d);
  // The swing's energy: the tilted loop's height above the hanging one.
  double mass = 0;
  for (int k = 1; k < m.nbody(); ++k) mass += m.inertia[std::size_t(k)].mass;
  const double swing = mass * 9.81 * R * (1 - std::cos(tilt));
  double most = start;
  for (int s = 0; s < 6000; ++s) {
    step(m, d);
    REQUIRE(d.first_nonfinite_joint < 0);
    most = std::max(most, total_energy(m, d));
  }
  const double gap = (d.oMi[std::size_t(ends[0])].act(g.point_a) - d.oMi[std::size_t(ends[1])].act(g.point_b)).norm();
  INFO("swing energy " << swing << " J; start " << start << ", largest " << most << ", at 100 s "
                       << total_energy(m, d) << "; the pin's gap at the end " << gap << " m");
  CHECK(most - start <= 0.01 * swing);
  CHECK(gap < 1e-3);  // the loop stays closed
}
