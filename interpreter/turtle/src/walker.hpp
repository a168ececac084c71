// The turtle while it walks (docs/language.md 6): what a walk keeps constant,
// the turtle with its stack, and the plain actions every pass shares: moves,
// turns, [ ], width, colour, a drawn move with its tropisms (6.4; a cpfg
// model's, 9.2, in movements.hpp), and the elasticities of a cpfg view file's
// tropisms (9.2).
// A private header of the walk, which only turtle.cpp includes (see there).
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "interpreter/cpfg/spline_functions.hpp"
#include "interpreter/cpfg/view.hpp"
#include "interpreter/turtle/src/frame.hpp"
#include "interpreter/turtle/src/movements.hpp"
#include "interpreter/turtle/src/ops.hpp"
#include "interpreter/turtle/src/polygons.hpp"

namespace lsd::interp {
namespace {

// What a walk keeps constant: the defaults of modules written without
// parameters, the tropisms, and whether joints move the turtle.
struct WalkConstants {
  struct Tropism {
    Vec3 T;    // direction
    double e;  // strength (ABOP p. 58)
  };
  double step;                  // F f B without a parameter
  double cos_angle, sin_angle;  // + - & ^ \ / without a parameter
  std::vector<Tropism> tropisms;  // bend toward each after each F and B
  bool rest_pose;  // joints and the base leave the turtle as it is (the undeformed plant)
  const CpfgView* cpfg;  // a cpfg model's view: increments and surfaces
  const std::map<int, Contour>* contours;  // a cpfg model's contours (@#)
  bool axis_lines = false;  // cpfg's line styles pixel and polygon: generalized cylinders are lines along their axis
  bool twist_cylinders = false;  // cpfg's `twist of cylinders: on` (cylinders.hpp)
  const std::vector<Texture>* textures = nullptr;  // a cpfg model's textures (@Tx), id 1 first
  double width_increment = 0;
  int colour_increment = 1;
  double unit = 1;  // metres per unit of the drawing: B(l, r, ...) is drawn l / unit long
  bool clothoid = false;  // element: clothoid (rods.hpp)
  BodyTable bodies;  // what carries a body (bodies.hpp), for the rest walk's placed modules
  const BodyPoses* poses;  // a drawing posed by the physics (turtle.hpp), or null
  bool joints_turn;  // joints and the base state move the turtle by their state (neither rest pose nor poses)

  WalkConstants(const TurtleOptions& opt, bool rest, const BodyPoses* posed = nullptr)
      : step(opt.step),
        cos_angle(std::cos(opt.angle * kDegToRad)),
        sin_angle(std::sin(opt.angle * kDegToRad)),
        rest_pose(rest),
        cpfg(opt.cpfg),
        contours(opt.contours),
        unit(opt.unit),
        clothoid(opt.clothoid),
        bodies(body_table(opt)),
        poses(posed),
        joints_turn(!rest && !posed) {
    if (opt.tropism && opt.tropism_e != 0) tropisms.push_back({opt.tropism_dir, opt.tropism_e});
    if (!cpfg) return;
    axis_lines = cpfg->line_style != CpfgView::LineStyle::kCylinder;
    twist_cylinders = cpfg->twist_cylinders && !axis_lines;
    textures = cpfg->textures.get();
    width_increment = cpfg->width_increment;
    colour_increment = cpfg->colour_increment;
    // The view file's tropisms bend as cpfg's (movements.hpp), not as tropisms.
  }
  // Texture id's image, or null (0, an id the view file does not define, or an image it could not read).
  const Texture* texture(int id) const {
    if (!textures || id < 1 || std::size_t(id) > textures->size()) return nullptr;
    const Texture& t = (*textures)[std::size_t(id - 1)];
    return t.width > 0 ? &t : nullptr;
  }
};

// @Ts(id, e) @Ti(id[, d]) @Td(id[, d]): cpfg's blackbox.c. Without an id,
// or with one that names no tropism line, nothing changes; @Ts(id) sets 0.
inline void change_elasticity(TurtleState& t, Op op, const double* p, int np, const WalkConstants& k) {
  if (!k.cpfg || np < 1) return;
  const double id = p[0];
  if (!(id >= 1 && id <= double(std::min(k.cpfg->tropisms.size(), t.elasticity.size())))) return;
  const std::size_t i = std::size_t(id) - 1;
  double& e = t.elasticity[i];
  const double d = np >= 2 ? p[1] : k.cpfg->tropisms[i].step;
  if (op == kElasticitySet) e = np >= 2 ? p[1] : 0.0;
  else if (op == kElasticityUp) e += d;
  else e -= d;
}

using ControlPoint = TurtleState::ControlPoint;

// The control points a closed or B-spline curve of a generalized cylinder
// keeps (cpfg's point stack): its last three, oldest first, and its first
// three, to close it with.
struct SplinePoints {
  std::array<ControlPoint, 3> last, first;
};

// The end of the last curved rod's tube, left open until the walk shows
// whether the next element continues it (rod_tube.hpp): its ring, frame and
// width, the colour and module of its cap.
struct RodEnd {
  bool open = false;
  Vec3 pos, H, L;
  double width = 0;
  int colour = 0;
  std::uint32_t module = 0;
  std::vector<Vec3> ring;
};

// The turtle while it walks: its state, the states saved by `[`, the open
// polygons, and the cross-sections of generalized cylinders made so far.
struct Turtle {
  TurtleState state;
  std::vector<TurtleState> stack;
  OpenPolygons polygons;
  std::map<std::pair<int, int>, std::vector<Vec3>> rings;  // (contour id, sides) -> sides + 1 points
  std::vector<Vec2f> texels;  // scratch: the texture coordinates of a polygon or a sweep
  // The points of curves, by state.cylinder_spline. A branch writes only the
  // records made after its `[` (a curve begun before it is copied first) and
  // `]` drops them: marks holds the number of records at each open `[`.
  std::vector<SplinePoints> splines;
  std::vector<std::size_t> marks;
  // The live state K(t, k1, k2, ...) just before a rod element (rods.hpp), or null.
  const double* curvature = nullptr;
  int curvature_np = 0;
  std::uint32_t curvature_at = 0;  // its index in the string
  // element: clothoid: the K just after the rod element being walked (its end node), or null.
  const double* end_curvature = nullptr;
  int end_curvature_np = 0;
  RodEnd rod_end;  // the open end of the tube being drawn (rod_tube.hpp)
};

// The turtle's place and frame moved by m (the frames of its last F too).
inline void move_turtle(TurtleState& t, const dyn::SE3& m) {
  t.pos = m.act(t.pos);
  for (Vec3* v : {&t.H, &t.L, &t.U, &t.segment_H, &t.segment_U}) *v = m.rotation * *v;
}

// A drawing posed by the physics (BodyPoses): before module i the turtle
// moves with the body the module rides on, from the one it moved with.
inline void ride(Turtle& tu, const BodyPoses& p, std::size_t i) {
  TurtleState& t = tu.state;
  const std::int32_t body = (*p.module_body)[i];
  if (body < 0 || body == t.body) return;
  const dyn::SE3& to = p.moved[std::size_t(body)];
  move_turtle(t, t.body < 0 ? to : to * p.moved[std::size_t(t.body)].inverse());
  t.body = body;
}

// A module whose action depends on the world's directions (a tropism, $,
// @R, @M) acts, in a posed drawing, on the turtle where it stood in the
// rest pose, and the turtle moves with its body again: the action is the
// rest pose's, carried with the body (BodyPoses).
template <class Act>
inline void at_rest(TurtleState& t, const WalkConstants& k, Act act) {
  if (!k.poses || t.body < 0) return act(t);
  const dyn::SE3& m = k.poses->moved[std::size_t(t.body)];
  move_turtle(t, m.inverse());
  act(t);
  move_turtle(t, m);
}

// F f B: move l along H; inside a polygon the end point is a vertex
// (not for cpfg's G and g). A textured turtle's texture coordinate advances.
inline void move(Turtle& tu, double l, const WalkConstants& k, bool vertex = true) {
  TurtleState& t = tu.state;
  t.pos += t.H * l;
  if (t.texture != 0)
    if (const Texture* tex = k.texture(t.texture)) t.tex_t += texture_advance(*tex, t.width, std::abs(l));
  if (vertex && tu.polygons.any()) tu.polygons.add(t);
}

// cpfg's f and g (a .l model): the tropisms bend the turtle before the move,
// the old tropism after it (movements.hpp); the node (the last F's segment)
// ends first.
template <class Output>
inline void cpfg_move(Turtle& tu, double l, const WalkConstants& k, Output& out, bool vertex) {
  at_rest(tu.state, k, [&](TurtleState& t) { cpfg_movements(t, *k.cpfg); });
  out.end_node(tu.state);
  move(tu, l, k, vertex);
  at_rest(tu.state, k, [&](TurtleState& t) { cpfg_bend(t, *k.cpfg); });
}


// + - & ^ \ /: rotates the frame pair (a, b) about a x b by the module's
// angle (its parameter, or the default); sign -1 turns the other way.
inline void turn(Vec3& a, Vec3& b, double sign, const double* p, int np, const WalkConstants& k) {
  double c = k.cos_angle, s = k.sin_angle;
  if (np > 0) {
    c = std::cos(p[0] * kDegToRad);
    s = std::sin(p[0] * kDegToRad);
  }
  rotate_pair(a, b, c, sign * s);
}

// [ saves the state.
inline void push(Turtle& tu) {
  tu.stack.push_back(tu.state);
  tu.marks.push_back(tu.splines.size());
}

// ] restores the state saved by the matching [; an unbalanced ] does nothing.
inline void pop(Turtle& tu) {
  if (tu.stack.empty()) return;
  tu.state = tu.stack.back();
  tu.stack.pop_back();
  tu.splines.resize(tu.marks.back());
  tu.marks.pop_back();
}

// ;(i) sets the colour index, ; alone increases it by the increment (1, or
// a cpfg view file's). Clamped before the conversion: ;(1e300) must not
// overflow an int.
inline void set_colour(TurtleState& t, const double* p, int np, int increment) {
  if (np > 0) t.colour = p[0] > 0 ? int(std::min(p[0], 1e6)) : 0;
  else if (t.colour < 1000000) t.colour = std::max(0, t.colour + increment);
}

// cpfg's # and !: w sets the width, no parameter adds sign x the increment,
// each times the turtle scale, in cpfg's 32-bit floats. Widths stay positive, as cpfg's MinWidth.
inline void change_width(TurtleState& t, const double* p, int np, double sign, const WalkConstants& k) {
  const float w = np > 0 ? float(p[0] * t.scale)
                         : float(t.width) + float(sign) * (float(k.width_increment) * float(t.scale));
  t.width = w >= 0.0000001f ? w : 0.0000001f;
}

// F B: move l, drawing a cylinder of the given width, then bend toward the
// tropism. A cpfg model's F and G bend before and after the move as cpfg's
// (cpfg_move), and the segment's end width is the turtle's where its node
// ends (out.end_node: at the next F f G g [ ] { ~ @..., or the string's end).
template <class Output>
inline void draw_move(Turtle& tu, double l, double width, std::uint32_t i, const WalkConstants& k, Output& out,
                      bool vertex = true) {
  if (k.cpfg) {
    at_rest(tu.state, k, [&](TurtleState& t) { cpfg_movements(t, *k.cpfg); });
    out.end_node(tu.state);
  }
  const Vec3 p0 = tu.state.pos;
  const double tex_t0 = tu.state.tex_t;
  move(tu, l, k, vertex);
  out.segment(p0, tu.state, width, i, tex_t0);
  if (k.cpfg) at_rest(tu.state, k, [&](TurtleState& t) { cpfg_bend(t, *k.cpfg); });
  if (!k.tropisms.empty())
    at_rest(tu.state, k, [&](TurtleState& t) {
      for (const auto& tr : k.tropisms) apply_tropism(t, tr.T, tr.e);
    });
  tu.state.segment_H = tu.state.H;
  tu.state.segment_U = tu.state.U;
}

}  // namespace
}  // namespace lsd::interp
