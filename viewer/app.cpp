// The frame loop of the viewer (Dear ImGui's example_glfw_opengl3 shape):
// set-up and shut-down mirror each other; each frame polls, advances the
// plant, draws it into an offscreen framebuffer resolved beside the panel,
// builds the panels and swaps. The scripted mode draws the same frames
// headless (gl_context.hpp: EGL, no display), with no GLFW behind Dear ImGui.
#include "viewer/gl.hpp"
#include "viewer/app.hpp"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <thread>

#include "interpreter/lsystem/files.hpp"
#include "viewer/gl_context.hpp"
#include "viewer/input.hpp"
#include "viewer/panels.hpp"

namespace lsd::view {
namespace {

using Clock = std::chrono::steady_clock;

constexpr double kMaxFrameGap = 0.1;    // s: longer wall-clock gaps (a stalled window) are not caught up
constexpr double kPhysicsShare = 0.6;   // of a 60 Hz frame, the most physics may take
constexpr double kReloadCheck = 0.25;   // s of wall time between checks of the file (every frame when scripted)

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// The frame loop's own state (what the panels show is in App).
struct Loop {
  GlWindow* gl = nullptr;
  Renderer renderer;
  int status = 0;  // the exit status so far
  Clock::time_point run_start = Clock::now(), last_frame = run_start;
  double reload_checked = -1;  // s since run_start
  // Sums over the timed frames (all but the first, which builds fonts and shaders).
  long timed_frames = 0;
  double frame_s = 0, physics_s = 0, geometry_s = 0, draw_s = 0;
};

// The window's framebuffer this frame, in pixels, and pixels per screen unit.
struct FrameSize {
  int fb_w = 0, fb_h = 0;
  double scale = 1;
};

// Wall time of one frame's phases, s.
struct FrameTimes {
  double physics = 0, geometry = 0, draw = 0, frame = 0;
};

bool scripted(const App& app) { return app.opts.frames > 0; }

std::string file_stem(const App& app) {
  const std::string& path = app.session.path;
  return path.empty() ? std::string("lsd") : std::filesystem::path(path).stem().string();
}

// ---------------------------------------------------------------- set-up and shut-down

// The file first: a scripted run with a broken file fails before any window.
bool load_first_file(App& app) {
  Session& s = app.session;
  s.load = app.opts.load;
  s.derive = app.opts.derive;
  s.overrides = app.opts.run;
  app.examples = list_examples(app.opts.examples_dir);
  if (!app.opts.file.empty() && !open_file(s, app.opts.file) && scripted(app)) {
    std::cerr << s.error;
    return false;
  }
  app.export_path = file_stem(app) + "_string.txt";
  return true;
}

void style_imgui() {
  ImGuiStyle& st = ImGui::GetStyle();
  ImGui::StyleColorsDark(&st);
  st.WindowRounding = 0;
  st.FrameRounding = 3;
  st.GrabRounding = 3;
  st.WindowBorderSize = 0;
  st.ItemSpacing = ImVec2(7, 5);
  // Greens on a dark slate.
  const struct { ImGuiCol col; float r, g, b; } colours[] = {
      {ImGuiCol_WindowBg, 0.13f, 0.15f, 0.16f},       {ImGuiCol_Header, 0.22f, 0.36f, 0.22f},
      {ImGuiCol_HeaderHovered, 0.28f, 0.46f, 0.28f},  {ImGuiCol_HeaderActive, 0.32f, 0.52f, 0.30f},
      {ImGuiCol_Button, 0.24f, 0.40f, 0.24f},         {ImGuiCol_ButtonHovered, 0.30f, 0.50f, 0.30f},
      {ImGuiCol_ButtonActive, 0.36f, 0.58f, 0.34f},   {ImGuiCol_FrameBg, 0.20f, 0.23f, 0.24f},
      {ImGuiCol_FrameBgHovered, 0.26f, 0.30f, 0.30f}, {ImGuiCol_SliderGrab, 0.45f, 0.70f, 0.38f},
      {ImGuiCol_SliderGrabActive, 0.55f, 0.80f, 0.45f}, {ImGuiCol_CheckMark, 0.55f, 0.85f, 0.45f},
      {ImGuiCol_PlotLines, 0.55f, 0.85f, 0.45f},
  };
  for (const auto& c : colours) st.Colors[c.col] = ImVec4(c.r, c.g, c.b, 1.0f);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini in the user's folder
  for (const char* font : {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                           "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"}) {
    if (std::filesystem::exists(font) && io.Fonts->AddFontFromFileTTF(font, 15.0f)) break;
  }
}

// The window with its OpenGL 3.3 core context (headless when scripted), and
// Dear ImGui on it.
bool open_window(const App& app, GlWindow* gl) {
  const std::string& path = app.session.path;
  const std::string title = "lsd view" + (path.empty() ? std::string() : " - " + path);
  std::string error;
  if (!gl->open({app.opts.width, app.opts.height, title, true, scripted(app)}, &error)) {
    std::cerr << "lsd: error: " << error << "\n";
    return false;
  }
  gl->set_swap_interval(scripted(app) ? 0 : 1);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  style_imgui();
  if (gl->window()) ImGui_ImplGlfw_InitForOpenGL(gl->window(), true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  return true;
}

void close_window(GlWindow* gl) {
  ImGui_ImplOpenGL3_Shutdown();
  if (gl->window()) ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  gl->close();
}

void open_trace(App& app) {
  if (app.opts.trace.empty()) return;
  std::string error;
  if (!app.trace_file.open(app.opts.trace, &error, interp::Durability::kReplaced)) {  // docs/language.md 8.5
    std::cerr << "lsd view: error: " << error << "\n";
    return;
  }
  app.trace_file.write(interp::kTraceHeader);
  app.trace_file.write("\n");
}

void close_trace(App& app) {
  std::string error;
  if (app.trace_file.is_open() && !app.trace_file.commit(&error)) std::cerr << "lsd view: error: " << error << "\n";
}

// ---------------------------------------------------------------- camera framing

// Frames the plant when its structure changed (growth, load), gliding there.
void follow_plant(App& app, bool snap) {
  Session& s = app.session;
  if (!s.loaded) return;
  const double aspect = app.viewport.w / std::max(app.viewport.h, 1.0);
  if (app.framed_structure != s.structure_version) {
    const bool first = app.framed_structure < 0;
    app.framed_structure = s.structure_version;
    if (!app.auto_frame && !first) return;
    interp::Vec3 lo, hi;
    if (!s.geometry.bounds(&lo, &hi)) return;
    app.frame_goal = app.camera;
    const CameraChoice& chosen = app.opts.camera;  // the first view keeps a chosen target and distance
    frame_box(&app.frame_goal, lo, hi, aspect, 0.85, first && chosen.target);
    if (first && chosen.distance) app.frame_goal.distance = *chosen.distance;
    if (first && (chosen.target || chosen.distance)) app.auto_frame = false;
    if (first || snap) app.camera = app.frame_goal;
  }
  if (!app.auto_frame) return;
  const double k = snap ? 1.0 : 0.12;  // glide
  app.camera.target += k * (app.frame_goal.target - app.camera.target);
  app.camera.distance += k * (app.frame_goal.distance - app.camera.distance);
}

void frame_now(App& app) {
  interp::Vec3 lo, hi;
  if (!app.session.geometry.bounds(&lo, &hi)) return;
  frame_box(&app.camera, lo, hi, app.viewport.w / std::max(app.viewport.h, 1.0), 0.85);
  app.frame_goal = app.camera;
}

// The view as a camera file (camera_file.hpp): the C key writes
// NAME_camera.txt in the working directory (as screenshots are), and
// --save-camera its file after the last scripted frame.
void save_camera_if_due(App& app, Loop& loop) {
  const bool last_frame = scripted(app) && app.frame_index + 1 >= app.opts.frames;
  if (!(last_frame && !app.opts.save_camera.empty()) && !app.camera_requested) return;
  const std::string path = app.camera_requested ? file_stem(app) + "_camera.txt" : app.opts.save_camera;
  app.camera_requested = false;
  std::string e;
  if (interp::write_file_atomic(path, camera_file_text(app.camera), &e)) {
    app.status = "camera saved: " + path + " (lsd render FILE --camera " + path + ")";
    return;
  }
  app.status = "camera not saved: " + e;
  if (scripted(app)) {
    std::cerr << "lsd: error: " << e << "\n";
    loop.status = 1;
  }
}

// ---------------------------------------------------------------- the stages of a frame

// The panel on the left, the plant on the rest; false while minimised.
bool lay_out(App& app, const GlWindow& gl, FrameSize* size) {
  int win_w, win_h;
  gl.size(&win_w, &win_h);
  gl.framebuffer_size(&size->fb_w, &size->fb_h);
  if (size->fb_w <= 0 || size->fb_h <= 0) return false;
  size->scale = win_w > 0 ? double(size->fb_w) / win_w : 1.0;
  app.viewport = {app.panel_width, 0, std::max(1.0, double(win_w) - app.panel_width), double(std::max(win_h, 1))};
  return true;
}

// Reloads the file when it changed on disk (every frame when scripted, else
// every kReloadCheck seconds); a scripted run reports a new error.
void reload_changed_file(App& app, Loop& loop, double now) {
  if (!scripted(app) && now - loop.reload_checked <= kReloadCheck) return;
  loop.reload_checked = now;
  Session& s = app.session;
  const std::string before = s.error;
  if (reload_if_changed(s) && scripted(app) && !s.error.empty() && s.error != before) std::cerr << s.error;
}

// Headless, Dear ImGui has no platform backend: the frame's size and time
// are given here (no mouse, no keys).
void begin_imgui_frame(const App& app, const GlWindow& gl, const FrameSize& size) {
  ImGui_ImplOpenGL3_NewFrame();
  if (gl.window()) {
    ImGui_ImplGlfw_NewFrame();
  } else {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(float(size.fb_w / size.scale), float(size.fb_h / size.scale));
    io.DisplayFramebufferScale = ImVec2(float(size.scale), float(size.scale));
    io.DeltaTime = float(app.opts.frame_time > 0 ? app.opts.frame_time : 1.0 / 60);
  }
  ImGui::NewFrame();
}

// Keys and mouse; none in scripted mode, but for the scripted pull.
void take_input(App& app, const GlWindow& gl) {
  if (scripted(app)) {
    scripted_pull(app);
    return;
  }
  handle_keys(app, gl.window());
  handle_mouse(app);
}

// As many physics steps as fit in the frame's budget (a fixed frame_time when
// scripted), then the readouts: real-time ratio, energy plot, trace row.
void step_physics(App& app, double wall_dt) {
  Session& s = app.session;
  const bool script = scripted(app);
  const double asked = script ? app.opts.frame_time : std::min(wall_dt, kMaxFrameGap) * s.motion.speed;
  const AdvanceResult adv = advance(s, asked, script ? 0.0 : kPhysicsShare / 60);
  app.substeps = adv.steps;
  if (s.motion.playing && asked > 0) {
    app.behind = adv.behind;
    const double ratio = std::min(1.0, adv.simulated / asked);
    app.sim_ratio += 0.1 * (ratio - app.sim_ratio);
    if (!adv.behind && app.sim_ratio > 0.97) app.sim_ratio = 1;
  }
  if (!s.loaded) return;
  app.last_row = s.sim.trace_row();
  if (adv.steps > 0 || app.plot.count == 0) record_energies(app.plot, app.last_row);
  if (app.trace_file.is_open()) {  // a row per frame, watchable in PATH.tmp.PID while the viewer runs
    app.trace_file.write(interp::trace_line(app.last_row) + "\n");
    app.trace_file.flush();
  }
}

// Re-interprets and uploads only when the string moved or grew; the camera follows.
void update_scene(App& app, Renderer& renderer) {
  if (update_geometry(app.session)) renderer.upload(app.session.geometry);
  follow_plant(app, scripted(app));
  if (app.frame_requested) {
    frame_now(app);
    app.auto_frame = true;
    app.frame_requested = false;
  }
}

// Draws the plant into the window's area right of the panel, through the
// offscreen target (multisampled unless turned off or the plant is huge).
void draw_plant(App& app, const Renderer& renderer, const FrameSize& size) {
  const int x0 = int(std::lround(app.viewport.x * size.scale));
  const int w = std::max(size.fb_w - x0, 1), h = std::max(size.fb_h, 1);
  RenderOptions ro;
  ro.grid = app.grid;
  const int samples = antialias_samples(renderer.primitive_count(), app.antialias ? -1 : 0);
  if (app.plant_target.ensure(w, h, samples, nullptr)) {
    app.plant_target.bind();
    renderer.draw(app.camera, w, h, ro);
    app.plant_target.resolve_into(0, x0);
  } else {  // no framebuffer objects: draw over the whole window, the panel covers the left
    renderer.draw(app.camera, size.fb_w, size.fb_h, ro);
  }
  glViewport(0, 0, size.fb_w, size.fb_h);
}

// The panels, the plant, then the panels' pixels over it.
void draw_frame(App& app, const Renderer& renderer, const FrameSize& size) {
  draw_panels(app);
  draw_overlays(app);
  ImGui::Render();
  glViewport(0, 0, size.fb_w, size.fb_h);
  glClearColor(0.13f, 0.15f, 0.16f, 1);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  draw_plant(app, renderer, size);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

// A PNG of the whole window (plant and panel) after the last scripted frame
// or when asked; a failure ends a scripted run.
void screenshot_if_due(App& app, Loop& loop, const FrameSize& size) {
  const bool last_frame = scripted(app) && app.frame_index + 1 >= app.opts.frames;
  if (!(last_frame && !app.opts.screenshot.empty()) && !app.screenshot_requested) return;
  app.screenshot_requested = false;
  if (!last_frame) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "_%03d.png", ++app.screenshot_count);
    app.opts.screenshot = file_stem(app) + buf;
  }
  std::vector<std::uint8_t> rgb;
  read_back_buffer(size.fb_w, size.fb_h, &rgb);
  std::string e;
  if (write_png(app.opts.screenshot, size.fb_w, size.fb_h, rgb, &e)) {
    app.status = "screenshot: " + app.opts.screenshot;
    return;
  }
  app.status = "screenshot failed: " + e;
  if (scripted(app)) {
    std::cerr << "lsd: error: " << e << "\n";
    loop.status = 1;
  }
}

// Frame time: smoothed for the display, summed for the scripted report.
void account_frame(App& app, Loop& loop, const FrameTimes& t) {
  app.frame_ms = app.frame_index == 0 ? 1000 * t.frame : app.frame_ms + 0.05 * (1000 * t.frame - app.frame_ms);
  // Multisampling costs llvmpipe about as much as the plant itself: it goes
  // when the frame rate drops under 30 fps (the user can turn it back on).
  if (app.antialias && app.antialias_auto && app.frame_index > 60 && app.frame_ms > 1000.0 / 30) {
    app.antialias = false;
    app.status = "antialiasing off to keep the frame rate (View)";
  }
  if (app.frame_index > 0) {  // the first frame builds fonts and shaders
    ++loop.timed_frames;
    loop.frame_s += t.frame;
    loop.physics_s += t.physics;
    loop.geometry_s += t.geometry;
    loop.draw_s += t.draw;
  }
  ++app.frame_index;
}

// One frame; false when the scripted frames are done.
bool run_frame(App& app, Loop& loop) {
  const auto frame_start = Clock::now();
  const double wall_dt = std::chrono::duration<double>(frame_start - loop.last_frame).count();
  loop.last_frame = frame_start;
  loop.gl->poll_events();
  FrameSize size;
  if (!lay_out(app, *loop.gl, &size)) {  // minimised
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    return true;
  }
  reload_changed_file(app, loop, std::chrono::duration<double>(frame_start - loop.run_start).count());
  begin_imgui_frame(app, *loop.gl, size);
  take_input(app, *loop.gl);

  FrameTimes t;
  auto phase_start = Clock::now();
  step_physics(app, wall_dt);
  t.physics = seconds_since(phase_start);
  phase_start = Clock::now();
  update_scene(app, loop.renderer);
  t.geometry = seconds_since(phase_start);
  phase_start = Clock::now();
  draw_frame(app, loop.renderer, size);
  screenshot_if_due(app, loop, size);
  save_camera_if_due(app, loop);
  loop.gl->swap_buffers();
  t.draw = seconds_since(phase_start);
  t.frame = seconds_since(frame_start);
  account_frame(app, loop, t);

  if (!scripted(app)) return true;
  if (app.opts.frame_sleep_ms > 0)
    std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(app.opts.frame_sleep_ms));
  return app.frame_index < app.opts.frames;
}

// The scripted run's figures on stdout; a divergence fails it.
void report_scripted(const App& app, Loop& loop) {
  const Session& s = app.session;
  if (loop.status == 0) {
    const double avg_ms = loop.timed_frames > 0 ? 1000 * loop.frame_s / loop.timed_frames : 0;
    std::printf("frames: %ld  bodies: %d  modules: %zu  t: %.3f s\n", app.frame_index, body_count(s),
                module_count(s), sim_time(s));
    std::printf("average frame time: %.2f ms (%.1f fps)\n", avg_ms, avg_ms > 0 ? 1000 / avg_ms : 0.0);
    const double n = double(std::max(loop.timed_frames, 1L));
    std::printf("per frame: physics %.2f ms, interpret + upload %.2f ms, draw + swap %.2f ms; antialiasing %s\n",
                1000 * loop.physics_s / n, 1000 * loop.geometry_s / n, 1000 * loop.draw_s / n,
                app.antialias ? "on" : "off");
    if (!app.opts.screenshot.empty()) std::printf("screenshot: %s\n", app.opts.screenshot.c_str());
  }
  if (s.diverged) {
    std::cerr << s.error;
    loop.status = 1;
  }
}

// Frames until the window closes, the scripted frames are done or something
// fails; the GL objects go before the window. Returns the exit status.
int run_frames(App& app, GlWindow& gl) {
  Loop loop;
  loop.gl = &gl;
  std::string error;
  if (!loop.renderer.init(&error)) {
    std::cerr << "lsd: error: " << error << "\n";
    loop.status = 1;
  }
  if (scripted(app)) open_trace(app);
  app.script_start_time = sim_time(app.session);
  loop.run_start = loop.last_frame = Clock::now();
  while (loop.status == 0 && !gl.should_close() && run_frame(app, loop)) {
  }
  if (scripted(app)) report_scripted(app, loop);
  close_trace(app);
  app.plant_target.release();
  loop.renderer.release();
  return loop.status;
}

}  // namespace

std::vector<std::string> list_examples(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (dir.empty() || !std::filesystem::is_directory(dir, ec)) return out;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_regular_file(ec) && (it->path().extension() == ".ls" || it->path().extension() == ".l"))
      out.push_back(it->path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

int run_viewer(const ViewOptions& opts) {
  App app;
  app.opts = opts;
  apply_choice(opts.camera, &app.camera);
  if (!load_first_file(app)) return 1;
  GlWindow gl;
  if (!open_window(app, &gl)) return 1;
  const int status = run_frames(app, gl);
  close_window(&gl);
  return status;
}

}  // namespace lsd::view
