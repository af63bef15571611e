/**
 * A screen's page paints the screen's top before any script has run (decision 107): the landing
 * page's tagline and the titles of Reports and Profile, in the first render's language, exactly
 * where React's first commit paints them (so the repaint is no larger element and nothing moves),
 * and hidden from screen readers, which hear the title once, from React's render.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signInWithProfile } from './fixtures';

type Box = { x: number; y: number; width: number; height: number };

/** The box of the visible element whose text is `text`, or null when none shows. */
function boxOf(page: Page, text: string): Promise<Box | null> {
  return page.evaluate((wanted) => {
    for (const element of document.querySelectorAll('#root h1, #root p')) {
      if (element.textContent !== wanted || !(element instanceof HTMLElement) || element.offsetParent === null)
        continue;
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    }
    return null;
  }, text);
}

/**
 * Loads `path` with the app's code refused (only the page, the stylesheet and theme-init.js
 * arrive), then again as usual, and compares where `text` is painted in each.
 */
async function expectPaintedAsReactDoes(context: BrowserContext, path: string, text: string, heading?: string) {
  const page = await context.newPage();
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(path);
  const shell = await boxOf(page, text);
  expect(shell, `${path}: '${text}' painted by the page alone`).not.toBeNull();
  // Not in the accessibility tree: no heading, no button of the shell's language choice.
  await expect(page.getByRole('heading')).toHaveCount(0);
  await expect(page.getByRole('button')).toHaveCount(0);
  await page.unroute(/\/assets\/.*\.js$/);

  await page.goto(path);
  if (heading) await expect(page.getByRole('heading', { name: heading, level: 1 })).toHaveCount(1);
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
  await expect.poll(() => boxOf(page, text), `${path}: '${text}' rendered by React`).not.toBeNull();
  const react = await boxOf(page, text);
  for (const side of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs(react![side] - shell![side]), `${path} '${text}' ${side}`).toBeLessThan(0.5);
  }
  await page.close();
}

test('the landing page paints its tagline before the app starts, in the first render’s language', async ({
  browser,
}) => {
  for (const { locale, tagline } of [
    { locale: 'en-IN', tagline: 'Your Diabetes Care Partner' },
    { locale: 'hi-IN', tagline: 'डायबिटीज़ की देखभाल में आपका साथी' },
  ]) {
    const context = await browser.newContext({ locale, serviceWorkers: 'block' });
    await expectPaintedAsReactDoes(context, '/', tagline);
    await context.close();
  }
});

test('Reports and Profile paint their titles before the app starts, where React paints them', async ({
  page,
  context,
}) => {
  await signInWithProfile(page);
  await expectPaintedAsReactDoes(context, '/reports', 'Health Reports', 'Health Reports');
  await expectPaintedAsReactDoes(context, '/reports', 'Last 7 days');
  await expectPaintedAsReactDoes(context, '/profile', 'Profile & Settings', 'Profile & Settings');
  // The device's language chosen: the Hindi block shows.
  await page.evaluate(() => localStorage.setItem('language', 'hi'));
  await expectPaintedAsReactDoes(context, '/reports', 'हेल्थ रिपोर्ट', 'हेल्थ रिपोर्ट');
});
