// The OpenGL 3.3 core renderer of turtle geometry, shared by the interactive
// viewer and by `lsd render` (offscreen, into a PNG).
//
// Segments are lit cylinders (one per-segment record on the GPU, expanded by
// the vertex shader into a prism, a cylinder impostor or a line by its width
// on screen); spheres are an instanced unit sphere; polygons triangle fans; a
// faint ground grid lies under the plant. GL functions come straight from
// libGL (GL_GLEXT_PROTOTYPES with <GL/glcorearb.h>): no loader library.
//
// The viewer: create a 3.3 core context, Renderer::init, upload(geometry)
// after each change, and each frame draw(camera, framebuffer w, h) into the
// window (ask GLFW for multisampling); frame_geometry gives a start camera.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "interpreter/turtle.hpp"

namespace lsd::view {

using Vec3 = Eigen::Vector3d;

// The clear colour, sRGB in [0, 1]. The grid differs from it by little (at
// most kGridContrast in each 8-bit channel), so a pixel that differs from it
// by more is part of the plant.
constexpr std::array<float, 3> kBackground{0.925f, 0.937f, 0.949f};
constexpr int kGridContrast = 40;

// An orbit camera: the eye circles `target` at `distance`; yaw 0 looks along
// -z (the turtle's initial plane x-y faces the viewer, `+` turns to the
// left), positive pitch looks down from above.
struct Camera {
  double yaw = 0;           // radians about +y
  double pitch = 0.30;      // radians above the horizon
  double distance = 5;      // from the target
  Vec3 target{0, 0, 0};
  double fov_y = 0.6;       // vertical field of view, radians

  Vec3 eye() const;
  Eigen::Matrix4f view() const;
  // near and far are chosen by the caller from the scene's size.
  Eigen::Matrix4f projection(double aspect, double near, double far) const;
};

// Chooses target and distance (keeping yaw, pitch and fov) so that the box
// [lo, hi] fills `fill` of the image in its tighter direction.
void frame_box(Camera* cam, const Vec3& lo, const Vec3& hi, double aspect, double fill = 0.9);

// Frames the geometry's bounds; a default camera at the origin when empty.
Camera frame_geometry(const interp::Geometry& g, double aspect);

struct RenderOptions {
  bool grid = true;
  // Multisampling of offscreen pictures (clamped to GL_MAX_SAMPLES); -1:
  // automatic, 4 or none above 250,000 primitives.
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
  const Vec3& lo() const { return lo_; }
  const Vec3& hi() const { return hi_; }

 private:
  struct Mesh {
    unsigned vao = 0, vbo = 0, ebo = 0, mode = 0;
    int index_count = 0;
  };
  bool ready_ = false;
  unsigned seg_prog_ = 0;         // instanced cylinders
  unsigned seg_pulled_prog_ = 0;  // impostor quads and lines pulled from cyl_tex_
  unsigned sph_prog_ = 0, poly_prog_ = 0, grid_prog_ = 0;
  // Level of detail of segments: full cylinders, cheap prisms, lines.
  Mesh cyl_full_, cyl_low_, sph_full_, sph_low_;
  unsigned cyl_inst_ = 0, sph_inst_ = 0;  // instance buffers
  unsigned cyl_tex_ = 0, empty_vao_ = 0;  // cyl_inst_ as a buffer texture, for vertex pulling
  int max_texels_ = 0;
  unsigned poly_vao_ = 0, poly_vbo_ = 0, grid_vao_ = 0, grid_vbo_ = 0;
  std::vector<float> seg_width_;  // (segments) widths of the instances, in decreasing order
  std::size_t n_sph_ = 0, n_poly_verts_ = 0, n_grid_verts_ = 0;
  Vec3 origin_{0, 0, 0};  // subtracted from every position uploaded (float precision)
  Vec3 lo_{-0.5, -0.5, -0.5}, hi_{0.5, 0.5, 0.5};

  void build_grid();
  void draw_instances(const Mesh& m, unsigned instances, int kind, std::size_t first, std::size_t count) const;
};

// Draws with the current context into an offscreen multisampled framebuffer
// and returns the picture as rows of RGB bytes, top row first.
bool render_offscreen(const Renderer& r, const Camera& cam, int width, int height,
                      const RenderOptions& opt, std::vector<std::uint8_t>* rgb, std::string* error);

// Writes a PNG atomically (path.tmp, then rename): rows of RGB bytes, top first.
bool write_png(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgb,
               std::string* error);

// The whole job of `lsd render`: creates an invisible GLFW window with a 3.3
// core context, frames the plant, draws it and writes the PNG. It initialises
// and terminates GLFW itself, so call it only while no other GLFW window
// exists (the viewer uses render_offscreen instead). False with a message
// when there is no display, no suitable OpenGL or the file cannot be written.
bool render_png(const interp::Geometry& g, int width, int height, const std::string& path,
                std::string* error);
bool render_png(const interp::Geometry& g, int width, int height, const std::string& path,
                const Camera* cam, const RenderOptions& opt, std::string* error);

}  // namespace lsd::view
