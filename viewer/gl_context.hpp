// GLFW and one window with an OpenGL 3.3 core context: visible for the
// viewer, invisible for `lsd render`. GLFW's errors are caught by one
// callback and end up in the messages of open().
#pragma once
#include <string>

struct GLFWwindow;

namespace lsd::view {

struct GlWindowOptions {
  int width = 64, height = 64;  // screen coordinates
  std::string title = "lsd";
  bool visible = true;
};

// Owns GLFW from open() to close() (or destruction): only one may be open at
// a time. While open, the window's context is current on this thread.
class GlWindow {
 public:
  GlWindow() = default;
  ~GlWindow() { close(); }
  GlWindow(const GlWindow&) = delete;
  GlWindow& operator=(const GlWindow&) = delete;

  // Initialises GLFW and creates the window. False with a message when there
  // is no display or no OpenGL 3.3 core context; GLFW is then terminated.
  bool open(const GlWindowOptions& opt, std::string* error);
  // Destroys the window and terminates GLFW (release GL objects before).
  void close();
  GLFWwindow* window() const { return window_; }

 private:
  GLFWwindow* window_ = nullptr;
  bool initialised_ = false;
  bool callback_installed_ = false;
  void (*previous_callback_)(int, const char*) = nullptr;  // restored by close()
};

}  // namespace lsd::view
