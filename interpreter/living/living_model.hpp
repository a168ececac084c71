// The living string (docs/language.md section 7, docs/architecture.md):
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
#include "interpreter/lsystem/origin.hpp"
#include "interpreter/lsystem/rules.hpp"
#include "interpreter/lsystem/settings.hpp"
#include "interpreter/living/units.hpp"

namespace lsd::interp {

// The model of one string: constants only. The state it moves is the
// string's joint parameters; a dyn::Data to step it lives with its owner
// (Simulation), filled by load_state.
struct LivingModel {
  dyn::Model model;
  std::vector<std::uint32_t> joint_module;   // (nbody) string index of body i's joint J; entry 0 unused
  std::vector<std::uint32_t> joint_offset;   // (nbody) offset of its six parameters in ModuleString::params
  long base_module = -1;                     // string index of the base state module, -1 if none
  std::vector<std::uint32_t> tie_module;     // (model.contact.ties) string index of each @Tie
  std::vector<std::uint32_t> bare_ties;      // the ties whose @Tie has no parameters (their anchors: where they stand)
  std::vector<std::uint32_t> graft_module;   // (2 per model.contact.grafts) string index of its two modules
  std::vector<std::uint32_t> bare_welds;     // the welds whose @Weld modules lack their rest rotation
  // (model.contact.capsules) string index of each capsule's B module and
  // that B's frame in its body's frame (for fuse after:, fusion.hpp); empty
  // when the model is built from the drawing.
  std::vector<std::uint32_t> capsule_module;
  std::vector<dyn::SE3> capsule_frame;
  int last_body = -1;                        // body of the last B of the string
  dyn::Vec3 last_body_end = dyn::Vec3::Zero();  // m, far end of that B in its body's frame
  bool empty() const { return model.nbody() == 0; }
  int nbodies() const { return model.nbody(); }
};

// Builds the model of string s (O(n)) with the run's settings (materials,
// drag, base, scales). Structural mistakes (a joint before the first body, a
// joint followed by a joint or '[' before a body, a B or J with too few
// parameters, a negative size) are diagnostics naming the modules' positions
// in the string; the model is then empty.
//
// With joints: auto and a homomorphism, bodies are what is drawn
// (docs/language.md 7.8): the model is built from `drawn` (draw_for_model),
// and the joints' state stays in s.
struct DrawnString {
  ModuleString s;                     // the string as drawn
  std::vector<std::int32_t> origin;   // for its joints, ties and base state: their index in the string; else -1
};
// Messages about a module are placed where `locate` says it was written
// (origin.hpp: ModuleOrigins), else by module_origin.
bool build_living_model(const RuleSet& rules, const RunSettings& settings, const ModuleString& s,
                        LivingModel& out, std::vector<grammar::Diagnostic>& diags, const DrawnString* drawn = nullptr,
                        const ModuleLocator& locate = {});

// Whether the model of these rules' strings is built from their drawing
// (joints: auto with a homomorphism), and that drawing of s: the
// homomorphism applied, which must keep the joints, ties and base state.
bool model_from_drawing(const RuleSet& rules);
bool draw_for_model(const RuleSet& rules, const ModuleString& s, std::size_t max_modules, DrawnString& out,
                    std::vector<grammar::Diagnostic>& diags);

// Writes the anchors of the bare @Tie modules (LivingModel::bare_ties) into
// the string as their three parameters, so that a saved string resumes
// exactly; the model must then be rebuilt. True if the string changed.
bool write_bare_ties(const LivingModel& lm, ModuleString& s);

// Writes the rest rotation of the welds made from bare @Weld(id) modules
// (LivingModel::bare_welds) into both their modules as three more
// parameters, so that a saved string resumes exactly; the model must then be
// rebuilt. True if the string changed.
bool write_bare_welds(const LivingModel& lm, ModuleString& s);

// Joint parameters (rotation vector, angular velocity) -> data.q, data.w,
// and the base state @Base(px,py,pz, rx,ry,rz, vx,vy,vz, wx,wy,wz) -> the base
// pose and velocity (position, world rotation vector, velocity of the base
// origin, angular velocity; world frame). data is sized for lm.model.
void load_state(const ModuleString& s, const LivingModel& lm, dyn::Data& data);
// data.q, data.w -> joint parameters: r = log(q) and w; the base state -> @Base.
void store_state(const LivingModel& lm, const dyn::Data& data, ModuleString& s);

// A moving base (floating, or kinematic when the user shakes the pot) keeps
// its state in a base module at the start of the string; this inserts one at
// rest when it is missing. True if the string changed.
bool ensure_base_module(ModuleString& s);

// World position of the far end of the last body (the trace's tip), from
// data.oMi after forward kinematics.
dyn::Vec3 tip_position(const LivingModel& lm, const dyn::Data& data);

}  // namespace lsd::interp
