/**
 * Nightscout import: Profile → 'Import readings' → the site's address and a token; a local
 * stand-in serves the entries (never the internet). A refused token says so; the right one
 * previews, adds, and the import can be undone.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { screenshot, signInWithProfile } from './fixtures';

const TOKEN = 'e2e-readable-1a2b3c4d';

test('read a Nightscout site: a refused token, then preview, add and undo', async ({ page }) => {
  const newest = Date.now() - 10 * 60_000;
  const entries = Array.from({ length: 12 }, (_, index) => ({
    type: 'sgv',
    sgv: 110 + index,
    date: newest - index * 300_000,
    device: 'xDrip-e2e',
  }));
  const site = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://stand-in').searchParams;
    if (query.get('token') !== TOKEN) {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"status":401}');
      return;
    }
    const gte = Number(query.get('find[date][$gte]') ?? 0);
    const lte = Number(query.get('find[date][$lte]') ?? Number.MAX_SAFE_INTEGER);
    const page = entries.filter((e) => e.date >= gte && e.date <= lte).slice(0, Number(query.get('count') ?? 10));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  try {
    await signInWithProfile(page, 'Neha Kapoor');
    await page.goto('/profile');
    const section = page.getByTestId('import-readings');
    const form = section.getByTestId('nightscout-import');
    await form.getByLabel('Nightscout site address').fill(url);
    await form.getByLabel('Access token').fill('wrong-token');
    await form.getByRole('button', { name: 'Read from Nightscout' }).click();
    await expect(section.getByRole('alert')).toContainText('the token was refused');

    await form.getByLabel('Access token').fill(TOKEN);
    await form.getByRole('button', { name: 'Read from Nightscout' }).click();
    const preview = section.getByTestId('import-preview');
    await expect(preview).toContainText('Nightscout');
    await expect(preview).toContainText('12 new readings');
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'import-nightscout-preview');
    await expectAccessible(page, 'import-nightscout-preview');
    await preview.getByRole('button', { name: 'Add readings' }).click();
    await expect(page.getByText('Added 12 readings', { exact: true })).toBeVisible();
    await section.getByRole('button', { name: /^Undo the Nightscout import of / }).click();
    await expect(page.getByText('Import removed', { exact: true })).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => site.close(() => resolve()));
  }
});
