/**
 * Shared steps for the journeys: sign in through the local sign-in page like a person; drive
 * the real, built service worker (trusted pushes and sync events through Chromium's DevTools
 * protocol, a notification's action buttons).
 */
import { expect, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { doseTimesAhead } from './dose-times';

let counter = 0;
/** The journeys' server (playwright.config.ts sets baseURL from the same variable). */
const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3107}`;

/** A unique email per call so journeys never share a user (also across parallel workers). */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${process.env.TEST_PARALLEL_INDEX ?? 0}.${counter}@example.com`;
}

/** Landing → Continue with Google → Local sign-in → back on the app (profile setup or home). */
export async function signIn(page: Page, identity: { name: string; email: string }): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveTitle(/Local sign-in/);
  await page.getByLabel('Name').fill(identity.name);
  await page.getByLabel('Email').fill(identity.email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/(profile-setup|home)$/);
}

export interface ProfileValues {
  sex?: string;
  age?: string;
  whatsapp?: string;
  address?: string;
  state?: string;
  pincode?: string;
}

/** Fills and submits Complete Your Profile; waits for Home. */
export async function completeProfile(page: Page, values: ProfileValues = {}): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByLabel('Sex *').selectOption(values.sex ?? 'female');
  await page.getByLabel('Age *').fill(values.age ?? '52');
  await page.getByLabel('WhatsApp Number *').fill(values.whatsapp ?? '9876543210');
  await page.getByLabel('Address *').fill(values.address ?? '12 MG Road');
  await page.getByLabel('State *').selectOption(values.state ?? 'Karnataka');
  await page.getByLabel('Pincode *').fill(values.pincode ?? '560001');
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await page.waitForURL(/\/home$/);
}

/** A one-time sign-in code for `identity` from the local sign-in form, as its redirect carries it. */
async function localSignInCode(
  page: Page,
  identity: { name: string; email: string },
  baseUrl = BASE_URL,
): Promise<string> {
  const origin = new URL(baseUrl).origin;
  const response = await page.request.post('/auth/login', {
    headers: { origin },
    form: { name: identity.name, email: identity.email, redirect: `${origin}/` },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  return new URL(response.headers().location!).hash.replace('#session_id=', '');
}

/**
 * A signed-in user with a complete profile, on Home. The sign-in form and Complete Your Profile
 * are posted through the API (foundation.spec.ts drives them on screen), then the app opens
 * with a fresh one-time code as the sign-in redirect gives it. Returns the e-mail. `baseUrl`: another
 * server than the journeys' one (the pseudo-locale journey's).
 */
export async function signInWithProfile(page: Page, name = 'Asha Rao', baseUrl = BASE_URL): Promise<string> {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const origin = new URL(baseUrl).origin;
  const session = await page.request.post('/api/auth/session', {
    headers: { origin },
    data: { session_id: await localSignInCode(page, { name, email }, baseUrl), timezone: 'Asia/Kolkata' },
  });
  expect(session.status()).toBe(200);
  const profile = await page.request.put('/api/users/me', {
    headers: { origin },
    data: {
      name,
      phone: '9876543210',
      sex: 'female',
      age: 52,
      address: '12 MG Road',
      state: 'Karnataka',
      country: 'India',
      pincode: '560001',
    },
  });
  expect(profile.status()).toBe(200);
  const code = await localSignInCode(page, { name, email }, baseUrl);
  // From a blank page, so that on the landing page already (after a sign-out) this is a new
  // load that reads the code rather than a jump within the page.
  await page.goto('about:blank');
  await page.goto(`/#session_id=${code}`);
  await page.waitForURL(/\/home$/);
  return email;
}

/**
 * Logs a fasting glucose reading (`value` mg/dL, `date` YYYY-MM-DD, `time` HH:MM) through the API
 * with the page's session, as the log dialog does; expects 201.
 */
export async function logGlucose(page: Page, value: number, date: string, time: string): Promise<void> {
  await postRecord(page, '/api/health/glucose', { value, meal_context: 'Fasting', date, time });
}

/** The date `days` from today in Asia/Kolkata, as YYYY-MM-DD. */
export function kolkataDate(days: number): string {
  const instant = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(instant);
}

/** POSTs `data` to `path` with the page's session, as the app's own forms do; expects 201. */
export async function postRecord(page: Page, path: string, data: object): Promise<void> {
  const response = await page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Something on every screen for the signed-in user: a medicine twice a day from today at times
 * still to come (doseTimesAhead), a low (64 mg/dL, yesterday) and a high (182, today) fasting
 * glucose, a blood pressure, a weight and height, and a lab visit in 20 days (Asia/Kolkata dates).
 */
export async function addRecordsForEveryScreen(page: Page): Promise<void> {
  // A dose due before the medicine is added is not owed (decision 077): fixed times would leave
  // Home and the assistant without today's doses late in the day.
  const times = await doseTimesAhead(2);
  await postRecord(page, '/api/medications', {
    name: 'Metformin',
    dosage: '500 mg',
    form: 'Tablet',
    color: '#FF6B6B',
    schedule: { frequency: 'daily', times, start_date: kolkataDate(0) },
    refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
  });
  // Today's readings at 00:00, so they are never later than now (the server refuses those).
  const glucose = { meal_context: 'Fasting' };
  await postRecord(page, '/api/health/glucose', { ...glucose, value: 64, date: kolkataDate(-1), time: '07:00' });
  await postRecord(page, '/api/health/glucose', { ...glucose, value: 182, date: kolkataDate(0), time: '00:00' });
  await postRecord(page, '/api/health/bp', { systolic: 128, diastolic: 82, date: kolkataDate(0), time: '00:00' });
  await postRecord(page, '/api/health/metrics', { weight: 61.5, height: 158, date: kolkataDate(0) });
  await postRecord(page, '/api/appointments', {
    type: 'lab',
    title: 'HbA1c',
    location: 'District Hospital',
    date: kolkataDate(20),
    time: '09:00',
  });
}

/**
 * Saves a phone-sized screenshot under test-results/screens for a person to look at; skipped
 * in CI (CI=true) unless E2E_SCREENSHOTS=1, since nothing there looks at them.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.CI && !process.env.E2E_SCREENSHOTS) return;
  // A face still loading paints its text faintly or not at all: wait, so the picture shows the page.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** Sends DevTools ServiceWorker-domain commands (deliverPushMessage, dispatchSyncEvent…). */
export type ServiceWorkerCommand = (method: string, params: object) => Promise<unknown>;

/**
 * Runs `act` with a DevTools session on the ServiceWorker domain and the registration id of
 * the page's service worker, then detaches.
 */
export async function withServiceWorker(
  page: Page,
  context: BrowserContext,
  act: (send: ServiceWorkerCommand, registrationId: string) => Promise<void>,
): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  await act((method, params) => cdp.send(method as 'ServiceWorker.enable', params as never), registrationId);
  await cdp.detach();
}

/** What the page's service worker has done with push events, as pushesHandled counts them. */
interface PushCount {
  handled: number;
  waiters: (() => void)[];
}

/**
 * From now on counts, in the page's running service worker, the push events it has finished
 * handling (each event's waitUntil promise settled), and returns the count so far. The worker
 * stays running while DevTools is attached, so the count lasts the test.
 */
function pushesHandled(worker: Worker): Promise<number> {
  return worker.evaluate(() => {
    // Service-worker globals, typed here because e2e compiles with the DOM lib only.
    const sw = self as unknown as {
      e2ePushCount?: PushCount;
      ExtendableEvent: { prototype: { waitUntil(this: Event, promise: Promise<unknown>): void } };
    };
    if (!sw.e2ePushCount) {
      const count: PushCount = { handled: 0, waiters: [] };
      const { prototype } = sw.ExtendableEvent;
      const waitUntil = prototype.waitUntil;
      prototype.waitUntil = function (this: Event, promise: Promise<unknown>) {
        if (this.type === 'push') {
          void promise
            .catch(() => undefined)
            .then(() => {
              count.handled += 1;
              count.waiters.splice(0).forEach((wake) => wake());
            });
        }
        return waitUntil.call(this, promise);
      };
      sw.e2ePushCount = count;
    }
    return sw.e2ePushCount.handled;
  });
}

/** The page's running service worker (the newest, should an old one still run). */
async function runningWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers().at(-1) ?? (await context.waitForEvent('serviceworker'));
}

/**
 * Delivers `payloads` to the page's service worker as trusted push events, one right after
 * the other as a push service may (an object as JSON, a string as it is: an unreadable
 * payload, say). Resolves when the worker has handled them all: DevTools' deliverPushMessage
 * answers before the event runs, and a getNotifications() made while a notification is being
 * shown makes Chromium forget that notification, so a test reads the notifications only after.
 */
export async function deliverPushes(page: Page, context: BrowserContext, payloads: (object | string)[]): Promise<void> {
  const worker = await runningWorker(context);
  const before = await pushesHandled(worker);
  await withServiceWorker(page, context, async (send, registrationId) => {
    for (const payload of payloads) {
      await send('ServiceWorker.deliverPushMessage', {
        origin: new URL(page.url()).origin,
        registrationId,
        data: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    }
  });
  await worker.evaluate(
    (target) =>
      new Promise<void>((resolve) => {
        const count = (self as unknown as { e2ePushCount: PushCount }).e2ePushCount;
        const check = () => (count.handled >= target ? resolve() : count.waiters.push(check));
        check();
      }),
    before + payloads.length,
  );
}

/** Delivers one push (see deliverPushes); resolves when the worker has handled it. */
export function deliverPush(page: Page, context: BrowserContext, payload: object | string): Promise<void> {
  return deliverPushes(page, context, [payload]);
}

/**
 * Shows a reminder in the service worker (`payload` as its data, as the push handler would)
 * and presses its `action` button ('take', 'snooze'), as a person would. With `until`
 * 'handled', resolves only when the worker has finished what the press started (the promise
 * its handler gave waitUntil), so a test reads the notifications after any it shows.
 */
export async function pressNotificationAction(
  worker: Worker,
  payload: { title: string; body: string; tag: string; [field: string]: unknown },
  action: string,
  until: 'pressed' | 'handled' = 'pressed',
): Promise<void> {
  await worker.evaluate(
    async ({ payload, action, until }) => {
      // Service-worker globals, typed here because e2e compiles with the DOM lib only.
      const sw = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
      const NotificationEventClass = (
        self as unknown as {
          NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
        }
      ).NotificationEvent;
      await sw.registration.showNotification(payload.title, { body: payload.body, tag: payload.tag, data: payload });
      const [notification] = await sw.registration.getNotifications({ tag: payload.tag });
      const event = new NotificationEventClass('notificationclick', { notification: notification!, action });
      const started: Promise<unknown>[] = [];
      // A script-made event may not extend its lifetime; here the test keeps what it waits for.
      if (until === 'handled')
        Object.assign(event, { waitUntil: (promise: Promise<unknown>) => started.push(promise) });
      sw.dispatchEvent(event);
      await Promise.allSettled(started);
    },
    { payload, action, until },
  );
}
