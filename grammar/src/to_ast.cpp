// Syntax trees to the AST (ast.hpp): expressions, modules, statements and
// cpfg's array declarations; and the parsing of one expression or module
// list on its own (parser.hpp).
#include <algorithm>
#include <cmath>
#include <string>

#include "common/limits.hpp"
#include "common/numbers.hpp"
#include "grammar/grammar.hpp"
#include "grammar/src/syntax_tree.hpp"

namespace lsd::grammar {
namespace r = rules;

Expr Converter::expr(const Node& n, int depth) {
  Expr e;
  e.pos = at(n);
  if (depth > limits::kExpressionDepth) {
    error(e.pos, limits::kExpressionDepthMessage);
    return e;
  }
  if (n.is_type<r::number>()) {
    e.kind = Expr::Kind::Number;
    auto sv = n.string_view();
    auto res = read_double(sv.data(), sv.data() + sv.size(), e.value);
    if (res.ec != std::errc() || !std::isfinite(e.value)) {
      error(e.pos, "number '" + std::string(sv) + "' is out of range");
      e.value = 0;
    }
    return e;
  }
  if (n.is_type<r::name>()) {
    e.kind = Expr::Kind::Name;
    e.text = n.string();
    return e;
  }
  if (n.is_type<r::star_tok>()) {
    e.kind = Expr::Kind::Star;
    return e;
  }
  if (n.is_type<r::index_ref>()) {  // a[i][j]: the name, then each subscript's expressions
    e.kind = Expr::Kind::Index;
    e.text = n.children.at(0)->string();
    for (std::size_t k = 1; k < n.children.size(); ++k)
      for (auto& a : n.children[k]->children) e.args.push_back(expr(*a, depth + 1));
    return e;
  }
  if (n.is_type<r::string_lit>()) {
    e.kind = Expr::Kind::String;
    const std::string raw = n.string();
    for (std::size_t k = 1; k + 1 < raw.size(); ++k) {
      if (raw[k] != '\\' || k + 2 >= raw.size()) {
        e.text += raw[k];
        continue;
      }
      const char c = raw[++k];
      e.text += c == 'n' ? '\n' : c == 't' ? '\t' : c;
    }
    return e;
  }
  if (n.is_type<r::address>()) {
    e.kind = Expr::Kind::Address;
    e.text = n.children.at(0)->string();
    return e;
  }
  if (n.is_type<r::call>()) {
    e.kind = Expr::Kind::Call;
    e.text = n.children.at(0)->string();
    if (n.children.size() > 1)
      for (auto& a : n.children[1]->children) e.args.push_back(expr(*a, depth + 1));
    return e;
  }
  if (n.is_type<r::neg>() || n.is_type<r::lnot>()) {
    e.kind = Expr::Kind::Unary;
    e.text = n.is_type<r::neg>() ? "-" : "!";
    e.args.push_back(expr(*n.children.at(0), depth + 1));
    return e;
  }
  if (n.is_type<r::power>() || n.is_type<r::pow_rhs>() || n.is_type<r::rhs_mul>()) {  // a ^ b (right-associative by construction)
    e.kind = Expr::Kind::Binary;
    e.text = "^";
    e.args.push_back(expr(*n.children.at(0), depth + 1));
    e.args.push_back(expr(*n.children.at(1), depth + 1));
    e.pos = at(*n.children.at(1));
    return e;
  }
  if (n.is_type<r::ternary>()) {
    e.kind = Expr::Kind::Ternary;
    for (auto& c : n.children) e.args.push_back(expr(*c, depth + 1));
    return e;
  }
  // a left-associative level: operand (op operand)*
  if (n.children.size() >= 3) {
    const int ops = int((n.children.size() - 1) / 2);  // the chain nests this deep
    if (depth + ops > limits::kExpressionDepth) {
      const int room = std::max(limits::kExpressionDepth - depth, 0);  // the operator that goes too deep
      error(at(*n.children[std::size_t(2 * room + 1)]), limits::kExpressionDepthMessage);
      return e;
    }
    Expr acc = expr(*n.children[0], depth + ops);
    for (std::size_t k = 1; k + 1 < n.children.size(); k += 2) {
      Expr b;
      b.kind = Expr::Kind::Binary;
      b.text = n.children[k]->string();
      b.pos = at(*n.children[k]);
      b.args.push_back(std::move(acc));
      b.args.push_back(expr(*n.children[k + 1], depth + ops));
      acc = std::move(b);
    }
    return acc;
  }
  if (n.children.size() == 1) return expr(*n.children[0], depth);
  error(e.pos, "internal: unexpected expression node");
  return e;
}

ModuleAst Converter::module(const Node& n) {
  ModuleAst m;
  m.pos = at(n);
  m.word = n.children.at(0)->string();
  if (!m.word.empty() && m.word[0] == '@')  // `@ Tx` (cpfg) is @Tx
    m.word.erase(std::remove_if(m.word.begin(), m.word.end(), [](char c) { return c == ' '; }), m.word.end());
  if (n.children.size() > 1) {
    m.has_params = true;
    const Node& p = *n.children[1];
    if (!p.children.empty())
      for (auto& a : p.children[0]->children) m.params.push_back(expr(*a));
  }
  return m;
}

ModuleList Converter::modules(const Node& n) {
  ModuleList out;
  for (auto& c : n.children)
    if (c->is_type<r::module>()) out.push_back(module(*c));
  return out;
}

// The expressions of subscript nodes n.children[from...].
std::vector<Expr> Converter::subscripts(const Node& n, std::size_t from) {
  std::vector<Expr> out;
  for (std::size_t k = from; k < n.children.size(); ++k)
    for (auto& a : n.children[k]->children) out.push_back(expr(*a));
  return out;
}

Statement Converter::statement(const Node& n) {
  Statement st;
  st.pos = at(n);
  if (n.is_type<r::if_stmt>()) {
    st.kind = Statement::Kind::If;
    st.value = expr(*n.children.at(0)->children.at(0));
    st.body = block(*n.children.at(1));
    if (n.children.size() > 2) {
      st.has_else = true;
      st.orelse = block(*n.children[2]->children.at(0));
    }
  } else if (n.is_type<r::while_stmt>()) {
    st.kind = Statement::Kind::While;
    st.value = expr(*n.children.at(0)->children.at(0));
    st.body = block(*n.children.at(1));
  } else if (n.is_type<r::do_stmt>()) {
    st.kind = Statement::Kind::Do;
    st.body = block(*n.children.at(0));
    st.value = expr(*n.children.at(1)->children.at(0));
  } else if (n.is_type<r::assign_stmt>()) {
    st.kind = Statement::Kind::Assign;
    const Node& lv = *n.children.at(0);
    st.target = lv.children.at(0)->string();
    st.index = subscripts(lv, 1);
    st.value = expr(*n.children.at(1));
  } else {  // expr_stmt
    st.kind = Statement::Kind::Eval;
    st.value = expr(*n.children.at(0));
  }
  return st;
}

Block Converter::block(const Node& n) {
  Block out;
  for (auto& c : n.children) out.push_back(statement(*c));
  return out;
}

std::vector<ArrayDecl> Converter::arrays(const Node& define_block) {
  std::vector<ArrayDecl> out;
  for (auto& stmt : define_block.children)
    for (auto& d : stmt->children) {
      ArrayDecl a;
      a.pos = at(*d);
      a.name = d->children.at(0)->string();
      for (std::size_t k = 1; k < d->children.size(); ++k) {
        const Node& c = *d->children[k];
        if (c.is_type<r::subscript>()) {
          for (auto& x : c.children) a.dims.push_back(expr(*x));
        } else {  // init_list
          a.has_init = true;
          for (auto& x : c.children) a.init.push_back(expr(*x));
        }
      }
      out.push_back(std::move(a));
    }
  return out;
}
bool parse_expression(const std::string& text, Expr& out, std::vector<Diagnostic>& diags, const std::string& path,
                      Pos origin) {
  LogicalLine line;
  line.text = text;
  for (std::size_t k = 0; k <= text.size(); ++k) line.pos.push_back({origin.line, origin.col + int(k)});
  auto tree = parse_part<r::expr_line>(line, 0, text.size(), path, diags);
  if (!tree) return false;
  Converter cv{line, 0, path, diags};
  out = cv.expr(*tree->children.at(0));
  return cv.ok;
}

}  // namespace lsd::grammar
