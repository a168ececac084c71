// libFuzzer target: arbitrary bytes as a texture image (interpreter/cpfg/
// texture.hpp): SGI RGB (verbatim or run-length, 8 or 16 bits, 1 to 4
// channels) by lsd's own reader, the other formats through stb_image, then
// written back as PNG as the exports do. Must never crash, hang or allocate
// beyond common/limits.hpp's image limits.
#include <cstddef>
#include <cstdint>
#include <string>

#include "interpreter/cpfg/texture.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  lsd::interp::Texture t;
  std::string error;
  if (lsd::interp::decode_image(data, size, "fuzz.rgb", t, error)) {
    if (t.rgba.size() != std::size_t(t.width) * std::size_t(t.height) * 4) __builtin_trap();
    if (t.rgba.size() <= (std::size_t(1) << 16)) (void)lsd::interp::texture_png(t);  // small ones: PNG is slow
  } else if (error.find("fuzz.rgb") == std::string::npos) {
    __builtin_trap();  // every message names the file
  }
  return 0;
}
