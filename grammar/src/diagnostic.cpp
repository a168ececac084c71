#include "grammar/diagnostic.hpp"

#include <ostream>
#include <string_view>
#include <vector>
#include <sstream>

namespace lsd::grammar {

std::string Source::line(int n) const {
  if (n < 1) return {};
  std::size_t begin = 0;
  for (int i = 1; i < n; ++i) {
    begin = text.find('\n', begin);
    if (begin == std::string::npos) return {};
    ++begin;
  }
  std::size_t end = text.find('\n', begin);
  if (end == std::string::npos) end = text.size();
  if (end > begin && text[end - 1] == '\r') --end;
  return text.substr(begin, end - begin);
}

namespace {

// The length of the valid UTF-8 sequence starting at s[i] (2 to 4), or 0.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  const std::size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
  return n;
}

}  // namespace

std::string printable(std::string_view s, std::vector<int>* widths) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  if (widths) widths->assign(s.size(), 0);
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      if (const std::size_t n = utf8_length(s, i)) {  // a character: one column
        out.append(s.substr(i, n));
        if (widths) (*widths)[i] = 1;
        i += n;
        continue;
      }
    }
    if (c == '\t' || (c >= 0x20 && c < 0x7F)) {
      out += char(c);
      if (widths) (*widths)[i] = 1;
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
      if (widths) (*widths)[i] = 4;
    }
    ++i;
  }
  return out;
}

void print_diagnostic(std::ostream& out, const Diagnostic& d, const Source* src) {
  out << (d.file.empty() ? "<input>" : printable(d.file));
  if (d.pos.line > 0) out << ':' << d.pos.line << ':' << d.pos.col;
  out << (d.warning ? ": warning: " : ": error: ") << printable(d.message) << '\n';
  if (!src || d.pos.line <= 0) return;
  std::string text = src->line(d.pos.line);
  std::size_t from = 0;
  const bool window = text.size() > 400;  // keep a huge line readable: show a window around the column
  if (window) {
    from = d.pos.col > 200 ? std::size_t(d.pos.col - 200) : 0;
    text = text.substr(from, 400);
  }
  std::vector<int> widths;
  const std::string shown = printable(text, &widths);
  out << (window ? "  ..." : "  ") << shown << (window ? "...\n     " : "\n  ");
  // The caret under the column: as wide as what is shown before it (tabs kept).
  for (std::size_t i = 0; i + 1 + from < std::size_t(d.pos.col) && i < text.size(); ++i)
    out << (text[i] == '\t' ? std::string(1, '\t') : std::string(std::size_t(widths[i]), ' '));
  out << "^\n";
}

std::string format_diagnostic(const Diagnostic& d, const Source* src) {
  std::ostringstream s;
  print_diagnostic(s, d, src);
  return s.str();
}

bool has_errors(const std::vector<Diagnostic>& ds) {
  for (const auto& d : ds)
    if (!d.warning) return true;
  return false;
}

}  // namespace lsd::grammar
