// The 3-D turtle (LANGUAGE.md section 5). One walker serves both drawing and
// filling query modules; it allocates nothing per module beyond the output
// vectors, whose sizes a first pass over the symbols predicts.
#include "interpreter/turtle.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "interpreter/rules.hpp"

namespace lsd::interp {
namespace {

constexpr double kDegToRad = std::numbers::pi / 180.0;

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
  kBody,   // opt.body_sym
  kJoint,  // opt.joint_sym
  kBase,   // @M: the pose of a moving base
};

struct OpTable {
  std::uint8_t op[256] = {};
  SymbolId body = 0, joint = 0;  // for ids >= 256

  explicit OpTable(const TurtleOptions& opt) {
    op['F'] = kMoveDraw;
    op['f'] = kMove;
    op['+'] = kTurnLeft;
    op['-'] = kTurnRight;
    op['&'] = kPitchDown;
    op['^'] = kPitchUp;
    op['\\'] = kRollLeft;
    op['/'] = kRollRight;
    op['|'] = kTurnAround;
    op['$'] = kRollHoriz;
    op['['] = kPush;
    op[']'] = kPop;
    op['!'] = kWidth;
    op[';'] = kColour;
    op[','] = kColourDown;
    op['{'] = kPolyBegin;
    op['.'] = kPolyVertex;
    op['}'] = kPolyEnd;
    op[kSymSphere] = kSphere;
    op[kSymQueryP] = kQueryP;
    op[kSymQueryH] = kQueryH;
    op[kSymQueryL] = kQueryL;
    op[kSymQueryU] = kQueryU;
    op[kSymBase] = kBase;
    // Dynamics symbols override the turtle meaning of the same symbol.
    if (opt.body_sym != 0) {
      if (opt.body_sym < 256) op[opt.body_sym] = kBody; else body = opt.body_sym;
    }
    if (opt.joint_sym != 0) {
      if (opt.joint_sym < 256) op[opt.joint_sym] = kJoint; else joint = opt.joint_sym;
    }
  }
  Op operator()(SymbolId s) const {
    if (s < 256) return Op(op[s]);
    if (s == body) return kBody;
    if (s == joint) return kJoint;
    return kNone;
  }
};

// a' = a cos + b sin, b' = b cos - a sin: the right-handed rotation by the
// angle about a x b, written for the two frame vectors it moves.
inline void rotate_pair(Vec3& a, Vec3& b, double c, double s) {
  const Vec3 a0 = a;
  a = a0 * c + b * s;
  b = b * c - a0 * s;
}

// Rodrigues: v rotated by angle (c = cos, s = sin) about the unit axis k.
inline Vec3 rotate_about(const Vec3& v, const Vec3& k, double c, double s) {
  return v * c + k.cross(v) * s + k * (k.dot(v) * (1 - c));
}

inline void rotate_frame(TurtleState& t, const Vec3& axis, double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  t.H = rotate_about(t.H, axis, c, s);
  t.L = rotate_about(t.L, axis, c, s);
  t.U = rotate_about(t.U, axis, c, s);
}

// ABOP p. 58: H turns toward T by e·|H×T| about H×T. The angle is capped at
// the angle between H and T so that a large e aligns H with T instead of
// overshooting it.
inline void apply_tropism(TurtleState& t, const Vec3& T, double e) {
  const Vec3 a = t.H.cross(T);
  const double n = a.norm();
  if (n < 1e-12) return;
  double alpha = e * n;
  const double theta = std::atan2(n, t.H.dot(T));
  if (alpha > theta) alpha = theta;
  rotate_frame(t, a / n, alpha);
}

// ABOP p. 57: roll about H so that L is horizontal, L = V×H/|V×H|, V = +y.
inline void roll_horizontal(TurtleState& t) {
  const Vec3 v = Vec3(0, 1, 0).cross(t.H);
  const double n = v.norm();
  if (n < 1e-12) return;  // H vertical: no change
  t.L = v / n;
  t.U = t.H.cross(t.L);
}

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
      case kBody:
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

// The walker. With kDraw it fills *geo; with kQuery it writes the parameters
// of query modules in s (which it otherwise only reads); with kFrames it
// records the state at every B and J in *frames, and kRest leaves joints
// unapplied.
template <bool kDraw, bool kQuery, bool kFrames = false, bool kRest = false>
void walk(const ModuleString& s, double* params_out, const TurtleOptions& opt, Geometry* geo,
          std::vector<TurtleState>* frames = nullptr) {
  const OpTable ops(opt);
  const Census census = take_census(s, ops);

  std::vector<TurtleState> stack;
  stack.reserve(census.max_depth);
  std::vector<Vec3> poly_scratch;          // vertices of the open polygons
  std::vector<std::uint32_t> poly_starts;  // where each open polygon starts in poly_scratch
  if constexpr (kDraw) {
    geo->segments.reserve(census.segments);
    geo->spheres.reserve(census.spheres);
  }

  const double ca = std::cos(opt.angle * kDegToRad), sa = std::sin(opt.angle * kDegToRad);
  const bool tropism = opt.tropism && opt.tropism_e != 0;
  const Vec3 T = opt.tropism_dir;
  const double e = opt.tropism_e;

  TurtleState t;
  t.width = opt.width;

  auto record_vertex = [&](const Vec3& p) {
    if (poly_starts.empty()) return;
    if (poly_scratch.size() > poly_starts.back() && (poly_scratch.back() - p).squaredNorm() < 1e-24)
      return;  // same as the previous vertex
    poly_scratch.push_back(p);
  };
  // Cos and sin of a turn: the default angle's, precomputed, or the parameter's.
  auto turn = [&](const double* p, int np, double& c, double& sn) {
    if (np > 0) {
      c = std::cos(p[0] * kDegToRad);
      sn = std::sin(p[0] * kDegToRad);
    } else {
      c = ca;
      sn = sa;
    }
  };

  const std::size_t n = s.size();
  const std::uint32_t* begin = s.param_begin.data();
  const double* params = s.params.data();
  for (std::size_t i = 0; i < n; ++i) {
    const Op op = ops(s.sym[i]);
    if (op == kNone) continue;
    const double* p = params + begin[i];
    const int np = int(begin[i + 1] - begin[i]);
    double c, sn;
    switch (op) {
      case kNone:
        break;
      case kMoveDraw: {
        const double l = np > 0 ? p[0] : opt.step;
        const Vec3 p0 = t.pos;
        t.pos += t.H * l;
        if constexpr (kDraw) geo->segments.push_back({p0, t.pos, t.width, t.colour, std::uint32_t(i)});
        if (!poly_starts.empty()) record_vertex(t.pos);
        if (tropism) apply_tropism(t, T, e);
        break;
      }
      case kMove:
        t.pos += t.H * (np > 0 ? p[0] : opt.step);
        if (!poly_starts.empty()) record_vertex(t.pos);
        break;
      case kTurnLeft:
        turn(p, np, c, sn);
        rotate_pair(t.H, t.L, c, sn);
        break;
      case kTurnRight:
        turn(p, np, c, sn);
        rotate_pair(t.H, t.L, c, -sn);
        break;
      case kPitchDown:  // H toward -U
        turn(p, np, c, sn);
        rotate_pair(t.H, t.U, c, -sn);
        break;
      case kPitchUp:
        turn(p, np, c, sn);
        rotate_pair(t.H, t.U, c, sn);
        break;
      case kRollLeft:  // L toward U
        turn(p, np, c, sn);
        rotate_pair(t.L, t.U, c, sn);
        break;
      case kRollRight:
        turn(p, np, c, sn);
        rotate_pair(t.L, t.U, c, -sn);
        break;
      case kTurnAround:
        t.H = -t.H;
        t.L = -t.L;
        break;
      case kRollHoriz:
        roll_horizontal(t);
        break;
      case kPush:
        stack.push_back(t);
        break;
      case kPop:
        if (!stack.empty()) {
          t = stack.back();
          stack.pop_back();
        }
        break;
      case kWidth:
        if (np > 0) t.width = p[0];
        break;
      case kColour:
        // clamped before the conversion: ;(1e300) must not overflow an int
        if (np > 0) t.colour = p[0] > 0 ? int(std::min(p[0], 1e6)) : 0;
        else if (t.colour < 1000000) ++t.colour;
        break;
      case kColourDown:
        if (t.colour > 0) --t.colour;
        break;
      case kPolyBegin:
        poly_starts.push_back(std::uint32_t(poly_scratch.size()));
        break;
      case kPolyVertex:
        record_vertex(t.pos);
        break;
      case kPolyEnd:
        if (!poly_starts.empty()) {
          const std::uint32_t first = poly_starts.back();
          poly_starts.pop_back();
          std::size_t count = poly_scratch.size() - first;
          // A closing vertex equal to the first adds nothing.
          if (count >= 2 && (poly_scratch.back() - poly_scratch[first]).squaredNorm() < 1e-24) --count;
          if constexpr (kDraw) {
            if (count >= 3) {
              geo->polygons.push_back({std::uint32_t(geo->polygon_vertices.size()), std::uint32_t(count), t.colour});
              geo->polygon_vertices.insert(geo->polygon_vertices.end(), poly_scratch.begin() + first,
                                           poly_scratch.begin() + first + count);
            }
          }
          poly_scratch.resize(first);
        }
        break;
      case kSphere:
        if constexpr (kDraw)
          geo->spheres.push_back({t.pos, np > 0 ? p[0] : t.width, t.colour, std::uint32_t(i)});
        break;
      case kQueryP:
      case kQueryH:
      case kQueryL:
      case kQueryU:
        if constexpr (kQuery) {
          if (np == 3) {
            const Vec3& v = op == kQueryP ? t.pos : op == kQueryH ? t.H : op == kQueryL ? t.L : t.U;
            double* out = params_out + begin[i];
            out[0] = v.x();
            out[1] = v.y();
            out[2] = v.z();
          }
        }
        break;
      case kBody: {  // B(l, r, ...): a cylinder of radius r along H, then move l
        if constexpr (kFrames) frames->push_back(t);
        const double l = np > 0 ? p[0] : opt.step;
        const double w = np > 1 ? 2 * p[1] : t.width;
        const Vec3 p0 = t.pos;
        t.pos += t.H * l;
        if constexpr (kDraw) geo->segments.push_back({p0, t.pos, w, t.colour, std::uint32_t(i)});
        if (!poly_starts.empty()) record_vertex(t.pos);
        if (tropism) apply_tropism(t, T, e);
        break;
      }
      case kBase: {  // @M(p, r, ...): the base body's pose; the turtle moves with it
        if (kRest || np < 6) break;
        const Vec3 r(p[3], p[4], p[5]);
        const double angle = r.norm();
        if (angle > 0) {
          const Vec3 k = r / angle;
          t.pos = rotate_about(t.pos, k, std::cos(angle), std::sin(angle));
          rotate_frame(t, k, angle);
        }
        t.pos += Vec3(p[0], p[1], p[2]);
        break;
      }
      case kJoint: {  // R_new = R_rest · exp([r]), r in rest-frame components
        if constexpr (kFrames) frames->push_back(t);
        if (kRest || np < 3) break;
        const Vec3 r = t.H * p[0] + t.L * p[1] + t.U * p[2];
        const double angle = r.norm();
        if (angle > 0) rotate_frame(t, r / angle, angle);
        break;
      }
    }
  }
  if constexpr (kDraw) geo->final_state = t;
}

}  // namespace

TurtleOptions turtle_options(const RuleSet& rules) {
  TurtleOptions opt;
  opt.angle = rules.angle;
  opt.step = rules.step;
  opt.width = rules.width;
  if (rules.has_tropism) {
    opt.tropism = true;
    opt.tropism_dir = Vec3(rules.tropism[0], rules.tropism[1], rules.tropism[2]);
    opt.tropism_e = rules.tropism[3];
  }
  if (rules.dynamics.enabled) {
    opt.body_sym = rules.dynamics.body;
    opt.joint_sym = rules.dynamics.joint;
  }
  return opt;
}

std::array<float, 3> palette_rgb(int colour) {
  static constexpr float kPalette[16][3] = {
      {0.30f, 0.48f, 0.16f},  // 0 stem green
      {0.42f, 0.27f, 0.14f},  // 1 bark brown
      {0.20f, 0.58f, 0.20f},  // 2 leaf green
      {0.95f, 0.78f, 0.18f},  // 3 yellow
      {0.82f, 0.18f, 0.16f},  // 4 red
      {0.96f, 0.72f, 0.80f},  // 5 petal pink
      {0.55f, 0.33f, 0.72f},  // 6 purple
      {0.96f, 0.52f, 0.12f},  // 7 orange
      {0.28f, 0.45f, 0.82f},  // 8 blue
      {0.12f, 0.36f, 0.14f},  // 9 dark green
      {0.93f, 0.93f, 0.88f},  // 10 white
      {0.60f, 0.70f, 0.22f},  // 11 yellow green
      {0.62f, 0.42f, 0.26f},  // 12 light wood
      {0.75f, 0.10f, 0.40f},  // 13 magenta
      {0.20f, 0.65f, 0.60f},  // 14 teal
      {0.35f, 0.35f, 0.35f},  // 15 grey
  };
  const int i = ((colour % 16) + 16) % 16;
  return {kPalette[i][0], kPalette[i][1], kPalette[i][2]};
}

bool Geometry::bounds(Vec3* lo, Vec3* hi) const {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  Vec3 a(kInf, kInf, kInf), b(-kInf, -kInf, -kInf);
  auto add = [&](const Vec3& p, double r) {
    a = a.cwiseMin(p - Vec3::Constant(r));
    b = b.cwiseMax(p + Vec3::Constant(r));
  };
  for (const Geometry::Segment& sg : segments) {
    add(sg.p0, sg.width / 2);
    add(sg.p1, sg.width / 2);
  }
  for (const Geometry::Sphere& sp : spheres) add(sp.centre, sp.diameter / 2);
  for (const Vec3& v : polygon_vertices) add(v, 0);
  if (!(a.x() <= b.x())) return false;
  *lo = a;
  *hi = b;
  return true;
}

Geometry interpret(const ModuleString& s, const TurtleOptions& opt) {
  Geometry g;
  walk<true, false>(s, nullptr, opt, &g);
  return g;
}

void fill_queries(ModuleString& s, const TurtleOptions& opt) {
  walk<false, true>(s, s.params.data(), opt, nullptr);
}

std::vector<TurtleState> body_joint_frames(const ModuleString& s, const TurtleOptions& opt, bool rest_pose) {
  std::vector<TurtleState> frames;
  if (opt.body_sym == 0 && opt.joint_sym == 0) return frames;
  if (rest_pose) walk<false, false, true, true>(s, nullptr, opt, nullptr, &frames);
  else walk<false, false, true, false>(s, nullptr, opt, nullptr, &frames);
  return frames;
}

}  // namespace lsd::interp
