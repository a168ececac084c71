// The drawing module's table: what the commands that draw (`lsd render`,
// `lsd view`) need of the viewer, reached through one C-linkage entry point
// of liblsd_draw.so so that lsd loads OpenGL, EGL, GLFW, X11, FFmpeg and Dear
// ImGui only when it draws (cli/draw_module.hpp loads it; docs/architecture.md,
// "The executable and the drawing module"). The module takes the core (the
// interpreter, dynamics, grammar, the camera) from the executable, so the
// types below cross the boundary as they are.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/turtle/turtle.hpp"
#include "viewer/app.hpp"
#include "viewer/camera.hpp"
#include "viewer/renderer.hpp"
#include "viewer/video.hpp"  // kMaxVideoSize

namespace lsd::view {

// Pictures of one size drawn one after another (offscreen.hpp's PictureMaker).
class Pictures {
 public:
  virtual ~Pictures() = default;
  virtual bool open(int width, int height, std::string* error) = 0;
  virtual bool draw(const interp::Geometry& g, const Camera* cam, const RenderOptions& opt,
                    std::vector<std::uint8_t>* rgb, std::string* error) = 0;
  virtual void close() = 0;
};

// An H.264 video in an MP4 file (video.hpp's VideoWriter).
class Video {
 public:
  virtual ~Video() = default;
  virtual bool open(const std::string& path, int width, int height, double fps, std::string* error) = 0;
  virtual bool add(const std::vector<std::uint8_t>& rgb, std::string* error) = 0;
  virtual bool finish(std::string* error) = 0;
};

// The layout of what crosses the boundary: a module built from other sources
// than the executable is refused instead of misread.
struct DrawModuleStamp {
  std::size_t table, view_options, geometry, camera, render_options, string;
  bool operator==(const DrawModuleStamp&) const = default;
};

struct DrawModule {
  DrawModuleStamp stamp;
  // app.hpp: the interactive viewer and its scripted mode; the exit status.
  int (*run_viewer)(const ViewOptions& o);
  // offscreen.hpp: the whole job of `lsd render -o OUT.png`, and a PNG of rows of RGB.
  bool (*render_png)(const interp::Geometry& g, int width, int height, const std::string& path, const Camera* cam,
                     const RenderOptions& opt, std::string* error);
  bool (*write_png)(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgb,
                    std::string* error);
  // The frames of a video or frame sequence (`lsd render --time T`).
  std::unique_ptr<Pictures> (*new_pictures)();
  std::unique_ptr<Video> (*new_video)();
};

constexpr DrawModuleStamp kDrawModuleStamp{sizeof(DrawModule), sizeof(ViewOptions),   sizeof(interp::Geometry),
                                           sizeof(Camera),      sizeof(RenderOptions), sizeof(std::string)};

}  // namespace lsd::view

// The module's one exported entry point: its table (static storage).
extern "C" const lsd::view::DrawModule* lsd_draw_module();
constexpr const char* kLsdDrawModuleEntry = "lsd_draw_module";
