/**
 * Your data at 390×844: correct a glucose reading in History and see the average follow; delete one
 * with Undo; delete the account by typing DELETE and sign in again with the same email to start fresh.
 * Decision 021.
 */
import { expect, test, type Page } from '@playwright/test';
import { screenshot, signIn, signInWithProfile } from './fixtures';
import { expectAccessible } from './a11y';

/** YYYY-MM-DD `days` from today in Asia/Kolkata (the browser's and the user's zone here). */
function kolkataDate(days: number): string {
  const instant = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(instant);
}

/** Logs a glucose reading through the API with the page's session. */
async function logGlucose(page: Page, value: number, time: string) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/health/glucose', {
    headers: { origin },
    data: { value, meal_context: 'Fasting', date: kolkataDate(-1), time },
  });
  expect(response.status()).toBe(201);
}

/** What the phone shows (a dialog sits on the viewport, not the whole page). */
const screen = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}.png` });

const average = (page: Page) =>
  page.getByTestId('history-figures').locator('div', { hasText: 'Average' }).locator('dd');

test('correct and delete readings in History, then delete the account and start fresh', async ({ page }) => {
  const email = await signInWithProfile(page, 'Nisha Kapoor');
  await logGlucose(page, 520, '08:00');
  await logGlucose(page, 100, '20:00');

  await page.goto('/reports/history/glucose');
  await expect(average(page)).toHaveText('310 mg/dL');
  const wrong = page.getByRole('button', { name: /^Edit reading: 520 mg\/dL/ });
  await expect(wrong).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete reading: 100 mg\/dL/ })).toBeVisible();
  await page.getByRole('heading', { name: 'Recent Readings' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'history-row-actions');
  await expectAccessible(page, 'history-row-actions');

  // Edit: the log dialog opens prefilled; 520 becomes 152 and the average follows.
  await wrong.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Blood Glucose' });
  await expect(dialog.getByLabel('Value (mg/dL) *')).toHaveValue('520');
  await expect(dialog.getByLabel('Date')).toHaveValue(kolkataDate(-1));
  await expect(dialog.getByLabel('Time')).toHaveValue('08:00');
  await expectAccessible(page, 'edit-reading-dialog');
  await dialog.getByLabel('Value (mg/dL) *').fill('700');
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(dialog.getByText('Value must be at most 600 mg/dL')).toBeVisible();
  await dialog.getByLabel('Value (mg/dL) *').fill('152');
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Reading updated', { exact: true })).toBeVisible();
  await expect(average(page)).toHaveText('126 mg/dL');
  await expect(page.getByRole('button', { name: /^Edit reading: 520 mg\/dL/ })).toHaveCount(0);

  // Delete with the keyboard: confirm, then Undo brings it back.
  await page.getByRole('button', { name: /^Delete reading: 100 mg\/dL/ }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete this reading?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('100 mg/dL');
  await screen(page, 'delete-reading-confirm');
  await expectAccessible(page, 'delete-reading-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Reading deleted', { exact: true })).toBeVisible();
  await expect(average(page)).toHaveText('152 mg/dL');
  await expect(page.getByRole('button', { name: /^Delete reading: 100 mg\/dL/ })).toHaveCount(0);
  await screen(page, 'delete-reading-undo-toast');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Reading restored', { exact: true })).toBeVisible();
  await expect(average(page)).toHaveText('126 mg/dL');
  await expect(page.getByRole('button', { name: /^Delete reading: 100 mg\/dL/ })).toBeVisible();

  // Privacy Policy → Delete your data → Profile's delete account.
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'privacy-policy');
  await expect(page.getByRole('link', { name: 'Correct your data' })).toHaveAttribute(
    'href',
    '/reports/history/glucose',
  );
  await expect(page.getByRole('link', { name: 'Export your data' })).toHaveAttribute(
    'href',
    '/profile#section-download-my-data',
  );
  await page.getByRole('link', { name: 'Delete your data' }).click();
  await expect(page).toHaveURL(/\/profile#delete-account$/);
  const section = page.locator('#delete-account');
  await expect(section).toBeInViewport();
  await screen(page, 'profile-delete-account-section');
  await section.getByRole('button', { name: 'Delete account' }).click();

  const deletion = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(deletion).toContainText('your glucose, blood pressure and weight readings');
  const submit = deletion.getByRole('button', { name: 'Delete account' });
  await expect(submit).toBeDisabled();
  await deletion.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(submit).toBeDisabled();
  await deletion.getByLabel('Type DELETE to confirm').fill('DELETE');
  await expect(submit).toBeEnabled();
  await screen(page, 'delete-account-dialog');
  await expectAccessible(page, 'delete-account-dialog');
  await submit.click();

  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('isAuthenticated'), localStorage.getItem('profileCompleted')]),
  ).toEqual([null, null]);
  expect((await page.request.get('/api/users/me')).status()).toBe(401);

  // The same account signs in again and starts fresh.
  await signIn(page, { name: 'Nisha Kapoor', email });
  await expect(page).toHaveURL(/\/profile-setup$/);
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  const readings = await page.request.get('/api/health/glucose');
  expect(await readings.json()).toEqual([]);
});
