/**
 * Through the screens: a low reading never reads 'Good'; the
 * steps are one tap away; time in range adds up to 100 %; glucose is logged from Home with
 * a meal context by the time of day.
 */
import { expect, test, type Page } from '@playwright/test';
import { defaultMealContext } from '../packages/contract/src/health-constants.ts';
import { screenshot, signInWithProfile } from './fixtures';
import { expectAccessible } from './a11y';

/** YYYY-MM-DD `days` from today in Asia/Kolkata (the browser's and the user's zone here). */
function kolkataDate(days: number): string {
  const instant = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(instant);
}

async function dismissToast(page: Page) {
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(page.getByRole('button', { name: 'Dismiss notification' })).toHaveCount(0);
}

/** Fills the open glucose dialog and saves; date and time only when given. */
async function logGlucose(page: Page, value: string, when?: { date: string; time: string }) {
  const dialog = page.getByRole('dialog', { name: 'Log Blood Glucose' });
  await dialog.getByLabel('Value (mg/dL) *').fill(value);
  if (when) {
    await dialog.getByLabel('Date').fill(when.date);
    await dialog.getByLabel('Time').fill(when.time);
    // The meal context follows the time typed, until the person picks one.
    await expect(dialog.getByLabel('Meal Context')).toHaveValue(defaultMealContext(when.time));
  }
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(dialog).toBeHidden();
  await dismissToast(page);
}

test('a low glucose reading reads Low, never Good, on Home, Reports and History, with the steps one tap away', async ({
  page,
}) => {
  await signInWithProfile(page, 'Lakshmi Nair');

  // Home, no reading yet: the card is there with a Log button.
  const home = page.getByTestId('latest-glucose');
  await expect(home).toContainText('No readings yet');
  await home.getByRole('button', { name: 'Log Blood Glucose' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Blood Glucose' });
  // The meal context starts from the time of day shown in the same dialog, not always Fasting.
  const time = await dialog.getByLabel('Time').inputValue();
  await expect(dialog.getByLabel('Meal Context')).toHaveValue(defaultMealContext(time));
  await logGlucose(page, '55');

  await expect(home).toContainText('55');
  await expect(home.getByTestId('reading-alert')).toHaveText('Status: Low');
  await expect(home.getByRole('button', { name: 'Log Blood Glucose' })).toBeVisible();
  await screenshot(page, 'home-glucose-low');
  await expectAccessible(page, 'home-glucose-low');

  await home.getByRole('button', { name: 'What to do: Low blood glucose' }).click();
  const steps = page.getByRole('dialog', { name: 'Low blood glucose: what to do' });
  await expect(steps).toContainText('55 mg/dL is low');
  await expect(steps).toContainText('15–15 rule');
  await expect(steps).toContainText('Take 15–20 g of fast-acting sugar');
  await expect(steps).toContainText('Give nothing by mouth');
  await expect(steps.getByRole('link', { name: 'Call 112 (emergency)' })).toHaveAttribute('href', 'tel:112');
  await expect(steps.getByTestId('alert-source')).toContainText('Standards of Care in Diabetes—2025, §6');
  await screenshot(page, 'hypo-steps');
  await expectAccessible(page, 'hypo-steps');
  await steps.getByRole('button', { name: 'Close' }).click();
  await expect(steps).toBeHidden();

  // Reports: the glucose card says Low in the alert style, not 'good'.
  await page.goto('/reports');
  const glucose = page.getByTestId('metric-glucose');
  await expect(glucose.getByTestId('metric-latest')).toHaveText('55 mg/dL');
  await expect(glucose.getByTestId('reading-alert')).toHaveText('Status: Low');
  await expect(glucose.getByTestId('reading-alert')).toHaveClass(/bg-red-100/);
  await expect(glucose.getByTestId('metric-status')).toHaveCount(0);
  await expect(glucose).not.toContainText(/good/i);
  await expect(glucose.getByRole('button', { name: 'What to do: Low blood glucose' })).toBeVisible();
  await screenshot(page, 'reports-glucose-low');
  await expectAccessible(page, 'reports-glucose-low');

  // Two older readings make thirds: 55 below, 120 in range, 200 above.
  await page.getByRole('button', { name: 'Log Blood Glucose' }).click();
  await logGlucose(page, '120', { date: kolkataDate(-1), time: '08:00' });
  await page.getByRole('button', { name: 'Log Blood Glucose' }).click();
  await logGlucose(page, '200', { date: kolkataDate(-1), time: '14:00' });
  await expect(glucose.getByTestId('reading-alert')).toHaveText('Status: Low');

  // History: the latest is marked with its steps, the list marks the low, time in range adds to 100.
  await page.goto('/reports/history/glucose');
  await expect(page.getByTestId('latest-alert')).toContainText('Low');
  await expect(
    page.getByTestId('latest-alert').getByRole('button', { name: 'What to do: Low blood glucose' }),
  ).toBeVisible();
  const recent = page.getByRole('list', { name: 'Recent readings' }).getByRole('listitem');
  await expect(recent.nth(0)).toContainText('55 mg/dL');
  await expect(recent.nth(0).getByTestId('reading-alert')).toHaveText('Status: Low');
  await expect(recent.nth(1).getByTestId('reading-alert')).toHaveCount(0);
  await expect(recent.nth(1)).toContainText('14:00 • After Lunch');
  await expect(recent.nth(2)).toContainText('08:00 • Fasting');
  // A third each: rounding each alone showed 33 % + 33 % + 33 % = 99 %.
  const shares = page.getByTestId('time-in-range').getByRole('definition');
  await expect(shares).toHaveText(['34%', '33%', '33%']);
  await expect(page.getByTestId('trend-chart').locator('canvas')).toBeVisible();
  await screenshot(page, 'history-glucose-low');
  await expectAccessible(page, 'history-glucose-low');

  // Under 54: 'Very low', and the steps say to get help.
  await page.goto('/reports');
  await page.getByRole('button', { name: 'Log Blood Glucose' }).click();
  await logGlucose(page, '48');
  await expect(glucose.getByTestId('reading-alert')).toHaveText('Status: Very low');
  await expect(glucose.getByTestId('reading-alert')).toHaveClass(/bg-red-600/);
  await glucose.getByRole('button', { name: 'What to do: Very low blood glucose' }).click();
  const urgent = page.getByRole('dialog', { name: 'Very low blood glucose: what to do' });
  await expect(urgent.getByRole('alert')).toContainText('48 mg/dL is very low (under 54 mg/dL)');
  await expect(urgent.getByRole('alert')).toContainText('get help');
  await screenshot(page, 'hypo-steps-very-low');
  await expectAccessible(page, 'hypo-steps-very-low');
  await urgent.getByRole('button', { name: 'Close' }).click();

  await page.goto('/home');
  await expect(home.getByTestId('reading-alert')).toHaveText('Status: Very low');
});

test('blood pressure far out of range reads Very high or Low with its steps, never good', async ({ page }) => {
  await signInWithProfile(page, 'Arjun Pillai');
  await page.goto('/reports');
  const bp = page.getByTestId('metric-bp');
  const logBp = async (systolic: string, diastolic: string) => {
    await page.getByRole('button', { name: 'Log Blood Pressure' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Blood Pressure' });
    await dialog.getByLabel('Systolic (mmHg) *').fill(systolic);
    await dialog.getByLabel('Diastolic (mmHg) *').fill(diastolic);
    await dialog.getByRole('button', { name: 'Save Reading' }).click();
    await expect(dialog).toBeHidden();
    await dismissToast(page);
  };

  await logBp('86', '58');
  await expect(bp.getByTestId('reading-alert')).toHaveText('Status: Low');
  await expect(bp.getByTestId('metric-status')).toHaveCount(0);

  await logBp('185', '110');
  await expect(bp.getByTestId('reading-alert')).toHaveText('Status: Very high');
  await bp.getByRole('button', { name: 'What to do: Very high blood pressure' }).click();
  const steps = page.getByRole('dialog', { name: 'Very high blood pressure: what to do' });
  await expect(steps.getByRole('alert')).toContainText('185/110 mmHg is very high');
  await expect(steps.getByRole('alert')).toContainText('a bottom number of 120 or more, is a hypertensive crisis');
  await expect(steps).toContainText('call 112 now');
  await expect(steps.getByTestId('alert-source')).toContainText('American Heart Association');
  await screenshot(page, 'bp-crisis-steps');
  await expectAccessible(page, 'bp-crisis-steps');
  await steps.getByRole('button', { name: 'Close' }).click();

  await page.goto('/reports/history/bp');
  const recent = page.getByRole('list', { name: 'Recent readings' }).getByRole('listitem');
  await expect(recent.nth(0).getByTestId('reading-alert')).toHaveText('Status: Very high');
  await expect(recent.nth(1).getByTestId('reading-alert')).toHaveText('Status: Low');
  await expect(page.getByTestId('latest-alert')).toContainText('Very high');
});
