// One module's action on the turtle (docs/language.md 6.2; cpfg's modules,
// 9.2), the same in every pass.
// A private header of the walk, which only turtle.cpp includes (see there).
#pragma once
#include <cmath>
#include <cstdint>

#include "interpreter/turtle/src/cylinders.hpp"
#include "interpreter/turtle/src/polygons.hpp"
#include "interpreter/turtle/src/rods.hpp"
#include "interpreter/turtle/src/walker.hpp"

namespace lsd::interp {
namespace {

// cpfg ends the node (the last F's segment, whose end width is the turtle's
// now) at [ ] { } ~ and every @ module, as well as at F f G g (draw_move,
// cpfg_move); lsd's own files draw no tapered segments.
template <class Output>
inline void end_node(Turtle& tu, const WalkConstants& k, Output& out) {
  if (k.cpfg) out.end_node(tu.state);
}

// A module of a body row (bodies.hpp): what it carries where the turtle
// stands (kNone: nothing, it is drawing), told to `out` before the module
// moves the turtle.
template <class Output>
inline void place_body(const Turtle& tu, SymbolId sym, std::uint32_t i, const double* p, int np,
                       const WalkConstants& k, Output& out) {
  out.placed(i, k.bodies.kind(sym, p, np, {tu.polygons.any(), tu.state.in_cylinder}), tu.state);
}

// The length of F f G g: the parameter, else the step, times cpfg's turtle
// scale (1 in lsd's own files).
inline double move_length(const TurtleState& t, const double* p, int np, const WalkConstants& k) {
  return (np > 0 ? p[0] : k.step) * t.scale;
}

// A size given as a parameter (@O @c @o), times cpfg's turtle scale, else the width.
inline double size_param(const TurtleState& t, const double* p, int np) { return np > 0 ? p[0] * t.scale : t.width; }

// @D(s) sets cpfg's turtle scale, @Di(f) multiplies and @Dd(f) divides it by
// f, or by the view file's scale multiplier without one (blackbox.c); a
// missing s or an f of 0 changes nothing, as in cpfg. 32-bit floats, as cpfg's.
inline void change_scale(TurtleState& t, Op op, const double* p, int np, const WalkConstants& k) {
  if (op == kScaleSet) {
    if (np > 0) t.scale = float(p[0]);
    return;
  }
  const float f = np > 0 ? float(p[0]) : float(k.cpfg->scale_multiplier);
  if (f == 0) return;
  t.scale = op == kScaleUp ? float(t.scale) * f : float(t.scale) / f;
}

// One module's action on the turtle (docs/language.md 6.2), shared by every
// pass; `out` hears of what is drawn, queried or passed on the way.
template <class Output>
inline void act(Turtle& tu, Op op, SymbolId sym, std::uint32_t i, const double* p, int np, const WalkConstants& k,
                Output& out) {
  TurtleState& t = tu.state;
  switch (op) {
    case kNone:
      break;
    case kMoveDraw:
      draw_move(tu, move_length(t, p, np, k), t.width, i, k, out);
      moved(tu, i, k, out);
      break;
    case kMove:
      if (k.bodies.cylinder_moves && t.in_cylinder) place_body(tu, sym, i, p, np, k, out);  // (an f along a cylinder)
      if (k.cpfg) cpfg_move(tu, move_length(t, p, np, k), k, out, true);
      else move(tu, np > 0 ? p[0] : k.step, k);
      moved(tu, i, k, out);
      break;
    case kTurnLeft:  turn(t.H, t.L, +1, p, np, k); break;  // + turns H toward L
    case kTurnRight: turn(t.H, t.L, -1, p, np, k); break;
    case kPitchDown: turn(t.H, t.U, -1, p, np, k); break;  // & turns H toward -U
    case kPitchUp:   turn(t.H, t.U, +1, p, np, k); break;
    case kRollLeft:  turn(t.L, t.U, +1, p, np, k); break;  // \ turns L toward U
    case kRollRight: turn(t.L, t.U, -1, p, np, k); break;
    case kTurnAround:
      t.H = -t.H;
      t.L = -t.L;
      break;
    case kRollHoriz:  // $, and cpfg's @v
      end_node(tu, k, out);
      at_rest(t, k, roll_horizontal);
      break;
    case kPush:
      end_node(tu, k, out);
      push(tu);
      break;
    case kPop:
      end_node(tu, k, out);
      pop(tu);
      break;
    case kWidth:
      if (np > 0) t.width = p[0];
      break;
    case kColour:
      set_colour(t, p, np, k.colour_increment);
      if (k.cpfg) t.colour %= 256;  // cpfg's colour indices wrap in the colour map
      break;
    case kColourDown:
      if (t.colour > 0) --t.colour;
      break;
    // cpfg's {(type[, strips]) and }(type) with a type other than 0 begin and
    // end a generalized cylinder; a type outside 1...4 is ignored, as cpfg's.
    // `.` is a polygon's vertex first, else a control point.
    case kPolyBegin:
      end_node(tu, k, out);
      if (!k.cpfg || np == 0 || p[0] == 0) tu.polygons.open();
      else if (p[0] >= 1 && p[0] < 5) cylinder_start(t, int(p[0]), np > 1 && p[1] >= 1 ? count_param(p[1], 1, kMaxStrips) : kDefaultStrips);
      break;
    case kPolyVertex:
      if (tu.polygons.any() || !k.cpfg) tu.polygons.add(t);
      else if (t.in_cylinder)  // .(n) with |n| < 1 takes the curve's strips, as cpfg's
        cylinder_point(tu, control_point(t), strips_param(p, np > 0 && std::fabs(p[0]) < 1 ? 0 : np, t), i, k, out);
      break;
    case kPolyEnd:
      if (k.cpfg && np > 0 && p[0] != 0) {
        cylinder_end(tu, i, k, out);
        break;
      }
      end_node(tu, k, out);
      tu.polygons.close([&](const Vec3* first, std::size_t count, const OpenPolygons::First& at_first) {
        if (!k.texture(at_first.texture)) return out.polygon(first, count, t.colour, i);
        planar_texels(first, count, at_first, tu.texels);
        out.polygon(first, count, t.colour, i, nullptr, tu.texels.data(), at_first.texture);
      });
      break;
    case kSphere:
      end_node(tu, k, out);
      out.sphere(t, size_param(t, p, np), i);
      break;
    case kQueryP: out.query(i, np, t.pos); break;
    case kQueryH: out.query(i, np, t.H); break;
    case kQueryL: out.query(i, np, t.L); break;
    case kQueryU: out.query(i, np, t.U); break;
    case kQueryE: out.environment(i, t); break;
    case kBody: {  // a body (docs/language.md 7.8): a drawn segment, as F, or B(l, r, ...) in metres
      const bool drawn = k.bodies.row(sym, np).kind == BodyKind::kSegment;
      const double l = drawn ? move_length(t, p, np, k) : p[0] / k.unit;
      place_body(tu, sym, i, p, np, k, out);
      draw_move(tu, l, drawn ? t.width : 2 * p[1] / k.unit, i, k, out);
      if (drawn) moved(tu, i, k, out);
      break;
    }
    case kBase:
      if (k.joints_turn && np >= 6) apply_base(t, p);
      break;
    case kMoveTo:  // @M(x,y,z) or @M(x,y): the turtle jumps there without drawing (CPFG manual 6.1)
      end_node(tu, k, out);
      if (np >= 2) at_rest(t, k, [&](TurtleState& s) { s.pos = Vec3(p[0], p[1], np >= 3 ? p[2] : 0.0); });
      break;
    case kMoveDrawOnly:  // G: F without the polygon vertex
      draw_move(tu, move_length(t, p, np, k), t.width, i, k, out, false);
      break;
    case kMoveOnly:  // g
      cpfg_move(tu, move_length(t, p, np, k), k, out, false);
      break;
    case kWidthUp:   change_width(t, p, np, +1, k); break;
    case kWidthDown: change_width(t, p, np, -1, k); break;
    case kColourSetDown:  // , (cpfg): down by the increment, wrapping in the colour map, or set
      if (np > 0) set_colour(t, p, np, 0);
      else t.colour = ((t.colour - k.colour_increment) % 256 + 256) % 256;
      break;
    case kSurface:  // walk() hands ~ the next module
      break;
    case kDisc:  // @c and cpfg's @o
      end_node(tu, k, out);
      disc(t, size_param(t, p, np), i, out);
      break;
    case kSetHeading:
      end_node(tu, k, out);
      at_rest(t, k, [&](TurtleState& s) { cpfg_set_heading(s, p, np); });
      break;
    case kNodeEnd:  // the other @ modules of cpfg
      end_node(tu, k, out);
      break;
    case kOldElasticity:  // _(e), or _ up by the view file's elasticity increment (cpfg's 32-bit floats)
      t.old_elasticity = np > 0 ? float(p[0]) : float(t.old_elasticity) + float(k.cpfg->elasticity_increment);
      break;
    case kCylinderStart:  // @Gs: a {(1) whose control points are @Gc @Ge . only, the first one here
    case kCylinderPoint:  // @Gc and @Ge outside a cylinder start one, as cpfg's
    case kCylinderEnd:
      end_node(tu, k, out);
      if (op == kCylinderStart || !t.in_cylinder) cylinder_start(t, 0, kDefaultStrips);
      cylinder_point(tu, control_point(t), strips_param(p, np, t), i, k, out);
      if (op == kCylinderEnd) cylinder_end(tu, i, k, out);
      break;
    case kCylinderTangents:
      end_node(tu, k, out);
      if (np > 0) t.tangent[0] = t.tangent[1] = p[0];
      if (np > 1) t.tangent[1] = p[1];
      break;
    case kCylinderRadius:
      end_node(tu, k, out);
      radius_tangents(t, p, np);
      break;
    case kCylinderSides:
      end_node(tu, k, out);
      t.sides = np > 0 ? count_param(p[0], 3, kMaxSides) : 8;
      break;
    case kCylinderContour:
      end_node(tu, k, out);
      t.contour = np > 0 ? count_param(p[0], 0, 1 << 30) : 0;
      break;
    case kTwistMin:  // @Tp (CPFG manual 6.8): the last segment's U turned with the heading only
      end_node(tu, k, out);
      cpfg_adjust_up_and_left(t);
      break;
    case kTwistForce:  // @Tf: the frame as it is becomes the last segment's
      end_node(tu, k, out);
      t.segment_H = t.H;
      t.segment_U = t.U;
      break;
    case kElasticitySet:
    case kElasticityUp:
    case kElasticityDown:
      end_node(tu, k, out);
      change_elasticity(t, op, p, np, k);
      break;
    case kScaleSet:
    case kScaleUp:
    case kScaleDown:
      end_node(tu, k, out);
      change_scale(t, op, p, np, k);
      break;
    case kTexture:  // @Tx(id): as cpfg, an id the view file does not define switches texturing off
      end_node(tu, k, out);
      t.texture = np > 0 && k.texture(count_param(p[0], 0, 1 << 30)) ? count_param(p[0], 0, 1 << 30) : 0;
      break;
    case kJoint:  // J(rh, rl, ru): its rest frame is the state before it turns the turtle
      out.placed(i, BodyKind::kNone, t);
      t.chain_node = nullptr;  // (a joint ends a clothoid chain: rods.hpp)
      if (k.joints_turn && np >= 3) apply_joint(t, p);
      break;
    case kTie:
      out.placed(i, BodyKind::kNone, t);
      break;
    case kCurvature:  // the state of the element after it (rods.hpp)
      tu.curvature = p;
      tu.curvature_np = np;
      tu.curvature_at = i;
      break;
    case kRod:
      if (np < 2) break;  // an S of fewer parameters is an ordinary module (bodies.hpp)
      place_body(tu, sym, i, p, np, k, out);
      rod_move(tu, i, p, np, k, out);
      break;
  }
}

}  // namespace
}  // namespace lsd::interp
