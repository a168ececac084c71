// The unit cylinder has radius 1 around z, from z = 0 to 1; each instance
// places it from p0 to p1 with its radius (after lit_outputs.vert).
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec3 i_p0;
layout(location = 3) in vec3 i_p1;
layout(location = 4) in float i_radius;
layout(location = 5) in vec4 i_color;
void main() {
  vec3 d = i_p1 - i_p0;
  float len = length(d);
  vec3 z = len > 1e-30 ? d / len : vec3(0.0, 1.0, 0.0);
  vec3 helper = abs(z.y) < 0.9 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
  vec3 x = normalize(cross(helper, z));
  vec3 y = cross(z, x);
  vec3 w = i_p0 + (x * a_pos.x + y * a_pos.y) * i_radius + z * (a_pos.z * len);
  emit(w, x * a_normal.x + y * a_normal.y + z * a_normal.z, i_color.rgb);
}
