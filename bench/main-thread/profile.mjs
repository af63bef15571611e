// Which source functions a cold load's main thread runs: the web app is built with source maps into
// a temporary folder (DIACARE_SOURCEMAP=1, never into apps/web/dist), each load of a route (signed
// in as a person with data, a new browser context, no throttling) is sampled by V8's CPU profiler
// every 0.2 ms from navigation until 2.5 s after network idle, and each sample is mapped back to its
// source file and function. Prints, per load (mean): self time by package or source file, self time
// by function, and the app's own functions (src/) with their callees. Results: bench/README.md,
// "Where a cold load's JavaScript goes". Usage: npm run bench:profile [-- --route /home] [--loads 4]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SourceMapConsumer } from 'source-map';
import { launchChromium, signedInContext } from '../support/chromium.mjs';
import { requireServerBuild, signInWithReadings, startServer } from '../support/server.mjs';

const { values: options } = parseArgs({
  options: {
    route: { type: 'string', default: '/home' },
    loads: { type: 'string', default: '4' },
  },
});
const LOADS = Number(options.loads);
const SAMPLING_INTERVAL_US = 200;
/** What the profiler reports for time outside JavaScript; not a function of the page's. */
const NOT_JAVASCRIPT = new Set(['(idle)', '(program)', '(root)']);

/**
 * Maps profiler call frames (0-based line and column in a served chunk) to 'source:function@line'
 * through each chunk's source map in `dist`; frames outside the app's chunks keep their own name.
 */
function frameNamer(dist) {
  const chunks = new Map();
  const chunk = async (file) => {
    if (!chunks.has(file)) {
      const path = join(dist, 'assets', file);
      chunks.set(
        file,
        existsSync(`${path}.map`) ? await new SourceMapConsumer(JSON.parse(readFileSync(`${path}.map`, 'utf8'))) : null,
      );
    }
    return chunks.get(file);
  };
  return async ({ url, functionName, lineNumber, columnNumber }) => {
    const file = url.split('/').pop();
    const map = url.includes('/assets/') ? await chunk(file) : null;
    if (!map) return `${file || '(browser)'}:${functionName || '(anonymous)'}`;
    const position = map.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
    if (!position.source) return `${file}:${functionName || '(anonymous)'}`;
    const source = position.source.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
    return `${source}:${position.name ?? (functionName || '(anonymous)')}@${position.line}`;
  };
}

/** 'react-dom/cjs/x.js' → 'react-dom', '@tanstack/query-core/…' → '@tanstack/query-core', else the file. */
function packageOrFile(name) {
  const file = name.slice(0, name.indexOf(':'));
  if (file.startsWith('src/')) return file;
  const parts = file.split('/');
  return parts[0].startsWith('@') && parts.length > 1 ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Adds `ms` to `key` in `totals`. */
function add(totals, key, ms) {
  totals.set(key, (totals.get(key) ?? 0) + ms);
}

/** Self time by package or file, by function, and app functions with callees, from one profile. */
async function attribute(profile, nameOf, totals) {
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const names = new Map();
  for (const node of profile.nodes) names.set(node.id, await nameOf(node.callFrame));
  profile.samples.forEach((leaf, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const leafName = names.get(leaf);
    if (NOT_JAVASCRIPT.has(leafName.slice(leafName.indexOf(':') + 1))) return;
    add(totals.byFunction, leafName, ms);
    add(totals.byFile, packageOrFile(leafName), ms);
    const onStack = new Set();
    for (let id = leaf; id !== undefined; id = parent.get(id)) {
      const name = names.get(id);
      if (name.startsWith('src/')) onStack.add(name);
    }
    for (const name of onStack) add(totals.appInclusive, name, ms);
  });
}

/** Builds the web app with source maps into a new temporary folder and returns the folder. */
function buildWithSourceMaps() {
  const dist = mkdtempSync(join(tmpdir(), 'diacare-profile-dist-'));
  const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
    cwd: new URL('../../apps/web', import.meta.url).pathname,
    env: { ...process.env, DIACARE_SOURCEMAP: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('vite build with source maps failed');
  return dist;
}

requireServerBuild();
const dist = buildWithSourceMaps();
const server = await startServer({ tempDataDir: 'diacare-bench-profile-', env: { WEB_DIST_DIR: dist } });
const browser = await launchChromium();
try {
  const cookie = await signInWithReadings(server.origin);
  const nameOf = frameNamer(dist);
  const totals = { byFile: new Map(), byFunction: new Map(), appInclusive: new Map() };
  // The first load warms the server and the database and is not counted.
  for (let load = 0; load <= LOADS; load++) {
    const context = await signedInContext(browser, server.origin, cookie);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
    await cdp.send('Profiler.start');
    await page.goto(server.origin + options.route, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2500); // idle work (dialogs' code, the outbox) runs in this time
    const { profile } = await cdp.send('Profiler.stop');
    await context.close();
    if (load > 0) await attribute(profile, nameOf, totals);
  }
  const top = (totals, count) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => `  ${(ms / LOADS).toFixed(1).padStart(7)}  ${name}`)
      .join('\n');
  const sum = (entries) => entries.reduce((total, [, ms]) => total + ms, 0) / LOADS;
  const ownCode = sum([...totals.byFile].filter(([name]) => name.startsWith('src/')));
  console.log(
    `${options.route}, ${LOADS} cold loads, JavaScript on the main thread, ms per load: ` +
      `${sum([...totals.byFile]).toFixed(0)} in all, ${ownCode.toFixed(0)} in the app's own code (src/)`,
  );
  console.log(`self time by package or source file:\n${top(totals.byFile, 15)}`);
  console.log(`self time by function:\n${top(totals.byFunction, 20)}`);
  console.log(`the app's functions (src/), with what they call:\n${top(totals.appInclusive, 20)}`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dist, { recursive: true, force: true });
}
