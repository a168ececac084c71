// The renderer: unit meshes, the upload of a Geometry into GPU buffers, and
// the draw of one frame (grid, segments by level of detail, spheres,
// polygons). A million segments render in well under a second on llvmpipe.
#include "viewer/gl.hpp"
#include "viewer/renderer.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace lsd::view {
namespace {

// ---------------------------------------------------------------- GPU records

enum InstanceKind { kCylinders, kSpheres };  // the instance buffers' layouts

void attrib(GLuint loc, int n, GLenum type, bool normalised, std::size_t stride, std::size_t offset,
            bool per_instance) {
  glEnableVertexAttribArray(loc);
  glVertexAttribPointer(loc, n, type, normalised ? GL_TRUE : GL_FALSE, GLsizei(stride),
                        reinterpret_cast<const void*>(offset));
  glVertexAttribDivisor(loc, per_instance ? 1 : 0);
}

void upload_mesh(GLuint vao, GLuint vbo, GLuint ebo, const UnitMesh& d) {
  const std::vector<MeshVertex>& v = d.vertices;
  const std::vector<std::uint32_t>& idx = d.indices;
  glBindVertexArray(vao);
  glBindBuffer(GL_ARRAY_BUFFER, vbo);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(v.size() * sizeof(MeshVertex)), v.data(), GL_STATIC_DRAW);
  attrib(0, 3, GL_FLOAT, false, sizeof(MeshVertex), offsetof(MeshVertex, pos), false);
  attrib(1, 3, GL_FLOAT, false, sizeof(MeshVertex), offsetof(MeshVertex, normal), false);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(idx.size() * sizeof(GLuint)), idx.data(), GL_STATIC_DRAW);
}

void set_vec3(GLuint prog, const char* name, const Vec3& v) {
  glUniform3f(glGetUniformLocation(prog, name), float(v.x()), float(v.y()), float(v.z()));
}

}  // namespace

// ---------------------------------------------------------------- set-up

Renderer::~Renderer() { release(); }

void Renderer::release() {
  if (!ready_) return;
  delete_programs(&progs_);
  glDeleteTextures(1, &cyl_tex_);
  glDeleteVertexArrays(1, &empty_vao_);
  for (Mesh* m : {&cyl_full_, &cyl_low_, &sph_full_, &sph_low_}) {
    glDeleteVertexArrays(1, &m->vao);
    GLuint bufs[2] = {m->vbo, m->ebo};
    glDeleteBuffers(2, bufs);
    *m = Mesh{};
  }
  GLuint vaos[3] = {poly_vao_, grid_vao_, tex_vao_}, bufs[5] = {poly_vbo_, grid_vbo_, cyl_inst_, sph_inst_, tex_vbo_};
  glDeleteVertexArrays(3, vaos);
  glDeleteBuffers(5, bufs);
  if (!gl_textures_.empty()) glDeleteTextures(GLsizei(gl_textures_.size()), gl_textures_.data());
  gl_textures_.clear();
  textures_.reset();
  lists_ = DrawLists{};
  seg_width_.clear();
  n_sph_ = n_poly_verts_ = n_grid_verts_ = 0;
  ready_ = false;
}

bool Renderer::init(std::string* error) {
  release();
  if (!compile_programs(&progs_, error)) return false;
  ready_ = true;
  glGenBuffers(1, &cyl_inst_);
  glGenBuffers(1, &sph_inst_);
  glGenTextures(1, &cyl_tex_);
  glGenVertexArrays(1, &empty_vao_);
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &max_texels_);
  build_meshes();

  glGenVertexArrays(1, &poly_vao_);
  glGenBuffers(1, &poly_vbo_);
  glBindVertexArray(poly_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, poly_vbo_);
  attrib(0, 3, GL_FLOAT, false, sizeof(PolygonVertex), offsetof(PolygonVertex, pos), false);
  attrib(1, 3, GL_FLOAT, false, sizeof(PolygonVertex), offsetof(PolygonVertex, normal), false);
  attrib(2, 4, GL_UNSIGNED_BYTE, true, sizeof(PolygonVertex), offsetof(PolygonVertex, rgba), false);

  glGenVertexArrays(1, &tex_vao_);
  glGenBuffers(1, &tex_vbo_);
  glBindVertexArray(tex_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, tex_vbo_);
  attrib(0, 3, GL_FLOAT, false, sizeof(TexturedVertex), offsetof(TexturedVertex, pos), false);
  attrib(1, 3, GL_FLOAT, false, sizeof(TexturedVertex), offsetof(TexturedVertex, normal), false);
  attrib(2, 4, GL_UNSIGNED_BYTE, true, sizeof(TexturedVertex), offsetof(TexturedVertex, rgba), false);
  attrib(3, 2, GL_FLOAT, false, sizeof(TexturedVertex), offsetof(TexturedVertex, uv), false);

  glGenVertexArrays(1, &grid_vao_);
  glGenBuffers(1, &grid_vbo_);
  glBindVertexArray(grid_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, grid_vbo_);
  attrib(0, 4, GL_FLOAT, false, 4 * sizeof(float), 0, false);
  glBindVertexArray(0);
  build_draw_lists(interp::Geometry{}, lists_);  // the grid of an empty scene
  upload_grid();
  return true;
}

// The unit cylinders and spheres that instances place, at two levels of detail.
void Renderer::build_meshes() {
  auto make = [](Mesh* m, const UnitMesh& d) {
    glGenVertexArrays(1, &m->vao);
    glGenBuffers(1, &m->vbo);
    glGenBuffers(1, &m->ebo);
    upload_mesh(m->vao, m->vbo, m->ebo, d);
    m->mode = GL_TRIANGLES;
    m->index_count = int(d.indices.size());
  };
  make(&cyl_full_, unit_cylinder(12, true));
  make(&cyl_low_, unit_cylinder(4, false));
  make(&sph_full_, unit_sphere(14, 24));
  make(&sph_low_, unit_sphere(5, 8));
}

// The ground grid of the lists (draw_lists.cpp).
void Renderer::upload_grid() {
  glBindBuffer(GL_ARRAY_BUFFER, grid_vbo_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(lists_.grid.size() * sizeof(float)), lists_.grid.data(), GL_STATIC_DRAW);
  n_grid_verts_ = lists_.grid.size() / 4;
}

// ---------------------------------------------------------------- upload

void Renderer::upload(const interp::Geometry& g) {
  if (!ready_) return;
  upload_textures(g);
  build_draw_lists(g, lists_);
  upload_lists();
  upload_grid();
}

// The images of the geometry's textures, once for as long as the geometry
// keeps the same ones (a growing or swaying model's every frame).
void Renderer::upload_textures(const interp::Geometry& g) {
  if (g.textures == textures_) return;
  if (!gl_textures_.empty()) glDeleteTextures(GLsizei(gl_textures_.size()), gl_textures_.data());
  gl_textures_.assign(g.textures ? g.textures->size() : 0, 0);
  textures_ = g.textures;
  for (std::size_t i = 0; i < gl_textures_.size(); ++i) {
    const interp::Texture& t = (*textures_)[i];
    if (t.width <= 0) continue;
    glGenTextures(1, &gl_textures_[i]);
    glBindTexture(GL_TEXTURE_2D, gl_textures_[i]);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, t.width, t.height, 0, GL_RGBA, GL_UNSIGNED_BYTE, t.rgba.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, t.smooth_magnify ? GL_LINEAR : GL_NEAREST);
    GLint minify = t.smooth_minify ? GL_LINEAR : GL_NEAREST;
    if (t.mipmap) {
      glGenerateMipmap(GL_TEXTURE_2D);
      minify = t.smooth_minify ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST_MIPMAP_LINEAR;
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, minify);
  }
  glBindTexture(GL_TEXTURE_2D, 0);
}

// The segments (also as a buffer texture, for vertex pulling), spheres,
// polygons and textured triangles of the lists.
void Renderer::upload_lists() {
  const DrawLists& l = lists_;
  segment_widths(l, seg_width_);
  glBindBuffer(GL_ARRAY_BUFFER, cyl_inst_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(l.cylinders.size() * sizeof(CylinderInstance)), l.cylinders.data(),
               GL_STATIC_DRAW);
  glBindTexture(GL_TEXTURE_BUFFER, cyl_tex_);
  glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32UI, cyl_inst_);
  glBindTexture(GL_TEXTURE_BUFFER, 0);
  glBindBuffer(GL_ARRAY_BUFFER, sph_inst_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(l.spheres.size() * sizeof(SphereInstance)), l.spheres.data(),
               GL_STATIC_DRAW);
  n_sph_ = l.spheres.size();
  glBindBuffer(GL_ARRAY_BUFFER, poly_vbo_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(l.polygons.size() * sizeof(PolygonVertex)), l.polygons.data(),
               GL_STATIC_DRAW);
  n_poly_verts_ = l.polygons.size();
  glBindBuffer(GL_ARRAY_BUFFER, tex_vbo_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(l.textured.size() * sizeof(TexturedVertex)), l.textured.data(),
               GL_STATIC_DRAW);
}

void Renderer::draw_textured() const {
  if (lists_.textured_ranges.empty()) return;
  const GLuint prog = progs_.textured;
  glUseProgram(prog);
  glActiveTexture(GL_TEXTURE0);
  glUniform1i(glGetUniformLocation(prog, "u_texture"), 0);
  const GLint decal = glGetUniformLocation(prog, "u_decal");
  glBindVertexArray(tex_vao_);
  for (const TexturedRange& r : lists_.textured_ranges) {
    glBindTexture(GL_TEXTURE_2D, gl_textures_[std::size_t(r.texture - 1)]);
    glUniform1i(decal, (*textures_)[std::size_t(r.texture - 1)].decal ? 1 : 0);
    glDrawArrays(GL_TRIANGLES, GLint(r.first), GLsizei(r.count));
  }
  glBindTexture(GL_TEXTURE_2D, 0);
}

// ---------------------------------------------------------------- draw

// Everything on the GPU is relative to the lists' origin, and so is the
// camera of a frame (draw_view).
void Renderer::draw(const Camera& cam_world, int width, int height, const RenderOptions& opt) const {
  glViewport(0, 0, width, height);
  glClearColor(kBackground[0], kBackground[1], kBackground[2], 1);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  if (!ready_) return;
  const DrawView f = draw_view(cam_world, lists_, width, height);
  const CameraBasis& b = f.basis;

  glDisable(GL_CULL_FACE);
  if (opt.grid && n_grid_verts_ > 0) draw_grid(f);

  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  for (GLuint prog : progs_.lit()) {
    glUseProgram(prog);
    glUniformMatrix4fv(glGetUniformLocation(prog, "u_view_proj"), 1, GL_FALSE, f.view_proj.data());
    set_vec3(prog, "u_eye", b.eye);
    set_vec3(prog, "u_key", f.key);
    set_vec3(prog, "u_fill", f.fill);
  }
  draw_segments(f);

  glUseProgram(progs_.sphere);
  draw_instances(n_sph_ > 20000 ? sph_low_ : sph_full_, sph_inst_, kSpheres, 0, n_sph_);

  if (n_poly_verts_ > 0) {
    glUseProgram(progs_.polygon);
    glBindVertexArray(poly_vao_);
    glDrawArrays(GL_TRIANGLES, 0, GLsizei(n_poly_verts_));
  }
  draw_textured();
  glBindVertexArray(0);
  glUseProgram(0);
}

// Blended over the background, without depth: the plant always covers it.
void Renderer::draw_grid(const DrawView& f) const {
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_DEPTH_TEST);
  glUseProgram(progs_.grid);
  glUniformMatrix4fv(glGetUniformLocation(progs_.grid, "u_view_proj"), 1, GL_FALSE, f.view_proj.data());
  set_vec3(progs_.grid, "u_centre", Vec3::Zero());
  glUniform1f(glGetUniformLocation(progs_.grid, "u_radius"), float(grid_radius(lists_.lo, lists_.hi)));
  // At most kGridContrast levels darker than the background.
  const float dark = float(kGridContrast - 4) / 255.f;
  glUniform3f(glGetUniformLocation(progs_.grid, "u_color"), kBackground[0] - dark, kBackground[1] - dark,
              kBackground[2] - dark);
  glBindVertexArray(grid_vao_);
  glDrawArrays(GL_LINES, 0, GLsizei(n_grid_verts_));
  glDisable(GL_BLEND);
}

// The segments by level of detail (segment_levels): each level is one range.
void Renderer::draw_segments(const DrawView& f) const {
  const SegmentLevels l = segment_levels(f, seg_width_);
  const std::size_t n_seg = l.all, n_round = l.round, n_prism = l.prism, n_quad = l.quad;
  if (n_seg == 0 || 2 * n_seg > std::size_t(max_texels_)) {  // too many for a buffer texture
    glUseProgram(progs_.segment);
    draw_instances(cyl_full_, cyl_inst_, kCylinders, 0, n_prism);
    draw_instances(cyl_low_, cyl_inst_, kCylinders, n_prism, n_seg - n_prism);
    return;
  }
  const GLuint prog = progs_.pulled_segment;
  glUseProgram(prog);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_BUFFER, cyl_tex_);
  glUniform1i(glGetUniformLocation(prog, "u_inst"), 0);
  glBindVertexArray(empty_vao_);
  const GLint first = glGetUniformLocation(prog, "u_first");
  const GLint mode = glGetUniformLocation(prog, "u_mode");
  const GLint sides = glGetUniformLocation(prog, "u_sides");
  const struct { std::size_t begin, end; int mode, sides, per; GLenum prim; } passes[4] = {
      {0, n_round, 2, 16, 12 * 16, GL_TRIANGLES},
      {n_round, n_prism, 2, 8, 12 * 8, GL_TRIANGLES},
      {n_prism, n_quad, 0, 0, 6, GL_TRIANGLES},
      {n_quad, n_seg, 1, 0, 2, GL_LINES}};
  for (const auto& p : passes) {
    if (p.end <= p.begin) continue;
    glUniform1i(first, GLint(p.begin));
    glUniform1i(mode, p.mode);
    glUniform1i(sides, p.sides);
    glDrawArrays(p.prim, 0, GLsizei(std::size_t(p.per) * (p.end - p.begin)));
  }
  glBindTexture(GL_TEXTURE_BUFFER, 0);
}

// Draws instances [first, first + count) of a buffer with mesh m: OpenGL 3.3
// has no base instance, so the instance attributes are pointed at `first`.
void Renderer::draw_instances(const Mesh& m, unsigned instances, int kind, std::size_t first,
                              std::size_t count) const {
  if (count == 0) return;
  glBindVertexArray(m.vao);
  glBindBuffer(GL_ARRAY_BUFFER, instances);
  if (kind == kCylinders) {
    const std::size_t base = first * sizeof(CylinderInstance);
    attrib(2, 3, GL_FLOAT, false, sizeof(CylinderInstance), base + offsetof(CylinderInstance, p0), true);
    attrib(3, 3, GL_FLOAT, false, sizeof(CylinderInstance), base + offsetof(CylinderInstance, p1), true);
    attrib(4, 1, GL_FLOAT, false, sizeof(CylinderInstance), base + offsetof(CylinderInstance, radius), true);
    attrib(5, 4, GL_UNSIGNED_BYTE, true, sizeof(CylinderInstance), base + offsetof(CylinderInstance, rgba), true);
  } else {
    const std::size_t base = first * sizeof(SphereInstance);
    attrib(2, 3, GL_FLOAT, false, sizeof(SphereInstance), base + offsetof(SphereInstance, centre), true);
    attrib(3, 1, GL_FLOAT, false, sizeof(SphereInstance), base + offsetof(SphereInstance, radius), true);
    attrib(4, 4, GL_UNSIGNED_BYTE, true, sizeof(SphereInstance), base + offsetof(SphereInstance, rgba), true);
  }
  glDrawElementsInstanced(m.mode, m.index_count, GL_UNSIGNED_INT, nullptr, GLsizei(count));
}

}  // namespace lsd::view
