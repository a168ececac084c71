// OpenGL 3.3 core functions straight from libGL (GL_GLEXT_PROTOTYPES with
// <GL/glcorearb.h>, through GLFW's header): no loader library. Include it
// first in every source file that calls OpenGL.
#pragma once
#define GL_GLEXT_PROTOTYPES 1
#define GLFW_INCLUDE_GLCOREARB 1
#include <GLFW/glfw3.h>
