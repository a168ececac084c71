// The living string (LANGUAGE.md section 6, DESIGN.md "The flow of data"):
// the articulated model is a compiled view of the string. Bodies B, welded
// bodies and joints J come from a turtle walk in the rest pose; every joint
// knows the offset of its six parameters in the string, and a physics step
// reads and writes them there: the string is the only copy of the state.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "dynamics/dynamics.hpp"
#include "grammar/diagnostic.hpp"
#include "rules.hpp"

namespace lsd::interp {

// Run-time changes to the dynamics: section (the viewer's sliders, the CLI).
struct LivingOptions {
  double young_scale = 1.0;    // multiplies every Young's modulus
  double damping_scale = 1.0;  // multiplies every joint damping
  bool kinematic_base = false;  // the base translates with Data::base_acc (the user shaking the pot)
};

struct LivingModel {
  dyn::Model model;
  dyn::Data data;
  std::vector<std::uint32_t> joint_module;   // (nbody) string index of body i's joint J; entry 0 unused
  std::vector<std::uint32_t> joint_offset;   // (nbody) offset of its six parameters in ModuleString::params
  std::vector<std::uint32_t> tips;           // string indices of growing-tip joints (no body yet)
  std::vector<std::int32_t> module_body;     // (string size) the body a module rides on, -1 if none
  long base_module = -1;                     // string index of @M (the moving base's state), -1 if none
  int last_body = -1;                        // body of the last B of the string
  dyn::Vec3 last_body_end = dyn::Vec3::Zero();  // m, far end of that B in its body's frame
  bool empty() const { return model.nbody() == 0; }
  int nbodies() const { return model.nbody(); }
};

// Builds the model from the string (O(n)). Structural mistakes (a joint before
// the first body, a joint followed by a joint or '[' before a body, a B or J
// with too few parameters, a non-positive size) are diagnostics naming the
// modules' positions in the string; the model is then empty.
bool build_living_model(const RuleSet& rules, const ModuleString& s, LivingModel& out,
                        std::vector<grammar::Diagnostic>& diags, const LivingOptions& opts = {});

// Joint parameters (rotation vector, angular velocity) -> Data::q, Data::w,
// and @M(px,py,pz, rx,ry,rz, vx,vy,vz, wx,wy,wz) -> the base pose and velocity
// (position, world rotation vector, velocity of the base origin, angular velocity; world frame).
void load_state(const ModuleString& s, LivingModel& lm);
// Data::q, Data::w -> joint parameters: r = log(q) and w; the base state -> @M.
void store_state(const LivingModel& lm, ModuleString& s);

// A moving base (floating, or kinematic when the user shakes the pot) keeps
// its state in an @M module at the start of the string; this inserts one at
// rest when it is missing. True if the string changed.
bool ensure_base_module(ModuleString& s);

// World position of the far end of the last body (the trace's tip), after forward kinematics.
dyn::Vec3 tip_position(const LivingModel& lm);

}  // namespace lsd::interp
