/**
 * Profile → Download my data: a user with a glucose reading and a
 * blood-pressure reading downloads the CSV ZIP and the FHIR Bundle from Profile at 390×844,
 * using the keyboard for the second, and each file holds what they recorded.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { screenshot, signInWithProfile } from './fixtures';
import { expectAccessible } from './a11y';

/** Today in Asia/Kolkata (the browser's and the user's zone here). */
const kolkataToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** Records a reading through the API with the page's session, as the app's dialogs do. */
async function record(page: Page, path: string, data: object) {
  const response = await page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });
  expect(response.status()).toBe(201);
}

test('download my data: CSV (ZIP) and FHIR R4 (JSON) from Profile', async ({ page }) => {
  await signInWithProfile(page, 'Kavya Nair');
  const today = kolkataToday();
  await record(page, '/api/health/glucose', { value: 152, meal_context: 'Fasting', date: today, time: '00:05' });
  await record(page, '/api/health/bp', { systolic: 128, diastolic: 82, pulse: 72, date: today, time: '00:05' });

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Download my data' });
  await expect(section).toBeVisible();
  const csvLink = section.getByRole('link', { name: 'Download CSV (ZIP)' });
  const fhirLink = section.getByRole('link', { name: 'Download FHIR R4 (JSON)' });
  await expect(csvLink).toHaveAccessibleDescription(/spreadsheet files/i);
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: 'test-results/screens/profile-download-my-data.png' });
  await screenshot(page, 'profile-with-export');
  await expectAccessible(page, 'profile-with-export');

  const [zip] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
  expect(zip.suggestedFilename()).toBe(`diacare-export-${today}.zip`);
  const files = unzipSync(new Uint8Array(readFileSync((await zip.path())!)));
  expect(Object.keys(files)).toEqual([
    'medications.csv',
    'adherence.csv',
    'glucose.csv',
    'blood_pressure.csv',
    'body_metrics.csv',
    'appointments.csv',
    'labs.csv',
    'insulin.csv',
    'meals.csv',
    'imports.csv',
    'care_circle.csv',
  ]);
  const glucose = strFromU8(files['glucose.csv']!);
  expect(glucose).toContain('reading_id,measured_at,glucose_mg_dl,glucose_mmol_l,meal_context');
  expect(glucose).toContain(`,${today}T00:05:00+05:30,152,8.4,Fasting`);

  // The second download from the keyboard: focus the link and press Enter.
  await fhirLink.focus();
  const [json] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(json.suggestedFilename()).toBe(`diacare-export-${today}.json`);
  const bundle = JSON.parse(readFileSync((await json.path())!, 'utf8'));
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  const codes = bundle.entry.map(
    (entry: { resource: { resourceType: string; code?: { coding: { code: string }[] } } }) =>
      entry.resource.code?.coding[0]?.code ?? entry.resource.resourceType,
  );
  expect(codes).toEqual(['Patient', '2339-0', '85354-9', '8867-4']);
  // Still on Profile: a download does not navigate away.
  await expect(page).toHaveURL(/\/profile$/);

  // At 360 px the section fits: nothing overflows sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await section.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await section.screenshot({ path: 'test-results/screens/profile-download-my-data-360.png' });
});
