// The frame loop of the viewer (Dear ImGui's example_glfw_opengl3 shape):
// set-up and shut-down mirror each other; each frame polls, advances the
// plant, draws it into an offscreen framebuffer resolved beside the panel,
// builds the panels and swaps.
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

#include "viewer/gl_context.hpp"
#include "viewer/input.hpp"
#include "viewer/panels.hpp"

namespace lsd::view {
namespace {

using Clock = std::chrono::steady_clock;

constexpr double kMaxFrameGap = 0.1;    // s: longer wall-clock gaps (a stalled window) are not caught up
constexpr double kPhysicsShare = 0.6;   // of a 60 Hz frame, the most physics may take

// ---------------------------------------------------------------- the plant's framebuffer

// Draws the plant into the window's area right of the panel, through the
// offscreen target (multisampled unless turned off or the plant is huge).
void draw_plant(App& app, const Renderer& renderer, int fb_w, int fb_h, double scale) {
  const int x0 = int(std::lround(app.viewport.x * scale));
  const int w = std::max(fb_w - x0, 1), h = std::max(fb_h, 1);
  RenderOptions ro;
  ro.grid = app.grid;
  const int samples = antialias_samples(renderer.primitive_count(), app.antialias ? -1 : 0);
  if (app.plant_target.ensure(w, h, samples, nullptr)) {
    app.plant_target.bind();
    renderer.draw(app.camera, w, h, ro);
    app.plant_target.resolve_into(0, x0);
  } else {  // no framebuffer objects: draw over the whole window, the panel covers the left
    renderer.draw(app.camera, fb_w, fb_h, ro);
  }
  glViewport(0, 0, fb_w, fb_h);
}

// The window's back buffer as a PNG (plant and panel).
bool write_screenshot(const std::string& path, int fb_w, int fb_h, std::string* error) {
  std::vector<std::uint8_t> rgb;
  read_back_buffer(fb_w, fb_h, &rgb);
  return write_png(path, fb_w, fb_h, rgb, error);
}

// ---------------------------------------------------------------- camera framing

// Frames the plant when its structure changed (growth, load), gliding there.
void follow_plant(App& app, bool snap) {
  Session& s = app.session;
  if (!s.ls) return;
  const double aspect = app.viewport.w / std::max(app.viewport.h, 1.0);
  if (app.framed_structure != s.structure_version) {
    const bool first = app.framed_structure < 0;
    app.framed_structure = s.structure_version;
    if (!app.auto_frame && !first) return;
    interp::Vec3 lo, hi;
    if (!s.geometry.bounds(&lo, &hi)) return;
    app.frame_goal = app.camera;
    frame_box(&app.frame_goal, lo, hi, aspect, 0.85);
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

// ---------------------------------------------------------------- input

void take_screenshot_name(App& app) {
  std::string name = app.session.path.empty() ? std::string("lsd") : std::filesystem::path(app.session.path).stem().string();
  char buf[32];
  std::snprintf(buf, sizeof buf, "_%03d.png", ++app.screenshot_count);
  app.opts.screenshot = name + buf;
}

void open_trace(App& app) {
  if (app.opts.trace.empty()) return;
  app.trace_file.open(app.opts.trace + ".tmp");
  if (app.trace_file) app.trace_file << interp::kTraceHeader << '\n' << std::flush;
}

void close_trace(App& app) {
  if (!app.trace_file.is_open()) return;
  app.trace_file.close();
  std::rename((app.opts.trace + ".tmp").c_str(), app.opts.trace.c_str());
}

void style_imgui() {
  ImGuiStyle& st = ImGui::GetStyle();
  ImGui::StyleColorsDark(&st);
  st.WindowRounding = 0;
  st.FrameRounding = 3;
  st.GrabRounding = 3;
  st.WindowBorderSize = 0;
  st.ItemSpacing = ImVec2(7, 5);
  st.Colors[ImGuiCol_WindowBg] = ImVec4(0.13f, 0.15f, 0.16f, 1.0f);
  st.Colors[ImGuiCol_Header] = ImVec4(0.22f, 0.36f, 0.22f, 1.0f);
  st.Colors[ImGuiCol_HeaderHovered] = ImVec4(0.28f, 0.46f, 0.28f, 1.0f);
  st.Colors[ImGuiCol_HeaderActive] = ImVec4(0.32f, 0.52f, 0.30f, 1.0f);
  st.Colors[ImGuiCol_Button] = ImVec4(0.24f, 0.40f, 0.24f, 1.0f);
  st.Colors[ImGuiCol_ButtonHovered] = ImVec4(0.30f, 0.50f, 0.30f, 1.0f);
  st.Colors[ImGuiCol_ButtonActive] = ImVec4(0.36f, 0.58f, 0.34f, 1.0f);
  st.Colors[ImGuiCol_FrameBg] = ImVec4(0.20f, 0.23f, 0.24f, 1.0f);
  st.Colors[ImGuiCol_FrameBgHovered] = ImVec4(0.26f, 0.30f, 0.30f, 1.0f);
  st.Colors[ImGuiCol_SliderGrab] = ImVec4(0.45f, 0.70f, 0.38f, 1.0f);
  st.Colors[ImGuiCol_SliderGrabActive] = ImVec4(0.55f, 0.80f, 0.45f, 1.0f);
  st.Colors[ImGuiCol_CheckMark] = ImVec4(0.55f, 0.85f, 0.45f, 1.0f);
  st.Colors[ImGuiCol_PlotLines] = ImVec4(0.55f, 0.85f, 0.45f, 1.0f);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini in the user's folder
  for (const char* font : {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                           "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"}) {
    if (std::filesystem::exists(font) && io.Fonts->AddFontFromFileTTF(font, 15.0f)) break;
  }
}

}  // namespace

std::vector<std::string> list_examples(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (dir.empty() || !std::filesystem::is_directory(dir, ec)) return out;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_regular_file(ec) && it->path().extension() == ".ls") out.push_back(it->path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

int run_viewer(const ViewOptions& opts) {
  const bool scripted = opts.frames > 0;
  App app;
  app.opts = opts;
  app.examples = list_examples(opts.examples_dir);
  Session& s = app.session;
  s.load = opts.load;
  s.derive = opts.derive;
  s.grow_every_override = opts.grow_every;

  // ---- The file first: a scripted run with a broken file fails before any window.
  if (!opts.file.empty()) {
    if (!open_file(s, opts.file) && scripted) {
      std::cerr << s.error;
      return 1;
    }
  }
  app.export_path = (s.path.empty() ? std::string("lsd") : std::filesystem::path(s.path).stem().string()) + "_string.txt";

  // ---- Window, OpenGL 3.3 core context, Dear ImGui.
  const std::string title = "lsd view" + (s.path.empty() ? std::string() : " - " + s.path);
  GlWindow gl;
  std::string gl_error;
  if (!gl.open({opts.width, opts.height, title, true}, &gl_error)) {
    std::cerr << "lsd: error: " << gl_error << "\n";
    return 1;
  }
  GLFWwindow* window = gl.window();
  glfwSwapInterval(scripted ? 0 : 1);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  style_imgui();
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  int status = 0;
  {
    Renderer renderer;
    std::string err;
    if (!renderer.init(&err)) {
      std::cerr << "lsd: error: " << err << "\n";
      status = 1;
    }
    if (scripted) open_trace(app);
    app.script_start_time = s.ls ? s.ls->time : 0;
    auto last = Clock::now();
    const auto run_start = last;
    double total_frame_s = 0;
    long timed_frames = 0;
    double phase_s[3] = {0, 0, 0};  // physics, geometry (interpret + upload), drawing (UI, GL, swap)
    auto since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
    double reload_checked = -1;

    while (status == 0 && !glfwWindowShouldClose(window)) {
      const auto frame_start = Clock::now();
      const double wall_dt = std::chrono::duration<double>(frame_start - last).count();
      last = frame_start;
      glfwPollEvents();

      // ---- Layout: the panel on the left, the plant on the rest.
      int win_w, win_h, fb_w, fb_h;
      glfwGetWindowSize(window, &win_w, &win_h);
      glfwGetFramebufferSize(window, &fb_w, &fb_h);
      if (fb_w <= 0 || fb_h <= 0) {  // minimised
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        continue;
      }
      const double scale = win_w > 0 ? double(fb_w) / win_w : 1.0;
      app.viewport = {app.panel_width, 0, std::max(1.0, double(win_w) - app.panel_width), double(std::max(win_h, 1))};

      // ---- The file: reload when it changed (every frame when scripted, else 4 times a second).
      const double now = std::chrono::duration<double>(frame_start - run_start).count();
      if (scripted || now - reload_checked > 0.25) {
        reload_checked = now;
        const std::string before = s.error;
        if (reload_if_changed(s)) {
          if (scripted && !s.error.empty() && s.error != before) std::cerr << s.error;
        }
      }

      ImGui_ImplOpenGL3_NewFrame();
      ImGui_ImplGlfw_NewFrame();
      ImGui::NewFrame();

      // ---- Input (none in scripted mode, but for the scripted pull).
      if (scripted) {
        scripted_pull(app);
      } else {
        handle_keys(app, window);
        handle_mouse(app);
      }

      // ---- Physics: as many steps as fit in the frame's budget.
      const auto physics_start = Clock::now();
      const double asked = scripted ? opts.frame_time : std::min(wall_dt, kMaxFrameGap) * s.motion.speed;
      const AdvanceResult adv = advance(s, asked, scripted ? 0.0 : kPhysicsShare / 60);
      app.substeps = adv.steps;
      if (s.motion.playing && asked > 0) {
        app.behind = adv.behind;
        const double ratio = std::min(1.0, adv.simulated / asked);
        app.sim_ratio += 0.1 * (ratio - app.sim_ratio);
        if (!adv.behind && app.sim_ratio > 0.97) app.sim_ratio = 1;
      }
      if (s.ls) {
        app.last_row = interp::trace_row(s.sim);
        if (adv.steps > 0 || app.plot.count == 0) record_energies(app.plot, app.last_row);
        if (app.trace_file.is_open()) app.trace_file << interp::trace_line(app.last_row) << '\n' << std::flush;
      }

      const double physics_s = since(physics_start);
      // ---- Geometry: re-interpret and upload only when the string moved or grew.
      const auto geometry_start = Clock::now();
      if (update_geometry(s) && status == 0) renderer.upload(s.geometry);
      follow_plant(app, scripted);
      if (app.frame_requested) {
        frame_now(app);
        app.auto_frame = true;
        app.frame_requested = false;
      }

      const double geometry_s = since(geometry_start);
      // ---- UI and drawing.
      const auto draw_start = Clock::now();
      draw_panels(app);
      draw_overlays(app);
      ImGui::Render();
      glViewport(0, 0, fb_w, fb_h);
      glClearColor(0.13f, 0.15f, 0.16f, 1);
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      draw_plant(app, renderer, fb_w, fb_h, scale);
      ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

      const bool last_frame = scripted && app.frame_index + 1 >= opts.frames;
      if ((last_frame && !opts.screenshot.empty()) || app.screenshot_requested) {
        if (!last_frame) take_screenshot_name(app);
        std::string e;
        if (write_screenshot(app.opts.screenshot, fb_w, fb_h, &e)) {
          app.status = "screenshot: " + app.opts.screenshot;
        } else {
          app.status = "screenshot failed: " + e;
          if (scripted) {
            std::cerr << "lsd: error: " << e << "\n";
            status = 1;
          }
        }
        app.screenshot_requested = false;
      }
      glfwSwapBuffers(window);
      const double draw_s = since(draw_start);

      // ---- Frame time (smoothed for the display; averaged for the scripted report).
      const double frame_s = std::chrono::duration<double>(Clock::now() - frame_start).count();
      app.frame_ms = app.frame_index == 0 ? 1000 * frame_s : app.frame_ms + 0.05 * (1000 * frame_s - app.frame_ms);
      // Multisampling costs llvmpipe about as much as the plant itself: it goes
      // when the frame rate drops under 30 fps (the user can turn it back on).
      if (app.antialias && app.antialias_auto && app.frame_index > 60 && app.frame_ms > 1000.0 / 30) {
        app.antialias = false;
        app.status = "antialiasing off to keep the frame rate (View)";
      }
      if (app.frame_index > 0) {  // the first frame builds fonts and shaders
        total_frame_s += frame_s;
        ++timed_frames;
        phase_s[0] += physics_s;
        phase_s[1] += geometry_s;
        phase_s[2] += draw_s;
      }
      ++app.frame_index;
      if (scripted) {
        if (opts.frame_sleep_ms > 0) std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(opts.frame_sleep_ms));
        if (app.frame_index >= opts.frames) break;
      }
    }

    if (scripted && status == 0) {
      const double avg_ms = timed_frames > 0 ? 1000 * total_frame_s / timed_frames : 0;
      std::printf("frames: %ld  bodies: %d  modules: %zu  t: %.3f s\n", app.frame_index, body_count(s),
                  module_count(s), s.ls ? s.ls->time : 0.0);
      std::printf("average frame time: %.2f ms (%.1f fps)\n", avg_ms, avg_ms > 0 ? 1000 / avg_ms : 0.0);
      const double n = double(std::max(timed_frames, 1L));
      std::printf("per frame: physics %.2f ms, interpret + upload %.2f ms, draw + swap %.2f ms; antialiasing %s\n",
                  1000 * phase_s[0] / n, 1000 * phase_s[1] / n, 1000 * phase_s[2] / n, app.antialias ? "on" : "off");
      if (!opts.screenshot.empty()) std::printf("screenshot: %s\n", opts.screenshot.c_str());
    }
    if (scripted && s.diverged) {
      std::cerr << s.error;
      status = 1;
    }
    close_trace(app);
    app.plant_target.release();
    renderer.release();
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  gl.close();
  return status;
}

}  // namespace lsd::view
