// The page (docs/web.md): the editor, the examples menu, opening and
// dropping files, the controls of the plant (as the native viewer's), the
// downloads, and window.lsd. The plant lives in the Web Worker.
'use strict';

const $ = (id) => document.getElementById(id);
const state = {
  path: '',         // the model the worker opens (a file, or a cpfg object folder)
  editPath: '',     // the file in the editor
  goodPath: '',     // the last model that loaded (reloaded after a worker restart)
  liveTimer: 0,
  recording: false,
};

const messages = $('messages');
function showMessages(text, ok) {
  messages.className = '';
  messages.innerHTML = '';
  if (!text) return;
  const diags = parseDiagnostics(text, '');
  for (const line of text.split('\n')) {
    const m = /^(.*?):(\d+):(\d+): (error|warning): /.exec(line);
    const el = document.createElement('div');
    el.className = ok ? 'ok' : 'error';
    if (m && state.editPath.endsWith(m[1].replace(/^\/?/, ''))) {
      const a = document.createElement('a');
      a.textContent = line;
      a.onclick = () => editor.focusAt(Number(m[2]), Number(m[3]));
      el.append(a);
    } else {
      el.textContent = line;
    }
    messages.append(el);
  }
  return diags;
}

const editor = new Editor($('editor'), () => {
  if (!$('live').checked) return;
  clearTimeout(state.liveTimer);
  state.liveTimer = setTimeout(apply, 700);
});

// ---------------------------------------------------------------- the worker

const link = new WorkerLink($('view'), {
  progress(m) {
    $('progress').hidden = false;
    const total = Math.max(m.total, 1);
    $('progress-bar').value = m.done / total;
    $('progress-text').textContent = `${m.what === 'load' ? 'deriving' : 'lsd.derive'}: step ${m.done} of ${m.total}, ` +
      `${Number(m.modules).toLocaleString()} modules`;
  },
  idle() { $('progress').hidden = true; },
  loaded(m) {
    $('progress').hidden = true;
    if (m.ok) {
      state.goodPath = m.path;
      editor.setDiagnostics([]);
      showMessages(m.error || `${m.path}: grown`, true);
    } else {
      const diags = showMessages(m.error, false) || [];
      editor.setDiagnostics(diags.filter((d) => state.editPath.endsWith(d.file.replace(/^\/?/, ''))));
    }
  },
  error(m) { if (m.text) showMessages(m.text, false); },
  status(m) { showStatus(m); },
  failed(why) { showMessages(`the page's module could not start: ${why}`, false); },
  restarted(why) {
    showMessages(`${why}\nthe page's module was started again`, false);
    if (state.goodPath) link.call('open', { path: state.goodPath }).catch(() => {});
  },
});
window.lsd = makeLsdApi(link, (text, path) => {
  state.editPath = state.path = path;
  editor.text = text;
  $('model-name').textContent = path;
});

new ResizeObserver(() => link.send({ type: 'resize', size: link.size() })).observe($('view'));

// ---------------------------------------------------------------- models

// Opens `path` (after giving the worker `files`), the editor showing `editPath`.
function openModel(files, path, editPath) {
  link.addFiles(files);
  state.path = path;
  state.editPath = editPath;
  const edited = files.find((f) => f.path === editPath);
  if (edited) editor.text = typeof edited.data === 'string' ? edited.data : new TextDecoder().decode(edited.data);
  $('model-name').textContent = path;
  showMessages('', true);
  return link.call('open', { path }).catch(() => {});
}

// The editor's text as the model's file, grown again.
function apply() {
  if (!state.editPath) {
    state.editPath = state.path = 'untitled.ls';
  }
  link.addFiles([{ path: state.editPath, data: editor.text }]);
  link.call('open', { path: state.path }).catch(() => {});
}

async function loadExamples() {
  const list = await (await fetch('examples.json')).json();
  const select = $('examples');
  const groups = { abop: 'ABOP figures', dynamics: 'dynamics', cpfg: 'cpfg models' };
  for (const [group, label] of Object.entries(groups)) {
    if (!list.some((x) => x.group === group)) continue;
    const og = document.createElement('optgroup');
    og.label = label;
    for (const e of list.filter((x) => x.group === group)) {
      const o = document.createElement('option');
      o.value = JSON.stringify(e);
      o.textContent = e.name;
      og.append(o);
    }
    select.append(og);
  }
  select.onchange = async () => {
    if (!select.value) return;
    const e = JSON.parse(select.value);
    const files = await Promise.all(e.files.map(async (f) => {
      const r = await fetch('examples/' + f);
      const text = /\.(rgb|png|jpg|jpeg|bmp|tga)$/i.test(f);
      return { path: 'examples/' + f, data: text ? await r.arrayBuffer() : await r.text() };
    }));
    openModel(files, 'examples/' + e.open, 'examples/' + e.edit);
  };
  return list;
}

// Files from the user's disk: a .ls or .l file, or a cpfg object folder
// (its files under one name; the folder is opened, its specifications name the model).
async function openUserFiles(entries) {
  if (!entries.length) return;
  const files = await Promise.all(entries.map(async ({ file, path }) => {
    const binary = /\.(rgb|rgba|bw|png|jpg|jpeg|bmp|tga|gif)$/i.test(path);
    return { path: 'user/' + path, data: binary ? await file.arrayBuffer() : await file.text() };
  }));
  const models = files.filter((f) => /\.(ls|l)$/i.test(f.path));
  if (!models.length) {
    showMessages('no .ls or .l file among the files opened', false);
    return;
  }
  const folders = new Set(files.map((f) => f.path.split('/').slice(0, -1).join('/')));
  const folder = folders.size === 1 ? [...folders][0] : '';
  const hasSpec = files.some((f) => f.path.endsWith('/specifications'));
  const main = models.find((f) => /\.ls$/i.test(f.path)) || models[0];
  openModel(files, hasSpec && folder ? folder : main.path, main.path);
}

async function droppedEntries(items) {
  const out = [];
  const walk = async (entry, prefix) => {
    if (entry.isFile) {
      const file = await new Promise((res, rej) => entry.file(res, rej));
      out.push({ file, path: prefix + entry.name });
    } else if (entry.isDirectory) {
      const reader = entry.createReader();
      let batch;
      do {
        batch = await new Promise((res, rej) => reader.readEntries(res, rej));
        for (const e of batch) await walk(e, prefix + entry.name + '/');
      } while (batch.length);
    }
  };
  const roots = [...items].map((i) => i.webkitGetAsEntry && i.webkitGetAsEntry()).filter(Boolean);
  for (const e of roots) await walk(e, '');
  return out;
}

$('open-files').onchange = (e) => openUserFiles([...e.target.files].map((file) => ({ file, path: file.name })));
$('open-folder').onchange = (e) => openUserFiles([...e.target.files].map((file) => ({ file, path: file.webkitRelativePath || file.name })));
let dragDepth = 0;
window.addEventListener('dragenter', (e) => { e.preventDefault(); dragDepth += 1; $('drop').hidden = false; });
window.addEventListener('dragleave', () => { dragDepth -= 1; if (dragDepth <= 0) $('drop').hidden = true; });
window.addEventListener('dragover', (e) => e.preventDefault());
window.addEventListener('drop', async (e) => {
  e.preventDefault();
  dragDepth = 0;
  $('drop').hidden = true;
  openUserFiles(await droppedEntries(e.dataTransfer.items));
});

// ---------------------------------------------------------------- controls

const control = (name, value) => link.send({ type: 'control', name, value });
$('apply').onclick = apply;
$('stop').onclick = () => link.stop();
$('play').onclick = () => control('playing', $('play').textContent === 'Play');
$('step').onclick = () => control('step');
$('reset').onclick = () => control('reset');
$('frame').onclick = () => control('frame');
$('auto-grow').onchange = (e) => control('autoGrow', e.target.checked);
$('grow-every').onchange = (e) => control('growEvery', Number(e.target.value));
$('speed').oninput = (e) => control('speed', Math.pow(2, Number(e.target.value)));
const sendWind = () => {
  $('wind-value').textContent = `${Number($('wind').value).toFixed(1)} m/s`;
  $('heading-value').textContent = `${$('heading').value}°`;
  control('wind', { speed: Number($('wind').value), heading: Number($('heading').value) });
};
$('wind').oninput = sendWind;
$('heading').oninput = sendWind;
$('gust').oninput = (e) => control('gust', Number(e.target.value));
$('gravity').onchange = (e) => control('gravity', e.target.checked);
$('sway').onchange = (e) => control('sway', e.target.checked);
$('grid').onchange = (e) => control('grid', e.target.checked);
document.addEventListener('keydown', (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') { e.preventDefault(); apply(); return; }
  if (e.target === editor.area || e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;
  const keys = { g: 'step', r: 'reset', f: 'frame' };
  if (keys[e.key]) control(keys[e.key]);
  if (e.key === ' ') { e.preventDefault(); $('play').click(); }
  if (e.key.startsWith('Arrow')) potKeys(e.key, true, e);
});
document.addEventListener('keyup', (e) => { if (e.key.startsWith('Arrow')) potKeys(e.key, false, e); });
const held = new Set();
function potKeys(key, down, e) {
  e.preventDefault();
  if (down) held.add(key); else held.delete(key);
  control('pot', { right: held.has('ArrowRight') - held.has('ArrowLeft'), ahead: held.has('ArrowUp') - held.has('ArrowDown') });
}

// Fills the controls from the worker's report, but not the one being moved.
function showStatus(m) {
  const c = m.controls, s = m.status;
  const set = (id, prop, v) => { if (document.activeElement !== $(id) && v !== undefined) $(id)[prop] = v; };
  $('play').textContent = c.playing ? 'Pause' : 'Play';
  set('auto-grow', 'checked', c.autoGrow);
  set('grow-every', 'value', c.growEvery);
  set('wind', 'value', c.windSpeed);
  set('heading', 'value', Math.round(c.windHeading || 0));
  $('wind-value').textContent = `${Number(c.windSpeed || 0).toFixed(1)} m/s`;
  $('heading-value').textContent = `${Math.round(c.windHeading || 0)}°`;
  set('gravity', 'checked', c.gravity > 0);
  $('sway-label').hidden = !c.swayShown;
  set('sway', 'checked', c.sway);
  if (!s.loaded) { $('status').textContent = ''; return; }
  $('status').textContent = `t ${s.time.toFixed(2)} s  step ${s.step}/${s.length}  ${s.modules} modules  ` +
    `${s.bodies} bodies  ${m.fps.toFixed(0)} fps${s.recording ? `  recording ${s.recordedFrames} frames` : ''}`;
}

// ---------------------------------------------------------------- the mouse on the plant

const view = $('view');
view.addEventListener('pointerdown', (e) => {
  view.setPointerCapture(e.pointerId);
  const r = view.getBoundingClientRect();
  link.send({ type: 'pointer', kind: 'down', x: e.clientX - r.left, y: e.clientY - r.top, button: e.button });
});
view.addEventListener('pointermove', (e) => {
  if (!e.buttons) return;
  const r = view.getBoundingClientRect();
  link.send({ type: 'pointer', kind: 'move', x: e.clientX - r.left, y: e.clientY - r.top });
});
view.addEventListener('pointerup', () => link.send({ type: 'pointer', kind: 'up' }));
view.addEventListener('contextmenu', (e) => e.preventDefault());
view.addEventListener('wheel', (e) => {
  e.preventDefault();
  link.send({ type: 'pointer', kind: 'wheel', steps: -Math.sign(e.deltaY) });
}, { passive: false });

// ---------------------------------------------------------------- downloads

function download(data, name, type) {
  const url = URL.createObjectURL(data instanceof Blob ? data : new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
const stem = () => (state.path.split('/').pop() || 'plant').replace(/\.(ls|l)$/i, '');
$('download-string').onclick = async () => download(await link.call('savedText'), `${stem()}.str`, 'text/plain');
$('download-png').onclick = async () => download(await link.call('png'), `${stem()}.png`, 'image/png');
$('record').onclick = async () => {
  if (!state.recording) {
    await link.call('startRecording');
    state.recording = true;
    $('record').textContent = 'stop and save glTF';
    return;
  }
  state.recording = false;
  $('record').textContent = 'record glTF';
  try {
    download(await link.call('finishRecording'), `${stem()}.glb`, 'model/gltf-binary');
  } catch (e) {
    showMessages(String(e.message), false);
  }
};

// ---------------------------------------------------------------- start

loadExamples().then((list) => {
  const params = new URLSearchParams(location.search);
  const first = list.find((e) => e.name === (params.get('example') || 'herb.ls'));
  if (!first) return;
  $('examples').value = JSON.stringify(first);
  $('examples').onchange();
});
