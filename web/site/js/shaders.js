// The renderer's GLSL programs in GLSL ES 3.00 for WebGL2: the native
// renderer's (viewer/shaders.cpp) ported. The one change: WebGL2 has no
// buffer textures, so the segments' records are pulled by gl_VertexID from
// a 2-D integer texture, row by row (instancing, which SwiftShader charges
// per instance as llvmpipe does, would cost more than the drawing).
'use strict';

const kHeader = '#version 300 es\nprecision highp float;\nprecision highp int;\n';

// Every lit primitive shares this shading: a key light and a fill light
// fixed to the camera, a sky/ground hemisphere ambient and a touch of
// specular. Colours are sRGB; lighting is done in linear space (gamma 2).
const kShade = `
uniform vec3 u_eye;
uniform vec3 u_key;
uniform vec3 u_fill;
vec4 shade(vec3 n, vec3 color, vec3 world) {
  vec3 base = color * color;
  vec3 v = normalize(u_eye - world);
  float key = max(dot(n, u_key), 0.0);
  float fill = max(dot(n, u_fill), 0.0);
  float hemi = 0.5 + 0.5 * n.y;
  vec3 ambient = mix(vec3(0.10, 0.09, 0.08), vec3(0.26, 0.29, 0.34), hemi);
  float s = max(dot(n, normalize(u_key + v)), 0.0);
  s *= s; s *= s; s *= s; s *= s; s *= s;
  float rim = 1.0 - max(dot(n, v), 0.0);
  rim = rim * rim * rim * 0.12;
  vec3 c = base * (ambient + key * vec3(1.00, 0.96, 0.90) * 0.95 + fill * vec3(0.30, 0.34, 0.42))
         + vec3(0.10 * s) + rim * vec3(0.6, 0.65, 0.7);
  return vec4(sqrt(c), 1.0);
}
`;

const kLitFragment = kHeader + kShade + `
in vec3 v_normal;
in vec3 v_color;
in vec3 v_world;
out vec4 frag;
void main() {
  vec3 n = normalize(v_normal);
  if (!gl_FrontFacing) n = -n;
  frag = shade(n, v_color, v_world);
}
`;

// The impostor's normal turns from one side through the eye to the other
// across the quad, as a cylinder's does; a line (v_u = 0) faces the eye.
const kSegmentFragment = kHeader + kShade + `
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
`;

const kLitVertexOutputs = `
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
`;

// Segments are drawn without instancing: each vertex pulls its segment
// from the texture u_inst, two RGBA32UI texels per segment (the
// CylinderInstance layout of draw_lists.hpp) laid out in rows of
// kInstRow texels, and builds its corner from gl_VertexID. u_mode 0: a
// camera-facing quad of 6 vertices whose fragment normal is that of a
// cylinder (an impostor); 1: a line of 2 vertices; 2: a capped prism of
// u_sides sides, 12 u_sides vertices.
const kInstRow = 4096;
const kSegmentVertex = kHeader + `
uniform int u_sides;
uniform highp usampler2D u_inst;
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
uvec4 texel(int i) { return texelFetch(u_inst, ivec2(i % ${kInstRow}, i / ${kInstRow}), 0); }
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
`;

const kSphereVertex = kHeader + `
layout(location = 0) in vec3 a_pos;
layout(location = 2) in vec3 i_centre;
layout(location = 3) in float i_radius;
layout(location = 4) in vec4 i_color;
` + kLitVertexOutputs + `void main() {
  emit(i_centre + a_pos * i_radius, a_pos, i_color.rgb);
}
`;

const kPolygonVertex = kHeader + `
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec4 a_color;
` + kLitVertexOutputs + `void main() {
  emit(a_pos, a_normal, a_color.rgb);
}
`;

// Textured polygons (cpfg's textures): the texture coordinates ride along.
const kTexturedVertex = kHeader + `
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec4 a_color;
layout(location = 3) in vec2 a_uv;
out vec2 v_uv;
` + kLitVertexOutputs + `void main() {
  v_uv = a_uv;
  emit(a_pos, a_normal, a_color.rgb);
}
`;

// As OpenGL's fixed pipeline did for cpfg: modulate multiplies the surface
// colour by the texel's before shading; decal shows the texel's colour
// unshaded, blended over the shaded surface by its alpha. Texels of alpha
// below 0.1 are cut away (cpfg's alpha test), the outline of a leaf image.
const kTexturedFragment = kHeader + kShade + `
in vec3 v_normal;
in vec3 v_color;
in vec3 v_world;
in vec2 v_uv;
uniform sampler2D u_texture;
uniform int u_decal;
out vec4 frag;
void main() {
  vec4 texel = texture(u_texture, v_uv);
  if (texel.a < 0.1) discard;
  vec3 n = normalize(v_normal);
  if (!gl_FrontFacing) n = -n;
  if (u_decal != 0) {
    frag = vec4(mix(shade(n, v_color, v_world).rgb, texel.rgb, texel.a), 1.0);
  } else {
    frag = shade(n, v_color * texel.rgb, v_world);
  }
}
`;

// Grid lines fade out toward the rim of the grid (per fragment: along a
// line the fade is not linear).
const kGridVertex = kHeader + `
layout(location = 0) in vec4 a_pos_major;
uniform mat4 u_view_proj;
out vec2 v_xz;
out float v_major;
void main() {
  v_xz = a_pos_major.xz;
  v_major = a_pos_major.w;
  gl_Position = u_view_proj * vec4(a_pos_major.xyz, 1.0);
}
`;

const kGridFragment = kHeader + `
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
`;

// The programs by name: [vertex, fragment].
const kPrograms = {
  segment: [kSegmentVertex, kSegmentFragment],
  sphere: [kSphereVertex, kLitFragment],
  polygon: [kPolygonVertex, kLitFragment],
  textured: [kTexturedVertex, kTexturedFragment],
  grid: [kGridVertex, kGridFragment],
};
