// Geometry as a Wavefront OBJ mesh (with an optional .mtl) for Blender & co.
//
// The primitives become the meshes of mesh.hpp; every face carries vertex
// normals (`f v//vn`), and textured faces texture coordinates (`f v/vt/vn`).
// Faces are grouped by colour index: one `g colour_<i>` + `usemtl colour_<i>`
// per index used, in increasing order of the index; faces of a cpfg texture
// t are grouped apart, as `colour_<i>_texture_<t>`, whose material maps the
// image `<stem>_texture_<t>.png` (the caller writes it: texture_png).
#pragma once
#include <ostream>
#include <set>
#include <string>

#include "interpreter/scene/mesh.hpp"
#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {

struct ObjOptions {
  MeshOptions mesh;
  std::string mtllib;  // when not empty, a `mtllib <mtllib>` line is written
};

// Counts of what write_obj writes, for callers and tests.
struct ObjCounts {
  std::size_t vertices = 0, normals = 0, texels = 0, faces = 0;
};

// Writes the mesh; returns what it wrote.
ObjCounts write_obj(const Geometry& g, std::ostream& out, const ObjOptions& opt = {});

// The (colour index, texture id) pairs used in g (texture 0: none), and the
// texture ids used; a texture without an image counts as none.
std::set<std::pair<int, int>> materials_used(const Geometry& g);
std::set<int> textures_used(const Geometry& g);
std::string material_name(int colour, int texture);
// The image file of texture t beside an OBJ of stem `stem`.
std::string texture_file(const std::string& stem, int texture);

// Writes one material per (colour, texture) used in g: diffuse = g.rgb(i),
// and a texture's image (texture_file(texture_stem, t)) as map_Kd and map_d.
void write_mtl(const Geometry& g, std::ostream& out, const std::string& texture_stem = "plant");

}  // namespace lsd::interp
