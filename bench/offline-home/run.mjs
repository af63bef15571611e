/* global document */
/**
 * Offline Home bench: the time from navigation to today's doses visible when
 * Home is opened OFFLINE from the saved cache (after one online visit), in Chromium against the
 * built server (PGlite in a temporary directory), with Chrome DevTools throttling: CPU slowed 4×
 * and Lighthouse's mobile "slow 4G" network (562.5 ms RTT, 1.4746 Mbps down, 0.675 Mbps up).
 *
 * Measured inside the page: performance.now() (ms since the navigation started) at the first
 * animation frame where the dose progress and the 'Take …' buttons are in the DOM. Offline, the
 * service worker gives the app shell and chunks, IndexedDB the data. Baseline in the same run:
 * a bare document from the same server (/favicon.svg, online, same throttling, in a fresh
 * context so no service worker or HTTP cache answers it), load event.
 * Median of 5 (--rounds). Budget: ≤ 1000 ms. Exits 1 when the median is over it.
 * Usage: npm run build && node bench/offline-home/run.mjs [--rounds 5]
 */
import { parseArgs } from 'node:util';
import { emulateNetwork, launchChromium, signedInContext, SLOW_4G, throttle } from '../support/chromium.mjs';
import { requireServerBuild, signInWithProfile, startServer } from '../support/server.mjs';
import { fmtMs as fmt, median } from '../support/stats.mjs';

const { values: options } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const ROUNDS = Number(options.rounds);
const BUDGET_MS = 1000;
const CPU_SLOWDOWN = 4;
requireServerBuild();

/** Local sign-in, a complete profile and one medicine taken twice a day; returns the session cookie. */
async function signInWithMedicine(origin) {
  const { cookie, send } = await signInWithProfile(origin);
  await send('POST', '/api/medications', {
    name: 'Metformin',
    dosage: '500 mg',
    form: 'Tablet',
    instructions: '',
    color: '#4ECDC4',
    schedule: { frequency: 'daily', times: ['08:00', '20:00'], start_date: '2020-01-01', end_date: null },
    refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
  });
  return cookie;
}

/** ms from navigation start to the first frame with today's doses on Home. */
async function timeToDoses(page, origin) {
  await page.goto(`${origin}/home`, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="dose-progress"]') &&
      document.querySelector('button[aria-label^="Take Metformin"]')
        ? performance.now()
        : false,
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return handle.jsonValue();
}

/** ms from navigation start to the load event of a bare document. */
async function timeToBareLoad(page, origin) {
  await page.goto(`${origin}/favicon.svg`, { waitUntil: 'load' });
  return page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd);
}

const server = await startServer({ env: { REMINDER_ENGINE: 'false' }, tempDataDir: 'diacare-offline-home-bench-' });
const browser = await launchChromium();
let medianHome = 0;
try {
  const { origin } = server;
  const cookie = await signInWithMedicine(origin);
  const context = await signedInContext(browser, origin, cookie, { timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  // One online visit: the service worker installs and takes control, Home's data is saved.
  await page.goto(`${origin}/home`);
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.locator('button[aria-label^="Take Metformin"]').first().waitFor();
  await page.waitForTimeout(1500); // the throttled save (250 ms) reaches IndexedDB

  const cdp = await throttle(page, { cpu: CPU_SLOWDOWN, enableNetwork: true });
  // Baseline from the network: a fresh context, so no service worker answers it.
  const bareContext = await browser.newContext();
  const barePage = await bareContext.newPage();
  await throttle(barePage, { cpu: CPU_SLOWDOWN, network: SLOW_4G, cacheDisabled: true });
  const bare = [];
  for (let round = 0; round < ROUNDS; round += 1) bare.push(await timeToBareLoad(barePage, origin));
  await bareContext.close();

  await context.setOffline(true);
  await emulateNetwork(cdp, SLOW_4G, true);
  const home = [];
  for (let round = 0; round < ROUNDS; round += 1) home.push(await timeToDoses(page, origin));
  await context.close();

  medianHome = median(home);
  console.log(
    `Home opened offline from cache, CPU ${CPU_SLOWDOWN}× slower, slow 4G; median of ${ROUNDS}; budget ${BUDGET_MS} ms`,
  );
  console.log(
    `offline Home → today's doses visible: ${fmt(medianHome)}   (runs: ${home.map((ms) => ms.toFixed(0)).join(', ')})`,
  );
  console.log(
    `baseline: bare document online, load: ${fmt(median(bare))}   (runs: ${bare.map((ms) => ms.toFixed(0)).join(', ')})`,
  );
  console.log(`ratio offline Home / bare document: ${(medianHome / median(bare)).toFixed(2)}`);
} finally {
  await browser.close();
  await server.stop();
}
if (medianHome > BUDGET_MS) {
  console.log(`over the ${BUDGET_MS} ms budget`);
  process.exitCode = 1;
}
