// The animated outputs of export and render: the growth and motion
// from the string's time to --time T, sampled at --fps frames per second,
// as a glTF scene (interpreter/export/gltf.hpp) or as a video or numbered PNG frames
// drawn offscreen (viewer/offscreen.hpp, viewer/video.hpp).
#include <unistd.h>

#include <csignal>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <numbers>

#include "draw.hpp"
#include "interpreter/export/frames.hpp"
#include "interpreter/export/gltf.hpp"
#include "draw_module.hpp"

namespace lsd::cli {
namespace {

constexpr double kDefaultFps = 30;

// Frame k of an animation is at t0 + k / fps.
struct Frames {
  double t0 = 0, fps = kDefaultFps;
  long count = 0;
  double time(long k) const { return t0 + double(k) / fps; }
};

using OnFrame = std::function<bool(long k, interp::Simulation& sim, std::string* error)>;

// Ctrl-C or a kill during an animation stops it between frames, so that its
// temporary files are removed (nothing is ever written under the final name
// before the end).
volatile std::sig_atomic_t g_interrupted = 0;
extern "C" void on_interrupt(int) { g_interrupted = 1; }

class CatchInterrupts {
 public:
  CatchInterrupts() {
    g_interrupted = 0;
    int_ = std::signal(SIGINT, on_interrupt);
    term_ = std::signal(SIGTERM, on_interrupt);
  }
  ~CatchInterrupts() {
    std::signal(SIGINT, int_);
    std::signal(SIGTERM, term_);
  }

 private:
  void (*int_)(int);
  void (*term_)(int);
};

int error(const std::string& what) {
  std::cerr << "lsd: error: " << what << "\n";
  return kExitInput;
}

// Whether a file can be made at path, tried before a long run rather than
// found out after it (the temporary name: the final one is not touched).
bool can_write(const std::string& path, std::string* why) {
  if (!make_folder_for(path)) {
    *why = "";  // said
    return false;
  }
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) {
    *why = "cannot write '" + path + "'";
    return false;
  }
  std::fclose(f);
  std::remove(tmp.c_str());
  return true;
}

// Loads the file and plans the frames of [t0, T] (interp::animation_frames).
// Exit status.
int plan(const char* command, const DrawOptions& o, bool closed, Frames& f, interp::Lsystem& ls) {
  if (!load(o.in, ls)) return kExitInput;
  f.t0 = ls.time();
  f.fps = o.fps.value_or(kDefaultFps);
  const double until = *o.motion.time;
  const double n = interp::animation_frames(f.t0, until, f.fps, closed);
  const std::string what = "--time " + interp::format_double(until) + " at " + interp::format_double(f.fps) +
                           " frames per second from t=" + interp::format_double(f.t0) + " s";
  if (!(n >= 1)) return usage_error(command, what + " makes no frame");
  if (n > double(limits::kAnimationFrames))
    return usage_error(command, what + " makes " + interp::format_double(n) + " frames, more than the limit of " +
                                    std::to_string(limits::kAnimationFrames) + " (lower --fps or --time)");
  f.count = long(n);
  return kExitOk;
}

// Runs ls frame by frame, calling on_frame at each frame's time. Prints its errors.
bool run_frames(const DrawOptions& o, const Frames& f, interp::Lsystem ls, Progress& progress,
                const OnFrame& on_frame) {
  const interp::RunSettings settings = run_settings(ls, o.motion, o.n, o.in.max_modules);
  std::vector<grammar::Diagnostic> diags;
  std::string why;
  interp::Simulation sim;
  bool ok = sim.start(std::move(ls), settings, diags, *o.motion.time);
  for (long k = 0; ok && k < f.count; ++k) {
    ok = run_until(sim, f.time(k), 0, nullptr, diags, progress, k) && on_frame(k, sim, &why);
    if (ok && g_interrupted) {
      why = "interrupted at frame " + std::to_string(k + 1) + " of " + std::to_string(f.count) + "; nothing written";
      ok = false;
    }
  }
  progress.clear();
  print_diags(diags, &sim.lsystem());
  if (!why.empty()) std::cerr << "lsd: error: " << why << "\n";
  return ok;
}

// A frame's scene (scene.hpp); a failing homomorphism prints its error.
bool scene_of(interp::Simulation& sim, const interp::SceneOptions& opts, interp::Scene& scene) {
  grammar::Diagnostic d;
  if (interp::build_scene(sim, opts, scene, d)) return true;
  print_diags({d}, &sim.lsystem());
  return false;
}

}  // namespace

int export_gltf(const DrawOptions& o, bool binary) {
  std::string why;
  if (!can_write(o.out, &why)) return why.empty() ? kExitInput : error(why);
  const CatchInterrupts interrupts;
  interp::GltfRecorder recorder(o.fps.value_or(kDefaultFps));
  if (!o.motion.time) {  // the plant as lsd export draws it, still
    interp::Scene scene;
    if (!plant_scene(o, interp::plant_only(), scene)) return kExitInput;
    recorder.begin_interval("plant", scene.geometry, {}, {}, {});
  } else {
    Frames f;
    interp::Lsystem ls;
    if (const int status = plan("export", o, true, f, ls)) return status;
    Progress progress(o.quiet);
    progress.span(f.t0, f.time(f.count - 1), f.count);
    const bool ok = run_frames(o, f, std::move(ls), progress, [&](long, interp::Simulation& sim, std::string* err) {
      grammar::Diagnostic d;
      if (!recorder.record(sim, d)) {
        print_diags({d}, &sim.lsystem());
        return false;
      }
      if (recorder.samples() > limits::kAnimationPoses) {
        *err = "the animation would keep more than " + std::to_string(limits::kAnimationPoses) +
               " poses (bodies and rod rings x frames); lower --fps or --time";
        return false;
      }
      return true;
    });
    if (!ok) return kExitInput;
  }
  return save_file(o.out, recorder.serialize(binary)) ? kExitOk : kExitInput;
}

#ifdef LSD_HAVE_VIEWER
namespace {

// A numbered frame path: exactly one %d or %0Nd (N < 10), and %% for a %.
bool frame_pattern(const std::string& p, std::string* why) {
  int numbers = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] != '%') continue;
    if (i + 1 < p.size() && p[i + 1] == '%') {
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    if (j + 1 < p.size() && p[j] == '0' && std::isdigit(static_cast<unsigned char>(p[j + 1]))) j += 2;
    if (j >= p.size() || p[j] != 'd') {
      *why = "'" + p + "': a frame sequence needs one frame number, %d or %0Nd (such as frames/%04d.png)";
      return false;
    }
    ++numbers;
    i = j;
  }
  if (numbers != 1) *why = "'" + p + "': a frame sequence needs exactly one frame number, %d or %0Nd";
  return numbers == 1;
}

std::string frame_path(const std::string& pattern, long k) {
  std::vector<char> buf(pattern.size() + 32);
  std::snprintf(buf.data(), buf.size(), pattern.c_str(), int(k));  // NOLINT: checked by frame_pattern
  return buf.data();
}

}  // namespace

int render_animation(const DrawOptions& o, int width, int height, const CameraOptions& camera, OutputKind kind) {
  const bool video = kind == OutputKind::kMp4;
  if (!o.motion.time) return usage_error("render", "a video or frame sequence needs --time T (the span to animate)");
  std::string why;
  if (!video && !frame_pattern(o.out, &why)) return usage_error("render", why);
  if (video && (width % 2 || height % 2 || width > view::kMaxVideoSize || height > view::kMaxVideoSize))
    return usage_error("render", "a video's width and height must be even and at most " +
                                     std::to_string(view::kMaxVideoSize) + " (H.264), not " + std::to_string(width) +
                                     "x" + std::to_string(height));
  view::CameraChoice choice;
  if (!camera_choice(camera, &choice)) return kExitInput;
  const double orbit = camera.orbit.value_or(0);  // degrees per simulated second
  Frames f;
  interp::Lsystem ls;
  if (const int status = plan("render", o, false, f, ls)) return status;
  const view::DrawModule* drawing = draw_module();
  if (!drawing) return kExitInput;
  // Open what is written before the long work: a wrong path fails at once.
  const CatchInterrupts interrupts;
  const auto writer = drawing->new_video();
  if (video ? !make_folder_for(o.out) || !writer->open(o.out, width, height, f.fps, &why)
            : !can_write(frame_path(o.out, 0), &why))
    return why.empty() ? kExitInput : error(why);
  Progress progress(o.quiet);

  // ---- Pass 1: the bounds of every frame, so that the camera frames the whole run.
  interp::Vec3 lo = interp::Vec3::Constant(1e300), hi = interp::Vec3::Constant(-1e300);
  progress.span(f.t0, f.time(f.count - 1), f.count, "framing");
  interp::SceneOptions framed;  // the plant and its obstacles; the ground lies under them
  framed.ground = false;
  if (!run_frames(o, f, ls, progress, [&](long, interp::Simulation& sim, std::string*) {
        interp::Scene scene;
        interp::Vec3 a, b;
        if (!scene_of(sim, framed, scene)) return false;
        if (scene.geometry.bounds(&a, &b)) lo = lo.cwiseMin(a), hi = hi.cwiseMax(b);
        return true;
      }))
    return kExitInput;
  if (lo.x() > hi.x()) lo = interp::Vec3::Constant(-0.5), hi = interp::Vec3::Constant(0.5);  // nothing drawn
  const view::Camera start = view::frame_choice(lo, hi, double(width) / height, choice, orbit != 0);

  // ---- Pass 2: the same run again (it is deterministic), drawn frame by frame.
  const auto pictures = drawing->new_pictures();
  if (!pictures->open(width, height, &why)) return error(why);
  std::vector<std::uint8_t> rgb;
  progress.span(f.t0, f.time(f.count - 1), f.count, "rendering");
  const bool ok = run_frames(o, f, std::move(ls), progress, [&](long k, interp::Simulation& sim, std::string* err) {
    interp::Scene scene;
    if (!scene_of(sim, {}, scene)) return false;
    view::Camera cam = start;  // --orbit: the azimuth turns with simulated time
    cam.yaw += orbit * (f.time(k) - f.t0) * std::numbers::pi / 180;
    if (!pictures->draw(scene.geometry, &cam, {}, &rgb, err)) return false;
    if (video) return writer->add(rgb, err);
    const std::string path = frame_path(o.out, k);  // a %d in a folder's name makes a folder a frame
    return make_folder_for(path) && drawing->write_png(path, width, height, rgb, err);
  });
  pictures->close();
  if (!ok) return kExitInput;
  if (video && !writer->finish(&why)) return error(why);
  return kExitOk;
}
#else
int render_animation(const DrawOptions&, int, int, const CameraOptions&, OutputKind) {
  std::cerr << "lsd: error: this lsd was built without the renderer (LSD_VIEWER=OFF)\n";
  return kExitInput;
}
#endif

}  // namespace lsd::cli
