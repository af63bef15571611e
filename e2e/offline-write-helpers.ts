/** What the offline-write journeys share: dates in Kolkata, the API beside the page, and the Log Glucose steps. */
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/** YYYY-MM-DD `days` from today in Asia/Kolkata (the browser's and the user's zone here). */
export function kolkataDate(days: number): string {
  const instant = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(instant);
}

/** The API as the page's user, from the test (not through the page, so it works while the page is offline). */
export function serverApi(request: APIRequestContext, baseURL: string) {
  const check = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()) as unknown;
  };
  return {
    get: async <T>(path: string) => (await check(await request.get(`${baseURL}${path}`))) as T,
    post: async <T>(path: string, data: unknown) =>
      (await check(await request.post(`${baseURL}${path}`, { data, headers: { Origin: baseURL } }))) as T,
  };
}

export interface Medication {
  id: string;
  name: string;
  refill_reminder: { pills_remaining: number };
}
export interface AdherenceRecord {
  id: string;
  medication_id: string;
  status: string;
  scheduled_time: string;
}

export const medicationBody = (name: string, times: string[]) => ({
  name,
  dosage: '500 mg',
  form: 'Tablet',
  instructions: '',
  color: '#4ECDC4',
  schedule: { frequency: 'daily', times, start_date: '2020-01-01', end_date: null },
  refill_reminder: { enabled: true, pills_remaining: 60, threshold: 7 },
});

/** Waits until the service worker controls the page, so a reload offline still opens the app. */
export async function controlledByWorker(page: Page) {
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

export async function logGlucose(page: Page, value: string) {
  await page.getByRole('button', { name: 'Log Blood Glucose' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log Blood Glucose' });
  await dialog.getByLabel('Value (mg/dL) *').fill(value);
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Watches the writes (requests other than GET) to `pattern` made by the browser context's
 * pages, through a context route (it also covers pages opened later). Requests the service
 * worker sends itself (Background Sync) are not seen: Playwright routes them only with its
 * experimental PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS, so a test that counts writes
 * either blocks the worker or counts what reached the server.
 * With `loseFirstAnswers`, the network loses answers: the first request of every write (by its
 * Idempotency-Key) reaches the server, which acts on it, but the sender sees a dropped
 * connection; repeats pass.
 * @returns requests(): the write requests sent so far; dropped(): the writes whose answer was lost
 */
export async function watchWrites(
  context: BrowserContext,
  pattern: RegExp,
  { loseFirstAnswers = false } = {},
): Promise<{ requests: () => number; dropped: () => number }> {
  let requests = 0;
  const dropped = new Set<string>();
  await context.route(pattern, async (route) => {
    const request = route.request();
    if (request.method() === 'GET') return route.continue();
    requests += 1;
    const key = request.headers()['idempotency-key'];
    if (!loseFirstAnswers || !key || dropped.has(key)) return route.continue();
    dropped.add(key);
    await route.fetch();
    await route.abort('connectionreset');
  });
  return { requests: () => requests, dropped: () => dropped.size };
}

/** Waits until the page's outbox is empty: no 'Waiting to sync' anywhere, and the server agrees. */
export async function synced(page: Page, check: () => Promise<boolean>) {
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(check, { timeout: 30_000 }).toBe(true);
}
