// `lsd view [FILE.ls]`: the interactive viewer, and its scripted mode
// (`--frames N --screenshot OUT.png`) for tests and recordings.
#include <unistd.h>

#include <charconv>
#include <cmath>
#include <filesystem>
#include <iostream>

#include "commands.hpp"
#ifdef LSD_HAVE_VIEWER
#include "viewer/app.hpp"
#endif

namespace lsd::cli {
namespace {

const char* const kViewUsage =
    "usage: lsd view [FILE.ls] [opts]\n"
    "  the interactive viewer; without FILE.ls, a list of the examples to choose from\n"
    "  --width W --height H     window size (default 1280 x 760)\n"
    "scripted mode (no person needed; a fixed 1/60 s of simulated time per frame):\n"
    "  --frames N               run N frames, print the average frame time and exit\n"
    "  --screenshot OUT.png     after the last frame, a picture of the whole window\n"
    "  --grow-every G           simulated seconds between derivation steps (overrides the file)\n"
    "  --pull BODY,X,Y,Z        pull body BODY (negative: from the last) toward the world point X,Y,Z\n"
    "  --pull-time T            ... during the first T simulated seconds (default: half the run)\n"
    "  --trace OUT.csv          one trace row per frame (the columns of lsd run --trace)\n"
    "  --frame-sleep MS         sleep MS milliseconds after every frame\n"
    "  common options: -D NAME=VALUE --seed S --axiom-file F --max-modules N\n";

#ifdef LSD_HAVE_VIEWER
// "B,X,Y,Z" -> body and target.
bool parse_pull(const std::string& text, view::ViewOptions& o) {
  double v[4];
  const char* p = text.data();
  const char* end = text.data() + text.size();
  for (int k = 0; k < 4; ++k) {
    auto r = std::from_chars(p, end, v[k]);
    if (r.ec != std::errc() || !std::isfinite(v[k])) return false;
    p = r.ptr;
    if (k < 3) {
      if (p == end || *p != ',') return false;
      ++p;
    }
  }
  if (p != end || v[0] != std::floor(v[0]) || std::abs(v[0]) > 1e9) return false;
  o.pull = true;
  o.pull_body = int(v[0]);
  o.pull_target = view::Vec3(v[1], v[2], v[3]);
  return true;
}

// examples/ of the working directory, else of the source tree next to the executable.
std::string find_examples() {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<fs::path> candidates{fs::current_path(ec) / "examples"};
  char buf[4096];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n > 0) {
    const fs::path exe_dir = fs::path(std::string(buf, std::size_t(n))).parent_path();
    for (const char* rel : {"examples", "../examples", "../../examples", "../share/lsd/examples"})
      candidates.push_back(exe_dir / rel);
  }
  for (const fs::path& c : candidates)
    if (fs::is_directory(c, ec)) return fs::weakly_canonical(c, ec).string();
  return "";
}
#endif

}  // namespace

int cmd_view(const Args& a) {
  for (const std::string& f : a.flags)
    if (f == "help") {
      std::cout << kViewUsage;
      return kExitOk;
    }
#ifdef LSD_HAVE_VIEWER
  view::ViewOptions o;
  o.file = a.file;
  o.examples_dir = find_examples();
  o.load.compile.defines = a.defines;
  o.load.compile.seed = a.seed;
  o.load.axiom_file = a.axiom_file;
  o.derive.max_modules = a.max_modules;
  double w = o.width, h = o.height, frames = 0, sleep_ms = 0, grow = -1, pull_time = -1;
  if (!number_opt(a, "width", w, 200, 16384) || !number_opt(a, "height", h, 200, 16384) ||
      !number_opt(a, "frames", frames, 1, 1e9) || !number_opt(a, "frame-sleep", sleep_ms, 0, 1e6) ||
      !number_opt(a, "grow-every", grow, 0, 1e9) || !number_opt(a, "pull-time", pull_time, 0, 1e9))
    return kExitUsage;
  o.width = int(w);
  o.height = int(h);
  o.frames = int(frames);
  o.frame_sleep_ms = sleep_ms;
  o.grow_every = grow;
  o.pull_time = pull_time;
  if (a.has("screenshot")) o.screenshot = a.opts.at("screenshot");
  if (a.has("trace")) o.trace = a.opts.at("trace");
  if (a.has("pull") && !parse_pull(a.opts.at("pull"), o)) {
    usage(("--pull needs BODY,X,Y,Z (a whole body index and three numbers), not '" + a.opts.at("pull") + "'").c_str());
    return kExitUsage;
  }
  if (o.frames == 0 && (o.pull || !o.trace.empty() || !o.screenshot.empty())) {
    usage("--pull, --trace and --screenshot are options of the scripted mode: give --frames N");
    return kExitUsage;
  }
  return view::run_viewer(o);
#else
  std::cerr << "lsd: error: this lsd was built without the viewer (LSD_VIEWER=OFF)\n";
  return kExitUsage;
#endif
}

}  // namespace lsd::cli
