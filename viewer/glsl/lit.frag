in vec3 v_normal;
in vec3 v_color;
in vec3 v_world;
out vec4 frag;
void main() {
  vec3 n = normalize(v_normal);
  if (!gl_FrontFacing) n = -n;
  frag = shade(n, v_color, v_world);
}
