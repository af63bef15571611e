/**
 * A screen whose code cannot load (offline before the service worker holds it, or replaced by a
 * deploy) says so with 'Try again' instead of leaving an empty page; trying again once the code
 * can load shows the screen. Code that arrives but fails gets 'This screen could not be shown.'
 * (decision 065).
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { manifest } from './build-manifest';
import { screenshot, signInWithProfile } from './fixtures';

const reportsChunk = `/${manifest['src/app/routes/reports.tsx']!.file}`;

test("a screen whose code cannot load says so, and 'Try again' shows it once it can", async ({ page }) => {
  await signInWithProfile(page, 'Divya Menon');
  let refused = 0;
  await page.route(`**${reportsChunk}`, (route) => {
    refused += 1;
    return route.abort('internetdisconnected');
  });
  await page.getByRole('link', { name: 'Reports' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Cannot reach DiaCare' });
  await expect(failure).toHaveText(/Cannot reach DiaCare\. Check your connection and try again\./);
  await expect(failure.locator('svg.lucide-wifi-off')).toHaveCount(1);
  expect(refused).toBeGreaterThan(0);
  await expectAccessible(page, 'screen that could not load');

  // Still unreachable: trying again asks again and says so again.
  const before = refused;
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(failure).toBeVisible();
  await expect.poll(() => refused).toBeGreaterThan(before);

  // Another screen is never held by the failure: 'Go to Home' opens Home.
  await failure.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page.getByRole('heading', { name: 'Hi Divya!' })).toBeVisible();

  // Coming back to the screen loads its code again (and it is still refused).
  const beforeReturn = refused;
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(failure).toBeVisible();
  await expect.poll(() => refused).toBeGreaterThan(beforeReturn);
  await page.unroute(`**${reportsChunk}`);
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Health Reports' })).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('a screen whose code arrives but fails says it could not be shown, without the offline sign', async ({ page }) => {
  await signInWithProfile(page, 'Rohan Das');
  // A broken deploy: the chunk downloads, and its evaluation throws.
  await page.route(`**${reportsChunk}`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("broken build");' }),
  );
  await page.getByRole('link', { name: 'Reports' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'This screen could not be shown.' });
  await expect(failure).toBeVisible();
  await expect(failure.locator('svg.lucide-circle-alert')).toHaveCount(1);
  await expect(failure.locator('svg.lucide-wifi-off')).toHaveCount(0);
  await screenshot(page, 'screen-could-not-be-shown');
  await failure.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page.getByRole('heading', { name: 'Hi Rohan!' })).toBeVisible();
});
