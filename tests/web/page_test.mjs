// The page's tests in a real browser (make web-test; docs/web.md): Debian's
// Chromium, headless, driven by playwright-core (which downloads no browser),
// the page served from 127.0.0.1.
//
//   node tests/web/page_test.mjs --site build-web/site --lsd build/lsd
//        --poses build/tests/lsd_poses --examples examples --out build-web/test
//
// 1. Every ABOP figure and dynamics example: window.lsd.derive gives the
//    string `lsd derive` prints, byte for byte.
// 2. A broken grammar typed into the editor shows its error at the line and
//    column `lsd check` names.
// 3. The herb run for 3 simulated seconds in the page: its body poses equal
//    those of `lsd run --time 3` (lsd_poses, checked to make the run lsd run
//    makes) within 1e-9 m.
// 4. A screenshot (OUT/page.png, the README's picture): the plant is drawn.
// 5. A drag on the stem pulls the plant: the top moves toward the mouse.
// 6. Every cpfg model of the examples menu (their '#' lines read by the
//    page's own C preprocessor): the string `lsd derive` prints.
// 7. The page's weight: its WebAssembly and JavaScript, compressed as a
//    server compresses them (gzip -9), are at most 3 MB.
// 8. A curved rod (rod_swing.ls beside this file): drawn as its tube (the
//    triangles the view drew are those of 16-point rings along the pieces
//    `lsd segments` lists, and two caps), swinging (its last element moves
//    in 2 s), its poses at t = 0 and 2 s those of lsd_poses within 1e-9, no
//    error in the console; a screenshot (OUT/rods.png).
// 9. The page's animated glTF (lsd.record, lsd.run(2), lsd.recorded) of the
//    same rod: the file `lsd export --time 2` writes (the same JSON, each
//    number of the buffer within 1e-9 relative; its rods bend: the ring
//    joints move), and the Khronos validator finds no error or warning in it.
import { chromium } from 'playwright-core';
import validator from 'gltf-validator';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { decodePng, servePage } from './support.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((out, a, i, all) => {
  if (a.startsWith('--')) out.push([a.slice(2), all[i + 1]]);
  return out;
}, []));
for (const need of ['site', 'lsd', 'poses', 'examples', 'out'])
  if (!args[need]) throw new Error(`missing --${need} (usage at the top of ${process.argv[1]})`);
fs.mkdirSync(args.out, { recursive: true });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lsd-web-test-'));

let failures = 0, passes = 0;
function check(ok, what) {
  if (!ok) failures += 1;
  else passes += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  return ok;
}

const server = await servePage(args.site);
const context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), {
  executablePath: process.env.LSD_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader'],
  viewport: { width: 1280, height: 760 },
});
const page = context.pages()[0] || await context.newPage();
page.on('pageerror', (e) => check(false, `no error in the page: ${e.message}`));
try {
  await page.goto(`${server.url}/?example=herb.ls`);
  await page.waitForFunction(() => window.lsd, null, { timeout: 30000 });
  await page.evaluate(() => window.lsd.ready);
  await page.waitForSelector('#messages .ok', { timeout: 60000 });  // the herb grown from the menu

  await sameStrings();
  await errorAtItsPlace();
  await herbPoses();
  await screenshot();
  await pull();
  await rods();
  await recording();
  await cpfgStrings();  // last: it leaves a cpfg model in the editor
  weight();
} catch (e) {
  check(false, `the tests ran to their end: ${e.stack || e}`);
} finally {
  await context.close();
  server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(`${passes} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);

// ---------------------------------------------------------------- 1

async function sameStrings() {
  const files = ['abop', 'dynamics'].flatMap((g) => fs.readdirSync(path.join(args.examples, g))
    .filter((f) => f.endsWith('.ls')).sort().map((f) => path.join(args.examples, g, f)));
  let same = 0;
  for (const file of files) {
    const native = execFileSync(args.lsd, ['derive', file], { maxBuffer: 1 << 30 }).toString();
    const text = fs.readFileSync(file, 'utf8');
    const web = await page.evaluate((t) => window.lsd.derive(t), text);
    if (web === native) same += 1;
    else check(false, `${file}: the page's string is lsd derive's (${web.length} and ${native.length} characters)`);
  }
  check(same === files.length && files.length > 40,
    `window.lsd.derive gives lsd derive's string for all ${files.length} ABOP figures and dynamics examples`);
}

// ---------------------------------------------------------------- 2

async function errorAtItsPlace() {
  const good = fs.readFileSync(path.join(args.examples, 'dynamics/herb.ls'), 'utf8');
  const broken = good.replace('A(k) : k >= N --> J B(0.03, R0 * 0.3) &(50) Fl', 'A(k) : k >= N --> J B(0.03, R0 * ) &(50) Fl');
  check(broken !== good, 'the herb is broken for the test');
  const file = path.join(tmp, 'herb.ls');
  fs.writeFileSync(file, broken);
  let stderr = '';
  try {
    execFileSync(args.lsd, ['check', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (e) {
    stderr = e.stderr.toString();
  }
  const m = /herb\.ls:(\d+):(\d+): error: (.*)/.exec(stderr);
  if (!check(m, `lsd check finds the error (${stderr.split('\n')[0]})`)) return;
  const [line, col] = [Number(m[1]), Number(m[2])];
  await page.fill('#editor textarea', broken);  // "grow as I type" grows it again
  await page.waitForSelector('#editor .message', { timeout: 30000 });
  const shown = await page.evaluate(() => {
    const msg = document.querySelector('#editor .message');
    const bad = [...document.querySelectorAll('#editor .gutter div')].findIndex((d) => d.classList.contains('bad'));
    const at = document.querySelector('#editor pre .at');
    const lines = document.querySelector('#editor pre').innerHTML.split('\n');
    const atLine = lines.findIndex((l) => l.includes('class="at"'));
    // the column: the characters of the line before the marked one
    const before = document.createElement('div');
    before.innerHTML = lines[atLine].slice(0, lines[atLine].indexOf('<span class="at">'));
    return { text: msg.textContent, line: Number(msg.dataset.line), gutter: bad + 1, atLine: atLine + 1,
      atCol: before.textContent.length + 1, marked: at && at.textContent, visible: !msg.hidden };
  });
  check(shown.line === line && shown.gutter === line && shown.atLine === line,
    `the error is shown at line ${line} (message ${shown.line}, gutter ${shown.gutter}, mark ${shown.atLine})`);
  check(shown.atCol === col, `the error's column is marked: ${col} (page: ${shown.atCol})`);
  check(shown.text.startsWith(`${line}:${col} `) && shown.text.includes(m[3].slice(0, 20)) && shown.visible,
    `its message is lsd check's, beside the line: "${shown.text}"`);
}

// ---------------------------------------------------------------- 3

async function herbPoses() {
  const herb = path.join(args.examples, 'dynamics/herb.ls');
  const nativeString = path.join(tmp, 'native.str'), runString = path.join(tmp, 'run.str');
  const lines = execFileSync(args.poses, [herb, '3', nativeString]).toString().trim().split('\n');
  const native = lines.map((l) => l.split(' ').map(Number));
  execFileSync(args.lsd, ['run', herb, '--time', '3', '-o', runString, '--quiet']);
  check(fs.readFileSync(nativeString, 'utf8') === fs.readFileSync(runString, 'utf8'),
    'lsd_poses runs what lsd run --time 3 runs (the same final string)');
  await page.evaluate((t) => window.lsd.load(t, 'herb.ls'), fs.readFileSync(herb, 'utf8'));
  const status = await page.evaluate(() => window.lsd.run(3));
  const web = await page.evaluate(() => window.lsd.poses());
  check(Math.abs(status.time - 3) < 1e-12, `the page ran to t = 3 s (${status.time})`);
  let worst = 0;
  for (let b = 0; b < Math.min(web.length, native.length); ++b)
    for (let k = 0; k < 12; ++k) worst = Math.max(worst, Math.abs(web[b][k] - native[b][k]));
  check(web.length === native.length && native.length > 10,
    `the page has lsd run's bodies (${web.length} and ${native.length})`);
  check(worst <= 1e-9, `the page's body poses at t = 3 s are lsd run's within 1e-9 (largest difference ${worst.toExponential(2)})`);
  const saved = await page.evaluate(() => window.lsd.savedString());
  const body = (s) => s.split('\n').filter((l) => !l.startsWith('#')).join('\n');
  console.log(`     (the page's final string is ${body(saved) === body(fs.readFileSync(runString, 'utf8')) ? '' : 'not '}` +
    'byte-equal to lsd run\'s)');
}

// ---------------------------------------------------------------- 4

// The fraction of the canvas's pixels that differ from the background by
// more than the grid does (viewer/renderer.hpp: kGridContrast), and of those
// that are green (a plant's stem and leaves).
function plantPixels(png) {
  const { width, height, pixels, channels } = decodePng(png);
  const bg = [236, 239, 242];
  let plant = 0, green = 0;
  for (let i = 0; i < width * height; ++i) {
    const [r, g, b] = [pixels[i * channels], pixels[i * channels + 1], pixels[i * channels + 2]];
    if (Math.max(Math.abs(r - bg[0]), Math.abs(g - bg[1]), Math.abs(b - bg[2])) <= 40) continue;
    plant += 1;
    if (g > r + 15 && g > b + 15) green += 1;
  }
  return { plant: plant / (width * height), green: green / Math.max(plant, 1) };
}

async function screenshot() {
  await page.waitForTimeout(500);  // a frame drawn after the run
  await page.screenshot({ path: path.join(args.out, 'page.png') });
  const canvas = await page.locator('#view canvas').screenshot();
  const p = plantPixels(canvas);
  check(p.plant > 0.005 && p.green > 0.5,
    `the plant is drawn: ${(100 * p.plant).toFixed(1)}% of the canvas, ${(100 * p.green).toFixed(0)}% of it green ` +
    `(screenshot ${path.join(args.out, 'page.png')})`);
}

// ---------------------------------------------------------------- 5

async function pull() {
  if (await page.isChecked('#auto-grow')) await page.click('#auto-grow');  // the same bodies before and after
  const top = async () => (await page.evaluate(() => window.lsd.poses())).slice(-1)[0];
  const before = await top();
  // Press on the stem, a third of the way down the view: the plant's pixel
  // nearest to the middle of that row of a screenshot.
  const box = await page.locator('#view canvas').boundingBox();
  const shot = decodePng(await page.locator('#view canvas').screenshot());
  const row = Math.round(shot.height / 3);
  let x = -1;
  for (let c = 0; c < shot.width; ++c) {
    const i = (row * shot.width + c) * shot.channels;
    const [r, g, b] = [shot.pixels[i], shot.pixels[i + 1], shot.pixels[i + 2]];
    if (g > r + 15 && g > b + 15 && (x < 0 || Math.abs(c - shot.width / 2) < Math.abs(x - shot.width / 2))) x = c;
  }
  if (!check(x >= 0, 'the stem is found in a screenshot')) return;
  x = box.x + (x * box.width) / shot.width;
  const y = box.y + (row * box.height) / shot.height;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + box.width * 0.2, y, { steps: 5 });
  await page.evaluate(() => document.getElementById('play').textContent === 'Play' && document.getElementById('play').click());
  await page.waitForTimeout(1500);
  const during = await top();
  await page.mouse.up();
  const moved = Math.hypot(during[0] - before[0], during[2] - before[2]);
  check(moved > 0.02, `dragging the stem pulls the plant: its top moved ${(100 * moved).toFixed(1)} cm`);
}

// ---------------------------------------------------------------- 6

async function cpfgStrings() {
  const list = JSON.parse(fs.readFileSync(path.join(args.site, 'examples.json'), 'utf8')).filter((e) => e.group === 'cpfg');
  let same = 0;
  for (const e of list) {
    const file = path.join(args.examples, e.edit);
    const native = execFileSync(args.lsd, ['derive', file], { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] })
      .toString();
    // The model opened from the menu (its folder's files in the worker), then its .l file derived there.
    const web = await page.evaluate(async ([entry, text]) => {
      const select = document.getElementById('examples');
      select.value = JSON.stringify(entry);
      await select.onchange();
      return window.lsd.derive(text, null, 'examples/' + entry.edit).catch((err) => `error: ${err.message || err}`);
    }, [e, fs.readFileSync(file, 'utf8')]);
    if (web === native) same += 1;
    else console.log(`     ${e.edit}: the page's string differs (${web.slice(0, 120)})`);
  }
  check(list.length >= 5 && same === list.length,
    `window.lsd.derive gives lsd derive's string for ${same} of the ${list.length} cpfg models of the menu`);
}

// ---------------------------------------------------------------- 7

function weight() {
  const js = fs.readdirSync(path.join(args.site, 'js')).filter((f) => f.endsWith('.js')).map((f) => path.join('js', f));
  const files = ['lsd.wasm', 'lsd.js', ...js];
  let raw = 0, packed = 0;
  for (const f of files) {
    const bytes = fs.readFileSync(path.join(args.site, f));
    raw += bytes.length;
    packed += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  const mb = (n) => (n / 1e6).toFixed(2);
  check(packed <= 3e6, `the page's WebAssembly and JavaScript (${files.length} files) weigh ${mb(packed)} MB ` +
    `compressed (gzip -9; ${mb(raw)} MB as they are), at most 3 MB`);
}

// ---------------------------------------------------------------- 8

// Every body's pose of `file` at time t in lsd_poses' run: [x, y, z, r00 .. r22] each.
function nativePoses(file, t) {
  const out = execFileSync(args.poses, [file, String(t), path.join(tmp, `poses-${t}.str`)]).toString();
  return out.trim().split('\n').map((l) => l.split(' ').map(Number));
}

function largestDifference(a, b) {
  let worst = a.length === b.length ? 0 : Infinity;
  for (let i = 0; i < Math.min(a.length, b.length); ++i)
    for (let k = 0; k < 12; ++k) worst = Math.max(worst, Math.abs(a[i][k] - b[i][k]));
  return worst;
}

async function rods() {
  const file = path.join(path.dirname(new URL(import.meta.url).pathname), 'rod_swing.ls');
  const errors = [];
  const listen = (m) => m.type() === 'error' && errors.push(m.text());
  page.on('console', listen);
  await page.evaluate((t) => window.lsd.load(t, 'rod_swing.ls'), fs.readFileSync(file, 'utf8'));
  const start = await page.evaluate(() => window.lsd.poses());
  const status = await page.evaluate(() => window.lsd.run(2));
  const end = await page.evaluate(() => window.lsd.poses());
  const [native0, native2] = [nativePoses(file, 0), nativePoses(file, 2)];
  const d0 = largestDifference(start, native0), d2 = largestDifference(end, native2);
  check(native2.length === 5 && d0 <= 1e-9 && d2 <= 1e-9 && !status.diverged,
    `the rod's ${end.length} body poses at t = 0 and 2 s are lsd_poses' within 1e-9 ` +
    `(largest differences ${d0.toExponential(2)}, ${d2.toExponential(2)})`);
  const tip = (poses) => poses[poses.length - 1];
  const moved = Math.hypot(...[0, 1, 2].map((k) => tip(end)[k] - tip(start)[k]));
  check(moved > 0.05, `the rod swings: its last element moved ${(100 * moved).toFixed(1)} cm in 2 s`);

  // The tube: 16 quads (2 triangles each) around every piece of the
  // centreline that lsd segments lists at the same time (the rod's diameter
  // 12 mm; the stem's 2 cm is the view's one segment), a 16-gon (14
  // triangles) at each end.
  const csv = execFileSync(args.lsd, ['segments', file, '--time', '2', '--quiet']).toString().trim().split('\n').slice(1);
  const pieces = csv.filter((l) => Math.abs(Number(l.split(',')[6]) - 0.012) < 1e-9).length;
  const drawn = await page.evaluate(() => window.lsd.drawn());
  const triangles = drawn.polygons / 3, tube = 2 * 16 * pieces + 2 * 14;
  check(pieces > 4 && triangles === tube && drawn.cylinders === csv.length - pieces,
    `the rod is drawn as its tube: ${triangles} triangles, ${tube} for 16-point rings along its ${pieces} pieces ` +
    `and two caps (and ${drawn.cylinders} segment)`);

  await page.waitForTimeout(500);  // a frame drawn after the run
  const shot = path.join(args.out, 'rods.png');
  await page.locator('#view canvas').screenshot({ path: shot });
  const p = plantPixels(fs.readFileSync(shot));
  check(p.plant > 0.003, `the rod is drawn: ${(100 * p.plant).toFixed(1)}% of the canvas (screenshot ${shot})`);
  page.off('console', listen);
  check(errors.length === 0, `no error in the console while the rod ran${errors.length ? `: ${errors[0]}` : ''}`);
}

// A .glb's JSON chunk (parsed) and binary chunk.
function glbChunks(bytes) {
  const b = Buffer.from(bytes);
  const jsonLength = b.readUInt32LE(12);
  const json = JSON.parse(b.subarray(20, 20 + jsonLength).toString('utf8'));
  const at = 20 + jsonLength;
  return { json, bin: b.length > at ? b.subarray(at + 8, at + 8 + b.readUInt32LE(at)) : Buffer.alloc(0) };
}

// The largest relative difference between two JSON values of the same shape
// (Infinity when their shapes, keys or strings differ).
function jsonDifference(a, b) {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) / Math.max(1, Math.abs(a));
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return a === b ? 0 : Infinity;
  const keys = Object.keys(a);
  if (Array.isArray(a) !== Array.isArray(b) || keys.length !== Object.keys(b).length) return Infinity;
  return keys.reduce((worst, k) => Math.max(worst, k in b ? jsonDifference(a[k], b[k]) : Infinity), 0);
}

// The largest relative difference between two buffers read as 32-bit words:
// identical words 0, others compared as floats (integers, such as indices,
// are identical or the buffers differ in structure).
function bufferDifference(a, b) {
  if (a.length !== b.length) return Infinity;
  let worst = 0;
  for (let i = 0; i + 4 <= a.length; i += 4) {
    if (a.readUInt32LE(i) === b.readUInt32LE(i)) continue;
    const x = a.readFloatLE(i), y = b.readFloatLE(i);
    worst = Math.max(worst, Math.abs(x - y) / Math.max(1, Math.abs(x)));
  }
  return worst;
}

async function recording() {
  const file = path.join(path.dirname(new URL(import.meta.url).pathname), 'rod_swing.ls');
  await page.evaluate((t) => window.lsd.load(t, 'rod_swing.ls'), fs.readFileSync(file, 'utf8'));
  await page.evaluate(() => window.lsd.record());
  await page.evaluate(() => window.lsd.run(2));
  const bytes = Buffer.from(await page.evaluate(async () => Array.from(new Uint8Array(await window.lsd.recorded()))));
  fs.writeFileSync(path.join(args.out, 'rod_swing.glb'), bytes);
  const native = path.join(tmp, 'rod_swing.glb');
  execFileSync(args.lsd, ['export', file, '--time', '2', '--fps', '30', '-o', native, '--quiet']);
  const [web, lsd] = [glbChunks(bytes), glbChunks(fs.readFileSync(native))];
  const skins = (web.json.skins || []).length, joints = (web.json.skins || []).reduce((n, s) => n + s.joints.length, 0);
  const frames = web.json.accessors[web.json.animations[0].samplers[0].input].count;
  const dj = jsonDifference(web.json, lsd.json), db = bufferDifference(web.bin, lsd.bin);
  check(skins > 0 && frames === 61 && dj <= 1e-9 && db <= 1e-9,
    `the page's glTF of the rod (${frames} frames, ${skins} skin of ${joints} ring joints, ${bytes.length} bytes) is ` +
    `lsd export's (JSON differs by ${dj.toExponential(2)}, the buffer by ${db.toExponential(2)}, relative)`);
  // Its rods bend: the ring joints' translations are animated and move.
  const ringNodes = new Set(web.json.skins.flatMap((s) => s.joints));
  const channels = web.json.animations[0].channels.filter((c) => ringNodes.has(c.target.node) && c.target.path === 'translation');
  let moved = 0;
  for (const c of channels) {
    const a = web.json.accessors[web.json.animations[0].samplers[c.sampler].output];
    const v = web.json.bufferViews[a.bufferView];
    const at = (k) => [0, 1, 2].map((i) => web.bin.readFloatLE((v.byteOffset || 0) + (a.byteOffset || 0) + 4 * (3 * k + i)));
    const [first, last] = [at(0), at(a.count - 1)];
    moved = Math.max(moved, Math.hypot(...first.map((x, i) => x - last[i])));
  }
  check(channels.length > 0 && moved > 1e-4,
    `its tube bends: ${channels.length} ring joints animated, one moved ${(1000 * moved).toFixed(2)} mm in its element`);
  const report = await validator.validateBytes(new Uint8Array(bytes), { maxIssues: 100 });
  const issues = report.issues.messages.filter((m) => m.severity <= 1).map((m) => `${m.code} ${m.pointer || ''}`);
  check(report.issues.numErrors === 0 && report.issues.numWarnings === 0,
    `the Khronos validator finds no error or warning in the page's glTF${issues.length ? `: ${issues.slice(0, 3).join('; ')}` : ''}`);
}
