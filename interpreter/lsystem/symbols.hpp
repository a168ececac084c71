// Symbol table: module names to ids (docs/language.md section 3). Which characters
// are symbols is grammar/alphabet.hpp's to say.
#pragma once
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "interpreter/lsystem/module_string.hpp"

namespace lsd::interp {

class SymbolTable {
 public:
  SymbolTable();
  // Declares a multi-character name (letters, digits, '_', starting with a letter).
  SymbolId declare(const std::string& name);
  // The id of a name that is a single character, a built-in (@O ?P ...) or declared; false if unknown.
  bool find(std::string_view name, SymbolId& id) const;
  // Splits a run of symbol characters by longest match among declared names,
  // then single characters. On failure `bad` is the offset of the bad character.
  bool split(std::string_view word, std::vector<SymbolId>& out, std::size_t& bad) const;
  std::string name(SymbolId id) const;
  SymbolId size() const { return kFirstUserSymbol + SymbolId(user_.size()); }  // ids are < size()

 private:
  std::vector<std::string> user_;  // names of ids kFirstUserSymbol...
  std::unordered_map<std::string, SymbolId> by_name_;
  std::size_t longest_ = 0;
};

}  // namespace lsd::interp
