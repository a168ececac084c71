// The OpenGL 3.3 core renderer of turtle geometry, shared by the interactive
// viewer and by `lsd render` (offscreen, into a PNG; offscreen.hpp).
//
// Segments are lit cylinders (one per-segment record on the GPU, expanded by
// the vertex shader into a prism, a cylinder impostor or a line by its width
// on screen); spheres are an instanced unit sphere; polygons triangle fans; a
// faint ground grid lies under the plant.
//
// Use: a current 3.3 core context (gl_context.hpp), Renderer::init,
// upload(geometry) after each change, and each frame draw(camera, width,
// height) into the bound framebuffer (an OffscreenTarget gives antialiasing);
// frame_geometry (camera.hpp) gives a start camera.
#pragma once
#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/turtle/turtle.hpp"
#include "viewer/camera.hpp"
#include "viewer/draw_lists.hpp"
#include "viewer/shaders.hpp"

namespace lsd::view {

// The clear colour, sRGB in [0, 1]. The grid differs from it by little (at
// most kGridContrast in each 8-bit channel), so a pixel that differs from it
// by more is part of the plant.
constexpr std::array<float, 3> kBackground{0.925f, 0.937f, 0.949f};
constexpr int kGridContrast = 40;

struct RenderOptions {
  bool grid = true;
  // Multisampling of offscreen pictures (clamped to GL_MAX_SAMPLES); -1:
  // automatic (antialias_samples in offscreen.hpp).
  int samples = -1;
};

// GPU meshes and buffers of one Geometry. Every member function needs the
// same current OpenGL 3.3 core context; release() (or the destructor) must run
// while it is still current.
class Renderer {
 public:
  Renderer() = default;
  ~Renderer();
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  // Compiles shaders and builds the unit meshes; false with a message on failure.
  bool init(std::string* error);
  // Copies the geometry to the GPU (replacing what was there).
  void upload(const interp::Geometry& g);
  // Draws into the currently bound framebuffer, viewport (0, 0, width, height).
  void draw(const Camera& cam, int width, int height, const RenderOptions& opt = {}) const;
  void release();

  std::size_t primitive_count() const { return seg_width_.size() + n_sph_ + n_poly_verts_ / 3; }
  // Bounds of the uploaded geometry (a unit box at the origin when empty).
  const Vec3& lo() const { return lists_.lo; }
  const Vec3& hi() const { return lists_.hi; }

 private:
  struct Mesh {
    unsigned vao = 0, vbo = 0, ebo = 0, mode = 0;
    int index_count = 0;
  };
  bool ready_ = false;
  ShaderPrograms progs_;
  // Level of detail of segments: full cylinders, cheap prisms, lines.
  Mesh cyl_full_, cyl_low_, sph_full_, sph_low_;
  unsigned cyl_inst_ = 0, sph_inst_ = 0;  // instance buffers
  unsigned cyl_tex_ = 0, empty_vao_ = 0;  // cyl_inst_ as a buffer texture, for vertex pulling
  int max_texels_ = 0;
  unsigned poly_vao_ = 0, poly_vbo_ = 0, grid_vao_ = 0, grid_vbo_ = 0;
  // Textured triangles (cpfg's textures), texture by texture in one buffer
  // (lists_.textured_ranges; texture id t is gl_textures_[t - 1]).
  unsigned tex_vao_ = 0, tex_vbo_ = 0;
  std::vector<unsigned> gl_textures_;  // (textures_) 0 for an image that could not be read
  std::shared_ptr<const std::vector<interp::Texture>> textures_;  // the images uploaded, kept while the geometry changes
  std::vector<float> seg_width_;  // (segments) widths of the instances, in decreasing order
  std::size_t n_sph_ = 0, n_poly_verts_ = 0, n_grid_verts_ = 0;
  DrawLists lists_;  // what was uploaded last, relative to lists_.origin (float precision)

  void build_meshes();
  void upload_grid();
  void upload_lists();
  void upload_textures(const interp::Geometry& g);
  void draw_textured() const;
  void draw_grid(const DrawView& f) const;
  void draw_segments(const DrawView& f) const;
  void draw_instances(const Mesh& m, unsigned instances, int kind, std::size_t first, std::size_t count) const;
};

}  // namespace lsd::view
