// `lsd render` with no display at all (headless through EGL, as CI runs):
// fig. 1.24a as a PNG of the requested size whose plant pixels fill most of
// the picture; the herb as the X window path draws it under Xvfb; a clear
// error when no OpenGL can be had.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <stb_image.h>

#include "support/lsd_test.hpp"
#include "viewer/headless.hpp"

namespace {
// `lsd render ARGS` with no display.
lsd::test::Run render(const std::string& args) {
  return lsd::test::run(lsd::test::headless(lsd::test::lsd_exe() + " render " + args));
}
}  // namespace

TEST_CASE("lsd render writes a PNG of the requested size with the plant filling most of it") {
  std::string out = lsd::test::temp_path("render_cli.png");
  std::remove(out.c_str());
  auto r = render(lsd::test::example("abop/fig1_24a.ls") + " -o " + out + " --width 320 --height 240");
  INFO(r.out);
  REQUIRE(r.status == 0);
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(out.c_str(), &w, &h, &n, 3);
  REQUIRE(px);
  CHECK(w == 320);
  CHECK(h == 240);
  // the background is the corner colour; plant pixels differ from it clearly
  const unsigned char* bg = px;
  int x0 = w, y0 = h, x1 = -1, y1 = -1;
  long plant = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const unsigned char* p = px + 3 * (y * w + x);
      int d = std::abs(p[0] - bg[0]) + std::abs(p[1] - bg[1]) + std::abs(p[2] - bg[2]);
      if (d < 90) continue;
      ++plant;
      x0 = std::min(x0, x);
      x1 = std::max(x1, x);
      y0 = std::min(y0, y);
      y1 = std::max(y1, y);
    }
  stbi_image_free(px);
  CHECK(plant > 2000);
  CHECK(y1 - y0 + 1 > 0.7 * h);  // the camera frames the plant
  CHECK((x1 - x0 + 1) * (y1 - y0 + 1) > 0.3 * w * h);
}

TEST_CASE("lsd render draws the dynamics: section's pole, and --pitch 89 looks down on it") {
  // A stem beside a pole 2 cm wide: seen from above (--pitch 89), the middle
  // of the picture is the pole's top, grey (palette colour 15).
  const std::string src = lsd::test::temp_path("render_pole.ls"), out = lsd::test::temp_path("render_pole.png");
  {
    std::FILE* f = std::fopen(src.c_str(), "w");
    REQUIRE(f);
    std::fputs("axiom: @M(0.03, 0, 0) B(0.3, 0.005)\ndynamics:\n  pole: 0, 0, 0.02, 0.3\n", f);
    std::fclose(f);
  }
  std::remove(out.c_str());
  auto r = render(src + " --pitch 89 -o " + out + " --width 200 --height 200");
  INFO(r.out);
  REQUIRE(r.status == 0);
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(out.c_str(), &w, &h, &n, 3);
  REQUIRE(px);
  int grey = 0;  // pixels with equal channels, darker than the background
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const unsigned char* p = px + 3 * (y * w + x);
      if (std::abs(p[0] - p[1]) < 6 && std::abs(p[1] - p[2]) < 6 && p[0] < 150) ++grey;
    }
  stbi_image_free(px);
  CHECK(grey > 0.1 * w * h);  // the pole's top, seen from above
  // The pitch is an angle above the horizon: beyond 89 degrees it is a usage error.
  CHECK(lsd::test::run(lsd::test::lsd_exe() + " render " + src + " --pitch 95 -o " + out).status != 0);
}

TEST_CASE("lsd render draws the herb with no display as the X window path draws it under Xvfb") {
  lsd::test::TempDir dir;
  const std::string args = lsd::test::example("dynamics/herb.ls") + " --width 320 --height 320 -o ";
  const auto egl = render(args + dir.path("egl.png"));
  INFO(egl.out);
  REQUIRE(egl.status == 0);
  const auto x =
      lsd::test::run(lsd::test::in_xvfb_window(lsd::test::lsd_exe() + " render " + args + dir.path("x.png")));
  INFO(x.out);
  REQUIRE(x.status == 0);
  // Equal up to antialiasing (viewer/headless.hpp): no pixel off the edges
  // differs by more than rounding, and the edges only a little on average.
  const auto d = lsd::test::compare_pictures(dir.path("egl.png"), dir.path("x.png"));
  INFO("mean " << d.mean << ", differing " << d.differing << ", off the edges " << d.flat_differing << ", max "
               << d.max);
  REQUIRE(d.width == 320);
  CHECK(d.flat_differing == 0);
  CHECK(d.mean < 2.0);
  // The measure sees a real difference: the herb three derivation steps younger.
  REQUIRE(render("-n 15 " + args + dir.path("young.png")).status == 0);
  const auto young = lsd::test::compare_pictures(dir.path("egl.png"), dir.path("young.png"));
  INFO("the younger herb: " << young.flat_differing << " pixels differ off the edges, mean " << young.mean);
  CHECK(young.flat_differing > 1000);
}

TEST_CASE("lsd render without any OpenGL to be had fails with a clear error and writes nothing") {
  // GLVND's libEGL with no vendor library (Mesa's libegl-mesa0 missing), and no display.
  lsd::test::TempDir dir;
  const std::string out = dir.path("none.png");
  const auto r = lsd::test::run("env -u DISPLAY -u WAYLAND_DISPLAY __EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json " +
                                lsd::test::lsd_exe() + " render " + lsd::test::example("abop/fig1_24a.ls") +
                                " -o " + out);
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out ==
        "lsd: error: cannot create a headless OpenGL 3.3 core context through EGL: no EGL device or platform "
        "(libEGL has no vendor library: is Mesa's libegl-mesa0 installed? scripts/setup.sh installs it)\n");
  CHECK_FALSE(std::filesystem::exists(out));
}
