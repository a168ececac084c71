// The viewer (viewer/app.cpp, session.cpp, picking.cpp): the session and
// picking without a window, and `lsd view` in its scripted mode, headless
// (EGL, no display): screenshot, scripted pull, reload of an edited file;
// the screenshot also through a window on a virtual display (Xvfb).
#include <catch2/catch.hpp>
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>
#include <stb_image.h>
#include <thread>

#include "support/lsd_test.hpp"
#include "viewer/headless.hpp"
#include "viewer/picking.hpp"
#include "viewer/renderer.hpp"
#include "interpreter/scene/obstacles.hpp"
#include "viewer/session.hpp"

namespace {

using lsd::view::Vec3;

// A vertical stem of n bodies of 5 cm on a fixed base: about 1.8 Hz, lightly damped.
std::string stem_ls(int n) {
  return "axiom: B(0.05, 0.003) A(" + std::to_string(n) +
         ")\n"
         "derivation length: " + std::to_string(n) +
         "\n"
         "A(k) : k > 0 --> J B(0.05, 0.003) A(k - 1)\n"
         "dynamics:\n"
         "  density: 700\n"
         "  young: 2e8\n"
         "  damping ratio: 0.1\n"
         "  dt: 1/240\n";
}

void write_atomic(const std::string& path, const std::string& text) {
  {
    std::ofstream f(path + ".w");
    f << text;
  }
  std::rename((path + ".w").c_str(), path.c_str());
}

struct Trace {
  std::vector<std::vector<double>> rows;  // t,step,modules,bodies,kinetic,potential,elastic,tip_x,tip_y,tip_z,substeps
};

Trace read_trace(const std::string& path) {
  Trace t;
  std::ifstream f(path);
  std::string line;
  std::getline(f, line);  // header
  while (std::getline(f, line)) {
    std::vector<double> row;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ',')) row.push_back(std::strtod(cell.c_str(), nullptr));
    if (row.size() == 11) t.rows.push_back(row);
  }
  return t;
}

std::size_t count_lines(const std::string& path) {
  std::ifstream f(path);
  std::size_t n = 0;
  std::string line;
  while (std::getline(f, line)) ++n;
  return n;
}

// The lines of the trace the viewer is writing: its staged file PATH.tmp.PID.
std::size_t staged_lines(const std::string& path) {
  const std::filesystem::path p(path);
  for (const auto& e : std::filesystem::directory_iterator(p.parent_path()))
    if (e.path().filename().string().rfind(p.filename().string() + ".tmp.", 0) == 0) return count_lines(e.path());
  return 0;
}

}  // namespace

TEST_CASE("a session loads, grows, steps and reloads an edited file, keeping the last good plant") {
  const std::string path = lsd::test::temp_path("view_session.ls");
  write_atomic(path, stem_ls(4));
  lsd::view::Session s;
  REQUIRE(lsd::view::open_file(s, path));
  CHECK(lsd::view::body_count(s) == 5);  // grow every 0: every step at time 0
  CHECK(lsd::view::module_count(s) == 10);

  s.motion.playing = true;
  const auto r = lsd::view::advance(s, 0.1, 0);
  CHECK(r.steps == 24);  // 0.1 s in steps of 1/240 s
  CHECK(s.sim.time() == Approx(0.1).margin(1e-9));
  CHECK(lsd::view::update_geometry(s));
  CHECK(s.geometry.segments.size() == 5);

  // An edit with an error: the messages are located and the plant stays.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  write_atomic(path, "axiom: B(0.05, 0.003) A(2)\nA(k) --> J B(0.05, \n");
  CHECK(lsd::view::reload_if_changed(s));
  CHECK(s.error.find(path + ":2:") != std::string::npos);
  CHECK(lsd::view::module_count(s) == 10);
  CHECK_FALSE(lsd::view::reload_if_changed(s));  // nothing changed since

  // A good edit: the new plant replaces the old one.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  write_atomic(path, stem_ls(7));
  CHECK(lsd::view::reload_if_changed(s));
  CHECK(s.error.empty());
  CHECK(lsd::view::body_count(s) == 8);
  CHECK(lsd::view::module_count(s) == 16);

  // Reset goes back to the axiom with the steps due at time 0 done.
  lsd::view::advance(s, 0.5, 0);
  CHECK(lsd::view::reset(s));
  CHECK(s.sim.time() == 0);
  CHECK(lsd::view::body_count(s) == 8);
  std::remove(path.c_str());
}

TEST_CASE("growth on the session's schedule: one step every grow_every seconds, and Step on demand") {
  const std::string path = lsd::test::temp_path("view_grow.ls");
  write_atomic(path, stem_ls(6) + "  grow every: 0.5\n");
  lsd::view::Session s;
  REQUIRE(lsd::view::open_file(s, path));
  CHECK(s.sim.automatic_growth());
  CHECK(s.sim.lsystem().steps_done == 0);
  lsd::view::advance(s, 1.01, 0);
  CHECK(s.sim.lsystem().steps_done == 2);
  CHECK(lsd::view::body_count(s) == 3);
  lsd::view::set_automatic_growth(s, false);
  lsd::view::advance(s, 1.0, 0);
  CHECK(s.sim.lsystem().steps_done == 2);
  CHECK(lsd::view::grow_one(s));
  CHECK(s.sim.lsystem().steps_done == 3);
  CHECK(lsd::view::body_count(s) == 4);
  std::remove(path.c_str());
}

TEST_CASE("a pull spring moves the pulled body toward its target; a movable pot carries the plant") {
  const std::string path = lsd::test::temp_path("view_pull.ls");
  write_atomic(path, stem_ls(6));
  lsd::view::Session s;
  REQUIRE(lsd::view::open_file(s, path));
  const int last = lsd::view::body_count(s) - 1;
  s.pull.active = true;
  s.pull.body = last;
  s.pull.point = Vec3(0.05, 0, 0);  // the far end of the last body
  s.pull.target = Vec3(0.2, 0.3, 0);
  const Vec3 before = lsd::view::pull_point_world(s);
  lsd::view::advance(s, 1.0, 0);
  const Vec3 after = lsd::view::pull_point_world(s);
  CHECK((after - s.pull.target).norm() < (before - s.pull.target).norm() - 0.05);
  CHECK(after.x() > 0.05);

  s.pull.active = false;
  lsd::interp::RunSettings rs = s.sim.settings();
  rs.kinematic_base = true;
  REQUIRE(lsd::view::apply_settings(s, rs));
  s.pot_push = Vec3(5, 0, 0);
  lsd::view::advance(s, 0.3, 0);
  CHECK(s.sim.pose().base_p.x() > 0.05);  // the pot moved along +x
  lsd::view::update_geometry(s);
  CHECK(s.geometry.segments.front().p0.x() == Approx(s.sim.pose().base_p.x()).margin(1e-9));
  std::remove(path.c_str());
}

TEST_CASE("picking: the ray through a projected point passes through it, and a click on the stem picks its body") {
  lsd::view::Camera cam;
  cam.yaw = 0.4;
  cam.pitch = 0.3;
  cam.distance = 1.5;
  cam.target = Vec3(0, 0.25, 0);
  const lsd::view::Viewport vp{370, 0, 900, 760};
  const Vec3 p(0.1, 0.3, -0.05);
  double x = 0, y = 0;
  REQUIRE(lsd::view::project(cam, vp, p, &x, &y));
  const lsd::view::Ray ray = lsd::view::mouse_ray(cam, vp, x, y);
  const Vec3 q = ray.origin + ray.dir * (p - ray.origin).dot(ray.dir);
  CHECK((q - p).norm() < 1e-9);
  const Vec3 t = lsd::view::drag_target(cam, ray, p);
  CHECK((t - p).norm() < 1e-9);

  const std::string path = lsd::test::temp_path("view_pick.ls");
  write_atomic(path, stem_ls(6));
  lsd::view::Session s;
  REQUIRE(lsd::view::open_file(s, path));
  lsd::view::update_geometry(s);
  // The middle of the fourth segment (body 3) on screen.
  const auto& seg = s.geometry.segments[3];
  REQUIRE(lsd::view::project(cam, vp, 0.5 * (seg.p0 + seg.p1), &x, &y));
  const lsd::view::PickHit hit = lsd::view::pick_body(s, cam, vp, x + 3, y);
  CHECK(hit.body == 3);
  CHECK((hit.point - 0.5 * (seg.p0 + seg.p1)).norm() < 0.01);
  // Far from the plant: nothing.
  CHECK(lsd::view::pick_body(s, cam, vp, vp.x + 5, vp.y + 5).body == -1);
  std::remove(path.c_str());
}

TEST_CASE("lsd view --frames writes a screenshot showing the plant and the control panel") {
  const std::string out = lsd::test::temp_path("view_shot.png");
  std::remove(out.c_str());
  const std::string cmd =
      lsd::test::lsd_exe() + " view " + lsd::test::example("dynamics/herb.ls") + " --frames 120 --screenshot " + out;
  // Headless (EGL, no display), and in a window on a virtual display: the
  // interactive viewer's path (GLFW, Dear ImGui's GLFW backend).
  const bool window = GENERATE(false, true);
  INFO((window ? "in a window under Xvfb" : "headless"));
  auto r = lsd::test::run(window ? lsd::test::in_xvfb_window(cmd) : lsd::test::headless(cmd));
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("average frame time:") != std::string::npos);
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(out.c_str(), &w, &h, &n, 3);
  REQUIRE(px);
  CHECK(w == 1280);
  CHECK(h == 760);
  // Pixels far from the plant's background colour, in the panel (left 360
  // columns) and in the plant's area (right of 400).
  const auto& bg = lsd::view::kBackground;
  long panel = 0, plant = 0, plant_area = 0, panel_area = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const unsigned char* p = px + 3 * (y * w + x);
      int d = 0;
      for (int c = 0; c < 3; ++c) d += std::abs(int(p[c]) - int(std::lround(bg[std::size_t(c)] * 255)));
      if (x < 360) {
        ++panel_area;
        if (d > 90) ++panel;
      } else if (x > 400) {
        ++plant_area;
        if (d > 90) ++plant;
      }
    }
  stbi_image_free(px);
  CHECK(panel > 0.8 * panel_area);  // the panel is drawn (dark, not the background)
  CHECK(plant > 2000);              // the plant is drawn
  CHECK(plant < 0.5 * plant_area);  // ... on the background
}

TEST_CASE("lsd view scripted pull: the tip follows the pull, then oscillates and settles") {
  const std::string ls = lsd::test::temp_path("view_pull_cli.ls"), trace = lsd::test::temp_path("view_pull_cli.csv");
  write_atomic(ls, stem_ls(9));
  std::remove(trace.c_str());
  auto r = lsd::test::run(lsd::test::headless(lsd::test::lsd_exe() + " view " + ls +
                                              " --frames 300 --pull -1,0.3,0.45,0 --pull-time 1 --trace " + trace));
  INFO(r.out);
  REQUIRE(r.status == 0);
  const Trace t = read_trace(trace);
  REQUIRE(t.rows.size() == 300);
  CHECK(t.rows.back()[3] == 10);  // bodies
  auto tip = [](const std::vector<double>& row) { return Vec3(row[7], row[8], row[9]); };
  const Vec3 target(0.3, 0.45, 0);
  // During the pull (t <= 1 s) the tip gets much nearer the target.
  double pulled_x = 0;
  std::size_t release = 0;
  for (std::size_t i = 0; i < t.rows.size(); ++i)
    if (t.rows[i][0] <= 1.0 + 1e-9) {
      pulled_x = t.rows[i][7];
      release = i;
    }
  CHECK((tip(t.rows[release]) - target).norm() < (tip(t.rows[0]) - target).norm() - 0.1);
  CHECK(pulled_x > 0.1);
  // After the release the tip swings through the rest position (x = 0) back and forth.
  int sign_changes = 0;
  for (std::size_t i = release + 2; i < t.rows.size(); ++i)
    if ((t.rows[i][7] > 0) != (t.rows[i - 1][7] > 0)) ++sign_changes;
  CHECK(sign_changes >= 3);
  // ... and its kinetic energy decays.
  double early = 0, late = 0;
  const std::size_t rest = t.rows.size() - release;
  for (std::size_t i = release; i < release + rest / 3; ++i) early = std::max(early, t.rows[i][4]);
  for (std::size_t i = t.rows.size() - rest / 4; i < t.rows.size(); ++i) late = std::max(late, t.rows[i][4]);
  CHECK(early > 0);
  CHECK(late < 0.2 * early);
  std::remove(ls.c_str());
  std::remove(trace.c_str());
}

TEST_CASE("lsd view reloads the file it shows when it is edited: errors leave the plant, a good edit replaces it",
          "[.slow]") {
  const std::string ls = lsd::test::temp_path("view_reload_cli.ls"), trace = lsd::test::temp_path("view_reload_cli.csv");
  write_atomic(ls, stem_ls(3));  // 8 modules
  std::remove(trace.c_str());
  const std::string cmd =
      lsd::test::headless(lsd::test::lsd_exe() + " view " + ls + " --frames 400 --frame-sleep 15 --trace " + trace);
  auto run = std::async(std::launch::async, [cmd] { return lsd::test::run(cmd); });
  // The trace grows a row per frame while the viewer runs.
  auto wait_rows = [&](std::size_t n) {
    for (int i = 0; i < 3000 && staged_lines(trace) < n; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return staged_lines(trace);
  };
  CHECK(wait_rows(30) >= 30);
  write_atomic(ls, "axiom: B(0.05, 0.003) A(2)\nA(k) --> J B(0.05,\n");  // an error on line 2
  const std::size_t at_error = staged_lines(trace);
  CHECK(wait_rows(at_error + 30) >= at_error + 30);
  write_atomic(ls, stem_ls(8));  // 18 modules
  const auto r = run.get();
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find(ls + ":2:") != std::string::npos);  // the error, located
  const Trace t = read_trace(trace);
  REQUIRE(t.rows.size() == 400);
  CHECK(t.rows.front()[2] == 8);
  CHECK(t.rows[at_error + 20][2] == 8);  // the broken file left the plant as it was
  CHECK(t.rows.back()[2] == 18);         // the good edit replaced it
  CHECK(t.rows.back()[3] == 9);
  std::remove(ls.c_str());
  std::remove(trace.c_str());
}

TEST_CASE("lsd view --help explains the scripted mode; bad options are usage errors") {
  auto r = lsd::test::run(lsd::test::lsd_exe() + " view --help");
  CHECK(r.status == 0);
  CHECK(r.out.find("--screenshot") != std::string::npos);
  CHECK(lsd::test::run(lsd::test::lsd_exe() + " view x.ls --frames 2 --pull 1,2").status == 2);
  CHECK(lsd::test::run(lsd::test::lsd_exe() + " view x.ls --pull 1,0,0,0").status == 2);
}

TEST_CASE("the viewer draws the ground, poles and spheres, marks contacts on demand, and its contact sliders act") {
  // A rod hinged beside a pole, falling onto the ground; a ball out of its way.
  const std::string path = lsd::test::temp_path("view_contact.ls");
  write_atomic(path,
               "axiom: B(0.05, 0.01) +(80) J B(0.3, 0.01)\n"
               "dynamics:\n  ground: 0\n  pole: 0.2, 0, 0.02, 0.5\n  sphere: -0.5, 0.3, 0, 0.1\n"
               "  young: 1e5\n  dt: 1/60\n");
  lsd::view::Session s;
  REQUIRE(lsd::view::open_file(s, path));
  lsd::view::advance(s, 2.0, 0);
  auto count_unowned = [&] {
    int segments = 0, spheres = 0, polygons = 0;
    for (const auto& g : s.geometry.segments) segments += g.module == lsd::interp::kNoModule;
    for (const auto& g : s.geometry.spheres) spheres += g.module == lsd::interp::kNoModule;
    for (const auto& g : s.geometry.polygons) polygons += g.module == lsd::interp::kNoModule;
    return std::array<int, 3>{segments, spheres, polygons};
  };
  s.geometry_dirty = true;
  lsd::view::update_geometry(s);
  const auto plain = count_unowned();
  CHECK(plain == std::array<int, 3>{1, 1, 1});  // the pole, the ball, the ground
  // The pole from the ground to its top, as wide as it is.
  const auto& pole = *std::find_if(s.geometry.segments.begin(), s.geometry.segments.end(),
                                   [](const auto& g) { return g.module == lsd::interp::kNoModule; });
  CHECK(pole.p0.y() == 0);
  CHECK(pole.p1.y() == 0.5);
  CHECK(pole.width == Approx(0.04));
  // The rod lies on the ground: the contacts appear as dots (one per contact) with their forces.
  const std::size_t contacts = s.sim.contacts().size();
  REQUIRE(contacts >= 1);
  s.show_contacts = true;
  s.geometry_dirty = true;
  lsd::view::update_geometry(s);
  const auto marked = count_unowned();
  CHECK(marked[1] == plain[1] + int(contacts));
  CHECK(marked[0] > plain[0]);  // force lines
  // The sliders' settings reach the model.
  lsd::interp::RunSettings rs = s.sim.settings();
  rs.friction = 0.1;
  rs.contact_stiffness = 3e4;
  REQUIRE(lsd::view::apply_settings(s, rs));
  CHECK(s.sim.living().model.opt.friction == 0.1);
  CHECK(s.sim.living().model.opt.contact_stiffness == 3e4);
  std::remove(path.c_str());
}

TEST_CASE("the sway switch loads a model without dynamics as a living plant, and back") {
  lsd::test::TempDir dir;
  // A drawing only: three steps of a stem with side twigs, no dynamics: section.
  const std::string path = dir.write("twig.ls",
                                     "axiom: A\n"
                                     "derivation length: 3\n"
                                     "A --> F(10) [ +(40) F(5) ] A\n");
  lsd::view::Session s;
  REQUIRE(lsd::view::open_file(s, path));
  CHECK(lsd::view::sway_switch_shown(s));
  CHECK(lsd::view::body_count(s) == 0);
  const std::size_t drawn = (lsd::view::update_geometry(s), s.geometry.segments.size());
  CHECK(drawn == 6);

  REQUIRE(lsd::view::set_sway(s, true));
  CHECK(s.sim.lsystem().rules->dynamics.sway);
  CHECK(lsd::view::body_count(s) == 6);  // every F a body
  CHECK(lsd::view::sway_switch_shown(s));
  CHECK(s.sim.lsystem().steps_done == 3);
  lsd::view::update_geometry(s);
  REQUIRE(s.geometry.segments.size() == drawn);
  const auto tip = [&] { return s.geometry.segments.back().p1; };  // the last twig's end
  const auto before = tip();
  lsd::interp::RunSettings wind = s.sim.settings();
  wind.wind = {3, 0, 0};
  REQUIRE(lsd::view::apply_settings(s, wind));
  lsd::view::advance(s, 1.0, 0);
  lsd::view::update_geometry(s);
  CHECK((tip() - before).norm() > 1e-4);  // it moves in the wind

  REQUIRE(lsd::view::set_sway(s, false));  // a picture again
  CHECK(lsd::view::body_count(s) == 0);
  CHECK_FALSE(s.sim.lsystem().rules->dynamics.enabled);
  CHECK(lsd::view::sway_switch_shown(s));

  // A model with a dynamics: section of its own has no switch.
  const std::string stem = dir.write("stem.ls", stem_ls(3));
  REQUIRE(lsd::view::open_file(s, stem));
  CHECK_FALSE(lsd::view::sway_switch_shown(s));
}
