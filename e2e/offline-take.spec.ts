/**
 * The notification's 'Take' offline, through the built service worker (fixtures.ts): queued and
 * marked 'Waiting to sync', a push of that dose meanwhile not shown, sent once when back online
 * (exactly one adherence record), and never while another user is signed in. Decision 028.
 */
import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import {
  deliverPush,
  pressNotificationAction,
  signIn,
  signInWithProfile,
  uniqueEmail,
  withServiceWorker,
} from './fixtures';

// Goes offline or uses pushes: this file keeps the service worker the config blocks.
test.use({ serviceWorkers: 'allow' });

const SYNC_TAG = 'workbox-background-sync:diacare-takes';

/** The browser's Background Sync event for the Take queue, `times` in a row. */
function syncTakes(page: Page, context: BrowserContext, times = 1): Promise<void> {
  return withServiceWorker(page, context, async (send, registrationId) => {
    const origin = new URL(page.url()).origin;
    for (let i = 0; i < times; i += 1) {
      await send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag: SYNC_TAG, lastChance: false });
    }
  });
}

function dosePayload(userId: string, medicationId: string, date: string, time = '08:00') {
  return {
    reminder_id: crypto.randomUUID(),
    user_id: userId,
    kind: 'dose',
    title: 'Time for Metformin',
    body: `Metformin 500 mg at ${time}`,
    tag: `dose-${medicationId}-${date}-${time}`,
    url: '/home',
    dose: { medication_id: medicationId, medication_name: 'Metformin', dosage: '500 mg', date, scheduled_time: time },
  };
}

const notificationsOf = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}: ${n.body}`),
  );

/**
 * From now on records, in the page's running service worker, every notification it shows
 * ('title: body'), and returns those recorded so far. The confirmation stays on screen 4 s only,
 * which a busy machine's polling of getNotifications() can miss.
 */
const notificationsShown = (worker: Worker) =>
  worker.evaluate(() => {
    const sw = self as unknown as { registration: ServiceWorkerRegistration; e2eShown?: string[] };
    if (!sw.e2eShown) {
      const shown: string[] = [];
      const show = sw.registration.showNotification.bind(sw.registration);
      sw.registration.showNotification = (title, options) => {
        shown.push(`${title}: ${options?.body ?? ''}`);
        return show(title, options);
      };
      sw.e2eShown = shown;
    }
    return [...sw.e2eShown];
  });

/** Shows the dose's reminder and presses its 'Take'; the worker confirms it at once as not yet sent. */
async function takeWaitingToSync(worker: Worker, payload: ReturnType<typeof dosePayload>): Promise<void> {
  const before = (await notificationsShown(worker)).length;
  await pressNotificationAction(worker, payload, 'take');
  await expect
    .poll(async () => (await notificationsShown(worker)).slice(before))
    .toEqual([`${payload.title}: ${payload.body}`, 'Success!: Marked Metformin as taken. Waiting to sync.']);
}

/** The signed-in user's id. */
const currentUserId = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/users/me')).json()) as { id: string }).id);

/** Signs the page's user out through the API. */
async function signOut(page: Page): Promise<void> {
  expect(await page.evaluate(async () => (await fetch('/api/auth/logout', { method: 'POST' })).status)).toBe(200);
}

/** Pills left of the user's (only) medicine: 30 before, 29 after exactly one Take. */
const pillsRemaining = (page: Page) =>
  page.evaluate(
    async () =>
      ((await (await fetch('/api/medications')).json()) as { refill_reminder: { pills_remaining: number } }[])[0]!
        .refill_reminder.pills_remaining,
  );

const adherence = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/adherence');
    return ((await response.json()) as { status: string; scheduled_time: string; date: string }[]).map(
      (r) => `${r.date} ${r.scheduled_time} ${r.status}`,
    );
  });

/**
 * Signs in a new user with one daily 08:00 medicine; returns the user's id and email, the
 * medicine's id and today's date in the user's zone.
 */
async function userWithMetformin(page: Page, context: BrowserContext, name: string) {
  await context.grantPermissions(['notifications']);
  const email = await signInWithProfile(page, name);
  const userId = await currentUserId(page);
  const medication = await page.evaluate(async () => {
    const response = await fetch('/api/medications', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Metformin',
        dosage: '500 mg',
        form: 'Tablet',
        color: '#FF6B6B',
        schedule: { frequency: 'daily', times: ['08:00'], start_date: '2020-01-01' },
        refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
      }),
    });
    return (await response.json()) as { id: string };
  });
  await page.evaluate(async () => navigator.serviceWorker.ready);
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  const date = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
  );
  return { userId, email, medicationId: medication.id, worker: worker!, date };
}

test("the notification's Take pressed offline is sent once when the network is back", async ({ page, context }) => {
  const { userId, medicationId, worker, date } = await userWithMetformin(page, context, 'Meera Iyer');
  const payload = dosePayload(userId, medicationId, date);

  await context.setOffline(true);
  // Confirmed at once, and marked as not yet on the server.
  await takeWaitingToSync(worker, payload);
  // The confirmation closes after 4 s; a reminder of the same dose pushed meanwhile is not shown.
  await expect.poll(() => notificationsOf(page), { timeout: 8000 }).toEqual([]);
  await deliverPush(page, context, { ...payload, reminder_id: crypto.randomUUID() });
  // Another dose still alerts (the marker push proves the first push was handled).
  const evening = dosePayload(userId, medicationId, date, '20:00');
  await deliverPush(page, context, evening);
  await expect.poll(() => notificationsOf(page)).toEqual(['Time for Metformin: Metformin 500 mg at 20:00']);
  const eveningShown = await page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.tag),
  );
  expect(eveningShown).toEqual([evening.tag]);

  await context.setOffline(false);
  expect(await adherence(page)).toEqual([]);
  // The browser's Background Sync event for the queue, twice (a repeat must change nothing).
  await syncTakes(page, context, 2);
  await expect.poll(() => adherence(page)).toEqual([`${date} 08:00 taken`]);
  await page.reload();
  await expect(page.getByRole('img', { name: 'Metformin 08:00 taken' })).toBeVisible();
  expect(await pillsRemaining(page)).toBe(29);
});

test('a Take whose answer is lost on the way back is sent again with the same key and recorded once', async ({
  page,
  context,
}) => {
  const { userId, medicationId, worker, date } = await userWithMetformin(page, context, 'Kavya Nair');
  // The worker's requests pass through the context's routes: the first Take reaches the
  // server, and its answer is dropped (a flaky mobile network); later ones go through.
  const attempts: { key: string | null; replayed: string | null; status: number }[] = [];
  await context.route('**/api/adherence', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch();
    attempts.push({
      key: route.request().headers()['idempotency-key'] ?? null,
      replayed: response.headers()['idempotent-replayed'] ?? null,
      status: response.status(),
    });
    if (attempts.length === 1) return route.abort('connectionreset');
    return route.fulfill({ response });
  });

  await takeWaitingToSync(worker, dosePayload(userId, medicationId, date));
  await syncTakes(page, context);
  await expect.poll(() => attempts.length).toBe(2);
  expect(attempts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(attempts).toEqual([
    { key: attempts[0]!.key, replayed: null, status: 200 },
    { key: attempts[0]!.key, replayed: 'true', status: 200 },
  ]);
  expect(await adherence(page)).toEqual([`${date} 08:00 taken`]);
  expect(await pillsRemaining(page)).toBe(29);
});

/** The Takes waiting in the worker's queue (Workbox's IndexedDB store), as their owners' ids. */
const queuedOwners = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<(string | null)[]>((resolve, reject) => {
        const open = indexedDB.open('workbox-background-sync');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('requests').objectStore('requests').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () =>
            resolve(
              (all.result as { queueName: string; metadata?: { user_id: string | null } }[])
                .filter((entry) => entry.queueName === 'diacare-takes')
                .map((entry) => entry.metadata?.user_id ?? null),
            );
        };
      }),
  );

test('a Take queued for one user is not sent while another user is signed in, and is sent once when the first user is back', async ({
  page,
  context,
}) => {
  const a = await userWithMetformin(page, context, 'Meera Iyer');
  // Every Take that reaches the server, and every "who is signed in" asked by the worker.
  const posted: string[] = [];
  const askedWho: number[] = [];
  let serverReachable = false;
  await context.route('**/api/adherence', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    // route.fetch() does not follow context.setOffline, so the handler drops what cannot get through.
    if (!serverReachable) return route.abort('internetdisconnected');
    const response = await route.fetch();
    posted.push(route.request().postData() ?? '');
    return route.fulfill({ response });
  });
  await context.route('**/api/users/me', async (route) => {
    if (route.request().serviceWorker()) askedWho.push(Date.now());
    return route.continue();
  });

  await context.setOffline(true);
  await takeWaitingToSync(a.worker, dosePayload(a.userId, a.medicationId, a.date));
  expect(await queuedOwners(page)).toEqual([a.userId]);

  // The phone is back online but DiaCare's writes still fail while A signs out and B signs in.
  await context.setOffline(false);
  await signOut(page);
  await signIn(page, { name: 'Ravi Kumar', email: uniqueEmail('ravi') });
  expect(await currentUserId(page)).not.toBe(a.userId);

  // The network is fully back: a sync while B is signed in sends nothing.
  serverReachable = true;
  const before = askedWho.length;
  await syncTakes(page, context);
  // The worker asked who is signed in, and put A's Take back in the queue.
  await expect.poll(async () => askedWho.length > before && (await queuedOwners(page)).length === 1).toBe(true);
  expect(await queuedOwners(page)).toEqual([a.userId]);
  expect(posted).toEqual([]);
  expect(await adherence(page)).toEqual([]);

  // A signs in again: the next sync sends A's Take; A's dose is recorded once.
  await signOut(page);
  await signIn(page, { name: 'Meera Iyer', email: a.email });
  await syncTakes(page, context);
  await expect.poll(() => adherence(page)).toEqual([`${a.date} 08:00 taken`]);
  await expect.poll(() => queuedOwners(page)).toEqual([]);
  // A further sync sends nothing more.
  await syncTakes(page, context);
  expect(posted).toHaveLength(1);
  expect(await adherence(page)).toEqual([`${a.date} 08:00 taken`]);
  expect(await pillsRemaining(page)).toBe(29);
});
