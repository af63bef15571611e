/**
 * Profile → Notifications: where each kind of message goes (decision 050). The journeys' server
 * has mail settings and no WhatsApp ones; this browser has no push subscription.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { screenshot, signInWithProfile } from './fixtures';

// Goes offline or uses pushes: this file keeps the service worker the config blocks.
test.use({ serviceWorkers: 'allow' });

const saved = (page: Page, path: string) =>
  page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'PUT');

test('per kind: e-mail switches save, WhatsApp and push are off and say why, at 360 px, in English and Hindi', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInWithProfile(page, 'Asha Rao');
  await page.goto('/profile#notifications');
  await expect(page.getByRole('heading', { name: 'Where each message goes' })).toBeVisible();

  // The defaults: refill by e-mail, dose not; both off-and-disabled channels described.
  const doseEmail = page.getByRole('switch', { name: 'Dose reminders E-mail' });
  const refillEmail = page.getByRole('switch', { name: 'Refill reminders E-mail' });
  await expect(refillEmail).toBeChecked();
  await expect(doseEmail).not.toBeChecked();
  await expect(doseEmail).toBeEnabled();
  const whatsapp = page.getByRole('switch', { name: 'Care alerts about people you care for WhatsApp' });
  await expect(whatsapp).toBeDisabled();
  await expect(whatsapp).not.toBeChecked();
  await expect(whatsapp).toHaveAccessibleDescription('WhatsApp unavailable: not set up on this server.');
  const push = page.getByRole('switch', { name: 'Dose reminders Push' });
  await expect(push).toBeDisabled();
  await expect(push).not.toBeChecked();
  await expect(push).toHaveAccessibleDescription('Push unavailable: no device of yours has notifications on.');

  // By keyboard: Space turns dose e-mail on, saved on the server and kept after a reload.
  await doseEmail.focus();
  const put = saved(page, '/api/notifications/channels');
  await page.keyboard.press('Space');
  expect((await put).status()).toBe(200);
  await expect(doseEmail).toBeChecked();
  await page.reload();
  await expect(doseEmail).toBeChecked();

  // Email Notifications off: every e-mail channel is off and says it was turned off above.
  const settings = saved(page, '/api/settings/notifications');
  await page.getByRole('switch', { name: 'Email Notifications' }).click();
  expect((await settings).status()).toBe(200);
  await expect(doseEmail).toBeDisabled();
  await expect(doseEmail).not.toBeChecked();
  await expect(refillEmail).toHaveAccessibleDescription('E-mail unavailable: turned off above.');
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  await screenshot(page, 'profile-channels-360');
  await expectAccessible(page, 'profile-channels');

  // Hindi.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { name: 'कौन-सा संदेश कहाँ आए' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'खुराक के रिमाइंडर ईमेल' })).toHaveAccessibleDescription(
    'ईमेल उपलब्ध नहीं: ऊपर बंद है।',
  );
  await expect(
    page.getByRole('switch', { name: 'जिनकी आप देखभाल करते हैं, उनके अलर्ट WhatsApp' }),
  ).toHaveAccessibleDescription('WhatsApp उपलब्ध नहीं: इस सर्वर पर चालू नहीं है।');
  await screenshot(page, 'profile-channels-hi');
  await expectAccessible(page, 'profile-channels-hi');
});
