// The interactive viewer (`lsd view`): a GLFW window with the plant on the
// right and the Dear ImGui control panel on the left. The application state
// is one plain struct; each frame polls input, advances the session
// (session.hpp), uploads the geometry when it changed, builds the panels from
// the state and draws.
//
// Scripted mode (ViewOptions::frames > 0) runs without a person for a fixed
// number of frames of a fixed simulated time each (deterministic, whatever
// the wall clock does), then writes a screenshot of the whole window and
// prints the average frame time. It needs no display: its context is
// headless (EGL, gl_context.hpp), the window a pbuffer of the same size.
#pragma once
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "interpreter/lsystem/files.hpp"
#include "viewer/camera.hpp"
#include "viewer/camera_file.hpp"
#include "viewer/offscreen.hpp"
#include "viewer/picking.hpp"
#include "viewer/session.hpp"

namespace lsd::view {

struct ViewOptions {
  std::string file;                 // .ls to open; empty: choose from the examples
  std::string examples_dir;         // where the file list comes from
  interp::LoadOptions load;         // -D, --seed, --axiom-file
  interp::DeriveOptions derive;     // --max-modules
  int width = 1280, height = 760;   // window size in screen coordinates
  CameraChoice camera;              // --azimuth, --elevation, ... --camera: the first view

  // Scripted mode.
  int frames = 0;                   // > 0: run this many frames, then exit
  double frame_time = 1.0 / 60;     // s of simulated time per scripted frame
  std::string screenshot;           // PNG of the whole window after the last frame
  std::string save_camera;          // camera file (as the C key writes) after the last frame
  interp::RunOverrides run;         // --dt, --grow-every, --integrator: win over the file on every load
  bool pull = false;                // --pull BODY,X,Y,Z
  int pull_body = -1;               // negative: counted from the last body (-1 = last)
  Vec3 pull_target = Vec3::Zero();  // m, world
  double pull_time = -1;            // s of simulated time; < 0: half of the run
  std::string trace;                // CSV of trace rows, one per frame
  double frame_sleep_ms = 0;        // sleep after every scripted frame (tests editing the file meanwhile)
};

// Samples of the energy plot (a ring of the last kPlotSamples frames).
constexpr int kPlotSamples = 600;
struct EnergyPlot {
  std::vector<float> kinetic, potential, elastic;  // (kPlotSamples) J
  int head = 0, count = 0;
};

enum class MouseDrag { kNone, kOrbit, kPan, kPull };

struct App {
  ViewOptions opts;
  Session session;
  Camera camera;
  bool antialias = true;            // 4x multisampling of the plant
  bool antialias_auto = true;       // ... switched off when the frame rate drops below 30 fps
  bool grid = true;
  bool auto_frame = true;           // follow the plant as it grows until the user moves the camera
  long framed_structure = -1;       // structure_version the camera was last framed for
  Camera frame_goal;                // where auto-framing is heading

  // Layout (screen coordinates) and the plant's offscreen framebuffer.
  float panel_width = 370;
  Viewport viewport;
  OffscreenTarget plant_target;     // released before the window closes

  // Files.
  std::vector<std::string> examples;  // .ls files under examples_dir
  std::string export_path;
  std::string status;                 // last export / screenshot message
  int screenshot_count = 0;
  bool screenshot_requested = false;  // S, F12 or the button: a PNG at the end of this frame
  bool frame_requested = false;       // F or the button: frame the plant
  bool camera_requested = false;      // C: save the view to a camera file

  // String panel (refreshed a few times a second).
  std::string string_text;
  std::size_t string_left_out = 0;
  double string_refreshed = -1;
  long string_structure = -1;

  // Motion readouts.
  EnergyPlot plot;
  interp::TraceRow last_row;
  double frame_ms = 0;                // smoothed wall time of a frame
  double sim_ratio = 1;               // simulated / asked, smoothed (< 1: behind real time)
  bool behind = false;
  int substeps = 0;                   // physics steps in the last frame
  long frame_index = 0;

  // Mouse.
  MouseDrag drag = MouseDrag::kNone;
  double last_mx = 0, last_my = 0;
  Vec3 drag_anchor = Vec3::Zero();    // the plane of a pull passes through it

  std::string consent_asked;          // the model and program the user was last asked to run (panels.cpp)

  // Scripted mode.
  interp::StagedFile trace_file;  // --trace, put in place when the viewer closes
  double script_start_time = 0;
};

// Runs the viewer; returns the process exit status (0 ok, 1 no display / file error).
int run_viewer(const ViewOptions& opts);

// The .ls files under dir (recursively), sorted.
std::vector<std::string> list_examples(const std::string& dir);

}  // namespace lsd::view
