#include "interpreter/cpfg/src/cpp_includes.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include "common/limits.hpp"
#include "interpreter/cpfg/trust.hpp"

namespace lsd::interp {
namespace {

namespace fs = std::filesystem;

// The text as cpp's lexer sees it: `\`-newlines (with blanks between, as
// gcc allows) removed, every newline (\n, \r\n, a lone \r) one '\n'; at[k]
// is where c[k] stands in the text (at[c.size()] its end).
struct Cleaned {
  std::string c;
  std::vector<std::size_t> at;
};

bool newline_at(const std::string& t, std::size_t i) { return i < t.size() && (t[i] == '\n' || t[i] == '\r'); }
std::size_t after_newline(const std::string& t, std::size_t i) {
  return t[i] == '\r' && i + 1 < t.size() && t[i + 1] == '\n' ? i + 2 : i + 1;
}
bool blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\f' || ch == '\v' || ch == '\0'; }

// The end of a `\`-newline that starts at i, or i when none does.
std::size_t splice_end(const std::string& t, std::size_t i) {
  if (t[i] != '\\') return i;
  std::size_t j = i + 1;
  while (j < t.size() && blank(t[j]) && t[j] != '\0') ++j;
  return newline_at(t, j) ? after_newline(t, j) : i;
}

Cleaned clean(const std::string& t) {
  Cleaned r;
  r.c.reserve(t.size());
  r.at.reserve(t.size() + 1);
  for (std::size_t i = 0; i < t.size();) {
    if (const std::size_t e = splice_end(t, i); e != i) {
      i = e;
      continue;
    }
    r.at.push_back(i);
    if (newline_at(t, i)) {
      r.c += '\n';
      i = after_newline(t, i);
    } else {
      r.c += t[i++];
    }
  }
  r.at.push_back(t.size());
  return r;
}

struct Edit {
  enum Kind { kDirective, kDrop, kZero, kBlank } kind = kDrop;
  std::size_t b = 0, e = 0;  // in the cleaned text
  std::string keyword;    // kDirective: include, include_next, import or embed
  std::string name;       // its file
  char delim = '"';       // '"' or '<'
  std::string why;        // kDrop, kZero, kBlank: the warning
  bool open_comment = false;  // the replaced text ends inside a /* comment
};

bool ident_char(char ch) {
  return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '$' || static_cast<unsigned char>(ch) >= 0x80;
}

class Scanner {
 public:
  explicit Scanner(const std::string& c) : c_(c) {}

  std::vector<Edit> scan() {
    std::size_t b = 0;
    while (b < c_.size()) {
      std::size_t e = c_.find('\n', b);
      if (e == std::string::npos) e = c_.size();
      b = line(b, e);
    }
    return std::move(edits_);
  }

 private:
  const std::string& c_;
  bool in_comment_ = false;
  std::vector<Edit> edits_;

  // Skips blanks and comments from p (not past e); a /* that does not close by e leaves in_comment_ set.
  std::size_t skip(std::size_t p, std::size_t e) {
    for (;;) {
      if (in_comment_) {
        const std::size_t q = c_.find("*/", p);
        if (q == std::string::npos || q + 2 > e) return e;
        in_comment_ = false;
        p = q + 2;
      }
      while (p < e && blank(c_[p])) ++p;
      if (p + 1 < e && c_[p] == '/' && c_[p + 1] == '*') {
        in_comment_ = true;
        p += 2;
        continue;
      }
      if (p + 1 < e && c_[p] == '/' && c_[p + 1] == '/') return e;
      return p;
    }
  }

  // One logical line [b, e); returns where the next one starts (after a raw
  // string, which may span lines, further on).
  std::size_t line(std::size_t b, std::size_t e) {
    std::size_t p = skip(b, e);
    if (p < e && (c_[p] == '#' || (c_[p] == '%' && p + 1 < e && c_[p + 1] == ':'))) {
      const std::size_t hash = p;
      p = skip(p + (c_[p] == '#' ? 1 : 2), e);
      std::size_t q = p;
      while (q < e && (ident_char(c_[q]) || c_[q] == '\\')) ++q;
      const std::string word = c_.substr(p, q - p);
      const bool plain = std::all_of(word.begin(), word.end(), [](char ch) {
        return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
      });
      Edit d;
      d.b = hash;
      d.e = e;
      if (!plain) {
        d.why = "a directive whose name is not plain letters ('" + word.substr(0, 40) + "') is left out";
      } else if (word == "include" || word == "include_next" || word == "import" || word == "embed") {
        d.keyword = word;
        p = skip(q, e);
        const char close = p < e && c_[p] == '"' ? '"' : p < e && c_[p] == '<' ? '>' : 0;
        const std::size_t r = close ? c_.find(close, p + 1) : std::string::npos;
        if (!close) d.why = "an #" + word + " whose file is a macro is not followed: lsd reads only a file named in it";
        else if (r == std::string::npos || r >= e) d.why = "an #" + word + " without the end of its file name";
        else {
          d.kind = Edit::kDirective;
          d.name = c_.substr(p + 1, r - p - 1);
          d.delim = c_[p];
          q = r + 1;
        }
      } else if (word == "pragma" && c_.substr(q, e - q).find("dependency") != std::string::npos) {
        d.why = "a #pragma that names a file is left out";
      } else {
        d.kind = Edit::kBlank;  // any other directive: scanned as text below, not replaced
      }
      if (d.kind != Edit::kBlank) {
        rest(q, e, false);
        d.open_comment = in_comment_;
        edits_.push_back(std::move(d));
        return e + 1;
      }
      p = q;
    }
    return rest(p, e, true);
  }

  // The rest of a line from p: strings, raw strings, comments, and the
  // operators that look at files. Returns where the next line starts.
  std::size_t rest(std::size_t p, std::size_t e, bool operators) {
    while (p < e) {
      if (in_comment_ || (c_[p] == '/' && p + 1 < e && (c_[p + 1] == '*' || c_[p + 1] == '/'))) {
        const std::size_t q = skip(p, e);
        if (q == p) ++p;
        else p = q;
        continue;
      }
      if (c_[p] == '"') {
        p = string_end(p, e);
        continue;
      }
      if (!ident_char(c_[p]) || (p > 0 && ident_char(c_[p - 1]))) {
        ++p;
        continue;
      }
      std::size_t q = p;
      while (q < e && ident_char(c_[q])) ++q;
      const std::string word = c_.substr(p, q - p);
      if (q < c_.size() && c_[q] == '"' && (word == "R" || word == "LR" || word == "uR" || word == "UR" || word == "u8R")) {
        const std::size_t open = c_.find('(', q + 1);
        if (open != std::string::npos && open < e && open - q - 1 <= 16) {
          std::string close(1, ')');  // )delimiter"
          close.append(c_, q + 1, open - q - 1);
          close.push_back('"');
          const std::size_t r = c_.find(close, open + 1);
          if (r == std::string::npos) return c_.size();
          p = r + close.size();
          if (p > e) {  // the raw string ended on a later line: go on from there
            const std::size_t ne = c_.find('\n', p);
            return rest(p, ne == std::string::npos ? c_.size() : ne, operators);
          }
          continue;
        }
      }
      if (operators && (word == "__has_include" || word == "__has_include_next" || word == "_Pragma")) {
        std::size_t r = skip(q, e);
        std::size_t close = std::string::npos;
        if (r < e && c_[r] == '(') {
          for (int depth = 0; r < e; ++r) {
            if (c_[r] == '"') r = string_end(r, e) - 1;
            else if (c_[r] == '(') ++depth;
            else if (c_[r] == ')' && --depth == 0) {
              close = r;
              break;
            }
          }
        }
        Edit z;
        z.kind = word == "_Pragma" ? Edit::kBlank : Edit::kZero;
        z.b = p;
        z.e = close == std::string::npos ? q : close + 1;
        z.why = word == "_Pragma" ? "lsd leaves '_Pragma' out" : "lsd reads '" + word + "' as 0: it looks at no file";
        p = z.e;
        edits_.push_back(std::move(z));
        continue;
      }
      p = q;
    }
    return e + 1;
  }

  std::size_t string_end(std::size_t p, std::size_t e) const {
    std::size_t q = p + 1;
    while (q < e && c_[q] != '"') q += c_[q] == '\\' ? 2 : 1;
    return std::min(q + 1, e);
  }
};

int line_of(const std::string& t, std::size_t pos) {
  return 1 + int(std::count(t.begin(), t.begin() + std::ptrdiff_t(std::min(pos, t.size())), '\n'));
}

// The user's file an #include names, searched as cpp would search it with
// the model's folder as its -I: "name" beside the including file, then in
// the root; <name> in the root. "" when there is none.
std::string find_included(const std::string& name, char delim, const std::string& includer, const std::string& root) {
  std::error_code ec;
  if (!name.empty() && name[0] == '/') return name;
  std::vector<fs::path> dirs;
  if (delim == '"') dirs.push_back(fs::path(includer).parent_path());
  dirs.push_back(fs::path(root));
  for (const fs::path& d : dirs) {
    const fs::path p = (d.empty() ? fs::path(".") : d) / name;
    if (fs::exists(p, ec)) return p.string();
  }
  return (dirs.front().empty() ? fs::path(".") : dirs.front()).append(name).string();
}

}  // namespace

bool rewrite_includes(std::string& text, const std::string& file, const IncludeRules& rules, IncludeCopies& copies,
                      std::vector<grammar::Diagnostic>& diags) {
  const Cleaned cl = clean(text);
  std::vector<Edit> edits = Scanner(cl.c).scan();
  const ModelFolder folder{rules.root, rules.allow_outside};
  bool ok = true;
  // from the last edit back, so that the earlier places stay where they are
  for (auto it = edits.rbegin(); it != edits.rend(); ++it) {
    Edit& d = *it;
    const std::size_t pb = cl.at[d.b], pe = cl.at[std::min(d.e, cl.c.size())];
    const int line = line_of(text, pb);
    const std::string span = text.substr(pb, pe - pb);
    int breaks = 0;
    for (std::size_t i = 0; i < span.size(); ++i)
      if (span[i] == '\n' || (span[i] == '\r' && (i + 1 >= span.size() || span[i + 1] != '\n'))) ++breaks;
    std::string replacement;
    if (d.kind == Edit::kDirective) {
      const std::string found = find_included(d.name, d.delim, file, rules.root);
      std::error_code ec;
      if (!folder.allows(found)) {
        diags.push_back({file, {line, 1}, "#" + d.keyword + " " + (d.delim == '"' ? "\"" + d.name + "\"" : "<" + d.name + ">") +
                                              ": " + folder.refusal(found), true});
      } else if (!fs::exists(found, ec)) {
        replacement = "#" + d.keyword + " \"" + fs::absolute(found, ec).lexically_normal().string() + "\"";  // cpp says it is missing
      } else {
        const std::string key = fs::weakly_canonical(fs::absolute(found, ec), ec).string();
        auto known = copies.by_source.find(key);
        std::string copy;
        if (known != copies.by_source.end()) {
          copy = known->second;
        } else if (copies.names.size() >= std::size_t(limits::kIncludedFiles)) {
          diags.push_back({file, {line, 1}, std::string("more included files than the limit of ") +
                                                limits::kIncludedFilesText});
          ok = false;
          continue;
        } else {
          copy = (fs::path(copies.dir) / ("include" + std::to_string(copies.names.size() + 1) + ".h")).string();
          copies.by_source[key] = copy;
          copies.names.push_back({copy, found});
          std::string content, err;
          if (!read_model_file(found, limits::kModelFileBytes, limits::kModelFileBytesText, content, err)) {
            diags.push_back({file, {line, 1}, "#" + d.keyword + ": " + err});
            ok = false;
            continue;
          }
          if (rules.prepare) content = rules.prepare(content);
          if (!rewrite_includes(content, found, rules, copies, diags)) ok = false;
          std::ofstream out(copy, std::ios::binary);
          out << content;
          if (!out.flush()) {
            diags.push_back({file, {line, 1}, "cannot write a temporary copy of '" + found + "'"});
            ok = false;
          }
        }
        replacement = "#" + d.keyword + " \"" + copy + "\"";
      }
    } else {
      diags.push_back({file, {line, 1}, d.why, true});
      if (d.kind == Edit::kZero) replacement = "0";
      else if (d.kind == Edit::kBlank) replacement = " ";
    }
    if (d.kind == Edit::kDirective || d.kind == Edit::kDrop) {
      if (d.open_comment) replacement += " /*";  // the comment the line opened goes on
      replacement += std::string(std::size_t(breaks), '\n');
    } else {
      for (int k = 0; k < breaks; ++k) replacement += "\\\n";  // still one logical line
    }
    text.replace(pb, pe - pb, replacement);
  }
  return ok;
}

}  // namespace lsd::interp
