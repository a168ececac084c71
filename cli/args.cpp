#include "args.hpp"

#include <charconv>
#include <cmath>
#include <cstring>
#include <iostream>

#include "grammar/parser.hpp"
#include "interpreter/expr.hpp"

namespace lsd::cli {

namespace {
const char* const kUsage =
    "usage:\n"
    "  lsd check    FILE.ls                       parse and validate; report every problem\n"
    "  lsd derive   FILE.ls [-n N] [opts]         print the string after N steps\n"
    "  lsd segments FILE.ls [-n N] [opts]         CSV x0,y0,z0,x1,y1,z1,width of every drawn segment\n"
    "  lsd export   FILE.ls -o OUT.obj [opts]     a Wavefront OBJ mesh of the plant\n"
    "  lsd run      FILE.ls [--time T] [opts]     headless growth and motion for T simulated seconds\n"
    "  lsd render   FILE.ls -o OUT.png [opts]     a picture of the plant, without a display\n"
    "  lsd view     [FILE.ls]                     the interactive viewer\n"
    "options: -D NAME=VALUE  --seed S  --axiom-file F  -o OUT  -n N  --max-modules N\n"
    "  run: --time T --dt H --grow-every G --integrator implicit|explicit --trace OUT.csv --trace-every T\n"
    "  render: --width W --height H\n";

// Options that take a value, per command (beyond the common ones).
const char* const kValueOpts[] = {"time", "dt", "grow-every", "integrator", "trace", "trace-every", "width",
                                  "height", "frames", "screenshot", "pull", "pull-time", "yaw", "pitch",
                                  "frame-sleep"};
const char* const kFlagOpts[] = {"help"};
}  // namespace

void usage(const char* why) {
  if (why && *why) std::cerr << "lsd: " << why << "\n";
  std::cerr << kUsage;
}

bool parse_args(int argc, char** argv, Args& a) {
  if (argc < 2) {
    usage("no command given");
    return false;
  }
  a.command = argv[1];
  static const char* const commands[] = {"check", "derive", "segments", "export", "run", "render", "view"};
  bool known = false;
  for (const char* c : commands) known = known || a.command == c;
  if (a.command == "--help" || a.command == "-h" || a.command == "help") {
    std::cout << kUsage;
    a.command = "help";
    return true;
  }
  if (!known) {
    usage(("unknown command '" + a.command + "'").c_str());
    return false;
  }
  for (int i = 2; i < argc; ++i) {
    std::string s = argv[i];
    auto value = [&](std::string& v) {
      if (i + 1 >= argc) {
        usage(("option " + s + " needs a value").c_str());
        return false;
      }
      v = argv[++i];
      return true;
    };
    if (s == "-D" || (s.size() > 2 && s.rfind("-D", 0) == 0)) {
      std::string d;
      if (s == "-D") {
        if (!value(d)) return false;
      } else {
        d = s.substr(2);
      }
      auto eq = d.find('=');
      if (eq == std::string::npos || eq == 0) {
        usage(("-D needs NAME=VALUE, not '" + d + "'").c_str());
        return false;
      }
      std::string name = d.substr(0, eq), text = d.substr(eq + 1);
      grammar::Expr e;
      std::vector<grammar::Diagnostic> diags;
      interp::CompiledExpr c;
      if (!grammar::parse_expression(text, e, diags, "-D") ||
          !interp::compile_expr(e, {}, c, diags, "-D") || !c.is_constant || !std::isfinite(c.value)) {
        usage(("-D " + name + ": '" + text + "' is not a finite number").c_str());
        return false;
      }
      a.defines.push_back({name, c.value});
    } else if (s == "--seed") {
      std::string v;
      if (!value(v)) return false;
      std::uint64_t x = 0;
      auto r = std::from_chars(v.data(), v.data() + v.size(), x);
      if (r.ec != std::errc() || r.ptr != v.data() + v.size()) {
        usage(("--seed needs a whole number, not '" + v + "'").c_str());
        return false;
      }
      a.seed = x;
    } else if (s == "--axiom-file") {
      if (!value(a.axiom_file)) return false;
    } else if (s == "-o" || s == "--output") {
      if (!value(a.out)) return false;
    } else if (s == "-n") {
      std::string v;
      if (!value(v)) return false;
      long x = 0;
      auto r = std::from_chars(v.data(), v.data() + v.size(), x);
      if (r.ec != std::errc() || r.ptr != v.data() + v.size() || x < 0 || x > 1000000000) {
        usage(("-n needs a whole number from 0 to 10^9, not '" + v + "'").c_str());
        return false;
      }
      a.n = x;
    } else if (s == "--max-modules") {
      std::string v;
      if (!value(v)) return false;
      std::size_t x = 0;
      auto r = std::from_chars(v.data(), v.data() + v.size(), x);
      if (r.ec != std::errc() || r.ptr != v.data() + v.size() || x == 0) {
        usage(("--max-modules needs a positive whole number, not '" + v + "'").c_str());
        return false;
      }
      a.max_modules = x;
    } else if (s.rfind("--", 0) == 0) {
      std::string name = s.substr(2);
      bool is_value = false, is_flag = false;
      for (const char* o : kValueOpts) is_value = is_value || name == o;
      for (const char* o : kFlagOpts) is_flag = is_flag || name == o;
      if (is_value) {
        std::string v;
        if (!value(v)) return false;
        a.opts[name] = v;
      } else if (is_flag) {
        a.flags.push_back(name);
      } else {
        usage(("unknown option '" + s + "'").c_str());
        return false;
      }
    } else if (s.size() > 1 && s[0] == '-') {
      usage(("unknown option '" + s + "'").c_str());
      return false;
    } else if (a.file.empty()) {
      a.file = s;
    } else {
      usage(("unexpected argument '" + s + "'").c_str());
      return false;
    }
  }
  if (a.file.empty() && a.command != "view") {
    usage(("'" + a.command + "' needs a FILE.ls").c_str());
    return false;
  }
  return true;
}

bool number_opt(const Args& a, const std::string& name, double& v, double lo, double hi) {
  auto it = a.opts.find(name);
  if (it == a.opts.end()) return true;
  const std::string& s = it->second;
  double x = 0;
  auto r = std::from_chars(s.data(), s.data() + s.size(), x);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size() || !std::isfinite(x) || x < lo || x > hi) {
    usage(("--" + name + " needs a number from " + interp::format_double(lo) + " to " + interp::format_double(hi) +
           ", not '" + s + "'")
              .c_str());
    return false;
  }
  v = x;
  return true;
}

void print_diags(const std::vector<grammar::Diagnostic>& diags, const interp::Lsystem* ls) {
  // A binary file can have an error on every line: show the first ones only
  // (finding a line's text is linear in the file, so all of them could take minutes).
  constexpr std::size_t kMaxShown = 100;
  std::size_t shown = 0;
  for (const auto& d : diags) {
    if (shown == kMaxShown) {
      std::cerr << "lsd: note: " << diags.size() - kMaxShown << " more problems not shown\n";
      break;
    }
    const grammar::Source* src = (ls && d.file == ls->source.path) ? &ls->source : nullptr;
    grammar::print_diagnostic(std::cerr, d, src);
    ++shown;
  }
}

bool save_file(const std::string& path, const std::string& content) {
  std::string err;
  if (interp::write_file_atomic(path, content, &err)) return true;
  std::cerr << "lsd: error: " << err << "\n";
  return false;
}

bool load(const Args& a, interp::Lsystem& ls) {
  interp::LoadOptions lo;
  lo.compile.defines = a.defines;
  lo.compile.seed = a.seed;
  lo.axiom_file = a.axiom_file;
  lo.max_modules = a.max_modules;
  std::vector<grammar::Diagnostic> diags;
  bool ok = interp::load_lsystem(a.file, lo, ls, diags);
  print_diags(diags, &ls);
  return ok;
}

}  // namespace lsd::cli
