/**
 * axe (WCAG 2.2 A/AA) on every screen and the log dialogs in the light AND the dark theme: the
 * journeys run axe once per screen in light only, so the dark theme is proved here (decision 043).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, type Theme } from './a11y';
import { completeProfile, signIn, uniqueEmail } from './fixtures';

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

/** Today + `days` in Asia/Kolkata (the browser's and the user's zone here), YYYY-MM-DD. */
function kolkataDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(Date.now() + days * 86_400_000);
}

/** POSTs `data` to `path` with the page's session, as the app's own forms do. */
async function post(page: Page, path: string, data: object): Promise<void> {
  const response = await page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });
  expect(response.status(), await response.text()).toBe(201);
}

test('every screen passes axe in the light and the dark theme', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
  await expectAccessible(page, 'landing', BOTH);

  await signIn(page, { name: 'Tsering Dolma', email: uniqueEmail('tsering') });
  await expectAccessible(page, 'profile-setup', BOTH);
  await completeProfile(page, { state: 'Ladakh', pincode: '194101' });

  await post(page, '/api/medications', {
    name: 'Metformin',
    dosage: '500 mg',
    form: 'Tablet',
    color: '#FF6B6B',
    schedule: { frequency: 'daily', times: ['08:00', '20:00'], start_date: kolkataDate(0) },
    refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
  });
  await post(page, '/api/health/glucose', { value: 64, meal_context: 'Fasting', date: kolkataDate(-1), time: '07:00' });
  await post(page, '/api/health/glucose', { value: 182, meal_context: 'Fasting', date: kolkataDate(0), time: '07:00' });
  await post(page, '/api/health/bp', { systolic: 128, diastolic: 82, date: kolkataDate(0), time: '08:00' });
  await post(page, '/api/health/metrics', { weight: 61.5, height: 158, date: kolkataDate(0) });
  await post(page, '/api/appointments', {
    type: 'lab',
    title: 'HbA1c',
    location: 'Leh District Hospital',
    date: kolkataDate(20),
    time: '09:00',
  });

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
