// The page's C preprocessor (cpp.hpp): lexing into preprocessing tokens,
// the directives, macro expansion (a macro is not expanded inside its own
// expansion: its name is then painted and stays), #if's arithmetic, and
// the output placed as GNU cpp places it. Tokens carry the line and column
// they came from; an expansion's tokens those of the macro's name.
#include "web/src/cpp.hpp"

#include <cctype>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "common/limits.hpp"
#include "web/src/cpp_expr.hpp"
#include "web/src/cpp_lex.hpp"

namespace lsd::web {
namespace {

constexpr int kIncludeDepth = 200;                     // as GNU cpp's
constexpr std::size_t kOutputBytes = limits::kLsFileBytes * 4;  // preprocess.cpp reads no more

struct Macro {
  bool function = false, variadic = false;
  std::vector<std::string> params;
  std::vector<Tok> body;
};

// Where tokens come from: pushed-back tokens (expansions) first, then the file's.
struct Reader {
  const std::vector<Tok>& toks;
  std::size_t i = 0;
  std::vector<Tok> stack;  // back() is next
  Tok next() {
    if (!stack.empty()) {
      Tok t = std::move(stack.back());
      stack.pop_back();
      return t;
    }
    return i < toks.size() ? toks[i++] : Tok{Kind::kEof, ""};
  }
  void push(Tok t) { stack.push_back(std::move(t)); }
};

// One open #if: whether its lines are kept, whether a branch was taken, and where it is.
struct Condition {
  bool live = true, taken = false, outer = true, else_seen = false;
  int line = 0, col = 0;
  std::string kind;
};

class Preprocessor {
 public:
  explicit Preprocessor(const std::vector<std::pair<std::string, std::string>>& defines) {
    for (const auto& [name, value] : defines) {
      Macro m;
      m.body = lex(value);
      while (!m.body.empty() && (m.body.back().kind == Kind::kEof || m.body.back().kind == Kind::kNewline))
        m.body.pop_back();
      if (!m.body.empty()) m.body[0].space = false;
      macros_[name] = std::move(m);
    }
  }
  int run(const std::string& path, const std::string& text, std::string& out, std::string& messages) {
    out_ = &out;
    process(path, text, 0);
    messages = std::move(messages_);
    return failed_ ? 1 : 0;
  }

 private:
  void error(const std::string& file, int line, int col, const std::string& message, bool fatal = false) {
    messages_ += file + ":" + std::to_string(line) + ":" + std::to_string(col) + (fatal ? ": fatal error: " : ": error: ") +
                 message + "\n";
    failed_ = true;
  }

  // ---------------------------------------------------------------- output

  struct Place {
    int line = 1;
    bool at_start = true;
    Tok last;
  };

  void emit(Place& at, const Tok& t) {
    std::string& out = *out_;
    if (t.line > at.line) {
      out.append(std::size_t(t.line - at.line), '\n');
      at.line = t.line;
      at.at_start = true;
    }
    if (at.at_start) out.append(std::size_t(std::max(0, t.col - 1)), ' ');
    else if (t.space || ((t.expanded || at.last.expanded) && would_paste(at.last, t))) out += ' ';
    out += t.text;
    at.at_start = false;
    at.last = t;
  }

  // ---------------------------------------------------------------- expansion

  bool expandable(const Tok& t) const { return t.kind == Kind::kIdent && !t.painted && macros_.count(t.text); }

  // Reads the tokens of r (to its end: a list; to the end of the file: the
  // text) into sink, expanding macros while `expanding` says so (not in the
  // lines of a false #if), until sink returns false.
  void expand(Reader& r, const std::function<bool(Tok&)>& sink, const std::string& file,
              const std::function<bool()>& expanding = nullptr) {
    for (;;) {
      Tok t = r.next();
      if (t.kind == Kind::kEof) return;
      if (t.kind == Kind::kEnd) {
        active_.erase(active_.find(t.text));
        continue;
      }
      if (expandable(t) && (!expanding || expanding())) {
        if (active_.count(t.text)) t.painted = true;
        else if (invoke(t, r, file)) continue;
      }
      if (!sink(t)) return;
    }
  }

  std::vector<Tok> expand_list(const std::vector<Tok>& toks, const std::string& file) {
    Reader r{toks, 0, {}};
    std::vector<Tok> out;
    expand(r, [&](Tok& t) { return t.kind == Kind::kNewline || (out.push_back(t), true); }, file);
    return out;
  }

  // The macro named by t: its expansion pushed back onto r, between markers
  // that switch it off and on. False when a function-like macro's name is
  // not followed by '(' (it is then a plain name).
  bool invoke(const Tok& t, Reader& r, const std::string& file) {
    const Macro& m = macros_.at(t.text);
    std::vector<Tok> result;
    if (!m.function) {
      result = m.body;
    } else {
      std::vector<Tok> skipped;
      Tok p = r.next();
      while (p.kind == Kind::kNewline || p.kind == Kind::kEnd) {
        skipped.push_back(p);
        p = r.next();
      }
      if (p.kind != Kind::kPunct || p.text != "(") {
        r.push(p);
        for (auto k = skipped.rbegin(); k != skipped.rend(); ++k) r.push(*k);
        return false;
      }
      for (const Tok& s : skipped)
        if (s.kind == Kind::kEnd) active_.erase(active_.find(s.text));
      std::vector<std::vector<Tok>> args;
      if (!arguments(r, m, args)) {
        error(file, t.line, t.col, "unterminated argument list invoking macro \"" + t.text + "\"");
        return true;
      }
      if (args.size() != m.params.size() && !(m.params.empty() && args.size() == 1 && args[0].empty())) {
        error(file, t.line, t.col, "macro \"" + t.text + "\" " +
                                       (args.size() < m.params.size() ? "requires " : "passed ") +
                                       std::to_string(args.size() < m.params.size() ? m.params.size() : args.size()) +
                                       " arguments, but " +
                                       (args.size() < m.params.size() ? "only " + std::to_string(args.size()) + " given"
                                                                      : "takes just " + std::to_string(m.params.size())));
        return true;
      }
      result = substitute(m, args, file);
    }
    for (Tok& x : result) {
      x.line = t.line;
      x.col = t.col;
      x.expanded = true;
      x.bol = false;
    }
    if (!result.empty()) result[0].space = t.space;
    Tok end{Kind::kEnd, t.text};
    r.push(end);
    for (auto k = result.rbegin(); k != result.rend(); ++k) r.push(*k);
    active_.insert(t.text);
    return true;
  }

  // The arguments of an invocation, from after its '(' to its ')'.
  bool arguments(Reader& r, const Macro& m, std::vector<std::vector<Tok>>& args) {
    args.assign(1, {});
    int depth = 0;
    bool space = false;
    for (;;) {
      Tok t = r.next();
      if (t.kind == Kind::kEof) return false;
      if (t.kind == Kind::kEnd) {
        active_.erase(active_.find(t.text));
        continue;
      }
      if (t.kind == Kind::kNewline) {
        space = true;
        continue;
      }
      if (space) t.space = true, space = false;
      if (t.kind == Kind::kPunct && t.text == "(") ++depth;
      if (t.kind == Kind::kPunct && t.text == ")" && depth-- == 0) return true;
      if (t.kind == Kind::kPunct && t.text == "," && depth == 0 &&
          !(m.variadic && args.size() >= m.params.size())) {
        args.emplace_back();
        continue;
      }
      if (args.back().empty()) t.space = false;
      args.back().push_back(t);
    }
  }

  std::vector<Tok> substitute(const Macro& m, const std::vector<std::vector<Tok>>& args, const std::string& file) {
    auto param = [&](const Tok& b) -> int {
      if (b.kind != Kind::kIdent) return -1;
      for (std::size_t k = 0; k < m.params.size(); ++k)
        if (m.params[k] == b.text) return int(k);
      return -1;
    };
    std::vector<Tok> out;
    bool paste = false;
    auto append = [&](Tok t) {
      if (paste && !out.empty()) {
        out.back().text += t.text;
        out.back().kind = classify(out.back().text);
      } else {
        out.push_back(std::move(t));
      }
      paste = false;
    };
    const std::vector<Tok>& body = m.body;
    for (std::size_t k = 0; k < body.size(); ++k) {
      const Tok& b = body[k];
      if (b.kind == Kind::kPunct && b.text == "##") {
        paste = true;
        continue;
      }
      if (b.kind == Kind::kPunct && b.text == "#" && k + 1 < body.size() && param(body[k + 1]) >= 0) {
        Tok s = stringify(args[std::size_t(param(body[++k]))]);
        s.space = b.space;
        append(s);
        continue;
      }
      const int p = param(b);
      if (p < 0) {
        append(b);
        continue;
      }
      const bool pasted = paste || (k + 1 < body.size() && body[k + 1].text == "##");
      std::vector<Tok> arg = pasted ? args[std::size_t(p)] : expand_list(args[std::size_t(p)], file);
      if (!arg.empty()) arg[0].space = b.space;
      if (arg.empty()) paste = false;
      for (Tok& a : arg) append(std::move(a));
    }
    return out;
  }

  // ---------------------------------------------------------------- directives

  bool live(const std::vector<Condition>& conds) const { return conds.empty() || conds.back().live; }

  // The rest of a directive's line (its tokens, without expansion).
  static std::vector<Tok> rest_of_line(Reader& r) {
    std::vector<Tok> out;
    for (Tok t = r.next(); t.kind != Kind::kNewline && t.kind != Kind::kEof; t = r.next()) out.push_back(t);
    return out;
  }

  void directive(Reader& r, const Tok& hash, const std::string& file, std::vector<Condition>& conds, Place& at,
                 int depth) {
    std::vector<Tok> line = rest_of_line(r);
    if (line.empty()) return;  // the null directive
    const Tok& name = line[0];
    const std::vector<Tok> args(line.begin() + 1, line.end());
    const std::string& d = name.text;
    if (d == "if" || d == "ifdef" || d == "ifndef") {
      Condition c;
      c.outer = live(conds);
      c.line = hash.line, c.col = hash.col, c.kind = d;
      c.live = c.outer && condition(d, args, file, name);
      c.taken = c.live;
      conds.push_back(c);
    } else if (d == "elif" || d == "else") {
      if (conds.empty() || conds.back().else_seen) {
        error(file, name.line, name.col, "#" + d + (conds.empty() ? " without #if" : " after #else"));
        return;
      }
      Condition& c = conds.back();
      c.else_seen = d == "else";
      c.live = c.outer && !c.taken && (d == "else" || condition("if", args, file, name));
      c.taken = c.taken || c.live;
    } else if (d == "endif") {
      if (conds.empty()) error(file, name.line, name.col, "#endif without #if");
      else conds.pop_back();
    } else if (!live(conds)) {
      return;
    } else if (d == "define") {
      define(args, file, name);
    } else if (d == "undef") {
      if (!args.empty()) macros_.erase(args[0].text);
    } else if (d == "include") {
      include(args, file, name, at, depth);
    } else if (d == "error") {
      error(file, hash.line, hash.col, "#error" + join(args));
    } else if (d != "line" && d != "pragma" && d != "warning" && d != "ident") {
      error(file, name.line, name.col, "invalid preprocessing directive #" + d);
    }
  }

  void define(const std::vector<Tok>& a, const std::string& file, const Tok& at) {
    if (a.empty() || a[0].kind != Kind::kIdent) {
      error(file, at.line, at.col, "macro names must be identifiers");
      return;
    }
    Macro m;
    std::size_t k = 1;
    if (k < a.size() && a[k].text == "(" && !a[k].space) {  // function-like: no blank before '('
      m.function = true;
      for (++k; k < a.size() && a[k].text != ")"; ++k) {
        if (a[k].text == ",") continue;
        if (a[k].text == "...") m.variadic = true, m.params.push_back("__VA_ARGS__");
        else m.params.push_back(a[k].text);
      }
      if (k >= a.size()) {
        error(file, at.line, at.col, "missing ')' in macro parameter list");
        return;
      }
      ++k;
    }
    m.body.assign(a.begin() + long(k), a.end());
    if (!m.body.empty()) m.body[0].space = false;
    macros_[a[0].text] = std::move(m);
  }

  bool condition(const std::string& d, const std::vector<Tok>& args, const std::string& file, const Tok& at) {
    if (d != "if") {
      if (args.empty() || args[0].kind != Kind::kIdent) {
        error(file, at.line, at.col, "no macro name given in #" + d + " directive");
        return false;
      }
      return (macros_.count(args[0].text) != 0) == (d == "ifdef");
    }
    // defined NAME and defined(NAME) before expansion, then the rest expanded.
    std::vector<Tok> pre;
    for (std::size_t k = 0; k < args.size(); ++k) {
      if (args[k].text != "defined") {
        pre.push_back(args[k]);
        continue;
      }
      const bool paren = k + 1 < args.size() && args[k + 1].text == "(";
      const std::size_t n = k + (paren ? 2 : 1);
      Tok one = args[k];
      one.kind = Kind::kNumber;
      one.text = n < args.size() && macros_.count(args[n].text) ? "1" : "0";
      pre.push_back(one);
      k = n + (paren ? 1 : 0);
    }
    std::string why;
    long long value = 0;
    if (!evaluate(expand_list(pre, file), value, why)) {
      error(file, at.line, at.col, why);
      return false;
    }
    return value != 0;
  }

  void include(const std::vector<Tok>& a, const std::string& file, const Tok& at, Place& place, int depth) {
    std::string name;
    if (!a.empty() && a[0].kind == Kind::kString) name = a[0].text.substr(1, a[0].text.size() - 2);
    else if (!a.empty() && a[0].text == "<")
      for (std::size_t k = 1; k < a.size() && a[k].text != ">"; ++k) name += a[k].text;
    if (name.empty()) {
      error(file, at.line, at.col, "#include expects \"FILENAME\" or <FILENAME>");
      return;
    }
    const std::size_t slash = file.rfind('/');
    const std::string path = name[0] == '/' || slash == std::string::npos ? name : file.substr(0, slash + 1) + name;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      error(file, at.line, at.col, name + ": No such file or directory", true);
      fatal_ = true;
      return;
    }
    if (depth + 1 >= kIncludeDepth) {
      error(file, at.line, at.col, "#include nested depth " + std::to_string(kIncludeDepth) + " exceeds maximum");
      fatal_ = true;
      return;
    }
    std::ostringstream text;
    text << in.rdbuf();
    std::string& out = *out_;
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += "# 1 \"" + path + "\" 1\n";
    process(path, text.str(), depth + 1, true);
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += "# " + std::to_string(at.line + 1) + " \"" + file + "\" 2\n";
    place.line = at.line + 1;
    place.at_start = true;
  }

  // ---------------------------------------------------------------- a file

  void process(const std::string& path, const std::string& text, int depth, bool included = false) {
    std::string& out = *out_;
    if (!included) out += "# 1 \"" + path + "\"\n";
    const std::vector<Tok> toks = lex(text);
    Reader r{toks, 0, {}};
    std::vector<Condition> conds;
    Place at;
    const auto sink = [&](Tok& t) {
      if (t.kind == Kind::kNewline) return true;
      if (t.bol && !t.expanded && t.kind == Kind::kPunct && t.text == "#") {
        directive(r, t, path, conds, at, depth);
        return !fatal_;
      }
      if (!live(conds)) {
        rest_of_line(r);
        return true;
      }
      emit(at, t);
      if (out.size() > kOutputBytes) {
        error(path, t.line, t.col, "the preprocessed text is larger than " + std::to_string(kOutputBytes >> 20) + " MiB", true);
        fatal_ = true;
      }
      return !fatal_;
    };
    // In lines that are not kept nothing is expanded: the sink skips them.
    expand(r, sink, path, [&] { return live(conds); });
    for (const Condition& c : conds) error(path, c.line, c.col, "unterminated #" + c.kind);
    if (!out.empty() && out.back() != '\n') out += '\n';
  }

  std::map<std::string, Macro> macros_;
  std::multiset<std::string> active_;  // macros being expanded
  std::string* out_ = nullptr;
  std::string messages_;
  bool failed_ = false, fatal_ = false;
};

bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  text = s.str();
  return true;
}

}  // namespace

int preprocess_text(const std::string& path, const std::string& text,
                    const std::vector<std::pair<std::string, std::string>>& defines, std::string& out,
                    std::string& messages) {
  Preprocessor p(defines);
  return p.run(path, text, out, messages);
}

int run_page_cpp(const std::vector<std::string>& argv, const std::string& out, const std::string& err) {
  std::vector<std::pair<std::string, std::string>> defines;
  for (std::size_t k = 1; k + 1 < argv.size(); ++k) {
    std::string d = argv[k];
    if (d == "-D" && k + 2 < argv.size()) d = "-D" + argv[++k];
    if (d.rfind("-D", 0) != 0) continue;
    const std::size_t eq = d.find('=');
    defines.emplace_back(d.substr(2, eq == std::string::npos ? std::string::npos : eq - 2),
                         eq == std::string::npos ? "1" : d.substr(eq + 1));
  }
  std::string text, result, messages;
  if (argv.size() < 2 || !read_file(argv.back(), text)) return -1;
  const int status = preprocess_text(argv.back(), text, defines, result, messages);
  std::ofstream o(out, std::ios::binary | std::ios::trunc), e(err, std::ios::binary | std::ios::trunc);
  o << result;
  e << messages;
  return o && e ? status : -1;
}

}  // namespace lsd::web
