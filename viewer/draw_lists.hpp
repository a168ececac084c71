// What the renderer puts on the GPU for one Geometry and how it frames one
// picture, without OpenGL: the records of segments, spheres, polygons and
// textured triangles, the ground grid's lines, the camera of a frame
// (relative to the geometry's centre), its lights and the segments' levels
// of detail. The native renderer (renderer.cpp) uploads and draws them with
// OpenGL 3.3; the page's WebGL2 renderer (web/site/js/renderer.js) with the
// same shaders in GLSL ES 3.00 (docs/web.md).
#pragma once
#include <Eigen/Core>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "interpreter/turtle/turtle.hpp"
#include "viewer/camera.hpp"

namespace lsd::view {

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
// Triangles [first, first + count) of DrawLists::textured drawn with texture id `texture`.
struct TexturedRange {
  int texture;
  std::size_t first, count;
};

// Every position is relative to `origin`, the centre of the bounds (floats
// keep their precision around a plant far from the world's origin).
struct DrawLists {
  Vec3 origin{0, 0, 0};
  Vec3 lo{-0.5, -0.5, -0.5}, hi{0.5, 0.5, 0.5};  // the bounds (a unit box at the origin when empty)
  // Plain segments, widest first, so that each level of detail is one range;
  // textured segments and cones are meshes among the polygons and textured triangles.
  std::vector<CylinderInstance> cylinders;
  std::vector<SphereInstance> spheres;
  std::vector<PolygonVertex> polygons;      // triangles
  std::vector<TexturedVertex> textured;     // triangles, texture by texture
  std::vector<TexturedRange> textured_ranges;
  std::vector<float> grid;                  // (x, y, z, major) per vertex, two per line
};

// Fills `out` from g (its vectors keep their capacity from frame to frame).
void build_draw_lists(const interp::Geometry& g, DrawLists& out);

// The unit meshes that instances place: a cylinder of radius 1 around z
// from z = 0 to 1 (`sides` radial quads, and with caps two fans) and a UV
// sphere of radius 1 (normal = position). Triangles.
struct MeshVertex {
  float pos[3], normal[3];
};
struct UnitMesh {
  std::vector<MeshVertex> vertices;
  std::vector<std::uint32_t> indices;
};
UnitMesh unit_cylinder(int sides, bool caps);
UnitMesh unit_sphere(int rings, int sectors);

// The ground grid's half-width for a plant of bounds [lo, hi].
double grid_radius(const Vec3& lo, const Vec3& hi);

// The camera of one picture of width x height pixels, relative to the
// lists' origin: its basis, the clip planes around the plant's bounding
// ball, the matrix, and the two lights that ride with it.
struct DrawView {
  Camera cam;
  CameraBasis basis;
  double radius = 0, dist = 0, near = 0;  // of the plant's bounding ball; eye to origin; clip plane
  int height = 0;                         // pixels
  Eigen::Matrix4f view_proj;
  Vec3 key, fill;                         // unit directions toward the lights
};
DrawView draw_view(const Camera& world, const DrawLists& lists, int width, int height);

// The levels of detail of the segments (DrawLists::cylinders, widest first)
// by their width in pixels: [0, round) capped prisms of 16 sides,
// [round, prism) of 8, [prism, quad) impostor quads, [quad, all) lines.
struct SegmentLevels {
  std::size_t round = 0, prism = 0, quad = 0, all = 0;
};
SegmentLevels segment_levels(const DrawView& f, const std::vector<float>& widths);
// The widths (diameters) of the lists' cylinders, in their order.
void segment_widths(const DrawLists& lists, std::vector<float>& out);

}  // namespace lsd::view
