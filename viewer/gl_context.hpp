// The OpenGL 3.3 core context everything draws with, in one of two kinds:
//
// - headless (pictures, videos, the viewer's scripted mode): EGL with no
//   window and no display server — a GPU's device when there is one, else
//   Mesa's software rasteriser (llvmpipe) — drawing into a pbuffer of the
//   asked size, which is then framebuffer 0 like a window's;
// - a GLFW window (the interactive viewer), on the X server of DISPLAY.
//
// A headless context falls back to an invisible GLFW window when EGL has no
// usable device and there is a display. The environment variable LSD_GL
// overrides the choice: LSD_GL=egl (EGL only) or LSD_GL=glfw (a GLFW window
// only, as before EGL; the tests use it to compare the two). Errors of EGL
// and of GLFW (through one callback) end up in the message of open().
#pragma once
#include <string>

struct GLFWwindow;

namespace lsd::view {

struct GlWindowOptions {
  int width = 64, height = 64;  // screen coordinates (headless: pixels of the pbuffer)
  std::string title = "lsd";
  bool visible = true;          // of a GLFW window
  bool headless = false;        // EGL, with the fallback above
};

// Owns the context (and GLFW, when it uses a window) from open() to close()
// (or destruction): only one may be open at a time. While open, the context
// is current on this thread.
class GlWindow {
 public:
  GlWindow() = default;
  ~GlWindow() { close(); }
  GlWindow(const GlWindow&) = delete;
  GlWindow& operator=(const GlWindow&) = delete;

  // Creates the context. False with a message saying what was tried when
  // there is neither a usable EGL device nor a display with OpenGL 3.3 core.
  bool open(const GlWindowOptions& opt, std::string* error);
  // Destroys the context and its window or pbuffer (release GL objects before).
  void close();

  // The GLFW window; null when headless.
  GLFWwindow* window() const { return window_; }
  bool headless() const { return egl_context_ != nullptr; }

  // What the frame loop asks of a window, answered by the pbuffer when headless.
  void size(int* width, int* height) const;             // screen coordinates
  void framebuffer_size(int* width, int* height) const;  // pixels
  void poll_events();
  void swap_buffers();
  void set_swap_interval(int interval);
  bool should_close() const;

 private:
  // GLFW
  GLFWwindow* window_ = nullptr;
  bool initialised_ = false;
  bool callback_installed_ = false;
  void (*previous_callback_)(int, const char*) = nullptr;  // restored by close()
  // EGL (void* keeps <EGL/egl.h> out of this header)
  void* egl_display_ = nullptr;
  void* egl_context_ = nullptr;
  void* egl_surface_ = nullptr;
  int width_ = 0, height_ = 0;

  bool open_egl(const GlWindowOptions& opt, std::string* error);
  bool open_glfw(const GlWindowOptions& opt, std::string* error);
};

}  // namespace lsd::view
