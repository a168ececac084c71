// The renderer's GLSL programs in GLSL ES 3.00 for WebGL2, composed from the
// native renderer's sources (viewer/glsl/, which the build writes into
// glsl.js as kGlsl): a version line, then the chunks in order. The one
// change: WebGL2 has no buffer textures, so the segments' records are
// pulled from a 2-D integer texture, row by row, by texel(i)
// (segment.vert; instancing, which SwiftShader charges per instance as
// llvmpipe does, would cost more than the drawing).
'use strict';

const kHeader = '#version 300 es\nprecision highp float;\nprecision highp int;\n';
const kInstRow = 4096;  // texels per row of the segments' texture (renderer.js)
const kTextureTexel = `
uniform highp usampler2D u_inst;
uvec4 texel(int i) { return texelFetch(u_inst, ivec2(i % ${kInstRow}, i / ${kInstRow}), 0); }
`;

const program = (...chunks) => kHeader + chunks.join('');
const kLitFragment = program(kGlsl.shade_glsl, kGlsl.lit_frag);
const litMesh = (vertex) => program(kGlsl.lit_outputs_vert, vertex);

// The programs by name: [vertex, fragment].
const kPrograms = {
  segment: [program(kTextureTexel, kGlsl.segment_vert), program(kGlsl.shade_glsl, kGlsl.segment_frag)],
  sphere: [litMesh(kGlsl.sphere_vert), kLitFragment],
  polygon: [litMesh(kGlsl.polygon_vert), kLitFragment],
  textured: [litMesh(kGlsl.textured_vert), program(kGlsl.shade_glsl, kGlsl.textured_frag)],
  grid: [program(kGlsl.grid_vert), program(kGlsl.grid_frag)],
};
