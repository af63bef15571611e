// Lighthouse mobile, cold loads, median of 5 runs: every route a person opens directly, against a
// bare Vite + React page in the same run (bench/lighthouse/baseline). Budget: score ≥ 98 and FCP
// ≤ 1.25× the bare page's. The CPU slowdown is calibrated to this machine (decision 057).
// Results: bench/README.md.
// Both are served over HTTPS and HTTP/2, as a deployment's TLS front serves them (decision 060).
// Usage: npm run bench:lighthouse [-- --runs 5] [--no-build] [--pages /,/home] [--save-dir /tmp/lh]
//        [--cpu-multiplier 4]  (a fixed slowdown instead of the calibrated one; 4 is Lighthouse's default)
//        [--http1]  (plain HTTP/1.1 straight from the servers, as before decision 060)
//        [--server-same-priority]  (DiaCare's server at normal CPU priority, as before decision 068)
//        [--shared-cores]  (the page's renderer shares every core, as before decision 069)
// DiaCare's server runs at the lowest CPU priority: on a phone it is elsewhere (decision 068).
// The page's renderers have the last core to themselves; Chromium's other processes, the server
// and this script share the rest (decision 069).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyHttpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';
import selfsigned from 'selfsigned';
import { build as viteBuild } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.mjs';
import { keepOffRendererCore, pinRenderersToTheirCore } from '../support/cores.mjs';
import { freePort, OFF_PHONE_NICENESS, signInWithReadings, startServer } from '../support/server.mjs';
import { median } from '../support/stats.mjs';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
    pages: { type: 'string' },
    port: { type: 'string', default: '3918' },
    'baseline-port': { type: 'string', default: '3919' },
    /** Writes each Lighthouse report (JSON) and the trace of its load (.trace.json) into this directory. */
    'save-dir': { type: 'string' },
    'cpu-multiplier': { type: 'string' },
    'server-same-priority': { type: 'boolean', default: false },
    'shared-cores': { type: 'boolean', default: false },
    http1: { type: 'boolean', default: false },
  },
});
const RUNS = Number(options.runs);
const root = new URL('../../', import.meta.url).pathname;
const here = new URL('.', import.meta.url).pathname;
/** Every page's budget: a score of at least 98, and an FCP at most 1.25× the bare page's. */
const SCORE_TARGET = 98;
const FCP_RATIO_TARGET = 1.25;
/**
 * Lighthouse's default 4× CPU slowdown is calibrated for a high-end desktop, benchmark index
 * 1500–2000 (Lighthouse's throttling docs): 4× of about 1750 is a phone of about 440. On another
 * machine the same phone is benchmarkIndex / 440 (never below 1×): about 1.8× on a machine of 800.
 * The index is measured in each run's Chromium just before its load (the higher of two
 * measurements), as the machine's speed changes from minute to minute.
 */
const PHONE_BENCHMARK_INDEX = 1750 / 4;
const log = (line) => console.log(line);
const RENDERER_CORE_OWN = !options['shared-cores'];
// Inherited by everything started from here on: the servers, the HTTPS front, Chromium.
if (RENDERER_CORE_OWN) keepOffRendererCore();
const HTTPS = !options.http1;
/** Environment naming this run's certificate (PEM files), set when the script runs itself again. */
const TLS_CERT_ENV = 'DIACARE_BENCH_TLS_CERT';
const TLS_KEY_ENV = 'DIACARE_BENCH_TLS_KEY';

/**
 * Node's fetch trusts a certificate only through NODE_EXTRA_CA_CERTS, read when a process starts:
 * writes a self-signed certificate for 127.0.0.1 and runs this script again with it trusted.
 */
if (HTTPS && !process.env[TLS_CERT_ENV]) {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'DiaCare Lighthouse bench' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const dir = mkdtempSync(join(tmpdir(), 'diacare-lh-tls-'));
  writeFileSync(join(dir, 'cert.pem'), pems.cert);
  writeFileSync(join(dir, 'key.pem'), pems.private, { mode: 0o600 });
  const env = {
    ...process.env,
    NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem'),
    [TLS_CERT_ENV]: join(dir, 'cert.pem'),
    [TLS_KEY_ENV]: join(dir, 'key.pem'),
  };
  const child = spawnSync(process.execPath, process.argv.slice(1), { env, stdio: 'inherit' });
  rmSync(dir, { recursive: true, force: true });
  process.exit(child.status ?? 1);
}

/**
 * A TLS front on 127.0.0.1:`port` speaking HTTP/2 (and HTTP/1.1 to clients that ask for it) that
 * passes every request to the plain-HTTP `upstream` origin, as a deployment's proxy does.
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>} origin https://127.0.0.1:<port>
 */
async function startHttpsFront(upstream, port) {
  const front = Fastify({
    http2: true,
    https: {
      allowHTTP1: true,
      cert: readFileSync(process.env[TLS_CERT_ENV]),
      key: readFileSync(process.env[TLS_KEY_ENV]),
    },
  });
  await front.register(fastifyHttpProxy, { upstream });
  await front.listen({ port, host: '127.0.0.1' });
  return { origin: `https://127.0.0.1:${port}`, close: () => front.close() };
}

/**
 * Serves `start(port)`'s plain-HTTP server on --port-like `port`: itself, or behind the HTTPS
 * front (the default), with the server on a free port.
 * @param {(port: number, origin: string) => Promise<{ close: () => Promise<void> }>} start
 *   starts the server on `port`; `origin` is the one people will load
 */
async function serve(port, start) {
  if (!HTTPS) {
    const server = await start(port, `http://127.0.0.1:${port}`);
    return { origin: `http://127.0.0.1:${port}`, close: server.close };
  }
  const upstreamPort = await freePort();
  const server = await start(upstreamPort, `https://127.0.0.1:${port}`);
  const front = await startHttpsFront(`http://127.0.0.1:${upstreamPort}`, port);
  return {
    origin: front.origin,
    close: async () => {
      await front.close();
      await server.close();
    },
  };
}

/** Writes .br and .gz copies next to every text file under `dir`, as the web build does. */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) precompress(path);
    else if (/\.(html|js|css|svg|json)$/.test(name)) {
      const content = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    }
  }
}

async function startBaseline() {
  const outDir = mkdtempSync(join(tmpdir(), 'diacare-lh-baseline-'));
  await viteBuild({
    root: join(here, 'baseline'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  precompress(outDir);
  const served = await serve(Number(options['baseline-port']), async (port) => {
    const server = Fastify();
    await server.register(fastifyStatic, { root: outDir, preCompressed: true });
    await server.listen({ port, host: '127.0.0.1' });
    return { close: () => server.close() };
  });
  return { url: `${served.origin}/`, close: served.close, outDir };
}

/**
 * DiaCare's production build on a fresh embedded database, loaded at --port; its warnings shown.
 * Behind the HTTPS front its APP_ORIGIN is the front's, so its cookie is `__Host-` and Secure.
 */
async function startDiaCare() {
  const served = await serve(Number(options.port), async (port, origin) => {
    const server = await startServer({
      env: { REMINDER_ENGINE: 'false', LOG_LEVEL: 'warn', APP_ORIGIN: origin },
      tempDataDir: 'diacare-lh-data-',
      port,
      echo: true,
      niceness: options['server-same-priority'] ? 0 : OFF_PHONE_NICENESS,
    });
    return { close: server.stop };
  });
  return { base: served.origin, close: served.close };
}

/** signInWithReadings' session as Lighthouse's cookie: { name, value }. */
async function signInWithData(base) {
  const [name, value] = (await signInWithReadings(base)).split('=');
  return { name, value };
}

/**
 * One cold Lighthouse run in a new Chromium; `session` ({ name, value } of the cookie) seeds the
 * cookie and flags first. The CPU
 * slowdown is `fixedMultiplier` when given, else calibrated from the benchmark index measured
 * in this Chromium just before the load.
 */
async function lighthouseRun(url, session, fixedMultiplier) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [
      '--headless=new',
      ...CHROMIUM_ARGS,
      '--disable-dev-shm-usage',
      // The bench's own self-signed certificate (the HTTPS front's).
      ...(HTTPS ? ['--ignore-certificate-errors'] : []),
    ],
  });
  try {
    if (RENDERER_CORE_OWN) pinRenderersToTheirCore(chrome.pid);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    const origin = new URL(url).origin;
    // A JSON answer of the origin: no app asset enters the cache (Lighthouse clears it anyway).
    await page.goto(`${origin}/api/config`);
    if (session) {
      await page.setCookie({ ...session, url: origin, path: '/', httpOnly: true, secure: HTTPS, sameSite: 'Lax' });
      await page.evaluate(() => {
        localStorage.setItem('isAuthenticated', 'true');
        localStorage.setItem('profileCompleted', 'true');
        localStorage.setItem('pwa-install-dismissed', 'true');
      });
    }
    // The higher of two: the first, right after launch, runs beside Chromium's own start-up (on
    // the renderers' core, decision 069) and reads up to a third low.
    const benchmarkIndex = Math.max(
      await page.evaluate(pageFunctions.computeBenchmarkIndex),
      await page.evaluate(pageFunctions.computeBenchmarkIndex),
    );
    const cpuMultiplier =
      fixedMultiplier ?? Math.max(1, Math.round((benchmarkIndex / PHONE_BENCHMARK_INDEX) * 100) / 100);
    await page.close();
    await browser.disconnect();
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttling: { cpuSlowdownMultiplier: cpuMultiplier },
    });
    const { lhr } = result;
    if (options['save-dir']) {
      mkdirSync(options['save-dir'], { recursive: true });
      const name = new URL(url).pathname.replaceAll('/', '_') || '_';
      const file = join(options['save-dir'], `${new URL(url).port}${name}-${Date.now()}`);
      writeFileSync(`${file}.json`, result.report);
      writeFileSync(`${file}.trace.json`, JSON.stringify(result.artifacts.Trace ?? null));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue;
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      finalUrl: lhr.finalDisplayedUrl,
      cpuMultiplier,
    };
  } finally {
    await chrome.kill();
  }
}

/** Attempts per run: Lighthouse now and then fails to record a load's trace (NO_NAVSTART), twice in a row at times. */
const ATTEMPTS = 3;

/** lighthouseRun, run again (up to ATTEMPTS in all) when it fails; each failure is logged under `label`. */
async function lighthouseRunWithRetries(url, session, fixedMultiplier, label) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, session, fixedMultiplier);
    } catch (error) {
      if (attempt === ATTEMPTS) throw error;
      log(`  ${label}: ${error.message}; running it again`);
    }
  }
}

if (!options['no-build']) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}
const baseline = await startBaseline();
const diacare = await startDiaCare();
try {
  const session = await signInWithData(diacare.base);
  const pages = [
    ['baseline (Vite + React)', baseline.url, null],
    ['/', `${diacare.base}/`, null],
    ['/home', `${diacare.base}/home`, session],
    ['/reports', `${diacare.base}/reports`, session],
    ['/reports/history/glucose', `${diacare.base}/reports/history/glucose`, session],
    ['/medications', `${diacare.base}/medications`, session],
    ['/medications/add', `${diacare.base}/medications/add`, session],
    ['/booking', `${diacare.base}/booking`, session],
    ['/chat', `${diacare.base}/chat`, session],
    ['/faq', `${diacare.base}/faq`, session],
    ['/profile', `${diacare.base}/profile`, session],
  ].filter(([name], index) => index === 0 || !options.pages || options.pages.split(',').includes(name));

  const results = [];
  const cpuMultiplier = options['cpu-multiplier'] ? Number(options['cpu-multiplier']) : undefined;
  for (const [name, url, cookie] of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await lighthouseRunWithRetries(url, cookie, cpuMultiplier, `${name} run ${i + 1}`);
      if (!run.finalUrl.startsWith(url)) throw new Error(`${url} ended at ${run.finalUrl} (not signed in?)`);
      runs.push(run);
      log(
        `  ${name} run ${i + 1}: ${run.score}, FCP ${(run.fcp / 1000).toFixed(2)} s, LCP ${(run.lcp / 1000).toFixed(2)} s, CPU ${run.cpuMultiplier}×`,
      );
    }
    results.push([name, runs]);
  }

  const slowdown = cpuMultiplier ? `CPU ${cpuMultiplier}×` : 'CPU calibrated per run (decision 057)';
  const protocol = HTTPS ? 'HTTPS and HTTP/2 (decision 060)' : 'HTTP/1.1';
  const cores = RENDERER_CORE_OWN ? 'the renderer on a core of its own (decision 069)' : 'every core shared';
  log(
    `\nLighthouse ${RUNS} cold runs per page, mobile (simulated throttling, ${slowdown}), ${protocol}, ${cores}, median:`,
  );
  log('page                          score  (min–max)   FCP s   LCP s   TBT ms    CLS   FCP/bare  budget   CPU×');
  let missed = false;
  const bareFcp = median(results[0][1].map((r) => r.fcp));
  for (const [index, [name, runs]] of results.entries()) {
    const scores = runs.map((r) => r.score);
    const score = median(scores);
    const fcpRatio = median(runs.map((r) => r.fcp)) / bareFcp;
    const met = score >= SCORE_TARGET && fcpRatio <= FCP_RATIO_TARGET;
    if (index > 0 && !met) missed = true;
    log(
      `${name.padEnd(28)}${String(score).padStart(7)}  (${Math.min(...scores)}–${Math.max(...scores)})`.padEnd(47) +
        `${(median(runs.map((r) => r.fcp)) / 1000).toFixed(2).padStart(6)}${(median(runs.map((r) => r.lcp)) / 1000).toFixed(2).padStart(8)}` +
        `${median(runs.map((r) => r.tbt))
          .toFixed(0)
          .padStart(9)}${median(runs.map((r) => r.cls))
          .toFixed(3)
          .padStart(7)}` +
        `${fcpRatio.toFixed(2).padStart(9)}  ${(index === 0 ? '' : met ? 'ok' : 'MISSED').padEnd(6)}` +
        `${median(runs.map((r) => r.cpuMultiplier))
          .toFixed(2)
          .padStart(7)}`,
    );
  }
  if (missed) process.exitCode = 1;
} finally {
  await diacare.close();
  await baseline.close();
  rmSync(baseline.outDir, { recursive: true, force: true });
}
