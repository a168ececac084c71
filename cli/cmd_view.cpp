// `lsd view [FILE.ls]`: the interactive viewer, and its scripted mode
// (`--frames N --screenshot OUT.png`) for tests and recordings.
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>

#include "camera_options.hpp"
#include "common/numbers.hpp"
#include "commands.hpp"
#include "draw_module.hpp"

namespace lsd::cli {
namespace {

#ifdef LSD_HAVE_VIEWER
// "B,X,Y,Z" -> body and target.
bool parse_pull(const std::string& text, view::ViewOptions& o) {
  double v[4];
  const char* p = text.data();
  const char* end = text.data() + text.size();
  for (int k = 0; k < 4; ++k) {
    auto r = read_double(p, end, v[k]);
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

struct ViewCommand {
  InputOptions in;
  int width = 1280, height = 760;
  int frames = 0;
  double frame_sleep_ms = 0;
  MotionOptions run;  // --dt, --grow-every, --integrator
  std::optional<double> pull_time;
  std::string screenshot, trace, pull, save_camera;
  CameraOptions camera;
};

int view_run(const ViewCommand& c) {
#ifdef LSD_HAVE_VIEWER
  view::ViewOptions o;
  o.file = c.in.file;
  o.examples_dir = find_examples();
  o.load = load_options(c.in);
  o.derive.max_modules = c.in.max_modules;
  o.width = c.width;
  o.height = c.height;
  o.frames = c.frames;
  o.frame_sleep_ms = c.frame_sleep_ms;
  o.run = c.run.overrides();
  o.pull_time = c.pull_time.value_or(-1);
  o.screenshot = c.screenshot;
  o.save_camera = c.save_camera;
  if (!camera_choice(c.camera, &o.camera)) return kExitInput;
  o.trace = c.trace;
  if (!c.pull.empty() && !parse_pull(c.pull, o)) {
    std::cerr << "lsd view: --pull needs BODY,X,Y,Z (a whole body index and three numbers), not '" << c.pull << "'\n";
    return kExitUsage;
  }
  if (o.frames == 0 && (o.pull || !o.trace.empty() || !o.screenshot.empty() || !o.save_camera.empty())) {
    std::cerr << "lsd view: --pull, --trace, --screenshot and --save-camera are options of the scripted mode: give "
                 "--frames N\n";
    return kExitUsage;
  }
  const view::DrawModule* drawing = draw_module();
  return drawing ? drawing->run_viewer(o) : kExitInput;
#else
  (void)c;
  std::cerr << "lsd: error: this lsd was built without the viewer (LSD_VIEWER=OFF)\n";
  return kExitInput;
#endif
}

}  // namespace

Runner add_view(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "view",
      "the interactive viewer; without FILE.ls, a list of the examples to choose from.\n"
      "Scripted mode (--frames N): no person needed, a fixed 1/60 s of simulated time per frame");
  auto c = std::make_shared<ViewCommand>();
  add_input_options(*cmd, c->in, /*file_required=*/false);
  cmd->add_option("--width", c->width, "window width (default 1280)")->type_name("W")->check(number_range(200, 16384));
  cmd->add_option("--height", c->height, "window height (default 760)")->type_name("H")->check(number_range(200, 16384));
  cmd->add_option("--frames", c->frames, "scripted: run N frames, print the average frame time and exit")
      ->type_name("N")
      ->check(number_range(1, 1e9));
  cmd->add_option("--screenshot", c->screenshot, "scripted: after the last frame, a PNG of the whole window")
      ->type_name("OUT.png");
  cmd->add_option("--save-camera", c->save_camera,
                  "scripted: after the last frame, the camera file of the view (as the C key saves it)")
      ->type_name("OUT.txt");
  add_run_options(*cmd, c->run);
  add_camera_options(*cmd, c->camera, /*orbit=*/false);
  cmd->add_option("--pull", c->pull, "scripted: pull body BODY (negative: from the last) toward the world point X,Y,Z")
      ->type_name("BODY,X,Y,Z");
  cmd->add_option("--pull-time", c->pull_time, "scripted: ... during the first T simulated seconds (default: half the run)")
      ->type_name("T")
      ->check(number_range(0, 1e9));
  cmd->add_option("--trace", c->trace, "scripted: one trace row per frame (the columns of lsd run --trace)")
      ->type_name("OUT.csv");
  cmd->add_option("--frame-sleep", c->frame_sleep_ms, "scripted: sleep MS milliseconds after every frame")
      ->type_name("MS")
      ->check(number_range(0, 1e6));
  return [c]() { return view_run(*c); };
}

}  // namespace lsd::cli
