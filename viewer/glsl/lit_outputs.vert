// The outputs that every lit mesh's vertex shader shares; emit() sets them
// for the vertex at world point w with normal n and colour c.
uniform mat4 u_view_proj;
out vec3 v_normal;
out vec3 v_color;
out vec3 v_world;
void emit(vec3 w, vec3 n, vec3 c) {
  v_normal = n;
  v_color = c;
  v_world = w;
  gl_Position = u_view_proj * vec4(w, 1.0);
}
