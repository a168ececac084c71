// Parses .ls text into a FileAst. Comments, line continuations and logical
// lines are handled first (as cpfg's C preprocessor would); each logical line
// is then parsed by the PEGTL grammar of grammar.hpp. A mistake on one line is
// reported and parsing goes on with the next, so a file with several mistakes
// reports all of them.
#pragma once
#include <string>
#include <vector>

#include "ast.hpp"
#include "diagnostic.hpp"

namespace lsd::grammar {

struct ParseResult {
  FileAst file;
  std::vector<Diagnostic> diagnostics;
  bool ok() const { return !has_errors(diagnostics); }
};

ParseResult parse_ls(const std::string& text, const std::string& path);

// Parses one expression (for -D NAME=VALUE and tests). Positions are columns of `text`.
bool parse_expression(const std::string& text, Expr& out, std::vector<Diagnostic>& diags,
                      const std::string& path = "", Pos origin = {1, 1});

// Parses a module list as written in an axiom or successor.
bool parse_module_list(const std::string& text, ModuleList& out, std::vector<Diagnostic>& diags,
                       const std::string& path = "", Pos origin = {1, 1});

// A logical line after comments and continuations are removed, with the
// source position of every character.
struct LogicalLine {
  std::string text;
  std::vector<Pos> pos;  // (text.size() + 1): the last entry is the end of the line
};
std::vector<LogicalLine> logical_lines(const std::string& text, const std::string& path,
                                       std::vector<Diagnostic>& diags);

}  // namespace lsd::grammar
