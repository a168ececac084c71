// What lsd does not run or draw of cpfg (docs/language.md 9.5): the
// functions of expressions it gives 0 for, and the modules its turtle
// ignores, said once each where they are first written.
#pragma once
#include <string_view>
#include <vector>

#include "grammar/diagnostic.hpp"
#include "interpreter/lsystem/rules.hpp"

namespace lsd::interp {

// A cpfg function (file input and output, sound, the view volume ...) that
// lsd does not run: a call gives 0, with a warning where it is compiled.
bool cpfg_function_unsupported(std::string_view name);

// One warning per module lsd's turtle ignores (CPFG manual 6), where it is
// first written, and for constants of generalized cylinders, textures and
// curves that lsd cannot use as written.
void warn_cpfg_unsupported(const RuleSet& rs, grammar::Pos axiom_pos, bool environment,
                           std::vector<grammar::Diagnostic>& diags);

}  // namespace lsd::interp
