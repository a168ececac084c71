// Geometry as a Wavefront OBJ mesh (with an optional .mtl) for Blender & co.
//
// Segments become n-gon prisms with both caps, spheres UV spheres, polygons
// triangle fans; every face carries vertex normals (`f v//vn`). Faces are
// grouped by colour index: one `g colour_<i>` + `usemtl colour_<i>` per index
// used, in increasing order of the index. Segments of zero length or width and
// spheres of zero diameter are skipped.
#pragma once
#include <ostream>
#include <string>

#include "interpreter/turtle.hpp"

namespace lsd::interp {

struct ObjOptions {
  int cylinder_sides = 8;  // sides of each segment's prism (>= 3)
  int sphere_rings = 8;    // latitude bands of each sphere (>= 2)
  int sphere_sectors = 12; // longitude sectors of each sphere (>= 3)
  std::string mtllib;      // when not empty, a `mtllib <mtllib>` line is written
};

// Counts of what write_obj writes, for callers and tests.
struct ObjCounts {
  std::size_t vertices = 0, normals = 0, faces = 0;
};

// Writes the mesh; returns what it wrote.
ObjCounts write_obj(const Geometry& g, std::ostream& out, const ObjOptions& opt = {});

// Writes one material `colour_<i>` (diffuse = g.rgb(i)) for every colour
// index used in g.
void write_mtl(const Geometry& g, std::ostream& out);

}  // namespace lsd::interp
