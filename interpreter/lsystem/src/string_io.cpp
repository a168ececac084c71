#include "interpreter/lsystem/string_io.hpp"

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string_view>

#include "common/limits.hpp"
#include "grammar/alphabet.hpp"

namespace lsd::interp {

namespace {

// Writes all n bytes at p to fd; false when a write fails.
// The bounded buffer of a text being written, emptied into a file descriptor,
// a staged file or a string whenever it is full.
class TextOut {
 public:
  TextOut(int fd, std::size_t capacity) : fd_(fd), buf_(new char[capacity]), end_(buf_.get() + capacity) {}
  TextOut(std::string* s, std::size_t capacity) : text_(s), buf_(new char[capacity]), end_(buf_.get() + capacity) {}
  TextOut(StagedFile* f, std::size_t capacity) : file_(f), buf_(new char[capacity]), end_(buf_.get() + capacity) {}
  // Room for n more characters (n <= the capacity): where to write them.
  // Call done() with the end of what was written before the next room().
  char* room(std::size_t n) {
    if (std::size_t(end_ - p_) < n) flush();
    return p_;
  }
  void done(char* end) { p_ = end; }
  // Any length: a text longer than the buffer (the history line of a plant
  // of thousands of bodies) goes through it in parts.
  void append(std::string_view t) {
    while (t.size() > std::size_t(end_ - p_)) {
      const std::size_t k = std::size_t(end_ - p_);
      p_ = std::copy(t.begin(), t.begin() + std::ptrdiff_t(k), p_);
      t.remove_prefix(k);
      flush();
    }
    p_ = std::copy(t.begin(), t.end(), p_);
  }
  // Empties the buffer; false once a write failed.
  bool flush() {
    const std::size_t n = std::size_t(p_ - buf_.get());
    p_ = buf_.get();
    if (text_) {
      text_->append(buf_.get(), n);
      return true;
    }
    if (file_) return ok_ = ok_ && file_->write(std::string_view(buf_.get(), n));
    ok_ = ok_ && write_all(fd_, buf_.get(), n);
    return ok_;
  }

 private:
  int fd_ = -1;
  std::string* text_ = nullptr;
  StagedFile* file_ = nullptr;
  std::unique_ptr<char[]> buf_;  // not value-initialised: only written bytes are read
  char* end_;
  char* p_ = buf_.get();
  bool ok_ = true;
};

// The text of every symbol id of at least 128, made once per write, so that
// writing a module never builds a name.
struct Names {
  explicit Names(const SymbolTable& table) : symbols(table), text(table.size()) {
    for (SymbolId id = 128; id < table.size(); ++id) {
      text[id] = table.name(id);
      longest = std::max(longest, text[id].size());
    }
  }
  const SymbolTable& symbols;
  std::vector<std::string> text;  // (symbols) empty below 128
  std::size_t longest = 1;
};

// Module i, after a space unless it is the first.
void write_module(TextOut& out, const ModuleString& s, std::size_t i, const Names& names) {
  const SymbolId id = s.sym[i];
  if (id >= names.text.size()) {  // not in the table: as SymbolTable::name says it
    out.append(i ? " " : "");
    out.append(names.symbols.name(id));
  } else {
    char* p = out.room(names.longest + 1);
    if (i) *p++ = ' ';
    if (id < 128) *p++ = char(id);
    else p = std::copy(names.text[id].begin(), names.text[id].end(), p);
    out.done(p);
  }
  const std::uint32_t b = s.param_begin[i], e = s.param_begin[i + 1];
  if (b == e) return;
  for (std::uint32_t k = b; k < e; ++k) {
    char* p = out.room(kNumberChars + 1);
    *p++ = k == b ? '(' : ',';
    out.done(write_double(p, s.params[k]));
  }
  out.append(")");
}

// Modules [i, j), i > 0, when each is one character without parameters (all
// of a plain L-system's string): a space and the character each. False,
// having written nothing, when one is not.
bool write_plain(TextOut& out, const ModuleString& s, std::size_t i, std::size_t j) {
  if (s.param_begin[i] != s.param_begin[j]) return false;
  char* p = out.room(2 * (j - i));
  const SymbolId* sym = s.sym.data() + i;
  SymbolId any = 0;
  for (std::size_t k = 0; k < j - i; ++k) {  // as 16-bit pairs, which the compiler vectorises
    any |= sym[k];
    const std::uint16_t pair = std::endian::native == std::endian::little ? std::uint16_t(' ' | sym[k] << 8)
                                                                          : std::uint16_t(sym[k] | ' ' << 8);
    std::memcpy(p + 2 * k, &pair, 2);
  }
  if (any >= 128) return false;
  out.done(p + 2 * (j - i));
  return true;
}

// The modules separated by single spaces, then a newline.
void write_modules(TextOut& out, const ModuleString& s, const SymbolTable& symbols) {
  const Names names(symbols);
  const std::size_t n = s.size();
  if (n > 0) write_module(out, s, 0, names);
  constexpr std::size_t kBlock = 4096;  // modules tried at once by write_plain
  for (std::size_t i = 1; i < n;) {
    const std::size_t j = std::min(n, i + kBlock);
    if (!write_plain(out, s, i, j))
      for (std::size_t k = i; k < j; ++k) write_module(out, s, k, names);
    i = j;
  }
  out.append("\n");
}

}  // namespace

std::string string_to_text(const ModuleString& s, const SymbolTable& symbols) {
  std::string text;
  text.reserve(s.size() * 2 + s.params.size() * 8);
  TextOut out(&text, std::size_t(1) << 16);
  write_modules(out, s, symbols);
  out.flush();
  return text;
}

bool write_string(std::FILE* f, const ModuleString& s, const SymbolTable& symbols) {
  if (std::fflush(f) != 0) return false;  // what f holds goes first
  TextOut out(fileno(f), kStreamBuffer);
  write_modules(out, s, symbols);
  return out.flush();
}

bool write_string_file(const std::string& path, const StringHeader& h, const ModuleString& s,
                       const SymbolTable& symbols, std::string* error, Durability durability) {
  StagedFile file;
  if (!file.open(path, error, durability)) return false;
  TextOut out(&file, kStreamBuffer);
  out.append(header_line(h));
  if (!h.history.empty()) out.append(history_line(h.history));
  write_modules(out, s, symbols);
  out.flush();
  return file.commit(error);
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
  char buf[kNumberChars];
  for (double v : history) {
    line += ' ';
    line.append(buf, write_double(buf, v));
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
    auto r = read_double(p, end, v);
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
    auto whole = [&](auto& out) { ok = std::from_chars(v, end, out).ec == std::errc() && ok; };
    auto real = [&](double& out) { ok = read_double(v, end, out).ec == std::errc() && ok; };
    if (key == "t") real(h.time);
    else if (key == "step") whole(h.step);
    else if (key == "t0") real(h.clock_origin), t0 = true;
    else if (key == "n") whole(h.clock_ticks), n = true;
    else if (key == "dt") real(h.clock_dt), dt = true;
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
  if (const std::size_t n = grammar::builtin_length(std::string_view(text).substr(word)); n > 0) {
    c.i += n;
  } else if (grammar::is_builtin_prefix(ch) && word + 1 < text.size() && grammar::is_ascii_letter(text[word + 1])) {
    c.i += 2;  // an unknown built-in: reported below
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
  const auto r = read_double(b, end, v);
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
    if (syms.back() == kSymMove && vals.size() == 12) syms.back() = kSymBase;  // a version 1 or 2 base state
    track_brackets(c, syms.back(), word, open);
    for (std::size_t s = 0; s + 1 < syms.size(); ++s) out.push(syms[s]);
    out.push(syms.back(), vals.data(), int(vals.size()));
    if (!within_limits(c, out, limits, word)) break;
  }
  if (!open.empty() && diags.size() == before)
    diags.push_back({path, open.back(), "unbalanced brackets: '[' is never closed"});
  return diags.size() == before;
}

}  // namespace lsd::interp
