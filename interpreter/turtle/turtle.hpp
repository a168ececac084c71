// The 3-D turtle: a ModuleString becomes geometry (docs/language.md 6).
//
// Frame: H (heading), L (left), U (up), right-handed with H x L = U; the
// turtle starts at the origin with H = (0,1,0), L = (-1,0,0), U = (0,0,1).
// Every rotation is a right-handed rotation about one frame axis:
//   + - about U (+ turns H toward L),  & ^ about L (& turns H toward -U),
//   \ / about H (\ turns L toward U),  | is 180 degrees about U.
//
// Polygons follow cpfg (6.3): `{` opens a polygon (polygons nest), `.` records the
// turtle's position as a vertex, and inside a polygon the end point of every
// F and f move is recorded too; `}` closes the innermost polygon. A vertex
// equal to the previous one is not recorded twice, and a polygon with fewer
// than 3 vertices is dropped. F inside a polygon still draws its segment.
//
// The turtle's state is in state.hpp, what it draws in geometry.hpp.
#pragma once
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "dynamics/spatial.hpp"
#include "interpreter/lsystem/bodies.hpp"
#include "interpreter/lsystem/module_string.hpp"
#include "interpreter/turtle/geometry.hpp"
#include "interpreter/turtle/state.hpp"

namespace lsd::interp {

struct RuleSet;   // interpreter/lsystem/rules.hpp
struct CpfgView;  // interpreter/cpfg/view.hpp
struct Contour;   // interpreter/cpfg/spline_functions.hpp

struct TurtleOptions {
  double angle = 45;   // degrees, for + - & ^ \ / without a parameter
  double step = 1;     // length of F f (and B) without a parameter
  double width = 0.1;  // initial segment width
  bool tropism = false;       // bend toward tropism_dir after each F and B
  Vec3 tropism_dir{0, -1, 0};  // T (need not be unit; its length scales the bending)
  double tropism_e = 0;        // e: the heading turns by e·|H×T| radians about H×T
  SymbolId body_sym = 0;   // symbol of dynamics bodies B(l, r, ...); 0 = none
  SymbolId joint_sym = 0;  // symbol of dynamics joints J(rh, rl, ru, ...); 0 = none
  SymbolId rod_sym = 0;    // symbol of curved rod elements S(l, r, ...) (docs/language.md 7.9); 0 = none
  SymbolId curvature_sym = 0;  // symbol of their live state K(t, k1, k2, ...); 0 = none
  bool clothoid = false;   // element: clothoid: the curvature affine from an element's start node to its end node
  bool cylinder_bodies = false;  // joints: auto in a .l model: f in a generalized cylinder is a body (bodies.hpp)
  double unit = 1;         // dynamics: turtle unit, metres per unit: a B(l, r, ...) in metres is drawn l / unit long
  // A cpfg model (a .l file): cpfg's meaning of G g # ! ; , $ ~ @o @c @v @R,
  // and the view file's colours, increments and surfaces (CPFG manual 6).
  const CpfgView* cpfg = nullptr;
  const std::map<int, Contour>* contours = nullptr;  // a cpfg model's contours by id (@#)
};

// The options a compiled L-system asks for: its angle:, step:, width:,
// tropism: and, with a dynamics: section, its body and joint symbols.
TurtleOptions turtle_options(const RuleSet& rules);

// What carries a body where the turtle walks with these options (bodies.hpp).
BodyTable body_table(const TurtleOptions& opt);

// The poses of a living plant's bodies, from the physics (docs/architecture.md,
// "one forward kinematics"), for a drawing of the string its model was
// built from. Before each module the turtle moves with the body the module
// rides on: it stands where it stood in the rest pose, moved as that body
// moved from its rest frame. So joints and the base state do not turn the
// turtle themselves, and a module whose action depends on the world's
// directions (tropisms, $, cpfg's @R, @M) acts as it did in the rest pose:
// every body is drawn as the model's rest shape of it, carried rigidly.
struct BodyPoses {
  const std::vector<std::int32_t>* module_body = nullptr;  // (string size) the body each module rides on, -1 none
  std::vector<dyn::SE3> moved;  // (bodies) body b's motion from its rest frame: oMi[b] · rest[b]⁻¹ (world)
};

// Draws the string. Unbalanced `]` are ignored; unclosed `[` and `{` are
// harmless. Without poses, a joint turns the turtle by its state and the
// base state moves it (docs/language.md 7.6: the string as written, where
// no physics exists); with them, the bodies stand as the physics posed them.
Geometry interpret(const ModuleString& s, const TurtleOptions& opt = {}, const BodyPoses* poses = nullptr);

// Sets the three parameters of every ?P ?H ?L ?U module that has exactly
// three to the turtle's position / H / L / U at that place; a module with
// two (cpfg's ?P(x,y)) gets x and y. Modules with another number of
// parameters are left alone.
void fill_queries(ModuleString& s, const TurtleOptions& opt = {});

// The turtle state at every ?E module (cpfg's query of an environment
// program, environment.hpp), with the module's index, in string order.
std::vector<std::pair<std::uint32_t, TurtleState>> environment_queries(const ModuleString& s,
                                                                      const TurtleOptions& opt);

// A module the living model places (docs/language.md 7), as the turtle
// met it in the rest pose: a module of a body row (bodies.hpp: the body
// symbol; with cylinder_bodies, an f in a generalized cylinder) with what it
// carries where the turtle stands, a joint, or a mark (@Tie @Graft @Weld).
struct PlacedModule {
  std::uint32_t module = 0;            // index in the string
  BodyKind body = BodyKind::kNone;     // what it carries; kNone: nothing (drawing), or a joint or a mark
  Vec3 pos, H, L, U;                   // for a body, where it starts; for a joint, its rest frame
  double width = 0;                    // the turtle's width there
};

// Every body, joint and mark of the string (opt.body_sym, opt.joint_sym), in
// string order, in the rest pose (joints and the base state leave the
// turtle as it is: the undeformed plant).
std::vector<PlacedModule> rest_frames(const ModuleString& s, const TurtleOptions& opt);

}  // namespace lsd::interp

