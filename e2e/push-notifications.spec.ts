/**
 * Push notifications: the bell on Home subscribes and lets go (also across users on one browser),
 * the notification's Snooze action, and Profile's notification toggles.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  completeProfile,
  pressNotificationAction,
  screenshot,
  signIn,
  signInWithProfile,
  uniqueEmail,
} from './fixtures';
import { expectAccessible } from './a11y';
import { stubPushManager } from './push-stand-in';

// Goes offline or uses pushes: this file keeps the service worker the config blocks.
test.use({ serviceWorkers: 'allow' });

const bell = (page: Page) => page.getByRole('button', { name: 'Push notifications' });

test.describe('push bell on Home', () => {
  test('with permission granted, the bell subscribes, registers with the server and turns off again', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['notifications']);
    await page.addInitScript(stubPushManager);
    await signInWithProfile(page, 'Kiran Das');

    await expect(bell(page)).toBeVisible();
    await expect(bell(page)).toHaveAttribute('aria-pressed', 'false');

    const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/push/subscribe'));
    await bell(page).click();
    // The server accepted and stored it (201) …
    expect((await subscribed).status()).toBe(201);
    await expect(page.getByText('Success!', { exact: true })).toBeVisible();
    await expect(page.getByText('Push notifications enabled successfully.', { exact: true })).toBeVisible();
    await expect(bell(page)).toHaveAttribute('aria-pressed', 'true');
    // … with the server's real VAPID key: 65 bytes, uncompressed P-256.
    expect(await page.evaluate(() => (window as unknown as { e2eSubscribe: unknown }).e2eSubscribe)).toEqual({
      userVisibleOnly: true,
      keyBytes: 65,
      keyFirstByte: 4,
    });

    // The state follows the browser's subscription after a reload.
    await page.reload();
    await expect(bell(page)).toHaveAttribute('aria-pressed', 'true');
    await screenshot(page, 'home-bell-on');
    await expectAccessible(page, 'home-bell-on');

    const unsubscribed = page.waitForResponse((r) => r.url().endsWith('/api/push/unsubscribe'));
    await bell(page).click();
    expect((await unsubscribed).status()).toBe(200);
    await expect(page.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(page.getByText('Push notifications have been disabled.', { exact: true })).toBeVisible();
    await expect(bell(page)).toHaveAttribute('aria-pressed', 'false');
  });

  test('signing out stops this device receiving the signed-out user’s reminders', async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await page.addInitScript(stubPushManager);
    await signInWithProfile(page, 'Farah Khan');
    await bell(page).click();
    await expect(bell(page)).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/profile');
    const unsubscribed = page.waitForResponse((r) => r.url().endsWith('/api/push/unsubscribe'));
    await page.getByRole('button', { name: 'Sign Out' }).click();
    expect((await unsubscribed).status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-fake-push-endpoint'))).toBeNull();
  });

  test('a browser still subscribed for someone else is let go, and the new user subscribes afresh', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['notifications']);
    await page.addInitScript(stubPushManager);
    await signInWithProfile(page, 'Meera Pillai');
    await bell(page).click();
    await expect(bell(page)).toHaveAttribute('aria-pressed', 'true');
    const first = await page.evaluate(() => sessionStorage.getItem('e2e-fake-push-endpoint'));

    // Meera's session ends without signing out (it expired): the browser keeps her subscription.
    await context.clearCookies();
    // Meera's page may still post its subscription without a session (401): Arjun's answer counts.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/push/subscribe') && r.status() !== 401);
    await signIn(page, { name: 'Arjun Menon', email: uniqueEmail('arjun') });
    // This browser may remember that its last user completed the profile, and go straight Home.
    if (page.url().endsWith('/profile-setup')) await completeProfile(page);
    // The server keeps the endpoint Meera's (409, decision 013); the browser drops it …
    expect((await refused).status()).toBe(409);
    await expect(bell(page)).toHaveAttribute('aria-pressed', 'false');
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-fake-push-endpoint'))).toBeNull();

    // … and Arjun turns reminders on with a subscription of his own.
    const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/push/subscribe'));
    await bell(page).click();
    expect((await subscribed).status()).toBe(201);
    await expect(bell(page)).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-fake-push-endpoint'))).not.toBe(first);
  });

  test('without permission, the bell says so and stays off', async ({ page, context }) => {
    await context.clearPermissions();
    await page.addInitScript(stubPushManager);
    await signInWithProfile(page, 'Ravi Nair');

    await bell(page).click();
    await expect(page.getByText('Permission Denied', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Please enable notifications in your browser settings.', { exact: true }),
    ).toBeVisible();
    await expect(bell(page)).toHaveAttribute('aria-pressed', 'false');
    await screenshot(page, 'home-bell-permission-denied');
    await expectAccessible(page, 'home-bell-permission-denied');
  });
});

test("the notification's Snooze 10 min action asks the server for a reminder in 10 minutes", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await signInWithProfile(page, 'Farah Khan');
  // A reminder of the user's own stands in for the one that was pushed.
  const original = await page.evaluate(async () => {
    const response = await fetch('/api/reminders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: 'Check glucose',
        body: 'Before lunch',
        due_at: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    });
    return (await response.json()) as { id: string };
  });
  await page.evaluate(async () => navigator.serviceWorker.ready);
  const [worker] = context.serviceWorkers();
  const pressed = Date.now();
  await pressNotificationAction(
    worker!,
    {
      reminder_id: original.id,
      kind: 'custom',
      title: 'Check glucose',
      body: 'Before lunch',
      tag: `r-${original.id}`,
      url: '/home',
      dose: null,
    },
    'snooze',
  );

  await expect
    .poll(() =>
      page.evaluate(async () => {
        const response = await fetch('/api/reminders');
        return ((await response.json()) as { title: string; due_at: string }[]).filter(
          (r) => r.title === 'Check glucose',
        ).length;
      }),
    )
    .toBe(2);
  const reminders = await page.evaluate(async () => {
    const response = await fetch('/api/reminders');
    return (await response.json()) as { id: string; due_at: string }[];
  });
  const copy = reminders.find((r) => r.id !== original.id)!;
  const dueIn = new Date(copy.due_at).getTime() - pressed;
  expect(dueIn).toBeGreaterThan(9 * 60_000);
  expect(dueIn).toBeLessThanOrEqual(10 * 60_000 + 60_000);
});

test('Profile notification toggles are saved on the server; e-mail is a real switch, on by default', async ({
  page,
}) => {
  await signInWithProfile(page, 'Meena Joshi');
  await page.goto('/profile');
  const medication = page.getByRole('switch', { name: 'Medication Reminders' });
  const appointments = page.getByRole('switch', { name: 'Appointment Reminders' });
  // The defaults (docs/product.md, Profile).
  await expect(medication).toBeChecked();
  await expect(appointments).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Push Notifications' })).toBeChecked();
  await expect(medication).toBeEnabled();

  // The journeys' server has mail settings: e-mail is a real switch (channels.spec.ts has more).
  const email = page.getByRole('switch', { name: 'Email Notifications' });
  await expect(email).toBeEnabled();
  await expect(email).toBeChecked();
  // Health tips are real (a weekly push), off by default and can be turned on.
  const tips = page.getByRole('switch', { name: 'Health Tips' });
  await expect(tips).toBeEnabled();
  await expect(tips).not.toBeChecked();
  const savedTips = page.waitForResponse(
    (r) => r.url().endsWith('/api/settings/notifications') && r.request().method() === 'PUT',
  );
  await tips.click();
  expect((await savedTips).status()).toBe(200);
  await expect(tips).toBeChecked();
  // The after-meal check (a push 2 hours after a logged meal) is off by default too.
  const afterMeal = page.getByRole('switch', { name: 'After-meal check', exact: true });
  await expect(afterMeal).not.toBeChecked();
  const savedAfterMeal = page.waitForResponse(
    (r) => r.url().endsWith('/api/settings/notifications') && r.request().method() === 'PUT',
  );
  await afterMeal.click();
  expect((await savedAfterMeal).status()).toBe(200);
  await expect(afterMeal).toBeChecked();

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/settings/notifications') && r.request().method() === 'PUT',
  );
  await medication.click();
  expect((await saved).status()).toBe(200);
  await expect(medication).not.toBeChecked();
  const savedAppointments = page.waitForResponse(
    (r) => r.url().endsWith('/api/settings/notifications') && r.request().method() === 'PUT',
  );
  await appointments.click();
  expect((await savedAppointments).status()).toBe(200);
  await expect(appointments).not.toBeChecked();

  await page.reload();
  await expect(medication).toBeEnabled();
  await expect(medication).not.toBeChecked();
  await expect(appointments).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Push Notifications' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Health Tips' })).toBeChecked();
  await expect(afterMeal).toBeChecked();
  await screenshot(page, 'profile-notifications');
  await expectAccessible(page, 'profile-notifications');
});
