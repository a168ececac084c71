// Turtle primitives as polygon meshes, shared by the OBJ export and the glTF
// export: segments become n-gon prisms with both caps, spheres UV spheres,
// polygons triangle fans with their Newell normal. Segments of zero length
// or width and spheres of zero diameter give nothing.
#pragma once
#include <cstdint>
#include <vector>

#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {

struct MeshOptions {
  int cylinder_sides = 8;   // sides of each segment's prism (>= 3)
  int sphere_rings = 8;     // latitude bands of each sphere (>= 2)
  int sphere_sectors = 12;  // longitude sectors of each sphere (>= 3)
};

// Faces whose corners index positions, normals and texture coordinates
// separately (as OBJ does).
struct Mesh {
  static constexpr std::uint32_t kNoTexel = 0xffffffffu;
  struct Corner {
    std::uint32_t position, normal, texel = kNoTexel;  // texel: into texels, or none
  };
  std::vector<Vec3> positions;
  std::vector<Vec3> normals;               // unit
  std::vector<Vec2f> texels;               // texture coordinates of textured faces
  std::vector<Corner> corners;             // the corners of every face, face after face, counter-clockwise
  std::vector<std::uint32_t> face_ends;    // (faces) one past each face's last corner in `corners`

  std::size_t faces() const { return face_ends.size(); }
  void clear();
};

// Appends one primitive's faces to m. A textured segment's sides carry
// texture coordinates: s once around, t from tex->t0 at p0 to tex->t1 at p1.
// A segment is a cone when width_end (its diameter at p1, >= 0) differs from
// its width (Geometry::end_width); negative: a cylinder.
void add_segment(Mesh& m, const Geometry::Segment& s, const MeshOptions& opt = {},
                 const Geometry::TexturedSegment* tex = nullptr, double width_end = -1);
void add_sphere(Mesh& m, const Geometry::Sphere& s, const MeshOptions& opt = {});
void add_polygon(Mesh& m, const Geometry& g, const Geometry::Polygon& p);

}  // namespace lsd::interp
