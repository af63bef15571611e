/**
 * Quick switching between English and हिन्दी on Profile ends in the language pressed last, on
 * screen and in the profile, however answers and catalog loads interleave. The service worker is
 * blocked so the page's own requests can be held. Decision 035.
 */
import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import { signInWithProfile } from './fixtures';

const ENGLISH_TITLE = 'Profile & Settings';
const HINDI_TITLE = 'प्रोफ़ाइल और सेटिंग्स';

/** Profile, signed in, in English, with every change of `<html lang>` recorded in order. */
async function openProfile(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signInWithProfile(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: ENGLISH_TITLE })).toBeVisible();
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { langChanges: string[] }).langChanges = seen;
    new MutationObserver(() => seen.push(document.documentElement.lang)).observe(document.documentElement, {
      attributeFilter: ['lang'],
    });
  });
  return page;
}

const langChanges = (page: Page) => page.evaluate(() => (window as unknown as { langChanges: string[] }).langChanges);

const languageButton = (page: Page, name: 'English' | 'हिन्दी') =>
  page.getByRole('group', { name: 'Language' }).getByRole('button', { name });

/** The signed-in user's `language` as the server has it. */
async function savedLanguage(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/me');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { language: string }).language;
}

/** Lets the page run what a settled request set off (renders, effects, a switch) before looking. */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 750)));

test("an earlier save's answer, arriving after the next press, does not switch the screen back", async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await openProfile(context);
  // Each language save waits here until the test lets it through.
  const held: Route[] = [];
  await page.route('**/api/users/me', (route) =>
    route.request().method() === 'PUT' ? void held.push(route) : route.continue(),
  );

  await languageButton(page, 'हिन्दी').click();
  await expect(page.getByRole('heading', { name: HINDI_TITLE })).toBeVisible();
  await expect.poll(() => held.length).toBe(1);
  await page.getByRole('group', { name: 'भाषा' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: ENGLISH_TITLE })).toBeVisible();

  // The Hindi save goes through; its answer (language: hi) comes back after English was pressed.
  await held[0]!.continue();
  await expect.poll(() => held.length).toBe(2); // the English save, sent after it, waits
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: ENGLISH_TITLE })).toBeVisible();

  await held[1]!.continue();
  await expect.poll(() => savedLanguage(page)).toBe('en');
  await settle(page);
  expect(await langChanges(page)).toEqual(['hi', 'en']);

  await page.unroute('**/api/users/me');
  await page.reload();
  await expect(page.getByRole('heading', { name: ENGLISH_TITLE })).toBeVisible();
  await context.close();
});

test('a press overtaken while its texts load is neither shown nor saved', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  // The Hindi catalogs (script chunks full of Devanagari; the app's own chunks hold a word or
  // two at most) wait here until the test lets them through.
  let holding = true;
  const held: Array<() => Promise<void>> = [];
  await context.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const devanagari = body.match(/[\u0900-\u097F]/g)?.length ?? 0;
    if (holding && devanagari > 200) held.push(() => route.fulfill({ response, body }));
    else await route.fulfill({ response, body });
  });
  const page = await openProfile(context);
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/api/users/me')) saves.push(request.postData() ?? '');
  });

  // हिन्दी is pressed while its texts are still on the way; English is pressed before they arrive.
  await languageButton(page, 'हिन्दी').click();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await languageButton(page, 'English').click();
  holding = false;
  await Promise.all(held.map((release) => release()));
  await settle(page);

  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: ENGLISH_TITLE })).toBeVisible();
  expect(saves.some((body) => body.includes('"hi"'))).toBe(false);
  expect(await savedLanguage(page)).toBe('en');

  // The texts are here now: a press of हिन्दी applies and saves as before.
  await languageButton(page, 'हिन्दी').click();
  await expect(page.getByRole('heading', { name: HINDI_TITLE })).toBeVisible();
  await expect.poll(() => savedLanguage(page)).toBe('hi');
  // A chunk the page still fetches (an idle preload) may be mid-route now: let it go unanswered.
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();
});
