// The page's plant (docs/web.md): the viewer's window-free session (the
// simulation, its settings, pull, wind gusts, the sway switch; session.hpp),
// its camera and picking, and the draw lists of its scene (draw_lists.hpp),
// driven by the Web Worker's events instead of GLFW's. Nothing here draws:
// the page's WebGL2 renderer reads the lists.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "interpreter/export/gltf.hpp"
#include "viewer/camera.hpp"
#include "viewer/draw_lists.hpp"
#include "viewer/picking.hpp"
#include "viewer/session.hpp"

namespace lsd::web {

// The page's --max-modules: a derived string may not grow past it. The
// module's memory is at most 2 GiB (WebAssembly's 32-bit addresses; the
// limit of web/CMakeLists.txt), and a string of n modules needs about
// 13n bytes at the peak of a step (common/limits.hpp): the limit's message
// comes before the memory runs out.
constexpr std::size_t kPageModules = 40'000'000;

// The string of a derivation as the page grows it, in chunks (the stop
// button is heard between them): the same steps as `lsd derive`.
struct Derivation {
  std::string path;
  interp::Lsystem ls;
  long total = 0;          // steps asked for
  long done = 0;
  std::string error;       // located messages, "" while fine
};
// Loads `text` (the file at `path` of the page's file system) for `n` steps
// (negative: the rest of its derivation length). False with d.error set.
bool start_derivation(Derivation& d, const std::string& text, const std::string& path, long n);
// Up to k more steps; false on error (d.error).
bool continue_derivation(Derivation& d, long k);
// The string as `lsd derive` prints it.
std::string derived_text(const Derivation& d);

enum class Drag { kNone, kOrbit, kPan, kPull };

// What a frame reports to the page.
struct FrameReport {
  int steps = 0;          // physics steps taken
  bool behind = false;    // the budget ran out before the asked time
  bool geometry = false;  // the draw lists changed
  bool camera = false;    // the camera moved (following growth)
};

struct Page {
  view::Session session;
  view::Camera camera;
  view::Viewport viewport;  // the canvas, CSS pixels
  view::DrawLists lists;
  bool auto_frame = true;   // follow growth with the camera
  long framed_structure = -1;
  view::Camera frame_goal;
  Drag drag = Drag::kNone;
  double last_x = 0, last_y = 0;
  interp::Vec3 drag_anchor = interp::Vec3::Zero();
  Derivation pending;       // a model being loaded: derived in chunks, then installed
  // The animated glTF being recorded (null: not recording).
  std::unique_ptr<interp::GltfRecorder> recorder;
  long recorded_frames = 0;
  double record_t0 = 0;
};

constexpr double kRecordFps = 30;

// Loading a model (a .ls or .l file, or a cpfg object folder, in the
// page's file system) in three stages, so that a long derivation shows
// its progress and can be stopped: load it into p.pending with the
// session's load options (false with p.pending.error; the previous plant
// stays), derive the steps it takes before its first physics step
// (continue_derivation on p.pending), then install it as the session's
// plant (false with session.error).
bool start_model(Page& p, const std::string& path);
bool install_model(Page& p);
// Simulates `seconds` of wall-clock time times the speed within `budget`
// seconds, then builds the scene and its lists when it changed.
FrameReport advance_frame(Page& p, double seconds, double budget);
// Rebuilds the scene and its lists when the session's geometry is stale.
bool refresh_lists(Page& p);
// Runs the plant to simulated time t exactly as `lsd run` does: no gusts,
// no pull, no pot (docs/web.md: what the page's tests compare).
bool run_to(Page& p, double t);

// The mouse on the canvas (CSS pixels; button 0 left, 1 middle, 2 right):
// a press on a body pulls it, elsewhere the left button orbits and the
// others pan; the wheel zooms (steps, positive toward the plant).
void pointer_down(Page& p, double x, double y, int button);
void pointer_move(Page& p, double x, double y);
void pointer_up(Page& p);
void wheel(Page& p, double steps);
void frame_now(Page& p);

// The animated glTF (interp::GltfRecorder::record, as `lsd export --time`):
// frames at kRecordFps of simulated time from the start of the recording.
// While playing, record_frame records the frames due at the state reached;
// run_to stops at each frame's time, so that a run records the frames `lsd
// export` records.
void start_recording(Page& p);
void record_frame(Page& p);
std::string finish_recording(Page& p);  // the .glb bytes, "" when nothing was recorded

}  // namespace lsd::web
