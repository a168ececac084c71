layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec4 a_color;
void main() {
  emit(a_pos, a_normal, a_color.rgb);
}
