layout(location = 0) in vec3 a_pos;
layout(location = 2) in vec3 i_centre;
layout(location = 3) in float i_radius;
layout(location = 4) in vec4 i_color;
void main() {
  emit(i_centre + a_pos * i_radius, a_pos, i_color.rgb);
}
