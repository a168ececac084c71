#include "viewer/gl.hpp"
#include "viewer/gl_context.hpp"

namespace lsd::view {
namespace {

std::string g_glfw_error;  // the last message of GLFW's error callback
void on_glfw_error(int, const char* message) { g_glfw_error = message ? message : "unknown GLFW error"; }

// "what: GLFW's reason (hint)", leaving out what is empty.
std::string glfw_failure(const std::string& what, const std::string& hint) {
  return what + (g_glfw_error.empty() ? "" : ": " + g_glfw_error) + (hint.empty() ? "" : " (" + hint + ")");
}

}  // namespace

bool GlWindow::open(const GlWindowOptions& opt, std::string* error) {
  close();
  g_glfw_error.clear();
  previous_callback_ = glfwSetErrorCallback(on_glfw_error);
  callback_installed_ = true;
  if (!glfwInit()) {
    if (error) *error = glfw_failure("cannot open a display for OpenGL", "no display? run under xvfb-run");
    close();
    return false;
  }
  initialised_ = true;
  glfwWindowHint(GLFW_VISIBLE, opt.visible ? GLFW_TRUE : GLFW_FALSE);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SAMPLES, 0);  // pictures are multisampled in their own framebuffer (offscreen.hpp)
  window_ = glfwCreateWindow(opt.width, opt.height, opt.title.c_str(), nullptr, nullptr);
  if (!window_) {
    if (error) *error = glfw_failure("cannot create an OpenGL 3.3 core context", "");
    close();
    return false;
  }
  glfwMakeContextCurrent(window_);
  return true;
}

void GlWindow::close() {
  if (window_) {
    glfwMakeContextCurrent(nullptr);
    glfwDestroyWindow(window_);
    window_ = nullptr;
  }
  if (initialised_) glfwTerminate();
  if (callback_installed_) glfwSetErrorCallback(previous_callback_);
  initialised_ = callback_installed_ = false;
  previous_callback_ = nullptr;
}

}  // namespace lsd::view
