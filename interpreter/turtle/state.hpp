// The turtle's state (docs/language.md 6): where it stands, its frame, width
// and colour, and what cpfg's modules add to it (9.2): generalized
// cylinders, tropism elasticities, textures.
#pragma once
#include <array>
#include <cstdint>

#include <Eigen/Core>

namespace lsd::interp {

using Vec3 = Eigen::Vector3d;
using Vec2f = Eigen::Vector2f;

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
  // cpfg's old tropism: the elasticity of `tropism direction:` (the view
  // file's initial elasticity, changed by `_`).
  double old_elasticity = 0;
  // The heading and up vector at the end of the last F (or set by @Tf), from
  // which cpfg's tropisms, @R and @Tp carry U without twist to the heading.
  Vec3 segment_H{0, 1, 0}, segment_U{0, 0, 1};
  // cpfg's textures (CPFG manual 6.7.4): @Tx(id) chooses the view file's
  // texture id (0: none), and tex_t is the texture coordinate along the
  // moves, which every F f G g of a textured turtle advances.
  int texture = 0;
  double tex_t = 0;
  // cpfg's turtle scale (CPFG manual 6.1; `initial scale:`, @D @Di @Dd):
  // the lengths of F f G g, the widths # ! set, the sizes of @O @c @o and
  // ~ are multiplied by it. 1 in lsd's own files.
  double scale = 1;
  // In a drawing posed by the physics (turtle.hpp: BodyPoses), the body the
  // turtle moves with: its state is the rest pose's moved as that body
  // moved; -1: not moved. `[` and `]` keep it with the state.
  std::int32_t body = -1;
  // element: clothoid (docs/language.md 7.9): the live end node K(t, k1, k2,
  // ...) of the clothoid element the turtle stands at the end of (the next
  // element of its chain starts there), or null; a joint clears it.
  const double* chain_node = nullptr;
};

}  // namespace lsd::interp
