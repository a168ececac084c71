// Tests of `lsd render --time T --fps F` into a video (viewer/video.cpp) or
// numbered PNG frames (cli/animate.cpp), with no display (headless through
// EGL). The MP4 is checked with ffprobe (Debian's ffmpeg), the frames pixel
// by pixel.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stb_image.h>

#include "support/lsd_test.hpp"
#include "viewer/headless.hpp"
#include "viewer/renderer.hpp"

namespace {

const std::string kHerb = lsd::test::example("dynamics/herb.ls");

std::string render_cmd(const std::string& args) {
  return lsd::test::headless(lsd::test::lsd_exe() + " render " + args);
}

// ffprobe's key=value lines for the first video stream and the container.
std::map<std::string, std::string> probe(const std::string& path) {
  const auto r = lsd::test::run("ffprobe -v error -select_streams v:0 -show_entries "
                                "stream=codec_name,width,height,r_frame_rate,nb_frames,pix_fmt "
                                "-show_entries format=duration -of default=noprint_wrappers=1 " + path);
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::map<std::string, std::string> out;
  std::istringstream in(r.out);
  std::string line;
  while (std::getline(in, line))
    if (auto eq = line.find('='); eq != std::string::npos) out[line.substr(0, eq)] = line.substr(eq + 1);
  return out;
}

// The box of the plant's pixels: those that differ from the background (the
// corner) by more than the ground grid can (kGridContrast in each channel).
struct Box {
  int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1;
  long pixels = 0;
  int height() const { return y1 - y0 + 1; }
};

Box plant_box(const std::string& png, int* w, int* h) {
  int n = 0;
  unsigned char* px = stbi_load(png.c_str(), w, h, &n, 3);
  REQUIRE(px);
  Box b;
  const unsigned char* bg = px;
  for (int y = 0; y < *h; ++y)
    for (int x = 0; x < *w; ++x) {
      const unsigned char* p = px + 3 * (y * *w + x);
      if (std::abs(p[0] - bg[0]) + std::abs(p[1] - bg[1]) + std::abs(p[2] - bg[2]) <= 3 * lsd::view::kGridContrast)
        continue;
      ++b.pixels;
      b.x0 = std::min(b.x0, x);
      b.x1 = std::max(b.x1, x);
      b.y0 = std::min(b.y0, y);
      b.y1 = std::max(b.y1, y);
    }
  stbi_image_free(px);
  return b;
}

bool exists(const std::string& path) { return std::filesystem::exists(path); }

}  // namespace

TEST_CASE("lsd render of the herb to MP4: ffprobe finds 10 s of H.264 at 30 fps and the size asked for") {
  const std::string out = lsd::test::temp_path("herb.mp4");
  const auto r = lsd::test::run(render_cmd(kHerb + " --time 10 --fps 30 --width 320 --height 240 -o " + out));
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.empty());  // not a word from the encoder, and no progress line into a pipe
  auto p = probe(out);
  CHECK(p["codec_name"] == "h264");
  CHECK(p["pix_fmt"] == "yuv420p");
  CHECK(p["width"] == "320");
  CHECK(p["height"] == "240");
  CHECK(p["r_frame_rate"] == "30/1");
  CHECK(p["nb_frames"] == "300");
  CHECK(std::stod(p["duration"]) == Approx(10).margin(0.001));
}

TEST_CASE("lsd render to numbered PNG frames: one picture per frame, one camera for the whole run") {
  lsd::test::TempDir dir;
  const auto r = lsd::test::run(render_cmd(kHerb + " --time 6 --fps 2 --width 160 --height 160 -o " +
                                           dir.path("f%03d.png")));
  INFO(r.out);
  REQUIRE(r.status == 0);
  for (int k = 0; k < 12; ++k) CHECK(exists(dir.path((k < 10 ? "f00" : "f0") + std::to_string(k) + ".png")));
  CHECK_FALSE(exists(dir.path("f012.png")));
  int w = 0, h = 0;
  const Box first = plant_box(dir.path("f000.png"), &w, &h), last = plant_box(dir.path("f011.png"), &w, &h);
  CHECK(w == 160);
  CHECK(h == 160);
  // The grown plant is framed: tall in the picture, inside its borders.
  CHECK(last.height() > 0.6 * h);
  CHECK(last.x0 > 0);
  CHECK(last.y0 > 0);
  CHECK(last.x1 < w - 1);
  // The seedling is small in the same frame, standing where the plant stands.
  CHECK(first.pixels > 0);
  CHECK(first.height() < last.height() / 3);
  CHECK(std::abs(first.y1 - last.y1) <= 3);
}

TEST_CASE("lsd render of an animation: bad input is a clear error and writes nothing") {
  lsd::test::TempDir dir;
  const std::string mp4 = dir.path("v.mp4");
  auto status = [&](const std::string& args) {
    const auto r = lsd::test::run(render_cmd(kHerb + " " + args));
    INFO(args << ": " << r.out);
    CHECK(r.out.find("lsd") != std::string::npos);
    return r.status;
  };
  CHECK(status("--time 1 --fps 0 -o " + mp4) == 2);
  CHECK(status("--time 1 --fps -30 -o " + mp4) == 2);
  CHECK(status("-o " + mp4) == 2);                                  // a video needs --time
  CHECK(status("--time 1 --width 321 -o " + mp4) == 2);             // H.264 needs an even size
  CHECK(status("--time 1 --width 16384 --height 16384 -o " + mp4) == 2);  // too large a frame
  CHECK(status("--time 1e6 --fps 1000 -o " + mp4) == 2);            // too many frames
  CHECK(status("--time 1 -o " + dir.path("v.avi")) == 2);           // unknown extension
  CHECK(status("--time 1 -o " + dir.path("f%s.png")) == 2);         // not a frame number
  CHECK(status("--time 1 -o " + dir.path("f%d%d.png")) == 2);       // two frame numbers
  const lsd::test::TempDir blocked;  // folders that cannot be made: a file stands in their way
  const std::string file = blocked.write("file", "");
  CHECK(status("--time 1 -o " + file + "/v.mp4") == 1);  // unwritable
  CHECK(status("--time 1 -o " + file + "/%04d.png") == 1);
  CHECK(std::distance(std::filesystem::directory_iterator(dir.path("")), {}) == 0);
}

TEST_CASE("an interrupted video leaves the file under the final name as it was, and no temporary file") {
  lsd::test::TempDir dir;
  const std::string out = dir.path("sway.mp4");
  std::ofstream(out) << "the previous video";
  // Pass 1 of tree10k takes seconds: SIGINT stops it between frames.
  const std::string cmd =
      render_cmd(lsd::test::example("dynamics/tree10k.ls") + " --time 20 --width 64 --height 64 -o " + out);
  const auto r = lsd::test::run("sh -c '" + cmd + " & pid=$!; sleep 1; kill -INT $pid; wait $pid; echo status=$?'");
  INFO(r.out);
  CHECK(r.out.find("status=1") != std::string::npos);
  CHECK(r.out.find("interrupted") != std::string::npos);
  std::ifstream in(out);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(text == "the previous video");
  CHECK(std::distance(std::filesystem::directory_iterator(dir.path("")), {}) == 1);  // no sway.mp4.tmp.*
}
