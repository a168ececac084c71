// The vocabulary of a .ls file's `key: value` lines: one table for the
// header and one for the dynamics: section (keys.cpp). A row gives the key's
// name, how its value is read, its range and the handler that compiles it;
// its default is the value-initialised RuleSet / RunSettings. The parser
// classifies lines with find_key, the compiler runs the handlers, the
// viewer merges edits of the file with merge_file_changes: adding a key is
// one row.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "grammar/parser.hpp"
#include "interpreter/lsystem/settings.hpp"

namespace lsd::interp {

// The parser's view of both tables (a grammar::KeyLookup).
const grammar::KeySpec* find_key(grammar::KeySection section, std::string_view name);

// The names of a section's keys, in table order (a grammar::KeyNames: "did
// you mean" after an unknown key).
std::vector<std::string> key_names(grammar::KeySection section);

// After the file is edited and compiled again: every setting whose value in
// the file changed (old_file -> new_file) takes the new value in live; the
// others keep what live has (a slider the user moved stays).
void merge_file_changes(const RunSettings& old_file, const RunSettings& new_file, RunSettings& live);

}  // namespace lsd::interp
