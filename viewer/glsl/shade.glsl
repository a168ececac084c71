// Every lit primitive shares this shading: a key light and a fill light
// fixed to the camera, a sky/ground hemisphere ambient and a touch of
// specular. Colours are sRGB; lighting is done in linear space (gamma 2:
// cheap on llvmpipe, close to sRGB).
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
