// #if's arithmetic (cpp_expr.hpp): precedence climbing over C's operators.
#include "web/src/cpp_expr.hpp"

#include <cstdlib>
#include <map>

namespace lsd::web {
namespace {

// C's binary operators by precedence (higher binds tighter).
const std::map<std::string, int>& precedence() {
  static const std::map<std::string, int> p = {
      {"*", 10}, {"/", 10}, {"%", 10}, {"+", 9},  {"-", 9},  {"<<", 8}, {">>", 8}, {"<", 7},
      {">", 7},  {"<=", 7}, {">=", 7}, {"==", 6}, {"!=", 6}, {"&", 5},  {"^", 4},  {"|", 3},
      {"&&", 2}, {"||", 1}};
  return p;
}

class Parser {
 public:
  explicit Parser(const std::vector<Tok>& toks) : t_(toks) {}

  bool run(long long& value, std::string& why) {
    if (t_.empty()) fail("#if with no expression");
    else value = conditional();
    if (ok_ && k_ < t_.size()) fail("missing binary operator before token \"" + t_[k_].text + "\"");
    why = why_;
    return ok_;
  }

 private:
  void fail(const std::string& why) {
    if (ok_) why_ = why;
    ok_ = false;
  }
  bool at(const char* s) const { return k_ < t_.size() && t_[k_].kind == Kind::kPunct && t_[k_].text == s; }

  long long conditional() {
    const long long c = binary(1);
    if (!at("?")) return c;
    ++k_;
    const long long a = conditional();
    if (!at(":")) {
      fail("'?' without following ':'");
      return 0;
    }
    ++k_;
    const long long b = conditional();
    return c ? a : b;
  }

  long long binary(int min) {
    long long left = unary();
    while (ok_ && k_ < t_.size() && t_[k_].kind == Kind::kPunct) {
      const auto p = precedence().find(t_[k_].text);
      if (p == precedence().end() || p->second < min) break;
      const std::string op = t_[k_++].text;
      const long long right = binary(p->second + 1);
      left = apply(op, left, right);
    }
    return left;
  }

  long long apply(const std::string& op, long long a, long long b) {
    if ((op == "/" || op == "%") && b == 0) {
      fail("division by zero in #if");
      return 0;
    }
    const auto ua = static_cast<unsigned long long>(a);
    const int shift = int(b & 63);
    if (op == "*") return static_cast<long long>(ua * static_cast<unsigned long long>(b));
    if (op == "/") return a / b;
    if (op == "%") return a % b;
    if (op == "+") return static_cast<long long>(ua + static_cast<unsigned long long>(b));
    if (op == "-") return static_cast<long long>(ua - static_cast<unsigned long long>(b));
    // As GNU cpp: a shift by a negative count shifts the other way.
    if (op == "<<") return b < 0 ? apply(">>", a, -b) : b >= 64 ? 0 : static_cast<long long>(ua << shift);
    if (op == ">>") return b < 0 ? apply("<<", a, -b) : b >= 64 ? (a < 0 ? -1 : 0) : a >> shift;
    if (op == "<") return a < b;
    if (op == ">") return a > b;
    if (op == "<=") return a <= b;
    if (op == ">=") return a >= b;
    if (op == "==") return a == b;
    if (op == "!=") return a != b;
    if (op == "&") return a & b;
    if (op == "^") return a ^ b;
    if (op == "|") return a | b;
    if (op == "&&") return a && b;
    return a || b;
  }

  long long unary() {
    if (k_ >= t_.size()) {
      fail("#if with no expression");
      return 0;
    }
    const Tok& t = t_[k_];
    if (t.kind == Kind::kPunct && (t.text == "+" || t.text == "-" || t.text == "!" || t.text == "~")) {
      ++k_;
      const long long v = unary();
      if (t.text == "-") return static_cast<long long>(0ULL - static_cast<unsigned long long>(v));
      if (t.text == "!") return !v;
      if (t.text == "~") return ~v;
      return v;
    }
    if (t.kind == Kind::kPunct && t.text == "(") {
      ++k_;
      if (at(")")) {
        fail("missing expression between '(' and ')'");
        return 0;
      }
      const long long v = conditional();
      if (!at(")")) {
        fail("missing ')' in expression");
        return 0;
      }
      ++k_;
      return v;
    }
    ++k_;
    if (t.kind == Kind::kIdent) return 0;  // a name no macro defines
    if (t.kind == Kind::kNumber) return integer(t.text);
    fail("token \"" + t.text + "\" is not valid in preprocessor expressions");
    return 0;
  }

  long long integer(const std::string& s) {
    std::size_t e = s.size();
    while (e > 0 && (s[e - 1] == 'u' || s[e - 1] == 'U' || s[e - 1] == 'l' || s[e - 1] == 'L')) --e;
    const std::string digits = s.substr(0, e);
    char* end = nullptr;
    const unsigned long long v = std::strtoull(digits.c_str(), &end, 0);
    if (digits.empty() || *end != '\0') {
      fail(digits.find_first_of(".eEpP") != std::string::npos && digits.rfind("0x", 0) != 0
               ? "floating constant in preprocessor expression"
               : "invalid integer constant \"" + s + "\" in #if");
      return 0;
    }
    return static_cast<long long>(v);
  }

  const std::vector<Tok>& t_;
  std::size_t k_ = 0;
  bool ok_ = true;
  std::string why_;
};

}  // namespace

bool evaluate(const std::vector<Tok>& toks, long long& value, std::string& why) {
  Parser p(toks);
  return p.run(value, why);
}

}  // namespace lsd::web
