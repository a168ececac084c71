#include "string_io.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>
#include <unistd.h>

#include "common/limits.hpp"
#include "grammar/alphabet.hpp"

namespace lsd::interp {

std::string format_double(double v) {
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

namespace {
void append_module(std::string& out, const ModuleString& s, std::size_t i, const SymbolTable& symbols) {
  SymbolId id = s.sym[i];
  if (id < 128) out += char(id);
  else out += symbols.name(id);
  int np = s.nparams(i);
  if (np == 0) return;
  out += '(';
  const double* p = s.param(i);
  char buf[32];
  for (int k = 0; k < np; ++k) {
    if (k) out += ',';
    auto r = std::to_chars(buf, buf + sizeof buf, p[k]);
    out.append(buf, r.ptr);
  }
  out += ')';
}
}  // namespace

std::string string_to_text(const ModuleString& s, const SymbolTable& symbols) {
  std::string out;
  out.reserve(s.size() * 2 + s.params.size() * 8);
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i) out += ' ';
    append_module(out, s, i, symbols);
  }
  out += '\n';
  return out;
}

void write_string(std::ostream& out, const ModuleString& s, const SymbolTable& symbols) {
  out << string_to_text(s, symbols);
}

std::string header_line(const StringHeader& h) {
  std::string line = "# lsd t=" + format_double(h.time) + " step=" + std::to_string(h.step);
  if (h.has_clock)
    line += " t0=" + format_double(h.clock_origin) + " n=" + std::to_string(h.clock_ticks) +
            " dt=" + format_double(h.clock_dt);
  return line + "\n";
}

std::string history_line(const std::vector<double>& history) {
  std::string line = "# lsd history";
  char buf[32];
  for (double v : history) {
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    line += ' ';
    line.append(buf, r.ptr);
  }
  return line + "\n";
}

namespace {

// The numbers of a `# lsd history` line; false when one is malformed or not finite.
bool read_history_numbers(const std::string& l, std::vector<double>& out) {
  out.clear();
  const char* p = l.data() + 13;  // after "# lsd history"
  const char* end = l.data() + l.size();
  for (;;) {
    while (p < end && *p == ' ') ++p;
    if (p == end) return true;
    double v;
    auto r = std::from_chars(p, end, v);
    if (r.ec != std::errc() || !std::isfinite(v)) return false;
    out.push_back(v);
    p = r.ptr;
  }
}

// The fields of a `# lsd` line: `key=value` words. False when a number is
// malformed or out of range.
bool read_header_fields(const std::string& l, StringHeader& h) {
  bool ok = true, t0 = false, n = false, dt = false;
  std::size_t k = 5;  // after "# lsd"
  while (k < l.size()) {
    while (k < l.size() && l[k] == ' ') ++k;
    const std::size_t e = std::min(l.find(' ', k), l.size());
    const std::string word = l.substr(k, e - k);
    k = e;
    const std::size_t eq = word.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = word.substr(0, eq);
    const char* v = word.data() + eq + 1;
    const char* end = word.data() + word.size();
    auto number = [&](auto& out) { ok = std::from_chars(v, end, out).ec == std::errc() && ok; };
    if (key == "t") number(h.time);
    else if (key == "step") number(h.step);
    else if (key == "t0") number(h.clock_origin), t0 = true;
    else if (key == "n") number(h.clock_ticks), n = true;
    else if (key == "dt") number(h.clock_dt), dt = true;
  }
  ok = ok && std::isfinite(h.time) && h.time >= 0 && h.step >= 0 && h.step <= limits::kDerivationSteps;
  // The clock counts only when it says the same time as t.
  h.has_clock = ok && t0 && n && dt && h.clock_ticks >= 0 && h.clock_dt > 0 &&
                h.clock_origin + double(h.clock_ticks) * h.clock_dt == h.time;
  return ok;
}

// A position in a string file that knows its line and column, and the
// reader's diagnostics.
struct Cursor {
  const std::string& text;
  const std::string& path;
  std::vector<grammar::Diagnostic>& diags;
  std::size_t i = 0;  // the next character
  int line = 1;
  std::size_t line_start = 0;  // offset of the current line's first character

  bool at_end() const { return i >= text.size(); }
  bool at(char c) const { return i < text.size() && text[i] == c; }
  grammar::Pos pos(std::size_t offset) const { return {line, int(offset - line_start) + 1}; }
  void error(std::size_t offset, std::string message) { diags.push_back({path, pos(offset), std::move(message)}); }
  void skip_blanks() {
    while (at(' ') || at('\t')) ++i;
  }
  // Steps over one newline, blank or carriage return; false at anything else.
  bool skip_separator() {
    if (at('\n')) {
      line_start = ++i;
      ++line;
      return true;
    }
    if (at(' ') || at('\t') || at('\r')) {
      ++i;
      return true;
    }
    return false;
  }
};

// A line starting with '#' is a comment; `# lsd t=<time> step=<steps> ...` is
// the header. Leaves the cursor at the end of the line.
void read_comment_line(Cursor& c, StringHeader& header) {
  const std::string& text = c.text;
  std::size_t e = text.find('\n', c.i);
  if (e == std::string::npos) e = text.size();
  const std::string l = text.substr(c.i, e - c.i);
  if (l.rfind("# lsd history", 0) == 0) {
    if (!read_history_numbers(l, header.history)) {
      c.error(c.i, "bad '# lsd history' line");
      header.history.clear();
    }
  } else if (l.rfind("# lsd", 0) == 0) {
    std::vector<double> history = std::move(header.history);  // (whatever the order of the two lines)
    header = StringHeader{};
    header.history = std::move(history);
    header.present = true;
    if (!read_header_fields(l, header)) {
      c.error(c.i, "bad '# lsd' header line");
      header = StringHeader{};
      header.present = true;
    }
  }
  c.i = e;
}

// One symbol word (a built-in such as @O, a name, or one symbol character),
// split into symbols as in a .ls file. False after an error; the cursor is
// then past the offending word or character.
bool read_symbols(Cursor& c, const SymbolTable& symbols, std::vector<SymbolId>& syms) {
  const std::string& text = c.text;
  const std::size_t word = c.i;
  const char ch = text[word];
  if (std::string_view(text).substr(word, 4) == "@Tie") {
    c.i += 4;
  } else if (grammar::is_builtin_prefix(ch) && word + 1 < text.size() && grammar::is_ascii_letter(text[word + 1])) {
    c.i += 2;
  } else if (grammar::is_name_start(ch)) {
    while (c.i < text.size() && grammar::is_name_char(text[c.i])) ++c.i;
  } else if (grammar::is_symbol_char(ch)) {
    ++c.i;
  } else {
    const bool printable = std::isprint(static_cast<unsigned char>(ch));
    c.error(word, "unexpected " + (printable ? std::string("'") + ch + "'" : "a control byte") + " in a string file");
    ++c.i;
    return false;
  }
  syms.clear();
  std::size_t bad = 0;
  if (!symbols.split(std::string_view(text).substr(word, c.i - word), syms, bad)) {
    c.error(word + bad, "unknown module '" + text.substr(word, c.i - word) + "'");
    return false;
  }
  return true;
}

// One number of a parameter list; false after an error at the cursor.
bool read_number(Cursor& c, double& v) {
  const char* end = c.text.data() + c.text.size();
  const char* b = c.text.data() + c.i;
  if (c.at('+')) ++b;
  const auto r = std::from_chars(b, end, v);
  if (r.ec == std::errc() && std::isfinite(v)) {
    c.i = std::size_t(r.ptr - c.text.data());
    return true;
  }
  const bool out_of_range = r.ec == std::errc::result_out_of_range || r.ec == std::errc();  // or inf, nan
  c.error(c.i, out_of_range ? "parameter out of range" : "expected a number");
  return false;
}

// The parameter list after a symbol word, if there is one: `(1, 2.5)`.
// After an error the cursor skips to the closing ')' on the line, and the
// numbers read before it stay.
void read_parameters(Cursor& c, std::vector<double>& vals) {
  vals.clear();
  const std::size_t after_word = c.i;
  c.skip_blanks();
  if (!c.at('(')) {
    c.i = after_word;
    return;
  }
  ++c.i;
  c.skip_blanks();
  if (c.at(')')) {  // ()
    ++c.i;
    return;
  }
  for (;;) {
    double v = 0;
    if (!read_number(c, v)) {
      while (!c.at_end() && !c.at(')') && !c.at('\n')) ++c.i;
      if (c.at(')')) ++c.i;
      return;
    }
    vals.push_back(v);
    c.skip_blanks();
    if (c.at(')')) {
      ++c.i;
      return;
    }
    if (!c.at(',')) {
      c.error(c.i, "expected ',' or ')' in a parameter list");
      return;
    }
    ++c.i;
    c.skip_blanks();
  }
}

// '[' and ']' balance: `open` holds the position of every unclosed '['.
void track_brackets(Cursor& c, SymbolId sym, std::size_t word, std::vector<grammar::Pos>& open) {
  if (sym == '[') {
    open.push_back(c.pos(word));
  } else if (sym == ']') {
    if (open.empty()) c.error(word, "unbalanced brackets: ']' without a matching '['");
    else open.pop_back();
  }
}

// False, after an error at the module that crossed it, once the string is
// larger than the limits.
bool within_limits(Cursor& c, const ModuleString& out, const StringLimits& limits, std::size_t word) {
  if (out.size() <= limits.max_modules && out.params.size() <= limits.max_params) return true;
  c.error(word, "the string has more than " +
                    (out.size() > limits.max_modules ? std::to_string(limits.max_modules) + " modules"
                                                     : std::to_string(limits.max_params) + " parameters") +
                    " (raise the limit with --max-modules)");
  return false;
}

constexpr std::size_t kMaxReadErrors = 20;  // the reader stops after this many
}  // namespace

bool read_string(const std::string& text, const std::string& path, const SymbolTable& symbols, ModuleString& out,
                 StringHeader& header, std::vector<grammar::Diagnostic>& diags, const StringLimits& limits) {
  out.clear();
  const std::size_t before = diags.size();
  Cursor c{text, path, diags};
  std::vector<SymbolId> syms;
  std::vector<double> vals;
  std::vector<grammar::Pos> open;  // unclosed '['
  while (!c.at_end() && diags.size() - before < kMaxReadErrors) {
    if (c.skip_separator()) continue;
    if (c.at('#') && c.i == c.line_start) {
      read_comment_line(c, header);
      continue;
    }
    // One module: its symbols, its parameters (they belong to the last symbol).
    const std::size_t word = c.i;
    if (!read_symbols(c, symbols, syms)) continue;
    read_parameters(c, vals);
    track_brackets(c, syms.back(), word, open);
    for (std::size_t s = 0; s + 1 < syms.size(); ++s) out.push(syms[s]);
    out.push(syms.back(), vals.data(), int(vals.size()));
    if (!within_limits(c, out, limits, word)) break;
  }
  if (!open.empty() && diags.size() == before)
    diags.push_back({path, open.back(), "unbalanced brackets: '[' is never closed"});
  return diags.size() == before;
}

bool write_file_atomic(const std::string& path, const std::string& content, std::string* error) {
  std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f) {
      if (error) *error = "cannot write '" + path + "'";
      return false;
    }
    bool ok = std::fwrite(content.data(), 1, content.size(), f) == content.size();
    ok = (std::fflush(f) == 0) && ok;
    ::fsync(fileno(f));  // best effort: the data is on disk before the rename
    ok = (std::fclose(f) == 0) && ok;
    if (!ok) {
      std::remove(tmp.c_str());
      if (error) *error = "writing '" + path + "' failed (disk full?)";
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    if (error) *error = "cannot replace '" + path + "'";
    return false;
  }
  return true;
}

bool read_file(const std::string& path, std::string& content, std::string* error, std::size_t max_bytes) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    if (error) *error = "cannot open '" + path + "'";
    return false;
  }
  content.clear();
  char buf[1 << 16];
  std::size_t k;
  bool ok = true;
  while ((k = std::fread(buf, 1, sizeof buf, f)) > 0) {
    if (content.size() + k > max_bytes) {
      if (error) *error = "'" + path + "' is larger than the limit of " + std::to_string(max_bytes) + " bytes";
      ok = false;
      break;
    }
    content.append(buf, k);
  }
  if (ok && std::ferror(f)) {
    if (error) *error = "cannot read '" + path + "'";
    ok = false;
  }
  std::fclose(f);
  if (!ok) content.clear();
  return ok;
}

}  // namespace lsd::interp
