/**
 * Home's Meals card (decision 097) at 390×844: a reading logged from Home's glucose card after a
 * meal gives the meal listed on the card its rise without leaving Home. The page's clock is set to
 * late yesterday, so a dinner with readings before and after can be 'today'. (Logging today's meal
 * from Home, its rise, Hindi and offline are in meals.spec.ts.) A meal with an item without an
 * estimate says so on the card, as on History.
 */
import { expect, test, type Page } from '@playwright/test';
import { kolkataDate, postRecord, signInWithProfile } from './fixtures';

/** Signs in and logs `meal` (without its date) yesterday; returns yesterday, YYYY-MM-DD (Asia/Kolkata). */
async function logMealYesterday(page: Page, meal: object): Promise<string> {
  await signInWithProfile(page, 'Asha Rao');
  const yesterday = kolkataDate(-1);
  await postRecord(page, '/api/meals', { date: yesterday, ...meal });
  return yesterday;
}

/** Home late yesterday (the page's clock set to 23:30 and running). */
async function openHomeAt2330(page: Page, date: string): Promise<void> {
  await page.clock.install({ time: new Date(`${date}T23:30:00+05:30`) });
  await page.goto('/home');
}

test("a reading logged on Home after a meal gives the meal on Home's card its rise at once", async ({ page }) => {
  const yesterday = await logMealYesterday(page, {
    time: '20:00',
    meal_type: 'dinner',
    items: [{ food_id: 'roti', name: 'Roti', portions: 2 }],
  });
  await postRecord(page, '/api/health/glucose', {
    date: yesterday,
    time: '19:50',
    value: 120,
    meal_context: 'Before Dinner',
  });
  // Home late yesterday: the dinner is listed, with no rise yet.
  await openHomeAt2330(page, yesterday);
  const dinner = page.getByTestId('todays-meals').getByRole('listitem');
  await expect(dinner).toContainText('Dinner · 20:00');
  await expect(dinner).toContainText('Roti (chapati) × 2');
  await expect(dinner.getByTestId('home-meal-rise')).toHaveCount(0);

  // The reading after it, from Home's glucose card: the rise shows without leaving Home.
  await page.getByTestId('latest-glucose').getByRole('button', { name: 'Log Blood Glucose' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Blood Glucose' });
  await dialog.getByLabel('Value (mg/dL) *').fill('185');
  await dialog.getByLabel('Time').fill('21:40');
  await dialog.getByLabel('Meal Context').selectOption('After Dinner');
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(dialog).toBeHidden();
  await expect(dinner.getByTestId('home-meal-rise')).toHaveText('Rise+65 mg/dL');
});

test("Home's card says how many of a meal's items have no carbohydrate estimate, as History does", async ({ page }) => {
  const yesterday = await logMealYesterday(page, {
    time: '17:00',
    meal_type: 'snack',
    items: [
      { food_id: 'roti', name: 'Roti', portions: 1 },
      { name: 'Jalebi from the corner shop', portions: 1 },
    ],
  });
  await openHomeAt2330(page, yesterday);
  const snack = page.getByTestId('todays-meals').getByRole('listitem');
  await expect(snack).toContainText('Snack · 17:00');
  await expect(snack).toContainText(/≈ \d+ g \(estimate\) \+ 1 item without an estimate/);
});
