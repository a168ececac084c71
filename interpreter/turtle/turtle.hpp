// The 3-D turtle: a ModuleString becomes geometry (LANGUAGE.md section 5).
//
// Frame: H (heading), L (left), U (up), right-handed with H x L = U; the
// turtle starts at the origin with H = (0,1,0), L = (-1,0,0), U = (0,0,1).
// Every rotation is a right-handed rotation about one frame axis:
//   + - about U (+ turns H toward L),  & ^ about L (& turns H toward -U),
//   \ / about H (\ turns L toward U),  | is 180 degrees about U.
//
// Polygons follow cpfg: `{` opens a polygon (polygons nest), `.` records the
// turtle's position as a vertex, and inside a polygon the end point of every
// F and f move is recorded too; `}` closes the innermost polygon. A vertex
// equal to the previous one is not recorded twice, and a polygon with fewer
// than 3 vertices is dropped. F inside a polygon still draws its segment.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "interpreter/lsystem/module_string.hpp"
#include "interpreter/cpfg/texture.hpp"

namespace lsd::interp {

using Vec3 = Eigen::Vector3d;
using Vec2f = Eigen::Vector2f;
struct RuleSet;   // rules.hpp
struct CpfgView;  // cpfg_view.hpp
struct Contour;   // functions.hpp

struct TurtleOptions {
  double angle = 45;   // degrees, for + - & ^ \ / without a parameter
  double step = 1;     // length of F f (and B) without a parameter
  double width = 0.1;  // initial segment width
  bool tropism = false;       // bend toward tropism_dir after each F and B
  Vec3 tropism_dir{0, -1, 0};  // T (need not be unit; its length scales the bending)
  double tropism_e = 0;        // e: the heading turns by e·|H×T| radians about H×T
  SymbolId body_sym = 0;   // symbol of dynamics bodies B(l, r, ...); 0 = none
  SymbolId joint_sym = 0;  // symbol of dynamics joints J(rh, rl, ru, ...); 0 = none
  // A cpfg model (a .l file): cpfg's meaning of G g # ! ; , $ ~ @o @c @v @R,
  // and the view file's colours, increments and surfaces (CPFG manual 6).
  const CpfgView* cpfg = nullptr;
  const std::map<int, Contour>* contours = nullptr;  // a cpfg model's contours by id (@#)
};

// The options a compiled L-system asks for: its angle:, step:, width:,
// tropism: and, with a dynamics: section, its body and joint symbols.
TurtleOptions turtle_options(const RuleSet& rules);

struct TurtleState {
  Vec3 pos{0, 0, 0};
  Vec3 H{0, 1, 0};
  Vec3 L{-1, 0, 0};
  Vec3 U{0, 0, 1};
  double width = 0.1;
  int colour = 0;
  // cpfg's generalized cylinders (CPFG manual 6.7.3)
  int contour = 0;                     // @#(id): the cross-section, 0 the circle
  int sides = 8;                       // @!(n): sides around a generalized cylinder
  double tangent[2] = {1.2, 1.2};      // @Gt(a, b): Hermite tangent coefficients, coming in and going out
  double radius_tangent[2][2] = {};    // @Gr(a1,l1,a2,l2): (dt, dradius) coming in and going out; 0 = linear
  bool scale_radius_tangents = false;  // @Gr(1): the radius tangents are stretched with the segment
  bool in_cylinder = false;            // between @Gs and @Ge, or {(type) and }(type)
  // The curve of the cylinder: 0 @Gs's (an open Hermite curve whose control
  // points are @Gc @Ge .(n)), or a {(type): 1 open Hermite, 2 closed Hermite,
  // 3 open B-spline, 4 closed B-spline, whose control points are also F and f.
  std::uint8_t cylinder_type = 0;
  std::uint8_t cylinder_points = 0;    // control points so far, counted up to 4
  int cylinder_strips = 4;             // strips of a control point given none ({(type, strips))
  std::int32_t cylinder_spline = -1;   // the walker's record of the points a closed or B-spline curve keeps
  struct ControlPoint {                // a control point of the cylinder's curve
    Vec3 pos{0, 0, 0}, H{0, 1, 0}, U{0, 0, 1};  // U: turned along with H without twist
    double width = 0, tangent_in = 1.2, tangent_out = 1.2, radius_in[2] = {0, 0}, radius_out[2] = {0, 0};
    bool scale_radius = false;  // @Gr(1) where the point was set
    int contour = 0, colour = 0;
    double tex_t = 0;  // the texture coordinate along the cylinder here
  } cylinder_last;                     // the last one drawn to (a B-spline's: its last knot)
  // cpfg: the elasticity of each `tropism:` line of the view file (at most 8),
  // from its E: and changed by @Ts @T @Ti @Td; ']' restores it.
  std::array<double, 8> elasticity{};
  // cpfg's @Tp: the heading and up vector at the end of the last F, from
  // which @Tp carries U without twist to the current heading.
  Vec3 segment_H{0, 1, 0}, segment_U{0, 0, 1};
  // cpfg's textures (CPFG manual 6.7.4): @Tx(id) chooses the view file's
  // texture id (0: none), and tex_t is the texture coordinate along the
  // moves, which every F f G g of a textured turtle advances.
  int texture = 0;
  double tex_t = 0;
};

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
  std::vector<TexturedSegment> textured_segments;  // in increasing order of the segment
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
  // The normal of polygon_vertices[k] in polygon p: its own, else p's flat (Newell) one.
  Vec3 vertex_normal(const Polygon& p, std::uint32_t k) const;
  TurtleState final_state;             // the turtle after the last module
  std::vector<std::array<float, 3>> palette;  // a cpfg model's colours by index; empty: lsd's palette

  // The sRGB colour of a colour index: the model's palette, else palette_rgb.
  std::array<float, 3> rgb(int colour) const;

  // Axis-aligned bounds of everything drawn (segment widths and spheres
  // included); false when nothing is drawn.
  bool bounds(Vec3* lo, Vec3* hi) const;
};

// The colour of a colour index as sRGB in [0, 1]: a fixed palette of
// 16 colours shared by the OBJ export and the renderer (index 0 is a stem
// green, 1 bark brown, 2 leaf green, 3 yellow, 4 red, ...); indices wrap.
std::array<float, 3> palette_rgb(int colour);

// Draws the string. Unbalanced `]` are ignored; unclosed `[` and `{` are
// harmless.
Geometry interpret(const ModuleString& s, const TurtleOptions& opt = {});

// Sets the three parameters of every ?P ?H ?L ?U module that has exactly
// three to the turtle's position / H / L / U at that place; a module with
// two (cpfg's ?P(x,y)) gets x and y. Modules with another number of
// parameters are left alone.
void fill_queries(ModuleString& s, const TurtleOptions& opt = {});

// The turtle state at every ?E module (cpfg's query of an environment
// program, environment.hpp), with the module's index, in string order.
std::vector<std::pair<std::uint32_t, TurtleState>> environment_queries(const ModuleString& s,
                                                                      const TurtleOptions& opt);

// The turtle state at every body, joint and tie module (opt.body_sym,
// opt.joint_sym, @Tie), in string order: for a B the state where its cylinder
// starts, for a J its rest frame (the state before the joint's rotation).
// With rest_pose, joints do not rotate the turtle (the undeformed plant);
// without, they do, as when drawing.
std::vector<TurtleState> body_joint_frames(const ModuleString& s, const TurtleOptions& opt, bool rest_pose);

}  // namespace lsd::interp
