// Geometry as a Wavefront OBJ mesh (with an optional .mtl) for Blender & co.
//
// The primitives become the meshes of mesh.hpp; every face carries vertex
// normals (`f v//vn`). Faces are grouped by colour index: one `g colour_<i>` +
// `usemtl colour_<i>` per index used, in increasing order of the index.
#pragma once
#include <ostream>
#include <set>
#include <string>

#include "interpreter/mesh.hpp"
#include "interpreter/turtle.hpp"

namespace lsd::interp {

struct ObjOptions {
  MeshOptions mesh;
  std::string mtllib;  // when not empty, a `mtllib <mtllib>` line is written
};

// Counts of what write_obj writes, for callers and tests.
struct ObjCounts {
  std::size_t vertices = 0, normals = 0, faces = 0;
};

// Writes the mesh; returns what it wrote.
ObjCounts write_obj(const Geometry& g, std::ostream& out, const ObjOptions& opt = {});

// The colour indices used in g, in increasing order.
std::set<int> colours_used(const Geometry& g);

// Writes one material `colour_<i>` (diffuse = g.rgb(i)) for every colour
// index used in g.
void write_mtl(const Geometry& g, std::ostream& out);

}  // namespace lsd::interp
