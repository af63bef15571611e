/**
 * A care alert in two browsers (decision 051): Asha logs 48 mg/dL; the escalation job alerts
 * Ravi (by e-mail: no push subscription here), who finds it on Asha's read-only Home and marks it
 * 'Seen'; Asha's Home says her family was alerted and that he saw it. 360 px wide.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { screenshot, signInWithProfile } from './fixtures';

test.use({ viewport: { width: 360, height: 780 } });

test('a reading under 54 alerts the family member, who marks it seen; the patient sees who', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = { origin: baseURL! };
  await signInWithProfile(page, 'Asha Rao');
  const asha = await (await page.request.get('/api/users/me')).json();
  const { token } = await (
    await page.request.post('/api/care/invitations', { headers: origin, data: { role: 'family' } })
  ).json();
  const raviContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const ravi = await raviContext.newPage();
  await signInWithProfile(ravi, 'Ravi Rao');
  expect((await ravi.request.post(`/api/care/invitations/${token}/accept`, { headers: origin })).status()).toBe(200);

  // A reading taken now, in Asha's zone.
  const [date, time] = await page.evaluate(() => {
    const now = new Date();
    const zone = 'Asia/Kolkata';
    return [
      now.toLocaleDateString('en-CA', { timeZone: zone }),
      now.toLocaleTimeString('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    ];
  });
  const reading = await page.request.post('/api/health/glucose', { headers: origin, data: { value: 48, date, time } });
  expect(reading.status()).toBe(201);

  // The job runs every 5 s: Ravi's view of Asha shows the open alert.
  const alerts = ravi.getByRole('region', { name: 'Alerts' });
  await expect(async () => {
    await ravi.goto(`/care/patients/${asha.id}`);
    await expect(alerts).toContainText(`Very low glucose: 48 mg/dL at ${time}`, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await screenshot(ravi, 'care-alert-member');
  await expectAccessible(ravi, 'care alert open', { themes: ['light'] });
  await alerts.getByRole('button', { name: `Mark as seen: Very low glucose: 48 mg/dL at ${time}` }).click();
  await expect(alerts).toContainText('Seen by Ravi Rao');
  await expect(alerts).toContainText('No open alerts.');

  // Asha's Home tells her how each member was reached, and who saw it, without contradiction.
  await page.goto('/home');
  const line = page.getByRole('region', { name: 'Your care circle was alerted' });
  await expect(line).toContainText(`Very low glucose: 48 mg/dL at ${time}`);
  await expect(line).toContainText(/Ravi Rao: reached by e-mail at \d\d:\d\d/);
  await expect(line).toContainText(/Seen by Ravi Rao at \d\d:\d\d\./);
  await expect(line).toContainText(/Ravi Rao: reached by e-mail at \d\d:\d\d; saw it in DiaCare at \d\d:\d\d/);
  await expect(line).not.toContainText('No notification reached');
  await expect(line).not.toContainText('not reached');
  await screenshot(page, 'care-alert-patient-home');
  await expectAccessible(page, 'care alert home line', { themes: ['light'] });
  await raviContext.close();
});
