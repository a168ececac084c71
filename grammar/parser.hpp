// Parses .ls text into a FileAst. Comments, line continuations and logical
// lines are handled first (as cpfg's C preprocessor would); each logical line
// is then parsed by the PEGTL grammar of grammar.hpp. A mistake on one line is
// reported and parsing goes on with the next, so a file with several mistakes
// reports all of them.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "ast.hpp"
#include "diagnostic.hpp"

namespace lsd::grammar {

// How the value of a `key: value` line is read.
enum class ValueKind {
  kExpr,     // one expression (blanks inside it mean nothing): `angle: 180 / 7`
  kExprs,    // expressions separated by commas, or else by blanks: `wind: 1, 0, 0`, `tropism: 0 -1 0 0.2`
  kModules,  // a module list: `axiom: F(1) [+F]`
  kText,     // the raw text: `body: B`, `base: floating`, `module: Apex Bud`
  kBlock,    // a block of statements: `Start: { i = 0; }`
  kDefines,  // cpfg's array declarations: `define: { array a[2] = {1, 2}; }`
};

// One key the parser accepts: the interpreter's key tables (interpreter/lsystem/keys.hpp)
// describe every key once and hand the parser this view of them.
struct KeySpec {
  const char* name;             // lower case, single spaces: "derivation length"
  ValueKind kind = ValueKind::kExpr;
  bool value_optional = false;  // `lsystem:` and `ignore:` may stand alone
};
enum class KeySection { kHeader, kDynamics };
// Looks a key up in a section: its spec, or nullptr when the section has no such key.
using KeyLookup = const KeySpec* (*)(KeySection, std::string_view key);
// The names of a section's keys, for "did you mean" after an unknown key.
using KeyNames = std::vector<std::string> (*)(KeySection);

struct ParseResult {
  FileAst file;  // file.cpfg: read as a cpfg file
  std::vector<Diagnostic> diagnostics;
  bool ok() const { return !has_errors(diagnostics); }
};

// How a file is read. A cpfg file (.l) has been through the C preprocessor
// (its line markers place the lines), and is read with cpfg's rules where
// they differ from lsd's (docs/language.md, "cpfg compatibility").
struct ParseOptions {
  bool cpfg = false;
  KeyNames key_names = nullptr;  // when given, an unknown key suggests the closest
};

ParseResult parse_ls(const std::string& text, const std::string& path, KeyLookup keys, const ParseOptions& opts = {});

// Parses one expression (for -D NAME=VALUE and tests). Positions are columns of `text`.
bool parse_expression(const std::string& text, Expr& out, std::vector<Diagnostic>& diags,
                      const std::string& path = "", Pos origin = {1, 1});

// A logical line after comments and continuations are removed, with the
// source position of every character.
struct LogicalLine {
  std::string text;
  std::vector<Pos> pos;  // (text.size() + 1): the last entry is the end of the line
};
// With line_markers, `# N "file"` lines of the C preprocessor set the line
// numbers (text from other files is placed at the #include).
std::vector<LogicalLine> logical_lines(const std::string& text, const std::string& path,
                                       std::vector<Diagnostic>& diags, bool line_markers = false);

}  // namespace lsd::grammar
