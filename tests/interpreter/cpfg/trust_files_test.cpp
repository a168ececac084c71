// The files a cpfg model names stay in its folder (docs/language.md 9.7):
// the specifications line's, the view file's and #include's. A path that
// leaves the folder (`..`, an absolute path, a symbolic link) is a located
// warning naming it, and is not read unless the user allows it
// (--allow-outside-files).
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "interpreter/cpfg/preprocess.hpp"
#include "interpreter/cpfg/view.hpp"
#include "interpreter/growth/lsystem.hpp"
#include "support/lsd_test.hpp"

using namespace lsd;
namespace fs = std::filesystem;

namespace {

// outer/ holds secret files; outer/model/ is the model's folder.
struct Nest {
  test::TempDir outer;
  std::string model;
  Nest() : model(outer.path("model")) {
    fs::create_directories(model);
    fs::create_directories(model + "/sub");
    outer.write("secret.h", "#define SECRET 1\nSECRET_TEXT\n");
    outer.write("outside.con", "cver 1 3\nname: o\npoints: 4\ntype: closed\n1 0 0 1\n0 1 0 1\n-1 0 0 1\n0 -1 0 1\n");
  }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(model + "/" + name) << text;
    return model + "/" + name;
  }
};

std::string warnings_of(const std::vector<grammar::Diagnostic>& diags) {
  std::string all;
  for (const auto& d : diags) all += d.file + ":" + std::to_string(d.pos.line) + ": " + d.message + "\n";
  return all;
}

std::string pp(const Nest& n, const std::string& text, std::vector<grammar::Diagnostic>& d, bool allow = false) {
  interp::PreprocessOptions o;
  o.root = n.model;
  o.allow_outside = allow;
  std::string out;
  if (!interp::preprocess(text, n.model + "/plant.l", o, out, d)) return "<error: " + warnings_of(d) + ">";
  return out;
}

}  // namespace

TEST_CASE("#include reads files inside the model's folder only") {
  Nest n;
  n.write("sub/a.h", "#include \"b.h\"\nA_TEXT\n");  // b.h beside it
  n.write("sub/b.h", "B_TEXT\n");
  n.write("sub/leak.h", "#include \"../../secret.h\"\nLEAK_TEXT\n");
  std::vector<grammar::Diagnostic> d;
  std::string out = pp(n, "#include \"sub/a.h\"\nMAIN\n", d);
  CHECK_THAT(out, Catch::Contains("A_TEXT"));
  CHECK_THAT(out, Catch::Contains("B_TEXT"));
  CHECK_THAT(out, Catch::Contains("\"" + n.model + "/sub/b.h\""));  // the markers name the user's files
  CHECK_THAT(out, !Catch::Contains("lsd_cpp_"));
  CHECK(d.empty());
  // a file included from inside the folder may not leave it either
  d.clear();
  out = pp(n, "#include \"sub/leak.h\"\n#ifdef SECRET\nLEAKED\n#endif\n", d);
  CHECK_THAT(out, Catch::Contains("LEAK_TEXT"));
  CHECK_THAT(out, !Catch::Contains("SECRET_TEXT"));
  CHECK_THAT(out, !Catch::Contains("LEAKED"));
  REQUIRE(d.size() == 1);
  CHECK(d[0].warning);
  CHECK(d[0].file == n.model + "/sub/leak.h");
  CHECK(d[0].pos.line == 1);
  CHECK_THAT(d[0].message, Catch::Contains("../../secret.h") && Catch::Contains("outside the model's folder"));
}

TEST_CASE("every spelling of a directive that leaves the folder is refused, with a warning at its line") {
  Nest n;
  const std::vector<std::string> hostile = {
      "#include \"/etc/passwd\"",        "#include \"../secret.h\"",          "#include <../secret.h>",
      "%:include \"../secret.h\"",       "# /* c */ include \"../secret.h\"", "#inc\\\nlude \"../secret.h\"",
      "#include \\  \n\"../secret.h\"",  "/* a\n b */ #include \"../secret.h\"", "#include_next \"../secret.h\"",
      "#import \"../secret.h\"",         "#define F \"../secret.h\"\n#include F",
      "#if __has_include(\"../secret.h\")\nHAS\n#endif",
      "R\"x( \" /* )x\"\n#include \"../secret.h\"",
      "#pragma GCC dependency \"../secret.h\""};
  for (const std::string& h : hostile) {
    INFO(h);
    std::vector<grammar::Diagnostic> d;
    const std::string out = pp(n, "A\n" + h + "\n#ifdef SECRET\nLEAKED\n#endif\nZ\n", d);
    CHECK_THAT(out, !Catch::Contains("SECRET_TEXT"));
    CHECK_THAT(out, !Catch::Contains("LEAKED"));
    CHECK_THAT(out, !Catch::Contains("root:"));
    CHECK_THAT(out, !Catch::Contains("HAS"));
    bool warned = false;
    for (const auto& w : d) warned = warned || (w.warning && w.pos.line >= 2);
    CHECK(warned);
  }
}

TEST_CASE("--allow-outside-files lets #include leave the folder") {
  Nest n;
  std::vector<grammar::Diagnostic> d;
  const std::string out = pp(n, "#include \"../secret.h\"\n#ifdef SECRET\nLEAKED\n#endif\n", d, true);
  CHECK_THAT(out, Catch::Contains("SECRET_TEXT"));
  CHECK_THAT(out, Catch::Contains("LEAKED"));
  CHECK(d.empty());
}

TEST_CASE("the view file's files stay in the folder; a link that leaves it is refused too") {
  Nest n;
  n.write("c.con", "cver 1 3\nname: c\npoints: 4\ntype: closed\n1 0 0 1\n0 1 0 1\n-1 0 0 1\n0 -1 0 1\n");
  fs::create_symlink(n.outer.path("outside.con"), n.model + "/link.con");
  const std::string v = n.write("plant.v",
                                "contour: 1 c.con\ncontour: 2 ../outside.con\ncontour: 3 " + n.outer.path("outside.con") +
                                    "\ncontour: 4 link.con\nsurface: s ../x.s 1\ntexture: F: /etc/passwd\n"
                                    "function: ../f.func\nfunction set: /etc/passwd\ncurve: ../c.con\n");
  interp::CpfgView view;
  interp::FunctionSet fs_;
  std::vector<grammar::Diagnostic> d;
  interp::read_view_file(v, view, fs_, d, {n.model, false});
  CHECK(fs_.contours.count(1) == 1);
  CHECK(fs_.contours.count(2) == 0);
  CHECK(fs_.contours.count(3) == 0);
  CHECK(fs_.contours.count(4) == 0);
  const std::string w = warnings_of(d);
  for (int line = 2; line <= 9; ++line) {
    INFO(w);
    CHECK_THAT(w, Catch::Contains("plant.v:" + std::to_string(line) + ": ") && Catch::Contains("outside the model's folder"));
  }
  CHECK_THAT(w, Catch::Contains("/etc/passwd"));
  // allowed: read
  d.clear();
  interp::FunctionSet all;
  interp::read_view_file(v, view, all, d, {n.model, true});
  CHECK(all.contours.size() == 4);
}

TEST_CASE("the specifications line's files stay in the folder") {
  Nest n;
  n.outer.write("outside.v", "angle factor: 4\n");
  n.write("specifications", "cpfg -m ../x.map -e /tmp/x.e plant.l ../outside.v\n");
  n.write("plant.l", "Lsystem: 1\nAxiom: F\nendlsystem\n");
  n.write("plant.v", "angle factor: 8\n");
  interp::CpfgModelFiles files;
  std::string err;
  REQUIRE(interp::find_cpfg_model(n.model, files, err));
  CHECK(files.view == n.model + "/plant.v");  // the folder's own, not ../outside.v
  CHECK(files.environment.empty());
  CHECK(files.colourmaps.empty());
  const std::string w = warnings_of(files.warnings);
  CHECK_THAT(w, Catch::Contains("specifications:1: ") && Catch::Contains("outside.v") && Catch::Contains("/tmp/x.e") &&
                    Catch::Contains("x.map"));
  REQUIRE(interp::find_cpfg_model(n.model, files, err, true));
  CHECK(files.view == n.model + "/../outside.v");
}

TEST_CASE("a model's file that is a pipe is refused, not waited for") {
  Nest n;
  REQUIRE(::mkfifo((n.model + "/plant.v").c_str(), 0600) == 0);
  std::string text, err;
  CHECK_FALSE(interp::read_model_file(n.model + "/plant.v", 1000, "1000 bytes", text, err));
  CHECK_THAT(err, Catch::Contains("not a regular file"));
  n.write("plant.l", "Lsystem: 1\nAxiom: F\nendlsystem\n");
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> d;
  CHECK(interp::load_lsystem(n.model, {}, ls, d));  // the view file's settings are not used: a warning
  CHECK_THAT(warnings_of(d), Catch::Contains("not a regular file"));
}
