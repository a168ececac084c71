// Texture images: stb_image for the common formats, and a reader of SGI's
// RGB format (Paul Haeberli's "The SGI Image File Format", version 1.0),
// which stb_image lacks and the vlab models use (.rgb).
#include "interpreter/cpfg/texture.hpp"

#include <stb_image.h>        // implementation: Debian's libstb (pkg-config stb)
#include <stb_image_write.h>

#include <algorithm>
#include <cstring>

#include "common/limits.hpp"
#include "interpreter/cpfg/trust.hpp"

namespace lsd::interp {
namespace {

bool size_allowed(long w, long h) {
  return w >= 1 && h >= 1 && w <= limits::kImageSide && h <= limits::kImageSide &&
         std::size_t(w) * std::size_t(h) <= limits::kImagePixels;
}
const std::string kTooLarge = std::string("larger than ") + limits::kImageSizeText;

unsigned be16(const std::uint8_t* p) { return unsigned(p[0]) << 8 | p[1]; }
std::uint32_t be32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | p[3];
}

// An SGI image: a 512-byte header (magic 474, storage, bytes per channel,
// dimension, xsize, ysize, zsize), then the channels plane by plane, each
// bottom row first, verbatim or run-length encoded with a table of row
// offsets and lengths.
struct Bytes {
  const std::uint8_t* p;
  std::size_t n;
  std::size_t size() const { return n; }
  const std::uint8_t& operator[](std::size_t i) const { return p[i]; }
};

bool read_sgi(const Bytes& f, Texture& out, std::string& why) {
  if (f.size() < 512) return why = "an SGI image shorter than its header", false;
  const bool rle = f[2] == 1;
  const int bpc = f[3];
  const unsigned dim = be16(&f[4]);
  const int xs = int(be16(&f[6])), ys = dim >= 2 ? int(be16(&f[8])) : 1, zs = dim >= 3 ? int(be16(&f[10])) : 1;
  if (f[2] > 1 || (bpc != 1 && bpc != 2) || dim < 1 || dim > 3)
    return why = "an SGI image of a kind lsd does not read (storage " + std::to_string(f[2]) + ", " +
                 std::to_string(bpc) + " bytes per channel, dimension " + std::to_string(dim) + ")",
           false;
  if (xs < 1 || ys < 1 || zs < 1) return why = "an SGI image of no pixels", false;
  if (!size_allowed(xs, ys))
    return why = "an SGI image of " + std::to_string(xs) + " x " + std::to_string(ys) + " pixels, " + kTooLarge, false;
  const std::size_t row_bytes = std::size_t(xs) * bpc, rows = std::size_t(ys) * zs;
  const int channels = std::min(zs, 4);
  // the data the pixels need, before the pixels are made
  if (!rle && 512 + std::size_t(channels) * ys * row_bytes > f.size()) return why = "an SGI image cut short", false;
  if (rle && 512 + 8 * rows > f.size()) return why = "an SGI image cut short (its row tables)", false;
  std::vector<std::uint8_t> row(row_bytes);
  out.width = xs;
  out.height = ys;
  out.rgba.assign(std::size_t(xs) * ys * 4, 255);
  for (int z = 0; z < channels; ++z)
    for (int y = 0; y < ys; ++y) {
      const std::size_t r = std::size_t(z) * ys + y;
      if (!rle) {
        const std::size_t at = 512 + r * row_bytes;
        if (at + row_bytes > f.size()) return why = "an SGI image cut short", false;
        std::memcpy(row.data(), &f[at], row_bytes);
      } else {
        if (512 + 8 * rows > f.size()) return why = "an SGI image cut short (its row tables)", false;
        std::size_t at = be32(&f[512 + 4 * r]);
        const std::size_t len = be32(&f[512 + 4 * rows + 4 * r]);
        if (at > f.size() || len > f.size() - at) return why = "an SGI image whose rows point past its end", false;
        const std::size_t end = at + len;
        std::size_t o = 0;  // bytes of the row written
        auto next = [&](unsigned& v) {  // one value of bpc bytes
          if (at + bpc > end) return false;
          v = bpc == 1 ? f[at] : be16(&f[at]);
          at += bpc;
          return true;
        };
        for (unsigned head; next(head);) {
          const unsigned count = head & 0x7f;
          if (count == 0) break;
          if (o + count * bpc > row_bytes) return why = "an SGI image whose runs overflow their row", false;
          unsigned v = 0;
          if (!(head & 0x80) && !next(v)) return why = "an SGI image cut short in a run", false;
          for (unsigned k = 0; k < count; ++k) {
            if ((head & 0x80) && !next(v)) return why = "an SGI image cut short in a run", false;
            if (bpc == 1) row[o++] = std::uint8_t(v);
            else row[o++] = std::uint8_t(v >> 8), row[o++] = std::uint8_t(v);
          }
        }
      }
      for (int x = 0; x < xs; ++x) {
        const std::uint8_t v = row[std::size_t(x) * bpc];  // the high byte of 16-bit values
        std::uint8_t* px = &out.rgba[(std::size_t(y) * xs + x) * 4];
        if (zs >= 3) px[z] = v;
        else if (z == 0) px[0] = px[1] = px[2] = v;  // grey
        else px[3] = v;                              // grey and alpha
      }
    }
  return true;
}

}  // namespace

bool decode_image(const std::uint8_t* data, std::size_t size, const std::string& path, Texture& out,
                  std::string& error) {
  const Bytes f{data, size};
  out.file = path;
  std::string why;
  if (f.size() >= 2 && be16(f.p) == 474) {
    if (!read_sgi(f, out, why)) return error = "cannot read the image '" + path + "': " + why, false;
    return true;
  }
  int w = 0, h = 0, n = 0;
  if (f.size() > std::size_t(INT32_MAX) || !stbi_info_from_memory(f.p, int(f.size()), &w, &h, &n)) {
    const char* reason = f.size() > std::size_t(INT32_MAX) ? nullptr : stbi_failure_reason();
    return error = "cannot read the image '" + path + "': not an image lsd reads (PNG, JPEG, BMP, TGA, GIF, SGI RGB)" +
                   (reason ? std::string(": stb_image says '") + reason + "'" : std::string()),
           false;
  }
  if (!size_allowed(w, h))
    return error = "the image '" + path + "' (" + std::to_string(w) + " x " + std::to_string(h) + " pixels) is " +
                   kTooLarge,
           false;
  stbi_uc* px = stbi_load_from_memory(f.p, int(f.size()), &w, &h, &n, 4);
  if (!px) return error = "cannot read the image '" + path + "': " + stbi_failure_reason(), false;
  out.width = w;
  out.height = h;
  out.rgba.resize(std::size_t(w) * h * 4);
  const std::size_t stride = std::size_t(w) * 4;
  for (int y = 0; y < h; ++y)  // bottom row first
    std::memcpy(&out.rgba[std::size_t(y) * stride], px + std::size_t(h - 1 - y) * stride, stride);
  stbi_image_free(px);
  return true;
}

bool read_image(const std::string& path, Texture& out, std::string& error) {
  std::string bytes;
  if (!read_model_file(path, limits::kImageFileBytes, limits::kImageFileBytesText, bytes, error)) return false;
  return decode_image(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(), path, out, error);
}

std::string texture_png(const Texture& t) {
  std::string png;
  const std::size_t stride = std::size_t(t.width) * 4;
  if (t.width <= 0 || t.height <= 0 || t.rgba.size() != stride * std::size_t(t.height)) return png;
  std::vector<std::uint8_t> top_first(t.rgba.size());
  for (int y = 0; y < t.height; ++y)
    std::memcpy(&top_first[std::size_t(y) * stride], &t.rgba[std::size_t(t.height - 1 - y) * stride], stride);
  auto append = [](void* ctx, void* data, int size) {
    static_cast<std::string*>(ctx)->append(static_cast<const char*>(data), std::size_t(size));
  };
  stbi_write_png_to_func(append, &png, t.width, t.height, 4, top_first.data(), int(stride));
  return png;
}

}  // namespace lsd::interp
