// As OpenGL's fixed pipeline did for cpfg: modulate multiplies the surface
// colour by the texel's before shading; decal shows the texel's colour
// unshaded, blended over the shaded surface by its alpha. Texels of alpha
// below 0.1 are cut away (cpfg's alpha test), the outline of a leaf image.
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
