// The page's C preprocessor (web/src/cpp.hpp; docs/web.md) against GNU cpp,
// which lsd runs everywhere else: every cpfg example and cpfg case, and
// every cpfg file of the corpus, loaded and derived once with each, gives
// the same string, or the same errors at the same places. Then the
// preprocessor's own cases: what C says each directive does.
#include <catch2/catch.hpp>
#include <filesystem>

#include "interpreter/cpfg/preprocess.hpp"
#include "interpreter/growth/lsystem.hpp"
#include "interpreter/lsystem/string_io.hpp"
#include "web/src/cpp.hpp"

using namespace lsd;
namespace fs = std::filesystem;

namespace {

// The string after the file's derivation (at most 8 steps, 2 million
// modules), or its errors ("file:line: message" each).
std::string outcome(const std::string& path, interp::CppRunner runner) {
  interp::set_cpp_runner(runner);
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  bool ok = interp::load_lsystem(path, interp::LoadOptions{}, ls, diags);
  interp::set_cpp_runner(nullptr);
  if (ok) {
    interp::DeriveOptions opts;
    opts.max_modules = 2'000'000;
    ok = interp::derive(ls, std::min(8, std::max(0, ls.derivation_length - ls.steps_done)), opts, diags);
  }
  std::string out;
  for (const grammar::Diagnostic& d : diags)
    if (!d.warning)
      out += d.file + ":" + std::to_string(d.pos.line) + ": " + d.message.substr(0, d.message.find(':')) + "\n";
  return ok ? interp::string_to_text(ls.current, ls.rules->symbols) : "errors:\n" + out;
}

std::vector<std::string> cpfg_models() {
  std::vector<std::string> out;
  const fs::path root(LSD_SOURCE_DIR);
  for (const char* folder : {"examples/cpfg", "tests/cpfg_cases", "tests/corpus"})
    for (const auto& e : fs::recursive_directory_iterator(root / folder))
      if (e.is_regular_file() && e.path().extension() == ".l") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string page_cpp(const std::string& text, const std::vector<std::pair<std::string, std::string>>& defines = {},
                     std::string* messages = nullptr) {
  std::string out, errors;
  web::preprocess_text("t.l", text, defines, out, errors);
  if (messages) *messages = errors;
  return out;
}

}  // namespace

TEST_CASE("the page's preprocessor gives every cpfg model GNU cpp's string or errors", "[web]") {
  const std::vector<std::string> models = cpfg_models();
  REQUIRE(models.size() > 30);
  int derived = 0;
  for (const std::string& path : models) {
    INFO(path);
    const std::string gnu = outcome(path, nullptr);
    CHECK(outcome(path, &web::run_page_cpp) == gnu);
    derived += gnu.rfind("errors:", 0) != 0;
  }
  CHECK(derived > 20);
}

TEST_CASE("the page's preprocessor: macros", "[web]") {
  CHECK(page_cpp("#define N 7\nF(N) N\n") == "# 1 \"t.l\"\n\nF(7) 7\n");
  // A function-like macro, its argument expanded; a name without '(' stays.
  CHECK(page_cpp("#define L(s) [&(60)~p(s)]\n#define S 2\nA L(S) L\n") == "# 1 \"t.l\"\n\n\nA [&(60)~p(2)] L\n");
  // # and ##; a macro is not expanded inside its own expansion.
  CHECK(page_cpp("#define Q(x) #x\n#define J(a,b) a##b\n#define R R+1\nQ(a \"b\") J(F,2) R\n") ==
        "# 1 \"t.l\"\n\n\n\n\"a \\\"b\\\"\" F2 R+1\n");
  // -D sets a name the file does not define; #undef forgets one.
  CHECK(page_cpp("X\n#undef X\nX\n", {{"X", "3"}}) == "# 1 \"t.l\"\n3\n\nX\n");
  // Tokens that would read as one when printed together keep a blank.
  CHECK(page_cpp("#define P +\n+P\n") == "# 1 \"t.l\"\n\n+ +\n");
  // Lines keep their places: indentation, and blank lines for directives.
  CHECK(page_cpp("  A /* c\n */ B\n") == "# 1 \"t.l\"\n  A\n    B\n");
}

TEST_CASE("the page's preprocessor: conditions", "[web]") {
  CHECK(page_cpp("#if 2 * (3 + 1) == 8 && !defined(X)\nyes\n#else\nno\n#endif\n") ==
        "# 1 \"t.l\"\n\nyes\n");
  CHECK(page_cpp("#ifdef X\na\n#elif 1 ? 0 : 1\nb\n#else\nc\n#endif\n", {}) == "# 1 \"t.l\"\n\n\n\n\n\nc\n");
  CHECK(page_cpp("#ifndef X\n#define X 1 << 4\n#endif\n#if X / 8 - 2\nno\n#endif\nX\n") ==
        "# 1 \"t.l\"\n\n\n\n\n\n\n1 << 4\n");
}

TEST_CASE("the page's preprocessor: errors at their place, as GNU cpp words them", "[web]") {
  std::string m;
  page_cpp("A\n  #error this model is broken\n", {}, &m);
  CHECK(m == "t.l:2:3: error: #error this model is broken\n");
  page_cpp("#if 1 / 0\n#endif\n", {}, &m);
  CHECK(m == "t.l:1:2: error: division by zero in #if\n");
  page_cpp("#if 1\nA\n", {}, &m);
  CHECK(m == "t.l:1:1: error: unterminated #if\n");
  page_cpp("#define F(x\n", {}, &m);
  CHECK(m == "t.l:1:2: error: missing ')' in macro parameter list\n");
  page_cpp("#define F(x) x\nF(1\n", {}, &m);
  CHECK(m == "t.l:2:1: error: unterminated argument list invoking macro \"F\"\n");
  page_cpp("#endif\n", {}, &m);
  CHECK(m == "t.l:1:2: error: #endif without #if\n");
  page_cpp("#include \"nowhere.l\"\n", {}, &m);
  CHECK(m == "t.l:1:2: fatal error: nowhere.l: No such file or directory\n");
}

TEST_CASE("the page's preprocessor stops an expansion past what lsd reads, with a message", "[web][.slow]") {
  std::string text;
  for (int k = 0; k < 20; ++k)
    text += "#define A" + std::to_string(k + 1) + " A" + std::to_string(k) + " A" + std::to_string(k) +
            " A" + std::to_string(k) + " A" + std::to_string(k) + "\n";
  text += "#define A0 F\nA20\n";  // 4^20 modules: 2 TB of text
  std::string m;
  page_cpp(text, {}, &m);
  CHECK(m == "t.l:22:1: fatal error: the preprocessed text is larger than 256 MiB\n");
}
