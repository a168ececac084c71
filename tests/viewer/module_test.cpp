// The drawing module (viewer/draw_module.hpp, cli/draw_module.cpp): lsd
// loads OpenGL, GLFW, X11 and FFmpeg only in the commands that draw; the
// module takes the core from the executable instead of holding a copy; and
// an lsd without its module says so and still derives.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "support/lsd_test.hpp"
#include "viewer/headless.hpp"

namespace {

namespace fs = std::filesystem;
using lsd::test::run;

std::string module_path() { return (fs::path(lsd::test::lsd_exe()).parent_path() / "liblsd_draw.so").string(); }

// The dynamic symbols of a file, demangled: defined ones (of the nm types in
// `types`, all when empty) or undefined ones.
std::set<std::string> dynamic_symbols(const std::string& file, bool defined, const std::string& types = "") {
  const auto r = run("nm -DC " + std::string(defined ? "--defined-only " : "--undefined-only ") + file);
  REQUIRE(r.status == 0);
  std::set<std::string> out;
  std::istringstream in(r.out);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string a, b;
    f >> a;
    if (defined) f >> b;  // address, type, name
    std::string name;
    std::getline(f >> std::ws, name);
    if (defined && (types.empty() || types.find(b) != std::string::npos)) out.insert(name);
    if (!defined && a == "U") out.insert(name);
  }
  return out;
}

}  // namespace

TEST_CASE("lsd derive initialises no drawing library, lsd render loads the module") {
  lsd::test::TempDir dir;
  const std::string one = dir.write("one.ls", "axiom: F\n");
  const auto derive = run("LD_DEBUG=files " + lsd::test::lsd_exe() + " derive " + one);
  REQUIRE(derive.status == 0);
  long inits = 0;
  const std::string init = "calling init";
  for (std::size_t at = derive.out.find(init); at != std::string::npos; at = derive.out.find(init, at + 1)) ++inits;
  INFO(derive.out);
  CHECK(inits >= 4);   // libc, libstdc++, ... : LD_DEBUG did report
  CHECK(inits <= 30);  // a command that draws nothing starts as a plain C++ program
  for (const char* lib : {"liblsd_draw", "libGL", "libOpenGL", "libEGL", "libglfw", "libX11", "libavcodec", "libimgui"})
    CHECK(derive.out.find(lib) == std::string::npos);

  const auto render = run(lsd::test::headless("LD_DEBUG=files " + lsd::test::lsd_exe() + " render " +
                                              lsd::test::example("abop/fig1_24a.ls") + " --width 64 --height 64 -o " +
                                              dir.path("a.png")));
  CHECK(render.status == 0);
  CHECK(render.out.find("liblsd_draw.so") != std::string::npos);
  CHECK(render.out.find("libavcodec") != std::string::npos);
  CHECK(fs::exists(dir.path("a.png")));
}

TEST_CASE("the drawing module holds no copy of the core: it takes it from the executable") {
  REQUIRE(fs::exists(module_path()));
  // Strong definitions (code T, data D/B/R) of the core in the module would be
  // a second copy with its own state (dyn::set_kernel, caches). Inline
  // functions (W, V) and header constants (u) may be repeated: the loader
  // binds them to the executable's.
  for (const std::string& s : dynamic_symbols(module_path(), true, "TDBR")) {
    INFO(s);
    for (const char* core :
         {"lsd::interp::", "lsd::dyn::", "lsd::grammar::", "lsd::view::Camera::", "lsd::view::frame_"})
      CHECK(s.rfind(core, 0) != 0);
  }
  // Every core symbol the module needs, lsd exports.
  const auto needed = dynamic_symbols(module_path(), false);
  const auto exported = dynamic_symbols(lsd::test::lsd_exe(), true);
  long core = 0;
  for (const std::string& s : needed) {
    if (s.rfind("lsd::", 0) != 0) continue;
    ++core;
    INFO(s);
    CHECK(exported.count(s) == 1);
  }
  CHECK(core > 10);  // StagedFile, Simulation, Geometry, the camera ...
  CHECK(exported.count("lsd_draw_module") == 0);
  CHECK(dynamic_symbols(module_path(), true).count("lsd_draw_module") == 1);
}

TEST_CASE("an lsd without its drawing module says so, exits 1 and still derives") {
  lsd::test::TempDir dir;
  const std::string lsd = dir.path("lsd");
  fs::copy_file(lsd::test::lsd_exe(), lsd);
  fs::permissions(lsd, fs::perms::owner_all, fs::perm_options::add);
  const std::string out = dir.path("a.png");
  const auto r = run(lsd::test::headless(lsd + " render " + lsd::test::example("abop/fig1_24a.ls") + " -o " + out));
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("this lsd was installed without its drawing module") != std::string::npos);
  CHECK(r.out.find(dir.path("liblsd_draw.so")) != std::string::npos);  // each path tried, and why
  CHECK(r.out.find("no such file") != std::string::npos);
  CHECK_FALSE(fs::exists(out));
  const auto v = run(lsd + " view " + lsd::test::example("abop/fig1_24a.ls") + " --frames 1");
  CHECK(v.status == 1);
  CHECK(v.out.find("without its drawing module") != std::string::npos);
  const auto d = run(lsd + " derive " + lsd::test::example("abop/fig1_24a.ls") + " -n 2");
  CHECK(d.status == 0);
  CHECK(lsd::test::compact(d.out).rfind("F[+F]F[-F]F[+F[+F]F[-F]F]", 0) == 0);
}

TEST_CASE("a module that is not lsd's is refused with the loader's reason") {
  lsd::test::TempDir dir;
  const std::string lsd = dir.path("lsd");
  fs::copy_file(lsd::test::lsd_exe(), lsd);
  std::ofstream(dir.path("liblsd_draw.so")) << "not a shared object\n";
  const auto r = run(lsd::test::headless(lsd + " render " + lsd::test::example("abop/fig1_24a.ls") + " -o " +
                                         dir.path("a.png")));
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find(dir.path("liblsd_draw.so") + ": ") != std::string::npos);
  CHECK(r.out.find("no such file") != std::string::npos);  // ... then the install location
}
