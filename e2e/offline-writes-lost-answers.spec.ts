/**
 * Writes whose answers are lost on the way back: the server acts on the first request, the
 * page sees a dropped connection, and the outbox's repeat with the same Idempotency-Key makes
 * nothing twice. LOST_ANSWER_WRITES of each kind: 4 in `npm test`, 20 in `npm run test:full`.
 */
import { expect, test } from '@playwright/test';
import { signInWithProfile } from './fixtures';

import {
  kolkataDate,
  medicationBody,
  serverApi,
  synced,
  watchWrites,
  type AdherenceRecord,
  type Medication,
} from './offline-write-helpers';
import { doseTimesAhead } from './dose-times';

/** Writes of each kind (an even number: half the doses are taken and undone). */
const WRITES = Number(process.env.LOST_ANSWER_WRITES ?? 4);
const HALF = WRITES / 2;
const numbered = (from: number) => Array.from({ length: WRITES }, (_, i) => from + i);

// Goes offline or uses pushes: this file keeps the service worker the config blocks.
test.use({ serviceWorkers: 'allow' });

test.describe(`answers lost on the way back: ${WRITES} writes of each kind, none duplicated`, () => {
  test.describe.configure({ timeout: 240_000 });
  // The page's outbox is what these tests are about, so no service worker: once a worker takes
  // control of the page, Chromium may send the page's requests where Playwright's routes do not
  // see them (a CI run of 2026-11-24: 60 readings reached the server, 0 passed the route, and the
  // trace shows none of the page's requests after the worker took over). Whether it had taken
  // over by then was a race, so the count was flaky. The worker's Background Sync has its own
  // spec (offline-background-sync.spec.ts).
  test.use({ serviceWorkers: 'block' });

  test(`Take and Undo of ${WRITES} doses`, async ({ page, context, baseURL }) => {
    await signInWithProfile(page, 'Flaky Doses');
    const api = serverApi(context.request, baseURL!);
    const times = await doseTimesAhead(HALF);
    await api.post('/api/medications', medicationBody('Alpha', times));
    await api.post('/api/medications', medicationBody('Beta', times));
    await page.reload();
    const { dropped } = await watchWrites(context, /\/api\/adherence/, { loseFirstAnswers: true });

    for (const name of ['Alpha', 'Beta']) {
      for (const time of times) await page.getByRole('button', { name: `Take ${name} ${time}` }).click();
    }
    await expect(page.getByTestId('dose-progress')).toHaveText(`${WRITES}/${WRITES}`);
    // Undo the doses of Beta (some still waiting for their Take to sync).
    for (const time of times) await page.getByRole('button', { name: `Undo Take of Beta ${time}` }).click();
    await expect(page.getByTestId('dose-progress')).toHaveText(`${HALF}/${WRITES}`);

    await synced(page, async () => {
      const records = await api.get<AdherenceRecord[]>('/api/adherence');
      return records.length === WRITES && records.filter((r) => r.status === 'taken').length === HALF;
    });
    expect(dropped()).toBe(WRITES + HALF);
    const medications = await api.get<Medication[]>('/api/medications');
    const pills = Object.fromEntries(medications.map((m) => [m.name, m.refill_reminder.pills_remaining]));
    expect(pills).toEqual({ Alpha: 60 - HALF, Beta: 60 });
    await expect(page.getByText('Waiting to sync')).toHaveCount(0);
    await expect(page.getByTestId('dose-progress')).toHaveText(`${HALF}/${WRITES}`);
  });

  test(`${WRITES} glucose, blood pressure and weight readings each`, async ({ page, context, baseURL }) => {
    await signInWithProfile(page, 'Flaky Readings');
    const api = serverApi(context.request, baseURL!);
    await page.goto('/reports');
    const { dropped } = await watchWrites(context, /\/api\/health\//, { loseFirstAnswers: true });
    for (let i = 0; i < WRITES; i++) {
      await page.getByRole('button', { name: 'Log Blood Glucose' }).click();
      let dialog = page.getByRole('dialog', { name: 'Log Blood Glucose' });
      await dialog.getByLabel('Value (mg/dL) *').fill(String(100 + i));
      await dialog.getByRole('button', { name: 'Save Reading' }).click();
      await expect(dialog).toBeHidden();

      await page.getByRole('button', { name: 'Log Blood Pressure' }).click();
      dialog = page.getByRole('dialog', { name: 'Log Blood Pressure' });
      await dialog.getByLabel('Systolic (mmHg) *').fill(String(120 + i));
      await dialog.getByLabel('Diastolic (mmHg) *').fill('80');
      await dialog.getByRole('button', { name: 'Save Reading' }).click();
      await expect(dialog).toBeHidden();

      await page.getByRole('button', { name: 'Log Weight & BMI' }).click();
      dialog = page.getByRole('dialog', { name: 'Log Weight & Height' });
      await dialog.getByLabel('Weight (kg) *').fill(String(60 + i));
      await dialog.getByRole('button', { name: 'Save Reading' }).click();
      await expect(dialog).toBeHidden();
    }
    await synced(page, async () => {
      const [glucose, bp, weight] = await Promise.all([
        api.get<unknown[]>('/api/health/glucose'),
        api.get<unknown[]>('/api/health/bp'),
        api.get<unknown[]>('/api/health/metrics'),
      ]);
      return glucose.length >= WRITES && bp.length >= WRITES && weight.length >= WRITES;
    });
    expect(dropped()).toBe(3 * WRITES);
    const glucose = await api.get<{ value: number }[]>('/api/health/glucose');
    expect(glucose.map((r) => r.value).sort()).toEqual(numbered(100));
    const bp = await api.get<{ systolic: number }[]>('/api/health/bp');
    expect(bp.map((r) => r.systolic).sort()).toEqual(numbered(120));
    const weight = await api.get<{ weight: number }[]>('/api/health/metrics');
    expect(weight.map((r) => r.weight).sort()).toEqual(numbered(60));
    await expect(page.getByText('Waiting to sync')).toHaveCount(0);
  });

  test(`${WRITES} medications added and ${WRITES} appointments booked`, async ({ page, context, baseURL }) => {
    await signInWithProfile(page, 'Flaky Plans');
    const api = serverApi(context.request, baseURL!);
    const { dropped } = await watchWrites(context, /\/api\/(medications|appointments)/, {
      loseFirstAnswers: true,
    });
    for (let i = 0; i < WRITES; i++) {
      await page.goto('/medications/add');
      await page.getByLabel('Medication Name *').fill(`Medicine ${i}`);
      await page.getByLabel('Dosage *').fill('5 mg');
      await page.getByRole('button', { name: 'Save Medication' }).click();
      await expect(page).toHaveURL(/\/medications$/);

      await page.goto('/booking');
      await page.getByLabel('Reason for Visit *').fill(`Visit ${i}`);
      await page.getByLabel('Clinic/Hospital *').fill('City Clinic');
      await page.getByLabel('Date *').fill(kolkataDate(3));
      await page.getByLabel('Time *').fill('10:30');
      await page.getByRole('button', { name: 'Book Appointment' }).click();
      await expect(page).toHaveURL(/\/home$/);
    }
    await synced(page, async () => {
      const [medications, appointments] = await Promise.all([
        api.get<unknown[]>('/api/medications'),
        api.get<unknown[]>('/api/appointments'),
      ]);
      return medications.length >= WRITES && appointments.length >= WRITES;
    });
    expect(dropped()).toBe(2 * WRITES);
    const medications = await api.get<Medication[]>('/api/medications');
    expect(medications.map((m) => m.name).sort()).toEqual(
      Array.from({ length: WRITES }, (_, i) => `Medicine ${i}`).sort(),
    );
    const appointments = await api.get<{ title: string }[]>('/api/appointments');
    expect(appointments.map((a) => a.title).sort()).toEqual(
      Array.from({ length: WRITES }, (_, i) => `Visit ${i}`).sort(),
    );
  });
});
