/**
 * A browser that prefers Hindi opens in Hindi, and every converted screen, dialog and toast
 * speaks Hindi: no English word left (hindi-helpers.ts), then axe in both themes.
 */
import { expect, test } from '@playwright/test';
import { screenshot, uniqueEmail } from './fixtures';
import { completeProfileInHindi, expectAllHindi, signInFromLanding } from './hindi-helpers';

// Goes offline or uses pushes: this file keeps the service worker the config blocks.
test.use({ serviceWorkers: 'allow' });

test('a browser that prefers Hindi opens in Hindi; every converted screen, dialog and toast speaks Hindi', async ({
  browser,
}) => {
  // Every screen, with axe in two themes on each; /faq made the walk longer than 60 s on a busy machine.
  test.setTimeout(150_000);
  const context = await browser.newContext({
    locale: 'hi-IN',
    timezoneId: 'Asia/Kolkata',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await signInFromLanding(page, 'Asha Rao', uniqueEmail('asha'));
  await completeProfileInHindi(page);
  await expect(page.getByText('कोई दवा तय नहीं है')).toBeVisible();
  await expectAllHindi(page, 'Home, empty');

  // Add a medicine in Hindi, with the form's errors first.
  await page.getByRole('link', { name: 'दवा जोड़ें' }).click();
  await expect(page.getByRole('heading', { name: 'दवा जोड़ें' })).toBeVisible();
  await page.getByRole('button', { name: 'दवा सेव करें' }).click();
  await expect(page.getByText('दवा का नाम: ज़रूरी है')).toBeVisible();
  await page.getByLabel('कितनी बार').selectOption('weekly');
  await expect(page.getByRole('button', { name: 'सोम' })).toBeVisible();
  await expectAllHindi(page, 'Add Medication');
  await page.getByLabel('कितनी बार').selectOption('daily');
  await page.getByLabel('दवा का नाम *').fill('Metformin');
  await page.getByLabel('खुराक *').fill('500 mg');
  await page.getByLabel('कब लें').selectOption('After food');
  await page.getByRole('button', { name: 'समय जोड़ें' }).click();
  await page.getByLabel('रिमाइंडर समय 1', { exact: true }).fill('00:00');
  await page.getByLabel('रिमाइंडर समय 2', { exact: true }).fill('23:59');
  await page.getByRole('button', { name: 'दवा सेव करें' }).click();
  await expect(page).toHaveURL(/\/medications$/);
  await expect(page.getByText('दवा जोड़ दी गई', { exact: true })).toBeVisible();
  await expect(page.getByText('1 चालू')).toBeVisible();
  await expect(page.getByText('500 mg • टैबलेट')).toBeVisible();
  await expect(page.getByText('रोज़ 00:00, 23:59 पर')).toBeVisible();
  await expectAllHindi(page, 'My Medications');

  // The delete confirmation, then keep the medicine.
  await page.getByRole('button', { name: 'Metformin हटाएं' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectAllHindi(page, 'the delete dialog');
  await screenshot(page, 'hi-delete-dialog');
  await page.getByRole('button', { name: 'रद्द करें' }).click();

  await page.getByRole('link', { name: 'Metformin बदलें' }).click();
  await expect(page.getByRole('heading', { name: 'दवा बदलें' })).toBeVisible();
  await expectAllHindi(page, 'Edit Medication');

  // Home: today's doses, Take and its toast with Undo.
  await page.getByRole('link', { name: 'वापस' }).click();
  await page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'होम' }).click();
  // The medicine was added just now: its 00:00 dose was never owed today (decision 077), its 23:59 is.
  await expect(page.getByRole('button', { name: 'Metformin 23:59 लें' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Metformin 00:00 लें' })).toHaveCount(0);
  await expectAllHindi(page, 'Home with doses');
  await screenshot(page, 'hi-home');

  // Offline, Home shows its saved data under the Hindi offline banner.
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toContainText(/ऑफ़लाइन · \d{2}:\d{2} तक का डेटा/);
  await expectAllHindi(page, 'Home offline');
  await screenshot(page, 'hi-home-offline');
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await page.getByRole('button', { name: 'Metformin 23:59 लें' }).click();
  await expect(page.getByText('Metformin ली गई, दर्ज हो गया', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Metformin 23:59 ली गई' })).toBeVisible();
  await expectAllHindi(page, 'Home with a dose taken and its toast');
  await screenshot(page, 'hi-home-toast');

  // Profile with the install steps dialog; the Privacy Policy; placeholders; not found.
  await page.getByRole('link', { name: 'प्रोफ़ाइल' }).click();
  await expect(page.getByRole('heading', { name: 'प्रोफ़ाइल और सेटिंग्स' })).toBeVisible();
  // The theme and glucose unit choices speak Hindi too (units stay as written).
  await expect(page.getByRole('radio', { name: 'फ़ोन के अनुसार' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'डार्क' })).toBeAttached();
  await expect(page.getByRole('radio', { name: 'mg/dL' })).toBeChecked();
  await expect(page.getByText(/हर शुगर रीडिंग/)).toBeVisible();
  await expectAllHindi(page, 'Profile');
  await page.getByRole('button', { name: 'ऐप इंस्टॉल करें' }).click();
  await expect(page.getByRole('dialog', { name: 'DiaCare इंस्टॉल करें' })).toBeVisible();
  await expectAllHindi(page, 'the install dialog');
  await screenshot(page, 'hi-install-dialog');
  await page.keyboard.press('Escape');

  for (const [path, heading] of [
    ['/privacy-policy', 'प्राइवेसी पॉलिसी'],
    ['/terms', 'सेवा की शर्तें - जल्द आ रही हैं'],
    ['/faq', 'अक्सर पूछे जाने वाले सवाल'],
    ['/no-such-page', 'पेज नहीं मिला'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expectAllHindi(page, path);
  }
  await context.close();
});
