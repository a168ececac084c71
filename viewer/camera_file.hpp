// The camera a user chooses (docs/language.md 8.4): `--azimuth`,
// `--elevation`, `--distance`, `--target X,Y,Z` and `--fov` of `lsd render`
// and `lsd view`, and the camera file the viewer saves (key C) for
// `lsd render --camera FILE`. What is not chosen is fitted to the plant
// (distance, target) or keeps its default (angles).
#pragma once
#include <optional>
#include <string>

#include "viewer/camera.hpp"

namespace lsd::view {

// The default camera of pictures: 17 degrees above the horizon, a vertical
// field of view of 0.6 rad (34.38 degrees).
constexpr double kDefaultElevationDeg = 17;

// Angles in degrees, distance and target in metres (world units).
struct CameraChoice {
  std::optional<double> azimuth;    // about +y; 0 looks along -z, 90 along -x
  std::optional<double> elevation;  // above the horizon, -89 to 89
  std::optional<double> distance;   // from the target, > 0
  std::optional<Vec3> target;       // the point looked at
  std::optional<double> fov;        // vertical field of view, 1 to 179

  // The values `over` sets replace these (the command line over a file).
  void override_with(const CameraChoice& over);
  bool fits_distance() const { return !distance; }
  bool fits_target() const { return !target; }
};

// Sets what `c` chooses of *cam and leaves the rest.
void apply_choice(const CameraChoice& c, Camera* cam);
// The angles (and, when chosen, distance and target) of `c` on the picture
// default camera (azimuth 0, elevation 17 degrees).
Camera chosen_camera(const CameraChoice& c);

// The camera of a picture of `g`: the choice, with what it leaves open fitted
// to g's drawn primitives (frame_geometry; with a chosen target, only the
// distance is fitted).
Camera frame_choice(const interp::Geometry& g, double aspect, const CameraChoice& c);
// The same for a box (the frames of a video): with `orbit`, the distance fits
// the box from every azimuth and the target is the box's centre unless chosen.
Camera frame_choice(const Vec3& lo, const Vec3& hi, double aspect, const CameraChoice& c, bool orbit = false);

// The camera file: `key: value` lines (azimuth, elevation, distance, fov:
// numbers; target: X, Y, Z), `#` comments and blank lines; any key may be
// left out. The viewer writes all five.
std::string camera_file_text(const Camera& cam);
// False with "FILE:LINE: message" for an unknown key (with "did you mean"),
// a malformed or out-of-range value, or a key given twice.
bool parse_camera_file(const std::string& text, const std::string& path, CameraChoice* out, std::string* error);
// Reads and parses; false with a message when it cannot be read.
bool read_camera_file(const std::string& path, CameraChoice* out, std::string* error);

// "a number from LO to HI" checks of the values, shared with the command
// line: an empty string when v is acceptable for `key`, else why not.
std::string check_camera_value(const std::string& key, double v);

}  // namespace lsd::view
