/**
 * A doctor following two patients (decisions 086, 087): Ravi shares from the doctor's clinic
 * code (the link the QR code holds), Asha from an invitation; the Patients screen puts Ravi, who
 * had lows, first with the reason in words, and 'Mark reviewed' says so. 390×844.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { kolkataDate, logGlucose, screenshot, signIn, signInWithProfile, uniqueEmail } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('a doctor following two patients sees the one with lows first', async ({ page, browser, baseURL }) => {
  // The doctor, with no patient profile, opens Patients and makes a clinic code.
  await signIn(page, { name: 'Dr Mehta', email: uniqueEmail('mehta') });
  await page.goto('/care/patients');
  await expect(page.getByRole('heading', { name: 'Patients', level: 1 })).toBeVisible();
  await expect(page.getByText('Nobody shares with you yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Make a clinic code' }).click();
  await expect(page.getByRole('img', { name: 'QR code of your clinic code link' })).toBeVisible();
  const codePath = new URL((await page.getByTestId('clinic-code-url').textContent())!).pathname;

  // Ravi, who had lows this morning, opens the code, sees who asks and shares.
  const raviContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const ravi = await raviContext.newPage();
  await signInWithProfile(ravi, 'Ravi Rao');
  for (const [value, time] of [
    [50, '00:05'],
    [52, '00:20'],
    [120, '00:40'],
    [130, '01:00'],
  ] as const) {
    await logGlucose(ravi, value, kolkataDate(0), time);
  }
  await ravi.goto(codePath);
  await expect(ravi.getByText('Dr Mehta asks you to share your health data')).toBeVisible();
  await expect(ravi.getByRole('checkbox', { name: 'Blood sugar' })).toBeChecked();
  await expectAccessible(ravi, 'clinic code consent');
  await ravi.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(ravi.getByText('You now share with Dr Mehta', { exact: true })).toBeVisible();
  await raviContext.close();

  // Asha, in range, shares through an invitation.
  const ashaContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const asha = await ashaContext.newPage();
  await signInWithProfile(asha, 'Asha Rao');
  for (const time of ['00:10', '00:30', '00:50']) await logGlucose(asha, 118, kolkataDate(0), time);
  const invitation = await asha.request.post('/api/care/invitations', {
    headers: { origin: baseURL! },
    data: { role: 'doctor' },
  });
  const { token } = await invitation.json();
  await ashaContext.close();
  const accepted = await page.request.post(`/api/care/invitations/${token}/accept`, { headers: { origin: baseURL! } });
  expect(accepted.status()).toBe(200);

  // Ravi first, with the reason named; Asha after, nothing to flag.
  await page.reload();
  const rows = page
    .getByRole('region', { name: 'People who share with you' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading'),
    });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('heading')).toHaveText('Ravi Rao');
  await expect(rows.nth(0).getByRole('list', { name: 'Why Ravi Rao needs attention' })).toContainText(
    'Very low sugar (under 54) more than 1 % of the time',
  );
  await expect(rows.nth(1).getByRole('heading')).toHaveText('Asha Rao');
  await expect(rows.nth(1)).toContainText('Nothing to flag');
  await screenshot(page, 'care-patients');
  await expectAccessible(page, 'patients');

  await rows.nth(0).getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(page.getByText('Ravi Rao marked reviewed', { exact: true })).toBeVisible();
  await expect(rows.nth(0)).toContainText(/Reviewed \d{1,2} \w{3}, \d\d:\d\d/);
  // Only those needing attention: Ravi alone.
  await page.getByRole('checkbox', { name: 'Only those who need attention' }).check();
  await expect(rows).toHaveCount(1);
  // Each row opens the person: Ravi shares his sugar, so his glucose profile.
  await rows.nth(0).getByRole('link', { name: 'Ravi Rao' }).click();
  await page.waitForURL(/\/care\/patients\/[0-9a-f-]+\/reports\/glucose-profile$/);
});
