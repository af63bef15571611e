/**
 * Doses set against sugar: a user with two weeks of Metformin doses (four evenings missed,
 * one morning late) and fasting readings opens History's glucose view and sees the dose lane,
 * its legend and the association sentence, whose numbers come from the seeded readings.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { screenshot, signInWithProfile } from './fixtures';

/** YYYY-MM-DD `days` from today in Asia/Kolkata (the browser's and the user's zone here). */
function kolkataDate(days: number): string {
  const instant = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(instant);
}

const DAYS = Array.from({ length: 14 }, (_, i) => -14 + i); // -14 … -1: the 14 days before today
const MISSED = new Set([-12, -9, -6, -2]);
const LATE = -10;
/** A fasting reading per day, mg/dL: higher on the missed evenings' days. */
const fasting = (day: number, index: number) => (MISSED.has(day) ? 156 + index : 120 + (index % 3) * 4);

async function post(page: Page, baseURL: string, url: string, data: object) {
  const response = await page.request.post(url, { data, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

test('History shows the dose lane and the association sentence', async ({ page, baseURL }) => {
  await signInWithProfile(page, 'Meera Iyer');
  const medication = await post(page, baseURL!, '/api/medications', {
    name: 'Metformin',
    dosage: '500 mg',
    form: 'Tablet',
    instructions: '',
    color: '#FF6B6B',
    when_to_take: 'After food',
    schedule: { frequency: 'daily', times: ['09:00', '21:00'], start_date: kolkataDate(-14), end_date: null },
    refill_reminder: { enabled: false, pills_remaining: 60, threshold: 7 },
  });
  for (const [index, day] of DAYS.entries()) {
    const date = kolkataDate(day);
    const dose = (scheduled_time: string, taken_time: string | null) =>
      post(page, baseURL!, '/api/adherence', {
        medication_id: medication.id,
        scheduled_time,
        taken_time,
        date,
        status: taken_time ? 'taken' : 'missed',
      });
    await dose('09:00', day === LATE ? '09:50' : '09:05');
    // The medicine was added today: its past doses are not owed (decision 077), so a missed
    // evening is recorded as missed, as the patient would mark it.
    await dose('21:00', MISSED.has(day) ? null : '21:10');
    await post(page, baseURL!, '/api/health/glucose', {
      value: fasting(day, index),
      meal_context: 'Fasting',
      date,
      time: '07:30',
    });
  }
  // Three sensor readings two days ago (a Dexcom Clarity export): a line on the chart, never an alert.
  const clarity = [
    '\uFEFFIndex,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL),Insulin Value (u)',
    '1,,Device,,,G7,G7 App,,',
    ...['12:00', '12:05', '13:00'].map(
      (time, i) => `${i + 2},${kolkataDate(-2)}T${time}:00,EGV,,,,G7 App,${150 + i * 10},`,
    ),
  ].join('\r\n');
  const preview = await page.request.post('/api/imports', {
    data: clarity,
    headers: { origin: baseURL!, 'content-type': 'text/csv' },
  });
  expect(preview.status(), await preview.text()).toBe(201);
  await post(page, baseURL!, `/api/imports/${(await preview.json()).id}/commit`, {});
  const mean = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / values.length);
  const missedMean = mean(DAYS.flatMap((day, i) => (MISSED.has(day) ? [fasting(day, i)] : [])));
  const takenMean = mean(DAYS.flatMap((day, i) => (MISSED.has(day) ? [] : [fasting(day, i)])));

  await page.goto('/reports/history/glucose?days=7');
  await expect(page.getByTestId('sensor-note')).toHaveText('Includes 3 imported sensor readings.');
  await expect(page.getByText('Sensor (hourly average)')).toBeVisible();
  await expect(page.getByText('Logged readings')).toBeVisible();
  const card = page.getByTestId('dose-outcomes');
  await expect(card.getByRole('heading', { name: 'Doses and sugar' })).toBeVisible();
  await expect(card).toContainText('The 14 days before today');
  const legend = card.getByRole('list', { name: 'Dose marks' });
  await expect(legend.getByRole('listitem')).toHaveText([
    'Taken on time (tall bar)',
    'Taken over 30 min late (short bar)',
    'Missed (bar below the line)',
  ]);
  const lane = card.getByTestId('dose-lane');
  await expect(lane).toContainText('Metformin 09:00');
  await expect(lane).toContainText('Metformin 21:00');
  await expect(lane.locator('rect')).toHaveCount(14 * 2);
  await expect(card.getByTestId('outcome-sentence')).toHaveText(
    `On the 4 days with a missed 21:00 Metformin, your fasting sugar averaged ${missedMean} mg/dL, against ${takenMean} mg/dL on the 10 days with every dose taken. The two went together; this does not show that one caused the other.`,
  );
  // The lane in words for screen readers, a day per item; History keeps one table (the chart's).
  const days = card.getByRole('list', { name: 'Doses by day' });
  await expect(days.getByRole('listitem')).toHaveCount(14);
  await expect(days.getByRole('listitem').nth(4)).toContainText(
    'Metformin 09:00 late 09:50, Metformin 21:00 on time 21:10',
  );
  await expect(days.getByRole('listitem').nth(2)).toContainText('Metformin 21:00 missed');
  await expect(page.getByRole('table')).toHaveCount(1);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'dose-lane');
  await expectAccessible(page, 'dose-lane');

  // 360 px: nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, 'dose-lane-360');
});
