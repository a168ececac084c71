// What a pass of the walk keeps: the drawing (interpret), the query
// parameters (fill_queries), the bodies, joints and marks the living model
// places (rest_frames) and the states at ?E modules (environment_queries).
// A private header of the walk, which only turtle.cpp includes (see there).
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "interpreter/turtle/src/ops.hpp"
#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {
namespace {

// Output policies: what a pass keeps of the walk. The hooks of this base
// keep nothing; a pass hides the ones it needs. Hooks that stay empty vanish
// with their arguments when the walk is compiled.
struct KeepNothing {
  void reserve(const Census&) {}
  void segment(const Vec3& /*p0*/, const TurtleState& /*at the end*/, double /*width*/, std::uint32_t /*module*/,
               double /*tex_t at the start*/) {}
  void sphere(const TurtleState&, double /*diameter*/, std::uint32_t /*module*/) {}
  // A piece of a curved rod's centreline (rods.hpp), drawn as its tube's polygons.
  void rod_piece(const Vec3& /*p0*/, const TurtleState& /*at the end*/, double /*width*/, std::uint32_t /*module*/) {}
  // A curved rod element whose tube was drawn (rods.hpp): Geometry::Rod.
  void rod(const Geometry::Rod&) {}
  void end_node(const TurtleState& /*the turtle where a cpfg node ends*/) {}
  void polygon(const Vec3* /*first*/, std::size_t /*count*/, int /*colour*/, std::uint32_t /*module*/,
               const Vec3* /*normals: one per vertex, or none*/ = nullptr,
               const Vec2f* /*texture coordinates: one per vertex, or none*/ = nullptr, int /*texture*/ = 0) {}
  void query(std::uint32_t /*module*/, int /*nparams*/, const Vec3& /*value*/) {}
  void environment(std::uint32_t /*module*/, const TurtleState&) {}
  // A body (what it carries), a joint or a mark (BodyKind::kNone), where the turtle stands before it.
  void placed(std::uint32_t /*module*/, BodyKind, const TurtleState&) {}
  void finish(const TurtleState&) {}
};

// interpret: segments, spheres and polygons into a Geometry.
struct DrawGeometry : KeepNothing {
  static constexpr std::uint32_t kNoSegment = ~0u;
  Geometry& geo;
  // cpfg's cylinder and polygon line styles: F and G of a textured turtle
  // carry the texture, and a segment whose node ends with another width is a
  // cone (cpfg's pixel lines keep the width they start with).
  bool textured_lines;
  std::uint32_t open_segment = kNoSegment;  // the last segment, until its node ends (cpfg's line styles)
  DrawGeometry(Geometry& g, bool textured) : geo(g), textured_lines(textured) {}
  void reserve(const Census& c) {
    geo.segments.reserve(c.segments);
    geo.spheres.reserve(c.spheres);
  }
  void segment(const Vec3& p0, const TurtleState& t, double width, std::uint32_t i, double tex_t0) {
    if (textured_lines && t.texture != 0 && geo.texture(t.texture))
      geo.textured_segments.push_back({std::uint32_t(geo.segments.size()), t.texture, float(tex_t0), float(t.tex_t)});
    if (textured_lines) open_segment = std::uint32_t(geo.segments.size());
    geo.segments.push_back({p0, t.pos, width, t.colour, i});
  }
  void rod_piece(const Vec3& p0, const TurtleState& t, double width, std::uint32_t i) {
    geo.rod_axis.push_back({p0, t.pos, width, t.colour, i});
  }
  void rod(const Geometry::Rod& r) { geo.rods.push_back(r); }
  void end_node(const TurtleState& t) {
    if (open_segment == kNoSegment) return;
    if (t.width != geo.segments[open_segment].width) geo.tapered.push_back({open_segment, t.width});
    open_segment = kNoSegment;
  }
  void sphere(const TurtleState& t, double diameter, std::uint32_t i) {
    geo.spheres.push_back({t.pos, diameter, t.colour, i});
  }
  void polygon(const Vec3* first, std::size_t count, int colour, std::uint32_t i, const Vec3* normals = nullptr,
               const Vec2f* uvs = nullptr, int texture = 0) {
    if (normals) {
      geo.polygon_normals.resize(geo.polygon_vertices.size(), Vec3::Zero());
      geo.polygon_normals.insert(geo.polygon_normals.end(), normals, normals + count);
    }
    if (uvs) {
      geo.polygon_uvs.resize(geo.polygon_vertices.size(), Vec2f::Zero());
      geo.polygon_uvs.insert(geo.polygon_uvs.end(), uvs, uvs + count);
    }
    geo.polygons.push_back(
        {std::uint32_t(geo.polygon_vertices.size()), std::uint32_t(count), colour, i, uvs ? texture : 0});
    geo.polygon_vertices.insert(geo.polygon_vertices.end(), first, first + count);
  }
  void finish(const TurtleState& t) { geo.final_state = t; }
};

// fill_queries: the turtle's vector into the three parameters of a query module.
struct FillQueries : KeepNothing {
  ModuleString& s;
  explicit FillQueries(ModuleString& str) : s(str) {}
  void query(std::uint32_t i, int np, const Vec3& v) {
    if (np != 3 && np != 2) return;
    double* out = s.param(i);
    out[0] = v.x();
    out[1] = v.y();
    if (np == 3) out[2] = v.z();  // ?P(x,y): cpfg's two-parameter form, x and y
  }

};

// rest_frames: every body, joint and mark, where the turtle stands.
struct RecordPlaced : KeepNothing {
  std::vector<PlacedModule>& placed_modules;
  explicit RecordPlaced(std::vector<PlacedModule>& p) : placed_modules(p) {}
  void placed(std::uint32_t i, BodyKind kind, const TurtleState& t) {
    placed_modules.push_back({i, kind, t.pos, t.H, t.L, t.U, t.width});
  }
};

// environment_queries: the state at every ?E.
struct RecordQueries : KeepNothing {
  std::vector<std::pair<std::uint32_t, TurtleState>>& at;
  explicit RecordQueries(std::vector<std::pair<std::uint32_t, TurtleState>>& a) : at(a) {}
  void environment(std::uint32_t i, const TurtleState& t) { at.emplace_back(i, t); }
};

}  // namespace
}  // namespace lsd::interp
