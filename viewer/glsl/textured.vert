// Textured polygons (cpfg's textures): the texture coordinates ride along.
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec4 a_color;
layout(location = 3) in vec2 a_uv;
out vec2 v_uv;
void main() {
  v_uv = a_uv;
  emit(a_pos, a_normal, a_color.rgb);
}
