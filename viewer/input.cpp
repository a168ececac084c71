#include "viewer/input.hpp"

#define GLFW_INCLUDE_NONE 1
#include <GLFW/glfw3.h>
#include <imgui.h>

namespace lsd::view {
namespace {
constexpr double kPotPush = 5.0;  // m/s^2 while an arrow key is held
}  // namespace

void handle_keys(App& app, GLFWwindow* window) {
  const ImGuiIO& io = ImGui::GetIO();
  Session& s = app.session;
  interp::Vec3 push = interp::Vec3::Zero();
  if (!io.WantCaptureKeyboard) {
    if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, false)) {
      s.motion.playing = !s.motion.playing;
      if (s.motion.playing && s.diverged) reset(s);
    }
    if (ImGui::IsKeyPressed(GLFW_KEY_G, false)) grow_one(s);
    if (ImGui::IsKeyPressed(GLFW_KEY_R, false)) reset(s);
    if (ImGui::IsKeyPressed(GLFW_KEY_F, false)) app.frame_requested = true;
    if (ImGui::IsKeyPressed(GLFW_KEY_C, false)) app.camera_requested = true;
    if (ImGui::IsKeyPressed(GLFW_KEY_S, false) || ImGui::IsKeyPressed(GLFW_KEY_F12, false))
      app.screenshot_requested = true;
    // Arrow keys push the pot in the camera's horizontal frame.
    const interp::Vec3 right = app.camera.basis().right;  // horizontal
    const interp::Vec3 ahead = interp::Vec3(0, 1, 0).cross(right);
    if (glfwGetKey(window, GLFW_KEY_RIGHT) == GLFW_PRESS) push += right;
    if (glfwGetKey(window, GLFW_KEY_LEFT) == GLFW_PRESS) push -= right;
    if (glfwGetKey(window, GLFW_KEY_UP) == GLFW_PRESS) push += ahead;
    if (glfwGetKey(window, GLFW_KEY_DOWN) == GLFW_PRESS) push -= ahead;
  }
  if (push.squaredNorm() > 0 && s.loaded && !s.sim.settings().kinematic_base) {
    interp::RunSettings rs = s.sim.settings();
    rs.kinematic_base = true;  // the first push makes the base kinematic
    apply_settings(s, rs);
  }
  s.pot_push = push.squaredNorm() > 0 ? interp::Vec3(push.normalized() * kPotPush) : interp::Vec3::Zero();
}

void handle_mouse(App& app) {
  const ImGuiIO& io = ImGui::GetIO();
  Session& s = app.session;
  const double mx = io.MousePos.x, my = io.MousePos.y;
  const double dx = mx - app.last_mx, dy = my - app.last_my;
  app.last_mx = mx;
  app.last_my = my;
  const bool over_plant = !io.WantCaptureMouse && app.viewport.contains(mx, my);

  if (app.drag == MouseDrag::kNone && over_plant) {
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
      const PickHit hit = pick_body(s, app.camera, app.viewport, mx, my);
      if (hit.body > 0) {
        begin_pull(s, hit.body, hit.point);
        app.drag_anchor = hit.point;
        app.drag = MouseDrag::kPull;
      } else {
        app.drag = MouseDrag::kOrbit;
      }
    } else if (ImGui::IsMouseClicked(ImGuiMouseButton_Right) || ImGui::IsMouseClicked(ImGuiMouseButton_Middle)) {
      app.drag = MouseDrag::kPan;
    }
    if (io.MouseWheel != 0) {
      zoom(&app.camera, io.MouseWheel);
      app.auto_frame = false;
    }
  }
  switch (app.drag) {
    case MouseDrag::kOrbit:
      if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) app.drag = MouseDrag::kNone;
      else if (dx != 0 || dy != 0) orbit(&app.camera, dx, dy), app.auto_frame = false;
      break;
    case MouseDrag::kPan:
      if (!ImGui::IsMouseDown(ImGuiMouseButton_Right) && !ImGui::IsMouseDown(ImGuiMouseButton_Middle))
        app.drag = MouseDrag::kNone;
      else if (dx != 0 || dy != 0) pan(&app.camera, app.viewport, dx, dy), app.auto_frame = false;
      break;
    case MouseDrag::kPull:
      if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        app.drag = MouseDrag::kNone;
        s.pull.active = false;
      } else {
        s.pull.target = drag_target(app.camera, mouse_ray(app.camera, app.viewport, mx, my), app.drag_anchor);
      }
      break;
    case MouseDrag::kNone:
      break;
  }
}

// The scripted pull: on during the first pull_time seconds of simulated time.
void scripted_pull(App& app) {
  Session& s = app.session;
  if (!app.opts.pull || !s.loaded) return;
  const double pull_time = app.opts.pull_time >= 0 ? app.opts.pull_time : 0.5 * app.opts.frames * app.opts.frame_time;
  const bool on = s.sim.time() - app.script_start_time < pull_time - 1e-9;
  if (!on) {
    s.pull.active = false;
    return;
  }
  if (s.pull.active) {
    s.pull.target = app.opts.pull_target;
    return;
  }
  const int n = body_count(s);
  const int body = app.opts.pull_body < 0 ? n + app.opts.pull_body : app.opts.pull_body;
  if (body <= 0 || body >= n) return;
  s.pull.active = true;
  s.pull.body = body;
  s.pull.point = s.sim.living().model.inertia[std::size_t(body)].com;  // its centre of mass
  s.pull.target = app.opts.pull_target;
  s.pull.stiffness = 0;
}

}  // namespace lsd::view
