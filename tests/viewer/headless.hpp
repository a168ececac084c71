// The two ways the picture tests run lsd (viewer/gl_context.hpp): headless
// through EGL with no display at all, as the tests and CI do, or in a GLFW
// window on a virtual X display (Xvfb), the interactive viewer's path; and
// the comparison of two pictures that should be the same up to antialiasing.
#pragma once
#include <stb_image.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

namespace lsd::test {

// `cmd` with no display (DISPLAY and WAYLAND_DISPLAY unset) and EGL only.
inline std::string headless(const std::string& cmd) {
  return "env -u DISPLAY -u WAYLAND_DISPLAY LSD_GL=egl " + cmd;
}

// `cmd` in a GLFW window (LSD_GL=glfw) on a virtual X display.
inline std::string in_xvfb_window(const std::string& cmd) {
  return "LSD_GL=glfw xvfb-run -a -s '-screen 0 1280x800x24' " + cmd;
}

// How two pictures of one scene differ. Antialiasing (the multisample
// positions and the resolve, which differ between OpenGL drivers) changes
// only pixels that straddle an edge; a wrong camera, colour, size or
// orientation changes flat areas too. So: a pixel's difference is the
// largest of its channels' (0-255); an edge pixel is one whose 3x3
// neighbourhood in the first picture spans more than kEdgeContrast in some
// channel; `flat_differing` counts the pixels off the edges that differ by
// more than kFlatNoise (rounding of shading between drivers).
struct PictureDiff {
  static constexpr int kEdgeContrast = 24;
  static constexpr int kFlatNoise = 8;
  int width = 0, height = 0;  // of the first; -1 when a picture cannot be read or the sizes differ
  double mean = 0;            // mean pixel difference, 0-255
  long differing = 0;         // pixels that differ at all
  long flat_differing = 0;    // ... by more than kFlatNoise, off the edges
  int max = 0;                // the largest pixel difference
};

inline PictureDiff compare_pictures(const std::string& a_png, const std::string& b_png) {
  PictureDiff d;
  int wa = 0, ha = 0, wb = 0, hb = 0, n = 0;
  unsigned char* a = stbi_load(a_png.c_str(), &wa, &ha, &n, 3);
  unsigned char* b = stbi_load(b_png.c_str(), &wb, &hb, &n, 3);
  if (!a || !b || wa != wb || ha != hb) {
    d.width = d.height = -1;
  } else {
    d.width = wa;
    d.height = ha;
    auto at = [&](const unsigned char* p, int x, int y, int c) { return int(p[3 * (std::size_t(y) * wa + x) + c]); };
    double sum = 0;
    for (int y = 0; y < ha; ++y)
      for (int x = 0; x < wa; ++x) {
        int diff = 0;
        for (int c = 0; c < 3; ++c) diff = std::max(diff, std::abs(at(a, x, y, c) - at(b, x, y, c)));
        sum += diff;
        d.max = std::max(d.max, diff);
        if (diff == 0) continue;
        ++d.differing;
        if (diff <= PictureDiff::kFlatNoise) continue;
        int contrast = 0;
        for (int c = 0; c < 3; ++c) {
          int lo = 255, hi = 0;
          for (int yy = std::max(y - 1, 0); yy <= std::min(y + 1, ha - 1); ++yy)
            for (int xx = std::max(x - 1, 0); xx <= std::min(x + 1, wa - 1); ++xx) {
              lo = std::min(lo, at(a, xx, yy, c));
              hi = std::max(hi, at(a, xx, yy, c));
            }
          contrast = std::max(contrast, hi - lo);
        }
        if (contrast <= PictureDiff::kEdgeContrast) ++d.flat_differing;
      }
    d.mean = sum / (double(wa) * ha);
  }
  if (a) stbi_image_free(a);
  if (b) stbi_image_free(b);
  return d;
}

}  // namespace lsd::test
