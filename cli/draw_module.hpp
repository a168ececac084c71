// The drawing module (liblsd_draw.so, viewer/draw_module.hpp), loaded on
// first use by the commands that draw: `lsd render` and `lsd view`. Every
// other command starts without OpenGL, X11, GLFW or FFmpeg
// (docs/architecture.md, "The executable and the drawing module").
#pragma once
#ifdef LSD_HAVE_VIEWER
#include "viewer/draw_module.hpp"

namespace lsd::cli {

// The module's table, loaded once: from beside the executable (the build
// folder), else from the install location (PREFIX/lib/lsd beside PREFIX/bin).
// Null, with a message on standard error naming each path tried and why it
// failed, when it cannot be loaded; the command then exits with status 1.
const view::DrawModule* draw_module();

}  // namespace lsd::cli
#endif
