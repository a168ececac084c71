// What the drawing commands (segments, export, render; cmd_draw.cpp) share
// with their animated outputs (animate.cpp): the options and the drawn plant.
#pragma once
#include <optional>
#include <string>

#include "camera_options.hpp"
#include "commands.hpp"
#include "interpreter/living/simulation.hpp"
#include "interpreter/scene/scene.hpp"
#include "progress.hpp"

namespace lsd::cli {

// What every drawing command reads: the file, -n, -o, the motion options,
// --quiet and (export, render) --fps.
struct DrawOptions {
  InputOptions in;
  MotionOptions motion;
  std::optional<long> n;
  std::string out;
  std::optional<double> fps;
  bool quiet = false;
};

// Loads, derives (or with --time, grows and moves as lsd run does) and
// draws the plant into a scene with `opts` (interpreter/scene/scene.hpp):
// lsd segments, export and render of a picture. Prints its errors, and a
// warning when nothing is drawn.
bool plant_scene(const DrawOptions& o, const interp::SceneOptions& opts, interp::Scene& scene);
// The warning when a scene's plant draws nothing.
void warn_if_empty(const interp::Scene& scene);

// "lsd COMMAND: what" on standard error; returns the usage exit status.
int usage_error(const char* command, const std::string& what);

// What -o asks for, by its extension.
enum class OutputKind { kObj, kGlb, kGltf, kPng, kMp4, kPngFrames, kUnknown };
OutputKind output_kind(const std::string& path);

// The animations: a glTF scene (export) and a video or numbered PNG frames
// (render), for --time T at --fps F (default 30). Exit status.
int export_gltf(const DrawOptions& o, bool binary);
// (render: the camera options, and --orbit).
int render_animation(const DrawOptions& o, int width, int height, const CameraOptions& camera, OutputKind kind);

}  // namespace lsd::cli
