/**
 * /faq lists the assistant's cited articles, searchable in the user's language: an English search and
 * article from the keyboard, the empty state, a Devanagari search in Hindi, and offline filtering.
 * Decision 040.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { screenshot, signInWithProfile } from './fixtures';

// Goes offline or uses pushes: this file keeps the service worker the config blocks.
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: { width: 390, height: 844 } });

const articles = (page: Page) => page.getByRole('list', { name: /FAQ|अक्सर पूछे जाने वाले सवाल/ }).getByRole('listitem');
const search = (page: Page, text: string, answered = true) =>
  Promise.all([
    answered
      ? page.waitForResponse((r) => r.url().includes('/api/faq?q=') && r.status() === 200)
      : Promise.resolve(null),
    page.getByRole('searchbox').fill(text),
  ]);

test('FAQ: search “mango”, open the article with the keyboard, see its source; nothing found says so', async ({
  page,
  context,
}) => {
  await signInWithProfile(page, 'Farah Khan');
  await page.goto('/profile');
  await page.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
  await expect(articles(page).first()).toBeVisible();
  expect(await articles(page).count()).toBeGreaterThanOrEqual(30);
  await expect(page.getByRole('status').filter({ hasText: /articles$/ })).toHaveText(/^\d+ articles$/);
  await expectAccessible(page, 'faq');
  await screenshot(page, 'faq-list');

  await search(page, 'mango');
  const fruits = page.getByRole('button', { name: 'Fruits: mango, banana and others' });
  await expect(articles(page).first().getByRole('button')).toHaveAccessibleName('Fruits: mango, banana and others');
  // The passage that answers shows under the title before the article is opened.
  await expect(articles(page).first()).toContainText('Mango can be eaten in a small portion');
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toContainText('“mango”');
  await fruits.focus();
  await page.keyboard.press('Enter');
  await expect(fruits).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator(`#${await fruits.getAttribute('aria-controls')}`);
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Yes, people with diabetes can eat fruit.');
  await expect(panel).toContainText(/Source: ICMR Guidelines for Management of Type 2 Diabetes 2018/);
  await expect(panel).toContainText(/Reviewed \d{1,2} \w{3} \d{4}/);
  await expectAccessible(page, 'faq-open');
  await screenshot(page, 'faq-mango-open');
  // A 360 px phone: nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, 'faq-mango-open-360');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.keyboard.press('Enter');
  await expect(fruits).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();

  await search(page, 'chawal');
  await expect(articles(page).first().getByRole('button')).toHaveAccessibleName('Rice and rotis');

  await search(page, 'qwxzvbnm');
  await expect(page.getByText('No article matches “qwxzvbnm”.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask the AI assistant' })).toHaveAttribute('href', '/chat');
  await screenshot(page, 'faq-empty');

  // Offline: the list fetched online is filtered on the device.
  await page.getByRole('searchbox').fill('');
  await expect(articles(page).first()).toBeVisible();
  await context.setOffline(true);
  await search(page, 'banana', false);
  await expect(page.getByText('Offline: searching the saved articles for these exact words.')).toBeVisible();
  await expect(articles(page).first().getByRole('button')).toHaveAccessibleName('Fruits: mango, banana and others');
  await context.setOffline(false);
});

test('FAQ in Hindi: Hindi articles, searched in Devanagari, opened with their source', async ({ page }) => {
  await signInWithProfile(page, 'Meena Joshi');
  const origin = new URL(page.url()).origin;
  const saved = await page.request.put('/api/users/me', { data: { language: 'hi' }, headers: { origin } });
  expect(saved.status()).toBe(200);
  await page.goto('/faq');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1, name: 'अक्सर पूछे जाने वाले सवाल' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'लेखों में खोजें' })).toBeVisible();
  await expect(articles(page).first()).toBeVisible();
  expect(await articles(page).count()).toBeGreaterThanOrEqual(30);

  await search(page, 'क्या मैं आम खा सकता हूँ');
  const fruits = page.getByRole('button', { name: 'फल: आम, केला और दूसरे फल' });
  await expect(articles(page).first().getByRole('button')).toHaveAccessibleName('फल: आम, केला और दूसरे फल');
  await expect(articles(page).first()).toContainText('आम थोड़ी मात्रा में खाया जा सकता है');
  await fruits.click();
  await expect(fruits).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator(`#${await fruits.getAttribute('aria-controls')}`);
  await expect(panel).toContainText(/स्रोत: ICMR Guidelines/);
  await expect(panel).toContainText('हाँ, डायबिटीज़ में फल खा सकते हैं।');
  await expectAccessible(page, 'faq (hi)');
  await screenshot(page, 'faq-hi-mango-open');

  await search(page, 'नींद');
  await expect(articles(page).first().getByRole('button')).toHaveAccessibleName('नींद');
});
