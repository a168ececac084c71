// The GLSL programs of the renderer and their compilation.
//
// Vertex inputs (the renderer binds its buffers to these locations):
//   segment:        0 position, 1 normal of the unit cylinder; per instance
//                   2 p0, 3 p1, 4 radius, 5 colour
//   pulled segment: none; each vertex fetches its segment from the buffer
//                   texture u_inst by gl_VertexID
//   sphere:         0 position of the unit sphere; per instance 2 centre,
//                   3 radius, 4 colour
//   polygon:        0 position, 1 normal, 2 colour
//   textured:       0 position, 1 normal, 2 colour, 3 texture coordinates;
//                   u_texture (unit 0) and u_decal
//   grid:           0 (x, y, z, major)
// Lit programs take u_view_proj, u_eye, u_key and u_fill (unit directions
// toward the lights); the grid u_view_proj, u_centre, u_radius and u_color.
#pragma once
#include <array>
#include <string>

namespace lsd::view {

struct ShaderPrograms {
  unsigned segment = 0;         // instanced cylinders and prisms
  unsigned pulled_segment = 0;  // prisms, impostor quads and lines pulled from a buffer texture
  unsigned sphere = 0;          // instanced unit spheres
  unsigned polygon = 0;         // plain triangles
  unsigned textured = 0;        // triangles with a texture (cpfg models)
  unsigned grid = 0;            // the ground grid, fading toward its rim

  // The lit ones, which share the uniforms of shading.
  std::array<unsigned, 5> lit() const { return {segment, pulled_segment, sphere, polygon, textured}; }
};

// Compiles and links all six with the current context; on failure none is
// left and the message says which stage failed, with the driver's log.
bool compile_programs(ShaderPrograms* p, std::string* error);
void delete_programs(ShaderPrograms* p);

}  // namespace lsd::view
