// The camera options of `lsd render` and `lsd view` (docs/language.md 8.4):
// --azimuth, --elevation (--pitch), --distance, --target X,Y,Z, --fov,
// --camera FILE (a camera file the viewer saved; the options win over it)
// and, for videos, --orbit DEG_PER_S.
#pragma once
#include <optional>
#include <string>

#include "options.hpp"
#ifdef LSD_HAVE_VIEWER
#include "viewer/camera_file.hpp"
#endif

namespace lsd::cli {

struct CameraOptions {
  std::optional<double> azimuth, elevation, distance, fov, orbit;  // degrees, metres, degrees per second
  std::string target;                                              // "X,Y,Z"
  std::string file;                                                // --camera
};

// Adds the options; `orbit` adds --orbit too (render: a video turns).
void add_camera_options(CLI::App& cmd, CameraOptions& o, bool orbit);

#ifdef LSD_HAVE_VIEWER
// The camera file (when given) with the options over it. False after
// printing "lsd: error: ..." when the file cannot be read or is malformed.
bool camera_choice(const CameraOptions& o, view::CameraChoice* out);
#endif

}  // namespace lsd::cli
