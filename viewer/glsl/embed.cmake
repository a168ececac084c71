# The renderer's GLSL sources (viewer/glsl/*) as one C++ header (OUT ending
# in .hpp: constexpr strings kGlsl_NAME, NAME the file's with '.' as '_') or
# one script for the page (OUT ending in .js: the object kGlsl, its keys the
# same names). The viewer (viewer/shaders.cpp) and the page
# (web/site/js/shaders.js) compose their programs from these alone, each
# with its own version line and the segments' texel() fetch.
# cmake -DDIR=viewer/glsl -DOUT=file -P embed.cmake
file(GLOB sources RELATIVE ${DIR} ${DIR}/*.glsl ${DIR}/*.vert ${DIR}/*.frag)
list(SORT sources)
if(OUT MATCHES "\\.js$")
  set(text "// Generated from viewer/glsl/ by viewer/glsl/embed.cmake: do not edit.\n'use strict';\nconst kGlsl = {\n")
else()
  set(text "// Generated from viewer/glsl/ by viewer/glsl/embed.cmake: do not edit.\n#pragma once\nnamespace lsd::view {\n")
endif()
foreach(name ${sources})
  file(READ ${DIR}/${name} body)
  string(REPLACE "." "_" id ${name})
  if(OUT MATCHES "\\.js$")
    string(APPEND text "  ${id}: `${body}`,\n")
  else()
    string(APPEND text "inline constexpr const char* kGlsl_${id} = R\"glsl(${body})glsl\";\n")
  endif()
endforeach()
if(OUT MATCHES "\\.js$")
  string(APPEND text "};\n")
else()
  string(APPEND text "}  // namespace lsd::view\n")
endif()
file(WRITE ${OUT}.tmp "${text}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUT}.tmp)
