// The body layout of a living string (docs/architecture.md, "the path from
// a file to a frame"; docs/language.md 7): which module carries which body,
// each body's rest frame, where each joint's state lives in the stored
// string, and the marks (ties, grafts, welds), as one walk of the drawn
// string in the rest pose finds them. It is built once per model rebuild;
// the model (living_model.hpp) is made from it, and the scene poses the
// drawing of the plant with it (scene.hpp). What carries a body is the
// turtle's to say (bodies.hpp: the one predicate, asked in its rest walk,
// turtle.hpp: rest_frames); the layout joins those bodies into a tree.
#pragma once
#include <cstdint>
#include <vector>

#include "dynamics/spatial.hpp"
#include "grammar/diagnostic.hpp"
#include "interpreter/lsystem/bodies.hpp"
#include "interpreter/lsystem/origin.hpp"
#include "interpreter/lsystem/rules.hpp"
#include "interpreter/lsystem/settings.hpp"

namespace lsd::interp {

// A module that carries a body: one piece of that body (a capsule of the
// model), in the model's units (turtle units of `turtle unit` metres; Young's
// modulus rescaled to them, docs/language.md 7.8).
struct BodyPiece {
  std::uint32_t module = 0;  // index in the walked string
  int body = 0;
  dyn::SE3 frame;            // the module's turtle frame in its body's frame
  double length = 0, radius = 0;
  double density = 0;        // kg/m^3
  double young = 0;          // Young's modulus in the model's units
};

// A body of the tree: its parent, its rest frame, its joint.
struct LaidBody {
  int parent = -1;      // -1: the base
  dyn::SE3 rest;        // its frame in the world in the rest pose: its joint's rest frame (the base's: the world)
  std::uint32_t joint_module = 0;  // its joint: index in the stored string (the base: none, 0)
  std::uint32_t joint_offset = 0;  // the offset of that joint's six parameters in the stored string's params
  int parent_piece = -1;  // the piece before the joint on its path, and the body's first piece: the joint's
  int first_piece = -1;   // springs join these two (-1: none)
  int rod = -1;           // a curved rod element's node (its rest: the element's END frame): its RodMark
  // Its joint's axes in the joint's rest frame (the turtle's at the joint):
  // the eigenvectors of its spring with `springs: second order`
  // (spring_axes.hpp), its rest frame turned by them; the joint's state in
  // the string stays in the turtle's frame (load_state turns it).
  dyn::Mat3 axes = dyn::Mat3::Identity();
};

// A curved rod element S(l, r[, t0, k1, k2[, rho, E]]) where the walk met it
// (docs/language.md 7.9), in the model's units (lengths in turtle units,
// curvatures per turtle unit, Young's modulus rescaled as a piece's).
struct RodMark {
  std::uint32_t module = 0;          // the S: index in the walked string
  std::int32_t curvature = -1;       // its live state K just before it: index in the stored string, -1: none
  std::uint32_t curvature_offset = 0;  // the offset of K's six parameters in the stored string's params
  int body = 0;                      // its node
  dyn::SE3 start;                    // its start frame in the world at rest
  double length = 0, radius = 0, density = 0, young = 0;
  dyn::Vec3 rest = dyn::Vec3::Zero();  // the rest Darboux vector (t0, k1, k2)
  // element: clothoid (docs/language.md 7.9): a chain's first element comes
  // after a zero-length first node (a RodMark of its own, first_node, the
  // element's size and material, its state the K before the element);
  // every element continues its chain, its state its end node, the K after it.
  bool clothoid = false;
  bool first_node = false;
  bool continues = false;
};

// A @Tie where the walk met it.
struct TieMark {
  std::uint32_t module = 0;  // index in the stored string
  int body = 0;
  dyn::Vec3 point = dyn::Vec3::Zero();   // body frame: where the turtle stands
  bool bare = false;                     // no parameters: its anchor is the point where the model is built
  dyn::Vec3 anchor = dyn::Vec3::Zero();  // the world point (@Tie(x, y, z))
};

// A @Graft(id) or @Weld(id[, rx, ry, rz]) where the walk met it (paired by
// id when the model is made: grafts.hpp).
struct GraftMark {
  std::uint32_t module = 0;           // index in the walked string
  int body = 0;                       // the body it rides on
  dyn::Vec3 point = dyn::Vec3::Zero();  // body frame: where the turtle stands
  bool weld = false;
  double id = 0;
  double arm = 0;                     // the length of the last body piece before it (a weld's lever)
  double reach = 0;                   // the radius of the last body piece before it (a graft's reach)
  std::int32_t stored = -1;           // its index in the stored string
};

struct BodyLayout {
  std::vector<LaidBody> bodies;            // depth-first: parent < body
  std::vector<BodyPiece> pieces;           // in string order
  std::vector<std::int32_t> module_body;   // (walked size) the body each module rides on, -1 none
  std::vector<TieMark> ties;
  std::vector<RodMark> rods;               // in string order (their nodes ascending)
  std::vector<GraftMark> marks;
  std::vector<std::uint32_t> tips;         // stored indices of growing-tip joints (no body yet)
  long base_module = -1;                   // stored index of the base state module, -1 if none
  bool drawn = false;                      // walked the homomorphism's drawing, not the stored string
  int nbodies() const { return int(bodies.size()); }
};

// The string as drawn (the homomorphism applied), and for its joints, ties,
// marks and base state their index in the stored string (else -1).
struct DrawnString {
  ModuleString s;
  std::vector<std::int32_t> origin;
};

// Walks the stored string s, or its drawing when given, in the rest pose
// and lays its bodies out with the run's settings (materials, scale).
// Structural mistakes (a joint before the first body, a joint followed by a
// joint or '[' before a body, a module with parameters it cannot have, a
// negative size) are diagnostics naming the modules' positions in the
// walked string, placed where `locate` says they were written (the stored
// string's modules only); false after one.
bool build_body_layout(const RuleSet& rules, const RunSettings& settings, const ModuleString& s,
                       const DrawnString* drawn, const ModuleLocator& locate, BodyLayout& out,
                       std::vector<grammar::Diagnostic>& diags);

// The frame of body b at rest, moved to where the physics has it
// (oMi[b] · rest⁻¹): what the drawing of a living plant carries each body's
// modules with (turtle.hpp: BodyPoses).
std::vector<dyn::SE3> body_motions(const BodyLayout& layout, const std::vector<dyn::SE3>& oMi);

}  // namespace lsd::interp
