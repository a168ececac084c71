// Pictures and exports of the Python module (docs/python.md): the scene of
// lsd render and lsd export, drawn by the same renderer.
#pragma once
#include "py_common.hpp"
#include "interpreter/scene/scene.hpp"

namespace lsd::py {

// The camera of a picture: unset values frame the plant as lsd render does.
struct CameraArgs {
  std::optional<double> azimuth, elevation, distance, fov;
  std::optional<std::array<double, 3>> target;
};

// An (h, w, 3) uint8 array of the scene as `lsd render` draws it.
pyb::array_t<std::uint8_t> render_scene(const interp::Scene& scene, int width, int height, const CameraArgs& cam);
// The (n, 7) array of lsd segments: x0, y0, z0, x1, y1, z1, width.
pyb::array_t<double> segment_array(const interp::Geometry& g);
// lsd export -o OUT.obj: the .obj, its .mtl and a cpfg model's textures.
void write_obj_files(const interp::Geometry& g, const std::string& path);

}  // namespace lsd::py
