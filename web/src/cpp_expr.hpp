// The page's C preprocessor (cpp.hpp): the value of an #if's expression,
// its macros expanded and `defined` already replaced: C's integer
// arithmetic in long long (intmax_t, as GNU cpp's), a name left over is 0.
#pragma once
#include <string>
#include <vector>

#include "web/src/cpp_lex.hpp"

namespace lsd::web {

// False with `why` (GNU cpp's message) when the expression is not one.
bool evaluate(const std::vector<Tok>& toks, long long& value, std::string& why);

}  // namespace lsd::web
