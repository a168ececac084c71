// The camera options of `lsd render` and `lsd view` (docs/language.md 8.4):
// three coloured balls at known world points are drawn where the camera's
// own maths, written out here by hand (eye on a sphere around the target,
// a pinhole with the vertical field of view), puts them; the viewer's
// camera file gives the same picture through `lsd render --camera FILE`,
// and the options win over the file.
#include <catch2/catch.hpp>

#include <Eigen/Core>
#include <cmath>
#include <fstream>
#include <numbers>
#include <sstream>
#include <stb_image.h>

#include "support/lsd_test.hpp"
#include "viewer/headless.hpp"

namespace {

using V3 = Eigen::Vector3d;
constexpr double kDeg = std::numbers::pi / 180;
constexpr int kSize = 240;

// Red (colour 4), blue (8) and yellow (3) balls 6 cm across.
const V3 kRed(0.5, 0, 0), kBlue(0, 1, 0), kYellow(-0.3, 0.4, 0.4);
const char* kBalls =
    "axiom: ;(4) @M(0.5, 0, 0) @O(0.06) ;(8) @M(0, 1, 0) @O(0.06) ;(3) @M(-0.3, 0.4, 0.4) @O(0.06)\n";

// Where a camera at (azimuth, elevation) degrees, `dist` from `target`, with
// a vertical field of view `fov` degrees, sees p on a square picture: pixels
// from the top left corner.
Eigen::Vector2d by_hand(double az, double el, double dist, const V3& target, double fov, const V3& p) {
  const V3 eye = target + dist * V3(std::cos(el * kDeg) * std::sin(az * kDeg), std::sin(el * kDeg),
                                    std::cos(el * kDeg) * std::cos(az * kDeg));
  const V3 forward = (target - eye).normalized();
  const V3 right = forward.cross(V3(0, 1, 0)).normalized();
  const V3 up = right.cross(forward);
  const V3 q = p - eye;
  const double t = std::tan(fov * kDeg / 2);
  const double x = q.dot(right) / q.dot(forward) / t, y = q.dot(up) / q.dot(forward) / t;  // -1..1
  return {(x + 1) / 2 * kSize, (1 - y) / 2 * kSize};
}

struct Blobs {
  Eigen::Vector2d red{-1, -1}, blue{-1, -1}, yellow{-1, -1};
  long n_red = 0, n_blue = 0, n_yellow = 0;
};

// The centres of the red, blue and yellow pixels of a PNG.
Blobs blobs(const std::string& png) {
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(png.c_str(), &w, &h, &n, 3);
  Blobs b;
  if (!px) return b;
  Eigen::Vector2d sr(0, 0), sb(0, 0), sy(0, 0);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const unsigned char* p = px + 3 * (y * w + x);
      const int r = p[0], g = p[1], bl = p[2];
      const Eigen::Vector2d at(x + 0.5, y + 0.5);
      if (r > g + 60 && r > bl + 60 && g < 120) sr += at, ++b.n_red;
      else if (bl > r + 50 && bl > g + 20) sb += at, ++b.n_blue;
      else if (r > 120 && g > 110 && bl + 70 < std::min(r, g)) sy += at, ++b.n_yellow;
    }
  stbi_image_free(px);
  if (b.n_red) b.red = sr / double(b.n_red);
  if (b.n_blue) b.blue = sb / double(b.n_blue);
  if (b.n_yellow) b.yellow = sy / double(b.n_yellow);
  return b;
}

lsd::test::Run lsd_headless(const std::string& args) {
  return lsd::test::run(lsd::test::headless(lsd::test::lsd_exe() + " " + args));
}

std::string size_args() { return " --width " + std::to_string(kSize) + " --height " + std::to_string(kSize); }

// Every ball is seen, within 1.5 pixels of where the hand computation puts it.
void check_framing(const std::string& png, double az, double el, double dist, const V3& target, double fov) {
  const Blobs b = blobs(png);
  CHECK(b.n_red > 10);
  CHECK(b.n_blue > 10);
  CHECK(b.n_yellow > 10);
  const std::pair<Eigen::Vector2d, V3> balls[] = {{b.red, kRed}, {b.blue, kBlue}, {b.yellow, kYellow}};
  for (const auto& [seen, world] : balls) {
    const Eigen::Vector2d expected = by_hand(az, el, dist, target, fov, world);
    INFO("seen at " << seen.transpose() << ", expected at " << expected.transpose());
    CHECK((seen - expected).norm() < 1.5);
  }
}

}  // namespace

TEST_CASE("lsd render --azimuth --elevation --distance --target --fov puts known points where the maths says") {
  lsd::test::TempDir dir;
  const std::string model = dir.write("balls.ls", kBalls), png = dir.path("balls.png");
  auto r = lsd_headless("render " + model + " -o " + png + size_args() +
                        " --azimuth 30 --elevation 20 --distance 3 --target 0,0.4,0 --fov 40");
  INFO(r.out);
  REQUIRE(r.status == 0);
  check_framing(png, 30, 20, 3, V3(0, 0.4, 0), 40);

  // The same balls seen from the other side: red (x = 0.5) moves to the left half.
  r = lsd_headless("render " + model + " -o " + png + size_args() +
                   " --azimuth 180 --elevation -10 --distance 2.5 --target 0,0.5,0 --fov 50");
  REQUIRE(r.status == 0);
  check_framing(png, 180, -10, 2.5, V3(0, 0.5, 0), 50);
  CHECK(blobs(png).red.x() < kSize / 2);
}

TEST_CASE("lsd render --camera FILE reads a camera file, and the options win over it") {
  lsd::test::TempDir dir;
  const std::string model = dir.write("balls.ls", kBalls), png = dir.path("balls.png");
  const std::string cam = dir.write("cam.txt",
                                    "# a camera\n"
                                    "azimuth: -40\n"
                                    "elevation: 25\n"
                                    "distance: 2.8\n"
                                    "target: 0.1, 0.45, 0\n"
                                    "fov: 45\n");
  auto r = lsd_headless("render " + model + " -o " + png + size_args() + " --camera " + cam);
  INFO(r.out);
  REQUIRE(r.status == 0);
  check_framing(png, -40, 25, 2.8, V3(0.1, 0.45, 0), 45);
  r = lsd_headless("render " + model + " -o " + png + size_args() + " --camera " + cam + " --azimuth 60 --distance 3.2");
  REQUIRE(r.status == 0);
  check_framing(png, 60, 25, 3.2, V3(0.1, 0.45, 0), 45);
}

TEST_CASE("without --target and --distance the plant is fitted: the balls straddle the middle of the picture") {
  lsd::test::TempDir dir;
  const std::string model = dir.write("balls.ls", kBalls), png = dir.path("balls.png");
  auto r = lsd_headless("render " + model + " -o " + png + size_args() + " --azimuth 30 --elevation 20");
  INFO(r.out);
  REQUIRE(r.status == 0);
  const Blobs b = blobs(png);
  REQUIRE(b.n_red > 10);
  REQUIRE(b.n_blue > 10);
  // Seen from azimuth 30, red (x = 0.5) is right of blue (x = 0), blue above red.
  CHECK(b.red.x() > b.blue.x());
  CHECK(b.blue.y() < b.red.y());
  // Fitted: the plant fills 90% of the picture's height, centred.
  const double top = std::min({b.red.y(), b.blue.y(), b.yellow.y()}), bottom = std::max({b.red.y(), b.blue.y(), b.yellow.y()});
  CHECK(bottom - top > 0.6 * kSize);
  CHECK((top + bottom) / 2 == Approx(kSize / 2).margin(0.08 * kSize));
}

TEST_CASE("lsd view saves its camera (as the C key does) and lsd render --camera draws the same view") {
  lsd::test::TempDir dir;
  const std::string model = dir.write("balls.ls", kBalls), cam = dir.path("view_camera.txt");
  auto r = lsd_headless("view " + model + " --frames 2 --azimuth 35 --elevation 15 --distance 3 --target 0,0.5,0.1 "
                        "--fov 42 --save-camera " + cam);
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::ifstream in(cam);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str() ==
        "# lsd camera: lsd render FILE.ls --camera THIS_FILE -o OUT.png (docs/language.md 8.4)\n"
        "azimuth: 35\n"
        "elevation: 15\n"
        "distance: 3\n"
        "target: 0, 0.5, 0.1\n"
        "fov: 42\n");
  const std::string png = dir.path("from_view.png");
  r = lsd_headless("render " + model + " -o " + png + size_args() + " --camera " + cam);
  REQUIRE(r.status == 0);
  check_framing(png, 35, 15, 3, V3(0, 0.5, 0.1), 42);
}

TEST_CASE("camera option and camera file mistakes are located messages") {
  lsd::test::TempDir dir;
  const std::string model = dir.write("balls.ls", kBalls), png = dir.path("x.png");
  const std::string cam = dir.write("cam.txt", "azimuth: 10\nelevaton: 20\n");
  auto r = lsd_headless("render " + model + " -o " + png + " --camera " + cam);
  CHECK(r.status == 1);
  CHECK(r.out == "lsd: error: " + cam +
                     ":2: unknown camera key 'elevaton' (did you mean 'elevation'?); the keys are azimuth, "
                     "elevation, distance, target and fov\n");
  const std::string bad = dir.write("bad.txt", "fov: 200\n");
  r = lsd_headless("render " + model + " -o " + png + " --camera " + bad);
  CHECK(r.out == "lsd: error: " + bad + ":1: fov: needs a number from 1 to 179 (degrees)\n");
  r = lsd_headless("render " + model + " -o " + png + " --target 1,2");
  CHECK(r.status == 2);
  CHECK(r.out.find("--target: needs three numbers X,Y,Z, not '1,2'") != std::string::npos);
  r = lsd_headless("render " + model + " -o " + png + " --orbit 30");
  CHECK(r.status == 2);
  CHECK(r.out == "lsd render: --orbit needs a video (.mp4) or numbered frames (frames/%04d.png)\n");
}

TEST_CASE("lsd render --orbit turns a video's camera at the given speed") {
  lsd::test::TempDir dir;
  const std::string model = dir.write("balls.ls", kBalls);
  auto r = lsd_headless("render " + model + " --time 1 --fps 4 -o " + dir.path("f%d.png") + size_args() +
                        " --orbit 90 --azimuth 30 --elevation 20 --distance 3 --target 0,0.4,0 --fov 40");
  INFO(r.out);
  REQUIRE(r.status == 0);
  check_framing(dir.path("f0.png"), 30, 20, 3, V3(0, 0.4, 0), 40);
  check_framing(dir.path("f2.png"), 75, 20, 3, V3(0, 0.4, 0), 40);  // t = 0.5 s: 45 degrees on
  check_framing(dir.path("f3.png"), 97.5, 20, 3, V3(0, 0.4, 0), 40);
}
