// Offscreen pictures, which need no display: the context is headless
// (EGL, gl_context.hpp), Mesa's llvmpipe is enough.
#include "viewer/gl.hpp"
#include "viewer/offscreen.hpp"

#include <stb_image_write.h>  // implementation: Debian's libstb (pkg-config stb)

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "common/limits.hpp"
#include "interpreter/lsystem/files.hpp"

namespace lsd::view {
namespace {

constexpr int kMaxPictureSize = limits::kPictureSide;

// Reads (0, 0, width, height) of the bound read framebuffer as rows of RGB
// bytes, top row first: OpenGL's rows run bottom-up, PNG's top-down.
void read_rgb_rows(int width, int height, std::vector<std::uint8_t>* rgb) {
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  std::vector<std::uint8_t> rgba(std::size_t(width) * height * 4);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  rgb->resize(std::size_t(width) * height * 3);
  for (int y = 0; y < height; ++y) {
    const std::uint8_t* src = rgba.data() + std::size_t(height - 1 - y) * width * 4;
    std::uint8_t* dst = rgb->data() + std::size_t(y) * width * 3;
    for (int x = 0; x < width; ++x) std::copy(src + 4 * x, src + 4 * x + 3, dst + 3 * x);
  }
}

// A framebuffer of one colour renderbuffer (and a depth one when depth is
// not null) of `samples` (0: a plain one). False when it is incomplete.
bool make_framebuffer(int width, int height, int samples, unsigned* fbo, unsigned* color, unsigned* depth) {
  glGenFramebuffers(1, fbo);
  glGenRenderbuffers(1, color);
  glBindRenderbuffer(GL_RENDERBUFFER, *color);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, *fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *color);
  if (depth) {
    glGenRenderbuffers(1, depth);
    glBindRenderbuffer(GL_RENDERBUFFER, *depth);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT24, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, *depth);
  }
  const bool ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return ok;
}

std::string size_text(int width, int height) { return std::to_string(width) + "x" + std::to_string(height); }

}  // namespace

int antialias_samples(std::size_t primitives, int requested) {
  if (requested >= 0) return requested;
  return primitives > kMaxAntialiasedPrimitives ? 0 : kAntialiasSamples;
}

// ---------------------------------------------------------------- OffscreenTarget

bool OffscreenTarget::ensure(int width, int height, int samples, std::string* error) {
  if (fbo_ && width == width_ && height == height_ && samples == samples_) return true;
  release();
  GLint max_size = 0, max_samples = 0;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  if (width <= 0 || height <= 0 || width > max_size || height > max_size) {
    if (error) *error = "picture size " + size_text(width, height) + " is outside 1.." + std::to_string(max_size);
    return false;
  }
  if (!make_framebuffer(width, height, std::clamp(samples, 0, int(max_samples)), &fbo_, &color_, &depth_)) {
    release();
    if (error) *error = "cannot create an offscreen framebuffer of " + size_text(width, height);
    return false;
  }
  width_ = width;
  height_ = height;
  samples_ = samples;
  return true;
}

bool OffscreenTarget::ensure_resolve() {
  if (resolve_fbo_) return true;
  return make_framebuffer(width_, height_, 0, &resolve_fbo_, &resolve_color_, nullptr);
}

void OffscreenTarget::bind() const { glBindFramebuffer(GL_FRAMEBUFFER, fbo_); }

void OffscreenTarget::resolve_into(unsigned framebuffer, int x) const {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
  glBlitFramebuffer(0, 0, width_, height_, x, 0, x + width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

bool OffscreenTarget::read_rgb(std::vector<std::uint8_t>* rgb, std::string* error) {
  if (!ensure_resolve()) {
    if (error) *error = "cannot create an offscreen framebuffer of " + size_text(width_, height_);
    return false;
  }
  resolve_into(resolve_fbo_, 0);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, resolve_fbo_);
  read_rgb_rows(width_, height_, rgb);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return true;
}

void OffscreenTarget::release() {
  for (unsigned* fbo : {&fbo_, &resolve_fbo_})
    if (*fbo) glDeleteFramebuffers(1, fbo);
  for (unsigned* rb : {&color_, &depth_, &resolve_color_})
    if (*rb) glDeleteRenderbuffers(1, rb);
  fbo_ = color_ = depth_ = resolve_fbo_ = resolve_color_ = 0;
  width_ = height_ = 0;
  samples_ = -1;
}

void read_back_buffer(int width, int height, std::vector<std::uint8_t>* rgb) {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  // The buffer drawn into: a window's back buffer, or a headless pbuffer's.
  GLint drawn = GL_BACK;
  glGetIntegerv(GL_DRAW_BUFFER, &drawn);
  glReadBuffer(GLenum(drawn));
  read_rgb_rows(width, height, rgb);
}

// ---------------------------------------------------------------- pictures

bool render_offscreen(const Renderer& r, const Camera& cam, int width, int height, const RenderOptions& opt,
                      std::vector<std::uint8_t>* rgb, std::string* error, OffscreenTarget* keep) {
  OffscreenTarget local;
  OffscreenTarget& target = keep ? *keep : local;
  if (!target.ensure(width, height, antialias_samples(r.primitive_count(), opt.samples), error)) return false;
  target.bind();
  r.draw(cam, width, height, opt);
  const bool ok = target.read_rgb(rgb, error);
  const GLenum gl_error = glGetError();
  local.release();
  if (ok && gl_error != GL_NO_ERROR) {
    if (error) *error = "OpenGL error " + std::to_string(gl_error) + " while rendering";
    return false;
  }
  return ok;
}

// ---------------------------------------------------------------- PictureMaker

bool PictureMaker::open(int width, int height, std::string* error) {
  close();
  if (!gl_.open({64, 64, "lsd render", false, true}, error)) return false;  // headless
  if (!renderer_.init(error)) {
    renderer_.release();
    gl_.close();
    return false;
  }
  width_ = width;
  height_ = height;
  open_ = true;
  return true;
}

bool PictureMaker::draw(const interp::Geometry& g, const Camera* cam, const RenderOptions& opt,
                        std::vector<std::uint8_t>* rgb, std::string* error) {
  renderer_.upload(g);
  const Camera c = cam ? *cam : frame_geometry(g, double(width_) / height_);
  return render_offscreen(renderer_, c, width_, height_, opt, rgb, error, &target_);
}

void PictureMaker::close() {
  if (!open_) return;
  target_.release();  // while the context is current
  renderer_.release();
  gl_.close();
  open_ = false;
}

bool write_png(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgb,
               std::string* error) {
  interp::StagedFile file;  // not synced: a picture is drawn again (docs/language.md 8.5)
  if (!file.open(path, error, interp::Durability::kReplaced)) return false;
  stbi_write_png_compression_level = 5;  // the default 8 is slow and hardly smaller
  const auto write = [](void* f, void* data, int size) {
    static_cast<interp::StagedFile*>(f)->write(std::string_view(static_cast<const char*>(data), std::size_t(size)));
  };
  if (!stbi_write_png_to_func(write, &file, width, height, 3, rgb.data(), width * 3)) {
    if (error) *error = "cannot encode the picture '" + path + "'";
    return false;
  }
  return file.commit(error);
}

bool render_png(const interp::Geometry& g, int width, int height, const std::string& path, std::string* error) {
  return render_png(g, width, height, path, nullptr, RenderOptions{}, error);
}

bool render_png(const interp::Geometry& g, int width, int height, const std::string& path, const Camera* cam,
                const RenderOptions& opt, std::string* error) {
  if (width <= 0 || height <= 0 || width > kMaxPictureSize || height > kMaxPictureSize) {
    if (error) *error = "picture size must be between 1x1 and " + size_text(kMaxPictureSize, kMaxPictureSize);
    return false;
  }
  PictureMaker pictures;
  std::vector<std::uint8_t> rgb;
  const bool ok = pictures.open(width, height, error) && pictures.draw(g, cam, opt, &rgb, error);
  pictures.close();
  return ok && write_png(path, width, height, rgb, error);
}

}  // namespace lsd::view
