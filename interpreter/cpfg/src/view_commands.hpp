// The commands of a cpfg view file that view.cpp reads (docs/language.md
// 9.2, 9.5), for "did you mean" after an unknown one. view_test checks that
// none of them is unknown to read_view.
#pragma once
#include <string>
#include <vector>

namespace lsd::interp::detail {

inline const std::vector<std::string>& view_command_names() {
  static const std::vector<std::string> names{
      "angle factor", "angle increment", "initial color", "color increment", "initial line width",
      "line width increment", "line style", "initial scale", "scale multiplier", "tropism direction",
      "initial elasticity", "elasticity increment", "tropism", "torque", "contour sides", "polygonization level",
      "contour", "function", "function set", "curve", "surface", "interpretation past %", "twist of cylinders",
      "tapered lines", "concave polygons", "cue range", "interpretation step", "environment display",
      "generate on view change", "font", "winfont", "viewpoint", "view reference point", "twist", "projection",
      "front distance", "back distance", "scale factor", "z buffer", "box", "viewing angle", "min zoom",
      "max zoom", "light", "light direction", "diffuse reflection", "surface ambient", "surface diffuse",
      "render mode", "shade mode", "shadow map", "antialiasing", "ambient light", "background color", "texture",
      "tsurface", "line", "background scene", "blob", "rayshade objects", "rayshade scale"};
  return names;
}

}  // namespace lsd::interp::detail
