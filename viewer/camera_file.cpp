#include "viewer/camera_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numbers>
#include <sstream>
#include <vector>

#include "common/numbers.hpp"
#include "common/spelling.hpp"
#include "common/text.hpp"
#include "interpreter/lsystem/string_io.hpp"

namespace lsd::view {
namespace {

using text::trim;
constexpr double kDeg = std::numbers::pi / 180;
const std::vector<std::string> kKeys{"azimuth", "elevation", "distance", "target", "fov"};

// One finite number, the whole of `text`.
bool number(const std::string& text, double& v) {
  const std::string t = trim(text);
  const char* end = t.data() + t.size();
  const auto r = read_double(t.data(), end, v);
  return !t.empty() && r.ec == std::errc() && r.ptr == end && std::isfinite(v);
}

// Degrees from radians, rounded to 12 significant digits (radians to degrees
// and back is not exact: 15 degrees would be written 14.999999999999998).
double degrees(double rad) {
  char buf[32];
  const int n = std::snprintf(buf, sizeof buf, "%.12g", rad / kDeg);
  double v = 0;
  read_double(buf, buf + n, v);
  return v;
}

// Degrees in (-180, 180].
double wrap_degrees(double deg) {
  double a = std::fmod(deg, 360.0);
  if (a <= -180) a += 360;
  if (a > 180) a -= 360;
  return a;
}

}  // namespace

void CameraChoice::override_with(const CameraChoice& over) {
  if (over.azimuth) azimuth = over.azimuth;
  if (over.elevation) elevation = over.elevation;
  if (over.distance) distance = over.distance;
  if (over.target) target = over.target;
  if (over.fov) fov = over.fov;
}

std::string check_camera_value(const std::string& key, double v) {
  if (!std::isfinite(v)) return "needs a finite number";
  if (key == "elevation" && !(v >= -89 && v <= 89)) return "needs a number from -89 to 89 (degrees)";
  if (key == "distance" && !(v > 0)) return "needs a number greater than 0";
  if (key == "fov" && !(v >= 1 && v <= 179)) return "needs a number from 1 to 179 (degrees)";
  return "";
}

void apply_choice(const CameraChoice& c, Camera* cam) {
  if (c.azimuth) cam->yaw = *c.azimuth * kDeg;
  if (c.elevation) cam->pitch = *c.elevation * kDeg;
  if (c.fov) cam->fov_y = *c.fov * kDeg;
  if (c.distance) cam->distance = *c.distance;
  if (c.target) cam->target = *c.target;
}

Camera chosen_camera(const CameraChoice& c) {
  Camera cam;
  cam.yaw = 0;
  cam.pitch = kDefaultElevationDeg * kDeg;
  apply_choice(c, &cam);
  return cam;
}

Camera frame_choice(const interp::Geometry& g, double aspect, const CameraChoice& c) {
  Camera cam = frame_geometry(g, aspect, chosen_camera(c), c.target.has_value());
  if (c.distance) cam.distance = *c.distance;
  return cam;
}

Camera frame_choice(const Vec3& lo, const Vec3& hi, double aspect, const CameraChoice& c, bool orbit) {
  Camera cam = chosen_camera(c);
  if (!orbit) {
    frame_box(&cam, lo, hi, aspect, 0.9, c.target.has_value());
  } else {  // one distance for every azimuth, around a fixed target
    if (!c.target) cam.target = (lo + hi) / 2;
    double d = 0;
    for (int k = 0; k < 72; ++k) {
      Camera probe = cam;
      probe.yaw = k * 5 * kDeg;
      frame_box(&probe, lo, hi, aspect, 0.9, true);
      d = std::max(d, probe.distance);
    }
    cam.distance = d;
  }
  if (c.distance) cam.distance = *c.distance;
  return cam;
}

std::string camera_file_text(const Camera& cam) {
  auto num = [](double v) { return interp::format_double(v); };
  std::string s = "# lsd camera: lsd render FILE.ls --camera THIS_FILE -o OUT.png (docs/language.md 8.4)\n";
  s += "azimuth: " + num(wrap_degrees(degrees(cam.yaw))) + "\n";
  s += "elevation: " + num(std::clamp(degrees(cam.pitch), -89.0, 89.0)) + "\n";
  s += "distance: " + num(cam.distance) + "\n";
  s += "target: " + num(cam.target.x()) + ", " + num(cam.target.y()) + ", " + num(cam.target.z()) + "\n";
  s += "fov: " + num(degrees(cam.fov_y)) + "\n";
  return s;
}

bool parse_camera_file(const std::string& text, const std::string& path, CameraChoice* out, std::string* error) {
  CameraChoice c;
  std::istringstream in(text);
  std::string line;
  std::vector<std::string> seen;
  for (int number_of_line = 1; std::getline(in, line); ++number_of_line) {
    auto fail = [&](const std::string& what) {
      *error = path + ":" + std::to_string(number_of_line) + ": " + what;
      return false;
    };
    const std::string t = trim(line.substr(0, line.find('#')));
    if (t.empty()) continue;
    const auto colon = t.find(':');
    if (colon == std::string::npos) return fail("expected 'key: value', not '" + t + "'");
    const std::string key = trim(t.substr(0, colon)), value = trim(t.substr(colon + 1));
    if (std::find(kKeys.begin(), kKeys.end(), key) == kKeys.end())
      return fail("unknown camera key '" + key + "'" + did_you_mean(key, kKeys) +
                  "; the keys are azimuth, elevation, distance, target and fov");
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) return fail("'" + key + ":' is given twice");
    seen.push_back(key);
    if (key == "target") {
      double v[3];
      std::size_t from = 0;
      bool ok = true;
      for (int k = 0; k < 3 && ok; ++k) {
        const auto comma = value.find(',', from);
        const bool last = k == 2;
        ok = (last ? comma == std::string::npos : comma != std::string::npos) &&
             number(value.substr(from, last ? std::string::npos : comma - from), v[k]);
        from = comma + 1;
      }
      if (!ok) return fail("target: needs three numbers X, Y, Z, not '" + value + "'");
      c.target = Vec3(v[0], v[1], v[2]);
      continue;
    }
    double v = 0;
    if (!number(value, v)) return fail(key + ": needs a number, not '" + value + "'");
    if (const std::string why = check_camera_value(key, v); !why.empty()) return fail(key + ": " + why);
    (key == "azimuth" ? c.azimuth : key == "elevation" ? c.elevation : key == "distance" ? c.distance : c.fov) = v;
  }
  *out = c;
  return true;
}

bool read_camera_file(const std::string& path, CameraChoice* out, std::string* error) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    *error = "cannot read the camera file '" + path + "'";
    return false;
  }
  std::ostringstream text;
  text << f.rdbuf();
  return parse_camera_file(text.str(), path, out, error);
}

}  // namespace lsd::view
