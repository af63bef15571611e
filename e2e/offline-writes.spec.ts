/**
 * Every write goes through the outbox. Offline writes show at once with 'Waiting to
 * sync', survive reloads and browser restarts, and reach the server exactly once when the
 * network returns (answers lost on the way back: offline-writes-lost-answers.spec.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { JOURNEY_CHROMIUM } from './chromium';
import { signIn, signInWithProfile, uniqueEmail } from './fixtures';
import { doseTimesAhead } from './dose-times';

import {
  controlledByWorker,
  logGlucose,
  medicationBody,
  serverApi,
  watchWrites,
  type AdherenceRecord,
  type Medication,
} from './offline-write-helpers';

// Goes offline or uses pushes: this file keeps the service worker the config blocks.
test.use({ serviceWorkers: 'allow' });

test('a dose taken and a reading logged offline survive a reload and reach the server exactly once', async ({
  page,
  context,
  baseURL,
}) => {
  await signInWithProfile(page, 'Ravi Offline');
  const api = serverApi(context.request, baseURL!);
  const [morning] = await doseTimesAhead(1);
  const medication = await api.post<Medication>('/api/medications', medicationBody('Metformin', [morning!]));
  await controlledByWorker(page);
  await expect(page.getByRole('button', { name: `Take Metformin ${morning}` })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: `Take Metformin ${morning}` }).click();
  const dose = page.getByRole('list', { name: "Today's doses" }).getByRole('listitem').first();
  await expect(dose.getByRole('img', { name: `Metformin ${morning} taken` })).toBeVisible();
  await expect(dose.getByText('Waiting to sync')).toBeVisible();
  await expect(page.getByTestId('dose-progress')).toHaveText('1/1');

  await logGlucose(page, '142');
  const card = page.getByTestId('latest-glucose');
  await expect(card).toContainText('142');
  await expect(card.getByText('Waiting to sync')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await dose.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/offline-pending-dose.png' });

  // Nothing reached the server yet.
  expect(await api.get<AdherenceRecord[]>('/api/adherence')).toHaveLength(0);
  expect(await api.get<unknown[]>('/api/health/glucose')).toHaveLength(0);

  await page.reload();
  await expect(dose.getByRole('img', { name: `Metformin ${morning} taken` })).toBeVisible();
  await expect(dose.getByText('Waiting to sync')).toBeVisible();
  await expect(card).toContainText('142');
  await expect(card.getByText('Waiting to sync')).toBeVisible();

  await context.setOffline(false);
  await expect(dose.getByText('Waiting to sync')).toHaveCount(0);
  await expect(card.getByText('Waiting to sync')).toHaveCount(0);
  await expect(dose.getByRole('img', { name: `Metformin ${morning} taken` })).toBeVisible();
  await expect(card).toContainText('142');

  const records = await api.get<AdherenceRecord[]>('/api/adherence');
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({ medication_id: medication.id, scheduled_time: morning, status: 'taken' });
  const readings = await api.get<{ value: number }[]>('/api/health/glucose');
  expect(readings.map((r) => r.value)).toEqual([142]);
  const [after] = await api.get<Medication[]>('/api/medications');
  expect(after!.refill_reminder.pills_remaining).toBe(59);
});

test('the outbox survives closing and reopening the browser', async ({ baseURL }) => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'diacare-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(userDataDir, {
      ...test.info().project.use,
      serviceWorkers: 'allow',
      baseURL,
      executablePath: JOURNEY_CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    } as Parameters<typeof chromium.launchPersistentContext>[1]);
  let context: BrowserContext | undefined;
  try {
    context = await launch();
    let page = context.pages()[0] ?? (await context.newPage());
    await signInWithProfile(page, 'Persistent Priya');
    await controlledByWorker(page);
    await expect(page.getByRole('button', { name: 'Log Blood Glucose' })).toBeVisible();
    await context.setOffline(true);
    await logGlucose(page, '131');
    await expect(page.getByTestId('latest-glucose').getByText('Waiting to sync')).toBeVisible();
    await context.close();

    context = await launch();
    const api = serverApi(context.request, baseURL!);
    // Sent at most once before a page opens: the browser may fire the outbox's Background Sync
    // at start (decision 028), or the page sends it.
    expect((await api.get<unknown[]>('/api/health/glucose')).length).toBeLessThanOrEqual(1);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/home');
    await expect
      .poll(async () => (await api.get<{ value: number }[]>('/api/health/glucose')).map((r) => r.value))
      .toEqual([131]);
    await expect(page.getByTestId('latest-glucose')).toContainText('131');
    await expect(page.getByTestId('latest-glucose').getByText('Waiting to sync')).toHaveCount(0);
  } finally {
    await context?.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
});

test('signing out with unsynced writes asks first, then drops them', async ({ page, context, baseURL }) => {
  const email = await signInWithProfile(page, 'Sign Out Sunil');
  const api = serverApi(context.request, baseURL!);
  const [morning, evening] = await doseTimesAhead(2);
  await api.post('/api/medications', medicationBody('Metformin', [morning!, evening!]));
  // Reloads once the worker has precached the app, so Profile's code is there offline.
  await controlledByWorker(page);
  await expect(page.getByRole('button', { name: `Take Metformin ${morning}` })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: `Take Metformin ${morning}` }).click();
  await page.getByRole('button', { name: `Take Metformin ${evening}` }).click();
  await expect(page.getByTestId('dose-progress')).toHaveText('2/2');

  await page.getByRole('link', { name: 'Profile', exact: true }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  const confirm = page.getByRole('alertdialog', { name: '2 changes are not synced yet. Sign out anyway?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.screenshot({ path: 'test-results/screens/offline-sign-out-confirm.png' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Profile & Settings' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await confirm.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();

  await context.setOffline(false);
  await signIn(page, { name: 'Sign Out Sunil', email });
  await expect(page.getByRole('button', { name: `Take Metformin ${morning}` })).toBeVisible();
  expect(await api.get<AdherenceRecord[]>('/api/adherence')).toHaveLength(0);
});

test("another person signing in on the same phone never sends the first person's writes", async ({
  page,
  context,
  baseURL,
}) => {
  const email = await signInWithProfile(page, 'First Fatima');
  const api = serverApi(context.request, baseURL!);
  const [morning] = await doseTimesAhead(1);
  await api.post('/api/medications', medicationBody('Metformin', [morning!]));
  // As in an installed app: the worker serves the outbox's code offline, whether or not the page
  // had fetched it yet.
  await controlledByWorker(page);
  await expect(page.getByRole('button', { name: `Take Metformin ${morning}` })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: `Take Metformin ${morning}` }).click();
  await expect(page.getByTestId('dose-progress')).toHaveText('1/1');

  // Her session ends while the Take waits (the cookie is gone): replay stops at the 401.
  await context.clearCookies();
  const adherenceWrites: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/adherence')) adherenceWrites.push(request.url());
  });
  await context.setOffline(false);
  await page.goto('/');
  await signIn(page, { name: 'Second Suresh', email: uniqueEmail('suresh') });
  // The lost session cleared her profileCompleted flag: he is asked for his own profile.
  await expect(page).toHaveURL(/\/profile-setup$/);
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('profileCompleted'))).toBeNull();
  await page.waitForTimeout(1500);
  expect(adherenceWrites).toEqual([]);

  // She signs in again: her Take is sent, once.
  await context.clearCookies();
  await signIn(page, { name: 'First Fatima', email });
  await expect.poll(async () => (await api.get<AdherenceRecord[]>('/api/adherence')).length).toBe(1);
  expect(adherenceWrites).toHaveLength(1);
});

test('a profile edit made offline shows at once, survives a reload and is saved once when back online', async ({
  page,
  context,
  baseURL,
}) => {
  await signInWithProfile(page, 'Edit Esha');
  const api = serverApi(context.request, baseURL!);
  await page.goto('/profile');
  await controlledByWorker(page);
  await expect(page.getByLabel('Full Name')).toHaveValue('Edit Esha');

  await context.setOffline(true);
  await page.getByLabel('Full Name').fill('Esha Menon');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const account = page.getByRole('region', { name: 'Account Information' });
  await expect(account.getByText('Waiting to sync')).toBeVisible();
  await page.getByRole('radio', { name: 'mmol/L' }).check();
  const unit = page.getByRole('region', { name: 'Glucose unit' });
  await expect(unit.getByText('Waiting to sync')).toBeVisible();
  expect(await api.get<{ name: string }>('/api/users/me')).toMatchObject({ name: 'Edit Esha' });

  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Esha Menon');
  await expect(account.getByText('Waiting to sync')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'mmol/L' })).toBeChecked();
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Hi Esha!' })).toBeVisible();

  // The page sends both edits when the network returns (watchWrites counts the pages' requests).
  const puts = await watchWrites(context, /\/api\/users\/me$/);
  await context.setOffline(false);
  await expect
    .poll(async () => api.get<{ name: string; glucose_unit: string }>('/api/users/me'))
    .toMatchObject({ name: 'Esha Menon', glucose_unit: 'mmol/L' });
  await page.goto('/profile');
  await expect(page.getByLabel('Full Name')).toHaveValue('Esha Menon');
  await expect(page.getByText('Waiting to sync')).toHaveCount(0);
  expect(puts.requests()).toBe(2);
});

test.describe('without a service worker (a first visit)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a toast whose renderer cannot load leaves the app on screen; the next toast loads it again', async ({
    page,
    context,
    baseURL,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInWithProfile(page, 'Toast Tara');
    const api = serverApi(context.request, baseURL!);
    const [morning, evening] = await doseTimesAhead(2);
    await api.post('/api/medications', medicationBody('Metformin', [morning!, evening!]));
    // As offline on a first visit, before the service worker holds the renderer's chunk.
    await page.route(/\/assets\/toaster-view-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.reload();
    const shownNothing = page.waitForEvent('console', (message) =>
      message.text().includes('A toast could not be shown'),
    );
    await page.getByRole('button', { name: `Take Metformin ${morning}` }).click();
    await shownNothing;
    await expect(page.getByTestId('dose-progress')).toHaveText('1/2');
    await expect(page.getByText('Marked Metformin as taken')).toHaveCount(0);
    expect(errors).toEqual([]);

    await page.unroute(/\/assets\/toaster-view-[\w-]+\.js$/);
    await page.getByRole('button', { name: `Take Metformin ${evening}` }).click();
    await expect(page.getByTestId('dose-progress')).toHaveText('2/2');
    await expect(page.getByText('Marked Metformin as taken').first()).toBeVisible();
  });
});
