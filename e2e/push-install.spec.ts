/**
 * The install prompt on an Android phone and the service worker: manifest and icons, the app
 * shell offline, and the notification's 'Take' action. The push bell and notification toggles
 * are in push-notifications.spec.ts.
 */
import { devices, expect, test, type Page } from '@playwright/test';
import { pressNotificationAction, screenshot, signInWithProfile } from './fixtures';
import { expectAccessible } from './a11y';

// Goes offline or uses pushes: this file keeps the service worker the config blocks.
test.use({ serviceWorkers: 'allow' });

const PORT = Number(process.env.E2E_PORT ?? 3107);

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
