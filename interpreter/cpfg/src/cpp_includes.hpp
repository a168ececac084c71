// The #include directives of a cpfg file, checked before the C preprocessor
// sees them (preprocess.cpp; docs/language.md 9.7). cpp opens any path an
// #include names, so lsd does not let it: every directive that names a
// file (#include, #include_next, #import, #embed; spelled with `%:`, split
// by `\`-newlines or comments too) is found here. A file inside the model's
// folder is copied, its own directives checked the same way, into a private
// temporary folder, and the directive names the copy; any other is a
// located warning and the directive is dropped (its lines stay, blank). A
// directive whose file is a macro is dropped likewise, and so are
// `__has_include`, `_Pragma` and `#pragma ... dependency`, which look at
// files too. cpp is then run on files lsd wrote, and opens nothing else.
#pragma once
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "grammar/diagnostic.hpp"

namespace lsd::interp {

struct IncludeCopies {
  std::string dir;  // the private folder of the copies (made by the caller)
  std::vector<std::pair<std::string, std::string>> names;  // copy -> the user's file it is
  std::map<std::string, std::string> by_source;            // the user's file (canonical) -> its copy
};

struct IncludeRules {
  std::string root;            // the model's folder
  bool allow_outside = false;  // --allow-outside-files
  // What cpp must read of a file instead of its text (preprocess.cpp's protection of L-system text).
  std::function<std::string(const std::string&)> prepare;
};

// Rewrites the directives of `text` (what cpp will read for the user's file
// `file`). False after an error (a file that cannot be read, too many
// files: common/limits.hpp's kIncludedFiles); warnings go to diags too.
bool rewrite_includes(std::string& text, const std::string& file, const IncludeRules& rules, IncludeCopies& copies,
                      std::vector<grammar::Diagnostic>& diags);

}  // namespace lsd::interp
