// Grafts and welds of the living string (docs/language.md 7.2, "Joined
// branches and rings"), private to the living room: the @Graft and @Weld
// marks the walk finds, paired by their ids into the model's grafts.
#pragma once
#include <cstdint>
#include <vector>

#include "dynamics/dynamics.hpp"
#include "grammar/diagnostic.hpp"
#include "interpreter/living/living_model.hpp"

namespace lsd::interp {

// Pairs the marks (body_layout.hpp: GraftMark, in the walked string s) by
// id into lm.model.contact.grafts (after the model is made: it reads the
// bodies' parents) and lm.graft_module (their stored indices); a weld whose
// modules carry no rotation joins lm.bare_welds. An id used once waits,
// inert, for its partner (a loop the grammar closes later). An id used more
// than twice, a @Graft paired with a @Weld, a pair on one body or on two
// joined neighbours are diagnostics naming the modules; false after one.
bool pair_grafts(const RuleSet& rules, const ModuleString& s, const std::vector<GraftMark>& marks,
                 const ModuleLocator& locate, LivingModel& lm,
                 std::vector<grammar::Diagnostic>& diags);

// The bare welds' rest rotations (body b's frame in body a's) from the pose
// in d (after forward kinematics).
void set_bare_weld_rest(LivingModel& lm, const dyn::Data& d);

}  // namespace lsd::interp
