#include "interpreter/cpfg/preprocess.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include "common/limits.hpp"
#include "interpreter/cpfg/src/cpp_includes.hpp"

namespace lsd::interp {
namespace {

// Characters the C preprocessor would misread in L-system text, swapped for
// bytes it passes through untouched and swapped back after it: `'` (a
// module, which cpp takes for the start of a character constant) and a
// line's leading TAB (cpfg's continuation, which cpp turns into a blank).
// An indented '#' that names no directive (`\t#(0.06) f` draws a wider
// line) is not a directive for cpfg's old preprocessor, which wanted '#' in
// the first column: its indentation is protected too.
constexpr char kQuote = '\x01', kTab = '\x02', kSpace = '\x03';

bool names_directive(const std::string& s, std::size_t hash) {
  std::size_t k = hash + 1;
  while (k < s.size() && (s[k] == ' ' || s[k] == '\t')) ++k;
  std::size_t e = k;
  while (e < s.size() && std::isalpha(static_cast<unsigned char>(s[e]))) ++e;
  const std::string word = s.substr(k, e - k);
  for (const char* d : {"define", "undef", "if", "ifdef", "ifndef", "elif", "else", "endif", "include", "line",
                        "error", "pragma", "warning"})
    if (word == d) return true;
  return k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]));  // a line marker
}

std::string protect(const std::string& text) {
  std::string out;
  // `#define f(x) \\` + newline: a doubled backslash before the splice (old
  // vlab files) splices once.
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 2 < text.size() && text[i + 1] == '\\' && text[i + 2] == '\n') continue;
    out += text[i];
  }
  bool line_start = true;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const char c = out[i];
    if (c == '\'') out[i] = kQuote;
    if (line_start && (c == '\t' || c == ' ')) {
      std::size_t f = i;
      while (f < out.size() && (out[f] == '\t' || out[f] == ' ')) ++f;
      const bool directive = f < out.size() && out[f] == '#' && names_directive(out, f);
      if (!directive && (c == '\t' || (f < out.size() && out[f] == '#'))) out[i] = c == '\t' ? kTab : kSpace;
    }
    line_start = c == '\n';
  }
  return out;
}

void restore(std::string& s) {
  for (char& c : s) {
    if (c == kQuote) c = '\'';
    else if (c == kTab) c = '\t';
    else if (c == kSpace) c = ' ';
  }
}

// `#define NAME ...` lines of a NAME given with -D take the -D value, on the
// same line (line numbers stay). Returns the names the file defines.
std::vector<std::string> override_defines(std::string& text, const PreprocessOptions& opts) {
  std::vector<std::string> defined;
  std::string out;
  std::istringstream in(text);
  std::string line;
  bool first = true;
  while (std::getline(in, line)) {
    if (!first) out += '\n';
    first = false;
    std::size_t k = line.find_first_not_of(" \t");
    if (k != std::string::npos && line[k] == '#') {
      std::size_t d = line.find_first_not_of(" \t", k + 1);
      if (d != std::string::npos && line.compare(d, 6, "define") == 0) {
        std::size_t ns = line.find_first_not_of(" \t", d + 6);
        std::size_t ne = ns;
        while (ne < line.size() && (std::isalnum(static_cast<unsigned char>(line[ne])) || line[ne] == '_')) ++ne;
        if (ns != std::string::npos && ne > ns && (ne >= line.size() || line[ne] != '(')) {
          const std::string name = line.substr(ns, ne - ns);
          for (const auto& [n, v] : opts.defines)
            if (n == name) {
              line = "#define " + name + " " + v;
              defined.push_back(name);
            }
        }
      }
    }
    out += line;
  }
  if (!text.empty() && text.back() == '\n') out += '\n';
  text = std::move(out);
  return defined;
}

std::string folder_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

bool read_all(const std::string& path, std::string& out, std::size_t max) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return out.size() <= max;
}

struct TempFile {
  std::string path;
  explicit TempFile(const char* suffix) {
    const char* dir = std::getenv("TMPDIR");
    path = std::string(dir && *dir ? dir : "/tmp") + "/lsd_cpp_XXXXXX" + suffix;
    const int fd = ::mkstemps(path.data(), int(std::strlen(suffix)));
    if (fd < 0) path.clear();
    else ::close(fd);
  }
  ~TempFile() {
    if (!path.empty()) std::remove(path.c_str());
  }
};

// A private folder for the file cpp reads and the copies of what it includes.
struct TempDir {
  std::string path;
  TempDir() {
    const char* dir = std::getenv("TMPDIR");
    std::string p = std::string(dir && *dir ? dir : "/tmp") + "/lsd_cpp_XXXXXX";
    if (::mkdtemp(p.data())) path = p;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path.empty()) std::filesystem::remove_all(path, ec);
  }
};

// The files cpp's line markers name ("# 12 \"file\" 2"), in order.
std::vector<std::string> marker_files(const std::string& out) {
  std::vector<std::string> files;
  std::size_t p = 0;
  while (p < out.size()) {
    std::size_t e = out.find('\n', p);
    if (e == std::string::npos) e = out.size();
    if (out.compare(p, 2, "# ") == 0 && p + 2 < e && std::isdigit(static_cast<unsigned char>(out[p + 2]))) {
      const std::size_t q1 = out.find('"', p), q2 = q1 == std::string::npos ? q1 : out.rfind('"', e);
      if (q1 != std::string::npos && q2 != std::string::npos && q2 > q1 && q2 < e) files.push_back(out.substr(q1 + 1, q2 - q1 - 1));
    }
    p = e + 1;
  }
  return files;
}

// Runs argv with standard output and error into files; its exit status, or
// -1 when it could not run. The preprocessor is bounded: 60 s of processor
// time and 1 GiB of output.
int run(const std::vector<std::string>& argv, const std::string& out, const std::string& err) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    const int o = ::open(out.c_str(), O_WRONLY | O_TRUNC);
    const int e = ::open(err.c_str(), O_WRONLY | O_TRUNC);
    if (o < 0 || e < 0) ::_exit(127);
    ::dup2(o, 1);
    ::dup2(e, 2);
    const int null = ::open("/dev/null", O_RDONLY);
    if (null >= 0) ::dup2(null, 0);
    rlimit cpu{60, 60}, size{rlim_t(1) << 30, rlim_t(1) << 30};
    ::setrlimit(RLIMIT_CPU, &cpu);
    ::setrlimit(RLIMIT_FSIZE, &size);
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status) == 127 ? -1 : WEXITSTATUS(status);
  return 1;
}

// gcc's "FILE:LINE:COL: error: MESSAGE" lines, as diagnostics in the user's files.
void report(const std::string& err, const std::vector<std::pair<std::string, std::string>>& names, const std::string& path,
            std::vector<grammar::Diagnostic>& diags) {
  std::istringstream in(err);
  std::string line;
  bool any = false;
  while (std::getline(in, line)) {
    const std::size_t e = line.find(": error: ");
    const std::size_t f = line.find(": fatal error: ");
    const std::size_t at = e != std::string::npos ? e : f;
    if (at == std::string::npos) continue;
    std::string where = line.substr(0, at), file = where;
    grammar::Pos pos;
    const std::size_t c2 = where.rfind(':');
    if (c2 != std::string::npos) {
      const std::size_t c1 = where.rfind(':', c2 - 1);
      if (c1 != std::string::npos && c1 < c2) {
        file = where.substr(0, c1);
        pos = {std::atoi(where.c_str() + c1 + 1), std::atoi(where.c_str() + c2 + 1)};
      } else {
        file = where.substr(0, c2);
        pos = {std::atoi(where.c_str() + c2 + 1), 1};
      }
    }
    std::string msg = line.substr(at + (e != std::string::npos ? 9 : 15));
    for (const auto& [tmp, real] : names) {
      if (file == tmp) file = real;
      for (std::size_t p = msg.find(tmp); p != std::string::npos; p = msg.find(tmp, p + real.size()))
        msg.replace(p, tmp.size(), real);
    }
    diags.push_back({file, pos, "preprocessor: " + msg});
    any = true;
  }
  if (!any) {
    std::string msg = err.substr(0, 300);
    for (const auto& [tmp, real] : names)
      for (std::size_t p = msg.find(tmp); p != std::string::npos; p = msg.find(tmp, p + real.size()))
        msg.replace(p, tmp.size(), real);
    diags.push_back({path, {}, "the C preprocessor failed: " + msg});
  }
}

}  // namespace

namespace {
CppRunner cpp_runner = nullptr;  // nullptr: run (the system's cpp)
}  // namespace

void set_cpp_runner(CppRunner runner) { cpp_runner = runner; }

bool needs_preprocessor(const std::string& text, const PreprocessOptions& opts) {
  if (!opts.defines.empty()) return true;
  bool line_start = true;
  for (char c : text) {
    if (line_start && c == '#') return true;
    if (c == '\n') line_start = true;
    else if (c != ' ' && c != '\t') line_start = false;
  }
  return false;
}

bool prepare_for_cpp(const std::string& text, const std::string& path, const PreprocessOptions& opts,
                     const std::string& dir, std::string& out, std::vector<std::pair<std::string, std::string>>& copies,
                     std::vector<grammar::Diagnostic>& diags) {
  out = protect(text);
  IncludeCopies c;
  c.dir = dir;
  IncludeRules rules;
  rules.root = opts.root.empty() ? folder_of(path) : opts.root;
  rules.allow_outside = opts.allow_outside;
  rules.prepare = protect;
  const bool ok = rewrite_includes(out, path, rules, c, diags);
  copies = std::move(c.names);
  return ok;
}

bool preprocess(const std::string& text, const std::string& path, const PreprocessOptions& opts, std::string& out,
                std::vector<grammar::Diagnostic>& diags) {
  TempDir dir;
  TempFile result(".i"), errors(".err");
  if (dir.path.empty() || result.path.empty() || errors.path.empty()) {
    diags.push_back({path, {}, "cannot create a temporary file for the C preprocessor"});
    return false;
  }
  std::string input;
  std::vector<std::pair<std::string, std::string>> names;  // the copies: temporary file -> the user's
  if (!prepare_for_cpp(text, path, opts, dir.path, input, names, diags)) return false;
  const std::vector<std::string> overridden = override_defines(input, opts);
  const std::string src = dir.path + "/main.l";
  {
    std::ofstream f(src, std::ios::binary);
    f << input;
    if (!f.flush()) {
      diags.push_back({path, {}, "cannot write a temporary file for the C preprocessor"});
      return false;
    }
  }
  // No -I: every #include names one of the copies already (cpp_includes.hpp).
  std::vector<std::string> argv = {"cpp", "-x", "c", "-undef", "-nostdinc"};
  for (const auto& [name, value] : opts.defines)
    if (std::find(overridden.begin(), overridden.end(), name) == overridden.end()) argv.push_back("-D" + name + "=" + value);
  argv.push_back(src);
  const int status = cpp_runner ? cpp_runner(argv, result.path, errors.path) : run(argv, result.path, errors.path);
  if (status < 0) {
    diags.push_back({path, {}, "cannot run the C preprocessor 'cpp', which cpfg files with '#' lines need "
                               "(install the Debian package cpp)"});
    return false;
  }
  const bool complete = read_all(result.path, out, limits::kLsFileBytes * 4);
  // What cpp read, by its line markers: only the files lsd wrote. (A file
  // that got past the check above is refused here, with cpp's messages.)
  for (const std::string& f : marker_files(out)) {
    const bool known = f == src || f == "<built-in>" || f == "<command-line>" ||
                       std::any_of(names.begin(), names.end(), [&](const auto& c) { return c.first == f; });
    if (!known) {
      out.clear();
      diags.push_back({path, {}, "the C preprocessor read '" + f + "', which lsd did not give it: the file is not used"});
      return false;
    }
  }
  std::string err;
  read_all(errors.path, err, std::size_t(1) << 20);
  // The messages and markers name the temporary files: name the user's instead.
  names.push_back({src, path});
  if (status != 0) {
    report(err, names, path, diags);
    return false;
  }
  if (!complete) {
    diags.push_back({path, {}, "the preprocessed file is larger than " +
                                   std::to_string(limits::kLsFileBytes * 4 >> 20) + " MiB"});
    return false;
  }
  restore(out);
  for (const auto& [tmp, real] : names) {
    const std::string quoted = "\"" + tmp + "\"", wanted = "\"" + real + "\"";
    for (std::size_t p = out.find(quoted); p != std::string::npos; p = out.find(quoted, p + wanted.size()))
      out.replace(p, quoted.size(), wanted);
  }
  return true;
}

}  // namespace lsd::interp
