// The 3-D turtle (docs/language.md 6). One walker applies every module's
// action to the turtle (act.hpp); small output policies decide what a pass
// keeps of it (outputs.hpp: the drawing, the query parameters, the body and
// joint frames). The walk is a template over the policy, compiled here in
// one unit with the private headers of src/ (ops, frame, polygons, walker,
// surfaces, cylinder_mesh, cylinders, act, outputs), whose helpers stand in
// this unit's unnamed namespace: with internal linkage the compiler inlines
// them into the walk as it would in one file (given external linkage, GCC
// kept act() out of the walk's loop). No other file includes them.
#include "interpreter/turtle/turtle.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "interpreter/cpfg/view.hpp"
#include "interpreter/lsystem/rules.hpp"
#include "interpreter/turtle/src/act.hpp"
#include "interpreter/turtle/src/outputs.hpp"
#include "interpreter/turtle/src/surfaces.hpp"

namespace lsd::interp {
namespace {

// The walker: every module's action in string order, told to `out`. A first
// pass sizes the stack and the outputs, so that nothing is allocated per
// module beyond them. With poses, the turtle rides on each module's body
// (walker.hpp: ride).
template <class Output>
void walk(const ModuleString& s, const TurtleOptions& opt, bool rest_pose, Output out,
          const BodyPoses* poses = nullptr) {
  const OpTable ops(opt);
  const Census census = take_census(s, ops);
  out.reserve(census);
  const WalkConstants k(opt, rest_pose, poses);

  Turtle tu;
  tu.state.width = opt.width;
  if (opt.cpfg) {  // cpfg's turtle: widths and the old tropism's elasticity are 32-bit floats
    tu.state.width = float(opt.width);
    tu.state.old_elasticity = float(opt.cpfg->elasticity);
    tu.state.colour = opt.cpfg->colour;
    tu.state.sides = std::clamp(opt.cpfg->contour_sides, 3, kMaxSides);
    tu.state.tangent[0] = tu.state.tangent[1] = opt.cpfg->tangent;
    tu.state.scale = float(opt.cpfg->scale);
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
    if (op != kRod && op != kCurvature && op != kJoint) rod_close(tu, out);  // (a tube's end: rod_tube.hpp)
    if (poses && op != kRod) ride(tu, *poses, i);  // (an element starts on its parent: rods.hpp)
    if (op == kSurface) {  // ~ and the module that names the surface, whose parameters scale it
      end_node(tu, k, out);
      if (++i < n) surface(tu, s.sym[i], params + begin[i], int(begin[i + 1] - begin[i]), k, std::uint32_t(i), out);
      continue;
    }
    if (op == kRod) {  // the K after it: a clothoid element's end node (rods.hpp)
      const bool end = i + 1 < n && ops(s.sym[i + 1]) == kCurvature;
      tu.end_curvature = end ? params + begin[i + 1] : nullptr;
      tu.end_curvature_np = end ? int(begin[i + 2] - begin[i + 1]) : 0;
    }
    act(tu, op, s.sym[i], std::uint32_t(i), params + begin[i], int(begin[i + 1] - begin[i]), k, out);
  }
  end_node(tu, k, out);  // cpfg ends the last node with the string
  rod_close(tu, out);
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
    opt.rod_sym = rules.dynamics.rod;
    opt.curvature_sym = rules.dynamics.curvature;
    opt.clothoid = rules.dynamics.clothoid;
    opt.unit = rules.dynamics.file.turtle_unit;
    opt.cylinder_bodies = rules.dynamics.cylinder_moves;
  }
  if (rules.cpfg) {  // the view file's angle and width (cpfg's defaults without one: 45 and 1)
    opt.cpfg = &rules.view;
    opt.contours = &rules.functions.contours;
    opt.angle = rules.view.angle;
    opt.width = rules.view.width;
  }
  return opt;
}

BodyTable body_table(const TurtleOptions& opt) {
  return {opt.body_sym, opt.cylinder_bodies && opt.body_sym != 0, opt.cpfg != nullptr, opt.step, opt.rod_sym};
}

namespace {

// The view file's background scene (cpfg's background.c), after the plant:
// module `module` (past the string's end), the materials' colours appended
// to the model's palette (else the plant's first colour). A cylinder or cone
// has a disc at each end, square to its axis, as cpfg draws it.
void add_background(Geometry& g, const CpfgBackground& bg, int colour, std::uint32_t module) {
  const int first = g.palette.empty() ? -1 : int(g.palette.size());
  if (first >= 0) g.palette.insert(g.palette.end(), bg.materials.begin(), bg.materials.end());
  auto col = [&](int m) { return m >= 0 && first >= 0 ? first + m : colour; };
  DrawGeometry out(g, false);
  for (const CpfgBackground::Face& f : bg.faces)
    if (f.points.size() >= 3) out.polygon(f.points.data(), f.points.size(), col(f.material), module);
  for (const CpfgBackground::Solid& s : bg.solids) {
    if (s.r1 < 0) {
      g.spheres.push_back({s.p0, 2 * s.r0, col(s.material), module});
      continue;
    }
    const Vec3 axis = (s.p1 - s.p0).norm() > 0 ? Vec3((s.p1 - s.p0).normalized()) : Vec3(0, 1, 0);
    TurtleState t;
    t.colour = col(s.material);
    t.H = axis.unitOrthogonal();
    t.L = axis.cross(t.H);
    t.pos = s.p0;
    disc(t, 2 * s.r0, module, out);
    if (s.r1 != s.r0) g.tapered.push_back({std::uint32_t(g.segments.size()), 2 * s.r1});
    g.segments.push_back({s.p0, s.p1, 2 * s.r0, t.colour, module});
    t.pos = s.p1;
    disc(t, 2 * s.r1, module, out);
  }
}

}  // namespace

Geometry interpret(const ModuleString& s, const TurtleOptions& opt, const BodyPoses* poses) {
  Geometry g;
  if (opt.cpfg) g.textures = opt.cpfg->textures;  // before the walk: DrawGeometry checks the ids
  if (poses && (!poses->module_body || poses->module_body->size() != s.size())) poses = nullptr;  // (not this string's)
  walk(s, opt, false, DrawGeometry(g, opt.cpfg && opt.cpfg->line_style != CpfgView::LineStyle::kPixel), poses);
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
    if (opt.cpfg->background) add_background(g, *opt.cpfg->background, opt.cpfg->colour, std::uint32_t(s.size()));
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

std::vector<PlacedModule> rest_frames(const ModuleString& s, const TurtleOptions& opt) {
  std::vector<PlacedModule> placed;
  if (opt.body_sym == 0 && opt.joint_sym == 0) return placed;
  walk(s, opt, true, RecordPlaced(placed));
  return placed;
}

}  // namespace lsd::interp
