#include "string_io.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>
#include <unistd.h>

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
  return "# lsd t=" + format_double(h.time) + " step=" + std::to_string(h.step) + "\n";
}

bool read_string(const std::string& text, const std::string& path, const SymbolTable& symbols, ModuleString& out,
                 StringHeader& header, std::vector<grammar::Diagnostic>& diags, const StringLimits& limits) {
  out.clear();
  const std::size_t before = diags.size();
  std::size_t i = 0, n = text.size();
  int line = 1;
  std::size_t line_start = 0;
  auto pos = [&](std::size_t at) { return grammar::Pos{line, int(at - line_start) + 1}; };
  auto error = [&](std::size_t at, std::string m) {
    diags.push_back({path, pos(at), std::move(m)});
  };
  std::vector<SymbolId> syms;
  std::vector<double> vals;
  std::vector<grammar::Pos> open;  // unclosed '['
  while (i < n && diags.size() - before < 20) {
    char c = text[i];
    if (c == '\n') {
      ++i;
      ++line;
      line_start = i;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
      continue;
    }
    if (c == '#' && i == line_start) {  // a comment line; "# lsd t=.. step=.." is the header
      std::size_t e = text.find('\n', i);
      if (e == std::string::npos) e = n;
      std::string l = text.substr(i, e - i);
      if (l.rfind("# lsd", 0) == 0) {
        header.present = true;
        std::size_t t = l.find("t="), s = l.find("step=");
        if (t != std::string::npos) std::from_chars(l.data() + t + 2, l.data() + l.size(), header.time);
        if (s != std::string::npos) std::from_chars(l.data() + s + 5, l.data() + l.size(), header.step);
        if (!std::isfinite(header.time) || header.time < 0 || header.step < 0 || header.step > 2000000000) {
          error(i, "bad '# lsd' header line");
          header.time = 0;
          header.step = 0;
        }
      }
      i = e;
      continue;
    }
    // a symbol word
    std::size_t ws = i;
    if (grammar::is_builtin_prefix(c) && i + 1 < n && grammar::is_ascii_letter(text[i + 1])) {
      i += 2;
    } else if (grammar::is_name_start(c)) {
      while (i < n && grammar::is_name_char(text[i])) ++i;
    } else if (grammar::is_symbol_char(c)) {
      ++i;
    } else {
      std::string what = std::isprint(static_cast<unsigned char>(c)) ? std::string("'") + c + "'" : "a control byte";
      error(i, "unexpected " + what + " in a string file");
      ++i;
      continue;
    }
    syms.clear();
    std::size_t bad = 0;
    if (!symbols.split(std::string_view(text).substr(ws, i - ws), syms, bad)) {
      error(ws + bad, "unknown module '" + text.substr(ws, i - ws) + "'");
      continue;
    }
    vals.clear();
    std::size_t k = i;
    while (k < n && (text[k] == ' ' || text[k] == '\t')) ++k;
    if (k < n && text[k] == '(') {
      i = k + 1;
      for (;;) {
        while (i < n && (text[i] == ' ' || text[i] == '\t')) ++i;
        if (i < n && text[i] == ')' && vals.empty()) {
          ++i;
          break;
        }
        double v = 0;
        const char* b = text.data() + i;
        if (i < n && text[i] == '+') ++b;
        auto r = std::from_chars(b, text.data() + n, v);
        if (r.ec != std::errc() || !std::isfinite(v)) {
          error(i, r.ec == std::errc::result_out_of_range || (r.ec == std::errc() && !std::isfinite(v))
                       ? "parameter out of range"
                       : "expected a number");
          while (i < n && text[i] != ')' && text[i] != '\n') ++i;
          if (i < n && text[i] == ')') ++i;
          break;
        }
        vals.push_back(v);
        i = std::size_t(r.ptr - text.data());
        while (i < n && (text[i] == ' ' || text[i] == '\t')) ++i;
        if (i < n && text[i] == ',') {
          ++i;
          continue;
        }
        if (i < n && text[i] == ')') {
          ++i;
          break;
        }
        error(i, "expected ',' or ')' in a parameter list");
        break;
      }
    }
    if (syms.back() == '[') {
      open.push_back(pos(ws));
    } else if (syms.back() == ']') {
      if (open.empty()) error(ws, "unbalanced brackets: ']' without a matching '['");
      else open.pop_back();
    }
    for (std::size_t s = 0; s + 1 < syms.size(); ++s) out.push(syms[s]);
    out.push(syms.back(), vals.data(), int(vals.size()));
    if (out.size() > limits.max_modules || out.params.size() > limits.max_params) {
      error(ws, "the string has more than " +
                    (out.size() > limits.max_modules ? std::to_string(limits.max_modules) + " modules"
                                                     : std::to_string(limits.max_params) + " parameters") +
                    " (raise the limit with --max-modules)");
      break;
    }
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
