#include "draw_py.hpp"

#include <mutex>
#include <sstream>

#include "interpreter/cpfg/texture.hpp"
#include "interpreter/export/obj.hpp"
#include "interpreter/lsystem/files.hpp"
#ifdef LSD_HAVE_VIEWER
#include "viewer/camera_file.hpp"
#include "viewer/offscreen.hpp"
#endif

namespace lsd::py {

pyb::array_t<std::uint8_t> render_scene(const interp::Scene& scene, int width, int height, const CameraArgs& c) {
  if (width < 16 || height < 16 || width > 16384 || height > 16384)
    fail("render: width and height must be from 16 to 16384 pixels");
#ifdef LSD_HAVE_VIEWER
  view::CameraChoice choice;
  choice.azimuth = c.azimuth;
  choice.elevation = c.elevation;
  choice.distance = c.distance;
  choice.fov = c.fov;
  if (c.target) choice.target = view::Vec3((*c.target)[0], (*c.target)[1], (*c.target)[2]);
  if (choice.elevation && !(*choice.elevation >= -89 && *choice.elevation <= 89))
    fail("render: elevation must be from -89 to 89 degrees");
  if (choice.distance && !(*choice.distance > 0)) fail("render: distance must be above 0");
  if (choice.fov && !(*choice.fov >= 1 && *choice.fov <= 179)) fail("render: fov must be from 1 to 179 degrees");
  // Framed on the plant, its poles and spheres; the ground lies under them (as lsd render).
  const view::Camera cam = view::frame_choice(scene.without_ground(), double(width) / height, choice);
  std::vector<std::uint8_t> rgb;
  std::string error;
  {
    pyb::gil_scoped_release nogil;
    // One offscreen context for the process, reopened when the size changes;
    // never torn down (EGL's teardown at exit is not ours to order).
    static std::mutex lock;
    static auto* maker = new view::PictureMaker();
    static int open_w = 0, open_h = 0;
    std::lock_guard<std::mutex> hold(lock);
    bool ok = true;
    if (open_w != width || open_h != height) {
      maker->close();
      ok = maker->open(width, height, &error);
      open_w = ok ? width : 0;
      open_h = ok ? height : 0;
    }
    if (ok) ok = maker->draw(scene.geometry, &cam, {}, &rgb, &error);
    if (!ok) rgb.clear();
  }
  if (rgb.empty()) fail("render: " + error);
  pyb::array_t<std::uint8_t> out({pyb::ssize_t(height), pyb::ssize_t(width), pyb::ssize_t(3)});
  std::copy(rgb.begin(), rgb.end(), out.mutable_data());
  return out;
#else
  (void)scene, (void)c;
  fail("render: this lsd module was built without the renderer (LSD_VIEWER=OFF)");
#endif
}

pyb::array_t<double> segment_array(const interp::Geometry& g) {
  const std::vector<interp::Geometry::Segment> listed = interp::listed_segments(g);
  return new_array({pyb::ssize_t(listed.size()), 7}, [&](double* out) {
    for (const auto& s : listed)
      for (double v : {s.p0.x(), s.p0.y(), s.p0.z(), s.p1.x(), s.p1.y(), s.p1.z(), s.width}) *out++ = v;
  });
}

void write_obj_files(const interp::Geometry& g, const std::string& path) {
  const auto dot = path.rfind('.'), slash = path.rfind('/');
  if (dot == std::string::npos || path.substr(dot) != ".obj" || (slash != std::string::npos && dot < slash))
    fail("export_obj: '" + path + "' is not an .obj file");
  const std::string stem = path.substr(0, dot);
  const std::string stem_name = stem.substr(slash == std::string::npos ? 0 : slash + 1);
  std::ostringstream obj, mtl;
  interp::ObjOptions oo;
  oo.mtllib = stem_name + ".mtl";
  interp::write_obj(g, obj, oo);
  interp::write_mtl(g, mtl, stem_name);
  std::string error;
  const auto save = [&](const std::string& p, const std::string& content) {
    if (!interp::write_file_atomic(p, content, &error, interp::Durability::kReplaced)) fail("export_obj: " + error, p);
  };
  for (int t : interp::textures_used(g)) save(interp::texture_file(stem, t), interp::texture_png(*g.texture(t)));
  save(stem + ".mtl", mtl.str());
  save(path, obj.str());
}

}  // namespace lsd::py
