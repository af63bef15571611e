/**
 * Issue 6, front end: Home's push bell, the install prompt on an Android phone, the service
 * worker (app shell offline, the notification's 'Take' action) and the Profile toggles saved
 * on the server.
 *
 * Chromium's real push service is out of reach here, so the bell tests replace
 * PushManager.subscribe/getSubscription in the test page only, with a subscription on a host
 * in the default PUSH_SERVICE_HOSTS; everything else (permission, the server's VAPID key,
 * POST /api/push/subscribe and /unsubscribe, the toasts) is real.
 */
import { devices, expect, test, type Page } from '@playwright/test';
import {
  completeProfile,
  pressNotificationAction,
  screenshot,
  signIn,
  signInWithProfile,
  uniqueEmail,
} from './fixtures';
import { expectAccessible } from './a11y';

const PORT = Number(process.env.E2E_PORT ?? 3107);

/** Replaces the browser's push subscription with a fake one kept in sessionStorage. */
function stubPushManager(): void {
  const b64url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  // A real-looking uncompressed P-256 point (0x04 + 64 bytes) and a 16-byte auth secret.
  const p256dh = new Uint8Array(65);
  p256dh[0] = 0x04;
  crypto.getRandomValues(p256dh.subarray(1));
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const storeKey = 'e2e-fake-push-endpoint';
  const fake = (endpoint: string) => ({
    endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    getKey: () => null,
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: b64url(p256dh), auth: b64url(auth) } }),
    unsubscribe: async () => {
      sessionStorage.removeItem(storeKey);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function () {
    const endpoint = sessionStorage.getItem(storeKey);
    return (endpoint ? fake(endpoint) : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey as Uint8Array | undefined;
    (window as unknown as { e2eSubscribe: unknown }).e2eSubscribe = {
      userVisibleOnly: options?.userVisibleOnly,
      keyBytes: key?.byteLength,
      keyFirstByte: key?.[0],
    };
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`;
    sessionStorage.setItem(storeKey, endpoint);
    return fake(endpoint) as unknown as PushSubscription;
  };
}

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
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/push/subscribe'));
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

test.describe('install prompt on an Android phone', () => {
  // The prompt never appears by itself on `localhost`, so this
  // phone opens the app on 127.0.0.1, which the server accepts as its own origin.
  test.use({
    baseURL: `http://127.0.0.1:${PORT}`,
    userAgent: devices['Pixel 7'].userAgent,
    isMobile: true,
    hasTouch: true,
    viewport: { width: 390, height: 844 },
  });

  const banner = (page: Page) => page.getByRole('region', { name: 'Install DiaCare' });

  test('the banner offers instructions, Later hides it for good, and a native offer shows Install Now', async ({
    page,
  }) => {
    await signInWithProfile(page, 'Lata Iyer');

    // It appears 3 s after load without a native install offer.
    await page.reload();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('heading', { name: 'Install DiaCare' })).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Install Now' })).toHaveCount(0);
    await screenshot(page, 'home-install-banner');
    await expectAccessible(page, 'home-install-banner');

    // It sits above the bottom navigation.
    const bannerBox = (await banner(page).boundingBox())!;
    const navBox = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
    expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(navBox.y);

    await banner(page).getByRole('button', { name: 'Show Instructions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install DiaCare' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('On Android (Chrome)')).toBeVisible();
    await expect(dialog.getByText('Tap the Menu (⋮)')).toBeVisible();
    await expect(dialog.getByText('Tap “Add to Home Screen” or “Install app”')).toBeVisible();
    await expect(dialog.getByText('Tap “Add” or “Install”')).toBeVisible();
    await expect(dialog.getByText('On iPhone or iPad (Safari)')).toBeVisible();
    await expect(dialog.getByText('Open this app in Chrome on mobile', { exact: false })).toBeVisible();
    await screenshot(page, 'home-install-instructions');
    await expectAccessible(page, 'home-install-instructions');
    await dialog.getByRole('button', { name: 'Got it!' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner(page)).toBeVisible();

    await banner(page).getByRole('button', { name: 'Later' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('pwa-install-dismissed'))).toBe('true');

    // Still hidden after a reload, well past the 3-s delay.
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Hi / })).toBeVisible();
    await page.waitForFunction(() => performance.now() > 5000);
    await expect(banner(page)).toHaveCount(0);

    // A native install offer shows 'Install Now' at once; accepting hides the banner.
    await page.evaluate(() => localStorage.removeItem('pwa-install-dismissed'));
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Hi / })).toBeVisible();
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
      offer.prompt = async () => {
        (window as unknown as { e2ePrompted: boolean }).e2ePrompted = true;
      };
      offer.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
      window.dispatchEvent(offer);
    });
    await expect(banner(page).getByRole('button', { name: 'Install Now' })).toBeVisible();
    await banner(page).getByRole('button', { name: 'Install Now' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { e2ePrompted?: boolean }).e2ePrompted)).toBe(true);
  });
});

test.describe('service worker and manifest', () => {
  test('the manifest and icons are served, and the worker controls the page', async ({ page }) => {
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = (await manifest.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(body).toMatchObject({ name: 'DiaCare', start_url: '/home', display: 'standalone' });
    expect(body.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')).toBe(true);
    for (const icon of [...body.icons.map((i) => i.src), '/apple-touch-icon.png']) {
      const response = await page.request.get(icon);
      expect(response.status(), icon).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
    }
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-type']).toContain('javascript');

    await signInWithProfile(page, 'Anil Kumar');
    const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(scriptUrl).toBe(new URL('/sw.js', page.url()).href);
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Hi / })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(scriptUrl);
  });

  test('the app shell opens offline', async ({ page, context }) => {
    await signInWithProfile(page, 'Geeta Pillai');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.goto('/medications');
    // index.html and the assets come from the worker's precache: the app itself renders
    // (not the browser's offline page), and being offline does not sign the user out.
    await expect(page.getByRole('heading', { name: 'My Medications' })).toBeVisible();
    expect(await page.title()).toBe('DiaCare');
    await screenshot(page, 'offline-app-shell');
    await expectAccessible(page, 'offline-app-shell');
    await context.setOffline(false);
  });

  test("the notification's Take action records the dose through the API", async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await signInWithProfile(page, 'Sunita Menon');
    const today = await page.evaluate(async () => {
      const response = await fetch('/api/medications', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Glimepiride',
          dosage: '2 mg',
          form: 'Tablet',
          instructions: '',
          color: '#FF6B6B',
          schedule: { frequency: 'daily', times: ['08:00'], start_date: '2020-01-01', end_date: null },
          refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
        }),
      });
      return { status: response.status, medication: (await response.json()) as { id: string } };
    });
    expect(today.status).toBe(201);
    await page.evaluate(async () => navigator.serviceWorker.ready);
    const [worker] = context.serviceWorkers();
    expect(worker).toBeDefined();

    // Show the reminder the way a push would, then press its 'Take' action.
    // Today in the user's zone (the browser's at sign-in: Asia/Kolkata in playwright.config.ts).
    const date = await page.evaluate(() =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
    );
    const medicationId = today.medication.id;
    await pressNotificationAction(
      worker!,
      {
        reminder_id: crypto.randomUUID(),
        kind: 'dose',
        title: 'Time for Glimepiride',
        body: 'Glimepiride 2 mg at 08:00',
        tag: `dose-${medicationId}-${date}-08:00`,
        url: '/home',
        dose: {
          medication_id: medicationId,
          medication_name: 'Glimepiride',
          dosage: '2 mg',
          date,
          scheduled_time: '08:00',
        },
      },
      'take',
    );

    await expect
      .poll(() =>
        page.evaluate(async () => {
          const response = await fetch('/api/adherence');
          return ((await response.json()) as { status: string; scheduled_time: string }[]).map(
            (r) => `${r.scheduled_time} ${r.status}`,
          );
        }),
      )
      .toEqual(['08:00 taken']);
    await page.reload();
    await expect(page.getByRole('img', { name: 'Glimepiride 08:00 taken' })).toBeVisible();
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
  // Spec §3 defaults.
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
  await screenshot(page, 'profile-notifications');
  await expectAccessible(page, 'profile-notifications');
});
