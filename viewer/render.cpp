// OpenGL 3.3 core renderer and its offscreen path, which writes PNGs without
// a display of its own (Xvfb + Mesa llvmpipe are enough).
//
// Segments come in levels of detail by their width on screen: capped prisms,
// impostor quads and lines, all pulled from one buffer texture by
// gl_VertexID (no per-instance cost, which llvmpipe charges heavily); spheres
// are an instanced unit mesh; polygons plain triangles. A million segments
// render in well under a second on llvmpipe.
#include "viewer/render.hpp"

#define GL_GLEXT_PROTOTYPES 1
#define GLFW_INCLUDE_GLCOREARB 1
#include <GLFW/glfw3.h>
#include <stb_image_write.h>  // implementation: Debian's libstb (pkg-config stb)

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace lsd::view {
namespace {

constexpr double kPi = 3.14159265358979323846;

// ---------------------------------------------------------------- shaders

// Every lit primitive shares this shading: a key light and a fill light
// fixed to the camera, a sky/ground hemisphere ambient and a touch of
// specular. Colours are sRGB; lighting is done in linear space (gamma 2).
#define LSD_SHADE_FUNCTION                                                                          \
  "uniform vec3 u_eye;\n"                                                                            \
  "uniform vec3 u_key;\n"                                                                            \
  "uniform vec3 u_fill;\n"                                                                           \
  "vec4 shade(vec3 n, vec3 color, vec3 world) {\n"                                                   \
  "  vec3 base = color * color;\n" /* gamma 2: cheap on llvmpipe, close to sRGB */                  \
  "  vec3 v = normalize(u_eye - world);\n"                                                          \
  "  float key = max(dot(n, u_key), 0.0);\n"                                                         \
  "  float fill = max(dot(n, u_fill), 0.0);\n"                                                       \
  "  float hemi = 0.5 + 0.5 * n.y;\n"                                                                \
  "  vec3 ambient = mix(vec3(0.10, 0.09, 0.08), vec3(0.26, 0.29, 0.34), hemi);\n"                    \
  "  float s = max(dot(n, normalize(u_key + v)), 0.0);\n"                                            \
  "  s *= s; s *= s; s *= s; s *= s; s *= s;\n" /* s^32 */                                           \
  "  float rim = 1.0 - max(dot(n, v), 0.0);\n"                                                      \
  "  rim = rim * rim * rim * 0.12;\n"                                                                \
  "  vec3 c = base * (ambient + key * vec3(1.00, 0.96, 0.90) * 0.95 + fill * vec3(0.30, 0.34, 0.42))\n" \
  "         + vec3(0.10 * s) + rim * vec3(0.6, 0.65, 0.7);\n"                                        \
  "  return vec4(sqrt(c), 1.0);\n"                                                                   \
  "}\n"

const char* kLitFragment = "#version 330 core\n" LSD_SHADE_FUNCTION R"(
in vec3 v_normal;
in vec3 v_color;
in vec3 v_world;
out vec4 frag;
void main() {
  vec3 n = normalize(v_normal);
  if (!gl_FrontFacing) n = -n;
  frag = shade(n, v_color, v_world);
}
)";

// The impostor's normal turns from one side through the eye to the other
// across the quad, as a cylinder's does; a line (v_u = 0) faces the eye.
const char* kPulledSegmentFragment = "#version 330 core\n" LSD_SHADE_FUNCTION R"(
in vec3 v_color;
in vec3 v_world;
in vec3 v_side;
in vec3 v_view;
in float v_u;
out vec4 frag;
void main() {
  float u = clamp(v_u, -1.0, 1.0);
  vec3 n = normalize(v_side * u + v_view * sqrt(1.0 - u * u));
  frag = shade(n, v_color, v_world);
}
)";

// The unit cylinder has radius 1 around z, from z = 0 to 1; each instance
// places it from p0 to p1 with its radius.
const char* kCylinderVertex = R"(#version 330 core
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec3 i_p0;
layout(location = 3) in vec3 i_p1;
layout(location = 4) in float i_radius;
layout(location = 5) in vec4 i_color;
uniform mat4 u_view_proj;
out vec3 v_normal;
out vec3 v_color;
out vec3 v_world;
void main() {
  vec3 d = i_p1 - i_p0;
  float len = length(d);
  vec3 z = len > 1e-30 ? d / len : vec3(0.0, 1.0, 0.0);
  vec3 helper = abs(z.y) < 0.9 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
  vec3 x = normalize(cross(helper, z));
  vec3 y = cross(z, x);
  vec3 w = i_p0 + (x * a_pos.x + y * a_pos.y) * i_radius + z * (a_pos.z * len);
  v_normal = x * a_normal.x + y * a_normal.y + z * a_normal.z;
  v_color = i_color.rgb;
  v_world = w;
  gl_Position = u_view_proj * vec4(w, 1.0);
}
)";

// Segments are drawn without instancing (llvmpipe pays about a microsecond
// per instance): each vertex pulls its segment from a buffer texture, two
// RGBA32UI texels per segment (the CylinderInstance layout), and builds its
// corner from gl_VertexID. u_mode 0: a camera-facing quad of 6 vertices whose
// fragment normal is that of a cylinder (an impostor); 1: a line of 2
// vertices; 2: a capped prism of u_sides sides, 12·u_sides vertices.
const char* kPulledSegmentVertex = R"(#version 330 core
uniform int u_sides;
uniform usamplerBuffer u_inst;
uniform int u_first;
uniform int u_mode;
uniform mat4 u_view_proj;
uniform vec3 u_eye;
out vec3 v_color;
out vec3 v_world;
out vec3 v_side;
out vec3 v_view;
out float v_u;
const vec2 kQuad[6] = vec2[6](vec2(0, -1), vec2(1, -1), vec2(1, 1), vec2(0, -1), vec2(1, 1), vec2(0, 1));
const float kTau = 6.28318530718;
void main() {
  int kSides = u_sides;
  int per = u_mode == 0 ? 6 : u_mode == 1 ? 2 : 12 * kSides;
  int inst = u_first + gl_VertexID / per;
  int corner = gl_VertexID - (gl_VertexID / per) * per;
  uvec4 a = texelFetch(u_inst, 2 * inst);
  uvec4 b = texelFetch(u_inst, 2 * inst + 1);
  vec3 p0 = uintBitsToFloat(a.xyz);
  vec3 p1 = vec3(uintBitsToFloat(a.w), uintBitsToFloat(b.x), uintBitsToFloat(b.y));
  float r = uintBitsToFloat(b.z);
  v_color = vec3(float(b.w & 255u), float((b.w >> 8) & 255u), float((b.w >> 16) & 255u)) / 255.0;
  vec3 d = p1 - p0;
  float dd = dot(d, d);
  vec3 w;
  if (u_mode == 2) {
    // The prism: side quads first, then the bottom and the top fans.
    float len = sqrt(dd);
    vec3 z = len > 1e-30 ? d / len : vec3(0.0, 1.0, 0.0);
    vec3 x = normalize(cross(abs(z.y) < 0.9 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0), z));
    vec3 y = cross(z, x);
    int k;
    float h;
    vec3 n;
    bool centre = false;
    if (corner < 6 * kSides) {
      int j = corner - (corner / 6) * 6;
      k = corner / 6 + ((j == 1 || j == 2 || j == 4) ? 1 : 0);
      h = (j == 2 || j == 4 || j == 5) ? 1.0 : 0.0;
      float ang = kTau * float(k) / float(kSides);
      n = x * cos(ang) + y * sin(ang);
    } else {
      int c = corner - 6 * kSides;
      int top = c / (3 * kSides);
      int t = (c - top * 3 * kSides) / 3;
      int j = c - (c / 3) * 3;
      centre = j == 0;
      k = t + ((top == 0) == (j == 1) ? 1 : 0);
      h = float(top);
      n = top == 1 ? z : -z;
    }
    float ang = kTau * float(k) / float(kSides);
    vec3 radial = x * cos(ang) + y * sin(ang);
    w = p0 + d * h + (centre ? vec3(0.0) : radial * r);
    v_side = n;
    v_view = n;
    v_u = 0.0;
  } else {
    vec2 q = u_mode == 0 ? kQuad[corner] : vec2(float(corner), 0.0);
    vec3 mid = mix(p0, p1, q.x);
    vec3 e = u_eye - mid;
    vec3 view = dd > 1e-30 ? e - d * (dot(d, e) / dd) : e;
    view = dot(view, view) > 1e-30 ? normalize(view) : vec3(0.0, 0.0, 1.0);
    vec3 side = cross(d, view);
    side = dot(side, side) > 1e-30 ? normalize(side) : vec3(1.0, 0.0, 0.0);
    w = mid + side * (q.y * r);
    v_side = side;
    v_view = view;
    v_u = q.y;
  }
  v_world = w;
  gl_Position = u_view_proj * vec4(w, 1.0);
}
)";

const char* kSphereVertex = R"(#version 330 core
layout(location = 0) in vec3 a_pos;
layout(location = 2) in vec3 i_centre;
layout(location = 3) in float i_radius;
layout(location = 4) in vec4 i_color;
uniform mat4 u_view_proj;
out vec3 v_normal;
out vec3 v_color;
out vec3 v_world;
void main() {
  vec3 w = i_centre + a_pos * i_radius;
  v_normal = a_pos;
  v_color = i_color.rgb;
  v_world = w;
  gl_Position = u_view_proj * vec4(w, 1.0);
}
)";

const char* kPolygonVertex = R"(#version 330 core
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec4 a_color;
uniform mat4 u_view_proj;
out vec3 v_normal;
out vec3 v_color;
out vec3 v_world;
void main() {
  v_normal = a_normal;
  v_color = a_color.rgb;
  v_world = a_pos;
  gl_Position = u_view_proj * vec4(a_pos, 1.0);
}
)";

// Grid lines fade out toward the rim of the grid.
const char* kGridVertex = R"(#version 330 core
layout(location = 0) in vec4 a_pos_major;
uniform mat4 u_view_proj;
out vec2 v_xz;
out float v_major;
void main() {
  v_xz = a_pos_major.xz;
  v_major = a_pos_major.w;
  gl_Position = u_view_proj * vec4(a_pos_major.xyz, 1.0);
}
)";

// The fade is computed per fragment: along a line it is not linear.
const char* kGridFragment = R"(#version 330 core
in vec2 v_xz;
in float v_major;
uniform vec3 u_centre;
uniform float u_radius;
uniform vec3 u_color;
out vec4 frag;
void main() {
  float fade = length(v_xz - u_centre.xz) / u_radius;
  float a = (1.0 - smoothstep(0.45, 1.0, fade)) * mix(0.55, 1.0, v_major);
  frag = vec4(u_color, a);
}
)";

bool compile(GLenum type, const char* src, GLuint* out, std::string* error) {
  GLuint sh = glCreateShader(type);
  glShaderSource(sh, 1, &src, nullptr);
  glCompileShader(sh);
  GLint ok = 0;
  glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetShaderInfoLog(sh, sizeof log, nullptr, log);
    if (error) *error = std::string("shader compilation failed: ") + log;
    glDeleteShader(sh);
    return false;
  }
  *out = sh;
  return true;
}

GLuint link(const char* vs_src, const char* fs_src, std::string* error) {
  GLuint vs = 0, fs = 0;
  if (!compile(GL_VERTEX_SHADER, vs_src, &vs, error)) return 0;
  if (!compile(GL_FRAGMENT_SHADER, fs_src, &fs, error)) {
    glDeleteShader(vs);
    return 0;
  }
  GLuint prog = glCreateProgram();
  glAttachShader(prog, vs);
  glAttachShader(prog, fs);
  glLinkProgram(prog);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(prog, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetProgramInfoLog(prog, sizeof log, nullptr, log);
    if (error) *error = std::string("shader link failed: ") + log;
    glDeleteProgram(prog);
    return 0;
  }
  return prog;
}

// ---------------------------------------------------------------- data

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
struct MeshVertex {
  float pos[3], normal[3];
};

void colour_bytes(int colour, std::uint8_t out[4]) {
  const auto c = interp::palette_rgb(colour);
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

void upload_mesh(GLuint vao, GLuint vbo, GLuint ebo, const std::vector<MeshVertex>& v,
                 const std::vector<GLuint>& idx) {
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

}  // namespace

// ---------------------------------------------------------------- camera

Vec3 Camera::eye() const {
  const double p = std::clamp(pitch, -1.55, 1.55);
  return target + distance * Vec3(std::cos(p) * std::sin(yaw), std::sin(p), std::cos(p) * std::cos(yaw));
}

Eigen::Matrix4f Camera::view() const {
  const Vec3 e = eye();
  const Vec3 f = (target - e).normalized();
  const Vec3 r = f.cross(Vec3(0, 1, 0)).normalized();
  const Vec3 u = r.cross(f);
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.block<1, 3>(0, 0) = r.transpose();
  m.block<1, 3>(1, 0) = u.transpose();
  m.block<1, 3>(2, 0) = -f.transpose();
  m(0, 3) = -r.dot(e);
  m(1, 3) = -u.dot(e);
  m(2, 3) = f.dot(e);
  return m.cast<float>();
}

Eigen::Matrix4f Camera::projection(double aspect, double near, double far) const {
  const double t = 1.0 / std::tan(fov_y / 2);
  Eigen::Matrix4d m = Eigen::Matrix4d::Zero();
  m(0, 0) = t / aspect;
  m(1, 1) = t;
  m(2, 2) = (far + near) / (near - far);
  m(2, 3) = 2 * far * near / (near - far);
  m(3, 2) = -1;
  return m.cast<float>();
}

namespace {

// Fits target and distance so that every ball (centre, radius) given by
// for_each(callback) lies inside the view, the tighter direction filling
// `fill`. The projected cloud is off-centre under perspective: the target is
// moved to centre it, and the distance fitted again.
template <class ForEach>
void frame_balls(Camera* cam, ForEach&& for_each, const Vec3& centre, double size, double aspect, double fill) {
  Camera probe = *cam;
  probe.target = Vec3::Zero();
  probe.distance = 1;
  const Vec3 back = probe.eye().normalized();  // from the target toward the eye
  const Vec3 r = (-back).cross(Vec3(0, 1, 0)).normalized();
  const Vec3 u = r.cross(-back);
  const double ty = std::tan(cam->fov_y / 2) * fill, tx = ty * aspect;

  auto fit_distance = [&](const Vec3& target) {
    double d = std::max(size, 1e-9) * 1e-3;
    for_each([&](const Vec3& c, double rad) {
      const Vec3 q = c - target;
      const double z = q.dot(back) + rad;
      d = std::max({d, z + (std::abs(q.dot(r)) + rad) / tx, z + (std::abs(q.dot(u)) + rad) / ty});
    });
    return d;
  };
  Vec3 target = centre;
  double d = fit_distance(target);
  for (int iter = 0; iter < 2; ++iter) {
    double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
    for_each([&](const Vec3& c, double rad) {
      const Vec3 q = c - target;
      const double depth = std::max(d - q.dot(back), 1e-12);
      x0 = std::min(x0, (q.dot(r) - rad) / depth);
      x1 = std::max(x1, (q.dot(r) + rad) / depth);
      y0 = std::min(y0, (q.dot(u) - rad) / depth);
      y1 = std::max(y1, (q.dot(u) + rad) / depth);
    });
    target += r * ((x0 + x1) / 2 * d) + u * ((y0 + y1) / 2 * d);
    d = fit_distance(target);
  }
  cam->target = target;
  cam->distance = d;
}

}  // namespace

void frame_box(Camera* cam, const Vec3& lo, const Vec3& hi, double aspect, double fill) {
  frame_balls(
      cam,
      [&](auto&& f) {
        for (int k = 0; k < 8; ++k)
          f(Vec3(k & 1 ? hi.x() : lo.x(), k & 2 ? hi.y() : lo.y(), k & 4 ? hi.z() : lo.z()), 0.0);
      },
      (lo + hi) / 2, (hi - lo).norm(), aspect, fill);
}

Camera frame_geometry(const interp::Geometry& g, double aspect) {
  Camera cam;
  Vec3 lo, hi;
  if (!g.bounds(&lo, &hi)) {
    frame_box(&cam, Vec3::Constant(-0.5), Vec3::Constant(0.5), aspect);
    return cam;
  }
  // The drawn primitives themselves, not their bounding box, which would
  // leave a round crown small in the picture.
  frame_balls(
      &cam,
      [&](auto&& f) {
        // A segment's start is mostly an earlier segment's end: skip those.
        const Vec3* prev_end = nullptr;
        for (const interp::Geometry::Segment& s : g.segments) {
          if (!prev_end || s.p0 != *prev_end) f(s.p0, s.width / 2);
          f(s.p1, s.width / 2);
          prev_end = &s.p1;
        }
        for (const interp::Geometry::Sphere& s : g.spheres) f(s.centre, s.diameter / 2);
        for (const Vec3& v : g.polygon_vertices) f(v, 0.0);
      },
      (lo + hi) / 2, (hi - lo).norm(), aspect, 0.9);
  return cam;
}

// ---------------------------------------------------------------- renderer

namespace {

enum InstanceKind { kCylinders, kSpheres };

// Unit cylinder, radius 1 around z from z = 0 to 1: `sides` radial quads,
// and with caps two fans.
void build_cylinder(int sides, bool caps, std::vector<MeshVertex>* v, std::vector<GLuint>* idx) {
  for (int k = 0; k < sides; ++k) {
    const double a = 2 * kPi * k / sides;
    const float c = float(std::cos(a)), s = float(std::sin(a));
    v->push_back({{c, s, 0}, {c, s, 0}});
    v->push_back({{c, s, 1}, {c, s, 0}});
  }
  for (int k = 0; k < sides; ++k) {
    const GLuint k1 = GLuint((k + 1) % sides);
    const GLuint a0 = 2 * k, a1 = a0 + 1, b0 = 2 * k1, b1 = b0 + 1;
    idx->insert(idx->end(), {a0, b0, b1, a0, b1, a1});
  }
  if (!caps) return;
  const GLuint bottom = GLuint(v->size());
  v->push_back({{0, 0, 0}, {0, 0, -1}});
  for (int k = 0; k < sides; ++k) v->push_back({{(*v)[2 * k].pos[0], (*v)[2 * k].pos[1], 0}, {0, 0, -1}});
  const GLuint top = GLuint(v->size());
  v->push_back({{0, 0, 1}, {0, 0, 1}});
  for (int k = 0; k < sides; ++k) v->push_back({{(*v)[2 * k].pos[0], (*v)[2 * k].pos[1], 1}, {0, 0, 1}});
  for (int k = 0; k < sides; ++k) {
    const GLuint k1 = GLuint((k + 1) % sides);
    idx->insert(idx->end(), {bottom, bottom + 1 + k1, bottom + 1 + GLuint(k)});
    idx->insert(idx->end(), {top, top + 1 + GLuint(k), top + 1 + k1});
  }
}

// Unit UV sphere: normal = position.
void build_sphere(int rings, int sectors, std::vector<MeshVertex>* v, std::vector<GLuint>* idx) {
  for (int i = 0; i <= rings; ++i) {
    const double th = kPi * i / rings;
    for (int j = 0; j <= sectors; ++j) {
      const double ph = 2 * kPi * j / sectors;
      const float x = float(std::sin(th) * std::cos(ph)), y = float(std::cos(th)),
                  z = float(-std::sin(th) * std::sin(ph));
      v->push_back({{x, y, z}, {x, y, z}});
    }
  }
  for (int i = 0; i < rings; ++i)
    for (int j = 0; j < sectors; ++j) {
      const GLuint a = i * (sectors + 1) + j, b = a + sectors + 1;
      idx->insert(idx->end(), {a, b, b + 1, a, b + 1, a + 1});
    }
}

}  // namespace

Renderer::~Renderer() { release(); }

void Renderer::release() {
  if (!ready_) return;
  for (GLuint p : {seg_prog_, seg_pulled_prog_, sph_prog_, poly_prog_, grid_prog_}) glDeleteProgram(p);
  glDeleteTextures(1, &cyl_tex_);
  glDeleteVertexArrays(1, &empty_vao_);
  for (Mesh* m : {&cyl_full_, &cyl_low_, &sph_full_, &sph_low_}) {
    glDeleteVertexArrays(1, &m->vao);
    GLuint bufs[2] = {m->vbo, m->ebo};
    glDeleteBuffers(2, bufs);
    *m = Mesh{};
  }
  GLuint vaos[2] = {poly_vao_, grid_vao_}, bufs[4] = {poly_vbo_, grid_vbo_, cyl_inst_, sph_inst_};
  glDeleteVertexArrays(2, vaos);
  glDeleteBuffers(4, bufs);
  seg_width_.clear();
  n_sph_ = n_poly_verts_ = n_grid_verts_ = 0;
  ready_ = false;
}

bool Renderer::init(std::string* error) {
  release();
  GLuint* progs[5] = {&seg_prog_, &seg_pulled_prog_, &sph_prog_, &poly_prog_, &grid_prog_};
  const char* sources[5][2] = {{kCylinderVertex, kLitFragment},
                               {kPulledSegmentVertex, kPulledSegmentFragment},
                               {kSphereVertex, kLitFragment},
                               {kPolygonVertex, kLitFragment},
                               {kGridVertex, kGridFragment}};
  for (int k = 0; k < 5; ++k) {
    *progs[k] = link(sources[k][0], sources[k][1], error);
    if (!*progs[k]) {
      for (int j = 0; j < k; ++j) glDeleteProgram(*progs[j]);
      return false;
    }
  }
  ready_ = true;
  glGenBuffers(1, &cyl_inst_);
  glGenBuffers(1, &sph_inst_);
  glGenTextures(1, &cyl_tex_);
  glGenVertexArrays(1, &empty_vao_);
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &max_texels_);

  auto make = [](Mesh* m, GLenum mode, const std::vector<MeshVertex>& v, const std::vector<GLuint>& idx) {
    glGenVertexArrays(1, &m->vao);
    glGenBuffers(1, &m->vbo);
    glGenBuffers(1, &m->ebo);
    upload_mesh(m->vao, m->vbo, m->ebo, v, idx);
    m->mode = mode;
    m->index_count = int(idx.size());
  };
  std::vector<MeshVertex> v;
  std::vector<GLuint> idx;
  build_cylinder(12, true, &v, &idx);
  make(&cyl_full_, GL_TRIANGLES, v, idx);
  v.clear(), idx.clear();
  build_cylinder(4, false, &v, &idx);
  make(&cyl_low_, GL_TRIANGLES, v, idx);
  v.clear(), idx.clear();
  build_sphere(14, 24, &v, &idx);
  make(&sph_full_, GL_TRIANGLES, v, idx);
  v.clear(), idx.clear();
  build_sphere(5, 8, &v, &idx);
  make(&sph_low_, GL_TRIANGLES, v, idx);

  glGenVertexArrays(1, &poly_vao_);
  glGenBuffers(1, &poly_vbo_);
  glBindVertexArray(poly_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, poly_vbo_);
  attrib(0, 3, GL_FLOAT, false, sizeof(PolygonVertex), offsetof(PolygonVertex, pos), false);
  attrib(1, 3, GL_FLOAT, false, sizeof(PolygonVertex), offsetof(PolygonVertex, normal), false);
  attrib(2, 4, GL_UNSIGNED_BYTE, true, sizeof(PolygonVertex), offsetof(PolygonVertex, rgba), false);

  glGenVertexArrays(1, &grid_vao_);
  glGenBuffers(1, &grid_vbo_);
  glBindVertexArray(grid_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, grid_vbo_);
  attrib(0, 4, GL_FLOAT, false, 4 * sizeof(float), 0, false);
  glBindVertexArray(0);
  build_grid();
  return true;
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

// A square grid on the ground plane (y = the plant's lowest point), centred
// under the plant, with a major line every fifth.
void Renderer::build_grid() {
  const Vec3 size = hi_ - lo_;
  const double radius = std::max({size.x(), size.z(), size.y() * 0.8, 1e-6}) * 0.9;
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

void Renderer::upload(const interp::Geometry& g) {
  if (!ready_) return;
  if (!g.bounds(&lo_, &hi_)) {
    lo_ = Vec3::Constant(-0.5);
    hi_ = Vec3::Constant(0.5);
  }
  origin_ = (lo_ + hi_) / 2;

  // Segments, widest first, so that each level of detail is one range.
  std::vector<CylinderInstance> cyl(g.segments.size());
  for (std::size_t i = 0; i < cyl.size(); ++i) {
    const interp::Geometry::Segment& s = g.segments[i];
    put(cyl[i].p0, s.p0 - origin_);
    put(cyl[i].p1, s.p1 - origin_);
    cyl[i].radius = float(s.width / 2);
    colour_bytes(s.colour, cyl[i].rgba);
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

  std::vector<SphereInstance> sph(g.spheres.size());
  for (std::size_t i = 0; i < sph.size(); ++i) {
    put(sph[i].centre, g.spheres[i].centre - origin_);
    sph[i].radius = float(g.spheres[i].diameter / 2);
    colour_bytes(g.spheres[i].colour, sph[i].rgba);
  }
  glBindBuffer(GL_ARRAY_BUFFER, sph_inst_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(sph.size() * sizeof(SphereInstance)), sph.data(), GL_STATIC_DRAW);
  n_sph_ = sph.size();

  // Polygons: fans with the Newell normal, as in the OBJ export.
  std::vector<PolygonVertex> pv;
  for (const interp::Geometry::Polygon& p : g.polygons) {
    const Vec3* vs = g.polygon_vertices.data() + p.first;
    Vec3 normal = Vec3::Zero();
    for (std::uint32_t k = 0; k < p.count; ++k) normal += vs[k].cross(vs[(k + 1) % p.count]);
    normal = normal.norm() > 0 ? normal.normalized() : Vec3(0, 0, 1);
    PolygonVertex corner;
    put(corner.normal, normal);
    colour_bytes(p.colour, corner.rgba);
    for (std::uint32_t k = 1; k + 1 < p.count; ++k)
      for (std::uint32_t j : {0u, k, k + 1}) {
        put(corner.pos, vs[j] - origin_);
        pv.push_back(corner);
      }
  }
  glBindBuffer(GL_ARRAY_BUFFER, poly_vbo_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(pv.size() * sizeof(PolygonVertex)), pv.data(), GL_STATIC_DRAW);
  n_poly_verts_ = pv.size();

  build_grid();
}

void Renderer::draw(const Camera& cam_world, int width, int height, const RenderOptions& opt) const {
  glViewport(0, 0, width, height);
  glClearColor(kBackground[0], kBackground[1], kBackground[2], 1);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  if (!ready_) return;

  // Everything on the GPU is relative to origin_, the centre of the bounds.
  Camera cam = cam_world;
  cam.target -= origin_;
  const Vec3 eye = cam.eye();
  const double radius = std::max((hi_ - lo_).norm() / 2, 1e-9);
  const double dist = eye.norm();
  const double near = std::max(dist - 3 * radius, std::max(dist, radius) * 1e-3);
  const double far = dist + 3 * radius;
  const Eigen::Matrix4f vp = cam.projection(double(width) / std::max(height, 1), near, far) * cam.view();

  // Lights ride with the camera: key from the upper right front, fill from the left.
  const Vec3 back = (eye - cam.target).normalized();
  const Vec3 right = (-back).cross(Vec3(0, 1, 0)).normalized();
  const Vec3 up = right.cross(-back);
  const Vec3 key = (right * 0.5 + up * 0.75 + back * 0.45).normalized();
  const Vec3 fill = (-right * 0.7 + up * 0.1 + back * 0.3).normalized();

  glDisable(GL_CULL_FACE);
  if (opt.grid && n_grid_verts_ > 0) {
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_DEPTH_TEST);
    glUseProgram(grid_prog_);
    glUniformMatrix4fv(glGetUniformLocation(grid_prog_, "u_view_proj"), 1, GL_FALSE, vp.data());
    set_vec3(grid_prog_, "u_centre", Vec3::Zero());
    const Vec3 size = hi_ - lo_;
    glUniform1f(glGetUniformLocation(grid_prog_, "u_radius"),
                float(std::max({size.x(), size.z(), size.y() * 0.8, 1e-6}) * 0.9));
    // At most kGridContrast levels darker than the background.
    const float dark = float(kGridContrast - 4) / 255.f;
    glUniform3f(glGetUniformLocation(grid_prog_, "u_color"), kBackground[0] - dark, kBackground[1] - dark,
                kBackground[2] - dark);
    glBindVertexArray(grid_vao_);
    glDrawArrays(GL_LINES, 0, GLsizei(n_grid_verts_));
    glDisable(GL_BLEND);
  }

  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  for (GLuint prog : {seg_prog_, seg_pulled_prog_, sph_prog_, poly_prog_}) {
    glUseProgram(prog);
    glUniformMatrix4fv(glGetUniformLocation(prog, "u_view_proj"), 1, GL_FALSE, vp.data());
    set_vec3(prog, "u_eye", eye);
    set_vec3(prog, "u_key", key);
    set_vec3(prog, "u_fill", fill);
  }

  // Level of detail by the width in pixels at a depth between the plant's
  // centre and its nearest point: capped prisms of 16 sides down to kRoundPx,
  // of 8 down to kPrismPx, impostor quads down to kLinePx, lines below.
  // Widest first in seg_width_, so each level is one range.
  constexpr double kRoundPx = 24, kPrismPx = 8, kLinePx = 1.5;
  const double depth = std::max(dist - radius / 2, near);
  const double px_per_unit = height / (2 * std::tan(cam.fov_y / 2) * depth);
  auto count_wider = [&](double px) {
    const float w = float(px / px_per_unit);
    return std::size_t(std::partition_point(seg_width_.begin(), seg_width_.end(), [&](float x) { return x >= w; }) -
                       seg_width_.begin());
  };
  const std::size_t n_seg = seg_width_.size();
  const std::size_t n_round = count_wider(kRoundPx), n_prism = std::max(n_round, count_wider(kPrismPx));
  const std::size_t n_quad = std::max(n_prism, count_wider(kLinePx));
  if (n_seg > 0 && 2 * n_seg <= std::size_t(max_texels_)) {
    glUseProgram(seg_pulled_prog_);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_BUFFER, cyl_tex_);
    glUniform1i(glGetUniformLocation(seg_pulled_prog_, "u_inst"), 0);
    glBindVertexArray(empty_vao_);
    const GLint first = glGetUniformLocation(seg_pulled_prog_, "u_first");
    const GLint mode = glGetUniformLocation(seg_pulled_prog_, "u_mode");
    const GLint sides = glGetUniformLocation(seg_pulled_prog_, "u_sides");
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
  } else {  // too many for a buffer texture: instanced cylinders and prisms
    glUseProgram(seg_prog_);
    draw_instances(cyl_full_, cyl_inst_, kCylinders, 0, n_prism);
    draw_instances(cyl_low_, cyl_inst_, kCylinders, n_prism, n_seg - n_prism);
  }

  glUseProgram(sph_prog_);
  draw_instances(n_sph_ > 20000 ? sph_low_ : sph_full_, sph_inst_, kSpheres, 0, n_sph_);

  if (n_poly_verts_ > 0) {
    glUseProgram(poly_prog_);
    glBindVertexArray(poly_vao_);
    glDrawArrays(GL_TRIANGLES, 0, GLsizei(n_poly_verts_));
  }
  glBindVertexArray(0);
  glUseProgram(0);
}

// ---------------------------------------------------------------- offscreen

bool render_offscreen(const Renderer& r, const Camera& cam, int width, int height, const RenderOptions& opt,
                      std::vector<std::uint8_t>* rgb, std::string* error) {
  GLint max_size = 0, max_samples = 0;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  if (width <= 0 || height <= 0 || width > max_size || height > max_size) {
    if (error)
      *error = "picture size " + std::to_string(width) + "x" + std::to_string(height) +
               " is outside 1.." + std::to_string(max_size);
    return false;
  }
  // Automatic: 4 samples, none for huge plants, where llvmpipe would take twice as long.
  const int wanted = opt.samples >= 0 ? opt.samples : r.primitive_count() > 250000 ? 0 : 4;
  const int samples = std::clamp(wanted, 0, int(max_samples));

  // A multisampled framebuffer to draw into, a plain one to resolve into.
  GLuint fbo[2], rb[3];
  glGenFramebuffers(2, fbo);
  glGenRenderbuffers(3, rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
  glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT24, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
  bool ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glBindRenderbuffer(GL_RENDERBUFFER, rb[2]);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[2]);
  ok = ok && glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;

  if (ok) {
    glBindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
    r.draw(cam, width, height, opt);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
    glBlitFramebuffer(0, 0, width, height, 0, 0, width, height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    std::vector<std::uint8_t> rgba(std::size_t(width) * height * 4);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    // OpenGL's rows run bottom-up; PNG's top-down.
    rgb->resize(std::size_t(width) * height * 3);
    for (int y = 0; y < height; ++y) {
      const std::uint8_t* src = rgba.data() + std::size_t(height - 1 - y) * width * 4;
      std::uint8_t* dst = rgb->data() + std::size_t(y) * width * 3;
      for (int x = 0; x < width; ++x) {
        dst[3 * x] = src[4 * x];
        dst[3 * x + 1] = src[4 * x + 1];
        dst[3 * x + 2] = src[4 * x + 2];
      }
    }
  } else if (error) {
    *error = "cannot create an offscreen framebuffer of " + std::to_string(width) + "x" + std::to_string(height);
  }
  const GLenum gl_error = glGetError();
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(2, fbo);
  glDeleteRenderbuffers(3, rb);
  if (ok && gl_error != GL_NO_ERROR) {
    if (error) *error = "OpenGL error " + std::to_string(gl_error) + " while rendering";
    return false;
  }
  return ok;
}

bool write_png(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgb,
               std::string* error) {
  const std::string tmp = path + ".tmp";
  stbi_write_png_compression_level = 5;  // the default 8 is slow and hardly smaller
  if (!stbi_write_png(tmp.c_str(), width, height, 3, rgb.data(), width * 3)) {
    std::remove(tmp.c_str());
    if (error) *error = "cannot write " + tmp;
    return false;
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    if (error) *error = "cannot rename " + tmp + " to " + path + ": " + why;
    return false;
  }
  return true;
}

namespace {
std::string g_glfw_error;  // the last message of GLFW's error callback
void on_glfw_error(int, const char* message) { g_glfw_error = message ? message : "unknown GLFW error"; }
}  // namespace

bool render_png(const interp::Geometry& g, int width, int height, const std::string& path, std::string* error) {
  return render_png(g, width, height, path, nullptr, RenderOptions{}, error);
}

bool render_png(const interp::Geometry& g, int width, int height, const std::string& path, const Camera* cam,
                const RenderOptions& opt, std::string* error) {
  if (width <= 0 || height <= 0 || width > 16384 || height > 16384) {
    if (error) *error = "picture size must be between 1x1 and 16384x16384";
    return false;
  }
  g_glfw_error.clear();
  GLFWerrorfun previous = glfwSetErrorCallback(on_glfw_error);
  auto fail = [&](const std::string& what) {
    if (error) *error = what + (g_glfw_error.empty() ? "" : ": " + g_glfw_error);
    glfwTerminate();
    glfwSetErrorCallback(previous);
    return false;
  };
  if (!glfwInit())
    return fail("cannot initialise a display for OpenGL (run under xvfb-run on a machine without one)");
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(64, 64, "lsd render", nullptr, nullptr);
  if (!window) return fail("cannot create an OpenGL 3.3 core context");
  glfwMakeContextCurrent(window);

  std::vector<std::uint8_t> rgb;
  bool ok;
  {
    Renderer r;
    ok = r.init(error);
    if (ok) {
      r.upload(g);
      const Camera c = cam ? *cam : frame_geometry(g, double(width) / height);
      ok = render_offscreen(r, c, width, height, opt, &rgb, error);
    }
    r.release();  // while the context is current
  }
  glfwMakeContextCurrent(nullptr);
  glfwDestroyWindow(window);
  glfwTerminate();
  glfwSetErrorCallback(previous);
  return ok && write_png(path, width, height, rgb, error);
}

}  // namespace lsd::view
