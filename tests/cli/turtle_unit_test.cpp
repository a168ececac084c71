// --turtle-unit (docs/language.md 7.8): the scale of a plant built from its
// drawing, from the command line, as `turtle unit:` in its dynamics: section.
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <regex>
#include <sstream>

#include "support/lsd_test.hpp"

using namespace lsd;

namespace {

// The largest bend (norm of the rotation vector) of the joints of a saved string.
double max_bend(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  const std::regex joint(R"(J\(([^,]+),([^,]+),([^,]+),)");
  double m = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), joint); it != std::sregex_iterator(); ++it)
    m = std::max(m, std::hypot(std::stod((*it)[1]), std::stod((*it)[2]), std::stod((*it)[3])));
  return m;
}

}  // namespace

TEST_CASE("--turtle-unit scales a swaying plant: under its own weight a plant ten times as large bends ten times "
          "as far",
          "[sway]") {
  const test::TempDir tmp;
  double bend[2];
  const char* units[2] = {"", " --turtle-unit 0.1"};  // the default, 0.01 m, and ten times that
  for (int k = 0; k < 2; ++k) {
    const std::string out = tmp.path("s" + std::to_string(k) + ".txt");
    const test::Run r = test::run(test::lsd_exe() + " run " + test::example("abop/fig2_6a.ls") +
                                  " --sway -n 6 --time 1 --quiet -o " + out + units[k]);
    INFO(r.out);
    REQUIRE(r.status == 0);
    bend[k] = max_bend(out);
  }
  // Scaled alike in every length, a beam's sag angle under its own weight
  // grows as its length (moment ~ r^2 l^2, stiffness ~ r^4 / l): ten times.
  INFO(bend[0] << " " << bend[1]);
  CHECK(bend[0] > 0);
  CHECK(bend[1] / bend[0] == Approx(10).epsilon(0.01));
}

TEST_CASE("--turtle-unit: a unit that is not a positive number is a usage error", "[sway]") {
  for (const char* bad : {"0", "-1", "abc"}) {
    const test::Run r = test::run(test::lsd_exe() + " run " + test::example("abop/fig2_6a.ls") +
                                  " --sway --time 0.1 --quiet --turtle-unit " + bad);
    INFO(r.out);
    CHECK(r.status == 2);
    CHECK(r.out.find("--turtle-unit") != std::string::npos);
  }
}
