// Tests of viewer/offscreen.cpp: offscreen pictures (drawn by renderer.cpp in
// a headless context of gl_context.cpp: EGL, no display needed), read back
// and inspected. Set LSD_KEEP_RENDER=1 to keep the PNGs in the temporary
// directory.
#include "viewer/offscreen.hpp"

#include <catch2/catch.hpp>
#include <stb_image.h>  // implementation: Debian's libstb

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

using namespace lsd;

namespace {

// Sets (or, with nullopt, unsets) environment variables until it goes out of scope.
class EnvOverride {
 public:
  EnvOverride(std::initializer_list<std::pair<const char*, std::optional<std::string>>> vars) {
    for (const auto& [name, value] : vars) {
      const char* old = std::getenv(name);
      saved_.push_back({name, old ? std::optional<std::string>(old) : std::nullopt});
      if (value) setenv(name, value->c_str(), 1);
      else unsetenv(name);
    }
  }
  EnvOverride(const EnvOverride&) = delete;
  EnvOverride& operator=(const EnvOverride&) = delete;
  ~EnvOverride() {
    for (const auto& [name, value] : saved_) {
      if (value) setenv(name, value->c_str(), 1);
      else unsetenv(name);
    }
  }

 private:
  std::vector<std::pair<const char*, std::optional<std::string>>> saved_;
};

// No display, EGL only: the pictures below are drawn headless.
EnvOverride no_display() { return {{"DISPLAY", std::nullopt}, {"WAYLAND_DISPLAY", std::nullopt}, {"LSD_GL", "egl"}}; }

std::string temp_png(const std::string& stem) {
  return (std::filesystem::temp_directory_path() / (stem + "_" + std::to_string(getpid()) + ".png")).string();
}

void done_with(const std::string& path) {
  if (!std::getenv("LSD_KEEP_RENDER")) std::filesystem::remove(path);
}

// ABOP fig. 1.24a: F -> F[+F]F[-F]F, angle 25.7, n derivation steps.
interp::ModuleString weed(int n) {
  std::string s = "F";
  for (int i = 0; i < n; ++i) {
    std::string t;
    for (char c : s) t += c == 'F' ? std::string("F[+F]F[-F]F") : std::string(1, c);
    s = t;
  }
  interp::ModuleString m;
  for (char c : s) m.push((unsigned char)c);
  return m;
}

struct Picture {
  int w = 0, h = 0;
  std::vector<unsigned char> rgb;
  bool load(const std::string& path) {
    int comp = 0;
    unsigned char* data = stbi_load(path.c_str(), &w, &h, &comp, 3);
    if (!data) return false;
    rgb.assign(data, data + std::size_t(w) * h * 3);
    stbi_image_free(data);
    return true;
  }
  const unsigned char* at(int x, int y) const { return rgb.data() + (std::size_t(y) * w + x) * 3; }
  // Differs from the background by more than the grid may.
  bool is_plant(int x, int y) const {
    const unsigned char* p = at(x, y);
    for (int k = 0; k < 3; ++k)
      if (std::abs(int(p[k]) - int(std::lround(view::kBackground[k] * 255))) > view::kGridContrast) return true;
    return false;
  }
};

}  // namespace

TEST_CASE("render_png fails cleanly when it can have no context: a window asked for without a display", "[render]") {
  const std::string path = temp_png("lsd_nodisplay");
  std::string error;
  bool ok = true;
  {
    EnvOverride window_only({{"DISPLAY", std::nullopt}, {"WAYLAND_DISPLAY", std::nullopt}, {"LSD_GL", "glfw"}});
    ok = view::render_png(interp::interpret(weed(1)), 64, 64, path, &error);
  }
  CHECK_FALSE(ok);
  CHECK(error.find("cannot open a display for an OpenGL window") != std::string::npos);
  CHECK(error.find("DISPLAY is unset") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(path));
  CHECK_FALSE(std::filesystem::exists(path + ".tmp"));
}

TEST_CASE("write_png is atomic and reports errors", "[render]") {
  const std::string path = temp_png("lsd_write");
  std::vector<std::uint8_t> rgb(4 * 2 * 3, 200);
  std::string error;
  REQUIRE(view::write_png(path, 4, 2, rgb, &error));
  CHECK_FALSE(std::filesystem::exists(path + ".tmp"));
  Picture p;
  REQUIRE(p.load(path));
  CHECK(p.w == 4);
  CHECK(p.h == 2);
  std::filesystem::remove(path);
  CHECK_FALSE(view::write_png("/nonexistent-dir/x.png", 4, 2, rgb, &error));
  CHECK(error.find("/nonexistent-dir/x.png") != std::string::npos);
}

TEST_CASE("antialiasing: 4 samples, none for huge plants, or as asked", "[render]") {
  CHECK(view::antialias_samples(0) == 4);
  CHECK(view::antialias_samples(250000) == 4);
  CHECK(view::antialias_samples(250001) == 0);
  CHECK(view::antialias_samples(10, 0) == 0);
  CHECK(view::antialias_samples(1000000, 2) == 2);
}

TEST_CASE("render_png draws the weed of fig. 1.24a", "[render]") {
  const EnvOverride headless = no_display();
  interp::TurtleOptions opt;
  opt.angle = 25.7;
  opt.width = 0.35;
  const interp::Geometry g = interp::interpret(weed(4), opt);
  const std::string path = temp_png("lsd_weed");
  std::string error;
  const int W = 400, H = 500;
  REQUIRE(view::render_png(g, W, H, path, &error));
  INFO(error);
  CHECK_FALSE(std::filesystem::exists(path + ".tmp"));
  Picture p;
  REQUIRE(p.load(path));
  CHECK(p.w == W);
  CHECK(p.h == H);
  // The plant's pixels: their bounding box fills most of the image.
  int x0 = W, x1 = -1, y0 = H, y1 = -1;
  std::size_t plant = 0, greenish = 0;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      if (p.is_plant(x, y)) {
        ++plant;
        x0 = std::min(x0, x);
        x1 = std::max(x1, x);
        y0 = std::min(y0, y);
        y1 = std::max(y1, y);
        const unsigned char* c = p.at(x, y);
        if (c[1] > c[0] && c[1] > c[2]) ++greenish;
      }
  REQUIRE(plant > 0);
  const double fw = double(x1 - x0 + 1) / W, fh = double(y1 - y0 + 1) / H;
  INFO("plant box " << fw << " x " << fh << " of the image, " << plant << " pixels");
  CHECK(std::max(fw, fh) > 0.8);
  CHECK(std::min(fw, fh) > 0.3);
  CHECK(plant > std::size_t(W * H / 50));
  CHECK(greenish > plant * 8 / 10);  // palette colour 0 is a green
  // The corners are background or grid.
  CHECK_FALSE(p.is_plant(0, 0));
  CHECK_FALSE(p.is_plant(W - 1, 0));
  done_with(path);
}

TEST_CASE("render_png draws spheres and polygons in their colours", "[render]") {
  const EnvOverride headless = no_display();
  // A stem with a red sphere (colour 4) on top and a yellow square leaf (colour 3).
  interp::ModuleString s;
  s.push('!', {0.2});
  s.push('F', {3.0});
  s.push(';', {4.0});
  s.push(interp::kSymSphere, {1.2});
  s.push(';', {3.0});
  s.push('-', {90.0});
  s.push('{');
  s.push('.');
  for (int k = 0; k < 4; ++k) {
    s.push('f', {1.2});
    s.push('+', {90.0});
  }
  s.push('}');
  const interp::Geometry g = interp::interpret(s);
  REQUIRE(g.spheres.size() == 1);
  REQUIRE(g.polygons.size() == 1);
  const std::string path = temp_png("lsd_shapes");
  std::string error;
  REQUIRE(view::render_png(g, 300, 300, path, &error));
  Picture p;
  REQUIRE(p.load(path));
  std::size_t red = 0, yellow = 0;
  for (int y = 0; y < p.h; ++y)
    for (int x = 0; x < p.w; ++x) {
      const unsigned char* c = p.at(x, y);
      if (c[0] > 120 && c[1] < c[0] / 2 && c[2] < c[0] / 2) ++red;
      if (c[0] > 120 && c[1] > 100 && c[2] < c[1] / 2) ++yellow;
    }
  CHECK(red > 1000);
  CHECK(yellow > 1000);
  done_with(path);
}

TEST_CASE("render_png draws textures on polygons and segments with alpha cut away and decal unshaded", "[render]") {
  const EnvOverride headless = no_display();
  // A square facing +z, s and t from 0 to 1, and a textured segment beside it.
  // The 2 x 1 texture: red on the left half, green on the right (nearest texels).
  auto scene = [](std::uint8_t right_alpha, bool decal) {
    interp::Geometry g;
    g.palette = {{1.f, 1.f, 1.f}};
    auto tex = std::make_shared<std::vector<interp::Texture>>(1);
    interp::Texture& t = (*tex)[0];
    t.width = 2;
    t.height = 1;
    t.rgba = {255, 0, 0, 255, 0, 255, 0, right_alpha};
    t.decal = decal;
    g.textures = tex;
    const interp::Vec3 v[4] = {{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}};
    g.polygon_vertices.assign(v, v + 4);
    g.polygon_uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    g.polygons.push_back({0, 4, 0, 0, 1});
    g.segments.push_back({{3, 0, 0}, {3, 2, 0}, 0.6, 0, 1});
    g.textured_segments.push_back({0, 1, 0.f, 1.f});
    return g;
  };
  struct Count {
    std::size_t red = 0, green = 0, pure_red = 0;
  };
  auto count = [&](const interp::Geometry& g, const std::string& stem) {
    const std::string path = temp_png(stem);
    std::string error;
    REQUIRE(view::render_png(g, 300, 300, path, &error));
    Picture p;
    REQUIRE(p.load(path));
    Count c;
    for (int y = 0; y < p.h; ++y)
      for (int x = 0; x < p.w; ++x) {
        const unsigned char* q = p.at(x, y);
        if (q[0] > 100 && q[1] < 40 && q[2] < 40) ++c.red;
        if (q[1] > 100 && q[0] < 40 && q[2] < 40) ++c.green;
        if (q[0] >= 253 && q[1] <= 2 && q[2] <= 2) ++c.pure_red;
      }
    done_with(path);
    return c;
  };
  const Count opaque = count(scene(255, false), "lsd_tex_opaque");
  CHECK(opaque.red > 3000);    // the square's left half and half the segment
  CHECK(opaque.green > 3000);  // the right half and the segment's other half
  const Count cut = count(scene(0, false), "lsd_tex_cut");
  CHECK(cut.green == 0);  // alpha 0: cut away, the background (and the segment's red inside) shows
  CHECK(cut.red > opaque.red * 9 / 10);
  // modulate shades the texel's colour; decal shows it as it is
  CHECK(opaque.pure_red < opaque.red / 10);
  const Count decal = count(scene(255, true), "lsd_tex_decal");
  CHECK(decal.pure_red > decal.red / 2);
}
