// What the drawing commands (segments, export, render; cmd_draw.cpp) share
// with their animated outputs (animate.cpp): the options and the drawn plant.
#pragma once
#include <optional>
#include <string>

#include "commands.hpp"
#include "interpreter/living/simulation.hpp"
#include "interpreter/turtle/turtle.hpp"
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

// The plant as drawn: the homomorphism applied, then the turtle (joints bent
// as their state says). With model, also the model of the drawn string (its
// module_body: the body each drawn module rides on). Prints its errors.
bool drawn_geometry(const interp::Lsystem& ls, const interp::RunSettings& settings, interp::Geometry& g,
                    interp::LivingModel* model = nullptr);
// Loads, derives (or with --time, grows and moves) and draws the plant, as
// lsd segments, export and render (of a picture) do, and with obstacles the
// dynamics: section's ground, poles and spheres. Prints its errors.
bool plant_geometry(const DrawOptions& o, interp::Geometry& g, std::vector<dyn::Obstacle>* obstacles = nullptr);

// "lsd COMMAND: what" on standard error; returns the usage exit status.
int usage_error(const char* command, const std::string& what);

// What -o asks for, by its extension.
enum class OutputKind { kObj, kGlb, kGltf, kPng, kMp4, kPngFrames, kUnknown };
OutputKind output_kind(const std::string& path);

// The animations: a glTF scene (export) and a video or numbered PNG frames
// (render), for --time T at --fps F (default 30). Exit status.
int export_gltf(const DrawOptions& o, bool binary);
// (render: pitch in radians, the camera's height above the horizon).
int render_animation(const DrawOptions& o, int width, int height, double pitch, OutputKind kind);

}  // namespace lsd::cli
