// The impostor's normal turns from one side through the eye to the other
// across the quad, as a cylinder's does; a line (v_u = 0) faces the eye.
in vec3 v_color;
in vec3 v_world;
in vec3 v_side;
in vec3 v_view;
in float v_u;
out vec4 frag;
void main() {
  float u = clamp(v_u, -1.0, 1.0);
  vec3 n = normalize(v_side * u + v_view * sqrt(1.0 - u * u));
  frag = shade(n, v_color, v_world);
}
