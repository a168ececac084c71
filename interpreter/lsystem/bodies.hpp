// What carries a body of a living plant (docs/language.md 7.8,
// docs/architecture.md "the path from a file to a frame"): one table of the
// kinds of module that carry one and where, and one predicate, carries_body,
// which every pass asks: the turtle's rest walk that places the model's
// bodies (turtle.hpp: rest_frames), and the joints of joints: auto
// (auto_joints.hpp), which reads the polygons and generalized cylinders
// around a module with polygon_step and cylinder_after below, as the turtle
// sees them. A new kind of body is one row here (and its mesh where the
// turtle draws it).
#pragma once
#include <cstdint>

#include "interpreter/lsystem/module_string.hpp"

namespace lsd::interp {

// Where a kind of module carries a body.
enum class BodyWhere : std::uint8_t {
  kNowhere,
  kOutsidePolygons,  // outside every open polygon (inside one, cpfg makes vertices: drawing, not a body)
  kInCylinder,       // in an open generalized cylinder, outside polygons
  kAnywhere,
};

// Where the turtle stands at a module: in an open polygon, in an open
// generalized cylinder.
struct BodyContext {
  bool in_polygon = false;
  bool in_cylinder = false;
};

// The one predicate: whether a module that carries bodies `where` carries
// one where the turtle stands.
constexpr bool carries_body(BodyWhere where, BodyContext at) {
  switch (where) {
    case BodyWhere::kOutsidePolygons: return !at.in_polygon;
    case BodyWhere::kInCylinder: return at.in_cylinder && !at.in_polygon;
    case BodyWhere::kAnywhere: return true;
    case BodyWhere::kNowhere: break;
  }
  return false;
}

// The kinds of body a module of the drawn string carries.
enum class BodyKind : std::uint8_t {
  kNone,
  kSolid,         // B(l, r[, rho[, E]]): a cylinder in metres
  kSegment,       // a drawn segment: F, or B with fewer than two parameters (any B of a .l model)
  kCylinderMove,  // an f along an open generalized cylinder (a .l model with joints: auto)
  kRod,           // S(l, r[, t0, k1, k2[, rho, E]]): a curved rod element in metres (docs/language.md 7.9)
};

// One row of the table: a kind, where it carries a body, and whether one of
// no length is drawing instead (its length: its parameter, else step:).
struct BodyRow {
  BodyKind kind = BodyKind::kNone;
  BodyWhere where = BodyWhere::kNowhere;
  bool sized = false;
};

inline constexpr BodyRow kSolidRow{BodyKind::kSolid, BodyWhere::kAnywhere, false};
inline constexpr BodyRow kSegmentRow{BodyKind::kSegment, BodyWhere::kOutsidePolygons, true};
inline constexpr BodyRow kCylinderMoveRow{BodyKind::kCylinderMove, BodyWhere::kInCylinder, true};
inline constexpr BodyRow kRodRow{BodyKind::kRod, BodyWhere::kAnywhere, false};

// The parameters of a rod element S(l, r[, t0, k1, k2[, rho, E]])
// (docs/language.md 7.9), in metres and 1/m; a count other than 2, 5 or 7
// is not an element (the body layout says so).
struct RodParams {
  double length = 0, radius = 0;
  double rest[3] = {0, 0, 0};  // t0, k1, k2
  bool has_material = false;   // rho and E given
  double density = 0, young = 0;
};
inline bool rod_params(const double* p, int np, RodParams& out) {
  if (np != 2 && np != 5 && np != 7) return false;
  out.length = p[0];
  out.radius = p[1];
  for (int a = 0; a < 3; ++a) out.rest[a] = np >= 5 ? p[2 + a] : 0.0;
  out.has_material = np == 7;
  if (np == 7) {
    out.density = p[5];
    out.young = p[6];
  }
  return true;
}

// The rows of one model: which row a module is, by its symbol and its
// number of parameters.
struct BodyTable {
  SymbolId body = 0;            // the body symbol; 0: the model has no bodies
  bool cylinder_moves = false;  // DynamicsSpec::cylinder_moves: f along a generalized cylinder carries one
  bool cpfg = false;            // a .l model: every body module is a drawn segment
  double step = 1;              // the length of a drawn segment without a parameter
  SymbolId rod = 0;             // the symbol of curved rod elements; 0: none

  BodyRow row(SymbolId sym, int np) const {
    if (body != 0 && sym == body) return cpfg || np < 2 ? kSegmentRow : kSolidRow;
    if (rod != 0 && sym == rod && np >= 2) return kRodRow;  // (an S of fewer is an ordinary module)
    if (cylinder_moves && sym == SymbolId('f')) return kCylinderMoveRow;
    return {};
  }
  // The length of a drawn segment with parameters p[np], in turtle units.
  double drawn_length(const double* p, int np) const { return np > 0 ? p[0] : step; }
  // What module (sym, p[np]) carries where the turtle stands (kNone: nothing).
  BodyKind kind(SymbolId sym, const double* p, int np, BodyContext at) const {
    const BodyRow r = row(sym, np);
    if (!carries_body(r.where, at)) return BodyKind::kNone;
    if (r.sized && !(drawn_length(p, np) > 0)) return BodyKind::kNone;  // a segment of no length is drawing
    return r.kind;
  }
};

// How module s[i] changes the depth of open polygons, as the turtle sees it
// (docs/language.md 6.3; in a .l file `{(t)` and `}(t)` with a type other
// than 0 are generalized cylinders, 9.2): +1 opens one, -1 closes one, 0
// neither. The depth never goes below 0 (a `}` with none open does nothing).
inline int polygon_step(bool cpfg, SymbolId sym, const double* p, int np) {
  if (sym == '{') return !cpfg || np == 0 || p[0] == 0 ? 1 : 0;
  if (sym == '}') return cpfg && np > 0 && p[0] != 0 ? 0 : -1;
  return 0;
}

// Whether a cpfg generalized cylinder (docs/language.md 9.2) is open after
// module s[i], given whether one was open before it, as the turtle sees it:
// @Gs opens one, @Gc too when none is open, @Ge closes it; {(t) with t in
// 1...4 opens one and }(t) with t other than 0 closes it. `[` and `]` save
// and restore the state with the turtle's (the caller's part).
inline bool cylinder_after(bool cpfg, SymbolId sym, const double* p, int np, bool open) {
  if (!cpfg) return open;
  if (sym == '{') return np > 0 && p[0] >= 1 && p[0] < 5 ? true : open;
  if (sym == '}') return np > 0 && p[0] != 0 ? false : open;
  if (sym == kSymGcStart || sym == kSymGcPoint) return true;
  if (sym == kSymGcEnd) return false;
  return open;
}

}  // namespace lsd::interp
