// The living string (docs/language.md section 7, docs/architecture.md):
// the articulated model is a compiled view of the string. Bodies B, welded
// bodies and joints J come from its body layout (body_layout.hpp); every
// joint knows the offset of its six parameters in the string, and a physics
// step reads and writes them there: the string is the only copy of the state.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "dynamics/dynamics.hpp"
#include "grammar/diagnostic.hpp"
#include "interpreter/living/body_layout.hpp"
#include "interpreter/lsystem/origin.hpp"
#include "interpreter/lsystem/rules.hpp"
#include "interpreter/lsystem/settings.hpp"
#include "interpreter/living/units.hpp"

namespace lsd::interp {

struct Lsystem;  // interpreter/growth/lsystem.hpp

// The model of one string: constants only. The state it moves is the
// string's joint parameters; a dyn::Data to step it lives with its owner
// (Simulation), filled by load_state.
struct LivingModel {
  dyn::Model model;
  // Which module carries which body, the rest frames, where each joint's
  // state lives in the string, the marks (body_layout.hpp): the model's
  // bodies, capsules and ties are its bodies, pieces and ties, in order.
  BodyLayout layout;
  std::vector<std::uint32_t> graft_module;   // (2 per model.contact.grafts) string index of its two modules
  std::vector<std::uint32_t> bare_welds;     // the welds whose @Weld modules lack their rest rotation
  double unit = 1;                           // turtle unit: metres per unit of the model
  int last_body = -1;                        // body of the last body piece of the string
  dyn::Vec3 last_body_end = dyn::Vec3::Zero();  // far end of that piece in its body's frame (the model's units)
  bool empty() const { return model.nbody() == 0; }
  int nbodies() const { return model.nbody(); }
};

// Builds the model of string s (O(n)) with the run's settings (materials,
// drag, base, scales) from its layout (build_body_layout: the structural
// mistakes it reports, and a joint between two bodies of zero length, are
// diagnostics naming the modules' positions in the string; the model is
// then empty).
//
// With a homomorphism, the bodies are what is drawn (docs/language.md 4.9,
// 7.8): the model is built from `drawn` (draw_string), and the joints'
// state stays in s. Messages about a module of s are placed where `locate`
// says it was written (origin.hpp: ModuleOrigins), else by module_origin.
bool build_living_model(const RuleSet& rules, const RunSettings& settings, const ModuleString& s,
                        LivingModel& out, std::vector<grammar::Diagnostic>& diags, const DrawnString* drawn = nullptr,
                        const ModuleLocator& locate = {});

// Whether the model of these rules' strings is built from their drawing (a
// dynamics: section and a homomorphism).
bool model_from_drawing(const RuleSet& rules);

// The L-system's string as drawn: the homomorphism applied once, with the
// L-system's state (lsystem.hpp: apply_homomorphism, so that its statements
// and random numbers are the picture's; a cpfg model's drawing comes after
// cpfg's view-volume pass, on copies), and, when the model is built from
// it, the index in the string of each of its joints, ties, grafts, welds and
// base state, which the homomorphism must keep, in order. False with a
// diagnostic.
bool draw_string(const Lsystem& ls, std::size_t max_modules, DrawnString& out, std::vector<grammar::Diagnostic>& diags);

// The @Graft and @Weld ids that ls.current uses once (grafts still waiting
// for their partner at the end of the derivation: docs/language.md 7.2), as
// warnings placed where each module was written (lsd check).
void warn_lone_grafts(const Lsystem& ls, std::vector<grammar::Diagnostic>& diags);

// Writes the anchors of the bare @Tie modules (TieMark::bare) into the
// string as their three parameters, so that a saved string resumes
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
