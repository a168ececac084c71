// Segments are drawn without instancing (llvmpipe and SwiftShader pay per
// instance): each vertex pulls its segment's record, two RGBA32UI texels
// (the CylinderInstance layout of draw_lists.hpp), with texel(i), which
// each platform defines before this (a buffer texture natively; WebGL2 has
// none: a 2-D integer texture, row by row), and builds its corner from
// gl_VertexID. u_mode 0: a camera-facing quad of 6 vertices whose fragment
// normal is that of a cylinder (an impostor); 1: a line of 2 vertices; 2: a
// capped prism of u_sides sides, 12 u_sides vertices.
uniform int u_sides;
uniform int u_first;
uniform int u_mode;
uniform mat4 u_view_proj;
uniform vec3 u_eye;
out vec3 v_color;
out vec3 v_world;
out vec3 v_side;
out vec3 v_view;
out float v_u;
const vec2 kQuad[6] = vec2[6](vec2(0, -1), vec2(1, -1), vec2(1, 1), vec2(0, -1), vec2(1, 1), vec2(0, 1));
const float kTau = 6.28318530718;
void main() {
  int kSides = u_sides;
  int per = u_mode == 0 ? 6 : u_mode == 1 ? 2 : 12 * kSides;
  int inst = u_first + gl_VertexID / per;
  int corner = gl_VertexID - (gl_VertexID / per) * per;
  uvec4 a = texel(2 * inst);
  uvec4 b = texel(2 * inst + 1);
  vec3 p0 = uintBitsToFloat(a.xyz);
  vec3 p1 = vec3(uintBitsToFloat(a.w), uintBitsToFloat(b.x), uintBitsToFloat(b.y));
  float r = uintBitsToFloat(b.z);
  v_color = vec3(float(b.w & 255u), float((b.w >> 8) & 255u), float((b.w >> 16) & 255u)) / 255.0;
  vec3 d = p1 - p0;
  float dd = dot(d, d);
  vec3 w;
  if (u_mode == 2) {
    // The prism: side quads first, then the bottom and the top fans.
    float len = sqrt(dd);
    vec3 z = len > 1e-30 ? d / len : vec3(0.0, 1.0, 0.0);
    vec3 x = normalize(cross(abs(z.y) < 0.9 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0), z));
    vec3 y = cross(z, x);
    int k;
    float h;
    vec3 n;
    bool centre = false;
    if (corner < 6 * kSides) {
      int j = corner - (corner / 6) * 6;
      k = corner / 6 + ((j == 1 || j == 2 || j == 4) ? 1 : 0);
      h = (j == 2 || j == 4 || j == 5) ? 1.0 : 0.0;
      float ang = kTau * float(k) / float(kSides);
      n = x * cos(ang) + y * sin(ang);
    } else {
      int c = corner - 6 * kSides;
      int top = c / (3 * kSides);
      int t = (c - top * 3 * kSides) / 3;
      int j = c - (c / 3) * 3;
      centre = j == 0;
      k = t + ((top == 0) == (j == 1) ? 1 : 0);
      h = float(top);
      n = top == 1 ? z : -z;
    }
    float ang = kTau * float(k) / float(kSides);
    vec3 radial = x * cos(ang) + y * sin(ang);
    w = p0 + d * h + (centre ? vec3(0.0) : radial * r);
    v_side = n;
    v_view = n;
    v_u = 0.0;
  } else {
    vec2 q = u_mode == 0 ? kQuad[corner] : vec2(float(corner), 0.0);
    vec3 mid = mix(p0, p1, q.x);
    vec3 e = u_eye - mid;
    vec3 view = dd > 1e-30 ? e - d * (dot(d, e) / dd) : e;
    view = dot(view, view) > 1e-30 ? normalize(view) : vec3(0.0, 0.0, 1.0);
    vec3 side = cross(d, view);
    side = dot(side, side) > 1e-30 ? normalize(side) : vec3(1.0, 0.0, 0.0);
    w = mid + side * (q.y * r);
    v_side = side;
    v_view = view;
    v_u = q.y;
  }
  v_world = w;
  gl_Position = u_view_proj * vec4(w, 1.0);
}
