// The 3-D turtle (LANGUAGE.md section 5). One walker applies every module's
// action to the turtle; small output policies decide what a pass keeps of it
// (the drawing, the query parameters, the body and joint frames).
#include "interpreter/turtle/turtle.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "interpreter/cpfg/view.hpp"
#include "interpreter/cpfg/spline_functions.hpp"
#include "interpreter/lsystem/rules.hpp"

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
  kQueryE,  // ?E: asked of an environment program (environment.hpp)
  kBody,   // opt.body_sym
  kJoint,  // opt.joint_sym
  kBase,   // @Base: the pose of a moving base
  kMoveTo,  // @M(x,y,z): cpfg's turtle move
  kTie,     // @Tie: a frame for the dynamics (draws nothing)
  // cpfg models only (TurtleOptions::cpfg)
  kMoveDrawOnly,   // G: F that records no polygon vertex
  kMoveOnly,       // g: f that records no polygon vertex
  kWidthUp,        // #: width + increment, #(w) sets it
  kWidthDown,      // !: width - increment, !(w) sets it
  kColourSetDown,  // ,: colour - increment, ,(i) sets it
  kSurface,        // ~: the predefined surface named by the next module
  kDisc,           // @c(d): a disc in the plane of H and L
  kSetHeading,     // @R(hx,hy,hz[,ux,uy,uz])
  kCylinderStart,  // @Gs: a generalized cylinder starts here
  kCylinderPoint,  // @Gc: a control point, the cylinder drawn from the last one
  kCylinderEnd,    // @Ge: the last control point
  kCylinderTangents,  // @Gt(a, b)
  kCylinderRadius,    // @Gr(a1, l1, a2, l2) or @Gr(flag)
  kCylinderSides,     // @!(n)
  kCylinderContour,   // @#(id)
  kTwistMin,          // @Tp: U and L carried without twist from the last F
  kElasticitySet,  // @Ts(id, e): the elasticity of the view file's tropism id (1...)
  kElasticityUp,   // @Ti(id[, d]) and @T: up by d, else by the tropism's S:
  kElasticityDown, // @Td(id[, d]): down by d, else by S:
  kTexture,        // @Tx(id): the view file's texture id, 0 none
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
    op[kSymQueryE] = kQueryE;
    op[kSymBase] = kBase;
    op[kSymMove] = kMoveTo;
    if (opt.cpfg) {  // cpfg's alphabet (CPFG manual 6; cpfg's interpret.c and blackbox.c)
      op['G'] = kMoveDrawOnly;
      op['g'] = kMoveOnly;
      op['#'] = kWidthUp;
      op['!'] = kWidthDown;
      op[','] = kColourSetDown;
      op['$'] = kNone;  // the end of a sub-L-system, not a roll
      op['~'] = kSurface;
      op[kSymCircleScreen] = kSphere;  // a disc facing the viewer: lsd draws a sphere
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
      op[kSymTropismSet] = kElasticitySet;
      op[kSymTropismUp] = op[kSymTropismUp2] = kElasticityUp;
      op[kSymTropismDown] = kElasticityDown;
      op[kSymTexture] = kTexture;
    }
    if (opt.body_sym != 0) op[kSymTie] = kTie;
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
      case kMoveDrawOnly:
      case kCylinderPoint:
      case kCylinderEnd:
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

// ---- The turtle's actions, the same in every pass.

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
  bool pixel_lines = false;  // cpfg's line style pixel: generalized cylinders are lines along their axis
  const std::vector<Texture>* textures = nullptr;  // a cpfg model's textures (@Tx), id 1 first
  double width_increment = 0;
  int colour_increment = 1;

  WalkConstants(const TurtleOptions& opt, bool rest)
      : step(opt.step),
        cos_angle(std::cos(opt.angle * kDegToRad)),
        sin_angle(std::sin(opt.angle * kDegToRad)),
        rest_pose(rest),
        cpfg(opt.cpfg),
        contours(opt.contours) {
    if (opt.tropism && opt.tropism_e != 0) tropisms.push_back({opt.tropism_dir, opt.tropism_e});
    if (!cpfg) return;
    pixel_lines = cpfg->line_style == CpfgView::LineStyle::kPixel;
    textures = cpfg->textures.get();
    width_increment = cpfg->width_increment;
    colour_increment = cpfg->colour_increment;
    // The view file's tropisms (CPFG manual 8.1.8), bent as ABOP's: the old
    // one (tropism direction, initial elasticity) and every `tropism:` line.
    // The `tropism:` lines bend with the turtle's elasticities (TurtleState).
    if (cpfg->elasticity != 0) tropisms.push_back({cpfg->old_tropism, cpfg->elasticity});
  }
  // Texture id's image, or null (0, an id the view file does not define, or an image it could not read).
  const Texture* texture(int id) const {
    if (!textures || id < 1 || std::size_t(id) > textures->size()) return nullptr;
    const Texture& t = (*textures)[std::size_t(id - 1)];
    return t.width > 0 ? &t : nullptr;
  }
};

// The `tropism:` lines of a cpfg view file, each with the elasticity the
// turtle carries for it (a `torque:` line does not bend).
inline void apply_view_tropisms(TurtleState& t, const WalkConstants& k) {
  if (!k.cpfg) return;
  const auto& lines = k.cpfg->tropisms;
  for (std::size_t i = 0; i < lines.size() && i < t.elasticity.size(); ++i)
    if (!lines[i].torque && t.elasticity[i] != 0) apply_tropism(t, lines[i].dir, t.elasticity[i]);
}

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

// The polygons opened by `{` and not yet closed: their vertices in one
// scratch buffer, and where each polygon starts in it, with the turtle at
// its first vertex (whose texture and frame map a texture on it, as cpfg).
struct OpenPolygons {
  std::vector<Vec3> vertices;
  std::vector<std::uint32_t> starts;
  // What a texture needs of the turtle at a polygon's first vertex.
  struct First {
    Vec3 H{0, 1, 0}, L{-1, 0, 0};
    int texture = 0;
  };
  std::vector<First> firsts;  // (starts)

  bool any() const { return !starts.empty(); }
  void open() {
    starts.push_back(std::uint32_t(vertices.size()));
    firsts.emplace_back();
  }
  // Records the turtle's position in the innermost polygon, unless it repeats the previous vertex.
  void add(const TurtleState& t) {
    if (starts.empty()) return;
    if (vertices.size() == starts.back()) firsts.back() = {t.H, t.L, t.texture};
    else if ((vertices.back() - t.pos).squaredNorm() < 1e-24) return;
    vertices.push_back(t.pos);
  }
  // Closes the innermost polygon and hands its vertices and the turtle at
  // its first vertex to emit(first, count, turtle) if there are at least 3.
  template <class Emit>
  void close(Emit&& emit) {
    if (starts.empty()) return;
    const std::uint32_t first = starts.back();
    starts.pop_back();
    std::size_t count = vertices.size() - first;
    // A closing vertex equal to the first adds nothing.
    if (count >= 2 && (vertices.back() - vertices[first]).squaredNorm() < 1e-24) --count;
    if (count >= 3) emit(vertices.data() + first, count, firsts.back());
    vertices.resize(first);
    firsts.pop_back();
  }
};

using ControlPoint = TurtleState::ControlPoint;

// The control points a closed or B-spline curve of a generalized cylinder
// keeps (cpfg's point stack): its last three, oldest first, and its first
// three, to close it with.
struct SplinePoints {
  std::array<ControlPoint, 3> last, first;
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
};

// F f B: move l along H; inside a polygon the end point is a vertex
// (not for cpfg's G and g). A textured turtle's texture coordinate advances.
inline void move(Turtle& tu, double l, const WalkConstants& k, bool vertex = true) {
  TurtleState& t = tu.state;
  t.pos += t.H * l;
  if (t.texture != 0)
    if (const Texture* tex = k.texture(t.texture)) t.tex_t += texture_advance(*tex, t.width, std::abs(l));
  if (vertex && tu.polygons.any()) tu.polygons.add(t);
}

// A textured polygon's texture coordinates (cpfg's SetPolygonTextureParams):
// s along the right (-L) and t along the heading of the turtle at its first
// vertex, each spanning the polygon's extent from 0 to 1.
inline void planar_texels(const Vec3* v, std::size_t count, const OpenPolygons::First& first, std::vector<Vec2f>& uv) {
  const Vec3 s_axis = -first.L, t_axis = first.H;
  double lo[2] = {1e300, 1e300}, hi[2] = {-1e300, -1e300};
  for (std::size_t j = 0; j < count; ++j) {
    const double st[2] = {v[j].dot(s_axis), v[j].dot(t_axis)};
    for (int a = 0; a < 2; ++a) lo[a] = std::min(lo[a], st[a]), hi[a] = std::max(hi[a], st[a]);
  }
  uv.resize(count);
  for (std::size_t j = 0; j < count; ++j) {
    const double st[2] = {v[j].dot(s_axis), v[j].dot(t_axis)};
    for (int a = 0; a < 2; ++a) uv[j][a] = hi[a] > lo[a] ? float((st[a] - lo[a]) / (hi[a] - lo[a])) : 0.f;
  }
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

// cpfg's # and !: w sets the width, no parameter adds sign x the increment.
// Widths stay positive, as cpfg's MinWidth.
inline void change_width(TurtleState& t, const double* p, int np, double sign, const WalkConstants& k) {
  t.width = np > 0 ? p[0] : t.width + sign * k.width_increment;
  if (!(t.width > 1e-6)) t.width = 1e-6;
}

// @R(hx,hy,hz[,ux,uy,uz]): the heading (and up) set; without an up, the
// frame turns as little as it can (cpfg's adjust_up_and_left).
inline void set_heading(TurtleState& t, const double* p, int np) {
  if (np < 2) return;
  Vec3 h(p[0], p[1], np > 2 ? p[2] : 0.0);
  if (!(h.norm() > 0)) h = Vec3(0, 1, 0);
  h.normalize();
  Vec3 u = np >= 6 ? Vec3(p[3], p[4], p[5]) : t.U;
  u -= h * h.dot(u);
  if (!(u.norm() > 1e-9)) u = t.L.cross(h);
  if (!(u.norm() > 1e-9)) u = h.unitOrthogonal();
  t.H = h;
  t.U = u.normalized();
  t.L = t.U.cross(t.H);
}

// @c(d): a disc of diameter d in the plane of H and L, centred at the turtle.
template <class Output>
inline void disc(const TurtleState& t, double d, std::uint32_t module, Output& out) {
  constexpr int kSides = 16;
  Vec3 v[kSides];
  for (int k = 0; k < kSides; ++k) {
    const double a = 2 * std::numbers::pi * k / kSides;
    v[k] = t.pos + (t.L * std::cos(a) + t.H * std::sin(a)) * (d / 2);
  }
  out.polygon(v, kSides, t.colour, module);
}

// The Bernstein cubics at u.
inline std::array<double, 4> bernstein(double u) {
  const double w = 1 - u;
  return {w * w * w, 3 * u * w * w, 3 * u * u * w, u * u * u};
}

// ~X(sx,sy,sz): the predefined surface X of the view file (bicubic patches,
// each drawn as precision x precision quads), placed in the turtle's frame
// and scaled along L, H, U; the turtle moves to its end point (cpfg's
// patches.c). A surface the view file does not define draws nothing. Its
// texture (the surface line's, else the turtle's) is mapped once over the
// whole surface's extent in L and H (a texture with S:), else once on each
// patch.
template <class Output>
inline void surface(Turtle& tu, SymbolId id, const double* p, int np, const WalkConstants& k, std::uint32_t module,
                    Output& out) {
  if (!k.cpfg || id >= 128) return;
  const auto it = k.cpfg->surfaces.find(char(id));
  if (it == k.cpfg->surfaces.end()) return;
  const CpfgSurface& sf = it->second;
  const TurtleState& t = tu.state;
  const Vec3 scale = np == 0 ? Vec3(1, 1, 1) : np < 3 ? Vec3(p[0], p[0], p[0]) : Vec3(p[0], p[1], p[2]);
  auto place = [&](const Vec3& q) {
    return t.pos + t.L * (q.x() * scale.x()) + t.H * (q.y() * scale.y()) + t.U * (q.z() * scale.z());
  };
  const int n = std::max(1, sf.precision);
  const std::size_t per = std::size_t((n + 1) * (n + 1));
  // the points of every patch in the surface's own axes, patch after patch
  std::vector<Vec3> local(per * sf.patches.size());
  Eigen::Vector2d lo(1e300, 1e300), hi(-1e300, -1e300);
  for (std::size_t p = 0; p < sf.patches.size(); ++p)
    for (int a = 0; a <= n; ++a)
      for (int b = 0; b <= n; ++b) {
        const auto bu = bernstein(double(a) / n), bv = bernstein(double(b) / n);
        Vec3 q = Vec3::Zero();
        for (int r = 0; r < 4; ++r)
          for (int c = 0; c < 4; ++c)
            q += bu[std::size_t(r)] * bv[std::size_t(c)] * sf.patches[p][std::size_t(4 * r + c)];
        local[p * per + std::size_t(a * (n + 1) + b)] = q;
        lo = lo.cwiseMin(q.head<2>());
        hi = hi.cwiseMax(q.head<2>());
      }
  const int texture = sf.texture >= 0 ? sf.texture : t.texture;
  const Texture* tex = k.texture(texture);
  auto texel = [&](std::size_t p, int a, int b) -> Vec2f {
    if (!tex->per_surface) return Vec2f(float(a) / float(n), float(b) / float(n));
    const Vec3& q = local[p * per + std::size_t(a * (n + 1) + b)];
    const Eigen::Vector2d span = (hi - lo).cwiseMax(1e-300);
    return Vec2f(float((q.x() - lo.x()) / span.x()), float((q.y() - lo.y()) / span.y()));
  };
  for (std::size_t p = 0; p < sf.patches.size(); ++p)
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b) {
        const std::size_t i0 = p * per + std::size_t(a * (n + 1) + b), i1 = i0 + std::size_t(n + 1);
        const Vec3 quad[4] = {place(local[i0]), place(local[i1]), place(local[i1 + 1]), place(local[i0 + 1])};
        if (!tex) {
          out.polygon(quad, 4, t.colour, module);
          continue;
        }
        const Vec2f uv[4] = {texel(p, a, b), texel(p, a + 1, b), texel(p, a + 1, b + 1), texel(p, a, b + 1)};
        out.polygon(quad, 4, t.colour, module, nullptr, uv, texture);
      }
  tu.state.pos = place(sf.end);
}

// J(rh, rl, ru): R_new = R_rest · exp([r]), r in rest-frame components.
inline void apply_joint(TurtleState& t, const double* p) {
  const Vec3 r = t.H * p[0] + t.L * p[1] + t.U * p[2];
  const double angle = r.norm();
  if (angle > 0) rotate_frame(t, r / angle, angle);
}

// @Base(px,py,pz, rx,ry,rz, ...): the base body's pose; the turtle moves with it.
inline void apply_base(TurtleState& t, const double* p) {
  const Vec3 r(p[3], p[4], p[5]);
  const double angle = r.norm();
  if (angle > 0) {
    const Vec3 k = r / angle;
    t.pos = rotate_about(t.pos, k, std::cos(angle), std::sin(angle));
    rotate_frame(t, k, angle);
  }
  t.pos += Vec3(p[0], p[1], p[2]);
}

// F B: move l, drawing a cylinder of the given width, then bend toward the tropism.
template <class Output>
inline void draw_move(Turtle& tu, double l, double width, std::uint32_t i, const WalkConstants& k, Output& out,
                      bool vertex = true) {
  const Vec3 p0 = tu.state.pos;
  const double tex_t0 = tu.state.tex_t;
  move(tu, l, k, vertex);
  out.segment(p0, tu.state, width, i, tex_t0);
  for (const auto& tr : k.tropisms) apply_tropism(tu.state, tr.T, tr.e);
  apply_view_tropisms(tu.state, k);
  tu.state.segment_H = tu.state.H;
  tu.state.segment_U = tu.state.U;
}

// ---- cpfg's generalized cylinders (CPFG manual 6.7.3; cpfg's generalized
// cylinder code): a Hermite curve from control point to control point, swept
// with the contour's cross-section scaled by the radius.

constexpr int kDefaultStrips = 4;  // @Gc @Ge . f F without a parameter, unless {(type, strips)
constexpr int kMaxStrips = 256;    // strips between two control points, and sides around
constexpr int kMaxSides = 256;

// A module's count parameter as an int in [lo, hi]; NaN gives lo.
inline int count_param(double v, int lo, int hi) {
  if (!(v >= lo)) return lo;
  return v >= hi ? hi : int(v);
}

// U turned by the rotation that takes the unit heading h0 to h1, so that
// the frame does not twist about the heading (cpfg's adjust_up_and_leftS);
// the result is a unit vector normal to h1.
inline Vec3 transport(const Vec3& u, const Vec3& h0, const Vec3& h1) {
  const Vec3 axis = h0.cross(h1);
  const double s = axis.norm();
  Vec3 v = s > 1e-12 ? rotate_about(u, axis / s, h0.dot(h1), s) : u;
  v -= h1 * h1.dot(v);
  return v.norm() > 1e-9 ? Vec3(v.normalized()) : Vec3(h1.unitOrthogonal());
}

// The cross-section of contour `id` with `sides` sides, as sides + 1 points
// (a closed one ends with its first point again); an id the view file does
// not define, and 0, give the unit circle, as in cpfg.
inline const std::vector<Vec3>& ring(Turtle& tu, const WalkConstants& k, int id, int sides) {
  const auto key = std::make_pair(id, sides);
  auto it = tu.rings.find(key);
  if (it != tu.rings.end()) return it->second;
  std::vector<Vec3> r;
  const Contour* c = nullptr;
  if (k.contours && id != 0) {
    const auto f = k.contours->find(id);
    if (f != k.contours->end() && !f->second.points.empty()) c = &f->second;
  }
  if (c) {
    r = c->ring(sides);
    if (c->closed) r.push_back(r.front());
  } else {
    for (int j = 0; j <= sides; ++j) {
      const double a = 2 * std::numbers::pi * (j % sides) / sides;
      r.emplace_back(std::cos(a), std::sin(a), 0);
    }
  }
  return tu.rings.emplace(key, std::move(r)).first->second;
}

// The cubic Hermite curve from p0 (tangent m0) to p1 (tangent m1) at t, and its derivative.
template <class V>
inline V hermite(const V& p0, const V& m0, const V& p1, const V& m1, double t) {
  const double t2 = t * t, t3 = t2 * t;
  return p0 * (2 * t3 - 3 * t2 + 1) + m0 * (t3 - 2 * t2 + t) + p1 * (-2 * t3 + 3 * t2) + m1 * (t3 - t2);
}
template <class V>
inline V hermite_slope(const V& p0, const V& m0, const V& p1, const V& m1, double t) {
  const double t2 = t * t;
  return p0 * (6 * t2 - 6 * t) + m0 * (3 * t2 - 4 * t + 1) + p1 * (-6 * t2 + 6 * t) + m1 * (3 * t2 - 2 * t);
}

// The control point the turtle is at, its up vector the turtle's.
inline ControlPoint control_point(const TurtleState& t) {
  ControlPoint c;
  c.pos = t.pos;
  c.H = t.H.normalized();
  c.U = transport(t.U, c.H, c.H);
  c.width = t.width;
  c.tangent_in = t.tangent[0];
  c.tangent_out = t.tangent[1];
  for (int e = 0; e < 2; ++e) {
    c.radius_in[e] = t.radius_tangent[0][e];
    c.radius_out[e] = t.radius_tangent[1][e];
  }
  c.scale_radius = t.scale_radius_tangents;
  c.contour = t.contour;
  c.colour = t.colour;
  c.tex_t = t.tex_t;
  return c;
}

// p heading along h (p's own heading if h is about zero), its up vector
// carried from `from`'s without twist.
inline ControlPoint turned(ControlPoint p, const Vec3& h, const ControlPoint& from) {
  if (h.norm() > 1e-9) p.H = h.normalized();
  p.U = transport(from.U, from.H, p.H);
  return p;
}

// The quads between consecutive sections of a sweep (sections x n points,
// section by section; a closed cross-section repeats its first point last),
// with a normal at each corner: the quads around the vertex averaged, but
// not across a crease of the cross-section (neighbours more than 75 degrees
// apart, the corners of a square contour). The first and the last sections
// are shared with the pieces before and after: their normals are the
// section's own, square to the headings h0 and h1 there, so that the pieces
// meet without a seam.
// With texture coordinates `uv` (one per grid point) the quads carry `texture`.
template <class Output>
inline void sweep(const std::vector<Vec3>& grid, std::size_t strips, std::size_t n, const Vec3& h0, const Vec3& h1,
                  int colour, std::uint32_t i, Output& out, const Vec2f* uv = nullptr, int texture = 0) {
  if (n < 2) return;
  constexpr double kSmooth = 0.2588;  // cos 75 degrees
  const std::size_t cols = n - 1;     // quads around
  auto at = [&](std::size_t s, std::size_t j) { return grid[s * n + j]; };
  const bool closed = (at(0, 0) - at(0, cols)).squaredNorm() < 1e-24 && (at(strips, 0) - at(strips, cols)).squaredNorm() < 1e-24;
  std::vector<Vec3> face(strips * cols);  // Newell normals, as long as the quads are large
  for (std::size_t s = 0; s < strips; ++s)
    for (std::size_t j = 0; j < cols; ++j) {
      const Vec3 q[4] = {at(s, j), at(s, j + 1), at(s + 1, j + 1), at(s + 1, j)};
      Vec3 f = Vec3::Zero();
      for (int c = 0; c < 4; ++c) f += q[c].cross(q[(c + 1) % 4]);
      face[s * cols + j] = f;
    }
  auto F = [&](std::size_t s, std::size_t j) { return face[s * cols + j]; };
  // The normal of quad column j at the vertex (sv, jv), jv = j or j + 1.
  auto corner = [&](std::size_t j, std::size_t sv, std::size_t jv) {
    // the column on the other side of the vertex, if any
    const bool first = jv == j;
    const bool has_o = first ? (j > 0 || closed) : (j + 1 < cols || closed);
    const std::size_t o = first ? (j > 0 ? j - 1 : cols - 1) : (j + 1 < cols ? j + 1 : 0);
    Vec3 sum = Vec3::Zero();
    bool joined = false;
    for (const std::size_t r : {sv - 1, sv}) {  // the strips on either side (sv - 1 wraps past strips when sv = 0)
      if (r >= strips) continue;
      const Vec3 a = F(r, j), b = has_o ? F(r, o) : Vec3::Zero();
      sum += a;
      if (has_o && a.dot(b) > kSmooth * a.norm() * b.norm()) {
        sum += b;
        joined = true;
      }
    }
    if (sv == 0 || sv == strips) {
      const Vec3 edge = !joined ? at(sv, j + 1) - at(sv, j) : first ? at(sv, j + 1) - at(sv, o) : at(sv, o + 1) - at(sv, j);
      const Vec3 own = edge.cross(sv == 0 ? h0 : h1);
      if (own.norm() > 1e-12 * edge.norm()) sum = own.dot(sum) < 0 ? Vec3(-own) : own;
    }
    return sum.norm() > 1e-300 ? Vec3(sum.normalized()) : Vec3(Vec3::Zero());  // zero: the quad's own normal
  };
  for (std::size_t s = 0; s < strips; ++s)
    for (std::size_t j = 0; j < cols; ++j) {
      const Vec3 quad[4] = {at(s, j), at(s, j + 1), at(s + 1, j + 1), at(s + 1, j)};
      const Vec3 nq[4] = {corner(j, s, j), corner(j, s, j + 1), corner(j, s + 1, j + 1), corner(j, s + 1, j)};
      if (!uv) {
        out.polygon(quad, 4, colour, i, nq);
        continue;
      }
      const Vec2f uq[4] = {uv[s * n + j], uv[s * n + j + 1], uv[(s + 1) * n + j + 1], uv[(s + 1) * n + j]};
      out.polygon(quad, 4, colour, i, nq, uq, texture);
    }
}

// One piece of a generalized cylinder, from control point a to b. The axis
// is the cubic from a to b whose derivatives there are ma and mb (a Hermite
// curve); the radius is a Hermite curve of (t, radius) from (0, a's width / 2)
// to (1, b's width / 2) whose tangents are @Gr's (a's outgoing, b's
// incoming), or linear; the cross-section morphs from a's contour to b's and
// is carried along without twist, but for a turn about the axis from a's up
// vector to b's spread along the piece (none but where a closed curve closes).
// It is sampled in `strips` strips (1: a straight piece) and drawn as quads,
// or as lines along the axis in cpfg's pixel line style.
template <class Output>
inline void cylinder_piece(Turtle& tu, const ControlPoint& a, const ControlPoint& b, const Vec3& ma, const Vec3& mb,
                           int strips, std::uint32_t i, const WalkConstants& k, Output& out) {
  TurtleState& t = tu.state;
  const double len = (b.pos - a.pos).norm();
  if (!(len >= 1e-5)) return;  // as cpfg: nothing between coincident control points
  // the radius curve: points (0, ra) and (1, rb), tangents (dt, dr)
  const Eigen::Vector2d r0(0, a.width / 2), r1(1, b.width / 2);
  Eigen::Vector2d s0(a.radius_out[0], a.radius_out[1]), s1(b.radius_in[0], b.radius_in[1]);
  if (b.scale_radius) {
    s0.y() *= len;
    s1.y() *= len;
  }
  const Vec3 carried = transport(a.U, a.H, b.H);
  const double twist = std::atan2(carried.cross(b.U).dot(b.H), carried.dot(b.U));
  const Eigen::Vector2d linear(1, r1.y() - r0.y());
  if (s0.isZero()) s0 = linear;
  if (s1.isZero()) s1 = linear;
  strips = std::clamp(strips, 1, kMaxStrips);
  const int sides = std::clamp(t.sides, 3, kMaxSides);
  const std::vector<Vec3>& ca = ring(tu, k, a.contour, sides);
  const std::vector<Vec3>& cb = ring(tu, k, b.contour, sides);
  const std::size_t n = std::min(ca.size(), cb.size());
  // one cross-section: centre, heading, radius, and t for the morph
  std::vector<Vec3> prev(n), cur(n);
  auto section = [&](std::vector<Vec3>& v, const Vec3& c, const Vec3& h, const Vec3& up, double radius, double tt) {
    const Vec3 left = up.cross(h);
    for (std::size_t j = 0; j < n; ++j) {
      const Vec3 q = (ca[j] * (1 - tt) + cb[j] * tt) * radius;
      v[j] = c + up * q.x() - left * q.y() + h * (q.z() / len);
    }
  };
  // the sections of the strips, (strips + 1) x n points, for the quads and their smooth normals
  std::vector<Vec3> grid;
  if (!k.pixel_lines) grid.reserve(std::size_t(strips + 1) * n);
  section(prev, a.pos, a.H, a.U, r0.y(), 0);
  if (!k.pixel_lines) grid.insert(grid.end(), prev.begin(), prev.end());
  // A texture (cpfg's make_contour): s from 1 to 0 around, t advanced from
  // section to section by the length over the circumference there.
  const Texture* tex = k.pixel_lines ? nullptr : k.texture(t.texture);
  std::vector<Vec2f>& uv = tu.texels;
  double tex_t = a.tex_t;
  auto texels = [&]() {
    for (std::size_t j = 0; j < n; ++j) uv.emplace_back(1.f - float(j) / float(n - 1), float(tex_t));
  };
  uv.clear();
  if (tex) texels();
  Vec3 centre = a.pos;
  double width = a.width;
  TurtleState at = t;  // where a line of the pixel style ends
  at.colour = a.colour;
  for (int s = 1; s <= strips; ++s) {
    const double r = double(s) / strips;
    Vec3 c = b.pos, h = b.H, up = b.U;
    double tt = 1, radius = r1.y();
    if (strips > 1 && s < strips) {
      const Eigen::Vector2d rad = hermite(r0, s0, r1, s1, r);
      tt = rad.x();
      radius = rad.y();
      c = hermite(a.pos, ma, b.pos, mb, tt);
      const Vec3 d = hermite_slope(a.pos, ma, b.pos, mb, tt);
      if (d.norm() > 1e-12) h = d.normalized();
      up = transport(a.U, a.H, h);
      if (std::fabs(twist) > 1e-9) up = rotate_about(up, h, std::cos(twist * tt), std::sin(twist * tt));
    }
    if (k.pixel_lines) {
      at.pos = c;
      out.segment(centre, at, width, i, at.tex_t);
    } else {
      section(cur, c, h, up, radius, tt);
      grid.insert(grid.end(), cur.begin(), cur.end());
    }
    if (tex) {
      tex_t += texture_advance(*tex, 2 * radius, (c - centre).norm());
      texels();
    }
    centre = c;
    width = 2 * radius;
  }
  if (tex) t.tex_t = t.cylinder_last.tex_t = tex_t;
  if (!k.pixel_lines) sweep(grid, std::size_t(strips), n, a.H, b.H, a.colour, i, out, tex ? uv.data() : nullptr, t.texture);
}

// @Gc(strips) @Ge(strips) .(strips), and f F in a {(1) or {(2) curve: the
// Hermite piece from the last control point a to b, whose tangents are the
// headings times the distance |ab| times the tangent coefficients (a's
// outgoing @Gt, b's incoming).
template <class Output>
inline void hermite_piece(Turtle& tu, const ControlPoint& to, int strips, std::uint32_t i, const WalkConstants& k,
                          Output& out, const Vec3* up) {
  const ControlPoint a = tu.state.cylinder_last;
  ControlPoint b = turned(to, to.H, a);
  if (up) b.U = *up;
  tu.state.cylinder_last = b;
  const double len = (b.pos - a.pos).norm();
  cylinder_piece(tu, a, b, a.H * (len * a.tangent_out), b.H * (len * b.tangent_in), strips, i, k, out);
}

// A control point q after p[0], p[1], p[2] in a {(3) or {(4) curve: the
// piece of the uniform cubic B-spline of the four, from the knot
// (p0 + 4 p1 + p2) / 6 to (p1 + 4 p2 + q) / 6. It is the Hermite curve whose
// tangents are the B-spline's there, (p2 - p0) / 2 and (q - p1) / 2. The
// knots take p1's and p2's width, contour and colour, as cpfg's; the first
// piece starts with p1's up vector, the others where the last one ended.
template <class Output>
inline void bspline_piece(Turtle& tu, const std::array<ControlPoint, 3>& p, const ControlPoint& q, bool first,
                          int strips, std::uint32_t i, const WalkConstants& k, Output& out, const Vec3* up) {
  const Vec3 m0 = (p[2].pos - p[0].pos) / 2, m1 = (q.pos - p[1].pos) / 2;
  ControlPoint a = tu.state.cylinder_last;
  if (first) {
    a = turned(p[1], m0, p[1]);
    a.pos = (p[0].pos + 4 * p[1].pos + p[2].pos) / 6;
  }
  ControlPoint b = turned(p[2], m1, a);
  b.pos = (p[1].pos + 4 * p[2].pos + q.pos) / 6;
  if (up) b.U = *up;
  tu.state.cylinder_last = b;
  cylinder_piece(tu, a, b, m0, m1, strips, i, k, out);
}

// The record of the points of the turtle's curve, to write: one made before
// the innermost open `[` is copied first, so that `]` finds it unchanged.
inline SplinePoints& spline_points(Turtle& tu) {
  TurtleState& t = tu.state;
  const std::size_t mine = tu.marks.empty() ? 0 : tu.marks.back();
  if (t.cylinder_spline < 0 || std::size_t(t.cylinder_spline) < mine) {
    const SplinePoints copy = t.cylinder_spline < 0 ? SplinePoints{} : tu.splines[std::size_t(t.cylinder_spline)];
    tu.splines.push_back(copy);
    t.cylinder_spline = std::int32_t(tu.splines.size() - 1);
  }
  return tu.splines[std::size_t(t.cylinder_spline)];
}

inline bool closed_curve(const TurtleState& t) { return t.cylinder_type == 2 || t.cylinder_type == 4; }

// One more control point c of the cylinder's curve, with the piece it
// completes drawn in `strips` strips (ending with the up vector `up` if
// given). A Hermite curve draws from its second control point on, a B-spline
// from its fourth (cpfg does not repeat the end points of an open B-spline:
// it starts and ends at knots).
template <class Output>
inline void cylinder_point(Turtle& tu, const ControlPoint& c, int strips, std::uint32_t i, const WalkConstants& k,
                           Output& out, const Vec3* up = nullptr) {
  TurtleState& t = tu.state;
  const int n = t.cylinder_points;  // 4: four or more
  if (n < 4) ++t.cylinder_points;
  if (t.cylinder_type < 3) {
    if (n == 0) t.cylinder_last = c;
    else hermite_piece(tu, c, strips, i, k, out, up);
    if (n == 0 && closed_curve(t)) spline_points(tu).first[0] = c;
    return;
  }
  SplinePoints& s = spline_points(tu);
  if (n < 3) {
    s.last[std::size_t(n)] = c;
    if (closed_curve(t)) s.first[std::size_t(n)] = c;
    return;
  }
  bspline_piece(tu, s.last, c, n == 3, strips, i, k, out, up);
  s.last = {s.last[1], s.last[2], c};
}

// @Gs {(type[, strips]): a cylinder of that curve starts (without a control
// point); a curve that was on is dropped, as in cpfg.
inline void cylinder_start(TurtleState& t, int type, int strips) {
  t.in_cylinder = true;
  t.cylinder_type = std::uint8_t(type);
  t.cylinder_points = 0;
  t.cylinder_strips = strips;
}

// }(type) @Ge: the cylinder ends; a closed curve first goes on to its first
// control point (Hermite) or through its first three (B-spline), with the
// curve's strips, as cpfg closes it. Its last piece ends with the up vector
// it began with, so that a curve out of a plane closes without a step in its
// cross-section (the turn the way round is spread along that piece).
template <class Output>
inline void cylinder_end(Turtle& tu, std::uint32_t i, const WalkConstants& k, Output& out) {
  TurtleState& t = tu.state;
  if (!t.in_cylinder) return;
  const int n = std::min<int>(t.cylinder_points, 3);
  if (closed_curve(t) && n > 0) {
    const SplinePoints s = tu.splines[std::size_t(t.cylinder_spline)];  // a copy: the points below write the record
    auto first = [&](int j) -> const ControlPoint& { return s.first[std::size_t(j % n)]; };
    const int m = t.cylinder_type == 2 ? 1 : 3;
    const Vec3 up = m == 1 ? first(0).U : turned(first(1), (first(2).pos - first(0).pos) / 2, first(1)).U;
    for (int j = 0; j < m; ++j) cylinder_point(tu, first(j), t.cylinder_strips, i, k, out, j == m - 1 ? &up : nullptr);
  }
  t.in_cylinder = false;
}

// The strips of @Gc(n) @Ge(n) .(n): n in [1, 256], the curve's without a parameter.
inline int strips_param(const double* p, int np, const TurtleState& t) {
  return np > 0 ? count_param(p[0], 1, kMaxStrips) : t.cylinder_strips;
}

// f F: the turtle's new place is a control point of a {(type) curve (CPFG manual 6.7.3).
template <class Output>
inline void moved(Turtle& tu, std::uint32_t i, const WalkConstants& k, Output& out) {
  if (tu.state.in_cylinder && tu.state.cylinder_type != 0)
    cylinder_point(tu, control_point(tu.state), tu.state.cylinder_strips, i, k, out);
}

// @Gr(flag) or @Gr(angle1, length1[, angle2, length2]): the radius tangents
// (dt, dr) = length (cos angle, sin angle), coming in and going out.
inline void radius_tangents(TurtleState& t, const double* p, int np) {
  if (np == 1) {
    t.scale_radius_tangents = p[0] != 0;
    return;
  }
  if (np < 2) return;
  for (int e = 0; e < 2; ++e) {
    const double* q = np >= 4 ? p + 2 * e : p;
    t.radius_tangent[e][0] = std::cos(q[0] * kDegToRad) * q[1];
    t.radius_tangent[e][1] = std::sin(q[0] * kDegToRad) * q[1];
  }
}

// One module's action on the turtle (LANGUAGE.md section 5), shared by every
// pass; `out` hears of what is drawn, queried or passed on the way.
template <class Output>
inline void act(Turtle& tu, Op op, std::uint32_t i, const double* p, int np, const WalkConstants& k, Output& out) {
  TurtleState& t = tu.state;
  switch (op) {
    case kNone:
      break;
    case kMoveDraw:
      draw_move(tu, np > 0 ? p[0] : k.step, t.width, i, k, out);
      moved(tu, i, k, out);
      break;
    case kMove:
      move(tu, np > 0 ? p[0] : k.step, k);
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
    case kRollHoriz:
      roll_horizontal(t);
      break;
    case kPush:
      push(tu);
      break;
    case kPop:
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
      tu.polygons.close([&](const Vec3* first, std::size_t count, const OpenPolygons::First& at_first) {
        if (!k.texture(at_first.texture)) return out.polygon(first, count, t.colour, i);
        planar_texels(first, count, at_first, tu.texels);
        out.polygon(first, count, t.colour, i, nullptr, tu.texels.data(), at_first.texture);
      });
      break;
    case kSphere:
      out.sphere(t, np > 0 ? p[0] : t.width, i);
      break;
    case kQueryP: out.query(i, np, t.pos); break;
    case kQueryH: out.query(i, np, t.H); break;
    case kQueryL: out.query(i, np, t.L); break;
    case kQueryU: out.query(i, np, t.U); break;
    case kQueryE: out.environment(i, t); break;
    case kBody:  // B(l, r, ...): a cylinder of radius r along H, then move l
      out.frame(t);
      draw_move(tu, np > 0 ? p[0] : k.step, np > 1 ? 2 * p[1] : t.width, i, k, out);
      break;
    case kBase:
      if (!k.rest_pose && np >= 6) apply_base(t, p);
      break;
    case kMoveTo:  // @M(x,y,z) or @M(x,y): the turtle jumps there without drawing (CPFG manual 6.1)
      if (np >= 2) t.pos = Vec3(p[0], p[1], np >= 3 ? p[2] : 0.0);
      break;
    case kMoveDrawOnly:  // G: F without the polygon vertex
      draw_move(tu, np > 0 ? p[0] : k.step, t.width, i, k, out, false);
      break;
    case kMoveOnly:  // g
      move(tu, np > 0 ? p[0] : k.step, k, false);
      break;
    case kWidthUp:   change_width(t, p, np, +1, k); break;
    case kWidthDown: change_width(t, p, np, -1, k); break;
    case kColourSetDown:  // , (cpfg): down by the increment, wrapping in the colour map, or set
      if (np > 0) set_colour(t, p, np, 0);
      else t.colour = ((t.colour - k.colour_increment) % 256 + 256) % 256;
      break;
    case kSurface:  // walk() hands ~ the next module
      break;
    case kDisc:
      disc(t, np > 0 ? p[0] : t.width, i, out);
      break;
    case kSetHeading:
      set_heading(t, p, np);
      break;
    case kCylinderStart:  // @Gs: a {(1) whose control points are @Gc @Ge . only, the first one here
    case kCylinderPoint:  // @Gc and @Ge outside a cylinder start one, as cpfg's
    case kCylinderEnd:
      if (op == kCylinderStart || !t.in_cylinder) cylinder_start(t, 0, kDefaultStrips);
      cylinder_point(tu, control_point(t), strips_param(p, np, t), i, k, out);
      if (op == kCylinderEnd) cylinder_end(tu, i, k, out);
      break;
    case kCylinderTangents:
      if (np > 0) t.tangent[0] = t.tangent[1] = p[0];
      if (np > 1) t.tangent[1] = p[1];
      break;
    case kCylinderRadius:
      radius_tangents(t, p, np);
      break;
    case kCylinderSides:
      t.sides = np > 0 ? count_param(p[0], 3, kMaxSides) : 8;
      break;
    case kCylinderContour:
      t.contour = np > 0 ? count_param(p[0], 0, 1 << 30) : 0;
      break;
    case kTwistMin:  // @Tp (CPFG manual 6.8): the last segment's U turned with the heading only
      t.U = transport(t.segment_U, t.segment_H, t.H);
      t.L = t.U.cross(t.H);
      break;
    case kElasticitySet:
    case kElasticityUp:
    case kElasticityDown:
      change_elasticity(t, op, p, np, k);
      break;
    case kTexture:  // @Tx(id): as cpfg, an id the view file does not define switches texturing off
      t.texture = np > 0 && k.texture(count_param(p[0], 0, 1 << 30)) ? count_param(p[0], 0, 1 << 30) : 0;
      break;
    case kJoint:  // J(rh, rl, ru): its frame is the state before it rotates the turtle
      out.frame(t);
      if (!k.rest_pose && np >= 3) apply_joint(t, p);
      break;
    case kTie:
      out.frame(t);
      break;
  }
}

// ---- Output policies: what a pass keeps of the walk. The hooks of this base
// keep nothing; a pass hides the ones it needs. Hooks that stay empty vanish
// with their arguments when the walk is compiled.
struct KeepNothing {
  void reserve(const Census&) {}
  void segment(const Vec3& /*p0*/, const TurtleState& /*at the end*/, double /*width*/, std::uint32_t /*module*/,
               double /*tex_t at the start*/) {}
  void sphere(const TurtleState&, double /*diameter*/, std::uint32_t /*module*/) {}
  void polygon(const Vec3* /*first*/, std::size_t /*count*/, int /*colour*/, std::uint32_t /*module*/,
               const Vec3* /*normals: one per vertex, or none*/ = nullptr,
               const Vec2f* /*texture coordinates: one per vertex, or none*/ = nullptr, int /*texture*/ = 0) {}
  void query(std::uint32_t /*module*/, int /*nparams*/, const Vec3& /*value*/) {}
  void environment(std::uint32_t /*module*/, const TurtleState&) {}
  void frame(const TurtleState&) {}
  void finish(const TurtleState&) {}
};

// interpret: segments, spheres and polygons into a Geometry.
struct DrawGeometry : KeepNothing {
  Geometry& geo;
  bool textured_lines;  // F and G of a textured turtle carry the texture (cpfg's cylinder and polygon line styles)
  DrawGeometry(Geometry& g, bool textured) : geo(g), textured_lines(textured) {}
  void reserve(const Census& c) {
    geo.segments.reserve(c.segments);
    geo.spheres.reserve(c.spheres);
  }
  void segment(const Vec3& p0, const TurtleState& t, double width, std::uint32_t i, double tex_t0) {
    if (textured_lines && t.texture != 0 && geo.texture(t.texture))
      geo.textured_segments.push_back({std::uint32_t(geo.segments.size()), t.texture, float(tex_t0), float(t.tex_t)});
    geo.segments.push_back({p0, t.pos, width, t.colour, i});
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

// body_joint_frames: the state at every body and joint.
struct RecordFrames : KeepNothing {
  std::vector<TurtleState>& frames;
  explicit RecordFrames(std::vector<TurtleState>& f) : frames(f) {}
  void frame(const TurtleState& t) { frames.push_back(t); }
};

// environment_queries: the state at every ?E.
struct RecordQueries : KeepNothing {
  std::vector<std::pair<std::uint32_t, TurtleState>>& at;
  explicit RecordQueries(std::vector<std::pair<std::uint32_t, TurtleState>>& a) : at(a) {}
  void environment(std::uint32_t i, const TurtleState& t) { at.emplace_back(i, t); }
};

// The walker: every module's action in string order, told to `out`. A first
// pass sizes the stack and the outputs, so that nothing is allocated per
// module beyond them.
template <class Output>
void walk(const ModuleString& s, const TurtleOptions& opt, bool rest_pose, Output out) {
  const OpTable ops(opt);
  const Census census = take_census(s, ops);
  out.reserve(census);
  const WalkConstants k(opt, rest_pose);

  Turtle tu;
  tu.state.width = opt.width;
  if (opt.cpfg) {
    tu.state.colour = opt.cpfg->colour;
    tu.state.sides = std::clamp(opt.cpfg->contour_sides, 3, kMaxSides);
    tu.state.tangent[0] = tu.state.tangent[1] = opt.cpfg->tangent;
    for (std::size_t t = 0; t < opt.cpfg->tropisms.size() && t < tu.state.elasticity.size(); ++t)
      tu.state.elasticity[t] = opt.cpfg->tropisms[t].elasticity;
  }
  tu.stack.reserve(census.max_depth);
  tu.marks.reserve(census.max_depth);

  const std::size_t n = s.size();
  const std::uint32_t* begin = s.param_begin.data();
  const double* params = s.params.data();
  for (std::size_t i = 0; i < n; ++i) {
    const Op op = ops(s.sym[i]);
    if (op == kNone) continue;
    if (op == kSurface) {  // ~ and the module that names the surface, whose parameters scale it
      if (++i < n) surface(tu, s.sym[i], params + begin[i], int(begin[i + 1] - begin[i]), k, std::uint32_t(i), out);
      continue;
    }
    act(tu, op, std::uint32_t(i), params + begin[i], int(begin[i + 1] - begin[i]), k, out);
  }
  out.finish(tu.state);
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
  if (rules.cpfg) {  // the view file's angle and width (cpfg's defaults without one: 45 and 1)
    opt.cpfg = &rules.view;
    opt.contours = &rules.functions.contours;
    opt.angle = rules.view.angle;
    opt.width = rules.view.width;
  }
  return opt;
}

std::array<float, 3> Geometry::rgb(int colour) const {
  if (palette.empty()) return palette_rgb(colour);
  const int n = int(palette.size());
  return palette[std::size_t(((colour % n) + n) % n)];
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

Vec3 Geometry::vertex_normal(const Polygon& p, std::uint32_t k) const {
  if (k < polygon_normals.size() && !polygon_normals[k].isZero()) return polygon_normals[k];
  Vec3 n = Vec3::Zero();
  for (std::uint32_t j = 0; j < p.count; ++j)
    n += polygon_vertices[p.first + j].cross(polygon_vertices[p.first + (j + 1) % p.count]);
  return n.norm() > 0 ? Vec3(n.normalized()) : Vec3(0, 0, 1);
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
  if (opt.cpfg) g.textures = opt.cpfg->textures;  // before the walk: DrawGeometry checks the ids
  walk(s, opt, false, DrawGeometry(g, opt.cpfg && opt.cpfg->line_style != CpfgView::LineStyle::kPixel));
  if (opt.cpfg) {
    g.palette = opt.cpfg->palette;
    // cpfg's default line style draws widths in pixels: lsd makes a pixel
    // 1/400 of the plant's size, about a pixel of a picture of the plant.
    if (opt.cpfg->line_style == CpfgView::LineStyle::kPixel && !g.segments.empty()) {
      Vec3 lo = g.segments[0].p0, hi = lo;
      for (const Geometry::Segment& sg : g.segments) {
        lo = lo.cwiseMin(sg.p0).cwiseMin(sg.p1);
        hi = hi.cwiseMax(sg.p0).cwiseMax(sg.p1);
      }
      const double pixel = std::max((hi - lo).maxCoeff(), 1e-9) / 400;
      for (Geometry::Segment& sg : g.segments) sg.width *= pixel;
    }
  }
  return g;
}

void fill_queries(ModuleString& s, const TurtleOptions& opt) { walk(s, opt, false, FillQueries(s)); }

std::vector<std::pair<std::uint32_t, TurtleState>> environment_queries(const ModuleString& s,
                                                                      const TurtleOptions& opt) {
  std::vector<std::pair<std::uint32_t, TurtleState>> at;
  walk(s, opt, false, RecordQueries(at));
  return at;
}

std::vector<TurtleState> body_joint_frames(const ModuleString& s, const TurtleOptions& opt, bool rest_pose) {
  std::vector<TurtleState> frames;
  if (opt.body_sym == 0 && opt.joint_sym == 0) return frames;
  walk(s, opt, rest_pose, RecordFrames(frames));
  return frames;
}

}  // namespace lsd::interp
