// The page's C preprocessor's tokens (cpp_lex.hpp).
#include "web/src/cpp_lex.hpp"

#include <array>
#include <cctype>
#include <string_view>

namespace lsd::web {
namespace {

// C's punctuators of more than one character, longest first.
constexpr std::array<std::string_view, 23> kLong = {
    "...", "<<=", ">>=", "##", "->", "++", "--", "<<", ">>", "<=", ">=", "==",
    "!=",  "&&",  "||",  "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|="};

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }
bool ident_char(char c) { return ident_start(c) || std::isdigit(static_cast<unsigned char>(c)); }
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Reads text with its splices (backslash-newline) removed, keeping each
// character's physical line and column.
class Source {
 public:
  explicit Source(const std::string& text) : s_(text) { skip_splices(); }
  bool done() const { return i_ >= s_.size(); }
  char peek(std::size_t k = 0) const {
    std::size_t j = i_;
    for (std::size_t n = 0; n < k && j < s_.size(); ++n) j = after(j);
    return j < s_.size() ? s_[j] : '\0';
  }
  char take() {
    const char c = s_[i_];
    ++i_;
    if (c == '\n') ++line_, col_ = 1;
    else ++col_;
    skip_splices();
    return c;
  }
  int line() const { return line_; }
  int col() const { return col_; }

 private:
  std::size_t after(std::size_t j) const {
    ++j;
    while (j + 1 < s_.size() && s_[j] == '\\' && s_[j + 1] == '\n') j += 2;
    return j;
  }
  void skip_splices() {
    while (i_ + 1 < s_.size() && s_[i_] == '\\' && s_[i_ + 1] == '\n') {
      i_ += 2;
      ++line_;
      col_ = 1;
    }
  }
  const std::string& s_;
  std::size_t i_ = 0;
  int line_ = 1, col_ = 1;
};

// A comment at src (its opening already seen): skipped. False when it does not end.
void skip_comment(Source& src) {
  if (src.peek(1) == '/') {
    while (!src.done() && src.peek() != '\n') src.take();
    return;
  }
  src.take();
  src.take();
  while (!src.done() && !(src.peek() == '*' && src.peek(1) == '/')) src.take();
  if (!src.done()) src.take(), src.take();
}

std::string number(Source& src) {
  std::string t;
  for (;;) {
    const char c = src.peek();
    if ((c == '+' || c == '-') && !t.empty() && std::string("eEpP").find(t.back()) != std::string::npos) t += src.take();
    else if (ident_char(c) || c == '.') t += src.take();
    else return t;
  }
}

std::string quoted(Source& src) {
  std::string t(1, src.take());
  while (!src.done() && src.peek() != '\n') {
    const char c = src.take();
    t += c;
    if (c == '\\' && !src.done() && src.peek() != '\n') t += src.take();
    else if (c == '"') break;
  }
  return t;
}

std::string punct(Source& src) {
  for (std::string_view p : kLong) {
    bool match = true;
    for (std::size_t k = 0; k < p.size() && match; ++k) match = src.peek(k) == p[k];
    if (!match) continue;
    std::string t;
    for (std::size_t k = 0; k < p.size(); ++k) t += src.take();
    return t;
  }
  return std::string(1, src.take());
}

}  // namespace

std::vector<Tok> lex(const std::string& text) {
  Source src(text);
  std::vector<Tok> out;
  bool space = false, bol = true;
  while (!src.done()) {
    const char c = src.peek();
    if (c == '\n') {
      src.take();
      out.push_back({Kind::kNewline, "\n", src.line() - 1, 0});
      space = false, bol = true;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r') {
      src.take();
      space = true;
      continue;
    }
    if (c == '/' && (src.peek(1) == '*' || src.peek(1) == '/')) {
      skip_comment(src);
      space = true;
      continue;
    }
    Tok t;
    t.line = src.line(), t.col = src.col(), t.space = space, t.bol = bol;
    if (ident_start(c)) {
      while (ident_char(src.peek())) t.text += src.take();
      t.kind = Kind::kIdent;
    } else if (digit(c) || (c == '.' && digit(src.peek(1)))) {
      t.text = number(src), t.kind = Kind::kNumber;
    } else if (c == '"') {
      t.text = quoted(src), t.kind = Kind::kString;
    } else if (std::isprint(static_cast<unsigned char>(c))) {
      t.text = punct(src), t.kind = Kind::kPunct;
    } else {
      t.text = std::string(1, src.take()), t.kind = Kind::kOther;
    }
    out.push_back(std::move(t));
    space = false, bol = false;
  }
  if (!out.empty() && out.back().kind != Kind::kNewline) out.push_back({Kind::kNewline, "\n", src.line(), 0});
  out.push_back({Kind::kEof, "", src.line(), 0});
  return out;
}

Kind classify(const std::string& text) {
  if (text.empty()) return Kind::kOther;
  if (ident_start(text[0])) return Kind::kIdent;
  if (digit(text[0]) || (text[0] == '.' && text.size() > 1 && digit(text[1]))) return Kind::kNumber;
  if (text[0] == '"') return Kind::kString;
  return std::isprint(static_cast<unsigned char>(text[0])) ? Kind::kPunct : Kind::kOther;
}

bool would_paste(const Tok& a, const Tok& b) {
  if (a.text.empty() || b.text.empty()) return false;
  const bool a_word = a.kind == Kind::kIdent || a.kind == Kind::kNumber;
  const bool b_word = b.kind == Kind::kIdent || b.kind == Kind::kNumber;
  if (a_word && b_word) return true;
  if (a.kind == Kind::kNumber && (b.text[0] == '.' || b.text[0] == '+' || b.text[0] == '-')) return true;
  if (a.kind != Kind::kPunct || b.kind != Kind::kPunct) return a.text == "." && b.kind == Kind::kNumber;
  if (a.text == "/" && (b.text[0] == '/' || b.text[0] == '*')) return true;
  const std::string joined = a.text + b.text[0];
  for (std::string_view p : kLong)
    if (p.substr(0, joined.size()) == joined) return true;
  return false;
}

Tok stringify(const std::vector<Tok>& toks) {
  Tok s;
  s.kind = Kind::kString;
  s.text = "\"";
  for (std::size_t k = 0; k < toks.size(); ++k) {
    if (k > 0 && toks[k].space) s.text += ' ';
    for (const char c : toks[k].text) {
      if (toks[k].kind == Kind::kString && (c == '"' || c == '\\')) s.text += '\\';
      s.text += c;
    }
  }
  s.text += '"';
  return s;
}

std::string join(const std::vector<Tok>& toks) {
  std::string out;
  for (const Tok& t : toks) out += (t.space ? " " : "") + t.text;
  return out;
}

}  // namespace lsd::web
