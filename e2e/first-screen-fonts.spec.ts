/**
 * The fonts warmed while the app downloads (decision 070) are those its first screens use: every
 * text style on the landing page and on each screen a person opens directly, with a medicine,
 * readings and an appointment on them, is one of FIRST_SCREEN_TEXT_STYLES.
 */
import { expect, test, type Page } from '@playwright/test';
import { FIRST_SCREEN_TEXT_STYLES } from '../apps/web/src/lib/fonts/first-screen-fonts';
import { kolkataDate, signInWithProfile } from './fixtures';

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

/** POSTs `data` to `path` with the page's session; expects 201. */
async function post(page: Page, path: string, data: object): Promise<void> {
  const response = await page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });
  expect(response.status(), await response.text()).toBe(201);
}

test('every text style of the first screens is warmed while the app downloads', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
  const warmed = new Set(await warmedTextStyles(page));
  const missing = (await textStylesOnScreen(page)).filter((style) => !warmed.has(style)).map((s) => `/ ${s}`);

  await signInWithProfile(page, 'Lakshmi Pillai');
  await post(page, '/api/medications', {
    name: 'Metformin',
    dosage: '500 mg',
    form: 'Tablet',
    color: '#FF6B6B',
    schedule: { frequency: 'daily', times: ['08:00', '20:00'], start_date: kolkataDate(-7) },
    refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
  });
  for (let day = 0; day < 3; day++) {
    await post(page, '/api/health/glucose', {
      value: 120 + day * 9,
      meal_context: 'Fasting',
      date: kolkataDate(-day),
      time: '07:00',
    });
  }
  await post(page, '/api/health/bp', { systolic: 128, diastolic: 82, date: kolkataDate(0), time: '08:00' });
  await post(page, '/api/health/metrics', { weight: 61.5, height: 158, date: kolkataDate(0) });
  await post(page, '/api/appointments', {
    type: 'lab',
    title: 'HbA1c',
    location: 'Kochi',
    date: kolkataDate(9),
    time: '09:00',
  });

  for (const path of SCREENS) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const style of await textStylesOnScreen(page)) if (!warmed.has(style)) missing.push(`${path} ${style}`);
  }
  expect(missing, 'text styles to add to FIRST_SCREEN_TEXT_STYLES (lib/fonts/first-screen-fonts.ts)').toEqual([]);
});
