// The page's WebGL2 renderer: the native renderer (viewer/renderer.cpp)
// drawing the same draw lists (viewer/draw_lists.hpp: built by the module
// from the same scene) with the same shaders in GLSL ES 3.00 (shaders.js).
// It runs in the Web Worker, on the page's canvas handed over as an
// OffscreenCanvas.
'use strict';

// The clear colour (renderer.hpp: kBackground) and the grid's contrast.
const kBackground = [0.925, 0.937, 0.949];
const kGridContrast = 40;
// Record sizes in bytes (draw_lists.hpp).
const kCylinderBytes = 32, kSphereBytes = 20, kPolygonBytes = 28, kTexturedBytes = 36, kMeshVertexBytes = 24;

class Renderer {
  constructor(gl, module) {
    this.gl = gl;
    this.programs = {};
    for (const [name, [vs, fs]] of Object.entries(kPrograms)) this.programs[name] = this.link(vs, fs, name);
    this.meshes = {};
    for (const kind of ['sphere', 'low sphere']) this.meshes[kind] = this.unitMesh(module.unitMesh(kind));
    const buffer = () => gl.createBuffer();
    this.cylinderTexture = gl.createTexture();  // the segments' records, pulled by the vertex shader
    this.spheres = buffer();
    this.polygons = buffer();
    this.textured = buffer();
    this.gridBuffer = buffer();
    this.segmentVao = gl.createVertexArray();  // no attributes: everything comes from the texture
    this.maxSegments = (kInstRow * gl.getParameter(gl.MAX_TEXTURE_SIZE)) >> 1;
    this.polygonVao = this.vertexArray(this.polygons, kPolygonBytes, false);
    this.texturedVao = this.vertexArray(this.textured, kTexturedBytes, true);
    this.gridVao = gl.createVertexArray();
    gl.bindVertexArray(this.gridVao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.gridBuffer);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 4, gl.FLOAT, false, 16, 0);
    gl.bindVertexArray(null);
    this.counts = { cylinders: 0, spheres: 0, polygons: 0, textured: 0, grid: 0 };
    this.ranges = [];
    this.textures = [];       // GL textures by id - 1 (null: no image)
    this.textureInfo = [];
    this.texturesKey = null;  // the images uploaded (kept while the model is the same)
  }

  link(vsSource, fsSource, name) {
    const gl = this.gl;
    const compile = (type, src) => {
      const sh = gl.createShader(type);
      gl.shaderSource(sh, src);
      gl.compileShader(sh);
      if (!gl.getShaderParameter(sh, gl.COMPILE_STATUS))
        throw new Error(`shader ${name} failed to compile: ${gl.getShaderInfoLog(sh)}`);
      return sh;
    };
    const prog = gl.createProgram();
    gl.attachShader(prog, compile(gl.VERTEX_SHADER, vsSource));
    gl.attachShader(prog, compile(gl.FRAGMENT_SHADER, fsSource));
    gl.linkProgram(prog);
    if (!gl.getProgramParameter(prog, gl.LINK_STATUS))
      throw new Error(`shader ${name} failed to link: ${gl.getProgramInfoLog(prog)}`);
    const uniforms = {};
    const n = gl.getProgramParameter(prog, gl.ACTIVE_UNIFORMS);
    for (let i = 0; i < n; ++i) {
      const u = gl.getActiveUniform(prog, i);
      uniforms[u.name] = gl.getUniformLocation(prog, u.name);
    }
    return { prog, uniforms };
  }

  // A unit mesh of the module (positions and normals, triangles).
  unitMesh(m) {
    const gl = this.gl;
    const vao = gl.createVertexArray();
    gl.bindVertexArray(vao);
    const vbo = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, vbo);
    gl.bufferData(gl.ARRAY_BUFFER, m.vertices, gl.STATIC_DRAW);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 3, gl.FLOAT, false, kMeshVertexBytes, 0);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 3, gl.FLOAT, false, kMeshVertexBytes, 12);
    const ebo = gl.createBuffer();
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, ebo);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, m.indices, gl.STATIC_DRAW);
    gl.bindVertexArray(null);
    return { vao, count: m.indices.length };
  }

  // Lit triangles: position, normal, colour bytes (and texture coordinates).
  vertexArray(buffer, stride, uv) {
    const gl = this.gl;
    const vao = gl.createVertexArray();
    gl.bindVertexArray(vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 3, gl.FLOAT, false, stride, 0);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 3, gl.FLOAT, false, stride, 12);
    gl.enableVertexAttribArray(2);
    gl.vertexAttribPointer(2, 4, gl.UNSIGNED_BYTE, true, stride, 24);
    if (uv) {
      gl.enableVertexAttribArray(3);
      gl.vertexAttribPointer(3, 2, gl.FLOAT, false, stride, 28);
    }
    gl.bindVertexArray(null);
    return vao;
  }

  // Copies the plant's draw lists to the GPU (the views into the module's
  // memory are read at once).
  upload(plant) {
    const gl = this.gl;
    const put = (buffer, bytes, size) => {
      gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
      gl.bufferData(gl.ARRAY_BUFFER, bytes, gl.DYNAMIC_DRAW);
      return bytes.byteLength / size;
    };
    this.uploadTextures(plant);
    this.counts.cylinders = this.uploadSegments(plant.cylinders());
    this.counts.spheres = put(this.spheres, plant.spheres(), kSphereBytes);
    this.counts.polygons = put(this.polygons, plant.polygons(), kPolygonBytes);
    this.counts.textured = put(this.textured, plant.textured(), kTexturedBytes);
    this.counts.grid = put(this.gridBuffer, plant.grid(), 16);
    this.ranges = plant.texturedRanges();
  }

  // The segments' records as rows of RGBA32UI texels, two per segment; past
  // what the largest texture holds (millions), segments are not drawn.
  uploadSegments(bytes) {
    const gl = this.gl;
    const n = Math.min(bytes.byteLength / kCylinderBytes, this.maxSegments);
    const rows = Math.max(1, Math.ceil((2 * n) / kInstRow));
    const texels = new Uint32Array(rows * kInstRow * 4);
    texels.set(new Uint32Array(bytes.buffer, bytes.byteOffset, n * (kCylinderBytes / 4)));
    gl.bindTexture(gl.TEXTURE_2D, this.cylinderTexture);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32UI, kInstRow, rows, 0, gl.RGBA_INTEGER, gl.UNSIGNED_INT, texels);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.bindTexture(gl.TEXTURE_2D, null);
    return n;
  }

  // The model's texture images, once for as long as they are the same.
  uploadTextures(plant) {
    const gl = this.gl;
    const key = plant.texturesId();
    if (key === this.texturesKey) return;
    const images = plant.textures();
    for (const t of this.textures) if (t) gl.deleteTexture(t);
    this.texturesKey = key;
    this.textureInfo = images.map((t) => ({ decal: t.decal }));
    this.textures = images.map((t) => {
      if (t.width <= 0) return null;
      const tex = gl.createTexture();
      gl.bindTexture(gl.TEXTURE_2D, tex);
      gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, t.width, t.height, 0, gl.RGBA, gl.UNSIGNED_BYTE, t.rgba);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.REPEAT);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.REPEAT);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, t.smoothMagnify ? gl.LINEAR : gl.NEAREST);
      let minify = t.smoothMinify ? gl.LINEAR : gl.NEAREST;
      if (t.mipmap) {
        gl.generateMipmap(gl.TEXTURE_2D);
        minify = t.smoothMinify ? gl.LINEAR_MIPMAP_LINEAR : gl.NEAREST_MIPMAP_LINEAR;
      }
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, minify);
      return tex;
    });
    gl.bindTexture(gl.TEXTURE_2D, null);
  }

  // One picture: `view` is the module's (Plant.view: the matrix, the eye,
  // the lights and the segments' levels of detail).
  draw(view, width, height, options) {
    const gl = this.gl;
    gl.viewport(0, 0, width, height);
    gl.clearColor(kBackground[0], kBackground[1], kBackground[2], 1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.disable(gl.CULL_FACE);
    const viewProj = new Float32Array(view.viewProj);
    if (options.grid && this.counts.grid > 0) this.drawGrid(view, viewProj);
    gl.enable(gl.DEPTH_TEST);
    gl.depthFunc(gl.LESS);
    for (const name of ['segment', 'sphere', 'polygon', 'textured']) {
      const { prog, uniforms } = this.programs[name];
      gl.useProgram(prog);
      gl.uniformMatrix4fv(uniforms.u_view_proj, false, viewProj);
      gl.uniform3fv(uniforms.u_eye, view.eye);
      if (uniforms.u_key) gl.uniform3fv(uniforms.u_key, view.key);
      if (uniforms.u_fill) gl.uniform3fv(uniforms.u_fill, view.fill);
    }
    this.drawSegments(view);
    gl.useProgram(this.programs.sphere.prog);
    this.drawSpheres();
    if (this.counts.polygons > 0) {
      gl.useProgram(this.programs.polygon.prog);
      gl.bindVertexArray(this.polygonVao);
      gl.drawArrays(gl.TRIANGLES, 0, this.counts.polygons);
    }
    this.drawTextured();
    gl.bindVertexArray(null);
  }

  // Blended over the background, without depth: the plant always covers it.
  drawGrid(view, viewProj) {
    const gl = this.gl;
    const { prog, uniforms } = this.programs.grid;
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
    gl.disable(gl.DEPTH_TEST);
    gl.useProgram(prog);
    gl.uniformMatrix4fv(uniforms.u_view_proj, false, viewProj);
    gl.uniform3f(uniforms.u_centre, 0, 0, 0);
    gl.uniform1f(uniforms.u_radius, view.gridRadius);
    const dark = (kGridContrast - 4) / 255;
    gl.uniform3f(uniforms.u_color, kBackground[0] - dark, kBackground[1] - dark, kBackground[2] - dark);
    gl.bindVertexArray(this.gridVao);
    gl.drawArrays(gl.LINES, 0, this.counts.grid);
    gl.disable(gl.BLEND);
  }

  // The segments by level of detail, widest first: prisms of 16 and 8
  // sides, impostor quads, lines; one draw each, without instancing.
  drawSegments(view) {
    const gl = this.gl;
    const { prog, uniforms } = this.programs.segment;
    const all = Math.min(view.all, this.counts.cylinders);
    if (all === 0) return;
    gl.useProgram(prog);
    gl.bindVertexArray(this.segmentVao);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.cylinderTexture);
    gl.uniform1i(uniforms.u_inst, 0);
    const passes = [
      [0, view.round, 2, 16, 12 * 16, gl.TRIANGLES],
      [view.round, view.prism, 2, 8, 12 * 8, gl.TRIANGLES],
      [view.prism, view.quad, 0, 0, 6, gl.TRIANGLES],
      [view.quad, all, 1, 0, 2, gl.LINES],
    ];
    for (const [begin, end, mode, sides, per, prim] of passes) {
      const last = Math.min(end, all);
      if (last <= begin) continue;
      gl.uniform1i(uniforms.u_first, begin);
      gl.uniform1i(uniforms.u_mode, mode);
      gl.uniform1i(uniforms.u_sides, sides);
      gl.drawArrays(prim, 0, per * (last - begin));
    }
    gl.bindTexture(gl.TEXTURE_2D, null);
  }

  drawSpheres() {
    const gl = this.gl;
    const n = this.counts.spheres;
    if (n === 0) return;
    const mesh = n > 20000 ? this.meshes['low sphere'] : this.meshes.sphere;
    gl.bindVertexArray(mesh.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.spheres);
    const attrib = (loc, size, type, normalised, offset) => {
      gl.enableVertexAttribArray(loc);
      gl.vertexAttribPointer(loc, size, type, normalised, kSphereBytes, offset);
      gl.vertexAttribDivisor(loc, 1);
    };
    attrib(2, 3, gl.FLOAT, false, 0);
    attrib(3, 1, gl.FLOAT, false, 12);
    attrib(4, 4, gl.UNSIGNED_BYTE, true, 16);
    gl.drawElementsInstanced(gl.TRIANGLES, mesh.count, gl.UNSIGNED_INT, 0, n);
  }

  drawTextured() {
    if (this.ranges.length === 0) return;
    const gl = this.gl;
    const { prog, uniforms } = this.programs.textured;
    gl.useProgram(prog);
    gl.activeTexture(gl.TEXTURE0);
    gl.uniform1i(uniforms.u_texture, 0);
    gl.bindVertexArray(this.texturedVao);
    for (const r of this.ranges) {
      const tex = this.textures[r.texture - 1];
      if (!tex) continue;
      gl.bindTexture(gl.TEXTURE_2D, tex);
      gl.uniform1i(uniforms.u_decal, this.textureInfo[r.texture - 1].decal ? 1 : 0);
      gl.drawArrays(gl.TRIANGLES, r.first, r.count);
    }
    gl.bindTexture(gl.TEXTURE_2D, null);
  }
}
