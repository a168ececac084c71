// Grid lines fade out toward the rim of the grid.
layout(location = 0) in vec4 a_pos_major;
uniform mat4 u_view_proj;
out vec2 v_xz;
out float v_major;
void main() {
  v_xz = a_pos_major.xz;
  v_major = a_pos_major.w;
  gl_Position = u_view_proj * vec4(a_pos_major.xyz, 1.0);
}
