// The page's link to its Web Worker (worker.js), and window.lsd, the
// module as the page's JavaScript (and tests outside the project) drive it:
//
//   await lsd.ready
//   await lsd.derive(text, n, name) the string as `lsd derive` prints it (n:
//                                 the derivation length, default the file's;
//                                 name: its file name, .ls or .l, default
//                                 derive.ls)
//   await lsd.load(text, name)    the text as the page's plant, paused at its
//                                 start (name: its file name, .ls or .l;
//                                 default model.ls)
//   await lsd.run(seconds)        the plant to that simulated time, as `lsd run`
//   await lsd.poses()             every body's pose: [x, y, z, r00 .. r22]
//   await lsd.savedString()       the string file of the current state
//   await lsd.status()            time, step, modules, bodies, energies, fps
//   await lsd.drawn()             what the view last drew: segments, spheres,
//                                 polygon and textured vertices (3 a triangle)
//   await lsd.record()            starts recording the motion (the frame of
//                                 now, then every 1/30 s of simulated time)
//   await lsd.recorded()          stops: the animated glTF (.glb) as an
//                                 ArrayBuffer, as `lsd export --time` writes it
//
// Each returns a promise; a failure rejects it with lsd's located messages.
'use strict';

class WorkerLink {
  constructor(view, handlers) {
    this.view = view;
    this.handlers = handlers;
    this.pending = new Map();
    this.nextId = 1;
    this.files = new Map();  // every file given to the worker, to give again after a restart
    this.start();
  }

  start() {
    const canvas = document.createElement('canvas');
    this.view.querySelector('canvas')?.remove();
    this.view.append(canvas);
    this.canvas = canvas;
    this.worker = new Worker('js/worker.js');
    this.busy = false;
    this.ready = new Promise((resolve, reject) => { this.resolveReady = resolve; this.rejectReady = reject; });
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => this.crashed(e.message || 'the worker failed');
  }

  receive(m) {
    if (m.type === 'progress') this.busy = true;
    else if (m.type === 'idle') this.busy = false;
    if (m.type === 'ready') {
      const offscreen = this.canvas.transferControlToOffscreen();
      this.worker.postMessage({ type: 'init', canvas: offscreen, size: this.size() }, [offscreen]);
      if (this.files.size) this.send({ type: 'files', files: [...this.files].map(([path, data]) => ({ path, data })) });
      this.started = true;
      this.resolveReady();
    } else if (m.type === 'reply') {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(new Error(m.error || 'failed'));
    } else if (m.type === 'fatal') {
      this.crashed(m.message);
    }
    const h = this.handlers[m.type];
    if (h) h(m);
  }

  // The module aborted (out of memory, a limit of the browser): a new worker,
  // and the page's handler reloads the last good model.
  crashed(message) {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error(message));
    this.pending.clear();
    this.rejectReady(new Error(message));
    this.ready.catch(() => {});
    if (!this.started) {  // it never started: starting it again would fail again
      if (this.handlers.failed) this.handlers.failed(message);
      return;
    }
    this.started = false;
    this.start();
    if (this.handlers.restarted) this.handlers.restarted(message);
  }

  // A stop the worker does not hear within a second (one long derivation
  // step) ends the worker.
  stop() {
    this.worker.postMessage({ type: 'stop' });
    const before = this.worker;
    clearTimeout(this.stopTimer);
    this.stopTimer = setTimeout(() => {
      if (this.worker === before && this.busy) this.crashed('stopped: the derivation step was interrupted');
    }, 1000);
  }

  size() {
    const r = this.view.getBoundingClientRect();
    return { width: Math.max(1, r.width), height: Math.max(1, r.height), dpr: window.devicePixelRatio || 1 };
  }

  send(message) { this.worker.postMessage(message); }

  addFiles(files) {
    for (const f of files) this.files.set(f.path, f.data);
    this.send({ type: 'files', files });
  }

  call(name, args) {
    return this.ready.then(() => new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'call', id, name, args });
    }));
  }
}

// window.lsd over a WorkerLink; `show(text, name)` puts a loaded text in the page's editor.
function makeLsdApi(link, show) {
  return {
    get ready() { return link.ready; },
    derive: (text, n, name) => link.call('derive',
      { text: String(text), n: n === undefined || n === null ? null : Number(n), name }),
    load(text, name = 'model.ls') {
      const path = 'api/' + name;
      link.addFiles([{ path, data: String(text) }]);
      show(String(text), path);
      return link.call('open', { path, play: false });
    },
    run: (seconds) => link.call('run', { time: Number(seconds) }),
    poses: () => link.call('poses').then((flat) => {
      const out = [];
      for (let i = 0; i < flat.length; i += 12) out.push(flat.slice(i, i + 12));
      return out;
    }),
    savedString: () => link.call('savedText'),
    status: () => link.call('status'),
    drawn: () => link.call('drawn'),
    record: () => link.call('startRecording'),
    recorded: () => link.call('finishRecording'),
  };
}
