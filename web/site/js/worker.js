// The page's Web Worker: it holds lsd's WebAssembly module (the plant, its
// simulation and scene; web/src/bindings.cpp) and draws it with WebGL2 on
// the canvas the page handed over, so that the page never freezes. Long
// work (loading a model that derives many steps, window.lsd.derive) goes in
// chunks of about 50 ms, reporting progress; a stop is heard between chunks.
'use strict';

importScripts('glsl.js', 'shaders.js', 'renderer.js', '../lsd.js');

const kRoot = '/m';             // the models' folder in the module's file system
const kChunkSeconds = 0.05;     // wall-clock time of one chunk of long work
const kMaxFrameGap = 0.1;       // s: a longer gap between frames is not caught up (as the viewer)
const kPhysicsShare = 0.6;      // of a 60 Hz frame, the most physics may take (as the viewer)

let M = null;          // the module
let plant = null;      // M.Plant
let renderer = null;
let canvas = null;
let size = { width: 1, height: 1, dpr: 1 };
let job = null;        // the long work under way (jobs[0])
let stopAsked = false;
let dirty = true;      // the picture must be drawn again
let lastTick = 0;
let fps = { frames: 0, since: 0, value: 0 };
// Where a frame's time goes (ms, running averages) and the simulated share of real time: for the page's benchmark.
const timing = { physics: 0, draw: 0, steps: 0, realTime: 0, simTime: 0 };
const average = (old, x) => old + 0.1 * (x - old);
let lastError = '';
let grid = true;

function post(message, transfer) { self.postMessage(message, transfer || []); }

function fail(message) { post({ type: 'fatal', message: String(message) }); }

createLsd({ locateFile: (file) => '../' + file }).then((module) => {
  M = module;
  plant = new M.Plant();
  M.FS.mkdir(kRoot);
  post({ type: 'ready' });
}, fail);

// ---------------------------------------------------------------- files

// Writes files under kRoot, making their folders ({path, data}: data a
// string or an ArrayBuffer).
function writeFiles(files) {
  for (const f of files) {
    const parts = f.path.split('/').filter((p) => p && p !== '..' && p !== '.');
    let dir = kRoot;
    for (const part of parts.slice(0, -1)) {
      dir += '/' + part;
      if (!M.FS.analyzePath(dir).exists) M.FS.mkdir(dir);
    }
    const data = typeof f.data === 'string' ? f.data : new Uint8Array(f.data);
    M.FS.writeFile(kRoot + '/' + parts.join('/'), data);
  }
}

function fullPath(path) { return kRoot + '/' + path.split('/').filter((p) => p && p !== '..').join('/'); }

// The page shows paths as the user named them, not the module's folder.
function shortPaths(text) { return text.split(kRoot + '/').join(''); }

// ---------------------------------------------------------------- long work in chunks

// Long work: jobs run one after the other, each `step(k)` (k units of
// work) in chunks of about kChunkSeconds until `finished()`, reporting
// progress; then `done(stopped, ok)`. A new model replaces a model still
// loading (its done() says superseded); a stop ends the jobs under way.
const jobs = [];

function startJob(kind, step, finished, progress, done) {
  for (let i = jobs.length - 1; i >= 0; --i)
    if (kind === 'load' && jobs[i].kind === 'load') jobs.splice(i, 1)[0].done(true, false, true);
  jobs.push({ kind, step, finished, progress, done, k: 1 });
  job = jobs[0];
}

function runJobChunk() {
  const j = job;
  if (stopAsked) {
    stopAsked = false;
    for (const x of jobs.splice(0)) x.done(true);
    job = null;
    post({ type: 'idle' });
    return;
  }
  const t0 = performance.now();
  const ok = j.step(j.k);
  const seconds = (performance.now() - t0) / 1000;
  if (seconds < kChunkSeconds / 2) j.k *= 2;
  else if (seconds > 2 * kChunkSeconds && j.k > 1) j.k = Math.max(1, j.k >> 1);
  post({ type: 'progress', what: j.kind, ...j.progress() });
  if (!ok || j.finished()) {
    jobs.shift();
    job = jobs[0] || null;
    j.done(false, ok);
    if (!job) post({ type: 'idle' });
  }
}

// A model: loaded, the steps before its first physics step derived in
// chunks, then installed as the plant.
function openModel(path, id, play = true) {
  const reply = (ok, error) => {
    post({ type: 'loaded', ok, path, error: shortPaths(error || '') });
    if (id !== undefined) post({ type: 'reply', id, ok, error: shortPaths(error || '') });
  };
  if (!plant.start(fullPath(path))) {
    reply(false, plant.loadError());
    return;
  }
  startJob('load', (k) => plant.derive(k), () => { const p = plant.progress(); return p.done >= p.total; },
    () => plant.progress(), (stopped, ok, superseded) => {
      if (superseded) return id !== undefined && post({ type: 'reply', id, ok: false, error: 'replaced by another model' });
      if (stopped) return reply(false, `stopped: the model was not loaded (the previous plant stays)`);
      if (!ok) return reply(false, plant.loadError());
      if (!plant.install()) return reply(false, plant.error());
      if (!play) plant.setPlaying(false);
      lastError = '';
      renderer && renderer.upload(plant);
      dirty = true;
      reply(true, plant.error());
    });
}

// window.lsd.derive: the string as `lsd derive` prints it.
function derive(id, text, n, name) {
  const d = new M.Derivation();
  const path = fullPath(name || 'derive.ls');
  writeFiles([{ path: path.slice(kRoot.length + 1), data: text }]);
  if (!d.start(text, path, n === undefined || n === null ? -1 : n)) {
    post({ type: 'reply', id, ok: false, error: shortPaths(d.error()) });
    d.delete();
    return;
  }
  const progress = () => ({ done: d.done(), total: d.total(), modules: d.modules() });
  startJob('derive', (k) => d.step(k), () => d.done() >= d.total(), progress, (stopped, ok) => {
    if (stopped) post({ type: 'reply', id, ok: false, error: 'stopped' });
    else if (!ok) post({ type: 'reply', id, ok: false, error: shortPaths(d.error()) });
    else post({ type: 'reply', id, ok: true, value: d.text() });
    d.delete();
  });
}

// ---------------------------------------------------------------- drawing

function initCanvas(c) {
  canvas = c;
  const gl = canvas.getContext('webgl2', { antialias: true, alpha: false, preserveDrawingBuffer: false });
  if (!gl) return fail('WebGL2 is not available in this browser');
  try {
    renderer = new Renderer(gl, M);
  } catch (e) {
    return fail(e.message);
  }
  if (plant.loaded()) renderer.upload(plant);
}

function resize(s) {
  size = s;
  if (!canvas) return;
  canvas.width = Math.max(1, Math.round(s.width * s.dpr));
  canvas.height = Math.max(1, Math.round(s.height * s.dpr));
  plant.setViewport(s.width, s.height);
  dirty = true;
}

function draw() {
  if (!renderer) return;
  const view = plant.view(canvas.width, canvas.height);
  renderer.draw(view, canvas.width, canvas.height, { grid });
  dirty = false;
  fps.frames += 1;
}

// ---------------------------------------------------------------- the frame loop

function tick(now) {
  schedule();
  if (!M) return;
  try {
    frame(now);
  } catch (err) {
    fail(err && err.message ? err.message : String(err));  // the page starts a new worker
    M = null;
  }
}

function frame(now) {
  const gap = lastTick ? Math.min((now - lastTick) / 1000, kMaxFrameGap) : 0;
  lastTick = now;
  if (job) {
    runJobChunk();
  } else if (plant.loaded()) {
    const t0 = performance.now();
    const r = plant.frame(gap, kPhysicsShare / 60);
    if (r.geometry && renderer) renderer.upload(plant);
    timing.physics = average(timing.physics, performance.now() - t0);
    timing.steps = average(timing.steps, r.steps);
    if (r.steps > 0 || r.geometry || r.camera || plant.controls().playing) dirty = true;
  }
  if (dirty) {
    const t0 = performance.now();
    draw();
    timing.draw = average(timing.draw, performance.now() - t0);
  }
  if (now - fps.since >= 1000) {
    fps.value = (fps.frames * 1000) / (now - fps.since || 1);
    const t = plant.loaded() ? plant.status().time : 0;
    timing.realTime = fps.since ? Math.max(0, t - timing.simTime) / ((now - fps.since) / 1000) : 0;
    timing.simTime = t;
    fps.frames = 0;
    fps.since = now;
    report();
  }
  const error = plant.error();
  if (error !== lastError) {
    lastError = error;
    post({ type: 'error', text: shortPaths(error) });
  }
}

function schedule() {
  if (self.requestAnimationFrame) self.requestAnimationFrame(tick);
  else setTimeout(() => tick(performance.now()), 16);
}
schedule();

function report() {
  if (!M) return;
  post({ type: 'status', status: plant.status(), controls: plant.controls(), fps: fps.value, busy: !!job });
}

// ---------------------------------------------------------------- messages

const controls = {
  playing: (v) => plant.setPlaying(v),
  speed: (v) => plant.setSpeed(v),
  gust: (v) => plant.setGust(v),
  autoGrow: (v) => plant.setAutoGrow(v),
  growEvery: (v) => plant.setGrowEvery(v),
  wind: (v) => plant.setWind(v.speed, v.heading),
  drag: (v) => plant.setDrag(v),
  gravity: (v) => plant.setGravity(v),
  sway: (v) => { plant.setSway(v); renderer && renderer.upload(plant); },
  step: () => { plant.growOne(); plant.refresh() && renderer && renderer.upload(plant); },
  reset: () => { plant.reset(); plant.refresh() && renderer && renderer.upload(plant); },
  frame: () => plant.frameNow(),
  grid: (v) => { grid = v; },
  pot: (v) => plant.pushPot(v.right, v.ahead),
};

// What window.lsd and the page ask for (each answers with a reply).
const calls = {
  derive: (id, a) => derive(id, a.text, a.n, a.name),
  open: (id, a) => {
    if (a.files) writeFiles(a.files);
    openModel(a.path, id, a.play !== false);
  },
  run: (id, a) => {
    plant.setPlaying(false);
    const ok = plant.runTo(a.time);
    if (renderer) renderer.upload(plant);
    dirty = true;
    report();
    post({ type: 'reply', id, ok, value: plant.status(), error: shortPaths(plant.error()) });
  },
  poses: (id) => post({ type: 'reply', id, ok: true, value: Array.from(plant.poses()) }),
  status: (id) => post({ type: 'reply', id, ok: true,
    value: { status: plant.status(), controls: plant.controls(), fps: fps.value, timing } }),
  savedText: (id) => post({ type: 'reply', id, ok: true, value: plant.savedText() }),
  // What the renderer last put on the GPU: segments, spheres, and the vertices
  // of polygons and textured triangles (three a triangle), and grid lines' ends.
  drawn: (id) => post({ type: 'reply', id, ok: !!renderer, value: renderer && { ...renderer.counts },
    error: 'nothing is drawn: the page has no WebGL2 view' }),
  stringExcerpt: (id, a) => post({ type: 'reply', id, ok: true, value: plant.stringExcerpt(a.chars) }),
  png: (id) => {
    draw();  // into the drawing buffer, read before it is presented
    canvas.convertToBlob({ type: 'image/png' }).then(
      (blob) => post({ type: 'reply', id, ok: true, value: blob }),
      (e) => post({ type: 'reply', id, ok: false, error: String(e) }));
  },
  startRecording: (id) => { plant.startRecording(); post({ type: 'reply', id, ok: true }); },
  finishRecording: (id) => {
    const bytes = plant.finishRecording().slice();  // a copy: the view is into the module's memory
    post({ type: 'reply', id, ok: bytes.length > 0, value: bytes.buffer, error: 'nothing was recorded' }, [bytes.buffer]);
  },
};

self.onmessage = (e) => {
  const m = e.data;
  if (m.type === 'stop') { stopAsked = true; return; }
  if (!M) { post({ type: 'reply', id: m.id, ok: false, error: 'the module is not ready' }); return; }
  try {
    switch (m.type) {
      case 'init': resize(m.size); initCanvas(m.canvas); resize(m.size); break;
      case 'resize': resize(m.size); break;
      case 'files': writeFiles(m.files); break;
      case 'pointer':
        if (m.kind === 'down') plant.pointerDown(m.x, m.y, m.button);
        else if (m.kind === 'move') plant.pointerMove(m.x, m.y);
        else if (m.kind === 'up') plant.pointerUp();
        else if (m.kind === 'wheel') plant.wheel(m.steps);
        dirty = true;
        break;
      case 'control': controls[m.name](m.value); dirty = true; report(); break;
      case 'call': calls[m.name](m.id, m.args || {}); break;
    }
  } catch (err) {
    // The module aborted (out of memory, a bug): the page starts a new worker.
    fail(err && err.message ? err.message : String(err));
  }
};
