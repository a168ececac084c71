#include "camera_options.hpp"

#include <cmath>
#include <iostream>

#include "common/numbers.hpp"

namespace lsd::cli {
namespace {

// "X,Y,Z": three finite numbers.
bool parse_point(const std::string& text, double v[3]) {
  const char* p = text.data();
  const char* end = text.data() + text.size();
  for (int k = 0; k < 3; ++k) {
    while (p != end && *p == ' ') ++p;
    auto r = read_double(p, end, v[k]);
    if (r.ec != std::errc() || !std::isfinite(v[k])) return false;
    p = r.ptr;
    while (p != end && *p == ' ') ++p;
    if (k < 2) {
      if (p == end || *p != ',') return false;
      ++p;
    }
  }
  return p == end;
}

}  // namespace

void add_camera_options(CLI::App& cmd, CameraOptions& o, bool orbit) {
  cmd.add_option("--azimuth", o.azimuth,
                 "the camera's direction around the vertical in degrees (default 0: looking along -z at the "
                 "turtle's x-y plane; 90 looks along -x)")
      ->type_name("DEG")
      ->check(number_range(-1e6, 1e6));
  cmd.add_option("--elevation,--pitch", o.elevation,
                 "the camera's height above the horizon in degrees, -89 to 89 (default 17; 89 looks down; "
                 "--pitch is its older name)")
      ->type_name("DEG")
      ->check(number_range(-89, 89));
  cmd.add_option("--distance", o.distance, "from the camera to its target (default: the plant fills the picture)")
      ->type_name("D")
      ->check(number_range(1e-9, 1e12));
  cmd.add_option("--target", o.target, "the point the camera looks at (default: the middle of the plant)")
      ->type_name("X,Y,Z")
      ->check(CLI::Validator(
          [](std::string& s) {
            double v[3];
            return parse_point(s, v) ? std::string() : "needs three numbers X,Y,Z, not '" + s + "'";
          },
          ""));
  cmd.add_option("--fov", o.fov, "the vertical field of view in degrees, 1 to 179 (default 34.38)")
      ->type_name("DEG")
      ->check(number_range(1, 179));
  cmd.add_option("--camera", o.file,
                 "start from a camera file (saved by the viewer's C key; the options above win over it)")
      ->type_name("FILE");
  if (orbit)
    cmd.add_option("--orbit", o.orbit,
                   "a video's camera turns around the plant at DEG degrees per second of simulated time "
                   "(negative: clockwise seen from above)")
        ->type_name("DEG_PER_S")
        ->check(number_range(-1e6, 1e6));
}

#ifdef LSD_HAVE_VIEWER
bool camera_choice(const CameraOptions& o, view::CameraChoice* out) {
  view::CameraChoice c;
  std::string why;
  if (!o.file.empty() && !view::read_camera_file(o.file, &c, &why)) {
    std::cerr << "lsd: error: " << why << "\n";
    return false;
  }
  view::CameraChoice given;
  given.azimuth = o.azimuth;
  given.elevation = o.elevation;
  given.distance = o.distance;
  given.fov = o.fov;
  double v[3];
  if (!o.target.empty() && parse_point(o.target, v)) given.target = view::Vec3(v[0], v[1], v[2]);
  c.override_with(given);
  *out = c;
  return true;
}
#endif

}  // namespace lsd::cli
