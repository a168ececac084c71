// cpfg's textures (CPFG manual 6.7.4 and 8.1.7): images named by the view
// file's `texture:` lines, chosen by @Tx(id), mapped on surfaces, cylinders,
// generalized cylinders and polygons. The image is read here, once, as RGBA
// bytes with the bottom row first (OpenGL's order, and that of SGI files);
// the renderer and the exports take it from the Geometry.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace lsd::interp {

struct Texture {
  std::string file;                 // the image file, as found
  int width = 0, height = 0;        // pixels
  std::vector<std::uint8_t> rgba;   // width x height x 4, bottom row first
  bool decal = false;               // E: d — the texel's colour, unshaded; else modulate (surface x texel)
  bool smooth_magnify = false;      // H: l — linear, else nearest
  bool smooth_minify = false;       // L: l or m... — linear, else nearest
  bool mipmap = false;              // L: m, mll, mnl, ... — with mipmaps
  bool per_surface = false;         // S: — one mapping over a whole surface, not one per patch
  double ratio = 1;                 // R: — the aspect of the texture on cylinders (> 1 stretches it along)
};

// Reads an image: PNG, JPEG, BMP, TGA, ... (stb_image) or SGI's RGB format
// (.rgb, .rgba, .bw; greyscale, RGB or RGBA, verbatim or run-length
// encoded, 8 or 16 bits), which stb_image does not read. Files and images
// beyond common/limits.hpp's (256 MiB; 16384 pixels on a side, 2^26 in all)
// are refused. False with a message naming the file.
bool read_image(const std::string& path, Texture& out, std::string& error);
// The same from the file's bytes (`path` names it in messages).
bool decode_image(const std::uint8_t* data, std::size_t size, const std::string& path, Texture& out,
                  std::string& error);

// The image as PNG bytes, top row first (for the exports); empty when the
// texture has no image.
std::string texture_png(const Texture& t);

// The increase of cpfg's texture coordinate t along a cylinder of `width`
// and `length`: the texture's full width wraps the circumference once, and
// its height covers ratio x height / width of that along the axis.
inline double texture_advance(const Texture& t, double width, double length) {
  if (!(width > 0) || t.width <= 0 || t.height <= 0 || !(t.ratio > 0)) return 0;
  return length / (3.14159265358979323846 * width) * t.width / t.height / t.ratio;
}

}  // namespace lsd::interp
