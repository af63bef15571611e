/**
 * Reads survive offline at 390×844: every screen seen once online opens offline, also after a
 * reload, with its last-known data and the offline banner; a screen never seen says so; a new day
 * shows its doses as due; another user never sees the first user's data. Decision 027.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { completeProfile, screenshot, signIn, signInWithProfile, uniqueEmail } from './fixtures';
import { controlledByWorker } from './offline-write-helpers';

// Goes offline or uses pushes: this file keeps the service worker the config blocks.
test.use({ serviceWorkers: 'allow' });

const BANNER = /^Offline · showing data from (\d\d:\d\d|(\d{1,2} [A-Z][a-z]{2,3}|[A-Z][a-z]{2,3} \d{1,2}), \d\d:\d\d)$/;
const FIRST_TIME = "You're offline. This screen needs a connection the first time.";

/** YYYY-MM-DD `days` from `instant` in Asia/Kolkata (the browser's and the user's zone here). */
function kolkataDate(days: number, instant: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
    new Date(instant + days * 24 * 60 * 60 * 1000),
  );
}

/** POSTs through the API with the page's session, as the app does; returns the JSON answer. */
async function create(page: Page, path: string, data: object): Promise<{ id: string }> {
  const response = await page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });
  expect([200, 201], path).toContain(response.status());
  return (await response.json()) as { id: string };
}

/** The keys of DiaCare's saved query caches in this browser's IndexedDB (idb-keyval's store). */
function savedCacheKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve([]);
          const keys = db.transaction('keyval').objectStore('keyval').getAllKeys();
          keys.onsuccess = () =>
            resolve(keys.result.map(String).filter((key) => key.startsWith('diacare-query-cache:')));
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

/** The saved cache's text (JSON), or '' when none. */
function savedCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve('');
          const owner = localStorage.getItem('diacare-cache-owner');
          const get = db.transaction('keyval').objectStore('keyval').get(`diacare-query-cache:${owner}`);
          get.onsuccess = () => resolve(typeof get.result === 'string' ? get.result : '');
          get.onerror = () => resolve('');
        };
        open.onerror = () => resolve('');
      }),
  );
}

/** The latest instant (ms) before `now` whose UTC time of day is `utcTime` ('HH:MM'). */
function latestBefore(now: number, utcTime: string): number {
  const day = new Date(now).toISOString().slice(0, 10);
  const at = Date.parse(`${day}T${utcTime}:00Z`);
  return at < now ? at : at - 24 * 60 * 60 * 1000;
}

/**
 * A user with two daily doses (one taken on the day of `now`), readings of each kind and an
 * appointment; `now` (ms) is the browser's time, which a test may set in the past.
 */
async function seed(page: Page, now = Date.now()) {
  const today = kolkataDate(0, now);
  const medication = await create(page, '/api/medications', {
    name: 'Metformin',
    dosage: '500 mg',
    form: 'Tablet',
    instructions: '',
    color: '#FF6B6B',
    schedule: { frequency: 'daily', times: ['00:00', '23:59'], start_date: '2020-01-01', end_date: null },
    refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
  });
  await create(page, '/api/adherence', {
    medication_id: medication.id,
    scheduled_time: '00:00',
    taken_time: '00:00',
    date: today,
    status: 'taken',
  });
  await create(page, '/api/health/glucose', { value: 143, meal_context: 'Fasting', date: today, time: '00:01' });
  await create(page, '/api/health/bp', { systolic: 128, diastolic: 82, pulse: 72, date: today, time: '00:02' });
  await create(page, '/api/health/metrics', { weight: 71.5, height: 165, date: today });
  await create(page, '/api/appointments', {
    type: 'doctor',
    title: 'Diabetes review',
    doctor: 'Dr Menon',
    location: 'City Clinic',
    date: kolkataDate(10, now),
    time: '10:30',
    notes: '',
  });
}

interface Screen {
  path: string;
  /** Texts the saved cache holds once the screen's data is saved. */
  saved?: string[];
  /** What the screen shows once its data is there (the same online and offline). */
  shows: (page: Page) => Promise<void>;
}

/** Reports, its queries keyed by the week ending on the day of `now` (ms) in Kolkata. */
function reportsScreen(now: number): Screen {
  return {
    path: '/reports',
    // Every query the screen shows, by its week's key (a key is saved only with its data), so
    // leaving the page never races the last save.
    saved: [
      ...(['glucose', 'bp', 'weight'] as const).map((kind) => `"${kind}",{"start_date":"${kolkataDate(-6, now)}"}`),
      `{"start_date":"${kolkataDate(-6, now)}","end_date":"${kolkataDate(0, now)}"}`,
      '"queryKey":["medications"]',
      '"weight":71.5',
    ],
    shows: async (page) => {
      await expect(page.getByRole('heading', { name: 'Health Reports' })).toBeVisible();
      await expect(page.getByText('128/82').first()).toBeVisible();
      await expect(page.getByText('71.5').first()).toBeVisible();
    },
  };
}

/** Glucose History, its query keyed by the 30 days ending on the day of `now` (ms) in Kolkata. */
function historyScreen(now: number): Screen {
  return {
    path: '/reports/history/glucose',
    saved: [`"glucose",{"start_date":"${kolkataDate(-29, now)}"`],
    shows: async (page) => {
      await expect(page.getByTestId('history-figures')).toContainText('143 mg/dL');
    },
  };
}

/** Every screen, seen at the machine's time. */
function screens(): Screen[] {
  const now = Date.now();
  return [
    {
      path: '/home',
      saved: ['Diabetes review', '"status":"taken"', '"value":143', '"queryKey":["medications"]'],
      shows: async (page) => {
        await expect(page.getByRole('heading', { name: 'Hi Meera!' })).toBeVisible();
        await expect(page.getByTestId('dose-progress')).toHaveText('1/2');
        await expect(page.getByRole('img', { name: 'Metformin 00:00 taken' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Take Metformin 23:59' })).toBeVisible();
        await expect(page.getByTestId('latest-glucose')).toContainText('143');
        await expect(page.getByText('Diabetes review')).toBeVisible();
      },
    },
    {
      path: '/medications',
      saved: ['"queryKey":["medications"]'],
      shows: async (page) => {
        await expect(page.getByText('1 active')).toBeVisible();
        await expect(page.getByText('Metformin').first()).toBeVisible();
      },
    },
    reportsScreen(now),
    historyScreen(now),
    {
      path: '/booking',
      saved: ['"queryKey":["appointments"]'],
      shows: async (page) => {
        await expect(page.getByRole('list', { name: 'Upcoming appointments' })).toContainText('Diabetes review');
      },
    },
    {
      path: '/profile',
      saved: ['"notifications"'],
      shows: async (page) => {
        await expect(page.getByLabel('Full Name')).toHaveValue('Meera Iyer');
        await expect(page.getByRole('switch', { name: 'Medication Reminders' })).toBeEnabled();
      },
    },
  ];
}

async function offline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test.describe('offline reads', () => {
  test('every screen seen once opens offline with its data and the banner; an unseen one says so', async ({
    page,
    context,
  }) => {
    await signInWithProfile(page, 'Meera Iyer');
    await seed(page);
    await controlledByWorker(page);
    const SCREENS = screens();

    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await screen.shows(page);
      await expect(page.getByTestId('offline-banner')).toHaveCount(0);
      // Saved within a moment of arriving (the next page load reads what was saved).
      for (const text of screen.saved ?? []) await expect.poll(() => savedCache(page)).toContain(text);
    }

    await offline(context, page);
    for (const screen of SCREENS) {
      // A full load offline: index.html and the route's chunks from the worker, the data from IndexedDB.
      await page.goto(screen.path);
      await screen.shows(page);
      await expect(page.getByTestId('offline-banner')).toHaveText(BANNER);
      await expect(page.getByText(FIRST_TIME)).toHaveCount(0);
      await expect(page.getByText('No medications scheduled')).toHaveCount(0);
    }

    await page.goto('/home');
    await SCREENS[0]!.shows(page);
    await screenshot(page, 'offline-home-banner');
    await page.screenshot({ path: 'test-results/screens/offline-home-banner-viewport.png' });

    // Never seen online: blood-pressure history.
    await page.goto('/reports/history/bp');
    await expect(page.getByText(FIRST_TIME)).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await expect(page.getByText('No readings yet', { exact: false })).toHaveCount(0);
    await screenshot(page, 'offline-first-time');

    // Back online: the banner goes and the screen loads.
    await context.setOffline(false);
    await expect(page.getByText(FIRST_TIME)).toBeHidden();
    await expect(page.getByTestId('history-figures')).toContainText('128/82');
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  });

  test("the next day offline shows the next day's doses as due", async ({ page, context }) => {
    await page.clock.install({ time: new Date() });
    await signInWithProfile(page, 'Meera Iyer');
    await seed(page);
    await controlledByWorker(page);
    await page.goto('/home');
    await screens()[0]!.shows(page);
    await expect.poll(() => savedCache(page)).toContain('"adherence"');

    await offline(context, page);
    await page.clock.setSystemTime(new Date(Date.now() + 24 * 60 * 60 * 1000));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hi Meera!' })).toBeVisible();
    // Yesterday's Take does not count today: both doses are due, built from the saved medicines.
    await expect(page.getByTestId('dose-progress')).toHaveText('0/2');
    await expect(page.getByRole('button', { name: /^Take Metformin 00:00$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Take Metformin 23:59' })).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toHaveText(BANNER);
    await screenshot(page, 'offline-home-next-day');
  });

  // Two instants on every run, whatever the machine's time: an IST afternoon, and 00:50 IST
  // (19:20 UTC, when the server's UTC date is still the day before), where History once
  // said 'needs a connection' the next day while Reports did not.
  for (const [when, utcTime] of [
    ['an IST afternoon', '10:30'],
    ['just after midnight IST', '19:20'],
  ] as const) {
    test(`Reports and History seen yesterday open offline the next day with their last-known data (${when})`, async ({
      page,
      context,
    }) => {
      const start = latestBefore(Date.now(), utcTime);
      await page.clock.install({ time: start });
      await signInWithProfile(page, 'Meera Iyer');
      await seed(page, start);
      await controlledByWorker(page);
      const screens = [reportsScreen(start), historyScreen(start)];
      for (const screen of screens) {
        await page.goto(screen.path);
        await screen.shows(page);
        for (const text of screen.saved ?? []) await expect.poll(() => savedCache(page)).toContain(text);
      }

      // A new day offline: the queries' date ranges moved on, but the screens were seen.
      await offline(context, page);
      await page.clock.setSystemTime(start + 24 * 60 * 60 * 1000);
      for (const screen of screens) {
        await page.goto(screen.path);
        await screen.shows(page);
        await expect(page.getByText(FIRST_TIME)).toHaveCount(0);
        // The data is from yesterday, so the banner names the day.
        await expect(page.getByTestId('offline-banner')).toHaveText(
          /^Offline · showing data from (\d{1,2} [A-Z][a-z]{2}|[A-Z][a-z]{2} \d{1,2}), /,
        );
      }
      await screenshot(page, 'offline-history-next-day');

      // A range never seen online still says so.
      await page.goto('/reports/history/glucose?days=90');
      await expect(page.getByText(FIRST_TIME)).toBeVisible();
    });
  }

  test("another user on the same browser never sees the first user's saved data", async ({ page, context }) => {
    await signInWithProfile(page, 'Meera Iyer');
    await seed(page);
    await controlledByWorker(page);
    await page.goto('/medications');
    await expect(page.getByText('Metformin').first()).toBeVisible();
    await expect.poll(() => savedCache(page)).toContain('Metformin');

    // Sign-out deletes this user's saved cache.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => savedCacheKeys(page)).toEqual([]);

    await signInWithProfile(page, 'Ravi Shah');
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Hi Ravi!' })).toBeVisible();
    await expect(page.getByText('No medications scheduled')).toBeVisible();
    await expect.poll(() => savedCache(page)).toContain('Ravi');
    await expect.poll(() => savedCache(page)).toContain('"queryKey":["medications"]');

    await offline(context, page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hi Ravi!' })).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toHaveText(BANNER);
    // Ravi's own (empty) list was saved from Home; Reports he never opened.
    await page.goto('/medications');
    await expect(page.getByText('No medications found')).toBeVisible();
    await expect(page.getByText('Metformin')).toHaveCount(0);
    await page.goto('/reports');
    await expect(page.getByText(FIRST_TIME)).toBeVisible();
    await context.setOffline(false);
  });

  test("a user signing in after another's session ended (no sign-out) does not see that user's data", async ({
    page,
    context,
  }) => {
    await signInWithProfile(page, 'Meera Iyer');
    await seed(page);
    await page.goto('/medications');
    await expect(page.getByText('Metformin').first()).toBeVisible();
    await expect.poll(() => savedCache(page)).toContain('Metformin');
    const firstOwner = await page.evaluate(() => localStorage.getItem('diacare-cache-owner'));

    // The session ends on the server side (cookie gone): the app goes to the landing page.
    await context.clearCookies();
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/');

    await signIn(page, { name: 'Ravi Shah', email: uniqueEmail('ravi') });
    if (page.url().endsWith('/profile-setup')) await completeProfile(page);
    await page.goto('/medications');
    await expect(page.getByText('No medications found')).toBeVisible();
    await expect(page.getByText('Metformin')).toHaveCount(0);
    const owner = await page.evaluate(() => localStorage.getItem('diacare-cache-owner'));
    expect(owner).not.toBe(firstOwner);
    await expect.poll(() => savedCache(page)).toContain('Ravi');
    expect(await savedCache(page)).not.toContain('Metformin');
  });
});
