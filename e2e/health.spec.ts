import { expect, test, type Page } from '@playwright/test';
import { defaultMealContext } from '../packages/contract/src/health-constants.ts';
import { screenshot, signInWithProfile } from './fixtures';
import { expectAccessible } from './a11y';

/** YYYY-MM-DD `days` from today in Asia/Kolkata (the browser's and the user's zone here). */
function kolkataDate(days: number): string {
  const instant = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(instant);
}

const card = (page: Page, kind: 'glucose' | 'bp' | 'weight') => page.getByTestId(`metric-${kind}`);

/** Closes the toast on screen, so screenshots show the page header. */
async function dismissToast(page: Page) {
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(page.getByRole('button', { name: 'Dismiss notification' })).toHaveCount(0);
}

async function openLog(page: Page, title: string) {
  await page.getByRole('button', { name: `Log ${title}` }).click();
}

test('a fresh user sees empty reports, the history empty state, and an empty glucose card on Home', async ({
  page,
}) => {
  await signInWithProfile(page, 'Meera Iyer');
  await expect(page.getByText('Hi Meera!')).toBeVisible();
  await expect(page.getByTestId('latest-glucose')).toContainText('No readings yet');

  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Health Reports' })).toBeVisible();
  for (const kind of ['glucose', 'bp', 'weight'] as const) {
    await expect(card(page, kind)).toContainText('No data logged yet');
    await expect(card(page, kind)).toContainText('7-day avg: —');
  }
  await expect(page.getByRole('heading', { name: 'Medication Adherence' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Adherence by day' }).getByRole('listitem')).toHaveCount(7);
  await screenshot(page, 'reports-empty');
  await expectAccessible(page, 'reports-empty');

  await page.getByRole('link', { name: 'Weight & BMI history' }).click();
  await expect(page).toHaveURL(/\/reports\/history\/weight$/);
  await expect(page.getByRole('heading', { name: 'No data available yet' })).toBeVisible();
  await expect(page.getByText('Start logging your health metrics to see trends')).toBeVisible();
  await screenshot(page, 'history-empty');
  await expectAccessible(page, 'history-empty');
  await page.getByRole('link', { name: 'Go to Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
});

test('log glucose, blood pressure and weight from Reports, see the cards, each history and Home', async ({ page }) => {
  await signInWithProfile(page, 'Ravi Menon');
  await page.goto('/reports');

  // Glucose: required, then out of bounds (the schema's message), the dialog stays open.
  await openLog(page, 'Blood Glucose');
  let dialog = page.getByRole('dialog', { name: 'Log Blood Glucose' });
  // The meal context starts from the time of day; the dialog's own time decides.
  await expect(dialog.getByLabel('Meal Context')).toHaveValue(
    defaultMealContext(await dialog.getByLabel('Time').inputValue()),
  );
  await expect(dialog.getByLabel('Date')).toHaveValue(kolkataDate(0));
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(dialog.getByText('Value is required')).toBeVisible();
  await dialog.getByLabel('Value (mg/dL) *').fill('700');
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(dialog.getByText('Value must be at most 600 mg/dL')).toBeVisible();
  await screenshot(page, 'log-glucose-invalid');
  await expectAccessible(page, 'log-glucose-invalid');
  // A low reading from last night, then today's.
  await dialog.getByLabel('Value (mg/dL) *').fill('62');
  // Time first, then the meal: a new reading's meal follows its time until the person picks
  // one, and near midnight 'Bedtime' is already the default (picking it again is no change).
  await dialog.getByLabel('Date').fill(kolkataDate(-1));
  await dialog.getByLabel('Time').fill('22:30');
  await dialog.getByLabel('Meal Context').selectOption('Bedtime');
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(page.getByText('Health metric logged successfully', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await openLog(page, 'Blood Glucose');
  dialog = page.getByRole('dialog', { name: 'Log Blood Glucose' });
  await dialog.getByLabel('Value (mg/dL) *').fill('152');
  await dialog.getByLabel('Meal Context').selectOption('After Lunch');
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'glucose').getByTestId('metric-latest')).toHaveText('152 mg/dL');

  // Blood pressure with pulse.
  await openLog(page, 'Blood Pressure');
  dialog = page.getByRole('dialog', { name: 'Log Blood Pressure' });
  await dialog.getByLabel('Systolic (mmHg) *').fill('128');
  await dialog.getByLabel('Diastolic (mmHg) *').fill('84');
  await dialog.getByLabel('Pulse (bpm)').fill('72');
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(dialog).toBeHidden();

  // Weight: height starts at 170, BMI shows live; a date the server refuses keeps the dialog open.
  await openLog(page, 'Weight & BMI');
  dialog = page.getByRole('dialog', { name: 'Log Weight & Height' });
  await expect(dialog.getByLabel('Height (cm) *')).toHaveValue('170');
  await expect(dialog.getByTestId('live-bmi')).toHaveCount(0);
  await dialog.getByLabel('Weight (kg) *').fill('72.5');
  await expect(dialog.getByTestId('live-bmi')).toHaveText('25.1');
  await dialog.getByLabel('Date').fill(kolkataDate(1));
  await screenshot(page, 'log-weight');
  await expectAccessible(page, 'log-weight');
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  // A refusal says why (the server's detail), not 'try again'.
  await expect(page.getByText('date: must not be in the future', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Date').fill(kolkataDate(0));
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(page.getByText('Health metric logged successfully', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await dismissToast(page);

  // The cards: latest, status, 7-day average over all returned readings.
  const glucose = card(page, 'glucose');
  await expect(glucose.getByTestId('metric-status')).toContainText('warning');
  await expect(glucose).toContainText('7-day avg: 107 mg/dL');
  await expect(glucose).toContainText('Last updated:');
  const bp = card(page, 'bp');
  await expect(bp.getByTestId('metric-latest')).toHaveText('128/84 mmHg');
  await expect(bp.getByTestId('metric-status')).toContainText('good');
  await expect(bp).toContainText('7-day avg: 128/84 mmHg');
  await expect(bp).toContainText('Pulse 72 bpm');
  const weight = card(page, 'weight');
  await expect(weight.getByTestId('metric-latest')).toHaveText('72.5 kg');
  await expect(weight.getByTestId('metric-bmi')).toHaveText('BMI 25.1');
  await expect(weight.getByTestId('metric-status')).toContainText('warning');
  await expect(weight.getByTestId('weight-change')).toContainText('0.0 kg');
  await expect(weight).toContainText('7-day avg: 72.5 kg');
  const summary = page.getByRole('definition');
  await expect(summary.nth(0)).toHaveText('—'); // no medications: no adherence, not NaN
  await expect(summary.nth(1)).toHaveText('107mg/dL');
  await expect(summary.nth(2)).toHaveText('25.1');
  await screenshot(page, 'reports');
  await expectAccessible(page, 'reports');

  // Glucose history: figures, chart, accessible table, time in range, low marker and note.
  await page.getByRole('link', { name: 'Blood Glucose history' }).click();
  await expect(page.getByRole('heading', { name: 'Blood Glucose History' })).toBeVisible();
  await expect(page.getByText('Historical trends & data')).toBeVisible();
  await expect(page.getByTestId('history-figures')).toContainText('70-140 mg/dL');
  await expect(page.getByRole('heading', { name: 'Trend' })).toBeVisible();
  await expect(page.getByTestId('trend-chart').locator('canvas')).toBeVisible();
  await expect(page.getByRole('table')).toContainText('After Lunch');
  await expect(page.getByTestId('trend-summary')).toHaveText(/^2 readings from \d+ \w+ to \d+ \w+: 62–152 mg\/dL\.$/);
  await expect(page.getByTestId('time-in-range')).toContainText('50%');
  await expect(page.getByText('Shown once your readings cover 14 days.')).toBeVisible();
  await expect(page.getByRole('note')).toContainText('hypoglycaemia');
  const recent = page.getByRole('list', { name: 'Recent readings' }).getByRole('listitem');
  await expect(recent).toHaveCount(2);
  await expect(recent.nth(0)).toContainText('After Lunch');
  await expect(recent.nth(0)).toContainText('152 mg/dL');
  await expect(recent.nth(1)).toContainText('22:30 • Bedtime');
  await expect(recent.nth(1)).toContainText('Low');
  await expect(page.getByRole('radio', { name: '30 days' })).toHaveAttribute('aria-checked', 'true');
  await screenshot(page, 'history-glucose');
  await expectAccessible(page, 'history-glucose');
  await page.getByRole('radio', { name: '7 days' }).click();
  await expect(page).toHaveURL(/days=7$/);
  await expect(page.getByRole('radio', { name: '7 days' })).toHaveAttribute('aria-checked', 'true');
  await expect(recent).toHaveCount(2);

  // The chart fits a 360 px phone without sideways scrolling.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.getByTestId('trend-chart').locator('canvas')).toBeVisible();
  const box = await page.getByTestId('trend-chart').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, 'history-glucose-360');
  await expectAccessible(page, 'history-glucose-360');
  await page.setViewportSize({ width: 390, height: 844 });

  // Blood pressure history: two lines.
  await page.goto('/reports/history/bp');
  await expect(page.getByRole('heading', { name: 'Blood Pressure History' })).toBeVisible();
  await expect(page.getByTestId('history-figures')).toContainText('<130/85 mmHg');
  await expect(page.getByTestId('trend-chart').locator('canvas')).toBeVisible();
  await expect(page.getByText('Systolic', { exact: true })).toBeVisible();
  await expect(page.getByText('Diastolic', { exact: true })).toBeVisible();
  await expect(recent.nth(0)).toContainText('128/84 mmHg');
  await screenshot(page, 'history-bp');
  await expectAccessible(page, 'history-bp');

  // Weight history.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Weight & BMI history' }).click();
  await expect(page.getByRole('heading', { name: 'Weight & BMI History' })).toBeVisible();
  await expect(page.getByTestId('history-figures')).toContainText('BMI 18.5-24.9');
  await expect(page.getByTestId('trend-chart').locator('canvas')).toBeVisible();
  await expect(recent.nth(0)).toContainText('72.5 kg • BMI 25.1');
  await screenshot(page, 'history-weight');
  await expectAccessible(page, 'history-weight');

  // Home: the latest glucose card.
  await page.goto('/home');
  const latest = page.getByTestId('latest-glucose');
  await expect(latest).toContainText('152');
  await expect(latest).toContainText('mg/dL');
  await expect(latest).toContainText('After Lunch');
  await screenshot(page, 'home-glucose');
  await expectAccessible(page, 'home-glucose');
});
