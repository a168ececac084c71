// The body layout (body_layout.hpp): one walk of the string in the rest
// pose joins the bodies the turtle placed (rest_frames) into a tree.
#include "interpreter/living/body_layout.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "dynamics/rod_element.hpp"
#include "interpreter/cpfg/view.hpp"
#include "interpreter/turtle/pose.hpp"
#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {
namespace {

struct PathState {
  int body = -1;           // body the path is on; -1 before the first body
  long pending = -1;       // a joint waiting for its body (index in Walker::joints_), -1 if none
  bool inherited = false;  // joints: auto: that joint stands before the branch this path is in
  int last = -1;           // the last piece on the path (a joint's parent piece), -1 if none
};

// A joint met on the walk: where it stands, its rest frame in the world, and
// the body it became the joint of (-1 until then).
struct JointAt {
  std::uint32_t module;  // index in the walked string
  dyn::SE3 frame;
  int body = -1;
};

constexpr double kMinDrawnRadius = 1e-4;  // m, of a body drawn as a segment

// The size of cpfg's pixel, for widths drawn in the pixel line style: as the
// drawing makes it (interpret, turtle.cpp), 1/400 of the plant's size, the
// plant taken from the turtle frames of its body modules, joints and marks.
double pixel_size(const RuleSet& rules, const std::vector<PlacedModule>& placed) {
  if (!rules.cpfg || rules.view.line_style != CpfgView::LineStyle::kPixel || placed.empty()) return 1;
  dyn::Vec3 lo = placed[0].pos, hi = lo;
  for (const PlacedModule& f : placed) {
    lo = lo.cwiseMin(f.pos);
    hi = hi.cwiseMax(f.pos);
  }
  return std::max((hi - lo).maxCoeff(), 1e-9) / 400;
}

// Walks the string in the rest pose and lays out bodies, welds, joints,
// marks and growing tips. The layout is in the drawing's units: with turtle
// unit u (metres per unit), Young's modulus is rescaled so that the model
// moves as the plant of u-metre units would (docs/language.md 7.8: E/u^2;
// the drag, gravity, wind and damping are rescaled where the model is made).
class Walker {
 public:
  Walker(const RuleSet& rules, const RunSettings& settings, const ModuleString& s, BodyLayout& out,
         std::vector<grammar::Diagnostic>& diags, const ModuleLocator& locate)
      : rules_(rules), settings_(settings), s_(s), out_(out), diags_(diags), locate_(locate),
        placed_(rest_frames(s, turtle_options(rules))), auto_(rules.dynamics.auto_joints),
        unit_(settings.turtle_unit), pixel_(pixel_size(rules, placed_)) {}

  void walk() {
    out_.module_body.assign(s_.size(), -1);
    std::size_t next = 0;  // the next placed module
    for (std::size_t i = 0; i < s_.size(); ++i) {
      at_ = i;
      const SymbolId sym = s_.sym[i];
      const PlacedModule* here = next < placed_.size() && placed_[next].module == i ? &placed_[next++] : nullptr;
      if (end_of_ >= 0 && end_node(i)) continue;
      if (curvature_ >= 0 && !(here && here->body == BodyKind::kRod)) stray_curvature();
      if (sym == rules_.dynamics.curvature && s_.nparams(i) > 0) curvature(i);
      else if (sym == '[') open_branch(i);
      else if (sym == ']') close_branch();
      else if (sym == kSymBase) base_state(i);
      else if (here && sym == rules_.dynamics.joint) joint(i, *here);
      else if (here && sym == kSymTie) tie(i, *here);
      else if (here && (sym == kSymGraft || sym == kSymWeld)) graft(i, *here, sym == kSymWeld);
      else if (here && here->body == BodyKind::kRod) rod(i, *here);
      else if (here && here->body != BodyKind::kNone) body(i, *here);
      else ride(i);  // drawing after a body rides on it
    }
    if (curvature_ >= 0) stray_curvature();
    if (end_of_ >= 0) end_node(s_.size());
    if (cur_.pending >= 0 && !cur_.inherited) out_.tips.push_back(joints_[std::size_t(cur_.pending)].module);
    if (out_.base_module >= 0 && !out_.bodies.empty()) out_.module_body[std::size_t(out_.base_module)] = 0;
  }

 private:
  // Located at the place in the file that wrote the module being walked (origin.hpp).
  void error(std::string msg) { diags_.push_back(module_diagnostic(rules_, s_, at_, locate_, std::move(msg))); }
  std::string module_text(std::size_t i) const {
    std::string text = "'";  // (appended, not "'" + name: GCC 12 warns falsely on that, -Wrestrict)
    text += rules_.symbols.name(s_.sym[i]);
    return text + "' at module " + std::to_string(i);
  }
  void ride(std::size_t i) {
    if (cur_.body >= 0) out_.module_body[i] = cur_.body;
  }

  void open_branch(std::size_t i) {
    if (cur_.pending >= 0 && !auto_) {
      error("the joint " + module_text(joints_[std::size_t(cur_.pending)].module) + " is followed by '[' at module " +
            std::to_string(i) + " before a body");
      cur_.pending = -1;
    }
    stack_.push_back(cur_);
    // joints: auto: the first body after a joint, in the branch or after it, is its child
    if (cur_.pending >= 0) cur_.inherited = true;
  }

  void close_branch() {
    if (cur_.pending >= 0 && !cur_.inherited) out_.tips.push_back(joints_[std::size_t(cur_.pending)].module);  // a growing tip
    if (!stack_.empty()) {
      cur_ = stack_.back();
      stack_.pop_back();
    }
    if (cur_.pending >= 0 && joints_[std::size_t(cur_.pending)].body >= 0) {  // its body was made in the branch
      cur_.body = joints_[std::size_t(cur_.pending)].body;
      cur_.pending = -1;
    }
  }

  void base_state(std::size_t i) {
    if (i != 0 || s_.nparams(i) != 12) {
      error("the base state '@Base' at module " + std::to_string(i) +
            " must be the first module and have twelve parameters (position, rotation vector, velocity, "
            "angular velocity)");
      return;
    }
    if (!std::isfinite(dyn::Vec3(s_.param(i)[3], s_.param(i)[4], s_.param(i)[5]).squaredNorm())) {
      error("the base state '@Base' at module " + std::to_string(i) + " has a rotation vector too long to be an angle");
      return;
    }
    out_.base_module = long(i);
  }

  void joint(std::size_t i, const PlacedModule& f) {
    if (s_.nparams(i) != 6) {
      error("the joint " + module_text(i) + " has " + std::to_string(s_.nparams(i)) +
            " parameters; a joint has six (rh, rl, ru, wh, wl, wu)");
      return;
    }
    if (cur_.body < 0 && auto_ && !out_.bodies.empty()) cur_.body = 0;  // a path that starts beside the base
    if (cur_.body < 0) {
      if (!auto_) error("the joint " + module_text(i) + " stands before the first body");
      return;  // (joints: auto: a joint before the first body is ignored)
    }
    if (!std::isfinite(dyn::Vec3(s_.param(i)[0], s_.param(i)[1], s_.param(i)[2]).squaredNorm())) {
      error("the joint " + module_text(i) + " has a rotation vector too long to be an angle");
      return;
    }
    if (cur_.pending >= 0 && !auto_)
      error("the joint " + module_text(joints_[std::size_t(cur_.pending)].module) + " is followed by the joint " +
            module_text(i) + " before a body");
    cur_.pending = long(joints_.size());  // (joints: auto: a joint followed by a joint is ignored)
    cur_.inherited = false;
    joints_.push_back({std::uint32_t(i), turtle_pose(f)});
    out_.module_body[i] = cur_.body;
  }

  // The piece of a module that carries a body, in the model's units, or
  // false after a diagnostic: B(l, r[, rho[, E]]) in metres; a drawn segment
  // (bodies.hpp) l turtle units long (its parameter, or step:) with half the
  // turtle's width as its radius (docs/language.md 7.8), as is an f in a
  // generalized cylinder.
  bool size(std::size_t i, const PlacedModule& f, BodyPiece& piece) {
    const int np = s_.nparams(i);
    const double* p = s_.param(i);
    piece.young = settings_.young * settings_.young_scale / (unit_ * unit_);
    piece.density = settings_.density;
    if (f.body != BodyKind::kSolid) {
      piece.length = np > 0 ? p[0] : rules_.step;
      // No thinner than 0.1 mm (also a segment drawn with no width): the
      // air's drag on a thinner one outweighs its inertia, and no step of a
      // plant's size follows it (docs/language.md 7.8).
      piece.radius = std::max(0.5 * std::abs(f.width) * pixel_, kMinDrawnRadius / unit_);
      return true;
    }
    if (np > 4) {
      error("the body " + module_text(i) + " has " + std::to_string(np) +
            " parameters; a body has at most four: B(l, r[, rho[, E]])");
      return false;
    }
    piece.length = p[0] / unit_;
    piece.radius = p[1] / unit_;
    if (np > 3) piece.young = p[3] * settings_.young_scale / (unit_ * unit_);
    if (np > 2) piece.density = p[2];
    if (!(piece.length >= 0) || !(piece.radius > 0) || !(piece.density > 0) || !(piece.young >= 0)) {
      error("the body " + module_text(i) +
            " needs a length and a modulus of at least 0, and a positive radius and density");
      return false;
    }
    return true;
  }

  // A module that carries a body: the base, a joint's child, or welded to
  // the body the path is on.
  void body(std::size_t i, const PlacedModule& f) {
    BodyPiece piece;
    if (!size(i, f, piece)) return;
    if (cur_.body < 0 && !out_.bodies.empty()) cur_.body = 0;  // a path that starts beside the base: welded to it
    JointAt* j = cur_.pending >= 0 ? &joints_[std::size_t(cur_.pending)] : nullptr;
    if (j && j->body >= 0) {  // joints: auto: that joint's body was made in a branch before
      cur_.body = j->body;
      j = nullptr;
      cur_.pending = -1;
    }
    if (!j && cur_.body >= 0 && out_.bodies[std::size_t(cur_.body)].rod >= 0) {
      error("the body " + module_text(i) + " follows a rod element without a joint between them");
      return;
    }
    if (cur_.body < 0 || j) {  // a new body: the base, or a joint's child
      LaidBody b;
      b.parent = cur_.body;
      b.first_piece = int(out_.pieces.size());
      if (j) {
        b.rest = j->frame;
        b.parent_piece = cur_.last;
        b.joint_module = j->module;  // (the walked string's, until store_indices)
        j->body = int(out_.bodies.size());
      }
      cur_.body = int(out_.bodies.size());
      cur_.pending = -1;
      out_.bodies.push_back(b);
    }
    piece.module = std::uint32_t(i);
    piece.body = cur_.body;
    piece.frame = out_.bodies[std::size_t(cur_.body)].rest.inverse() * turtle_pose(f);  // in its body's frame
    cur_.last = int(out_.pieces.size());
    out_.pieces.push_back(piece);
    out_.module_body[i] = cur_.body;
  }

  // K(t, k1, k2, wt, w1, w2): the live state of the element just after it
  // (docs/language.md 7.9); a bare K (at rest) is given its parameters
  // before the model is built (expand_rest_joints).
  void curvature(std::size_t i) {
    if (!curvature_ok(i)) return;
    curvature_ = long(i);
    ride(i);
  }
  bool curvature_ok(std::size_t i) {
    const int np = s_.nparams(i);
    const double* p = s_.param(i);
    if (np != 6) {
      error("the curvature " + module_text(i) + " has " + std::to_string(np) +
            " parameters; a curvature has six (t, k1, k2, wt, w1, w2), or none at rest");
      return false;
    }
    if (!std::all_of(p, p + np, [](double x) { return std::isfinite(x); })) {
      error("the curvature " + module_text(i) + " needs finite curvatures and rates");
      return false;
    }
    return true;
  }
  // element: clothoid: the K right after a clothoid element is its end
  // node's state (docs/language.md 7.9), bare (at rest) or with its six
  // parameters. True if module i was that K; a chain's node without its K is
  // an error located at its element.
  bool end_node(std::size_t i) {
    RodMark& m = out_.rods[std::size_t(end_of_)];
    end_of_ = -1;
    if (i < s_.size() && s_.sym[i] == rules_.dynamics.curvature) {
      if (s_.nparams(i) > 0 && curvature_ok(i)) m.curvature = std::int32_t(i);
      ride(i);
      return true;
    }
    const std::size_t here = at_;
    at_ = m.module;
    const std::string there = i < s_.size() ? " (" + module_text(i) +
                                                  " stands there: what rides on the element's end, as a @Graft, "
                                                  "comes after its K)"
                                            : std::string();
    error("the clothoid element " + module_text(m.module) + " has no curvature after it" + there +
          ": every node of a clothoid chain has its K, the last one after the chain's last element (joints: auto "
          "inserts it)");
    at_ = here;
    return false;
  }
  void stray_curvature() {
    const std::size_t here = at_;
    at_ = std::size_t(curvature_);
    error("the curvature " + module_text(at_) + " does not stand just before a rod element");
    at_ = here;
    curvature_ = -1;
  }

  // S(l, r[, t0, k1, k2[, rho, E]]): a curved element, a node of its own
  // hanging from the body the path is on (docs/language.md 7.9); a joint
  // before it is a massless body of its own on that joint (docs/dynamics.md,
  // "Curved rods"). The node's rest frame is the element's end frame.
  void rod(std::size_t i, const PlacedModule& f) {
    RodMark m;
    if (!rod_size(i, m)) return;
    m.clothoid = rules_.dynamics.clothoid;
    m.curvature = m.clothoid ? -1 : std::int32_t(curvature_);
    const long before = curvature_;
    curvature_ = -1;
    if (cur_.body < 0 && out_.bodies.empty()) out_.bodies.push_back(LaidBody{});  // a massless base holds it
    if (cur_.body < 0) cur_.body = 0;
    JointAt* j = cur_.pending >= 0 ? &joints_[std::size_t(cur_.pending)] : nullptr;
    if (j && j->body >= 0) {  // joints: auto: that joint's body was made in a branch before
      cur_.body = j->body;
      j = nullptr;
    }
    if (j) {
      LaidBody b;
      b.parent = cur_.body;
      b.rest = j->frame;
      b.parent_piece = cur_.last;
      b.joint_module = j->module;
      j->body = cur_.body = int(out_.bodies.size());
      out_.bodies.push_back(b);
    }
    cur_.pending = -1;
    m.module = std::uint32_t(i);
    m.start = turtle_pose(f);
    if (m.clothoid) clothoid_start(i, m, before);
    m.body = int(out_.bodies.size());
    LaidBody node;
    node.parent = cur_.body;
    node.rod = int(out_.rods.size());
    node.rest = m.start * dyn::helix_pose(m.rest, m.length);  // at rest its Darboux vector is constant
    out_.bodies.push_back(node);
    if (m.clothoid) end_of_ = long(out_.rods.size());
    out_.rods.push_back(m);
    cur_.body = m.body;
    cur_.last = -1;
    out_.module_body[i] = m.body;
  }

  // element: clothoid (docs/language.md 7.9): an element right after a
  // clothoid element (no joint between) continues its chain, its start node
  // that element's end node; any other starts a chain with a zero-length
  // first node (docs/dynamics.md, "Curved rods"), whose state is the K just
  // before it. `before`: a K with parameters waiting for an element, or -1.
  void clothoid_start(std::size_t i, RodMark& m, long before) {
    const RodMark* prev = out_.bodies[std::size_t(cur_.body)].rod >= 0
                              ? &out_.rods[std::size_t(out_.bodies[std::size_t(cur_.body)].rod)]
                              : nullptr;
    m.continues = prev && prev->clothoid;
    if (m.continues) {
      if (before >= 0) {
        at_ = std::size_t(before);
        error("the curvature " + module_text(at_) + " stands inside a clothoid chain: an element there starts at "
              "the previous element's end node, the K just after that element");
        at_ = i;
      }
      return;
    }
    if (!(i > 0 && s_.sym[i - 1] == rules_.dynamics.curvature))
      error("the clothoid element " + module_text(i) +
            " starts a chain without a curvature before it: the chain's first node has its K (joints: auto "
            "inserts it)");
    RodMark first = m;
    first.first_node = true;
    first.curvature = std::int32_t(before);
    first.body = int(out_.bodies.size());
    LaidBody node;
    node.parent = cur_.body;
    node.rod = int(out_.rods.size());
    node.rest = m.start;  // (zero length)
    out_.bodies.push_back(node);
    out_.rods.push_back(first);
    cur_.body = first.body;
    m.continues = true;
  }

  // An element's size and material in the model's units, or false after a
  // diagnostic.
  bool rod_size(std::size_t i, RodMark& m) {
    RodParams r;
    const int np = s_.nparams(i);
    if (!rod_params(s_.param(i), np, r)) {
      error("the rod element " + module_text(i) + " has " + std::to_string(np) +
            " parameters; an element has two, five or seven: S(l, r[, t0, k1, k2[, rho, E]])");
      return false;
    }
    m.length = r.length / unit_;
    m.radius = r.radius / unit_;
    m.density = r.has_material ? r.density : settings_.density;
    m.young = (r.has_material ? r.young : settings_.young) * settings_.young_scale / (unit_ * unit_);
    m.rest = dyn::Vec3(r.rest[0], r.rest[1], r.rest[2]) * unit_;
    if (!(m.length > 0) || !(m.radius > 0) || !(m.density > 0) || !(m.young >= 0) || !std::isfinite(m.length) ||
        !std::isfinite(m.radius)) {
      error("the rod element " + module_text(i) +
            " needs a positive, finite length, radius and density and a modulus of at least 0");
      return false;
    }
    if (!std::isfinite(m.rest.squaredNorm())) {
      error("the rod element " + module_text(i) + " needs finite rest curvatures");
      return false;
    }
    return true;
  }

  // @Tie(x, y, z), or a bare @Tie (its anchor: the point's world position
  // once the model is built, build_living_model).
  void tie(std::size_t i, const PlacedModule& f) {
    const int np = s_.nparams(i);
    if (cur_.body < 0) {
      error("the tie '@Tie' at module " + std::to_string(i) + " stands before the first body");
      return;
    }
    if (np != 0 && np != 3) {
      error("the tie '@Tie' at module " + std::to_string(i) + " has " + std::to_string(np) +
            " parameters; a tie has three (x, y, z: the world point), or none to tie where it stands");
      return;
    }
    const double* p = s_.param(i);
    if (np == 3 && !(std::isfinite(p[0]) && std::isfinite(p[1]) && std::isfinite(p[2]))) {
      error("the tie '@Tie' at module " + std::to_string(i) + " needs a finite world point");
      return;
    }
    TieMark t;
    t.module = std::uint32_t(i);  // (the walked string's, until store_indices)
    t.body = cur_.body;
    t.point = out_.bodies[std::size_t(cur_.body)].rest.inverse().act(f.pos);
    t.bare = np == 0;
    if (np == 3) t.anchor = dyn::Vec3(p[0], p[1], p[2]);
    out_.ties.push_back(t);
    out_.module_body[i] = cur_.body;
  }

  // @Graft(id), @Weld(id), @Weld(id, rx, ry, rz) or @Weld(id, rx, ry, rz,
  // ox, oy, oz): a mark, paired by id once the model is made (grafts.cpp).
  // Its point is where the turtle stands, moved by (ox, oy, oz) along the
  // turtle's H, L, U (the offset a weld made by fuse after: carries).
  void graft(std::size_t i, const PlacedModule& f, bool weld) {
    const int np = s_.nparams(i);
    const std::string what = std::string(weld ? "the weld '@Weld'" : "the graft '@Graft'") + " at module " +
                             std::to_string(i);
    if (cur_.body < 0) {
      error(what + " stands before the first body");
      return;
    }
    if (weld ? np != 1 && np != 4 && np != 7 : np != 1) {
      error(what + " has " + std::to_string(np) + " parameters; " +
            (weld ? "a weld has its id, or its id and the rest rotation (rx, ry, rz), then perhaps an offset "
                    "(ox, oy, oz)"
                  : "a graft has one: its id"));
      return;
    }
    const double* p = s_.param(i);
    if (!std::all_of(p, p + np, [](double x) { return std::isfinite(x); })) {
      error(what + " needs finite parameters");
      return;
    }
    dyn::Vec3 at = f.pos;
    if (np == 7) at += p[4] * f.H + p[5] * f.L + p[6] * f.U;
    const BodyPiece* last = cur_.last >= 0 ? &out_.pieces[std::size_t(cur_.last)] : nullptr;
    out_.marks.push_back({std::uint32_t(i), cur_.body, out_.bodies[std::size_t(cur_.body)].rest.inverse().act(at), weld,
                          p[0], last ? last->length : 0.0, last ? last->radius : 0.0});
    out_.module_body[i] = cur_.body;
  }

  const RuleSet& rules_;
  const RunSettings& settings_;
  const ModuleString& s_;
  BodyLayout& out_;
  std::vector<grammar::Diagnostic>& diags_;
  const ModuleLocator& locate_;
  const std::vector<PlacedModule> placed_;  // the bodies, joints and marks the turtle placed, in the rest pose
  const bool auto_;     // joints: auto: the walk forgives what the inserted joints can leave
  const double unit_;   // turtle unit: metres per unit of the drawing
  const double pixel_;  // the drawing's units per pixel of a width (1 unless cpfg's pixel line style)
  std::size_t at_ = 0;  // the module being walked
  long curvature_ = -1;  // a K waiting for its element, -1 if none
  long end_of_ = -1;     // element: clothoid: the element (in out_.rods) whose end node's K comes next, -1 if none
  std::vector<JointAt> joints_;
  std::vector<PathState> stack_;
  PathState cur_;
};

// The walked string's joints, ties, marks, tips and base state in the
// stored string (through origin when the walked string is a drawing), and
// each joint's parameter offset there. False after a diagnostic.
bool store_indices(const RuleSet& rules, const ModuleString& s, const std::vector<std::int32_t>* origin,
                   BodyLayout& out, std::vector<grammar::Diagnostic>& diags) {
  bool ok = true;
  auto stored = [&](std::uint32_t k, const char* what) -> std::uint32_t {
    const long at = origin ? long((*origin)[k]) : long(k);
    if (at >= 0) return std::uint32_t(at);
    diags.push_back({rules.path, {}, std::string("the ") + what + " at module " + std::to_string(k) +
                                         " of the drawing is not in the string"});
    ok = false;
    return 0;
  };
  for (std::size_t b = 1; b < out.bodies.size(); ++b) {
    LaidBody& body = out.bodies[b];
    if (body.rod >= 0) continue;  // (an element's state is its K)
    body.joint_module = stored(body.joint_module, "joint");
    if (ok) body.joint_offset = s.param_begin[body.joint_module];
  }
  for (TieMark& t : out.ties) t.module = stored(t.module, "tie");
  for (GraftMark& m : out.marks) m.stored = std::int32_t(stored(m.module, "graft"));
  for (std::uint32_t& k : out.tips) k = stored(k, "joint");
  for (RodMark& r : out.rods)
    if (r.curvature >= 0) {
      r.curvature = std::int32_t(stored(std::uint32_t(r.curvature), "curvature"));
      if (ok) r.curvature_offset = s.param_begin[std::size_t(r.curvature)];
    }
  if (out.base_module >= 0) out.base_module = long(stored(std::uint32_t(out.base_module), "base state"));
  return ok;
}

}  // namespace

bool build_body_layout(const RuleSet& rules, const RunSettings& settings, const ModuleString& s,
                       const DrawnString* drawn, const ModuleLocator& locate, BodyLayout& out,
                       std::vector<grammar::Diagnostic>& diags) {
  out = BodyLayout{};
  out.drawn = drawn != nullptr;
  const std::size_t before = diags.size();
  const ModuleLocator none;  // (the locator knows the stored string's modules only)
  Walker(rules, settings, drawn ? drawn->s : s, out, diags, drawn ? none : locate).walk();
  return diags.size() == before && store_indices(rules, s, drawn ? &drawn->origin : nullptr, out, diags);
}

std::vector<dyn::SE3> body_motions(const BodyLayout& layout, const std::vector<dyn::SE3>& oMi) {
  std::vector<dyn::SE3> moved(layout.bodies.size());
  for (std::size_t b = 0; b < moved.size() && b < oMi.size(); ++b) moved[b] = oMi[b] * layout.bodies[b].rest.inverse();
  return moved;
}

}  // namespace lsd::interp
