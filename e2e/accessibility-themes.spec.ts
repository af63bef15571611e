/**
 * axe (WCAG 2.2 A/AA) on every screen and the log dialogs in the light AND the dark theme: the
 * journeys run axe once per screen in light only, so the dark theme is proved here (decision 043).
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, type Theme } from './a11y';
import { addRecordsForEveryScreen, completeProfile, signIn, uniqueEmail } from './fixtures';

const BOTH: { themes: Theme[] } = { themes: ['light', 'dark'] };

/** The routes of a signed-in user with a medicine, readings and an appointment. */
const SCREENS = [
  '/home',
  '/medications',
  '/medications/add',
  '/reports',
  '/reports/history/glucose',
  '/reports/history/bp',
  '/reports/history/weight',
  '/booking',
  '/chat',
  '/profile',
  '/privacy-policy',
  '/terms',
];

test('every screen passes axe in the light and the dark theme', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
  await expectAccessible(page, 'landing', BOTH);

  await signIn(page, { name: 'Tsering Dolma', email: uniqueEmail('tsering') });
  await expectAccessible(page, 'profile-setup', BOTH);
  await completeProfile(page, { state: 'Ladakh', pincode: '194101' });

  await addRecordsForEveryScreen(page);

  for (const path of SCREENS) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, path, BOTH);
  }

  await page.goto('/reports');
  for (const name of ['Log Blood Glucose', 'Log Blood Pressure']) {
    await page.getByRole('button', { name }).click();
    await expect(page.getByRole('dialog', { name })).toBeVisible();
    await expectAccessible(page, `${name} dialog`, BOTH);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name })).toBeHidden();
  }
});
