// The one offscreen path of pictures: a multisampled framebuffer the plant is
// drawn into, resolved either into the viewer's window (each frame) or into a
// plain framebuffer that is read back as rows of RGB (`lsd render`); the
// read-back of the window for screenshots; the antialiasing policy; and PNG
// files written atomically.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/limits.hpp"
#include "interpreter/turtle/turtle.hpp"
#include "viewer/camera.hpp"
#include "viewer/gl_context.hpp"
#include "viewer/renderer.hpp"

namespace lsd::view {

constexpr int kAntialiasSamples = 4;
constexpr std::size_t kMaxAntialiasedPrimitives = limits::kAntialiasedPrimitives;

// The samples to draw `primitives` with: `requested` when >= 0, else
// kAntialiasSamples, or none above kMaxAntialiasedPrimitives (multisampling
// costs llvmpipe about as much as the plant itself). OffscreenTarget clamps
// the result to GL_MAX_SAMPLES.
int antialias_samples(std::size_t primitives, int requested = -1);

// The framebuffers of offscreen pictures: multisampled colour and depth to
// draw into, and (made on the first read-back) a plain colour buffer to
// resolve into. The viewer keeps one between frames; render_offscreen uses
// one once. Needs the same current OpenGL context in every call; release()
// (or the destructor) must run while it is still current.
class OffscreenTarget {
 public:
  OffscreenTarget() = default;
  ~OffscreenTarget() { release(); }
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;

  // Framebuffers of width x height with `samples` (clamped to GL_MAX_SAMPLES),
  // kept when they already are. False with a message (none when error is
  // null) if the size is beyond GL_MAX_RENDERBUFFER_SIZE or they are incomplete.
  bool ensure(int width, int height, int samples, std::string* error);
  // Binds the multisampled framebuffer: draw with viewport (0, 0, width, height).
  void bind() const;
  // Resolves the picture into `framebuffer` (0: the window) at (x, 0), then binds 0.
  void resolve_into(unsigned framebuffer, int x) const;
  // Resolves the picture and reads it back as rows of RGB bytes, top row first.
  bool read_rgb(std::vector<std::uint8_t>* rgb, std::string* error);
  void release();

 private:
  unsigned fbo_ = 0, color_ = 0, depth_ = 0;  // multisampled
  unsigned resolve_fbo_ = 0, resolve_color_ = 0;
  int width_ = 0, height_ = 0;
  int samples_ = -1;  // as asked, before clamping

  bool ensure_resolve();
};

// Reads (0, 0, width, height) of framebuffer 0 — the window's back buffer, or
// a headless context's pbuffer — as rows of RGB bytes, top row first: a
// screenshot of what is about to be swapped in.
void read_back_buffer(int width, int height, std::vector<std::uint8_t>* rgb);

// Draws with the current context into an offscreen multisampled framebuffer
// and returns the picture as rows of RGB bytes, top row first. With a target,
// draws into it and keeps it for the next picture.
bool render_offscreen(const Renderer& r, const Camera& cam, int width, int height,
                      const RenderOptions& opt, std::vector<std::uint8_t>* rgb, std::string* error,
                      OffscreenTarget* target = nullptr);

// Pictures of one size drawn one after another with one headless context
// (gl_context.hpp), one renderer and one framebuffer: the frames of an
// animation (`lsd render --fps`), or the one picture of render_png. It makes
// its own context current, so use it only while no other context is open.
class PictureMaker {
 public:
  PictureMaker() = default;
  ~PictureMaker() { close(); }
  PictureMaker(const PictureMaker&) = delete;
  PictureMaker& operator=(const PictureMaker&) = delete;

  // False with a message when there is no suitable OpenGL (EGL, or a display).
  bool open(int width, int height, std::string* error);
  // The geometry seen by cam (framed by frame_geometry when null), as rows
  // of RGB bytes, top row first.
  bool draw(const interp::Geometry& g, const Camera* cam, const RenderOptions& opt, std::vector<std::uint8_t>* rgb,
            std::string* error);
  void close();

 private:
  GlWindow gl_;
  Renderer renderer_;
  OffscreenTarget target_;
  int width_ = 0, height_ = 0;
  bool open_ = false;
};

// Writes a PNG atomically (path.tmp, then rename): rows of RGB bytes, top first.
bool write_png(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgb,
               std::string* error);

// The whole job of `lsd render`: opens a headless 3.3 core context
// (gl_context.hpp), frames the plant (or uses *cam), draws it and writes the
// PNG. It makes its own context current, so call it only while no other
// context is open (the viewer uses OffscreenTarget instead). False with a
// message when there is no suitable OpenGL or the file cannot be written.
bool render_png(const interp::Geometry& g, int width, int height, const std::string& path,
                std::string* error);
bool render_png(const interp::Geometry& g, int width, int height, const std::string& path,
                const Camera* cam, const RenderOptions& opt, std::string* error);

}  // namespace lsd::view
