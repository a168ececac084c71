// What the turtle drew (docs/language.md 6): segments, spheres and polygons
// with their colours, normals and textures, as the renderer and the exports
// read them. interpret (turtle.hpp) makes it.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "interpreter/cpfg/texture.hpp"
#include "interpreter/turtle/rod_shape.hpp"
#include "interpreter/turtle/state.hpp"

namespace lsd::interp {

// What the turtle drew. The element types are nested (Geometry::Segment ...)
// so that their short names stay free in lsd::interp.
struct Geometry {
  struct Segment {
    Vec3 p0, p1;
    double width;          // diameter of the drawn cylinder
    int colour;            // colour index
    std::uint32_t module;  // index in the string of the F or B that drew it
  };

  struct Sphere {
    Vec3 centre;
    double diameter;
    int colour;
    std::uint32_t module;  // index of the @O
  };

  struct Polygon {
    std::uint32_t first;  // index of the first vertex in Geometry::polygon_vertices
    std::uint32_t count;  // number of vertices (>= 3)
    int colour;
    std::uint32_t module;  // index in the string of the } that closed it
    int texture = 0;       // the texture id of cpfg's view file (Geometry::texture), 0 none
  };

  // A segment drawn with a texture: its texture coordinate along the axis
  // goes from t0 to t1 (the texture's s goes once around).
  struct TexturedSegment {
    std::uint32_t segment;  // index in segments
    int texture;            // Geometry::texture(id)
    float t0, t1;
  };

  // A segment drawn as a cone (a cpfg model's F whose width changed before
  // its node ended, docs/language.md 9.2): its width at p1.
  struct TaperedSegment {
    std::uint32_t segment;  // index in segments
    double width_end;       // diameter at p1 (at p0: the segment's width)
  };

  std::vector<Segment> segments;
  std::vector<Sphere> spheres;
  std::vector<Polygon> polygons;
  std::vector<Vec3> polygon_vertices;  // (sum of polygons[i].count), polygon by polygon
  // Vertex normals of smooth polygons (generalized cylinders), by the index
  // of the vertex in polygon_vertices; a vertex past its end, or whose normal
  // is zero, takes its polygon's flat normal.
  std::vector<Vec3> polygon_normals;
  // Texture coordinates of textured polygons' vertices, by the index of the
  // vertex in polygon_vertices (empty when nothing is textured).
  std::vector<Vec2f> polygon_uvs;
  // The pieces of curved rods' centrelines between the samples of their
  // tubes (docs/language.md 7.9), in the order drawn: the tubes are drawn
  // as polygons, these only listed (listed_segments).
  std::vector<Segment> rod_axis;
  // A curved rod element as drawn: its frame at arc length s in [0, shape.length]
  // is start · rod_frame(shape, s), its tube's rings at s = length · k / pieces
  // (k = 0 ... pieces), in the order drawn. The animated glTF bends the tube by it.
  struct Rod {
    std::uint32_t module;  // index of the S
    dyn::SE3 start;        // the element's start frame (world)
    RodShape shape;        // (turtle units)
    int pieces;            // of its tube
  };
  std::vector<Rod> rods;
  std::vector<TexturedSegment> textured_segments;  // in increasing order of the segment
  std::vector<TaperedSegment> tapered;             // in increasing order of the segment
  // A cpfg model's textures (`texture:` lines of its view file), id 1 first.
  std::shared_ptr<const std::vector<Texture>> textures;
  // Texture id's image, or null (0, an id the view file does not define, or an image it could not read).
  const Texture* texture(int id) const {
    if (!textures || id < 1 || std::size_t(id) > textures->size()) return nullptr;
    const Texture& t = (*textures)[std::size_t(id - 1)];
    return t.width > 0 ? &t : nullptr;
  }
  // The texture of a polygon drawn with one (it has texture coordinates), else 0.
  int texture_of(const Polygon& p) const {
    return p.texture != 0 && texture(p.texture) && p.first + p.count <= polygon_uvs.size() ? p.texture : 0;
  }
  // The diameter of segment i at its end p1: its width, or its tapered end's.
  // `next` walks `tapered` along when the segments are visited in order.
  double end_width(std::size_t i, std::size_t& next) const {
    while (next < tapered.size() && tapered[next].segment < i) ++next;
    return next < tapered.size() && tapered[next].segment == i ? tapered[next].width_end : segments[i].width;
  }
  // The normal of polygon_vertices[k] in polygon p: its own, else p's flat (Newell) one.
  Vec3 vertex_normal(const Polygon& p, std::uint32_t k) const;
  TurtleState final_state;             // the turtle after the last module
  // A living plant's drawing (the scene, scene.hpp): the body each module
  // of the drawn string rides on, -1 for none (its model's layout); empty
  // otherwise. Elements find theirs through their `module`.
  std::vector<std::int32_t> module_body;
  std::vector<std::array<float, 3>> palette;  // a cpfg model's colours by index; empty: lsd's palette

  // The sRGB colour of a colour index: the model's palette, else palette_rgb.
  std::array<float, 3> rgb(int colour) const;

  // Axis-aligned bounds of everything drawn (segment widths and spheres
  // included); false when nothing is drawn.
  bool bounds(Vec3* lo, Vec3* hi) const;
};

// What `lsd segments` lists: the drawn segments and the rods' centreline
// pieces (Geometry::rod_axis), merged in the order they were drawn.
std::vector<Geometry::Segment> listed_segments(const Geometry& g);

// The colour of a colour index as sRGB in [0, 1]: a fixed palette of
// 16 colours shared by the OBJ export and the renderer (index 0 is a stem
// green, 1 bark brown, 2 leaf green, 3 yellow, 4 red, ...); indices wrap.
std::array<float, 3> palette_rgb(int colour);

}  // namespace lsd::interp
