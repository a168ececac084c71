// The drawing module's entry point (draw_module.hpp): the table of the
// viewer's functions and the frame writers of animations, as liblsd_draw.so
// exports them to lsd.
#include "viewer/draw_module.hpp"

#include "viewer/offscreen.hpp"
#include "viewer/video.hpp"

namespace lsd::view {
namespace {

class ModulePictures final : public Pictures {
 public:
  bool open(int width, int height, std::string* error) override { return maker_.open(width, height, error); }
  bool draw(const interp::Geometry& g, const Camera* cam, const RenderOptions& opt, std::vector<std::uint8_t>* rgb,
            std::string* error) override {
    return maker_.draw(g, cam, opt, rgb, error);
  }
  void close() override { maker_.close(); }

 private:
  PictureMaker maker_;
};

class ModuleVideo final : public Video {
 public:
  bool open(const std::string& path, int width, int height, double fps, std::string* error) override {
    return writer_.open(path, width, height, fps, error);
  }
  bool add(const std::vector<std::uint8_t>& rgb, std::string* error) override { return writer_.add(rgb, error); }
  bool finish(std::string* error) override { return writer_.finish(error); }

 private:
  VideoWriter writer_;
};

bool render_png_with(const interp::Geometry& g, int width, int height, const std::string& path, const Camera* cam,
                     const RenderOptions& opt, std::string* error) {
  return render_png(g, width, height, path, cam, opt, error);
}

const DrawModule kTable{
    kDrawModuleStamp,
    &run_viewer,
    &render_png_with,
    &write_png,
    []() -> std::unique_ptr<Pictures> { return std::make_unique<ModulePictures>(); },
    []() -> std::unique_ptr<Video> { return std::make_unique<ModuleVideo>(); },
};

}  // namespace
}  // namespace lsd::view

extern "C" const lsd::view::DrawModule* lsd_draw_module() { return &lsd::view::kTable; }
