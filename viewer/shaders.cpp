// The renderer's programs (GLSL 3.30, from viewer/glsl/), compiled and linked here.
//
// Segments come in levels of detail by their width on screen: capped prisms,
// impostor quads and lines, all pulled from one buffer texture by
// gl_VertexID (no per-instance cost, which llvmpipe charges heavily); spheres
// are an instanced unit mesh; polygons plain triangles.
#include <initializer_list>
#include <string>

#include "viewer/gl.hpp"
#include "viewer/glsl_sources.hpp"
#include "viewer/shaders.hpp"

namespace lsd::view {
namespace {

// The programs are composed from the renderer's GLSL sources (viewer/glsl/,
// shared with the page's WebGL2 renderer, embedded at build time): a
// version line, then the chunks in order.
constexpr const char* kVersion = "#version 330 core\n";
// The segments' records come from a buffer texture (segment.vert).
constexpr const char* kBufferTexel =
    "uniform usamplerBuffer u_inst;\n"
    "uvec4 texel(int i) { return texelFetch(u_inst, i); }\n";

std::string program_source(std::initializer_list<const char*> chunks) {
  std::string out = kVersion;
  for (const char* c : chunks) out += c;
  return out;
}

// True when a shader's or program's status is set; else false with its info
// log after `what`.
bool check(GLuint object, GLenum status, void (*get_iv)(GLuint, GLenum, GLint*),
           void (*get_log)(GLuint, GLsizei, GLsizei*, GLchar*), const char* what, std::string* error) {
  GLint ok = 0;
  get_iv(object, status, &ok);
  if (ok) return true;
  char log[2048] = {};
  get_log(object, sizeof log, nullptr, log);
  if (error) *error = std::string(what) + log;
  return false;
}

bool compile(GLenum type, const char* src, GLuint* out, std::string* error) {
  GLuint sh = glCreateShader(type);
  glShaderSource(sh, 1, &src, nullptr);
  glCompileShader(sh);
  if (!check(sh, GL_COMPILE_STATUS, glGetShaderiv, glGetShaderInfoLog, "shader compilation failed: ", error)) {
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
  if (!check(prog, GL_LINK_STATUS, glGetProgramiv, glGetProgramInfoLog, "shader link failed: ", error)) {
    glDeleteProgram(prog);
    return 0;
  }
  return prog;
}

}  // namespace

bool compile_programs(ShaderPrograms* p, std::string* error) {
  delete_programs(p);
  const std::string lit = program_source({kGlsl_shade_glsl, kGlsl_lit_frag});
  const auto lit_mesh = [](const char* vertex) { return program_source({kGlsl_lit_outputs_vert, vertex}); };
  const struct {
    unsigned* program;
    std::string vertex, fragment;
  } programs[] = {{&p->segment, lit_mesh(kGlsl_cylinder_vert), lit},
                  {&p->pulled_segment, program_source({kBufferTexel, kGlsl_segment_vert}),
                   program_source({kGlsl_shade_glsl, kGlsl_segment_frag})},
                  {&p->sphere, lit_mesh(kGlsl_sphere_vert), lit},
                  {&p->polygon, lit_mesh(kGlsl_polygon_vert), lit},
                  {&p->textured, lit_mesh(kGlsl_textured_vert), program_source({kGlsl_shade_glsl, kGlsl_textured_frag})},
                  {&p->grid, program_source({kGlsl_grid_vert}), program_source({kGlsl_grid_frag})}};
  for (const auto& prog : programs) {
    *prog.program = link(prog.vertex.c_str(), prog.fragment.c_str(), error);
    if (!*prog.program) {
      delete_programs(p);
      return false;
    }
  }
  return true;
}

void delete_programs(ShaderPrograms* p) {
  for (unsigned prog : {p->segment, p->pulled_segment, p->sphere, p->polygon, p->textured, p->grid})
    if (prog) glDeleteProgram(prog);
  *p = ShaderPrograms{};
}

}  // namespace lsd::view
