// Logical lines (docs/language.md 2.1): comments, continuations, lines
// joined while a block of statements is open, and the C preprocessor's line
// markers of a cpfg file, each character placed in the source.
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "grammar/parser.hpp"

namespace lsd::grammar {

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

}  // namespace lsd::grammar
