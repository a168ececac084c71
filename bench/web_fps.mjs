// Frames per second of the page (make web; docs/web.md) in Debian's headless
// Chromium (WebGL through SwiftShader, on the processor): a model grows and
// sways for a while, then the worker's frame rate is sampled, with where a
// frame's time goes (physics and scene in the module, drawing). Run by `make
// bench` (scripts/bench.sh):
//
//   node bench/web_fps.mjs SITE [EXAMPLE [SECONDS]]
//
// playwright-core comes from tests/web (npm ci there).
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { chromium } = await import(path.join(here, '../tests/web/node_modules/playwright-core/index.mjs'));
const { servePage } = await import(path.join(here, '../tests/web/support.mjs'));

const [site, example = 'bush2000.ls', seconds = '20'] = process.argv.slice(2);
const server = await servePage(site);
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lsd-web-fps-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.LSD_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader'],
  viewport: { width: 1280, height: 760 },
});
try {
  const page = context.pages()[0] || await context.newPage();
  await page.goto(`${server.url}/?example=${example}`);
  await page.waitForFunction(() => window.lsd, null, { timeout: 30000 });
  await page.evaluate(() => window.lsd.ready);
  await page.waitForSelector('#messages .ok', { timeout: 300000 });
  const canvas = await page.locator('#view canvas').boundingBox();
  await page.waitForTimeout(3000);  // past the first frames
  const samples = [];
  const end = Date.now() + Number(seconds) * 1000;
  while (Date.now() < end) {
    await page.waitForTimeout(1000);
    samples.push(await page.evaluate(() => window.lsd.status()));
  }
  const mean = (f) => samples.reduce((a, s) => a + f(s), 0) / samples.length;
  const last = samples[samples.length - 1];
  console.log(`${example}: ${mean((s) => s.fps).toFixed(1)} frames/s in headless Chromium (SwiftShader), ` +
    `canvas ${Math.round(canvas.width)}x${Math.round(canvas.height)} CSS px, ${samples.length} samples of 1 s; ` +
    `${last.status.bodies} bodies, ${last.status.modules} modules at t = ${last.status.time.toFixed(2)} s`);
  console.log(`  per frame: physics and scene ${mean((s) => s.timing.physics).toFixed(1)} ms ` +
    `(${mean((s) => s.timing.steps).toFixed(1)} steps), drawing ${mean((s) => s.timing.draw).toFixed(1)} ms; ` +
    `simulated ${(100 * mean((s) => s.timing.realTime)).toFixed(0)}% of real time`);
} finally {
  await context.close();
  server.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
