// The implementations of the header libraries that Debian ships as host
// shared libraries (libstb, libtinygltf), compiled into the page's module:
// stb_image reads cpfg's texture images (interpreter/cpfg/src/texture.cpp),
// stb_image_write and tinygltf write the animated glTF
// (interpreter/export/src/gltf.cpp).
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image.h>
#include <stb_image_write.h>

#define TINYGLTF_IMPLEMENTATION
#define TINYGLTF_NO_INCLUDE_STB_IMAGE
#define TINYGLTF_NO_INCLUDE_STB_IMAGE_WRITE
#include <tiny_gltf.h>
