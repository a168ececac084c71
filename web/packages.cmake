# The header libraries from Debian, found for the WebAssembly build (make web;
# docs/web.md). Emscripten's CMake platform looks for packages only inside
# its own sysroot, so each package's Debian configuration is named here; and
# /usr/include must never reach the compiler (its C library headers would
# shadow Emscripten's), so it is treated as an implicit directory (CMake
# drops it from every command line) and the libraries that live directly in
# it are reached through a folder of links instead.
set(LSD_WEB_INCLUDE ${CMAKE_BINARY_DIR}/web-include)
file(MAKE_DIRECTORY ${LSD_WEB_INCLUDE})
foreach(entry tao fast_float nlohmann tiny_gltf.h)
  if(NOT EXISTS /usr/include/${entry})
    message(FATAL_ERROR "/usr/include/${entry} is missing: run scripts/setup.sh")
  endif()
  file(CREATE_LINK /usr/include/${entry} ${LSD_WEB_INCLUDE}/${entry} SYMBOLIC)
endforeach()
include_directories(SYSTEM ${LSD_WEB_INCLUDE})
list(APPEND CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES /usr/include)

# Each package's configuration file where Debian installs it.
function(lsd_web_package name pattern)
  file(GLOB dirs LIST_DIRECTORIES true ${pattern})
  list(LENGTH dirs n)
  if(n EQUAL 0)
    message(FATAL_ERROR "no CMake configuration of ${name} at ${pattern}: run scripts/setup.sh")
  endif()
  list(GET dirs 0 dir)
  set(${name}_DIR ${dir} CACHE PATH "${name}'s CMake configuration (the WebAssembly build)")
endfunction()
lsd_web_package(Eigen3 /usr/share/eigen3/cmake)
lsd_web_package(pegtl /usr/share/pegtl/cmake)
lsd_web_package(FastFloat /usr/lib/cmake/FastFloat)
lsd_web_package(nlohmann_json /usr/share/cmake/nlohmann_json)
lsd_web_package(dragonbox /usr/lib/*/cmake/dragonbox-*)

# tinygltf and stb_image are compiled from their headers into the module
# (web/src/header_libraries.cpp): Debian's shared libraries are for the
# host, and its TinyGLTF configuration (64-bit) refuses a 32-bit build. The
# package is the header alone.
set(tinygltf_config ${CMAKE_BINARY_DIR}/web-packages/TinyGLTFConfig.cmake)
file(WRITE ${tinygltf_config} "if(NOT TARGET TinyGLTF::TinyGLTF)\n  add_library(TinyGLTF::TinyGLTF INTERFACE IMPORTED)\nendif()\n")
set(TinyGLTF_DIR ${CMAKE_BINARY_DIR}/web-packages CACHE PATH "TinyGLTF's CMake configuration (the WebAssembly build)" FORCE)
# pkg-config's stb: the headers only.
set(stb_pc ${CMAKE_BINARY_DIR}/web-pkgconfig/stb.pc)
file(WRITE ${stb_pc} "Name: stb\nDescription: stb headers\nVersion: 0.0\nCflags: -I/usr/include/stb\n")
set(ENV{PKG_CONFIG_LIBDIR} ${CMAKE_BINARY_DIR}/web-pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")

# WebAssembly's 128-bit vector instructions (every browser of the last years
# has them): the dynamics step is about a fifth faster with them.
add_compile_options(-msimd128)
add_link_options(-msimd128)
