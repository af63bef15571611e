/**
 * The care circle in two browsers: Asha invites, Ravi joins from the link and sees her Home
 * read-only; Asha sees his view in the audit and removes him, and his next load is refused.
 * Decision 048.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { screenshot, signInWithProfile } from './fixtures';

test('invite, join, read-only Home, audit, remove', async ({ page, browser, baseURL }) => {
  await signInWithProfile(page, 'Asha Rao');
  const post = (url: string, data: object) => page.request.post(url, { data, headers: { origin: baseURL! } });
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }));
  const medication = await post('/api/medications', {
    name: 'Metformin',
    dosage: '500 mg',
    form: 'Tablet',
    color: '#FF6B6B',
    schedule: { frequency: 'daily', times: ['00:00', '23:59'], start_date: '2026-01-01' },
    refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
  });
  expect(medication.status()).toBe(201);
  await post('/api/adherence', {
    medication_id: (await medication.json()).id,
    date: today,
    scheduled_time: '00:00',
    status: 'taken',
  });
  expect((await post('/api/health/glucose', { value: 143, date: today, time: '00:00' })).status()).toBe(201);

  // Asha invites a family member from Profile.
  await page.goto('/profile');
  const circle = page.getByRole('region', { name: 'Care circle' });
  await expect(circle.getByRole('radio', { name: 'Family member' })).toBeChecked();
  await expect(circle.getByRole('checkbox', { name: 'Blood sugar' })).toBeChecked();
  await circle.getByRole('button', { name: 'Create invitation link' }).click();
  const url = (await circle.getByTestId('care-invite-url').textContent())!.trim();
  expect(url).toMatch(/\/care\/join\/[A-Za-z0-9_-]{43}$/);
  await circle.getByRole('button', { name: 'Show QR code' }).click();
  await expect(circle.getByRole('img', { name: 'QR code of the invitation link' })).toBeVisible();

  // Ravi, in his own browser, opens the link and accepts.
  const raviContext = await browser.newContext();
  const ravi = await raviContext.newPage();
  await signInWithProfile(ravi, 'Ravi Rao');
  await ravi.goto(new URL(url).pathname);
  await expect(ravi.getByText('Asha Rao invites you to their care circle as a family member.')).toBeVisible();
  await expect(ravi.getByRole('listitem').filter({ hasText: 'Blood sugar' })).toBeVisible();
  await expect(ravi.getByText('You will not see their conversations with the assistant')).toBeVisible();
  await screenshot(ravi, 'care-join');
  await expectAccessible(ravi, 'care join', { themes: ['light'] });
  await ravi.getByRole('button', { name: 'Accept' }).click();
  // The alerts step comes next (care-join-link.spec.ts turns push on there).
  await ravi
    .getByRole('region', { name: 'Get alerts for Asha Rao on this phone' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await ravi.waitForURL(/\/home$/);

  // The switcher on Home leads to Asha's read-only Home.
  await ravi.getByRole('navigation', { name: 'Whose data' }).getByRole('link', { name: 'Asha Rao' }).click();
  await expect(ravi.getByRole('heading', { name: 'Viewing Asha Rao’s data' })).toBeVisible();
  await expect(ravi.getByText('Read only')).toBeVisible();
  const doses = ravi.getByRole('region', { name: 'Today’s doses' });
  await expect(doses.getByRole('listitem').filter({ hasText: '00:00' })).toContainText('Taken');
  await expect(doses.getByRole('listitem').filter({ hasText: '23:59' })).toContainText('Due');
  await expect(ravi.getByRole('region', { name: 'Latest readings' })).toContainText('143 mg/dL');
  await expect(ravi.getByRole('button', { name: /Take|Log/ })).toHaveCount(0);
  await screenshot(ravi, 'care-member-home');
  await expectAccessible(ravi, 'care member home', { themes: ['light'] });
  // Reports, read-only: the same cards, no Log.
  await ravi.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await expect(ravi.getByRole('heading', { name: 'Viewing Asha Rao’s data' })).toBeVisible();
  await expect(ravi.getByTestId('metric-glucose')).toContainText('143');
  await expect(ravi.getByRole('button', { name: /Log/ })).toHaveCount(0);
  await screenshot(ravi, 'care-member-reports');
  await ravi.goBack();
  // A second use of the same link is refused clearly.
  await ravi.goto(new URL(url).pathname);
  await expect(ravi.getByRole('alert')).toContainText('This invitation has already been used.');

  // Asha sees who looked, and removes Ravi.
  await page.reload();
  await expect(circle.getByRole('list', { name: 'Who looked, and when' })).toContainText('Ravi Rao viewed blood sugar');
  await expect(circle.getByRole('list', { name: 'People in your circle' })).toContainText('Ravi Rao');
  await circle.getByRole('button', { name: 'Remove Ravi Rao' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(circle.getByText('Nobody yet.')).toBeVisible();
  await expect(circle.getByRole('list', { name: 'Who looked, and when' })).toContainText('You removed Ravi Rao');

  // Ravi's next load is refused.
  await ravi.goBack();
  await ravi.reload();
  await expect(ravi.getByRole('alert')).toContainText('You can no longer see this person’s data.');
  await raviContext.close();
});

test('the join page in Hindi at 360 px: names the inviter, the role and what is shared', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInWithProfile(page, 'Asha Rao');
  const invitation = await page.request.post('/api/care/invitations', {
    data: { role: 'doctor' },
    headers: { origin: baseURL! },
  });
  const { url } = await invitation.json();
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const doctor = await context.newPage();
  await signInWithProfile(doctor, 'Dr Mehta');
  await doctor.request.put('/api/users/me', { data: { language: 'hi' }, headers: { origin: baseURL! } });
  await doctor.goto(new URL(url).pathname);
  await expect(doctor.getByText('Asha Rao आपको अपने देखभाल समूह में डॉक्टर के रूप में आमंत्रित कर रहे हैं।')).toBeVisible();
  await expect(doctor.getByRole('listitem')).toHaveText(['दवाइयाँ और ली गई खुराक', 'ब्लड शुगर']);
  await expect(doctor.getByRole('button', { name: 'स्वीकार करें' })).toBeVisible();
  // Nothing wider than the screen.
  expect(await doctor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(doctor, 'care-join-hi-360');
  await context.close();
});
