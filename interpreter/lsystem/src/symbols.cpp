#include "interpreter/lsystem/symbols.hpp"

#include <algorithm>

#include "grammar/alphabet.hpp"

namespace lsd::interp {

namespace {
// A single-character symbol c has the id (unsigned char)c, below the built-ins.
constexpr bool symbol_ids_below_builtins() {
  for (int c = kSymSphere; c < 256; ++c)
    if (grammar::is_symbol_char(char(c))) return false;
  return true;
}
static_assert(symbol_ids_below_builtins(), "a symbol character's id would collide with the built-in modules' ids");

// Built-in ids follow the order of grammar::kBuiltinNames.
constexpr SymbolId builtin_id(std::string_view name) {
  SymbolId id = kSymSphere;
  for (std::string_view n : grammar::kBuiltinNames) {
    if (n == name) return id;
    ++id;
  }
  return 0;
}
static_assert(builtin_id("@O") == kSymSphere && builtin_id("?P") == kSymQueryP && builtin_id("?U") == kSymQueryU &&
                  builtin_id("@M") == kSymMove && builtin_id("@Base") == kSymBase && builtin_id("@Tie") == kSymTie &&
                  builtin_id("@o") == kSymCircleScreen && builtin_id("@#") == kSymGcContour &&
                  builtin_id("@Tf") == kSymTwistForce && builtin_id("@PD") == kSymPatchDraw &&
                  builtin_id("?Q") == kSymQueryQ && builtin_id("@Graft") == kSymGraft &&
                  builtin_id("@Weld") == kSymWeld && kSymWeld + 1 - kSymSphere == std::size(grammar::kBuiltinNames),
              "the Builtin ids must follow grammar::kBuiltinNames");
static_assert(kSymSphere + std::size(grammar::kBuiltinNames) <= kSymJointSlot, "too many built-in modules");
}  // namespace

SymbolTable::SymbolTable() {
  for (std::string_view n : grammar::kBuiltinNames) by_name_[std::string(n)] = builtin_id(n);
}

SymbolId SymbolTable::declare(const std::string& name) {
  auto it = by_name_.find(name);
  if (it != by_name_.end()) return it->second;
  SymbolId id = kFirstUserSymbol + SymbolId(user_.size());
  user_.push_back(name);
  by_name_[name] = id;
  if (name.size() > longest_) longest_ = name.size();
  return id;
}

bool SymbolTable::find(std::string_view name, SymbolId& id) const {
  if (name.size() == 1 && grammar::is_symbol_char(name[0])) {
    id = static_cast<unsigned char>(name[0]);
    return true;
  }
  auto it = by_name_.find(std::string(name));
  if (it == by_name_.end()) return false;
  id = it->second;
  return true;
}

bool SymbolTable::split(std::string_view word, std::vector<SymbolId>& out, std::size_t& bad) const {
  std::size_t i = 0;
  if (!word.empty() && grammar::is_builtin_prefix(word[0])) {
    SymbolId id;
    if (!find(word, id)) {
      bad = 0;
      return false;
    }
    out.push_back(id);
    return true;
  }
  while (i < word.size()) {
    std::size_t best = 0;
    SymbolId best_id = 0;
    for (std::size_t len = std::min(longest_, word.size() - i); len >= 2; --len) {
      auto it = by_name_.find(std::string(word.substr(i, len)));
      if (it != by_name_.end()) {
        best = len;
        best_id = it->second;
        break;
      }
    }
    if (best == 0) {
      if (!grammar::is_symbol_char(word[i])) {
        bad = i;
        return false;
      }
      best = 1;
      best_id = static_cast<unsigned char>(word[i]);
    }
    out.push_back(best_id);
    i += best;
  }
  return true;
}

std::string SymbolTable::name(SymbolId id) const {
  if (id >= kSymSphere && id - kSymSphere < std::size(grammar::kBuiltinNames))
    return std::string(grammar::kBuiltinNames[id - kSymSphere]);
  if (id >= kFirstUserSymbol && id - kFirstUserSymbol < user_.size()) return user_[id - kFirstUserSymbol];
  if (id < 128) return std::string(1, char(id));
  return "?" + std::to_string(id);
}

}  // namespace lsd::interp
