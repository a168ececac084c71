// Pictures, videos and exports of lsd.Simulation and lsd.LSystem
// (docs/python.md): the scenes and writers of lsd render and lsd export.
#include <pybind11/stl.h>

#include <cmath>

#include "draw_py.hpp"
#include "interpreter/export/frames.hpp"
#include "interpreter/export/gltf.hpp"
#include "interpreter/lsystem/files.hpp"
#include "lsystem_py.hpp"
#include "simulation_py.hpp"
#ifdef LSD_HAVE_VIEWER
#include "viewer/camera_file.hpp"
#include "viewer/offscreen.hpp"
#include "viewer/video.hpp"
#endif

namespace lsd::py {
namespace {

using namespace pybind11::literals;

constexpr double kDefaultFps = 30;

// The frames of [t0, until] at fps, as lsd render and lsd export --time
// plan them (interp::animation_frames).
long frame_count(const char* what, double t0, double until, double fps, bool closed) {
  if (!(fps > 0 && fps <= 1000)) fail(std::string(what) + ": fps must be above 0 and at most 1000");
  const double n = interp::animation_frames(t0, until, fps, closed);
  if (!(n >= 1)) fail(std::string(what) + ": until=" + interp::format_double(until) + " makes no frame from t=" +
                      interp::format_double(t0));
  if (n > double(limits::kAnimationFrames))
    fail(std::string(what) + ": more frames than the limit of " + std::to_string(limits::kAnimationFrames));
  return long(n);
}

void save_file(const std::string& path, const std::string& content, const char* what) {
  std::string error;
  if (!interp::write_file_atomic(path, content, &error, interp::Durability::kReplaced))
    fail(std::string(what) + ": " + error, path);
}

bool is_binary_gltf(const std::string& path) {
  const auto dot = path.rfind('.');
  const std::string ext = dot == std::string::npos ? "" : path.substr(dot);
  if (ext != ".glb" && ext != ".gltf") fail("export_gltf: '" + path + "': use a .glb or .gltf file");
  return ext == ".glb";
}

// lsd export -o OUT.glb [--time until]: the current pose still, or the growth
// and motion to `until` as one animation (the simulation advances).
void export_gltf(PySimulation& s, const std::string& path, std::optional<double> until, double fps) {
  const bool binary = is_binary_gltf(path);
  interp::GltfRecorder recorder(fps);
  if (!until) {
    recorder.begin_interval("plant", scene_of(s, interp::plant_only()).geometry, {}, {}, {});
  } else {
    const double t0 = s.sim.time();
    const long count = frame_count("export_gltf", t0, *until, fps, true);
    for (long k = 0; k < count; ++k) {
      advance_to(s, t0 + double(k) / fps);
      grammar::Diagnostic error;
      if (!recorder.record(s.sim, error)) report({error}, &s.sim.lsystem(), true);
      if (recorder.samples() > limits::kAnimationPoses)
        fail("export_gltf: the animation would keep more than " + std::to_string(limits::kAnimationPoses) +
             " poses (bodies and rod rings x frames); lower fps or until");
    }
  }
  save_file(path, recorder.serialize(binary), "export_gltf");
}

CameraArgs camera_args(std::optional<double> azimuth, std::optional<double> elevation, std::optional<double> distance,
                       std::optional<std::array<double, 3>> target, std::optional<double> fov) {
  return {azimuth, elevation, distance, fov, target};
}

#ifdef LSD_HAVE_VIEWER
// lsd render --time until -o OUT.mp4: the camera frames every frame of the
// run (a first pass on a copy of the simulation), then the frames are drawn.
void export_mp4(PySimulation& s, const std::string& path, double until, double fps, int width, int height,
                const CameraArgs& c) {
  if (width % 2 || height % 2 || width < 16 || height < 16 || width > view::kMaxVideoSize ||
      height > view::kMaxVideoSize)
    fail("export_mp4: a video's width and height must be even, from 16 to " + std::to_string(view::kMaxVideoSize));
  const double t0 = s.sim.time();
  const long count = frame_count("export_mp4", t0, until, fps, false);
  PySimulation probe{s.sim, s.pulls, s.path};
  interp::Vec3 lo = interp::Vec3::Constant(1e300), hi = -lo;
  for (long k = 0; k < count; ++k) {
    advance_to(probe, t0 + double(k) / fps);
    interp::Vec3 a, b;
    if (scene_of(probe, {}).without_ground().bounds(&a, &b)) lo = lo.cwiseMin(a), hi = hi.cwiseMax(b);
  }
  view::CameraChoice choice;
  choice.azimuth = c.azimuth, choice.elevation = c.elevation, choice.distance = c.distance, choice.fov = c.fov;
  if (c.target) choice.target = view::Vec3((*c.target)[0], (*c.target)[1], (*c.target)[2]);
  if (!(lo.x() <= hi.x())) lo = hi = interp::Vec3::Zero();
  const view::Camera cam = view::frame_choice(lo, hi, double(width) / height, choice);
  view::VideoWriter video;
  view::PictureMaker pictures;
  std::string error;
  if (!video.open(path, width, height, fps, &error) || !pictures.open(width, height, &error))
    fail("export_mp4: " + error, path);
  std::vector<std::uint8_t> rgb;
  for (long k = 0; k < count; ++k) {
    advance_to(s, t0 + double(k) / fps);
    const interp::Scene scene = scene_of(s, {});
    if (!pictures.draw(scene.geometry, &cam, {}, &rgb, &error) || !video.add(rgb, &error))
      fail("export_mp4: " + error, path);
  }
  if (!video.finish(&error)) fail("export_mp4: " + error, path);
}
#endif

interp::Scene still_scene(const PyLSystem& p, const interp::SceneOptions& opts) {
  interp::Scene scene;
  grammar::Diagnostic error;
  if (!interp::build_scene(p.ls, still_settings(p), opts, scene, error)) report({error}, &p.ls, true);
  return scene;
}

}  // namespace

void bind_simulation_exports(pyb::class_<PySimulation>& c) {
  c.def(
       "_render",
       [](PySimulation& s, int width, int height, std::optional<double> azimuth, std::optional<double> elevation,
          std::optional<double> distance, std::optional<std::array<double, 3>> target, std::optional<double> fov) {
         return render_scene(scene_of(s, {}), width, height, camera_args(azimuth, elevation, distance, target, fov));
       },
       "width"_a, "height"_a, "azimuth"_a, "elevation"_a, "distance"_a, "target"_a, "fov"_a)
      .def("export_gltf", &export_gltf, "path"_a, "until"_a = pyb::none(), "fps"_a = kDefaultFps,
           "The plant as `lsd export -o path` (.glb or .gltf): still in its current pose, or with until=T\n"
           "its growth and motion from now to simulated time T as one animation (the simulation advances).")
      .def(
          "export_mp4",
          [](PySimulation& s, const std::string& path, double until, double fps, int width, int height,
             std::optional<double> azimuth, std::optional<double> elevation, std::optional<double> distance,
             std::optional<std::array<double, 3>> target, std::optional<double> fov) {
#ifdef LSD_HAVE_VIEWER
            export_mp4(s, path, until, fps, width, height, camera_args(azimuth, elevation, distance, target, fov));
#else
            (void)s, (void)path, (void)until, (void)fps, (void)width, (void)height, (void)azimuth, (void)elevation,
                (void)distance, (void)target, (void)fov;
            fail("export_mp4: this lsd module was built without the renderer (LSD_VIEWER=OFF)");
#endif
          },
          "path"_a, "until"_a, "fps"_a = kDefaultFps, "width"_a = 800, "height"_a = 800, "azimuth"_a = pyb::none(),
          "elevation"_a = pyb::none(), "distance"_a = pyb::none(), "target"_a = pyb::none(), "fov"_a = pyb::none(),
          "An H.264 video of the growth and motion from now to simulated time `until`, as\n"
          "`lsd render --time until -o path.mp4` (the simulation advances).");
}

void bind_lsystem_exports(pyb::class_<PyLSystem>& c) {
  c.def(
       "_render",
       [](const PyLSystem& p, int width, int height, std::optional<double> azimuth, std::optional<double> elevation,
          std::optional<double> distance, std::optional<std::array<double, 3>> target, std::optional<double> fov) {
         return render_scene(still_scene(p, {}), width, height, camera_args(azimuth, elevation, distance, target, fov));
       },
       "width"_a, "height"_a, "azimuth"_a, "elevation"_a, "distance"_a, "target"_a, "fov"_a)
      .def("segments", [](const PyLSystem& p) { return segment_array(still_scene(p, interp::plant_only()).geometry); },
           "The (n, 7) array of `lsd segments`: x0, y0, z0, x1, y1, z1, width of every drawn segment.")
      .def("export_obj",
           [](const PyLSystem& p, const std::string& path) {
             write_obj_files(still_scene(p, interp::plant_only()).geometry, path);
           },
           "path"_a, "The plant as `lsd export -o path.obj` (and its .mtl).")
      .def(
          "export_gltf",
          [](const PyLSystem& p, const std::string& path) {
            const bool binary = is_binary_gltf(path);
            interp::GltfRecorder recorder(kDefaultFps);
            recorder.begin_interval("plant", still_scene(p, interp::plant_only()).geometry, {}, {}, {});
            save_file(path, recorder.serialize(binary), "export_gltf");
          },
          "path"_a, "The plant as `lsd export -o path` (.glb or .gltf).");
}

}  // namespace lsd::py
