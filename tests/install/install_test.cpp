// `make install PREFIX=DIR` and `cmake --install BUILD --prefix DIR` (the
// install rules of CMakeLists.txt and cli/CMakeLists.txt): lsd, its drawing
// module, its man page, the examples and the Blender script land under a
// temporary prefix, and the installed lsd derives and draws from there.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/lsd_test.hpp"

namespace {

namespace fs = std::filesystem;
using lsd::test::run;

std::string build_dir() { return fs::path(lsd::test::lsd_exe()).parent_path().string(); }

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// What every install must hold, and the installed lsd at work.
void check_installed(const std::string& prefix) {
  const std::string lsd = prefix + "/bin/lsd", man = prefix + "/share/man/man1/lsd.1";
  const std::string examples = prefix + "/share/lsd/examples";
  REQUIRE(fs::exists(lsd));
  CHECK(fs::exists(man));
  CHECK(fs::exists(examples + "/dynamics/herb.ls"));
  CHECK(fs::exists(examples + "/cpfg/flower/plant.l"));
  CHECK(fs::exists(prefix + "/share/lsd/scripts/blender_import.py"));
  // The executable runs from the prefix: its help, and a derive of an
  // installed example equal to the build's derive of the source's.
  const auto help = run(lsd + " --help");
  CHECK(help.status == 0);
  CHECK(help.out.find("Usage: lsd [OPTIONS] [SUBCOMMAND]") != std::string::npos);
  const auto installed = run(lsd + " derive " + examples + "/abop/fig2_6a.ls -n 3");
  const auto built = run(lsd::test::lsd_exe() + " derive " + lsd::test::example("abop/fig2_6a.ls") + " -n 3");
  REQUIRE(installed.status == 0);
  CHECK(installed.out.size() > 100);
  CHECK(installed.out == built.out);
  // The drawing module (when this build has one) beside it in lib/lsd: the
  // installed lsd draws from there, with no display (EGL).
  const std::string module = fs::path(build_dir()) / "liblsd_draw.so";
  if (fs::exists(module)) {
    CHECK(fs::exists(prefix + "/lib/lsd/liblsd_draw.so"));
    const std::string png = prefix + "/fig.png";
    const auto drawn = run("env -u DISPLAY -u WAYLAND_DISPLAY LSD_GL=egl " + lsd + " render " + examples +
                           "/abop/fig1_24a.ls --width 64 --height 64 -o " + png);
    INFO(drawn.out);
    CHECK(drawn.status == 0);
    CHECK(fs::file_size(png) > 100);
  }
  // The man page names the version the executable reports.
  const auto version = run(lsd + " --version");
  REQUIRE(version.status == 0);
  std::string v = version.out;  // "lsd 0.2\n"
  while (!v.empty() && v.back() == '\n') v.pop_back();
  CHECK(read_text(man).find("\"" + v + "\"") != std::string::npos);
  // ... and man formats it (when man is there).
  if (run("command -v man").status == 0) {
    const auto page = run("MANWIDTH=80 man -l " + man);
    INFO(page.out);
    CHECK(page.status == 0);
    CHECK(page.out.find("L-systems that grow and move") != std::string::npos);
    CHECK(page.out.find("EXIT STATUS") != std::string::npos);
    CHECK(page.out.find("warning") == std::string::npos);
  }
}

}  // namespace

TEST_CASE("make install PREFIX=DIR puts lsd, its man page, the examples and the Blender script under DIR") {
  lsd::test::TempDir dir;
  const std::string prefix = dir.path("prefix");
  // A make of its own: not the jobs of a make that may be running the tests.
  const auto r = run("env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C " + std::string(LSD_SOURCE_DIR) +
                     " install BUILD=" + build_dir() + " PREFIX=" + prefix);
  INFO(r.out);
  REQUIRE(r.status == 0);
  check_installed(prefix);
}

TEST_CASE("cmake --install BUILD --prefix DIR installs the same") {
  lsd::test::TempDir dir;
  const std::string prefix = dir.path("p");
  const auto r = run("cmake --install " + build_dir() + " --prefix " + prefix);
  INFO(r.out);
  REQUIRE(r.status == 0);
  check_installed(prefix);
}
