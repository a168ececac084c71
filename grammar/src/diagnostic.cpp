#include "grammar/diagnostic.hpp"

#include <ostream>
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

void print_diagnostic(std::ostream& out, const Diagnostic& d, const Source* src) {
  out << (d.file.empty() ? "<input>" : d.file);
  if (d.pos.line > 0) out << ':' << d.pos.line << ':' << d.pos.col;
  out << (d.warning ? ": warning: " : ": error: ") << d.message << '\n';
  if (!src || d.pos.line <= 0) return;
  std::string text = src->line(d.pos.line);
  if (text.size() > 400) {  // keep a huge line readable: show a window around the column
    std::size_t from = d.pos.col > 200 ? std::size_t(d.pos.col - 200) : 0;
    std::string cut = text.substr(from, 400);
    out << "  ..." << cut << "...\n  " << std::string(3, ' ');
    for (std::size_t i = from; i + 1 < std::size_t(d.pos.col) && i < text.size(); ++i)
      out << (text[i] == '\t' ? '\t' : ' ');
    out << "^\n";
    return;
  }
  out << "  " << text << "\n  ";
  for (int i = 0; i + 1 < d.pos.col && i < int(text.size()); ++i) out << (text[i] == '\t' ? '\t' : ' ');
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
