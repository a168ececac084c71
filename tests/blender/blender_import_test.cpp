// scripts/blender_import.py in Debian's Blender (3.4; skipped without it):
// the herb's glTF imported with its frame rate and range, a camera and a
// light that frame it, organs appearing over time, renders to PNG frames and
// MP4; and the README's advice for Blender's own import dialog. All [.slow]:
// `make test-slow` (CI installs blender), or build/tests/test_blender "[blender]".
#include <catch2/catch.hpp>
#include <stb_image.h>

#include <filesystem>
#include <map>
#include <sstream>
#include <string>

#include "support/lsd_test.hpp"

namespace {

using lsd::test::run;

const std::string kScript = std::string(LSD_SOURCE_DIR) + "/scripts/blender_import.py";
const std::string kProbe = std::string(LSD_SOURCE_DIR) + "/tests/blender/probe_scene.py";

bool have_blender() { return lsd::test::have_program("blender", "apt-get install blender python3-numpy"); }

// The herb grown and swaying for 10 s, as an animated glTF at 30 fps.
std::string export_herb(const lsd::test::TempDir& dir) {
  const std::string glb = dir.path("herb.glb");
  const auto r = run(lsd::test::lsd_exe() + " export " + lsd::test::example("dynamics/herb.ls") +
                     " --time 10 --fps 30 --quiet -o " + glb);
  INFO(r.out);
  REQUIRE(r.status == 0);
  return glb;
}

// "KEY value KEY value ..." after `tag` in Blender's output.
std::map<std::string, double> fields(const std::string& out, const std::string& tag) {
  std::map<std::string, double> got;
  const auto at = out.find(tag + " ");
  if (at == std::string::npos) return got;
  std::istringstream in(out.substr(at + tag.size() + 1, out.find('\n', at) - at - tag.size() - 1));
  std::string key;
  double value;
  while (in >> key >> value) got[key] = value;
  return got;
}

// Pixels of a PNG that differ from its corner (the sky) clearly.
long plant_pixels(const std::string& png) {
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(png.c_str(), &w, &h, &n, 3);
  if (!px) return -1;
  long count = 0;
  for (int i = 0; i < w * h; ++i) {
    int d = 0;
    for (int c = 0; c < 3; ++c) d += std::abs(int(px[3 * i + c]) - int(px[c]));
    if (d > 60) ++count;
  }
  stbi_image_free(px);
  return count;
}

}  // namespace

TEST_CASE("blender_import.py: the herb at 30 fps over frames 0-300, framed by its camera, organs appearing",
          "[.slow][blender]") {
  if (!have_blender()) return;
  lsd::test::TempDir dir;
  const std::string glb = export_herb(dir);
  const auto r = run("blender -b --factory-startup --python " + kScript + " --python " + kProbe + " -- " + glb);
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("lsd: herb.glb: 535 objects, frames 0-300 at 30 fps (10 s), camera 'lsd camera' at ") !=
        std::string::npos);
  auto got = fields(r.out, "PROBE");
  REQUIRE(!got.empty());
  CHECK(got["fps"] == 30);
  CHECK(got["start"] == 0);
  CHECK(got["end"] == 300);  // 10 s at 30 fps: the whole animation
  CHECK(got["camera"] == 1);
  CHECK(got["light"] == 1);
  CHECK(got["startup"] == 0);  // the startup scene's cube, camera and light are gone
  // The seedling first, then the organs of each derivation step.
  CHECK(got["shown_start"] >= 1);
  CHECK(got["shown_middle"] > 3 * got["shown_start"]);
  CHECK(got["shown_end"] > got["shown_middle"]);
  CHECK(got["outside"] == 0);  // every shown organ inside the picture at every sampled frame
}

TEST_CASE("blender_import.py --render: numbered PNG frames and an MP4, with Cycles", "[.slow][blender]") {
  if (!have_blender()) return;
  lsd::test::TempDir dir;
  const std::string glb = export_herb(dir);
  const std::string common = "blender -b --factory-startup --python " + kScript + " -- " + glb +
                             " --resolution 96x96 --samples 4 --frames 299-300 --render ";
  const auto png = run(common + dir.path("frames/%04d.png"));
  INFO(png.out);
  REQUIRE(png.status == 0);
  CHECK(plant_pixels(dir.path("frames/0299.png")) > 200);
  CHECK(plant_pixels(dir.path("frames/0300.png")) > 200);
  CHECK_FALSE(std::filesystem::exists(dir.path("frames/0298.png")));
  const auto mp4 = run(common + dir.path("herb.mp4"));
  INFO(mp4.out);
  REQUIRE(mp4.status == 0);
  const auto probe = run("ffprobe -v error -select_streams v:0 -show_entries stream=codec_name,nb_frames,width "
                         "-of default=noprint_wrappers=1 " + dir.path("herb.mp4"));
  CHECK(probe.out == "codec_name=h264\nwidth=96\nnb_frames=2\n");
  // A name that is neither fails before anything is imported.
  const auto bad = run(common + dir.path("herb.avi"));
  CHECK(bad.status == 1);
  CHECK(bad.out.find("lsd: --render needs an .mp4 or numbered PNG frames") != std::string::npos);
}

TEST_CASE("blender_import.py from the text editor: its operator imports into the current scene", "[.slow][blender]") {
  if (!have_blender()) return;
  lsd::test::TempDir dir;
  const std::string glb = export_herb(dir);
  // What Run Script does but the file browser: register, then the operator.
  const std::string expr = "import runpy, bpy; m = runpy.run_path('" + kScript + "', run_name='lsd'); m['register'](); "
                           "bpy.ops.import_scene.lsd_gltf(filepath='" + glb + "')";
  const auto r = run("blender -b --factory-startup --python-exit-code 1 --python-expr \"" + expr + "\" --python " +
                     kProbe);
  INFO(r.out);
  REQUIRE(r.status == 0);
  auto got = fields(r.out, "PROBE");
  CHECK(got["end"] == 300);
  CHECK(got["camera"] == 1);
  CHECK(got["startup"] == 3);  // the user's scene keeps its objects (the factory cube, camera and light) ...
  CHECK(got["outside"] == 0);  // ... and the plant is framed by our camera, now the scene's
}

TEST_CASE("the README's advice for Blender's own import dialog: 30 fps first, Smooth Shading, frames 0-300",
          "[.slow][blender]") {
  if (!have_blender()) return;
  lsd::test::TempDir dir;
  const std::string glb = export_herb(dir);
  // Output Properties > Frame Rate 30; File > Import > glTF 2.0 with Shading
  // "Smooth Shading" (the default "Use Normal Data" is what needs numpy.bool);
  // then the timeline's Start 0 and End 300.
  const std::string expr = "import bpy; s = bpy.context.scene; s.render.fps = 30; "
                           "bpy.ops.import_scene.gltf(filepath='" + glb + "', import_shading='SMOOTH'); "
                           "s.frame_start = 0; s.frame_end = 300; "
                           "keys = [k.co[0] for a in bpy.data.actions for c in a.fcurves for k in c.keyframe_points]; "
                           "print('DIALOG objects %d first %g last %g' % "
                           "(len(bpy.data.objects), min(keys), max(keys)))";
  const auto r = run("blender -b --factory-startup --python-exit-code 1 --python-expr \"" + expr + "\"");
  INFO(r.out);
  REQUIRE(r.status == 0);
  auto got = fields(r.out, "DIALOG");
  CHECK(got["objects"] == 535 + 3);  // the plant's and the startup scene's cube, camera and light
  CHECK(got["first"] == 0);
  CHECK(got["last"] == 300);
}
