/**
 * Managing the care circle in two browsers (decision 048): Asha edits what Ravi sees, grants
 * him 'Mark as taken on their behalf' and sets the alert settings; Ravi, in mmol/L, marks her
 * due dose taken from her read-only Home; Asha's Home and audit say he did.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { screenshot, signInWithProfile } from './fixtures';

test('patient edits scopes and rights; member marks a dose taken; patient sees who', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = { origin: baseURL! };
  await signInWithProfile(page, 'Asha Rao');
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }));
  const medication = await page.request.post('/api/medications', {
    headers: origin,
    data: {
      name: 'Metformin',
      dosage: '500 mg',
      form: 'Tablet',
      color: '#FF6B6B',
      schedule: { frequency: 'daily', times: ['23:59'], start_date: '2026-01-01' },
      refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
    },
  });
  expect(medication.status()).toBe(201);
  const glucose = await page.request.post('/api/health/glucose', {
    headers: origin,
    data: { value: 143, date: today, time: '00:00' },
  });
  expect(glucose.status()).toBe(201);
  const { token } = await (
    await page.request.post('/api/care/invitations', { headers: origin, data: { role: 'family' } })
  ).json();

  const raviContext = await browser.newContext();
  const ravi = await raviContext.newPage();
  await signInWithProfile(ravi, 'Ravi Rao');
  expect((await ravi.request.post(`/api/care/invitations/${token}/accept`, { headers: origin })).status()).toBe(200);
  await ravi.request.put('/api/users/me', { headers: origin, data: { glucose_unit: 'mmol/L' } });

  // Asha edits Ravi: no weight, may mark doses taken, no alerts; and sets the alert settings.
  await page.goto('/profile');
  const circle = page.getByRole('region', { name: 'Care circle' });
  const members = circle.getByRole('list', { name: 'People in your circle' });
  await expect(members).toContainText('Ravi Rao');
  await expect(members).toContainText('Alerts on');
  await circle.getByRole('button', { name: 'Edit what Ravi Rao can see and do' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ravi Rao: what they see and do' });
  const markRight = dialog.getByRole('switch', { name: 'Mark as taken on their behalf' });
  await expect(markRight).toHaveAttribute('aria-checked', 'false');
  await dialog.getByRole('checkbox', { name: 'Weight' }).uncheck();
  await markRight.click();
  await dialog.getByRole('switch', { name: 'Alerts' }).click();
  await expectAccessible(page, 'care member edit', { themes: ['light'] });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(members).toContainText('Can mark doses taken · Alerts off');
  await expect(members).not.toContainText('Weight');

  await circle.getByLabel('Minutes after a missed dose').fill('30');
  await circle.getByRole('switch', { name: 'Quiet hours' }).click();
  await circle.getByLabel('From').fill('22:00');
  await circle.getByLabel('Until').fill('07:00');
  await circle.getByRole('button', { name: 'Save alert settings' }).click();
  await expect(page.getByText('Alert settings saved').first()).toBeVisible();
  expect(await (await page.request.get('/api/care/settings')).json()).toEqual({
    missed_dose_alert_minutes: 30,
    low_glucose_alerts: true,
    quiet_hours: { start: '22:00', end: '07:00' },
  });
  await screenshot(page, 'care-manage-profile');
  await expectAccessible(page, 'care circle settings', { themes: ['light'] });

  // Ravi opens Asha's Home: glucose in his unit, and marks the due dose taken.
  await ravi.goto('/home');
  await ravi.getByRole('navigation', { name: 'Whose data' }).getByRole('link', { name: 'Asha Rao' }).click();
  await expect(ravi.getByRole('heading', { name: 'Viewing Asha Rao’s data' })).toBeVisible();
  await expect(ravi.getByRole('region', { name: 'Latest readings' })).toContainText('7.9 mmol/L');
  const dose = ravi.getByRole('region', { name: 'Today’s doses' }).getByRole('listitem').filter({ hasText: '23:59' });
  await expect(dose).toContainText('Due');
  await dose.getByRole('button', { name: 'Mark Metformin at 23:59 as taken on their behalf' }).click();
  // A member's Mark taken asks first (decision 078).
  await ravi.getByRole('alertdialog').getByRole('button', { name: 'Mark taken' }).click();
  await expect(dose).toContainText('Taken');
  await expect(dose).toContainText('Marked taken by Ravi Rao');
  await expect(dose.getByRole('button')).toHaveCount(0);
  await screenshot(ravi, 'care-member-marked');
  await expectAccessible(ravi, 'care member marked', { themes: ['light'] });

  // Asha sees who marked it, on Home and in the audit.
  await page.goto('/home');
  await expect(page.getByRole('listitem').filter({ hasText: 'Metformin' }).first()).toContainText(
    'Marked taken by Ravi Rao',
  );
  await screenshot(page, 'care-patient-marked-home');
  await page.goto('/profile');
  await expect(circle.getByRole('list', { name: 'Who looked, and when' })).toContainText(
    'Ravi Rao marked a dose as taken',
  );
  await raviContext.close();
});

test('the member editor and alert settings in Hindi at 360 px', async ({ page, browser, baseURL }) => {
  const origin = { origin: baseURL! };
  await page.setViewportSize({ width: 360, height: 780 });
  await signInWithProfile(page, 'Asha Rao');
  const { token } = await (
    await page.request.post('/api/care/invitations', { headers: origin, data: { role: 'doctor' } })
  ).json();
  const context = await browser.newContext();
  const doctor = await context.newPage();
  await signInWithProfile(doctor, 'Dr Mehta');
  await doctor.request.post(`/api/care/invitations/${token}/accept`, { headers: origin });
  await context.close();
  await page.request.put('/api/users/me', { headers: origin, data: { language: 'hi' } });
  await page.goto('/profile');
  const circle = page.getByRole('region', { name: 'देखभाल समूह' });
  await expect(circle.getByRole('list', { name: 'आपके समूह के लोग' })).toContainText('सूचनाएँ बंद');
  await expect(circle.getByRole('button', { name: 'सूचना सेटिंग सहेजें' })).toBeVisible();
  await circle.getByRole('button', { name: 'Dr Mehta क्या देख और कर सकते हैं, बदलें' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dr Mehta: वे क्या देखते और करते हैं' });
  await expect(dialog.getByRole('switch', { name: 'उनकी ओर से ली हुई दर्ज करें' })).toHaveAttribute('aria-checked', 'false');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, 'care-member-edit-hi-360');
  await expectAccessible(page, 'care member edit hi', { themes: ['light'] });
});
