// The module alphabet (docs/language.md 3), defined once. The .ls grammar
// (grammar.hpp), the symbol table (interpreter/lsystem/src/symbols.cpp) and the
// string-file reader (interpreter/lsystem/src/string_io.cpp) all ask these functions, so a
// .ls file, a derived string and a saved string always agree on what a module
// is. ASCII only and locale-free, like PEGTL's alpha and digit.
#pragma once
#include <array>
#include <string_view>

namespace lsd::grammar {

constexpr bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

// The single characters that are module symbols: letters, digits and every
// printable character that is not production syntax, as in cpfg, whose
// lexer takes any character but `< > : *`, parentheses and blanks (CPFG
// manual section 2): the turtle's punctuation, `#` (line width), `_`, `=`
// (a right context's "rest of the branch"), `?` (a sub-L-system call) and
// the backquote. `@` is only the prefix of built-in names.
inline constexpr std::string_view kSymbolPunctuation = "+-&^\\/|$[]{}.!;,'~%#_=?`";
constexpr bool symbol_char_definition(char c) {
  return is_ascii_letter(c) || is_ascii_digit(c) || kSymbolPunctuation.find(c) != std::string_view::npos;
}

// symbol_char_definition as a table: the string reader asks it per character.
inline constexpr std::array<bool, 256> kSymbolChars = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c) t[std::size_t(c)] = symbol_char_definition(char(c));
  return t;
}();

// True for the single characters that are module symbols.
constexpr bool is_symbol_char(char c) { return kSymbolChars[static_cast<unsigned char>(c)]; }

// A built-in multi-character module is one of these prefixes and a name of
// kBuiltinNames (@O ?P @Base).
constexpr bool is_builtin_prefix(char c) { return c == '@' || c == '?'; }

// The built-in multi-character modules, each a prefix and one or more
// characters. A word is cut by longest match (builtin_length), so @Base is
// one module and @OF is @O then F.
inline constexpr std::string_view kBuiltinNames[] = {
    "@O", "?P", "?H", "?L", "?U",
    "@M",     // cpfg's turtle move @M(x,y,z)
    "@Base",  // lsd: the pose and velocity of a moving base (docs/language.md 7.6)
    "@Tie",   // lsd: ties a body point to a world point (docs/language.md 7.2)
    // The rest of cpfg's @ and ? modules (CPFG manual section 6; cpfg's blackbox.c).
    "@o", "@c", "@bo", "@bc",                      // circles
    "@v", "@R",                                    // absolute orientation
    "@;", "@,",                                    // back-side colour
    "@D", "@Di", "@Dd",                            // turtle scale
    "@Gs", "@Gc", "@Ge", "@Gt", "@Gr", "@!", "@#",  // generalized cylinders
    "@Tx", "@Ts", "@T", "@Ti", "@Td", "@Tp", "@Tf",  // texture, tropisms
    "@L", "@S", "@I", "@J", "@mo", "@mc",           // labels, system calls, rayshade
    "@PS", "@PC", "@PD",                           // L-system defined surfaces
    "?E", "?Q",                                    // environment, orientation query
    "@Graft", "@Weld",  // lsd: pins or welds two bodies together (docs/language.md 7.2)
};

// The length of the longest built-in name at the start of s, or 0.
constexpr std::size_t builtin_length(std::string_view s) {
  std::size_t best = 0;
  for (std::string_view name : kBuiltinNames)
    if (name.size() > best && s.substr(0, name.size()) == name) best = name.size();
  return best;
}

// A declared multi-character name (module:) is a letter, then letters, digits or '_'.
constexpr bool is_name_start(char c) { return is_ascii_letter(c); }
constexpr bool is_name_char(char c) { return is_ascii_letter(c) || is_ascii_digit(c) || c == '_'; }

}  // namespace lsd::grammar
