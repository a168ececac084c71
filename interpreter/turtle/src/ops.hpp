// What the walker does with each symbol (docs/language.md 6.2; cpfg's
// modules, 9.2): one table lookup per module, and the first pass that sizes
// the walk's stack and outputs.
// A private header of the walk, which only turtle.cpp includes (see there).
#pragma once
#include <cstddef>
#include <cstdint>

#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {
namespace {

// What the walker does with a symbol; table-driven so that the inner loop is
// one load and one switch.
enum Op : std::uint8_t {
  kNone,
  kMoveDraw,    // F
  kMove,        // f
  kTurnLeft,    // +
  kTurnRight,   // -
  kPitchDown,   // &
  kPitchUp,     // ^
  kRollLeft,    // backslash
  kRollRight,   // /
  kTurnAround,  // |
  kRollHoriz,   // $
  kPush,        // [
  kPop,         // ]
  kWidth,       // !
  kColour,      // ;
  kColourDown,  // ,
  kPolyBegin,   // {
  kPolyVertex,  // .
  kPolyEnd,     // }
  kSphere,      // @O
  kQueryP,
  kQueryH,
  kQueryL,
  kQueryU,
  kQueryE,  // ?E: asked of an environment program (environment.hpp)
  kBody,   // opt.body_sym
  kJoint,  // opt.joint_sym
  kBase,   // @Base: the pose of a moving base
  kMoveTo,  // @M(x,y,z): cpfg's turtle move
  kTie,     // @Tie: a frame for the dynamics (draws nothing)
  kRod,        // opt.rod_sym: a curved rod element (rods.hpp)
  kCurvature,  // opt.curvature_sym: the live state of the element after it
  // cpfg models only (TurtleOptions::cpfg)
  kMoveDrawOnly,   // G: F that records no polygon vertex
  kMoveOnly,       // g: f that records no polygon vertex
  kWidthUp,        // #: width + increment, #(w) sets it
  kWidthDown,      // !: width - increment, !(w) sets it
  kColourSetDown,  // ,: colour - increment, ,(i) sets it
  kSurface,        // ~: the predefined surface named by the next module
  kDisc,           // @c(d) @o(d): a disc in the plane of H and L
  kSetHeading,     // @R(hx,hy,hz[,ux,uy,uz])
  kCylinderStart,  // @Gs: a generalized cylinder starts here
  kCylinderPoint,  // @Gc: a control point, the cylinder drawn from the last one
  kCylinderEnd,    // @Ge: the last control point
  kCylinderTangents,  // @Gt(a, b)
  kCylinderRadius,    // @Gr(a1, l1, a2, l2) or @Gr(flag)
  kCylinderSides,     // @!(n)
  kCylinderContour,   // @#(id)
  kTwistMin,          // @Tp: U and L carried without twist from the last F
  kTwistForce,        // @Tf: the frame as it is becomes the last F's
  kElasticitySet,  // @Ts(id, e): the elasticity of the view file's tropism id (1...)
  kElasticityUp,   // @Ti(id[, d]) and @T: up by d, else by the tropism's S:
  kElasticityDown, // @Td(id[, d]): down by d, else by S:
  kTexture,        // @Tx(id): the view file's texture id, 0 none
  kOldElasticity,  // _(e): the elasticity of the view file's old tropism
  kScaleSet,       // @D(s): the turtle scale
  kScaleUp,        // @Di(f): times f, else the view file's scale multiplier
  kScaleDown,      // @Dd(f): divided by f, else by the scale multiplier
  kNodeEnd,        // cpfg's other @ modules: they end the last F's node (its segment's end width)
};

struct OpTable {
  std::uint8_t op[256] = {};
  SymbolId body = 0, joint = 0, rod = 0, curvature = 0;  // for ids >= 256

  explicit OpTable(const TurtleOptions& opt) {
    op[std::uint8_t('F')] = kMoveDraw;
    op[std::uint8_t('f')] = kMove;
    op[std::uint8_t('+')] = kTurnLeft;
    op[std::uint8_t('-')] = kTurnRight;
    op[std::uint8_t('&')] = kPitchDown;
    op[std::uint8_t('^')] = kPitchUp;
    op[std::uint8_t('\\')] = kRollLeft;
    op[std::uint8_t('/')] = kRollRight;
    op[std::uint8_t('|')] = kTurnAround;
    op[std::uint8_t('$')] = kRollHoriz;
    op[std::uint8_t('[')] = kPush;
    op[std::uint8_t(']')] = kPop;
    op[std::uint8_t('!')] = kWidth;
    op[std::uint8_t(';')] = kColour;
    op[std::uint8_t(',')] = kColourDown;
    op[std::uint8_t('{')] = kPolyBegin;
    op[std::uint8_t('.')] = kPolyVertex;
    op[std::uint8_t('}')] = kPolyEnd;
    op[kSymSphere] = kSphere;
    op[kSymQueryP] = kQueryP;
    op[kSymQueryH] = kQueryH;
    op[kSymQueryL] = kQueryL;
    op[kSymQueryU] = kQueryU;
    op[kSymQueryE] = kQueryE;
    op[kSymBase] = kBase;
    op[kSymMove] = kMoveTo;
    if (opt.cpfg) {  // cpfg's alphabet (CPFG manual 6; cpfg's interpret.c and blackbox.c)
      op[std::uint8_t('G')] = kMoveDrawOnly;
      op[std::uint8_t('g')] = kMoveOnly;
      op[std::uint8_t('#')] = kWidthUp;
      op[std::uint8_t('!')] = kWidthDown;
      op[std::uint8_t(',')] = kColourSetDown;
      op[std::uint8_t('$')] = kNone;  // the end of a sub-L-system, not a roll
      op[std::uint8_t('~')] = kSurface;
      op[kSymCircleScreen] = kDisc;    // @o: as cpfg's rayshade output, a disc in the plane of H and L
      op[kSymCircle] = kDisc;
      op[kSymVertical] = kRollHoriz;
      op[kSymHeading] = kSetHeading;
      op[kSymGcStart] = kCylinderStart;
      op[kSymGcPoint] = kCylinderPoint;
      op[kSymGcEnd] = kCylinderEnd;
      op[kSymGcTangents] = kCylinderTangents;
      op[kSymGcRadius] = kCylinderRadius;
      op[kSymGcSides] = kCylinderSides;
      op[kSymGcContour] = kCylinderContour;
      op[kSymTwistMin] = kTwistMin;
      op[kSymTwistForce] = kTwistForce;
      op[std::uint8_t('_')] = kOldElasticity;
      op[kSymTropismSet] = kElasticitySet;
      op[kSymTropismUp] = op[kSymTropismUp2] = kElasticityUp;
      op[kSymTropismDown] = kElasticityDown;
      op[kSymTexture] = kTexture;
      op[kSymScale] = kScaleSet;
      op[kSymScaleUp] = kScaleUp;
      op[kSymScaleDown] = kScaleDown;
      for (SymbolId id = kSymSphere; id < kSymQueryE; ++id)  // every @ module ends a node in cpfg
        if (op[id] == kNone && (id < kSymQueryP || id > kSymQueryU)) op[id] = kNodeEnd;
    }
    if (opt.body_sym != 0) op[kSymTie] = op[kSymGraft] = op[kSymWeld] = kTie;  // frames for the dynamics
    // Dynamics symbols override the turtle meaning of the same symbol.
    if (opt.body_sym != 0) {
      if (opt.body_sym < 256) op[opt.body_sym] = kBody; else body = opt.body_sym;
    }
    if (opt.joint_sym != 0) {
      if (opt.joint_sym < 256) op[opt.joint_sym] = kJoint; else joint = opt.joint_sym;
    }
    if (opt.rod_sym != 0) {
      if (opt.rod_sym < 256) op[opt.rod_sym] = kRod; else rod = opt.rod_sym;
    }
    if (opt.curvature_sym != 0) {
      if (opt.curvature_sym < 256) op[opt.curvature_sym] = kCurvature; else curvature = opt.curvature_sym;
    }
  }
  Op operator()(SymbolId s) const {
    if (s < 256) return Op(op[s]);
    if (s == body) return kBody;
    if (s == joint) return kJoint;
    if (s == rod) return kRod;
    if (s == curvature) return kCurvature;
    return kNone;
  }
};

// First pass: the depth of the state stack and the sizes of the outputs.
struct Census {
  std::size_t max_depth = 0, segments = 0, spheres = 0;
};

Census take_census(const ModuleString& s, const OpTable& ops) {
  Census c;
  std::size_t depth = 0;
  const std::size_t n = s.size();
  for (std::size_t i = 0; i < n; ++i) {
    switch (ops(s.sym[i])) {
      case kPush:
        if (++depth > c.max_depth) c.max_depth = depth;
        break;
      case kPop:
        if (depth > 0) --depth;
        break;
      case kMoveDraw:
      case kMoveDrawOnly:
      case kCylinderPoint:
      case kCylinderEnd:
      case kBody:
      case kRod:
        ++c.segments;
        break;
      case kSphere:
        ++c.spheres;
        break;
      default:
        break;
    }
  }
  return c;
}

}  // namespace
}  // namespace lsd::interp
