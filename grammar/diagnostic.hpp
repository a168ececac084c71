// User errors as values: file:line:col and a message, printed with the source
// line and a caret (docs/language.md 8.3). The library never exits on input.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace lsd::grammar {

struct Pos {
  int line = 0;  // 1-based; 0 = no position
  int col = 0;   // 1-based
};

struct Diagnostic {
  std::string file;
  Pos pos;
  std::string message;
  bool warning = false;
};

// The text of one source, kept to print the line under a diagnostic.
struct Source {
  std::string path;
  std::string text;
  std::string line(int n) const;  // 1-based line without its newline ("" if none)
};

// Text as a terminal should see it: control bytes (but tab), DEL and bytes
// that are not valid UTF-8 are written \xNN (a binary file given as a model).
// With widths: the columns each byte of s takes (0 inside a UTF-8 character).
std::string printable(std::string_view s, std::vector<int>* widths = nullptr);

// "FILE:LINE:COL: error: message", then the line and a caret when known
// (all of it printable()).
void print_diagnostic(std::ostream& out, const Diagnostic& d, const Source* src);
std::string format_diagnostic(const Diagnostic& d, const Source* src);

bool has_errors(const std::vector<Diagnostic>& ds);

}  // namespace lsd::grammar
