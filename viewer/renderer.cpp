// The renderer: unit meshes, the upload of a Geometry into GPU buffers, and
// the draw of one frame (grid, segments by level of detail, spheres,
// polygons). A million segments render in well under a second on llvmpipe.
#include "viewer/gl.hpp"
#include "viewer/renderer.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

#include "interpreter/scene/mesh.hpp"

namespace lsd::view {
namespace {

using std::numbers::pi;

// ---------------------------------------------------------------- GPU records

struct CylinderInstance {  // 32 bytes
  float p0[3], p1[3], radius;
  std::uint8_t rgba[4];
};
struct SphereInstance {  // 20 bytes
  float centre[3], radius;
  std::uint8_t rgba[4];
};
struct PolygonVertex {  // 28 bytes
  float pos[3], normal[3];
  std::uint8_t rgba[4];
};
struct TexturedVertex {  // 36 bytes
  float pos[3], normal[3];
  std::uint8_t rgba[4];
  float uv[2];
};
struct MeshVertex {
  float pos[3], normal[3];
};
struct MeshData {
  std::vector<MeshVertex> vertices;
  std::vector<GLuint> indices;
};
enum InstanceKind { kCylinders, kSpheres };  // the instance buffers' layouts

void colour_bytes(const interp::Geometry& g, int colour, std::uint8_t out[4]) {
  const auto c = g.rgb(colour);
  for (int k = 0; k < 3; ++k) out[k] = std::uint8_t(std::lround(std::clamp(c[k], 0.f, 1.f) * 255));
  out[3] = 255;
}

void put(float out[3], const Vec3& v) {
  out[0] = float(v.x());
  out[1] = float(v.y());
  out[2] = float(v.z());
}

void attrib(GLuint loc, int n, GLenum type, bool normalised, std::size_t stride, std::size_t offset,
            bool per_instance) {
  glEnableVertexAttribArray(loc);
  glVertexAttribPointer(loc, n, type, normalised ? GL_TRUE : GL_FALSE, GLsizei(stride),
                        reinterpret_cast<const void*>(offset));
  glVertexAttribDivisor(loc, per_instance ? 1 : 0);
}

void upload_mesh(GLuint vao, GLuint vbo, GLuint ebo, const MeshData& d) {
  const std::vector<MeshVertex>& v = d.vertices;
  const std::vector<GLuint>& idx = d.indices;
  glBindVertexArray(vao);
  glBindBuffer(GL_ARRAY_BUFFER, vbo);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(v.size() * sizeof(MeshVertex)), v.data(), GL_STATIC_DRAW);
  attrib(0, 3, GL_FLOAT, false, sizeof(MeshVertex), offsetof(MeshVertex, pos), false);
  attrib(1, 3, GL_FLOAT, false, sizeof(MeshVertex), offsetof(MeshVertex, normal), false);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(idx.size() * sizeof(GLuint)), idx.data(), GL_STATIC_DRAW);
}

// A 1-2-5 step near x.
double nice_step(double x) {
  const double p = std::pow(10.0, std::floor(std::log10(x)));
  const double m = x / p;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

void set_vec3(GLuint prog, const char* name, const Vec3& v) {
  glUniform3f(glGetUniformLocation(prog, name), float(v.x()), float(v.y()), float(v.z()));
}

// The ground grid's half-width for a plant of bounds [lo, hi].
double grid_radius(const Vec3& lo, const Vec3& hi) {
  const Vec3 size = hi - lo;
  return std::max({size.x(), size.z(), size.y() * 0.8, 1e-6}) * 0.9;
}

// ---------------------------------------------------------------- unit meshes

// Unit cylinder, radius 1 around z from z = 0 to 1: `sides` radial quads,
// and with caps two fans.
MeshData build_cylinder(int sides, bool caps) {
  MeshData d;
  std::vector<MeshVertex>& v = d.vertices;
  std::vector<GLuint>& idx = d.indices;
  for (int k = 0; k < sides; ++k) {
    const double a = 2 * pi * k / sides;
    const float c = float(std::cos(a)), s = float(std::sin(a));
    v.push_back({{c, s, 0}, {c, s, 0}});
    v.push_back({{c, s, 1}, {c, s, 0}});
  }
  for (int k = 0; k < sides; ++k) {
    const GLuint k1 = GLuint((k + 1) % sides);
    const GLuint a0 = 2 * k, a1 = a0 + 1, b0 = 2 * k1, b1 = b0 + 1;
    idx.insert(idx.end(), {a0, b0, b1, a0, b1, a1});
  }
  if (!caps) return d;
  const GLuint bottom = GLuint(v.size());
  v.push_back({{0, 0, 0}, {0, 0, -1}});
  for (int k = 0; k < sides; ++k) v.push_back({{v[2 * k].pos[0], v[2 * k].pos[1], 0}, {0, 0, -1}});
  const GLuint top = GLuint(v.size());
  v.push_back({{0, 0, 1}, {0, 0, 1}});
  for (int k = 0; k < sides; ++k) v.push_back({{v[2 * k].pos[0], v[2 * k].pos[1], 1}, {0, 0, 1}});
  for (int k = 0; k < sides; ++k) {
    const GLuint k1 = GLuint((k + 1) % sides);
    idx.insert(idx.end(), {bottom, bottom + 1 + k1, bottom + 1 + GLuint(k)});
    idx.insert(idx.end(), {top, top + 1 + GLuint(k), top + 1 + k1});
  }
  return d;
}

// Unit UV sphere: normal = position.
MeshData build_sphere(int rings, int sectors) {
  MeshData d;
  std::vector<MeshVertex>& v = d.vertices;
  std::vector<GLuint>& idx = d.indices;
  for (int i = 0; i <= rings; ++i) {
    const double th = pi * i / rings;
    for (int j = 0; j <= sectors; ++j) {
      const double ph = 2 * pi * j / sectors;
      const float x = float(std::sin(th) * std::cos(ph)), y = float(std::cos(th)),
                  z = float(-std::sin(th) * std::sin(ph));
      v.push_back({{x, y, z}, {x, y, z}});
    }
  }
  for (int i = 0; i < rings; ++i)
    for (int j = 0; j < sectors; ++j) {
      const GLuint a = i * (sectors + 1) + j, b = a + sectors + 1;
      idx.insert(idx.end(), {a, b, b + 1, a, b + 1, a + 1});
    }
  return d;
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
  textured_.clear();
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
  build_grid();
  return true;
}

// The unit cylinders and spheres that instances place, at two levels of detail.
void Renderer::build_meshes() {
  auto make = [](Mesh* m, const MeshData& d) {
    glGenVertexArrays(1, &m->vao);
    glGenBuffers(1, &m->vbo);
    glGenBuffers(1, &m->ebo);
    upload_mesh(m->vao, m->vbo, m->ebo, d);
    m->mode = GL_TRIANGLES;
    m->index_count = int(d.indices.size());
  };
  make(&cyl_full_, build_cylinder(12, true));
  make(&cyl_low_, build_cylinder(4, false));
  make(&sph_full_, build_sphere(14, 24));
  make(&sph_low_, build_sphere(5, 8));
}

// A square grid on the ground plane (y = the plant's lowest point), centred
// under the plant, with a major line every fifth.
void Renderer::build_grid() {
  const double radius = grid_radius(lo_, hi_);
  const double step = nice_step(radius / 6);
  const int n = int(std::ceil(radius / step));
  const double cx = std::round((lo_.x() + hi_.x()) / 2 / step) * step - origin_.x();
  const double cz = std::round((lo_.z() + hi_.z()) / 2 / step) * step - origin_.z();
  const double y = lo_.y() - origin_.y();
  std::vector<float> v;
  for (int i = -n; i <= n; ++i) {
    const float major = (i % 5 == 0) ? 1.f : 0.f;
    const double o = i * step, e = n * step;
    v.insert(v.end(), {float(cx + o), float(y), float(cz - e), major, float(cx + o), float(y), float(cz + e), major});
    v.insert(v.end(), {float(cx - e), float(y), float(cz + o), major, float(cx + e), float(y), float(cz + o), major});
  }
  glBindBuffer(GL_ARRAY_BUFFER, grid_vbo_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(v.size() * sizeof(float)), v.data(), GL_STATIC_DRAW);
  n_grid_verts_ = v.size() / 4;
}

// ---------------------------------------------------------------- upload

void Renderer::upload(const interp::Geometry& g) {
  if (!ready_) return;
  if (!g.bounds(&lo_, &hi_)) {
    lo_ = Vec3::Constant(-0.5);
    hi_ = Vec3::Constant(0.5);
  }
  origin_ = (lo_ + hi_) / 2;
  upload_textures(g);
  upload_segments(g);
  upload_spheres(g);
  upload_polygons(g);
  build_grid();
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

// Segments, widest first, so that each level of detail is one range.
// Textured segments and cones (a cpfg model's tapered segments) are drawn
// with the polygons instead, as meshes.
void Renderer::upload_segments(const interp::Geometry& g) {
  std::vector<CylinderInstance> cyl;
  cyl.reserve(g.segments.size() - g.textured_segments.size());
  auto textured = g.textured_segments.begin();
  std::size_t tapered = 0;
  for (std::size_t i = 0; i < g.segments.size(); ++i) {
    if (textured != g.textured_segments.end() && textured->segment == i) {
      ++textured;
      continue;
    }
    if (g.end_width(i, tapered) != g.segments[i].width) continue;
    const interp::Geometry::Segment& s = g.segments[i];
    CylinderInstance& c = cyl.emplace_back();
    put(c.p0, s.p0 - origin_);
    put(c.p1, s.p1 - origin_);
    c.radius = float(s.width / 2);
    colour_bytes(g, s.colour, c.rgba);
  }
  std::sort(cyl.begin(), cyl.end(),
            [](const CylinderInstance& a, const CylinderInstance& b) { return a.radius > b.radius; });
  seg_width_.resize(cyl.size());
  for (std::size_t i = 0; i < cyl.size(); ++i) seg_width_[i] = 2 * cyl[i].radius;
  glBindBuffer(GL_ARRAY_BUFFER, cyl_inst_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(cyl.size() * sizeof(CylinderInstance)), cyl.data(), GL_STATIC_DRAW);
  glBindTexture(GL_TEXTURE_BUFFER, cyl_tex_);
  glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32UI, cyl_inst_);
  glBindTexture(GL_TEXTURE_BUFFER, 0);
}

void Renderer::upload_spheres(const interp::Geometry& g) {
  std::vector<SphereInstance> sph(g.spheres.size());
  for (std::size_t i = 0; i < sph.size(); ++i) {
    put(sph[i].centre, g.spheres[i].centre - origin_);
    sph[i].radius = float(g.spheres[i].diameter / 2);
    colour_bytes(g, g.spheres[i].colour, sph[i].rgba);
  }
  glBindBuffer(GL_ARRAY_BUFFER, sph_inst_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(sph.size() * sizeof(SphereInstance)), sph.data(), GL_STATIC_DRAW);
  n_sph_ = sph.size();
}

// Polygons: fans with the Newell normal, or the vertices' own normals
// (smooth generalized cylinders), as in the OBJ export.
void Renderer::upload_polygons(const interp::Geometry& g) {
  std::vector<PolygonVertex> pv;
  // textured triangles by texture id: the meshes of textured polygons and segments
  std::vector<std::vector<TexturedVertex>> tv(gl_textures_.size() + 1);
  interp::Mesh m;
  auto add_textured = [&](int texture, int colour) {
    TexturedVertex corner;
    colour_bytes(g, colour, corner.rgba);
    std::vector<TexturedVertex>& out = tv[std::size_t(texture)];
    std::uint32_t begin = 0;
    for (const std::uint32_t end : m.face_ends) {
      for (std::uint32_t k = begin + 1; k + 1 < end; ++k)
        for (const std::uint32_t j : {begin, k, k + 1}) {
          const interp::Mesh::Corner& c = m.corners[j];
          put(corner.pos, m.positions[c.position] - origin_);
          put(corner.normal, m.normals[c.normal]);
          const interp::Vec2f uv = c.texel == interp::Mesh::kNoTexel ? interp::Vec2f(0, 0) : m.texels[c.texel];
          corner.uv[0] = uv.x();
          corner.uv[1] = uv.y();
          out.push_back(corner);
        }
      begin = end;
    }
    m.clear();
  };
  auto drawable = [&](int texture) {
    return texture >= 1 && std::size_t(texture) <= gl_textures_.size() && gl_textures_[std::size_t(texture - 1)];
  };
  std::size_t tapered = 0;
  for (const interp::Geometry::TexturedSegment& t : g.textured_segments) {
    if (!drawable(t.texture)) continue;
    interp::add_segment(m, g.segments[t.segment], {16, 8, 12}, &t, g.end_width(t.segment, tapered));
    add_textured(t.texture, g.segments[t.segment].colour);
  }
  // cones that carry no texture: lit triangles of their meshes
  auto textured = g.textured_segments.begin();
  for (const interp::Geometry::TaperedSegment& t : g.tapered) {
    while (textured != g.textured_segments.end() && textured->segment < t.segment) ++textured;
    if (textured != g.textured_segments.end() && textured->segment == t.segment) continue;
    const interp::Geometry::Segment& s = g.segments[t.segment];
    interp::add_segment(m, s, {16, 8, 12}, nullptr, t.width_end);
    PolygonVertex corner;
    colour_bytes(g, s.colour, corner.rgba);
    std::uint32_t begin = 0;
    for (const std::uint32_t end : m.face_ends) {
      for (std::uint32_t k = begin + 1; k + 1 < end; ++k)
        for (const std::uint32_t j : {begin, k, k + 1}) {
          put(corner.pos, m.positions[m.corners[j].position] - origin_);
          put(corner.normal, m.normals[m.corners[j].normal]);
          pv.push_back(corner);
        }
      begin = end;
    }
    m.clear();
  }
  for (const interp::Geometry::Polygon& p : g.polygons) {
    if (drawable(g.texture_of(p))) {
      interp::add_polygon(m, g, p);
      add_textured(p.texture, p.colour);
      continue;
    }
    const Vec3* vs = g.polygon_vertices.data() + p.first;
    PolygonVertex corner;
    colour_bytes(g, p.colour, corner.rgba);
    for (std::uint32_t k = 1; k + 1 < p.count; ++k)
      for (std::uint32_t j : {0u, k, k + 1}) {
        put(corner.pos, vs[j] - origin_);
        put(corner.normal, g.vertex_normal(p, p.first + j));
        pv.push_back(corner);
      }
  }
  glBindBuffer(GL_ARRAY_BUFFER, poly_vbo_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(pv.size() * sizeof(PolygonVertex)), pv.data(), GL_STATIC_DRAW);
  n_poly_verts_ = pv.size();
  textured_.clear();
  std::vector<TexturedVertex> all;
  for (std::size_t t = 1; t < tv.size(); ++t)
    if (!tv[t].empty()) {
      textured_.push_back({int(t), all.size(), tv[t].size()});
      all.insert(all.end(), tv[t].begin(), tv[t].end());
    }
  glBindBuffer(GL_ARRAY_BUFFER, tex_vbo_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(all.size() * sizeof(TexturedVertex)), all.data(), GL_STATIC_DRAW);
}

void Renderer::draw_textured() const {
  if (textured_.empty()) return;
  const GLuint prog = progs_.textured;
  glUseProgram(prog);
  glActiveTexture(GL_TEXTURE0);
  glUniform1i(glGetUniformLocation(prog, "u_texture"), 0);
  const GLint decal = glGetUniformLocation(prog, "u_decal");
  glBindVertexArray(tex_vao_);
  for (const TexturedRange& r : textured_) {
    glBindTexture(GL_TEXTURE_2D, gl_textures_[std::size_t(r.texture - 1)]);
    glUniform1i(decal, (*textures_)[std::size_t(r.texture - 1)].decal ? 1 : 0);
    glDrawArrays(GL_TRIANGLES, GLint(r.first), GLsizei(r.count));
  }
  glBindTexture(GL_TEXTURE_2D, 0);
}

// ---------------------------------------------------------------- draw

// Everything on the GPU is relative to origin_, the centre of the bounds, and
// so is the camera of a frame.
struct Renderer::Frame {
  Camera cam;
  CameraBasis basis;
  double radius = 0, dist = 0, near = 0;  // of the plant's bounding ball; eye to origin; clip plane
  int height = 0;                         // pixels
  Eigen::Matrix4f view_proj;
};

void Renderer::draw(const Camera& cam_world, int width, int height, const RenderOptions& opt) const {
  glViewport(0, 0, width, height);
  glClearColor(kBackground[0], kBackground[1], kBackground[2], 1);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  if (!ready_) return;

  Frame f;
  f.cam = cam_world;
  f.cam.target -= origin_;
  f.basis = f.cam.basis();
  f.radius = std::max((hi_ - lo_).norm() / 2, 1e-9);
  f.dist = f.basis.eye.norm();
  f.near = std::max(f.dist - 3 * f.radius, std::max(f.dist, f.radius) * 1e-3);
  const double far = f.dist + 3 * f.radius;
  f.height = height;
  f.view_proj = f.cam.projection(double(width) / std::max(height, 1), f.near, far) * f.cam.view();

  // Lights ride with the camera: key from the upper right front, fill from the left.
  const CameraBasis& b = f.basis;
  const Vec3 key = (b.right * 0.5 + b.up * 0.75 - b.forward * 0.45).normalized();
  const Vec3 fill = (-b.right * 0.7 + b.up * 0.1 - b.forward * 0.3).normalized();

  glDisable(GL_CULL_FACE);
  if (opt.grid && n_grid_verts_ > 0) draw_grid(f);

  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  for (GLuint prog : progs_.lit()) {
    glUseProgram(prog);
    glUniformMatrix4fv(glGetUniformLocation(prog, "u_view_proj"), 1, GL_FALSE, f.view_proj.data());
    set_vec3(prog, "u_eye", b.eye);
    set_vec3(prog, "u_key", key);
    set_vec3(prog, "u_fill", fill);
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
void Renderer::draw_grid(const Frame& f) const {
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_DEPTH_TEST);
  glUseProgram(progs_.grid);
  glUniformMatrix4fv(glGetUniformLocation(progs_.grid, "u_view_proj"), 1, GL_FALSE, f.view_proj.data());
  set_vec3(progs_.grid, "u_centre", Vec3::Zero());
  glUniform1f(glGetUniformLocation(progs_.grid, "u_radius"), float(grid_radius(lo_, hi_)));
  // At most kGridContrast levels darker than the background.
  const float dark = float(kGridContrast - 4) / 255.f;
  glUniform3f(glGetUniformLocation(progs_.grid, "u_color"), kBackground[0] - dark, kBackground[1] - dark,
              kBackground[2] - dark);
  glBindVertexArray(grid_vao_);
  glDrawArrays(GL_LINES, 0, GLsizei(n_grid_verts_));
  glDisable(GL_BLEND);
}

// Level of detail by the width in pixels at a depth between the plant's
// centre and its nearest point: capped prisms of 16 sides down to kRoundPx,
// of 8 down to kPrismPx, impostor quads down to kLinePx, lines below.
// Widest first in seg_width_, so each level is one range.
void Renderer::draw_segments(const Frame& f) const {
  constexpr double kRoundPx = 24, kPrismPx = 8, kLinePx = 1.5;
  const double depth = std::max(f.dist - f.radius / 2, f.near);
  const double px_per_unit = f.height / (2 * std::tan(f.cam.fov_y / 2) * depth);
  auto count_wider = [&](double px) {
    const float w = float(px / px_per_unit);
    return std::size_t(std::partition_point(seg_width_.begin(), seg_width_.end(), [&](float x) { return x >= w; }) -
                       seg_width_.begin());
  };
  const std::size_t n_seg = seg_width_.size();
  const std::size_t n_round = count_wider(kRoundPx), n_prism = std::max(n_round, count_wider(kPrismPx));
  const std::size_t n_quad = std::max(n_prism, count_wider(kLinePx));
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
