// Regression tests against the real cpfg: the small models of
// tests/cpfg_cases/ (our own files, each showing one way cpfg derives) are
// derived by lsd and compared with the string cpfg printed for them,
// committed beside each as NAME.cpfg.txt (its first line is the command that
// made it; scripts/cpfg_cases.py remakes them with a cpfg built from vlab's
// source). docs/language.md 9.3 says what each rule is.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "interpreter/growth/lsystem.hpp"
#include "support/lsd_test.hpp"

using namespace lsd;

namespace {

// A module of cpfg's string: one character and its parameters.
struct Module {
  char sym;
  std::vector<double> params;
};

const std::string kCases = std::string(LSD_SOURCE_DIR) + "/tests/cpfg_cases/";

// cpfg's string (each parameter printed with %g): modules one after another.
std::vector<Module> parse_cpfg(const std::string& text) {
  std::vector<Module> out;
  for (std::size_t i = 0; i < text.size();) {
    Module m{text[i++], {}};
    if (i < text.size() && text[i] == '(') {
      const std::size_t end = text.find(')', i);
      REQUIRE(end != std::string::npos);
      std::string list = text.substr(i + 1, end - i - 1) + ",";
      for (std::size_t a = 0, b; (b = list.find(',', a)) != std::string::npos; a = b + 1)
        if (b > a) m.params.push_back(std::stod(list.substr(a, b - a)));
      i = end + 1;
    }
    out.push_back(m);
  }
  return out;
}

// lsd's string as cpfg stores it: a built-in of several characters (@o,
// ?P) is that many modules, the parameters on the last.
std::vector<Module> as_cpfg(const interp::ModuleString& s, const interp::SymbolTable& symbols) {
  std::vector<Module> out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const std::string name = symbols.name(s.sym[i]);
    for (std::size_t k = 0; k + 1 < name.size(); ++k) out.push_back({name[k], {}});
    out.push_back({name.back(), std::vector<double>(s.param(i), s.param(i) + s.nparams(i))});
  }
  return out;
}

std::string text(const Module& m) {
  std::string t(1, m.sym);
  for (std::size_t k = 0; k < m.params.size(); ++k) t += (k ? "," : "(") + interp::format_double(m.params[k]);
  return t + (m.params.empty() ? "" : ")");
}

// Same modules, each parameter within cpfg's printing (%g: 6 digits).
void check_same(const std::vector<Module>& lsd, const std::vector<Module>& cpfg) {
  REQUIRE(lsd.size() == cpfg.size());
  for (std::size_t k = 0; k < lsd.size(); ++k) {
    INFO("module " << k + 1 << ": lsd " << text(lsd[k]) << ", cpfg " << text(cpfg[k]));
    REQUIRE(lsd[k].sym == cpfg[k].sym);
    REQUIRE(lsd[k].params.size() == cpfg[k].params.size());
    for (std::size_t p = 0; p < lsd[k].params.size(); ++p) {
      const double a = lsd[k].params[p], b = cpfg[k].params[p];
      CHECK(std::fabs(a - b) <= 1e-5 * std::fmax(std::fabs(a), std::fabs(b)));
    }
  }
}

// The string cpfg printed for case `name` (the line after the command).
std::string cpfg_string(const std::string& name) {
  std::ifstream in(kCases + name + ".cpfg.txt");
  REQUIRE(in);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("# made by", 0) != 0) return line;
  FAIL("no string in " << name << ".cpfg.txt");
  return "";
}

// Loads case `name` as lsd's commands load a .l file (its view file beside it).
void load(const std::string& name, interp::Lsystem& ls) {
  std::vector<grammar::Diagnostic> d;
  REQUIRE(interp::load_lsystem(kCases + name + ".l", {}, ls, d));
}

}  // namespace

TEST_CASE("a stochastic plant derives cpfg's string after 10 steps (seed:, srand, ran, nran, probabilities)") {
  interp::Lsystem ls;
  load("stochastic_plant", ls);
  std::vector<grammar::Diagnostic> d;
  REQUIRE(interp::derive(ls, 10, {}, d));
  check_same(as_cpfg(ls.current, ls.rules->symbols), parse_cpfg(cpfg_string("stochastic_plant")));
}

TEST_CASE("every case of tests/cpfg_cases derives cpfg's string") {
  int cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kCases)) {
    if (entry.path().extension() != ".l") continue;
    const std::string name = entry.path().stem().string();
    std::ifstream f(entry.path());
    const std::string source((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    if (source.find("cpfg options: -homo") != std::string::npos) continue;  // the next test
    SECTION(name) {
      interp::Lsystem ls;
      load(name, ls);
      std::vector<grammar::Diagnostic> d;
      REQUIRE(interp::derive(ls, ls.rules->derivation_length, {}, d));
      check_same(as_cpfg(ls.current, ls.rules->symbols), parse_cpfg(cpfg_string(name)));
    }
    ++cases;
  }
  CHECK(cases >= 17);  // (the -homo cases are the next test)
}

// cpfg -homo writes the string after the homomorphism, interpreting it once
// more after the view volume's pass (which also interprets it): the drawn
// string of lsd's second interpretation.
TEST_CASE("the homomorphism as cpfg applies it: globals, the main stream, its own seed") {
  auto drawn_twice = [](const std::string& name, interp::ModuleString& first, interp::ModuleString& second,
                        interp::Lsystem& ls) {
    load(name, ls);
    std::vector<grammar::Diagnostic> d;
    REQUIRE(interp::derive(ls, ls.rules->derivation_length, {}, d));
    REQUIRE(interp::apply_homomorphism_cpfg(*ls.rules, ls.current, first, nullptr, {}, ls.scratch).ok);
    REQUIRE(interp::apply_homomorphism_cpfg(*ls.rules, ls.current, second, nullptr, {}, ls.scratch).ok);
  };
  interp::ModuleString first, second;
  SECTION("global variables of Start: and StartEach: keep their values in the homomorphism") {
    interp::Lsystem ls;
    drawn_twice("homo_globals", first, second, ls);
    check_same(as_cpfg(second, ls.rules->symbols), parse_cpfg(cpfg_string("homo_globals")));
    // the same through apply_homomorphism(Lsystem): the L-system's globals, on copies
    interp::ModuleString third;
    const std::vector<double> globals = ls.machine.globals;
    REQUIRE(interp::apply_homomorphism(ls, third, {}).ok);
    check_same(as_cpfg(third, ls.rules->symbols), parse_cpfg(cpfg_string("homo_globals")));
    CHECK(ls.machine.globals == globals);
  }
  SECTION("without its own seed, the homomorphism draws from the productions' stream, every interpretation") {
    interp::Lsystem ls;
    drawn_twice("homo_noseed", first, second, ls);
    check_same(as_cpfg(second, ls.rules->symbols), parse_cpfg(cpfg_string("homo_noseed")));
    CHECK_FALSE(first == second);
  }
  SECTION("with its own seed: a stream {0x330E, seed, 0} started anew at every interpretation") {
    // cpfg's -homo output does not start it anew after the view volume's
    // pass: it shows the stream's 3rd and 4th numbers where every drawing
    // (and lsd) has the 1st and 2nd.
    interp::Lsystem ls;
    drawn_twice("homo_seed", first, second, ls);
    CHECK(first == second);
    interp::Rand48 stream = interp::Rand48::words(0x330E, 2, 0);
    double v[4];
    for (double& x : v) x = double(float(stream.next()));
    const std::vector<Module> lsd = as_cpfg(first, ls.rules->symbols), cpfg = parse_cpfg(cpfg_string("homo_seed"));
    REQUIRE(lsd.size() == 3);
    REQUIRE(cpfg.size() == 3);
    CHECK(lsd[0].params[0] == v[0]);
    CHECK(lsd[1].params[0] == v[1]);
    CHECK(cpfg[0].params[0] == Approx(v[2]).epsilon(1e-5));
    CHECK(cpfg[1].params[0] == Approx(v[3]).epsilon(1e-5));
  }
}
