// Continuous collision (docs/dynamics.md, "No tunnelling"): a fast twig of
// the plant meets a thin branch of the same plant at 1/60 s instead of
// passing through it in one step.
#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

#include "dynamics/dynamics.hpp"

using namespace lsd::dyn;

namespace {
constexpr double kPi = std::numbers::pi;
Mat3 turn(const Vec3& axis, double angle) { return Mat3(Eigen::AngleAxisd(angle, axis)); }
}  // namespace

// A branch 1 cm thick along x at y = 0.5 (on a stiff post); a twig 2 cm
// thick along z, hinged 1 m before the branch and 5 cm above touching it,
// swinging down at 5 m/s where it crosses: 8 cm per step of 1/60 s, against
// 1.5 cm of the two radii. Over the first half second (the impact; later
// the twig, free to swing sideways, slides off the branch's end), its axis
// stays above the branch's, less the overlap a contact takes. With the
// swept test but generalized-alpha steps it passed through at 5 and 2 m/s.
TEST_CASE("a 2 cm twig falling at 5 m/s onto a 1 cm branch at 1/60 s does not pass through") {
  for (const double speed : {5.0, 2.0}) {
    Model m = make_model();
    const double dt = 1.0 / 60;
    m.opt.dt = dt;
    m.opt.self_contact = true;
    const double rb = 0.005, rt = 0.01, gap = 0.05;
    BodyDef post = default_body_def();
    post.joint_placement.rotation = turn(Vec3::UnitZ(), kPi / 2);
    post.inertia = cylinder_inertia(0.5, 0.02, 700);
    post.stiffness = Vec3::Constant(1e4);
    const int p = add_body(m, post);
    BodyDef branch = post;
    branch.parent = p;
    branch.joint_placement.translation = Vec3(0.5, 0, 0);
    branch.joint_placement.rotation = turn(Vec3::UnitZ(), -kPi / 2);
    branch.inertia = cylinder_inertia(1.0, rb, 700);
    branch.stiffness = Vec3::Constant(2000);
    branch.damping = Vec3::Constant(5);
    const int b = add_body(m, branch);
    BodyDef twig = default_body_def();
    twig.joint_placement.translation = Vec3(0.5, 0.5 + rb + rt + gap, -1.0);
    twig.joint_placement.rotation = turn(Vec3::UnitY(), -kPi / 2);  // body x along world z
    twig.inertia = cylinder_inertia(2.0, rt, 700);
    const int t = add_body(m, twig);
    m.contact.capsules.push_back({p, Vec3::Zero(), Vec3(0.5, 0, 0), 0.02});
    m.contact.capsules.push_back({b, Vec3::Zero(), Vec3(1.0, 0, 0), rb});
    m.contact.capsules.push_back({t, Vec3::Zero(), Vec3(2.0, 0, 0), rt});
    Data d = make_data(m);
    // Turning about world x at speed (1 m from the hinge): down at z = 0.
    d.w[std::size_t(t)] = twig.joint_placement.rotation.transpose() * Vec3(speed, 0, 0);
    // Where the twig crosses the branch's vertical plane (z = 0), its height
    // less the branch's top there: it must stay above (less the overlap a
    // contact takes, a fraction of the radii).
    double lowest = 1;
    int touching = 0;
    for (int s = 0; s < int(0.5 / dt); ++s) {
      step(m, d);
      REQUIRE(d.first_nonfinite_joint < 0);
      touching += d.touching;
      forward_kinematics(m, d);
      const SE3 &T = d.oMi[std::size_t(t)], &B = d.oMi[std::size_t(b)];
      const Vec3 axis = T.rotation.col(0);
      if (!(std::abs(axis.z()) > 0.1)) continue;
      const Vec3 cross = T.translation - (T.translation.z() / axis.z()) * axis;  // the twig's axis at z = 0
      const Vec3 baxis = B.rotation.col(0);
      const Vec3 under = B.translation + ((cross.x() - B.translation.x()) / baxis.x()) * baxis;  // the branch's axis there
      if (std::abs(cross.x() - 0.5) < 0.4) lowest = std::min(lowest, cross.y() - under.y());  // (on the branch)
    }
    INFO("speed " << speed << " m/s: the twig's axis came within " << lowest << " m of the branch's (radii "
                  << rb + rt << " m); " << touching << " steps touching");
    CHECK(touching > 0);
    CHECK(lowest > 0.5 * (rb + rt));
  }
}
