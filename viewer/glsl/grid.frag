// The fade is computed per fragment: along a line it is not linear.
in vec2 v_xz;
in float v_major;
uniform vec3 u_centre;
uniform float u_radius;
uniform vec3 u_color;
out vec4 frag;
void main() {
  float fade = length(v_xz - u_centre.xz) / u_radius;
  float a = (1.0 - smoothstep(0.45, 1.0, fade)) * mix(0.55, 1.0, v_major);
  frag = vec4(u_color, a);
}
