/**
 * Background Sync for the outbox: writes queued offline are sent by the built service worker on its
 * `sync` event with no page open, exactly once and only while their user is signed in; a refusal is
 * stored and shown by the page later. Decision 028.
 */
import { expect, request, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { signIn, signInWithProfile, uniqueEmail } from './fixtures';
import { doseTimesAhead } from './dose-times';
import { controlledByWorker } from './offline-write-helpers';

// Goes offline or uses pushes: this file keeps the service worker the config blocks.
test.use({ serviceWorkers: 'allow' });

const medicationBody = (time: string) => ({
  name: 'Metformin',
  dosage: '500 mg',
  form: 'Tablet',
  instructions: '',
  color: '#4ECDC4',
  schedule: { frequency: 'daily', times: [time], start_date: '2020-01-01', end_date: null },
  refill_reminder: { enabled: true, pills_remaining: 60, threshold: 7 },
});

/** GETs `path` as the user whose cookies `api` holds (not through a page: it works offline). */
async function get<T>(api: APIRequestContext, path: string): Promise<T> {
  const response = await api.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/**
 * Queues, offline, a Take of Metformin at `time` and a glucose reading of `value`; closes the page.
 * @returns the outbox's sync tag, as the page registered it
 */
async function queueOffline(page: Page, context: BrowserContext, value: string, time: string): Promise<string> {
  await context.setOffline(true);
  await page.getByRole('button', { name: `Take Metformin ${time}` }).click();
  const dose = page.getByRole('list', { name: "Today's doses" }).getByRole('listitem').first();
  await expect(dose.getByText('Waiting to sync')).toBeVisible();
  await page.getByRole('button', { name: 'Log Blood Glucose' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log Blood Glucose' });
  await dialog.getByLabel('Value (mg/dL) *').fill(value);
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(page.getByTestId('latest-glucose').getByText('Waiting to sync')).toBeVisible();
  const user = await page.evaluate(() => localStorage.getItem('diacare-outbox-user'));
  const tag = `diacare-outbox:${user}`;
  // The page asked the browser for a Background Sync of this user's outbox.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
          sync: { getTags(): Promise<string[]> };
        };
        return registration.sync.getTags();
      }),
    )
    .toContain(tag);
  await page.close();
  return tag;
}

/** Fires the service worker's `sync` event for `tag` `times` times, from a blank tab (no DiaCare page open). */
async function dispatchSync(context: BrowserContext, tag: string, times = 1): Promise<void> {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registered = new Promise<{ registrationId: string; scopeURL: string }>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
      if (ours) resolve(ours);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const { registrationId, scopeURL } = await registered;
  const origin = new URL(scopeURL).origin;
  for (let i = 0; i < times; i++) {
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag, lastChance: false });
  }
  await cdp.detach();
  await blank.close();
}

/** Counts the service worker's GET /api/auth/me requests from now on. */
async function workerAskedWho(context: BrowserContext): Promise<{ count: number }> {
  const asked = { count: 0 };
  await context.route('**/api/auth/me', async (route) => {
    if (route.request().serviceWorker()) asked.count += 1;
    await route.continue();
  });
  return asked;
}

/** Whether the outbox Web Lock `name` (the same text as the user's sync tag) is held by a page or the worker. */
function outboxLocked(page: Page, name: string): Promise<boolean> {
  return page.evaluate(async (name) => (await navigator.locks.query()).held!.some((lock) => lock.name === name), name);
}

test('writes queued offline are sent by the service worker, with no page open, exactly once', async ({
  page,
  context,
  baseURL,
}) => {
  await signInWithProfile(page, 'Sync Sunita');
  const api = context.request;
  const [time] = await doseTimesAhead(1);
  const created = await api.post('/api/medications', { data: medicationBody(time!), headers: { Origin: baseURL! } });
  expect(created.status()).toBe(201);
  await controlledByWorker(page);
  await expect(page.getByRole('button', { name: `Take Metformin ${time}` })).toBeVisible();

  const tag = await queueOffline(page, context, '151', time!);
  expect(await get<unknown[]>(api, '/api/adherence')).toHaveLength(0);

  await context.setOffline(false);
  // The browser's sync, twice (a repeat must change nothing).
  await dispatchSync(context, tag, 2);
  await expect
    .poll(async () => (await get<{ value: number }[]>(api, '/api/health/glucose')).map((r) => r.value))
    .toEqual([151]);
  const records = await get<{ status: string; scheduled_time: string }[]>(api, '/api/adherence');
  expect(records.map((r) => `${r.scheduled_time} ${r.status}`)).toEqual([`${time} taken`]);

  // Opened again: nothing waits, nothing is sent again.
  const again = await context.newPage();
  await again.goto('/home');
  await expect(again.getByRole('img', { name: `Metformin ${time} taken` })).toBeVisible();
  await expect(again.getByTestId('latest-glucose')).toContainText('151');
  await expect(again.getByText('Waiting to sync')).toHaveCount(0);
  expect(await get<unknown[]>(api, '/api/adherence')).toHaveLength(1);
  expect(await get<unknown[]>(api, '/api/health/glucose')).toHaveLength(1);
});

/**
 * Signs `name` in with Metformin daily at a time still to come today, on Home controlled by the
 * service worker.
 * @returns the email, the medicine, its dose time, and an API context with the same session (kept for checking
 *   the user's data from the test after the browser's cookies are cleared)
 */
async function signedInWithMedicine(page: Page, baseURL: string, name: string) {
  const email = await signInWithProfile(page, name);
  const context = page.context();
  const [time] = await doseTimesAhead(1);
  const created = await context.request.post('/api/medications', {
    data: medicationBody(time!),
    headers: { Origin: baseURL },
  });
  expect(created.status()).toBe(201);
  const medication = (await created.json()) as { id: string };
  await controlledByWorker(page);
  await expect(page.getByRole('button', { name: `Take Metformin ${time}` })).toBeVisible();
  const api = await request.newContext({ baseURL, storageState: await context.storageState() });
  return { email, medication, time: time!, api };
}

test("another user's session never sends the first user's writes; a refusal shows when the page opens", async ({
  page,
  context,
  baseURL,
}) => {
  const { email, medication, time, api: gita } = await signedInWithMedicine(page, baseURL!, 'Guard Gita');

  const tag = await queueOffline(page, context, '163', time);
  // Meanwhile the medicine is deleted elsewhere: the queued Take will be refused (404).
  const deleted = await gita.delete(`/api/medications/${medication.id}`, { headers: { Origin: baseURL! } });
  expect(deleted.status()).toBeLessThan(300);
  // Gita's session ends without a sign-out (her writes stay queued), before the network returns:
  // the browser may fire the sync itself when it does, and must then find no session of hers.
  await context.clearCookies();
  await context.setOffline(false);

  // Hari signs in on the phone.
  const hari = await context.newPage();
  await signIn(hari, { name: 'Hari', email: uniqueEmail('hari') });
  const hariApi = await request.newContext({ baseURL, storageState: await context.storageState() });
  const askedWho = await workerAskedWho(context);
  await dispatchSync(context, tag);
  // The worker asked who is signed in and finished (the outbox lock is free), sending nothing.
  await expect.poll(() => askedWho.count).toBeGreaterThan(0);
  await expect.poll(() => outboxLocked(hari, tag)).toBe(false);
  expect(await get<unknown[]>(gita, '/api/health/glucose')).toHaveLength(0);
  expect(await get<unknown[]>(hariApi, '/api/health/glucose')).toHaveLength(0);
  await hari.close();
  await hariApi.dispose();

  // Gita signs in again; her page cannot send (its writes fail on the way out), so the worker's
  // sync sends them: the reading once; the Take is refused (its medicine is gone), stored, and
  // shown by the open page when the worker reports, with the server's detail.
  await context.clearCookies();
  const back = await context.newPage();
  let failed = 0;
  await back.route(/\/api\/(adherence|health)/, (route) => {
    if (route.request().method() === 'GET') return route.continue();
    failed += 1;
    return route.abort('connectionreset');
  });
  await signIn(back, { name: 'Guard Gita', email });
  await expect.poll(() => failed).toBeGreaterThan(0);
  await dispatchSync(context, tag);
  await expect
    .poll(async () => (await get<{ value: number }[]>(gita, '/api/health/glucose')).map((r) => r.value))
    .toEqual([163]);
  await expect(back.getByText('Not saved', { exact: true })).toBeVisible();
  await expect(back.getByText(new RegExp(`^Take of Metformin ${time}: .+`))).toBeVisible();
  await expect(back.getByTestId('latest-glucose')).toContainText('163');
  await expect(back.getByText('Waiting to sync')).toHaveCount(0);
  expect(await get<unknown[]>(gita, '/api/adherence')).toHaveLength(0);
  await gita.dispose();
});

/** The refusals the service worker stored for `user` and no page has shown yet (read from `page`). */
function storedRefusals(page: Page, user: string): Promise<{ label: string }[]> {
  return page.evaluate(
    (key) =>
      new Promise<{ label: string }[]>((resolve, reject) => {
        const opening = indexedDB.open('diacare-outbox');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const read = opening.result.transaction('writes').objectStore('writes').get(key);
          read.onerror = () => reject(read.error);
          read.onsuccess = () => resolve((read.result as { refused?: { label: string }[] } | undefined)?.refused ?? []);
        };
      }),
    `user:${user}`,
  );
}

test("a refusal met with no page open shows to its user at their next sign-in, never to the next person's", async ({
  page,
  context,
  baseURL,
}) => {
  const { email, medication, time, api: rekha } = await signedInWithMedicine(page, baseURL!, 'Refused Rekha');

  const tag = await queueOffline(page, context, '171', time);
  const user = tag.slice('diacare-outbox:'.length);
  const deleted = await rekha.delete(`/api/medications/${medication.id}`, { headers: { Origin: baseURL! } });
  expect(deleted.status()).toBeLessThan(300);
  // Rekha is still signed in when the network returns: the worker sends her reading and meets
  // the refusal of her Take (sent first, so it is stored once the reading is saved).
  await context.setOffline(false);
  await dispatchSync(context, tag);
  await expect
    .poll(async () => (await get<{ value: number }[]>(rekha, '/api/health/glucose')).map((r) => r.value))
    .toEqual([171]);

  // Her session ends without a sign-out; Hari opens DiaCare and signs in. The page starts with
  // Rekha's outbox (the last user), but Hari is not told about her Take, and it stays for her.
  await context.clearCookies();
  const hari = await context.newPage();
  await signIn(hari, { name: 'Hari', email: uniqueEmail('hari') });
  await expect(hari.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await expect.poll(() => outboxLocked(hari, tag)).toBe(false);
  expect((await storedRefusals(hari, user)).map((refusal) => refusal.label)).toEqual([`Take of Metformin ${time}`]);
  await expect(hari.getByText('Not saved', { exact: true })).toHaveCount(0);
  await hari.close();

  // Rekha signs in again: the refusal shows, with the server's detail, once.
  await context.clearCookies();
  const back = await context.newPage();
  await signIn(back, { name: 'Refused Rekha', email });
  await expect(back.getByText('Not saved', { exact: true })).toBeVisible();
  await expect(back.getByText(new RegExp(`^Take of Metformin ${time}: .+`))).toBeVisible();
  await expect.poll(() => storedRefusals(back, user)).toEqual([]);
  expect(await get<unknown[]>(rekha, '/api/adherence')).toHaveLength(0);
  await rekha.dispose();
});
