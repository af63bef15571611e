/**
 * The fonts warmed while the app downloads (decision 070) are those its first screens use: every
 * text style on the landing page and on each screen a person opens directly, with a medicine,
 * readings and an appointment on them, is one of FIRST_SCREEN_TEXT_STYLES.
 */
import { expect, test, type Page } from '@playwright/test';
import { FIRST_SCREEN_TEXT_STYLES } from '../apps/web/src/lib/fonts/first-screen-fonts';
import { addRecordsForEveryScreen, signInWithProfile } from './fixtures';

/** The routes the Lighthouse bench opens cold, signed in. */
const SCREENS = [
  '/home',
  '/reports',
  '/reports/history/glucose',
  '/medications',
  '/medications/add',
  '/booking',
  '/chat',
  '/faq',
  '/profile',
];

/**
 * The text styles of the page's laid-out Latin text, as 'weight/size' ('600/14px'): the fonts its
 * layout looks up. Devanagari ('हिन्दी' on the landing page and Profile) has a face of its own.
 */
function textStylesOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const styles = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim();
      if (!element || !text || /[\u0900-\u097F]/.test(text) || element.getClientRects().length === 0) continue;
      const { fontWeight, fontSize } = getComputedStyle(element);
      styles.add(`${fontWeight}/${fontSize}`);
    }
    return [...styles];
  });
}

/** The same for FIRST_SCREEN_TEXT_STYLES, laid out in the page (its classes resolved by its CSS). */
function warmedTextStyles(page: Page): Promise<string[]> {
  return page.evaluate((warmed) => {
    return warmed.map((className) => {
      const line = document.createElement('span');
      line.className = className;
      document.body.append(line);
      const { fontWeight, fontSize } = getComputedStyle(line);
      line.remove();
      return `${fontWeight}/${fontSize}`;
    });
  }, FIRST_SCREEN_TEXT_STYLES);
}

test('every text style of the first screens is warmed while the app downloads', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
  const warmed = new Set(await warmedTextStyles(page));
  const missing = (await textStylesOnScreen(page)).filter((style) => !warmed.has(style)).map((s) => `/ ${s}`);

  await signInWithProfile(page, 'Lakshmi Pillai');
  await addRecordsForEveryScreen(page);

  for (const path of SCREENS) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const style of await textStylesOnScreen(page)) if (!warmed.has(style)) missing.push(`${path} ${style}`);
  }
  expect(missing, 'text styles to add to FIRST_SCREEN_TEXT_STYLES (lib/fonts/first-screen-fonts.ts)').toEqual([]);
});
