/**
 * The invitation and the right to help (decision 078), at 390×844: Asha invites Ravi
 * with the right to mark doses taken and shares the link (the share sheet, or a WhatsApp link where
 * there is none; the QR code shows and hides); Ravi's badge says what he may do, his Mark taken
 * asks first and the toast's Undo takes it back.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { screenshot, signInWithProfile } from './fixtures';

declare global {
  interface Window {
    /** What the page handed to the share sheet stand-in. */
    shared?: ShareData;
  }
}

test('invite with the right to mark taken, Share or WhatsApp, QR toggles; the member confirms Mark taken and can Undo it', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  // The share sheet of a phone, standing in: Chromium on Linux has none.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        window.shared = data;
      },
    });
  });
  await signInWithProfile(page, 'Asha Rao');
  const medication = await page.request.post('/api/medications', {
    headers: { origin },
    data: {
      name: 'Metformin',
      dosage: '500 mg',
      form: 'Tablet',
      color: '#FF6B6B',
      // Late in the day, so the dose exists after the medicine was added, and is still due.
      schedule: { frequency: 'daily', times: ['23:59'], start_date: '2026-01-01' },
      refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
    },
  });
  expect(medication.status()).toBe(201);
  const asha = (await (await page.request.get('/api/users/me')).json()) as { id: string };

  await page.goto('/profile');
  const circle = page.getByRole('region', { name: 'Care circle' });
  const right = circle.getByRole('checkbox', { name: 'Mark as taken on their behalf' });
  await expect(right).not.toBeChecked();
  await right.check();
  await circle.getByRole('button', { name: 'Create invitation link' }).click();
  const url = (await circle.getByTestId('care-invite-url').textContent())!.trim();
  await expect(circle.getByRole('list', { name: 'Pending invitations' })).toContainText('May mark doses taken');

  // Share: who invites, what for, and the link.
  await circle.getByRole('button', { name: 'Share', exact: true }).click();
  const shared = await page.evaluate(() => window.shared);
  expect(shared?.url).toBe(url);
  expect(shared?.text).toMatch(/^Asha Rao invites you to their DiaCare care circle, to see .*Blood sugar/);
  expect(shared?.text).toContain('and mark doses as taken');

  // The QR code shows and hides, and its button says which.
  const qrButton = circle.getByRole('button', { name: 'Show QR code' });
  await qrButton.click();
  await expect(circle.getByRole('img', { name: 'QR code of the invitation link' })).toBeVisible();
  await expect(circle.getByRole('button', { name: 'Hide QR code' })).toHaveAttribute('aria-expanded', 'true');
  await screenshot(page, 'care-invite-share');
  await expectAccessible(page, 'care invite with share and QR');
  await circle.getByRole('button', { name: 'Hide QR code' }).click();
  await expect(circle.getByRole('img', { name: 'QR code of the invitation link' })).toHaveCount(0);
  await expect(circle.getByRole('button', { name: 'Show QR code' })).toHaveAttribute('aria-expanded', 'false');

  // Without a share sheet, a WhatsApp link with the same message.
  await page.evaluate(() => {
    delete (navigator as { share?: unknown }).share;
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  await circle.getByRole('radio', { name: 'Doctor' }).check();
  await expect(right).toHaveCount(0);
  await circle.getByRole('button', { name: 'Create invitation link' }).click();
  await expect(circle.getByTestId('care-invite-url')).not.toHaveText(url);
  await expect(circle.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
  const whatsapp = circle.getByRole('link', { name: 'Send on WhatsApp' });
  const href = new URL((await whatsapp.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe('https://wa.me/');
  const doctorUrl = (await circle.getByTestId('care-invite-url').textContent())!.trim();
  expect(href.searchParams.get('text')).toMatch(/^Asha Rao invites you to their DiaCare care circle, to see /);
  expect(href.searchParams.get('text')).not.toContain('mark doses as taken');
  expect(href.searchParams.get('text')!.endsWith(doctorUrl)).toBe(true);

  // Ravi joins with the right.
  const raviContext = await browser.newContext();
  const ravi = await raviContext.newPage();
  await signInWithProfile(ravi, 'Ravi Rao');
  const token = new URL(url).pathname.split('/').at(-1)!;
  expect((await ravi.request.post(`/api/care/invitations/${token}/accept`, { headers: { origin } })).status()).toBe(
    200,
  );
  await ravi.goto(`/care/patients/${asha.id}`);
  await expect(ravi.getByRole('heading', { name: 'Viewing Asha Rao’s data' })).toBeVisible();
  await expect(ravi.getByText('Can mark doses taken')).toBeVisible();
  await expect(ravi.getByText('Read only')).toHaveCount(0);

  const doses = ravi.getByRole('region', { name: 'Today’s doses' });
  const dose = doses.getByRole('listitem').filter({ hasText: '23:59' });
  await expect(dose).toContainText('Due');
  await dose.getByRole('button', { name: 'Mark Metformin at 23:59 as taken on their behalf' }).click();
  const dialog = ravi.getByRole('alertdialog', { name: 'Mark Metformin at 23:59 as taken?' });
  await expect(dialog).toContainText('Asha Rao will see that you marked it. You can undo it right after.');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await screenshot(ravi, 'care-mark-taken-confirm');
  await expectAccessible(ravi, 'care mark taken confirm');
  // Cancel marks nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dose).toContainText('Due');
  await dose.getByRole('button', { name: 'Mark Metformin at 23:59 as taken on their behalf' }).click();
  await dialog.getByRole('button', { name: 'Mark taken' }).click();
  await expect(dose).toContainText('Taken');
  await expect(ravi.getByText('Metformin at 23:59 marked as taken', { exact: true })).toBeVisible();
  await screenshot(ravi, 'care-mark-taken-undo-toast');
  await expectAccessible(ravi, 'care mark taken toast');
  await ravi.getByRole('button', { name: 'Undo' }).click();
  await expect(ravi.getByText('Metformin at 23:59 is no longer marked as taken', { exact: true })).toBeVisible();
  await expect(dose).toContainText('Due');
  await raviContext.close();

  // Asha's audit names both.
  const audit = (await (await page.request.get('/api/care/audit')).json()) as { action: string }[];
  expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['mark_taken', 'unmark_taken']));
  await page.reload();
  await expect(circle.getByRole('list', { name: 'Who looked, and when' })).toContainText(
    'Ravi Rao undid marking a dose as taken',
  );
});
