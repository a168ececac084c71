// Tests of interpreter/cpfg/src/spline_functions.cpp: cpfg's function and contour files.
#include "interpreter/cpfg/spline_functions.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "support/lsd_test.hpp"

using namespace lsd;

TEST_CASE("a function file: the B-spline's y at x, exact or from its table of samples") {
  test::TempDir dir;
  // control points on the line y = 2x: the clamped B-spline is that line
  const std::string exact = dir.write("line.func", "range: 0.0 1.0\npoints: 4\n0 0\n0.333333 0.666667\n0.666667 1.333333\n1 2\n");
  interp::SplineFunction f;
  std::string err;
  REQUIRE(interp::read_function_file(exact, f, err));
  CHECK(f.name == "line");
  // cpfg's value: the y of the point found by bisection on the curve's
  // parameter d, halving [0, 1] until its x is within 0.001 of x. This curve
  // (a cubic Bezier here) has x = d and y = 2d: for x = 0 the bisection
  // stops at d = 2^-10, for x = 1 at 1 - 2^-10, for x = 0.25 at once.
  CHECK(f(0) == Approx(2 * 0x1p-10).margin(1e-6));
  CHECK(f(0.25) == Approx(0.5).margin(1e-6));
  CHECK(f(1) == Approx(2 * (1 - 0x1p-10)).margin(1e-6));
  CHECK(f(7) == f(1));  // clamped to [0, 1]
  // fver 1 1 with samples: linear interpolation of the table, as cpfg
  const std::string tabled = dir.write("step.func", "fver 1 1\nname: step\nsamples: 3\nflip: off\npoints: 4\n"
                                                    "0 0 1\n0.5 0 1\n0.5 1 1\n1 1 1\n");
  REQUIRE(interp::read_function_file(tabled, f, err));
  REQUIRE(f.table.size() == 3);
  CHECK(f(0.25) == Approx((f.table[0] + f.table[1]) / 2));
  CHECK_FALSE(interp::read_function_file(dir.write("bad.func", "fver 1 1\nname: x\npoints: 2\n0 0\n1 1\n"), f, err));
  CHECK_THAT(err, Catch::Contains("at least 4 points"));
}

TEST_CASE("func(id, x) in a cpfg file reads the view file's functions") {
  interp::LoadOptions o;
  interp::SplineFunction f;
  f.points = {{0, 1}, {0.33, 1}, {0.66, 1}, {1, 1}};
  o.compile.functions.functions.push_back(f);
  CHECK(test::cpfg_derived("axiom: A\nA --> B(func(1, 0.5), func(2, 0.5))\n", 1, o) == "B(1,0)");
}

TEST_CASE("contour files: the three formats; a closed contour samples around") {
  test::TempDir dir;
  interp::Contour c;
  std::string err;
  REQUIRE(interp::read_contour_file(dir.write("a.con", "4 3 closed\n1 0 0\n0 1 0\n-1 0 0\n0 -1 0\n"), c, err));
  CHECK(c.closed);
  const auto pts = c.sample(8);
  REQUIRE(pts.size() == 8);
  for (const auto& p : pts) CHECK(p.norm() > 0.5);  // around the origin
  REQUIRE(interp::read_contour_file(
      dir.write("b.con", "cver 1 3\nname: b\npoints: 3 5\ntype: or\nsamples: 8\n0 0 0 3\n1 1 0 1\n2 0 0 1\n"), c, err));
  CHECK_FALSE(c.closed);
  CHECK(c.points.size() == 5);
  CHECK((c.point(0) - Eigen::Vector3d(0, 0, 0)).norm() < 1e-9);  // a triple point is interpolated
  CHECK_FALSE(interp::read_contour_file(dir.write("c.con", "cver 1 3\nname: c\n"), c, err));
}

TEST_CASE("contour files: cuspy's headers 1.1, 1.2 and 1.4 (contact, end, range, dimension)") {
  test::TempDir dir;
  interp::Contour c;
  std::string err;
  REQUIRE(interp::read_contour_file(
      dir.write("a.con", "cver 1 1\nname: a\npoints: 2 4\ntype: open\n0 0 0 3\n1 2 0 1\n"), c, err));
  CHECK_FALSE(c.closed);
  CHECK(c.points.size() == 4);
  REQUIRE(interp::read_contour_file(
      dir.write("b.con", "cver 1 2\nname: b\npoints: 4 4\ntype: cr\n1 0 0 1\n0 1 0 1\n-1 0 0 1\n0 -1 0 1\n"), c, err));
  CHECK(c.closed);
  REQUIRE(interp::read_contour_file(dir.write("c.con",
                                              "version: 1.4\ncontact: 0 0 0\nend: 0 0 0\nheading: 0 1 0\nup: 0 0 -1\n"
                                              "size: 1\npoints: 4\nrange: 0.0 1.0\ndimension: 4\ntype: bspline\n"
                                              "0.25 -0.5 0 3\n0.25 -0.1 0 1\n0.15 0.15 0 1\n0 0.2 0 3\n"),
                                    c, err));
  CHECK_FALSE(c.closed);
  REQUIRE(c.points.size() == 8);  // the multiplicities
  CHECK((c.point(0) - Eigen::Vector3d(0.25, -0.5, 0)).norm() < 1e-9);
  CHECK((c.point(1) - Eigen::Vector3d(0, 0.2, 0)).norm() < 1e-9);
  // malformed: a clear message naming the file
  CHECK_FALSE(interp::read_contour_file(dir.write("d.con", "version: 1.4\npoints: 2\n0 0 0 1\nx y\n"), c, err));
  CHECK_THAT(err, Catch::Contains("d.con"));
  CHECK_FALSE(interp::read_contour_file(dir.write("e.con", "5 3 open\n0 0 0\n"), c, err));
  CHECK_THAT(err, Catch::Contains("ends before its 5 points"));
  CHECK_FALSE(interp::read_contour_file(dir.write("f.con", "cver 1 3\nname: f\npoints: 1000000000 5\n"), c, err));
  CHECK_FALSE(interp::read_contour_file(dir.path("none.con"), c, err));
  CHECK_THAT(err, Catch::Contains("cannot open"));
}

TEST_CASE("a contour's ring: points evenly spread by length, a closed one turned to start on +x") {
  interp::Contour c;
  c.closed = true;
  // a circle-like closed curve of radius about 2 that starts away from +x
  for (int k = 0; k < 12; ++k) {
    const double a = 0.4 + 2 * 3.14159265358979 * k / 12;
    c.points.emplace_back(2 * std::cos(a), 2 * std::sin(a), 0);
  }
  const auto r = c.ring(10);
  REQUIRE(r.size() == 10);
  CHECK(r[0].y() == Approx(0).margin(1e-9));
  CHECK(r[0].x() > 0);
  double lo = 1e9, hi = 0;
  for (std::size_t j = 0; j < 10; ++j) {
    const double step = (r[(j + 1) % 10] - r[j]).norm();
    lo = std::min(lo, step);
    hi = std::max(hi, step);
  }
  CHECK(hi / lo == Approx(1).epsilon(1e-3));  // chords of equal arcs
  // open: sides + 1 points from end to end
  interp::Contour open;
  for (double x : {-1.0, -1.0, -1.0, 0.0, 1.0, 1.0, 1.0}) open.points.emplace_back(x, 0, 0);
  const auto o = open.ring(4);
  REQUIRE(o.size() == 5);
  for (int j = 0; j <= 4; ++j) CHECK(o[std::size_t(j)].x() == Approx(-1 + 0.5 * j).margin(1e-9));
}
