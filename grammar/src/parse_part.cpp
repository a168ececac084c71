// One part of a logical line parsed by a rule of the grammar into a syntax
// tree, and the grammar's failures as located messages (docs/language.md 8.3).
#include <cctype>
#include <cstdio>
#include <string_view>

#include "common/limits.hpp"
#include "grammar/grammar.hpp"
#include "grammar/src/syntax_tree.hpp"

namespace lsd::grammar {
namespace peg = tao::pegtl;
namespace r = rules;

namespace {

// The nodes the syntax tree keeps.
template <typename Rule>
struct selector : peg::parse_tree::selector<
                      Rule,
                      peg::parse_tree::store_content::on<r::number, r::name, r::call, r::neg, r::lnot, r::op_mul,
                                                         r::op_add, r::op_rel, r::op_eq, r::op_and, r::op_or,
                                                         r::mod_word, r::params, r::module, r::left_ctx, r::pred,
                                                         r::right_ctx, r::cond, r::succ, r::weight, r::star_tok,
                                                         r::the_arrow, r::arglist, r::index_ref, r::subscript,
                                                         r::string_lit, r::address, r::block, r::pre_block,
                                                         r::post_block, r::block_value, r::if_stmt, r::else_block,
                                                         r::while_stmt, r::do_stmt, r::assign_stmt, r::expr_stmt,
                                                         r::lvalue, r::cond_paren, r::define_block, r::array_stmt,
                                                         r::array_decl, r::init_list>,
                      peg::parse_tree::fold_one::on<r::power, r::mul_l, r::add_l, r::rel_l, r::eq_l, r::and_l,
                                                    r::or_l, r::ternary, r::operand, r::pow_rhs, r::rhs_mul,
                                                    r::rhs_add, r::rhs_rel, r::rhs_eq, r::rhs_and, r::rhs_or,
                                                    r::tern_rhs, r::expr>> {};  // expr: so that control<expr> counts nesting

// Finds the deepest nesting of parentheses; refuses pathological depth before
// the recursive-descent parser sees it.
bool check_nesting(const LogicalLine& line, std::size_t from, const std::string& path,
                   std::vector<Diagnostic>& diags) {
  int depth = 0;
  for (std::size_t k = from; k < line.text.size(); ++k) {
    if (line.text[k] == '(') {
      if (++depth > limits::kExpressionDepth) {
        diags.push_back({path, line.pos[k], limits::kExpressionDepthMessage});
        return false;
      }
    } else if (line.text[k] == ')') {
      --depth;
    }
  }
  return true;
}

std::string describe_char(char c) {
  if (c == 0) return "end of line";
  if (std::isprint(static_cast<unsigned char>(c))) return std::string("'") + c + "'";
  char buf[16];
  std::snprintf(buf, sizeof buf, "byte 0x%02x", unsigned(static_cast<unsigned char>(c)));
  return buf;
}

}  // namespace

// Parses line.text[from, to) with Rule; returns the tree or nullptr after a diagnostic.
template <typename Rule>
std::unique_ptr<Node> parse_part(const LogicalLine& line, std::size_t from, std::size_t to,
                                 const std::string& path, std::vector<Diagnostic>& diags) {
  if (!check_nesting(line, from, path, diags)) return nullptr;
  std::string_view sv(line.text.data() + from, to - from);
  peg::memory_input<> in(sv.data(), sv.size(), path);
  auto at_byte = [&](std::size_t b) {
    b += from;
    return b < line.pos.size() ? line.pos[b] : line.pos.back();
  };
  try {
    r::Nesting nesting;
    auto root = peg::parse_tree::parse<Rule, selector, peg::nothing, r::control>(in, nesting);
    if (!root) {
      diags.push_back({path, at_byte(0), "syntax error"});
      return nullptr;
    }
    return root;
  } catch (const peg::parse_error& e) {
    std::size_t b = e.positions().empty() ? 0 : e.positions().front().byte;
    std::string msg(e.message());
    char c = b < sv.size() ? sv[b] : 0;
    if (msg == "unexpected text" || msg == "syntax error" || msg == "expected ')'" ||
        msg.rfind("expected an", 0) == 0)
      msg += " (found " + describe_char(c) + ")";
    diags.push_back({path, at_byte(b), msg});
    return nullptr;
  }
}

// The rules parse_part is used with.
template std::unique_ptr<Node> parse_part<r::expr_line>(const LogicalLine&, std::size_t, std::size_t,
    const std::string&, std::vector<Diagnostic>&);
template std::unique_ptr<Node> parse_part<r::module_line>(const LogicalLine&, std::size_t, std::size_t,
    const std::string&, std::vector<Diagnostic>&);
template std::unique_ptr<Node> parse_part<r::block_line>(const LogicalLine&, std::size_t, std::size_t,
    const std::string&, std::vector<Diagnostic>&);
template std::unique_ptr<Node> parse_part<r::define_line>(const LogicalLine&, std::size_t, std::size_t,
    const std::string&, std::vector<Diagnostic>&);
template std::unique_ptr<Node> parse_part<r::production>(const LogicalLine&, std::size_t, std::size_t,
    const std::string&, std::vector<Diagnostic>&);

}  // namespace lsd::grammar
