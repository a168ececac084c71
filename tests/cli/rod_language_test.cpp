// Curved rods through the language (docs/language.md 7.9): each scene is a
// .ls file of S elements run by the lsd executable, and each contact, tie,
// graft, fusion, wind and drag acts on the elements' tubes. Every check is
// paired with the same scene without the cause, which fails it.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <sstream>

#include "support/lsd_test.hpp"

using lsd::test::run;

namespace {

struct Seg {
  double p[3], q[3], width;
};

// The drawn segments after `time` seconds (lsd segments --time).
std::vector<Seg> segments_at(lsd::test::TempDir& dir, const std::string& name, const std::string& text, double time) {
  const std::string f = dir.write(name, text), out = dir.path(name + ".csv");
  const auto r = run(lsd::test::lsd_exe() + " segments " + f + " --quiet --time " + std::to_string(time) + " -o " + out);
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::vector<Seg> segs;
  const auto lines = lsd::test::read_lines(out);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    Seg s{};
    char c;
    std::stringstream ss(lines[i]);
    ss >> s.p[0] >> c >> s.p[1] >> c >> s.p[2] >> c >> s.q[0] >> c >> s.q[1] >> c >> s.q[2] >> c >> s.width;
    segs.push_back(s);
  }
  REQUIRE(!segs.empty());
  return segs;
}

// The rows of a run's trace, every 0.5 s: t, step, modules, bodies, kinetic,
// potential, elastic, tip x, y, z, substeps.
std::vector<std::vector<double>> trace(lsd::test::TempDir& dir, const std::string& name, const std::string& text,
                                       double time) {
  const std::string f = dir.write(name, text), out = dir.path(name + ".trace.csv");
  const auto r = run(lsd::test::lsd_exe() + " run " + f + " --quiet --time " + std::to_string(time) +
                     " --trace-every 0.5 --trace " + out);
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::vector<std::vector<double>> rows;
  const auto lines = lsd::test::read_lines(out);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    std::vector<double> row;
    std::stringstream ss(lines[i]);
    for (std::string v; std::getline(ss, v, ',');) row.push_back(std::stod(v));
    REQUIRE(row.size() >= 10);
    rows.push_back(row);
  }
  REQUIRE(!rows.empty());
  return rows;
}

std::vector<double> last_trace_row(lsd::test::TempDir& dir, const std::string& name, const std::string& text,
                                   double time) {
  return trace(dir, name, text, time).back();
}

// The tube's lowest point: the segments' ends less their radius.
double lowest(const std::vector<Seg>& segs) {
  double y = 1e300;
  for (const Seg& s : segs) y = std::min({y, s.p[1] - s.width / 2, s.q[1] - s.width / 2});
  return y;
}

double highest_axis(const std::vector<Seg>& segs) {
  double y = -1e300;
  for (const Seg& s : segs) y = std::max({y, s.p[1], s.q[1]});
  return y;
}

// Distance from point x to segment s's axis.
double distance(const double* x, const Seg& s) {
  double d[3], e[3], dd = 0, de = 0;
  for (int k = 0; k < 3; ++k) {
    d[k] = s.q[k] - s.p[k];
    e[k] = x[k] - s.p[k];
    dd += d[k] * d[k];
    de += d[k] * e[k];
  }
  const double t = dd > 0 ? std::clamp(de / dd, 0.0, 1.0) : 0.0;
  double r2 = 0;
  for (int k = 0; k < 3; ++k) r2 += (e[k] - t * d[k]) * (e[k] - t * d[k]);
  return std::sqrt(r2);
}

// The far end of the last segment of the given width (a rod's tip).
std::vector<double> tip_of(const std::vector<Seg>& segs, double width) {
  const Seg* last = nullptr;
  for (const Seg& s : segs)
    if (std::abs(s.width - width) < 1e-9) last = &s;
  REQUIRE(last);
  return {last->q[0], last->q[1], last->q[2]};
}

double dist3(const std::vector<double>& a, const std::vector<double>& b) {
  return std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

// The distance between the tips of widths wa and wb after `time` seconds of
// plant(mark) (a pair joins them) and of plant("") (nothing does).
template <class Plant>
std::pair<double, double> tips_joined_and_apart(lsd::test::TempDir& dir, const Plant& plant, const std::string& mark,
                                                double time, double wa, double wb) {
  const auto joined = segments_at(dir, "joined.ls", plant(mark), time);
  const auto apart = segments_at(dir, "apart.ls", plant(""), time);
  return {dist3(tip_of(joined, wa), tip_of(joined, wb)), dist3(tip_of(apart, wa), tip_of(apart, wb))};
}

// A soft cantilever of helices along -z from a stiff first body at y = 0.
std::string cantilever(int n, const std::string& extra, double young = 2e6, const std::string& tail = "") {
  std::string s = "axiom: B(0.05, 0.01) &(90)";
  for (int k = 0; k < n; ++k) s += " K S(0.1, 0.003)";
  return s + tail + "\ndynamics:\n  young: " + std::to_string(young) + "\n  stiffness damping: 0.05\n  dt: 1/60\n" + extra;
}

// A stiff rod (r = 4 mm) at y = 0.1 and a soft one (r = 3 mm) 3 cm above
// it, both along -z from one stem: the soft one sags onto the stiff one.
std::string stiff_and_soft(const std::string& extra) {
  return "axiom: B(0.1, 0.02) [ &(90) K S(0.15, 0.004, 0, 0, 0, 1000, 1e9) K S(0.15, 0.004, 0, 0, 0, 1000, 1e9) ] "
         "B(0.03, 0.02) [ &(90) K S(0.1, 0.003) K S(0.1, 0.003) K S(0.1, 0.003) ]\n"
         "dynamics:\n  young: 2e6\n  stiffness damping: 0.05\n  dt: 1/60\n" + extra;
}

}  // namespace

TEST_CASE("rods in the language: a soft rod lies on the ground, its tube at the ground, not below") {
  lsd::test::TempDir dir;
  const std::string ground = "  ground: -0.08\n";
  const double low = lowest(segments_at(dir, "ground.ls", cantilever(5, ground), 3));
  CHECK(low > -0.08 - 5e-4);  // contact springs of 1e5 N/m: under 0.5 mm in
  CHECK(low < -0.08 + 5e-4);  // and it lies on it
  // without the ground the rod hangs far below it
  CHECK(lowest(segments_at(dir, "free.ls", cantilever(5, ""), 3)) < -0.2);
}

TEST_CASE("rods in the language: a rod dropped across a pole hangs on it") {
  lsd::test::TempDir dir;
  // a free rod (floating base) 5 cm above the top of a pole under its middle
  const std::string rod =
      "axiom: &(90) B(0.02, 0.004) K S(0.06, 0.003) K S(0.06, 0.003) K S(0.06, 0.003)\n"
      "dynamics:\n  base: floating\n  young: 1e6\n  stiffness damping: 0.05\n  friction: 0.8\n  dt: 1/60\n";
  const std::string pole = "  pole: 0, -0.105, 0.01, -0.05\n";
  const auto segs = segments_at(dir, "pole.ls", rod + pole, 4);
  // its highest point rests on the pole's top (y = -0.05), its axis a radius above
  CHECK(highest_axis(segs) == Approx(-0.05 + 0.003).margin(1e-3));
  // both ends hang below it: it drapes
  CHECK(segs.front().p[1] < -0.05 - 0.02);
  CHECK(segs.back().q[1] < -0.05 - 0.02);
  CHECK(last_trace_row(dir, "pole_trace.ls", rod + pole, 4)[4] < 1e-12);  // at rest
  // without the pole it falls
  CHECK(highest_axis(segments_at(dir, "nopole.ls", rod, 4)) < -1);
}

TEST_CASE("rods in the language: a rod sagging onto a sphere rests on its surface") {
  lsd::test::TempDir dir;
  const double c[3] = {0, 0.02, -0.25}, radius = 0.04;
  const auto nearest = [&](const std::vector<Seg>& segs) {
    double d = 1e300;
    for (const Seg& s : segs) d = std::min(d, distance(c, s));
    return d;
  };
  const auto held = segments_at(dir, "sphere.ls", cantilever(4, "  sphere: 0, 0.02, -0.25, 0.04\n"), 3);
  const double d = nearest(held);
  CHECK(d > radius + 0.003 - 5e-4);  // the tube outside the ball, to half a millimetre
  CHECK(d < radius + 0.003 + 5e-4);  // and touching it
  // without the sphere the rod sags through where the ball stands, far lower
  const auto free = segments_at(dir, "nosphere.ls", cantilever(4, ""), 3);
  CHECK(lowest(free) < lowest(held) - 0.1);
}

TEST_CASE("rods in the language: self contact along the tubes holds a soft rod on a stiff one") {
  lsd::test::TempDir dir;
  const std::string plant = stiff_and_soft("");
  // the nearest approach of the soft tube's axis (width 6 mm) to the stiff one's (8 mm)
  const auto gap = [](const std::vector<Seg>& segs) {
    double d = 1e300;
    for (const Seg& soft : segs)
      if (std::abs(soft.width - 0.006) < 1e-9)
        for (const Seg& stiff : segs)
          if (std::abs(stiff.width - 0.008) < 1e-9) d = std::min({d, distance(soft.p, stiff), distance(soft.q, stiff)});
    return d;
  };
  const double on = gap(segments_at(dir, "self.ls", plant + "  self contact: on\n", 3));
  CHECK(on > 0.007 - 5e-4);  // the two radii apart, to half a millimetre
  CHECK(on < 0.007 + 5e-4);
  // without self contact the soft rod falls through the stiff one
  const auto off = segments_at(dir, "noself.ls", plant, 3);
  CHECK(tip_of(off, 0.006)[1] < 0.1 - 0.05);
}

TEST_CASE("rods in the language: fuse after welds two rods in self contact, after their S") {
  lsd::test::TempDir dir;
  const std::string plant = stiff_and_soft("  self contact: on\n");
  const std::string f = dir.write("fuse.ls", plant + "  fuse after: 0.5\n"), out = dir.path("fused.txt");
  const auto r = run(lsd::test::lsd_exe() + " run " + f + " --quiet --time 3 -o " + out);
  INFO(r.out);
  REQUIRE(r.status == 0);
  const std::string s = lsd::test::read_lines(out).back();
  INFO(s);
  // one pair, each right after an element of its rod
  const std::size_t a = s.find("S(0.15,0.004,0,0,0,1000,1e+09) @Weld(1,");
  const std::size_t b = s.find("S(0.1,0.003) @Weld(1,");
  CHECK(a != std::string::npos);
  CHECK(b != std::string::npos);
  CHECK(s.find("@Weld(2") == std::string::npos);
  // the resumed string runs on
  const std::string again = dir.path("again.txt");
  CHECK(run(lsd::test::lsd_exe() + " run " + f + " --quiet --axiom-file " + out + " --time 4 -o " + again).status == 0);
  // without fuse after: no weld
  const std::string g = dir.write("nofuse.ls", plant), out2 = dir.path("unfused.txt");
  REQUIRE(run(lsd::test::lsd_exe() + " run " + g + " --quiet --time 3 -o " + out2).status == 0);
  CHECK(lsd::test::read_lines(out2).back().find("@Weld") == std::string::npos);
}

TEST_CASE("rods in the language: a tie at a rod's tip holds it at its point") {
  lsd::test::TempDir dir;
  const std::string tie = "  tie stiffness: 1e4\n";
  const auto tied = last_trace_row(dir, "tie.ls", cantilever(3, tie, 2e6, " @Tie(0, 0.1, -0.28)"), 3);
  // the trace's tip is the last element's end (docs/language.md 7.9)
  CHECK(dist3({tied[7], tied[8], tied[9]}, {0, 0.1, -0.28}) < 1e-3);
  // untied it sags far below that point
  const auto free = last_trace_row(dir, "untied.ls", cantilever(3, tie), 3);
  CHECK(free[8] < 0.1 - 0.1);
}

TEST_CASE("rods in the language: a graft joins two rods' tips") {
  lsd::test::TempDir dir;
  // two curved rods from one stem, of radii 3 and 2 mm, bending toward each other
  const auto plant = [](const std::string& mark) {
    return "axiom: B(0.05, 0.01) [ -(90) K S(0.1, 0.003, 0, 0, 10) K S(0.1, 0.003, 0, 0, 10)" + mark +
           " ] [ +(90) K S(0.1, 0.002, 0, 0, -10) K S(0.1, 0.002, 0, 0, -10)" + mark +
           " ]\ndynamics:\n  young: 2e6\n  stiffness damping: 0.05\n  tie stiffness: 1e4\n  dt: 1/60\n";
  };
  const auto [joined, apart] = tips_joined_and_apart(dir, plant, " @Graft(1)", 3, 0.006, 0.004);
  CHECK(joined < 1e-3);
  CHECK(apart > 0.02);
}

TEST_CASE("rods in the language: wind bends a rod downwind") {
  lsd::test::TempDir dir;
  const std::string rod =
      "axiom: B(0.05, 0.01) K S(0.1, 0.002) K S(0.1, 0.002) K S(0.1, 0.002)\n"
      "dynamics:\n  young: 2e6\n  stiffness damping: 0.05\n  drag: 5\n  dt: 1/60\n";
  CHECK(last_trace_row(dir, "wind.ls", rod + "  wind: 3 0 0\n", 3)[7] > 0.05);
  CHECK(last_trace_row(dir, "west.ls", rod + "  wind: -3 0 0\n", 3)[7] < -0.05);
  CHECK(std::abs(last_trace_row(dir, "calm.ls", rod, 3)[7]) < 1e-9);
}

TEST_CASE("rods in the language: a swinging rod loses its energy to drag") {
  lsd::test::TempDir dir;
  // released level, without internal friction: it swings (8 mJ from its lowest rest), and
  // generalized-alpha at 1/240 s keeps that energy to a few per cent over 2 s (measured 3.5%)
  const std::string rod =
      "axiom: B(0.05, 0.01) &(90) K S(0.1, 0.003) K S(0.1, 0.003) K S(0.1, 0.003)\n"
      "dynamics:\n  young: 2e6\n  dt: 1/240\n";
  const auto total = [](const std::vector<double>& r) { return r[4] + r[5] + r[6]; };
  const auto still = trace(dir, "still.ls", rod, 2), dragged = trace(dir, "drag.ls", rod + "  drag: 20\n", 2);
  const double lost = total(still.front()) - total(still.back());
  const double lost_drag = total(dragged.front()) - total(dragged.back());
  INFO(lost << " " << lost_drag);
  // the most it can lose: down to its rest (the same rod under a drag ten times as strong, 10 s)
  const double rest = total(last_trace_row(dir, "rest.ls", rod + "  drag: 200\n  stiffness damping: 0.05\n", 10));
  const double swing = total(still.front()) - rest;
  INFO(rest);
  CHECK(lost >= 0);
  CHECK(lost < 0.1 * swing);
  CHECK(lost_drag > 0.9 * swing);
}

namespace {

// Rings and loops through rods (docs/language.md 7.2, "Grafts, welds and
// rings", and 7.9): a rod of six elements curved toward -x (an arch of
// half a turn at rest, if k = -5/m) from the top of a stem; `mark` after the
// stem and after the last element closes it into a loop.
std::string rod_arch(const std::string& mark, bool clothoid = false) {
  std::string s = "axiom: B(0.05, 0.01)" + mark + " [ +(90)";
  for (int k = 0; k < 6; ++k) s += " K S(0.1, 0.003, 0, 0, -5)";
  s += (clothoid ? " K" : "") + mark + " ]\ndynamics:\n  young: 2e6\n  stiffness damping: 0.05\n  tie stiffness: 1e4\n";
  return s + (clothoid ? "  element: clothoid\n" : "") + "  dt: 1/60\n";
}

bool finite_rows(const std::vector<std::vector<double>>& rows) {
  for (const auto& r : rows)
    for (double v : r)
      if (!std::isfinite(v)) return false;
  return true;
}

}  // namespace

TEST_CASE("rods in the language: a graft closes a rod arch back onto its stem, helices and clothoids") {
  lsd::test::TempDir dir;
  const std::vector<double> stem_top = {0, 0.05, 0};
  for (const bool clothoid : {false, true}) {
    INFO((clothoid ? "clothoid" : "helix"));
    // the arch's tip starts 0.4 m from the stem's top (its rest), is drawn
    // there at the graft's limited pull and stays, its energy falling
    const auto loop = trace(dir, "loop.ls", rod_arch(" @Graft(1)", clothoid), 6);
    const auto& first = loop.front();
    const auto& last = loop.back();
    CHECK(dist3({first[7], first[8], first[9]}, stem_top) > 0.3);
    CHECK(dist3({last[7], last[8], last[9]}, stem_top) < 1e-3);
    CHECK(finite_rows(loop));
    const auto total = [](const std::vector<double>& r) { return r[4] + r[5] + r[6]; };
    for (std::size_t i = 3; i < loop.size(); ++i) CHECK(total(loop[i]) <= total(loop[2]));
    CHECK(last[4] < 1e-4);  // J: at rest (a swing of the loop is 1e-3 J)
    // open, the same arch hangs from the stem, its tip far from it
    const auto open = last_trace_row(dir, "open.ls", rod_arch("", clothoid), 6);
    CHECK(dist3({open[7], open[8], open[9]}, stem_top) > 0.2);
  }
}

// A weld (docs/language.md 7.2) closes the arch as the graft does, and also
// holds the tip's orientation relative to the stem as it was built: the
// last element's end keeps its direction of t = 0, which the graft's turns
// away from (measured: the weld's within 0.02 at 6 s, the graft's 0.4-1.2 off).
TEST_CASE("rods in the language: a weld closes a rod arch and holds its tip's direction, helices and clothoids") {
  lsd::test::TempDir dir;
  const std::vector<double> stem_top = {0, 0.05, 0};
  const auto tip_direction = [](const std::vector<Seg>& segs) {
    const Seg& s = segs.back();
    const std::vector<double> d = {s.q[0] - s.p[0], s.q[1] - s.p[1], s.q[2] - s.p[2]};
    const double n = dist3(d, {0, 0, 0});
    return std::vector<double>{d[0] / n, d[1] / n, d[2] / n};
  };
  for (const bool clothoid : {false, true}) {
    INFO((clothoid ? "clothoid" : "helix"));
    const auto built = tip_direction(segments_at(dir, "weld0.ls", rod_arch(" @Weld(1)", clothoid), 0));
    const auto welded = segments_at(dir, "weld.ls", rod_arch(" @Weld(1)", clothoid), 6);
    const Seg& end = welded.back();
    CHECK(dist3({end.q[0], end.q[1], end.q[2]}, stem_top) < 1e-3);
    CHECK(dist3(tip_direction(welded), built) < 0.02);
    const auto grafted = segments_at(dir, "graft.ls", rod_arch(" @Graft(1)", clothoid), 6);
    CHECK(dist3(tip_direction(grafted), built) > 0.2);
    // the weld's motion loses energy: no row of the trace above the one at 1 s
    const auto loop = trace(dir, "weld.ls", rod_arch(" @Weld(1)", clothoid), 6);
    CHECK(finite_rows(loop));
    const auto total = [](const std::vector<double>& r) { return r[4] + r[5] + r[6]; };
    for (std::size_t i = 3; i < loop.size(); ++i) CHECK(total(loop[i]) <= total(loop[2]));
  }
}

TEST_CASE("rods in the language: a graft on one element, on two in a row, or before a clothoid's end node is refused") {
  lsd::test::TempDir dir;
  const std::string e = " K S(0.1, 0.003, 0, 0, -5)", dyn = "\ndynamics:\n  young: 2e6\n";
  lsd::test::check_fails(dir, "axiom: B(0.05, 0.01) +(90)" + e + " @Graft(3) @Graft(3)" + e + dyn, "check",
                         "bad.ls:1:54: error: the graft '@Graft' at module 4 and its partner at module 5 ride on "
                         "the same body");
  lsd::test::check_fails(dir, "axiom: B(0.05, 0.01) +(90)" + e + " @Graft(3)" + e + " @Graft(3)" + dyn, "check",
                         "bad.ls:1:54: error: the graft '@Graft' at module 4 and its partner at module 7 ride on "
                         "a rod element and what carries it, joined by the element's curvature");
  // the arch's loop closed as `S @Graft(1) K`: the K must come first (the
  // clothoid arch above, `S K @Graft(1)`, closes)
  std::string text = rod_arch(" @Graft(1)", true);
  const std::size_t last = text.rfind(" K @Graft(1)");
  REQUIRE(last != std::string::npos);
  text.replace(last, 12, " @Graft(1) K");
  lsd::test::check_fails(dir, text, "check",
                         "bad.ls:1:172: error: the clothoid element 'S' at module 15 has no curvature after it "
                         "('@Graft' at module 16 stands there: what rides on the element's end, as a @Graft, "
                         "comes after its K)");
}

TEST_CASE("rods in the language: a graft holds a rod's tip to a rigid branch") {
  lsd::test::TempDir dir;
  // a rigid branch of two bodies (r = 6 mm) to one side, a rod of helices (r = 3 mm) to the other
  const auto plant = [](const std::string& mark) {
    return "axiom: B(0.05, 0.01) [ +(30) J B(0.2, 0.006) J B(0.2, 0.006)" + mark +
           " ] [ -(60) K S(0.1, 0.003, 0, 0, -5) K S(0.1, 0.003, 0, 0, -5) K S(0.1, 0.003, 0, 0, -5) "
           "K S(0.1, 0.003, 0, 0, -5)" + mark + " ]\ndynamics:\n  young: 2e6\n  stiffness damping: 0.05\n"
           "  tie stiffness: 1e4\n  dt: 1/60\n";
  };
  const auto [joined, apart] = tips_joined_and_apart(dir, plant, " @Graft(2)", 4, 0.012, 0.006);
  CHECK(joined < 1e-3);
  CHECK(apart > 0.1);
}

TEST_CASE("rods in the language: a ring holds a sagging rod on its axis") {
  lsd::test::TempDir dir;
  // a soft cantilever along -z at y = 0.05; the ring at z = -0.25, axis z
  const std::string ring = "  tie stiffness: 1e4\n  ring: 0 0.05 -0.25 0.03 0 0 1\n";
  const auto crossing = [](const std::vector<Seg>& segs) {  // where the centreline crosses z = -0.25
    for (const Seg& s : segs)
      if ((s.p[2] + 0.25) * (s.q[2] + 0.25) <= 0 && s.p[2] != s.q[2]) {
        const double f = (-0.25 - s.p[2]) / (s.q[2] - s.p[2]);
        return std::vector<double>{s.p[0] + f * (s.q[0] - s.p[0]), s.p[1] + f * (s.q[1] - s.p[1]), -0.25};
      }
    return std::vector<double>{1e9, 1e9, 1e9};
  };
  const auto held = segments_at(dir, "ring.ls", cantilever(4, ring), 4);
  CHECK(dist3(crossing(held), {0, 0.05, -0.25}) < 1e-3);
  // without the ring the rod sags below it (its crossing 0.2 m lower, or none)
  const auto free = segments_at(dir, "free.ls", cantilever(4, "  tie stiffness: 1e4\n"), 4);
  CHECK(dist3(crossing(free), {0, 0.05, -0.25}) > 0.1);
}
