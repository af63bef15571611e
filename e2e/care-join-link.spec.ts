/**
 * One link, start to finish (decision 076): a new person opens Asha's invitation signed
 * out, signs in, accepts with no profile, turns on alerts and lands on the caregiver Home. 390×844.
 */
import { expect, test, type Browser } from '@playwright/test';
import { expectAccessible } from './a11y';
import { kolkataDate, postRecord, screenshot, signInWithProfile, uniqueEmail } from './fixtures';
import { stubPushManager } from './push-stand-in';

// The alerts step subscribes through the real service worker (with the push stand-in).
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

/** A son's own phone: push allowed, the push stand-in in place, nobody signed in. */
async function newPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
  await context.grantPermissions(['notifications']);
  await context.addInitScript(stubPushManager);
  return { context, page: await context.newPage() };
}

test('a new person joins from a signed-out link in one pass and lands on the caregiver Home', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInWithProfile(page, 'Asha Rao');
  await postRecord(page, '/api/medications', {
    name: 'Metformin',
    dosage: '500 mg',
    form: 'Tablet',
    color: '#FF6B6B',
    schedule: { frequency: 'daily', times: ['08:00', '20:00'], start_date: kolkataDate(0) },
    refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
  });
  await postRecord(page, '/api/health/glucose', { value: 143, date: kolkataDate(0), time: '00:00' });
  const asha = await (await page.request.get('/api/users/me')).json();
  const invitation = await page.request.post('/api/care/invitations', {
    headers: { origin: baseURL! },
    data: { role: 'family', can_mark_taken: true },
  });
  const joinPath = new URL((await invitation.json()).url).pathname;

  const { context, page: ravi } = await newPhone(browser);
  // Signed out: who invites, as what, what they share, and a way to sign in.
  await ravi.goto(joinPath);
  await expect(ravi.getByText('Asha Rao invites you to their care circle as a family member.')).toBeVisible();
  await expect(ravi.getByRole('listitem').filter({ hasText: 'Blood sugar' })).toBeVisible();
  // The mark-taken right is named, and nothing says they cannot change her data.
  await expect(ravi.getByText('You may also mark their doses as taken; they will see who marked them.')).toBeVisible();
  await expect(ravi.getByText(/cannot change their data/)).toHaveCount(0);
  // The expiry as every care view shows a time: '6 Dec, 02:12', no year, no 'am'.
  await expect(ravi.getByText(/^This invitation works until \d{1,2} \w{3}, \d\d:\d\d\.$/)).toBeVisible();
  await expect(ravi.getByText('You do not need a health profile of your own to join.')).toBeVisible();
  await expect(ravi.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await screenshot(ravi, 'care-join-signed-out');
  await expectAccessible(ravi, 'care join signed out');

  // Sign-in (local) comes back to the join screen, not to profile setup.
  await ravi.getByRole('link', { name: 'Sign in to accept' }).click();
  await expect(ravi).toHaveTitle(/Local sign-in/);
  const email = uniqueEmail('ravi');
  await ravi.getByLabel('Name').fill('Ravi Rao');
  await ravi.getByLabel('Email').fill(email);
  await ravi.getByRole('button', { name: 'Sign in' }).click();
  await ravi.waitForURL((url) => url.pathname === joinPath);
  await expect(ravi.getByText('Asha Rao invites you to their care circle as a family member.')).toBeVisible();
  await ravi.getByRole('button', { name: 'Accept' }).click();

  // The alerts step: push through the browser's permission and the push stand-in; e-mail offered.
  const step = ravi.getByRole('region', { name: 'Get alerts for Asha Rao on this phone' });
  await expect(step).toBeVisible();
  await expect(ravi.getByText('You joined Asha Rao’s care circle.')).toBeVisible();
  await expect(step.getByRole('switch', { name: `E-mail to ${email}` })).toBeVisible();
  await expect(step.getByText('WhatsApp')).toHaveCount(0);
  await expect(step.getByText(/Notifications are blocked/)).toHaveCount(0);
  await screenshot(ravi, 'care-join-alerts-step');
  await expectAccessible(ravi, 'care join alerts step');
  const subscribed = ravi.waitForResponse((r) => r.url().endsWith('/api/push/subscribe'));
  await step.getByRole('button', { name: 'Turn on alerts on this phone' }).click();
  expect((await subscribed).status()).toBe(201);
  await expect(step.getByText('Alerts are on for this phone.')).toBeVisible();
  // The server now counts this phone for care alerts.
  await expect(async () => {
    const channels = await (await ravi.request.get('/api/notifications/channels')).json();
    expect(channels.channels.push.available).toBe(true);
    expect(channels.choices.care_alert.push).toBe(true);
  }).toPass({ timeout: 5000 });
  await step.getByRole('button', { name: 'Continue' }).click();

  // The caregiver Home: Asha's latest figures, no profile asked, no diabetes Home of his own.
  await ravi.waitForURL(/\/home$/);
  const people = ravi.getByRole('region', { name: 'People you care for' });
  await expect(people.getByRole('heading', { name: 'Asha Rao' })).toBeVisible();
  await expect(people).toContainText('143 mg/dL');
  await expect(ravi.getByRole('link', { name: 'Start tracking my own health' })).toBeVisible();
  await expect(ravi.getByRole('heading', { name: 'Complete Your Profile' })).toHaveCount(0);
  const ownNav = ravi.getByRole('navigation', { name: 'Main' });
  await expect(ownNav.getByRole('link')).toHaveText(['Home', 'Profile']);
  await screenshot(ravi, 'care-caregiver-home');
  await expectAccessible(ravi, 'caregiver home');

  // Viewing Asha, the bottom navigation stays on her: her medicines, not his own empty list.
  await people.getByRole('link', { name: 'Open Asha Rao’s page' }).click();
  await ravi.waitForURL(`**/care/patients/${asha.id}`);
  const herNav = ravi.getByRole('navigation', { name: 'Asha Rao’s pages' });
  await expect(herNav.getByRole('link')).toHaveText(['Home', 'Meds', 'Reports', 'Me']);
  await herNav.getByRole('link', { name: 'Meds', exact: true }).click();
  await ravi.waitForURL(`**/care/patients/${asha.id}/medications`);
  await expect(ravi.getByRole('heading', { name: 'Asha Rao’s medicines' })).toBeVisible();
  await expect(ravi.getByRole('heading', { name: 'Metformin' })).toBeVisible();
  await expect(ravi.getByText('Daily at 08:00, 20:00')).toBeVisible();
  await expect(herNav.getByRole('link', { name: 'Meds', exact: true })).toHaveAttribute('aria-current', 'page');
  await screenshot(ravi, 'care-patient-medications');
  await expectAccessible(ravi, 'care patient medications');
  await herNav.getByRole('link', { name: 'Me', exact: true }).click();
  await ravi.waitForURL(/\/home$/);
  await expect(ravi.getByRole('region', { name: 'People you care for' })).toBeVisible();

  // His short profile: name and phone; no circle of his own, no imports.
  await ravi.goto('/profile');
  await expect(ravi.getByLabel('Full Name')).toHaveValue('Ravi Rao');
  await expect(ravi.getByRole('link', { name: 'Start tracking my own health' })).toBeVisible();
  await expect(ravi.getByRole('heading', { name: 'Care circle' })).toHaveCount(0);
  await context.close();
});

test('the signed-out join screen in Hindi at 360 px names the inviter and the way to sign in', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInWithProfile(page, 'Asha Rao');
  const invitation = await page.request.post('/api/care/invitations', {
    headers: { origin: baseURL! },
    data: { role: 'family' },
  });
  const { context, page: ravi } = await newPhone(browser);
  await ravi.setViewportSize({ width: 360, height: 780 });
  await ravi.goto(new URL((await invitation.json()).url).pathname);
  await ravi.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
  await expect(ravi.getByText('Asha Rao आपको अपने देखभाल समूह में परिवार के सदस्य के रूप में आमंत्रित कर रहे हैं।')).toBeVisible();
  await expect(ravi.getByRole('link', { name: 'साइन इन करके स्वीकार करें' })).toBeVisible();
  await expect(ravi.getByText('जुड़ने के लिए आपको अपनी सेहत की प्रोफ़ाइल बनाने की ज़रूरत नहीं है।')).toBeVisible();
  expect(await ravi.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(ravi, 'care-join-signed-out-hi-360');
  await expectAccessible(ravi, 'care join signed out, Hindi');
  await context.close();
});
