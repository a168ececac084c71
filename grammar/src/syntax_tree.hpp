// The syntax tree of one part of a logical line and its conversion to the
// AST: private to grammar/src/ (parse_part.cpp parses, to_ast.cpp converts).
//
// Expressions deeper than limits::kExpressionDepth are refused: parentheses
// before the recursive-descent parser sees them (no stack overflow), and the
// depth of the tree (left-associative chains `1+1+...+1` nest without
// recursion in the grammar) so that copying and destroying an Expr never
// exhausts the stack either.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <tao/pegtl/contrib/parse_tree.hpp>

#include "grammar/ast.hpp"
#include "grammar/diagnostic.hpp"
#include "grammar/parser.hpp"

namespace lsd::grammar {

using Node = tao::pegtl::parse_tree::node;

// Parses line.text[from, to) with Rule; returns the tree or nullptr after a
// diagnostic (docs/language.md 8.3). Rule is one of the grammar's (grammar.hpp)
// line rules: expr_line, module_line, block_line, define_line, production.
template <typename Rule>
std::unique_ptr<Node> parse_part(const LogicalLine& line, std::size_t from, std::size_t to,
                                 const std::string& path, std::vector<Diagnostic>& diags);

// The AST of a syntax tree of line.text from offset on; a mistake is reported
// into diags and clears ok.
struct Converter {
  const LogicalLine& line;
  std::size_t offset;  // where the parsed text starts inside the line
  const std::string& path;
  std::vector<Diagnostic>& diags;
  bool ok = true;

  // The byte offset only: n.begin() would copy n.source, a view of the
  // parse's input name, which is gone once parse_part has returned.
  Pos at(const Node& n) const { return at_byte(n.m_begin.byte); }
  Pos at_byte(std::size_t b) const {
    b += offset;
    if (b < line.pos.size()) return line.pos[b];
    return line.pos.empty() ? Pos{} : line.pos.back();
  }
  void error(Pos p, std::string msg) {
    diags.push_back({path, p, std::move(msg)});
    ok = false;
  }

  Expr expr(const Node& n, int depth = 0);  // an expression, at depth in the tree
  ModuleAst module(const Node& n);
  ModuleList modules(const Node& n);         // the modules of a module list
  // The expressions of subscript nodes n.children[from...].
  std::vector<Expr> subscripts(const Node& n, std::size_t from);
  Statement statement(const Node& n);
  Block block(const Node& n);
  std::vector<ArrayDecl> arrays(const Node& define_block);  // cpfg's `define:` block
};

}  // namespace lsd::grammar
