// `lsd render` of fig. 1.24a under a virtual display: a PNG of the requested
// size whose plant pixels fill most of the picture.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <stb_image.h>

#include "support/lsd_test.hpp"

TEST_CASE("lsd render writes a PNG of the requested size with the plant filling most of it") {
  std::string out = lsd::test::temp_path("render_cli.png");
  std::remove(out.c_str());
  std::string cmd = lsd::test::lsd_exe() + " render " + lsd::test::example("abop/fig1_24a.ls") + " -o " + out +
                    " --width 320 --height 240";
  if (!std::getenv("DISPLAY")) cmd = "xvfb-run -a -s '-screen 0 1280x800x24' " + cmd;
  auto r = lsd::test::run(cmd);
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
