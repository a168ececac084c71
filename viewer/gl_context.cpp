#include "viewer/gl.hpp"
#include "viewer/gl_context.hpp"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstdlib>
#include <cstring>
#include <vector>

namespace lsd::view {
namespace {

// ---------------------------------------------------------------- GLFW

std::string g_glfw_error;  // the last message of GLFW's error callback
void on_glfw_error(int, const char* message) { g_glfw_error = message ? message : "unknown GLFW error"; }

// "what: GLFW's reason", leaving out what is empty.
std::string glfw_failure(const std::string& what) {
  return what + (g_glfw_error.empty() ? "" : ": " + g_glfw_error);
}

bool have_display() {
  for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY"}) {
    const char* v = std::getenv(name);
    if (v && *v) return true;
  }
  return false;
}

// LSD_GL: "egl", "glfw" or unset/anything else (both, EGL first).
std::string context_choice() {
  const char* v = std::getenv("LSD_GL");
  return v ? std::string(v) : std::string();
}

// ---------------------------------------------------------------- EGL

bool has_extension(const char* list, const char* name) {
  if (!list) return false;
  const std::size_t n = std::strlen(name);
  for (const char* p = std::strstr(list, name); p; p = std::strstr(p + n, name))
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
  return false;
}

std::string egl_error_text(EGLint e) {
  switch (e) {
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    default: return "EGL error " + std::to_string(e);
  }
}

// A display to try: a device (EGL_EXT_platform_device) or Mesa's surfaceless platform.
struct EglCandidate {
  EGLenum platform;
  void* native;
  std::string name;
};

// The devices first, hardware before Mesa's software device, then Mesa's
// surfaceless platform (which picks a render node or llvmpipe itself).
std::vector<EglCandidate> egl_candidates() {
  std::vector<EglCandidate> out;
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (has_extension(client, "EGL_EXT_platform_device") && has_extension(client, "EGL_EXT_device_enumeration")) {
    auto query_devices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
    auto query_string = reinterpret_cast<PFNEGLQUERYDEVICESTRINGEXTPROC>(eglGetProcAddress("eglQueryDeviceStringEXT"));
    EGLDeviceEXT devices[16];
    EGLint n = 0;
    if (query_devices && query_devices(16, devices, &n)) {
      std::vector<EglCandidate> software;
      for (EGLint i = 0; i < n; ++i) {
        const char* ext = query_string ? query_string(devices[i], EGL_EXTENSIONS) : nullptr;
        const bool sw = has_extension(ext, "EGL_MESA_device_software");
        EglCandidate c{EGL_PLATFORM_DEVICE_EXT, devices[i], "device " + std::to_string(i) + (sw ? " (software)" : "")};
        (sw ? software : out).push_back(c);
      }
      out.insert(out.end(), software.begin(), software.end());
    }
  }
  if (has_extension(client, "EGL_MESA_platform_surfaceless"))
    out.push_back({EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, "Mesa surfaceless"});
  return out;
}

struct EglHandles {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLContext context = EGL_NO_CONTEXT;
  EGLSurface surface = EGL_NO_SURFACE;
};

void egl_release(EglHandles* h) {
  if (h->display == EGL_NO_DISPLAY) return;
  eglMakeCurrent(h->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (h->surface != EGL_NO_SURFACE) eglDestroySurface(h->display, h->surface);
  if (h->context != EGL_NO_CONTEXT) eglDestroyContext(h->display, h->context);
  eglTerminate(h->display);
  eglReleaseThread();
  *h = EglHandles{};
}

// An OpenGL 3.3 core context on one display, current with a pbuffer of
// width x height (RGBA8 and a 24-bit depth buffer, as GLFW's windows have).
// Empty when it worked, else why not.
std::string egl_try(const EglCandidate& c, int width, int height, EglHandles* h) {
  auto get_display =
      reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
  if (!get_display) return "no eglGetPlatformDisplayEXT";
  h->display = get_display(c.platform, c.native, nullptr);
  EGLint major = 0, minor = 0;
  if (h->display == EGL_NO_DISPLAY || !eglInitialize(h->display, &major, &minor)) {
    const std::string why = "cannot initialise it (" + egl_error_text(eglGetError()) + ")";
    h->display = EGL_NO_DISPLAY;
    return why;
  }
  auto fail = [&](const std::string& what) {
    const std::string why = what + " (" + egl_error_text(eglGetError()) + ")";
    egl_release(h);
    return why;
  };
  if (!eglBindAPI(EGL_OPENGL_API)) return fail("no desktop OpenGL");
  const EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                   EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                                   EGL_DEPTH_SIZE, 24, EGL_NONE};
  EGLConfig config = nullptr;
  EGLint configs = 0;
  if (!eglChooseConfig(h->display, config_attribs, &config, 1, &configs) || configs < 1)
    return fail("no RGBA8 pbuffer configuration for OpenGL");
  const EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                    EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                    EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, EGL_TRUE, EGL_NONE};
  h->context = eglCreateContext(h->display, config, EGL_NO_CONTEXT, context_attribs);
  if (h->context == EGL_NO_CONTEXT) return fail("no OpenGL 3.3 core context");
  const EGLint surface_attribs[] = {EGL_WIDTH, width, EGL_HEIGHT, height, EGL_NONE};
  h->surface = eglCreatePbufferSurface(h->display, config, surface_attribs);
  if (h->surface == EGL_NO_SURFACE)
    return fail("no pbuffer of " + std::to_string(width) + "x" + std::to_string(height));
  if (!eglMakeCurrent(h->display, h->surface, h->surface, h->context)) return fail("cannot make the context current");
  return "";
}

}  // namespace

// ---------------------------------------------------------------- GlWindow

bool GlWindow::open(const GlWindowOptions& opt, std::string* error) {
  close();
  const std::string choice = context_choice();
  std::string egl_why, glfw_why;
  if (opt.headless && choice != "glfw") {
    if (open_egl(opt, &egl_why)) return true;
    if (choice == "egl" || !have_display()) {
      if (error)
        *error = "cannot create a headless OpenGL 3.3 core context through EGL: " + egl_why +
                 (choice == "egl" ? " (LSD_GL=egl)" : "");
      return false;
    }
  }
  if (open_glfw(opt, &glfw_why)) return true;
  if (error) *error = egl_why.empty() ? glfw_why : "EGL: " + egl_why + "; " + glfw_why;
  return false;
}

bool GlWindow::open_egl(const GlWindowOptions& opt, std::string* error) {
  std::string why;
  for (const EglCandidate& c : egl_candidates()) {
    EglHandles h;
    const std::string e = egl_try(c, opt.width, opt.height, &h);
    if (e.empty()) {
      egl_display_ = h.display;
      egl_context_ = h.context;
      egl_surface_ = h.surface;
      width_ = opt.width;
      height_ = opt.height;
      return true;
    }
    why += (why.empty() ? "" : "; ") + c.name + ": " + e;
  }
  *error = why.empty() ? "no EGL device or platform (libEGL has no vendor library: is Mesa's libegl-mesa0 "
                         "installed? scripts/setup.sh installs it)"
                       : why;
  return false;
}

bool GlWindow::open_glfw(const GlWindowOptions& opt, std::string* error) {
  g_glfw_error.clear();
  previous_callback_ = glfwSetErrorCallback(on_glfw_error);
  callback_installed_ = true;
  if (!glfwInit()) {
    *error = glfw_failure("cannot open a display for an OpenGL window") +
             (have_display() ? "" : " (no display: DISPLAY is unset)");
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
    *error = glfw_failure("cannot create an OpenGL 3.3 core context");
    close();
    return false;
  }
  glfwMakeContextCurrent(window_);
  return true;
}

void GlWindow::close() {
  if (egl_display_) {
    EglHandles h{egl_display_, egl_context_, egl_surface_};
    egl_release(&h);
    egl_display_ = egl_context_ = egl_surface_ = nullptr;
  }
  if (window_) {
    glfwMakeContextCurrent(nullptr);
    glfwDestroyWindow(window_);
    window_ = nullptr;
  }
  if (initialised_) glfwTerminate();
  if (callback_installed_) glfwSetErrorCallback(previous_callback_);
  initialised_ = callback_installed_ = false;
  previous_callback_ = nullptr;
  width_ = height_ = 0;
}

void GlWindow::size(int* width, int* height) const {
  if (window_) return glfwGetWindowSize(window_, width, height);
  *width = width_;
  *height = height_;
}

void GlWindow::framebuffer_size(int* width, int* height) const {
  if (window_) return glfwGetFramebufferSize(window_, width, height);
  *width = width_;
  *height = height_;
}

void GlWindow::poll_events() {
  if (window_) glfwPollEvents();
}

// A pbuffer has nothing to swap: wait for the frame instead, as a swap
// would, so that the scripted viewer's frame times include the drawing.
void GlWindow::swap_buffers() {
  if (window_) glfwSwapBuffers(window_);
  else glFinish();
}

void GlWindow::set_swap_interval(int interval) {
  if (window_) glfwSwapInterval(interval);
}

bool GlWindow::should_close() const { return window_ && glfwWindowShouldClose(window_); }

}  // namespace lsd::view
