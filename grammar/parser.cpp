#include "parser.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <tao/pegtl/contrib/parse_tree.hpp>

#include "common/limits.hpp"
#include "grammar.hpp"

namespace lsd::grammar {
namespace peg = tao::pegtl;
namespace r = rules;

// Expressions deeper than limits::kExpressionDepth are refused: parentheses
// before the recursive-descent parser sees them (no stack overflow), and the
// depth of the tree (left-associative chains `1+1+...+1` nest without
// recursion in the grammar) so that copying and destroying an Expr never
// exhausts the stack either.

namespace {

// The number of statement braces `{` a logical line leaves open: in a block
// key line (`Start: {`, `define: {`) all of its braces, in a production
// those between the condition's `:` and the arrow. cpfg's lexer reads a
// block over as many lines as it takes (CPFG manual 3.2); polygon braces
// in modules do not count.
int open_statement_braces(const std::string& t) {
  std::size_t k = 0;
  while (k < t.size() && t[k] == ' ') ++k;
  std::string key;
  std::size_t c = k;
  while (c < t.size() && (std::isalpha(static_cast<unsigned char>(t[c])) || t[c] == ' ')) {
    if (t[c] != ' ') key += char(std::tolower(static_cast<unsigned char>(t[c])));
    ++c;
  }
  const bool keyed = c < t.size() && t[c] == ':' && !key.empty();
  std::size_t from, to = t.size();
  if (keyed && (key == "start" || key == "end" || key == "starteach" || key == "endeach" || key == "define")) {
    from = c + 1;
  } else {
    if (keyed && (key == "axiom" || key == "ignore" || key == "consider" || key == "module" || key == "lsystem"))
      return 0;
    from = t.find(':');
    if (from == std::string::npos) return 0;
    ++from;
    const std::size_t arrow = t.find("->", from);
    if (arrow != std::string::npos) to = arrow;
  }
  int depth = 0;
  for (std::size_t j = from; j < to; ++j) {
    if (t[j] == '{') ++depth;
    else if (t[j] == '}') --depth;
  }
  return depth > 0 ? depth : 0;
}

// `# 12 "file" 2` (gcc) or `#line 12 "file"`: a line marker of the C
// preprocessor. Sets the line number of the next line and the file.
bool read_line_marker(const std::string& text, std::size_t i, int& number, std::string& file) {
  std::size_t k = i + 1;
  if (text.compare(k, 4, "line") == 0) k += 4;
  while (k < text.size() && text[k] == ' ') ++k;
  if (k >= text.size() || !std::isdigit(static_cast<unsigned char>(text[k]))) return false;
  long n = 0;
  while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k])) && n < 100000000) n = n * 10 + (text[k++] - '0');
  while (k < text.size() && text[k] == ' ') ++k;
  file.clear();
  if (k < text.size() && text[k] == '"') {
    const std::size_t e = text.find('"', k + 1);
    if (e != std::string::npos) file = text.substr(k + 1, e - k - 1);
  }
  number = int(n);
  return true;
}

}  // namespace

std::vector<LogicalLine> logical_lines(const std::string& text, const std::string& path,
                                       std::vector<Diagnostic>& diags, bool line_markers) {
  std::vector<LogicalLine> out;
  LogicalLine cur;
  int line = 1, col = 1;
  std::size_t i = 0;
  const std::size_t n = text.size();
  // With line markers: positions in the main file, or the line of the
  // #include for text that came from another file.
  std::string main_file;
  bool included = false;
  int include_line = 0;
  auto here = [&]() { return included ? Pos{include_line, 1} : Pos{line, col}; };
  auto advance = [&](std::size_t k) {
    for (std::size_t j = 0; j < k && i < n; ++j, ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
  };
  auto finish = [&]() {
    cur.pos.push_back(here());
    out.push_back(std::move(cur));
    cur = LogicalLine{};
  };
  while (i < n) {
    char c = text[i];
    if (line_markers && c == '#' && col == 1) {
      int number = 0;
      std::string file;
      if (read_line_marker(text, i, number, file)) {
        if (main_file.empty()) main_file = file;
        const int at = line;
        const std::size_t e = text.find('\n', i);
        advance((e == std::string::npos ? n : e + 1) - i);
        if (file == main_file) {
          included = false;
          line = number;
        } else if (!included) {
          included = true;
          include_line = std::max(at, 1);
        }
        continue;
      }
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '*') {  // block comment: becomes one blank
      Pos start = here();
      std::size_t end = text.find("*/", i + 2);
      if (end == std::string::npos) {
        diags.push_back({path, start, "unterminated comment: '/*' has no matching '*/'"});
        advance(n - i);
        break;
      }
      cur.text += ' ';
      cur.pos.push_back(start);
      advance(end + 2 - i);
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '/') {  // line comment
      while (i < n && text[i] != '\n') advance(1);
      continue;
    }
    if (c == '\n') {
      // A line whose last non-blank character is '\' continues on the next.
      std::size_t k = cur.text.size();
      while (k > 0 && (cur.text[k - 1] == ' ' || cur.text[k - 1] == '\t')) --k;
      if (k > 0 && cur.text[k - 1] == '\\') {
        cur.text.resize(k - 1);
        cur.pos.resize(k - 1);
        advance(1);
        continue;
      }
      // So does a line followed by one that starts with a TAB (cpfg's lexer
      // joins them; a preprocessor directive stays a line of its own), and
      // a line with a statement block still open.
      std::size_t next = i + 1;
      bool tab = next < n && text[next] == '\t';
      if (tab && !line_markers) {  // (a preprocessed file has no directives left)
        std::size_t f = next;
        while (f < n && (text[f] == '\t' || text[f] == ' ')) ++f;
        tab = !(f < n && text[f] == '#');
      }
      if ((tab && !cur.text.empty()) || open_statement_braces(cur.text) > 0) {
        cur.text += ' ';
        cur.pos.push_back(here());
        advance(1);
        continue;
      }
      finish();
      advance(1);
      continue;
    }
    if (c == '\r') {
      advance(1);
      continue;
    }
    cur.text += (c == '\t' || c == '\f' || c == '\v') ? ' ' : c;
    cur.pos.push_back(here());
    advance(1);
  }
  if (open_statement_braces(cur.text) > 0) {
    const std::size_t b = cur.text.find('{');
    diags.push_back({path, b < cur.pos.size() ? cur.pos[b] : here(),
                     "this '{' is never closed: its block of statements reads to the end of the file"});
  }
  finish();
  return out;
}

namespace {

// ---------------------------------------------------------------- parse tree → AST

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

using Node = peg::parse_tree::node;

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

  Expr expr(const Node& n, int depth = 0) {
    Expr e;
    e.pos = at(n);
    if (depth > limits::kExpressionDepth) {
      error(e.pos, limits::kExpressionDepthMessage);
      return e;
    }
    if (n.is_type<r::number>()) {
      e.kind = Expr::Kind::Number;
      auto sv = n.string_view();
      auto res = std::from_chars(sv.data(), sv.data() + sv.size(), e.value);
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

  ModuleAst module(const Node& n) {
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

  ModuleList modules(const Node& n) {
    ModuleList out;
    for (auto& c : n.children)
      if (c->is_type<r::module>()) out.push_back(module(*c));
    return out;
  }

  // The expressions of subscript nodes n.children[from...].
  std::vector<Expr> subscripts(const Node& n, std::size_t from) {
    std::vector<Expr> out;
    for (std::size_t k = from; k < n.children.size(); ++k)
      for (auto& a : n.children[k]->children) out.push_back(expr(*a));
    return out;
  }

  Statement statement(const Node& n) {
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

  Block block(const Node& n) {
    Block out;
    for (auto& c : n.children) out.push_back(statement(*c));
    return out;
  }

  std::vector<ArrayDecl> arrays(const Node& define_block) {
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
};

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

// ---------------------------------------------------------------- line classification

std::string lower(std::string s) {
  for (auto& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Section headings: structure of the file, not keys with values.
const char* const kSectionKeys[] = {"decomposition", "homomorphism", "interpretation", "dynamics"};

template <std::size_t N>
bool in_list(const std::string& k, const char* const (&list)[N]) {
  return std::find_if(std::begin(list), std::end(list), [&](const char* s) { return k == s; }) != std::end(list);
}

// If the line starts with words followed by ':', returns the lower-case key with
// single spaces and the offset just after the colon.
bool leading_key(const std::string& t, std::string& key, std::size_t& after) {
  std::size_t k = 0;
  while (k < t.size() && t[k] == ' ') ++k;
  std::size_t start = k;
  std::string words;
  while (k < t.size() && (std::isalpha(static_cast<unsigned char>(t[k])) || t[k] == ' ')) {
    words += t[k];
    ++k;
  }
  if (k == start || k >= t.size() || t[k] != ':') return false;
  std::string norm;
  bool space = false;
  for (char c : words) {
    if (c == ' ') {
      space = true;
      continue;
    }
    if (space && !norm.empty()) norm += ' ';
    space = false;
    norm += char(std::tolower(static_cast<unsigned char>(c)));
  }
  key = norm;
  after = k + 1;
  return true;
}

std::size_t skip_blanks(const std::string& t, std::size_t k) {
  while (k < t.size() && t[k] == ' ') ++k;
  return k;
}

std::string trim(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && s[a] == ' ') ++a;
  while (b > a && s[b - 1] == ' ') --b;
  return s.substr(a, b - a);
}

struct FileParser {
  const std::string& path;
  ParseResult& res;
  KeyLookup keys;
  enum class Where { Header, Productions, Decomposition, Homomorphism, Dynamics, End } where = Where::Header;
  bool warned_sub = false;

  Section* current_section() {
    if (where == Where::Decomposition) return &res.file.decomposition;
    if (where == Where::Homomorphism) return &res.file.homomorphism;
    return &res.file.productions;
  }

  // Splits the value of a vector item into expressions, by commas if any, else by blanks.
  void read_exprs(const LogicalLine& line, std::size_t from, Item& item, bool vector = true) {
    const std::string& t = line.text;
    if (!vector) {  // one expression: blanks inside it mean nothing
      auto tree = parse_part<r::expr_line>(line, from, t.size(), path, res.diagnostics);
      if (!tree) return;
      Converter cv{line, from, path, res.diagnostics};
      item.exprs.push_back(cv.expr(*tree->children.at(0)));
      item.exprs_ok = cv.ok;
      return;
    }
    bool commas = false;
    int depth = 0;
    for (std::size_t k = from; k < t.size(); ++k) {
      if (t[k] == '(') ++depth;
      if (t[k] == ')') --depth;
      if (t[k] == ',' && depth == 0) commas = true;
    }
    std::vector<std::pair<std::size_t, std::size_t>> parts;
    std::size_t k = skip_blanks(t, from), start = k;
    depth = 0;
    for (; k <= t.size(); ++k) {
      char c = k < t.size() ? t[k] : 0;
      if (c == '(') ++depth;
      if (c == ')') --depth;
      bool sep = c == 0 || (depth == 0 && (commas ? c == ',' : c == ' '));
      if (!sep) continue;
      if (k > start || commas) parts.push_back({start, k});
      start = commas ? k + 1 : skip_blanks(t, k);
      if (!commas) k = start > 0 ? start - 1 : 0;
      if (c == 0) break;
    }
    item.exprs_ok = true;
    for (auto [a, b] : parts) {
      auto tree = parse_part<r::expr_line>(line, a, b, path, res.diagnostics);
      if (!tree) {
        item.exprs_ok = false;
        continue;
      }
      Converter cv{line, a, path, res.diagnostics};
      item.exprs.push_back(cv.expr(*tree->children.at(0)));
      item.exprs_ok = item.exprs_ok && cv.ok;
    }
  }

  void read_modules(const LogicalLine& line, std::size_t from, Item& item) {
    auto tree = parse_part<r::module_line>(line, from, line.text.size(), path, res.diagnostics);
    if (!tree) return;
    Converter cv{line, from, path, res.diagnostics};
    item.modules = cv.modules(*tree);
    item.modules_ok = cv.ok;
  }

  void read_block(const LogicalLine& line, std::size_t from, Item& item) {
    auto tree = parse_part<r::block_line>(line, from, line.text.size(), path, res.diagnostics);
    if (!tree) return;
    Converter cv{line, from, path, res.diagnostics};
    item.block = cv.block(*tree->children.at(0));
    item.block_ok = cv.ok;
  }

  void read_defines(const LogicalLine& line, std::size_t from, Item& item) {
    auto tree = parse_part<r::define_line>(line, from, line.text.size(), path, res.diagnostics);
    if (!tree) return;
    Converter cv{line, from, path, res.diagnostics};
    item.arrays = cv.arrays(*tree->children.at(0));
    item.block_ok = cv.ok;
  }

  void production(const LogicalLine& line) {
    auto tree = parse_part<r::production>(line, 0, line.text.size(), path, res.diagnostics);
    if (!tree) return;
    Converter cv{line, 0, path, res.diagnostics};
    ProductionAst p;
    p.pos = line.pos.empty() ? Pos{} : line.pos[skip_blanks(line.text, 0)];
    for (auto& c : tree->children) {
      const Node& n = *c;
      if (n.is_type<r::left_ctx>()) {
        p.has_left = true;
        p.left = cv.modules(n);
      } else if (n.is_type<r::pred>()) {
        p.pred = cv.modules(n);
      } else if (n.is_type<r::right_ctx>()) {
        p.has_right = true;
        p.right = cv.modules(n);
      } else if (n.is_type<r::cond>()) {
        const Node& e = *n.children.at(0);
        if (!e.is_type<r::star_tok>()) {
          p.has_cond = true;
          p.cond = cv.expr(e);
        }
      } else if (n.is_type<r::pre_block>()) {
        p.has_pre = true;
        p.pre = cv.block(n);
      } else if (n.is_type<r::post_block>()) {
        p.has_post = true;
        p.post = cv.block(n);
      } else if (n.is_type<r::the_arrow>()) {
        p.arrow_pos = cv.at(n);
      } else if (n.is_type<r::succ>()) {
        p.succ = cv.modules(n);
      } else if (n.is_type<r::weight>()) {
        p.has_weight = true;
        p.weight = cv.expr(*n.children.at(0));
      }
    }
    if (!cv.ok) return;
    if (where == Where::Header) where = Where::Productions;
    if (where == Where::Dynamics) {
      res.diagnostics.push_back({path, p.pos, "a production inside the dynamics: section"});
      return;
    }
    current_section()->productions.push_back(std::move(p));
  }

  void define(const LogicalLine& line, std::size_t after_kw) {
    const std::string& t = line.text;
    std::size_t k = skip_blanks(t, after_kw);
    std::size_t s = k;
    while (k < t.size() && (std::isalnum(static_cast<unsigned char>(t[k])) || t[k] == '_')) ++k;
    if (k == s || std::isdigit(static_cast<unsigned char>(t[s]))) {
      res.diagnostics.push_back({path, line.pos[std::min(s, t.size())], "expected a name after #define"});
      return;
    }
    Define d;
    d.pos = line.pos[s];
    d.name = t.substr(s, k - s);
    if (skip_blanks(t, k) >= t.size()) {
      res.diagnostics.push_back({path, line.pos[k], "#define " + d.name + " needs a value"});
      return;
    }
    auto tree = parse_part<r::expr_line>(line, k, t.size(), path, res.diagnostics);
    if (!tree) return;
    Converter cv{line, k, path, res.diagnostics};
    d.value = cv.expr(*tree->children.at(0));
    if (cv.ok) res.file.defines.push_back(std::move(d));
  }

  // A `key: value` line; spec says how its value is read.
  void item(const LogicalLine& line, const KeySpec& spec, std::size_t after, bool dynamics) {
    Item it;
    std::size_t ks = skip_blanks(line.text, 0);
    it.pos = line.pos[ks];
    it.key = spec.name;
    std::size_t vs = skip_blanks(line.text, after);
    it.value_pos = line.pos[std::min(vs, line.text.size())];
    it.value = trim(line.text.substr(std::min(after, line.text.size())));
    if (it.value.empty() && !spec.value_optional) {
      res.diagnostics.push_back({path, it.value_pos, "'" + it.key + ":' needs a value"});
      return;
    }
    switch (spec.kind) {
      case ValueKind::kExpr: read_exprs(line, vs, it, false); break;
      case ValueKind::kExprs: read_exprs(line, vs, it, true); break;
      case ValueKind::kModules: read_modules(line, vs, it); break;
      case ValueKind::kText: break;
      case ValueKind::kBlock: read_block(line, vs, it); break;
      case ValueKind::kDefines: read_defines(line, vs, it); break;
    }
    if (dynamics) {
      res.file.dynamics.push_back(std::move(it));
      return;
    }
    if (it.key == "lsystem") res.file.label = it.value;
    res.file.header.push_back(std::move(it));
  }

  void section(const LogicalLine& line, const std::string& key, std::size_t after) {
    Pos p = line.pos[skip_blanks(line.text, 0)];
    std::string rest = lower(trim(line.text.substr(std::min(after, line.text.size()))));
    if (!rest.empty() && rest != "no warnings" && rest != "warnings") {
      res.diagnostics.push_back({path, line.pos[skip_blanks(line.text, after)],
                                 "unexpected text after '" + key + ":'"});
    }
    auto once = [&](bool& flag, Section& s, Section::Kind kind, Where w) {
      if (flag) res.diagnostics.push_back({path, p, "a second '" + key + ":' section"});
      flag = true;
      s.kind = kind;
      s.pos = p;
      where = w;
    };
    if (key == "decomposition") {
      once(res.file.has_decomposition, res.file.decomposition, Section::Kind::Decomposition, Where::Decomposition);
    } else if (key == "homomorphism" || key == "interpretation") {
      once(res.file.has_homomorphism, res.file.homomorphism, Section::Kind::Homomorphism, Where::Homomorphism);
    } else {
      if (res.file.has_dynamics) res.diagnostics.push_back({path, p, "a second 'dynamics:' section"});
      res.file.has_dynamics = true;
      res.file.dynamics_pos = p;
      where = Where::Dynamics;
    }
  }

  void max_depth(const LogicalLine& line, std::size_t after) {
    Section* s = current_section();
    if (where != Where::Decomposition && where != Where::Homomorphism) {
      res.diagnostics.push_back({path, line.pos[skip_blanks(line.text, 0)],
                                 "'maximum depth:' belongs to a decomposition: or homomorphism: section"});
      return;
    }
    Item it;
    read_exprs(line, skip_blanks(line.text, after), it, false);
    if (!it.exprs_ok) return;
    if (it.exprs.size() != 1) {
      res.diagnostics.push_back({path, line.pos[skip_blanks(line.text, after)], "'maximum depth:' takes one value"});
      return;
    }
    s->has_depth = true;
    s->max_depth = it.exprs[0];
  }

  // `seed:` after `homomorphism`: the homomorphism's own random numbers (CPFG manual 4.3.3).
  void homomorphism_seed(const LogicalLine& line, std::size_t after) {
    Item it;
    read_exprs(line, skip_blanks(line.text, after), it, false);
    if (!it.exprs_ok) return;
    res.file.homomorphism.has_seed = true;
    res.file.homomorphism.seed = it.exprs.at(0);
  }

  void line(const LogicalLine& ln) {
    const std::string& t = ln.text;
    std::size_t k = skip_blanks(t, 0);
    if (k >= t.size()) return;
    if (where == Where::End) {  // cpfg ignores what follows endlsystem, but for sub-L-systems
      std::string key;
      std::size_t after = 0;
      if (!warned_sub && leading_key(t, key, after) && key == "lsystem") {
        res.diagnostics.push_back({path, ln.pos[k], "lsd reads the first L-system of a file only: this sub-L-system "
                                                    "(called by ?(id, scale) ... $ in cpfg) is ignored",
                                   true});
        warned_sub = true;
      }
      return;
    }
    if (t[k] == '#' && !res.file.cpfg) {  // a cpfg file has been through the preprocessor: # is a module there
      if (t.compare(k, 7, "#define") == 0 && (k + 7 >= t.size() || t[k + 7] == ' ')) {
        define(ln, k + 7);
      } else {
        res.diagnostics.push_back({path, ln.pos[k], "unsupported preprocessor directive (only #define is known)"});
      }
      return;
    }
    std::string word = lower(trim(t));
    if (word == "endlsystem") {
      where = Where::End;
      return;
    }
    if (word == "ring lsystem" || word == "ring l-system") {  // CPFG manual 3.1.1
      res.file.ring = true;
      res.file.ring_pos = ln.pos[k];
      return;
    }
    if (word == "decomposition" || word == "homomorphism" || word == "interpretation" || word == "dynamics") {
      section(ln, word, t.size());
      return;
    }
    std::string key;
    std::size_t after = 0;
    bool keyed = leading_key(t, key, after);
    const KeySpec* dyn_key = keyed ? keys(KeySection::kDynamics, key) : nullptr;
    const KeySpec* header_key = keyed ? keys(KeySection::kHeader, key) : nullptr;
    // A line with an arrow is a production, even when its predecessor spells
    // a key (`AXIOM : A_SW == 1 --> ...`, cpfg's lexer wants "axiom:" as written).
    if (header_key && header_key->kind != ValueKind::kBlock && t.find("-->") != std::string::npos) header_key = nullptr;
    if (dyn_key && where == Where::Dynamics) {
      item(ln, *dyn_key, after, true);
      return;
    }
    if (keyed && in_list(key, kSectionKeys)) {
      section(ln, key, after);
      return;
    }
    if (keyed && key == "maximum depth") {
      max_depth(ln, after);
      return;
    }
    if (keyed && key == "seed" && where == Where::Homomorphism) {
      homomorphism_seed(ln, after);
      return;
    }
    if (header_key) {
      if (where == Where::Dynamics) {
        res.diagnostics.push_back({path, ln.pos[k], "header item '" + key + ":' inside the dynamics: section"});
        return;
      }
      item(ln, *header_key, after, false);
      return;
    }
    bool has_arrow = t.find("->") != std::string::npos;
    if (has_arrow) {
      production(ln);
      return;
    }
    if (keyed) {
      std::string where_text = where == Where::Dynamics ? "dynamics key" : "header key";
      res.diagnostics.push_back({path, ln.pos[k], "unknown " + where_text + " '" + key + "'"});
      return;
    }
    res.diagnostics.push_back(
        {path, ln.pos[k], "expected a production 'predecessor --> successor', a header item or a section"});
  }
};

}  // namespace

ParseResult parse_ls(const std::string& text, const std::string& path, KeyLookup keys, const ParseOptions& opts) {
  ParseResult res;
  res.file.path = path;
  res.file.cpfg = opts.cpfg;
  auto lines = logical_lines(text, path, res.diagnostics, opts.cpfg);
  FileParser fp{path, res, keys};
  for (const auto& l : lines) fp.line(l);
  return res;
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

bool parse_module_list(const std::string& text, ModuleList& out, std::vector<Diagnostic>& diags,
                       const std::string& path, Pos origin) {
  LogicalLine line;
  line.text = text;
  for (std::size_t k = 0; k <= text.size(); ++k) line.pos.push_back({origin.line, origin.col + int(k)});
  auto tree = parse_part<r::module_line>(line, 0, text.size(), path, diags);
  if (!tree) return false;
  Converter cv{line, 0, path, diags};
  out = cv.modules(*tree);
  return cv.ok;
}

}  // namespace lsd::grammar
