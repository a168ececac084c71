// The newest MuJoCo this machine can reach: npm's `mujoco` package (Google
// DeepMind's WebAssembly build; PyPI's wheel, with the C library, is not
// reachable here), run by node on the plants bench_peers writes as MJCF
// (`bench_peers --write-mjcf DIR`). For each plant and each integrator
// (Euler, implicit, implicitfast): the cost of a step per moving body and
// the largest stable step, by the criterion of bench_peers (runs.hpp).
// Run by scripts/bench.sh from bench/scratch, where the package is installed:
//   node mujoco_wasm.mjs DIR chain10 chain100 tree100 tree1000
// WebAssembly, so not the speed of a native build; a separate process, so
// not timed in turns with lsd (bench_peers's native MuJoCo 2.2.2 is).
import loadMujoco from 'mujoco';
import fs from 'fs';

// MuJoCo prints a warning when a run diverges; the runs count them instead.
const mj = await loadMujoco({ print: (t) => { if (!t.startsWith('WARNING') && t.trim()) console.log(t); } });

const dir = process.argv[2];
const plants = process.argv.slice(3);
const integrators = [['Euler', 0], ['implicit', 2], ['implicitfast', 3]];
const maxSteps = 150, maxSpeed = 1000, frame = 1 / 60, tolerance = 0.01;

// The same start for every run: at rest, every joint turning at 0.01 rad/s
// about a random axis (a fixed sequence).
let seed = 11;
function random() {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648 - 0.5;
}

// (d.warning is a view into mjData: deleting it aborts.)
function warnings(d) {
  const w = d.warning;
  let n = 0;
  for (let k = 0; k < w.size(); ++k) n += w.get(k).number;
  return n;
}

// The fastest joint (rad/s); infinity when a number is not finite.
function largestSpeed(m, d) {
  const v = d.qvel;
  let worst = 0;
  for (let j = 0; j < m.njnt; ++j) {
    const a = m.jnt_dofadr[j];
    const s = Math.hypot(v[a], v[a + 1], v[a + 2]);
    if (!Number.isFinite(s)) return Infinity;
    worst = Math.max(worst, s);
  }
  return worst;
}

function restart(m, d, start) {
  mj.mj_resetData(m, d);
  d.qvel.set(start);
}

function stable(m, d, start, dt) {
  m.opt.timestep = dt;
  restart(m, d, start);
  const steps = Math.min(maxSteps, Math.ceil(2 / dt - 1e-9));
  for (let s = 0; s < steps; ++s) {
    mj.mj_step(m, d);
    if (largestSpeed(m, d) > maxSpeed) return false;
  }
  return warnings(d) === 0;
}

// bench_peers's search: from the guess, factors that square until a bracket,
// then bisection on log(dt) to 1%; capped at 1/60 s.
function largestStable(m, d, start, guess) {
  let lo, hi, factor = 1.1;
  if (stable(m, d, start, guess)) {
    lo = guess;
    for (;;) {
      if (lo >= frame) return frame;
      hi = Math.min(frame, lo * factor);
      if (!stable(m, d, start, hi)) break;
      lo = hi;
      factor *= factor;
    }
  } else {
    hi = guess;
    for (;;) {
      if (hi <= 1e-10) return 0;
      lo = hi / factor;
      if (stable(m, d, start, lo)) break;
      hi = lo;
      factor *= factor;
    }
  }
  while (hi / lo > 1 + tolerance) {
    const mid = Math.sqrt(lo * hi);
    if (stable(m, d, start, mid)) lo = mid; else hi = mid;
  }
  return lo;
}

// The best time of one step over 5 blocks of ~50 ms (the cost does not
// depend on the step without contact).
function stepSeconds(m, d, start, dt) {
  m.opt.timestep = dt;
  restart(m, d, start);
  let t0 = performance.now();
  mj.mj_step(m, d);
  const first = (performance.now() - t0) / 1000;
  const block = Math.max(1, Math.min(5000, Math.floor(0.05 / first)));
  let best = Infinity;
  for (let r = 0; r < 5; ++r) {
    restart(m, d, start);
    t0 = performance.now();
    for (let s = 0; s < block; ++s) mj.mj_step(m, d);
    best = Math.min(best, (performance.now() - t0) / 1000 / block);
  }
  return best;
}

console.log(`MuJoCo ${mj.mj_versionString()} (npm mujoco, WebAssembly in node ${process.version})`);
console.log('plant        integrator     ns/body    largest stable dt   compile (s)');
mj.FS.mkdir('/plants');
let guess = 1e-5;
for (const plant of plants) {
  mj.FS.mkdir(`/plants/${plant}`);
  for (const f of fs.readdirSync(`${dir}/${plant}`)) {
    // 2.2.2's <size nstack> is not MuJoCo 3's: its stack is sized by itself.
    const text = fs.readFileSync(`${dir}/${plant}/${f}`, 'utf8').replace(/<size nstack="\d+"\/>\n/, '');
    mj.FS.writeFile(`/plants/${plant}/${f}`, text);
  }
  const t0 = performance.now();
  const m = mj.MjModel.mj_loadXML(`/plants/${plant}/plant.xml`);
  const compile = (performance.now() - t0) / 1000;
  const d = new mj.MjData(m);
  const start = new Float64Array(m.nv);
  for (let j = 0; j < m.njnt; ++j) {
    const v = [random(), random(), random()];
    const n = Math.hypot(...v);
    for (let k = 0; k < 3; ++k) start[m.jnt_dofadr[j] + k] = 0.01 * v[k] / n;
  }
  // WebAssembly is compiled in tiers while it runs: the first plant's first
  // second of stepping is not timed.
  if (plant === plants[0]) {
    const t0 = performance.now();
    m.opt.timestep = 1e-5;
    restart(m, d, start);
    while (performance.now() - t0 < 1000) mj.mj_step(m, d);
  }
  for (const [name, integrator] of integrators) {
    m.opt.integrator = integrator;
    // The search only where its ~6 full trials take under a minute.
    const s = stepSeconds(m, d, start, 1e-5);
    const dt = s * maxSteps * 6 < 60 ? largestStable(m, d, start, guess) : 0;
    if (integrator === 0 && dt > 0) guess = dt;
    console.log(`${plant.padEnd(12)} ${name.padEnd(13)} ${(1e9 * s / m.njnt).toPrecision(4).padStart(10)}` +
                `    ${dt > 0 ? (dt >= frame ? '>= 1/60' : dt.toExponential(2)) : 'not searched'}`.padEnd(24) +
                `${compile.toPrecision(3).padStart(10)}`);
  }
  d.delete();
  m.delete();
}
