/**
 * Chromium for the benches: launch it, open a context signed in to DiaCare, and apply DevTools
 * throttling (CPU slowdown, Lighthouse's mobile slow 4G). Used by bench/language-switch.mjs and
 * bench/offline-home/run.mjs.
 */
import { chromium } from '@playwright/test';

/** The Chromium executable: CHROMIUM_PATH, else CHROME_PATH, else /usr/bin/chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags every bench starts Chromium with (containers have no sandbox and no GPU). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu'];

/** Lighthouse's mobile "slow 4G" (constants.js throttling.mobileSlow4G), as DevTools applies it:
 * 562.5 ms round trip, 1.4746 Mbps down, 0.675 Mbps up (bytes per second below). */
export const SLOW_4G = {
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

/** Launches headless Chromium through Playwright. */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * A new browser context signed in to `origin`: the session cookie and the app's localStorage
 * flags (signed in, profile complete). Phone-sized (390 × 844), en-IN.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin the server
 * @param {string} cookie 'diacare_session=<token>' (support/server.mjs signIn)
 * @param {import('@playwright/test').BrowserContextOptions} [options] more context options
 */
export async function signedInContext(browser, origin, cookie, options = {}) {
  const context = await browser.newContext({ locale: 'en-IN', viewport: { width: 390, height: 844 }, ...options });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: origin }]);
  await context.addInitScript(() => {
    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('profileCompleted', 'true');
  });
  return context;
}

/**
 * Chrome DevTools throttling on `page` (a CDP session of its context).
 * @param {import('@playwright/test').Page} page
 * @param {{ cpu?: number, network?: typeof SLOW_4G, offline?: boolean, cacheDisabled?: boolean,
 *   enableNetwork?: boolean }} settings
 *   cpu: slowdown factor (4 = a mid-range phone); network: latency (ms) and throughputs (bytes/s);
 *   offline: no network at all (with `network`'s figures); cacheDisabled: bypass the HTTP cache;
 *   enableNetwork: enable the session's Network domain for a later emulateNetwork (it is enabled
 *   anyway when a network setting is given here)
 * @returns the CDP session, to change the settings later (see emulateNetwork)
 */
export async function throttle(page, { cpu, network, offline = false, cacheDisabled = false, enableNetwork } = {}) {
  const cdp = await page.context().newCDPSession(page);
  if (enableNetwork || network || offline || cacheDisabled) await cdp.send('Network.enable');
  if (cacheDisabled) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  if (network || offline) await emulateNetwork(cdp, network, offline);
  return cdp;
}

/** Sets the network conditions of a CDP session from throttle(): `network`'s figures, offline or not. */
export function emulateNetwork(cdp, network = SLOW_4G, offline = false) {
  return cdp.send('Network.emulateNetworkConditions', { offline, ...network });
}
