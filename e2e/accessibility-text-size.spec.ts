/**
 * 200 % text at 360×740 in English and Hindi: no screen scrolls sideways or cuts a word, on
 * every route of a signed-in user and in the dialogs.
 */
import { expect, test, type Page } from '@playwright/test';
import { COLOR_TAGS } from '../packages/contract/src/medication-options.ts';
import { completeProfile, kolkataDate, logGlucose, postRecord, screenshot, signIn, uniqueEmail } from './fixtures';

/** The routes of a signed-in user with a medicine, readings and an appointment. */
const SCREENS = [
  '/home',
  '/medications',
  '/reports',
  '/reports/history/bp',
  '/reports/history/weight',
  '/booking',
  '/privacy-policy',
  '/terms',
  '/medications/add',
  '/reports/history/glucose',
  '/chat',
  '/profile',
];

/**
 * What does not fit at 200 % text: the page wider than the viewport, and text that is cut or
 * spills out of its box — screen-reader-only text excepted:
 * - an element that hides overflow (or ends in an ellipsis) with more content than room;
 * - an element holding text itself (a button, label, badge, link, heading) whose content is
 *   wider or taller than its box (a fixed height that Devanagari or a second line outgrows);
 * - a form field whose value, placeholder or any of its options is wider than the room inside
 *   it (measured with the field's own font), or taller than the field; a placeholder drawn
 *   transparent (Input's wrapPlaceholder) is measured as the text shown in its place;
 * - text past the left edge of the screen (a row pushed out by justify-end).
 */
function overflowReport(): { pageWidth: number; viewport: number; clipped: string[]; spilled: string[] } {
  const clipped: string[] = [];
  /** Text spilling out of a visible box (not cut, but over its border or its neighbour). */
  const spilled: string[] = [];
  const name = (element: Element) =>
    `${element.tagName.toLowerCase()}#${element.id}.${String(element.className).slice(0, 60)}`;
  const hidden = (element: Element) =>
    getComputedStyle(element).clipPath.startsWith('inset(50%') || // sr-only
    !!element.closest('[aria-hidden="true"], .sr-only, svg, canvas') ||
    element.getClientRects().length === 0;
  for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
    if (hidden(element)) continue;
    if (!element.textContent?.trim() || (element.children.length > 0 && !element.innerText)) continue;
    const style = getComputedStyle(element);
    const hidesX = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
    const scrolls = (overflow: string) => overflow === 'auto' || overflow === 'scroll';
    const cutX = hidesX && element.scrollWidth > element.clientWidth + 1 && !scrolls(style.overflowX);
    const cutY = hidesY && element.scrollHeight > element.clientHeight + 1;
    // Text of its own spilling out of a visible box: wider or taller than the box.
    const ownText = Array.from(element.childNodes).some((node) => node.nodeType === 3 && node.textContent?.trim());
    const box = style.display !== 'inline' && style.display !== 'contents' && element.clientHeight > 0;
    const spills =
      ownText &&
      box &&
      !scrolls(style.overflowX) &&
      !scrolls(style.overflowY) &&
      (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    if (cutX || cutY || spills)
      (cutX || cutY ? clipped : spilled).push(
        `${name(element)}: "${element.innerText.slice(0, 40)}" ${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight}`,
      );
  }
  // Form fields: what they show must fit inside them.
  const canvas = document.createElement('canvas').getContext('2d')!;
  const fields = document.body.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    'input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=range]):not([type=file]), select',
  );
  for (const field of Array.from(fields)) {
    if (hidden(field)) continue;
    const style = getComputedStyle(field);
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room =
      field.clientWidth -
      parseFloat(style.paddingLeft) -
      parseFloat(style.paddingRight) -
      // The native arrow of a select (Chromium draws it about 16 px wide at any text size), the
      // picker button of a date or time field (it grows with the text).
      (field instanceof HTMLSelectElement
        ? 20
        : ['date', 'time'].includes(field.type)
          ? parseFloat(style.fontSize)
          : 0);
    // Any option of a select can be the chosen one: the widest must fit.
    const widest = (texts: string[]) =>
      texts.reduce((wide, text) => (canvas.measureText(text).width > canvas.measureText(wide).width ? text : wide), '');
    const placeholderShown = getComputedStyle(field, '::placeholder').color !== 'rgba(0, 0, 0, 0)';
    const shown =
      field instanceof HTMLSelectElement
        ? widest(Array.from(field.options, (option) => option.text))
        : !field.value && !placeholderShown
          ? ''
          : ['date', 'time'].includes(field.type)
            ? // What Chromium draws: the value in the page's locale (dd/mm/yyyy, hh:mm am).
              field.type === 'date'
              ? '00/00/0000'
              : '00:00 am'
            : field.value || field.placeholder;
    // A customizable select (appearance: base-select) wraps its chosen option: the widest is
    // chosen for a moment and must fit the box, which grows with it.
    if (field instanceof HTMLSelectElement && style.appearance === 'base-select') {
      const chosen = field.value;
      field.value = Array.from(field.options).find((option) => option.text === shown)?.value ?? chosen;
      const cut = field.scrollWidth > field.clientWidth + 1 || field.scrollHeight > field.clientHeight + 1;
      field.value = chosen;
      if (cut) clipped.push(`${name(field)}: "${shown.slice(0, 40)}" does not fit even wrapped`);
      continue;
    }
    const width = canvas.measureText(shown).width;
    // A typed text longer than the field scrolls inside it, as a field must; a fixed-format
    // value (number, date, time), a placeholder or a chosen option cannot.
    const scrollsByDesign =
      !(field instanceof HTMLSelectElement) &&
      !!field.value &&
      /^(text|email|tel|url|search|password)$/.test(field.type);
    const tooWide = width > room + 1 && !scrollsByDesign;
    const tooTall = field.scrollHeight > field.clientHeight + 1;
    if (tooWide || tooTall)
      (tooTall || field instanceof HTMLSelectElement || field.value ? clipped : spilled).push(
        `${name(field)}: "${shown.slice(0, 40)}" needs ${Math.round(width)}px in ${Math.round(room)}px, ${field.scrollHeight}px tall in ${field.clientHeight}px`,
      );
  }
  const offLeft = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
    .filter((element) => element.getBoundingClientRect().left < -1 && !element.closest('.sr-only'))
    .filter((element) => !hidden(element) && !!element.innerText?.trim())
    .slice(0, 4)
    .map(
      (element) =>
        `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} "${element.innerText.slice(0, 30)}" left=${Math.round(element.getBoundingClientRect().left)}`,
    );
  const wide = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
    .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
    .filter((element) => !element.closest('.sr-only')) // clipped to 1px by its wrapper
    .filter(
      (element) =>
        !Array.from(element.children).some((child) => child.getBoundingClientRect().right > window.innerWidth + 1),
    )
    .slice(0, 4)
    // An icon is named by what holds it.
    .map((element) => (element.closest('svg')?.parentElement as HTMLElement | null) ?? element)
    .map(
      (element) =>
        `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} "${element.innerText?.slice(0, 30) ?? ''}" right=${Math.round(element.getBoundingClientRect().right)}`,
    );
  return {
    pageWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    clipped: clipped.concat(
      wide.map((line) => `too wide: ${line}`),
      offLeft.map((line) => `off the left edge: ${line}`),
    ),
    spilled,
  };
}

/**
 * Words broken across lines (WCAG 1.4.4 / 1.4.10: text reflows, it is not chopped): every word
 * of every visible text node (split on white space, in Hindi too) whose Range draws on more
 * than one line, as 'My Medicati' / 'ons' did with `overflow-wrap: anywhere` at 200 % text.
 * A word that cannot fit a line of its own box at all may break, as a browser must break it,
 * but only when it is long (14 characters or more): a user's email, URL or run-together name;
 * a shorter word that cannot fit means the type is too big for the screen and is reported.
 */
function brokenWords(): string[] {
  const found: string[] = [];
  const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const length = (word: string) => Array.from(graphemes.segment(word)).length;
  const canvas = document.createElement('canvas').getContext('2d')!;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent ?? '';
    if (!parent || !text.trim()) continue;
    if (parent.closest('script, style, template, svg, canvas, [aria-hidden="true"], .sr-only')) continue;
    if (parent.getClientRects().length === 0 || getComputedStyle(parent).clipPath.startsWith('inset(50%')) continue;
    // The box whose width the lines of this text get.
    let block: HTMLElement = parent;
    while (['inline', 'contents'].includes(getComputedStyle(block).display) && block.parentElement)
      block = block.parentElement;
    const blockStyle = getComputedStyle(block);
    const room = block.clientWidth - parseFloat(blockStyle.paddingLeft) - parseFloat(blockStyle.paddingRight);
    const style = getComputedStyle(parent);
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    for (const match of text.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      // One rect per piece of the word; pieces on one line share it (a font change mid-word).
      const rects = Array.from(range.getClientRects())
        .filter((rect) => rect.width > 0 && rect.height > 0)
        .sort((a, b) => a.top - b.top);
      let lines = 0;
      let lineBottom = -Infinity;
      for (const rect of rects) {
        if (rect.top >= lineBottom - rect.height / 2) lines += 1;
        lineBottom = Math.max(lineBottom, rect.bottom);
      }
      if (lines < 2) continue;
      const width = canvas.measureText(match[0]).width;
      const cannotFit = width > room + 1;
      if (cannotFit && length(match[0]) >= 14) continue;
      found.push(
        `${parent.tagName.toLowerCase()}.${String(parent.className).slice(0, 60)}: "${match[0]}" on ${lines} lines (${Math.round(width)}px wide, ${Math.round(room)}px of room)`,
      );
    }
  }
  return found;
}

/** 200 % text as the browser's text-size setting gives it: the root font size doubles and
 *  everything in rem (all of Tailwind's type and spacing) follows. */
async function enlargeText(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  // (Init scripts run before <html> exists: set it as soon as it does.)
  await page.addInitScript(() => {
    const enlarge = () => {
      if (!document.documentElement) return false;
      document.documentElement.style.fontSize = '200%';
      return true;
    };
    if (!enlarge()) {
      const observer = new MutationObserver(() => {
        if (enlarge()) observer.disconnect();
      });
      observer.observe(document, { childList: true });
    }
  });
}

/** Collects what overflowReport and brokenWords find on the page as it is now under `name`. */
async function checkFits(page: Page, name: string, problems: string[]): Promise<void> {
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
  const report = await page.evaluate(overflowReport);
  if (report.pageWidth > report.viewport)
    problems.push(`${name}: page is ${report.pageWidth}px wide in ${report.viewport}px`);
  for (const line of report.clipped) problems.push(`${name}: cut text ${line}`);
  for (const line of report.spilled) problems.push(`${name}: text spills out of its box ${line}`);
  for (const line of await page.evaluate(brokenWords)) problems.push(`${name}: word broken across lines ${line}`);
}

/** The texts the 200 % walk looks for, in each language. */
const WALK_TEXT = {
  en: {
    google: 'Continue with Google',
    logBp: 'Log Blood Pressure',
    logGlucose: 'Log Blood Glucose',
    logMeal: 'Log meal',
    mealDialog: 'Log a meal',
    searchFoods: 'Search foods',
  },
  hi: {
    google: 'Google से आगे बढ़ें',
    logBp: 'ब्लड प्रेशर दर्ज करें',
    logGlucose: 'ब्लड शुगर दर्ज करें',
    logMeal: 'खाना दर्ज करें',
    mealDialog: 'खाना दर्ज करें',
    searchFoods: 'खाना खोजें',
  },
} as const;

/**
 * Signs in a user with a long name (checking Complete Your Profile on the way), a long-named
 * medicine and two readings, then walks every screen, both log dialogs and the meal dialog at 200 % text in `language`; returns what did not fit. Saves
 * full-page screenshots of Home, Add Medication, History, the assistant, Profile and the dialogs.
 */
async function walkAt200(page: Page, language: 'en' | 'hi'): Promise<string[]> {
  const text = WALK_TEXT[language];
  const problems: string[] = [];
  const suffix = language === 'en' ? '' : `-${language}`;
  await signIn(page, { name: 'Parvathi Subramanian Venkataraman', email: uniqueEmail('parvathi') });
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await checkFits(page, '/profile-setup', problems);
  await completeProfile(page);
  const origin = new URL(page.url()).origin;
  if (language !== 'en') {
    const saved = await page.request.put('/api/users/me', { data: { language }, headers: { origin } });
    expect(saved.status()).toBe(200);
  }
  const medication = await page.request.post('/api/medications', {
    headers: { origin },
    data: {
      name: 'Glimepiride and Metformin Hydrochloride',
      dosage: '2 mg / 500 mg',
      form: 'Tablet',
      instructions: '',
      color: COLOR_TAGS[0]!.hex,
      when_to_take: 'After food',
      schedule: { frequency: 'daily', times: ['08:30', '20:30'], start_date: kolkataDate(0) },
      refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
    },
  });
  expect(medication.status(), await medication.text()).toBe(201);
  await logGlucose(page, 182, kolkataDate(-1), '09:15');
  // At 00:00 so that it is never later than now, whatever time the journey runs.
  await logGlucose(page, 64, kolkataDate(0), '00:00');
  // A meal with a long free-text item: History's meal list and Reports' meals card; and one just
  // after midnight today, listed on Home's Meals card.
  for (const [date, time] of [
    [kolkataDate(-1), '09:00'],
    [kolkataDate(0), '00:00'],
  ]) {
    await postRecord(page, '/api/meals', {
      date,
      time,
      meal_type: 'breakfast',
      items: [
        { food_id: 'idli', name: 'Idli', portions: 2 },
        { name: 'Coconut chutney with tempering', portions: 1 },
      ],
    });
  }
  for (const path of SCREENS) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.waitForLoadState('networkidle');
    await checkFits(page, path, problems);
    if (['/home', '/medications/add', '/reports/history/glucose', '/chat', '/profile'].includes(path))
      await page.screenshot({
        path: `test-results/screens/text-200${suffix}${path.replaceAll('/', '-')}.png`,
        fullPage: true,
      });
  }
  await page.goto('/reports');
  await page.getByRole('button', { name: text.logBp }).click();
  await expect(page.getByRole('dialog', { name: text.logBp })).toBeVisible();
  await checkFits(page, `${text.logBp} dialog`, problems);
  await screenshot(page, `text-200${suffix}-log-bp`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: text.logGlucose }).click();
  await expect(page.getByRole('dialog', { name: text.logGlucose })).toBeVisible();
  await checkFits(page, `${text.logGlucose} dialog`, problems);
  await screenshot(page, `text-200${suffix}-log-glucose`);
  await page.keyboard.press('Escape');
  // The meal dialog with a food of the list on the plate (its portion stepper and estimate).
  await page.goto('/home');
  await page.getByRole('button', { name: text.logMeal }).click();
  const meal = page.getByRole('dialog', { name: text.mealDialog });
  await meal.getByLabel(text.searchFoods).fill('dal');
  await meal.getByRole('button', { name: /≈/ }).first().click();
  await checkFits(page, `${text.mealDialog} dialog`, problems);
  await screenshot(page, `text-200${suffix}-log-meal`);
  return problems;
}

test('at 360×740 with 200 % text no screen scrolls sideways or cuts text', async ({ page }) => {
  await enlargeText(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: WALK_TEXT.en.google })).toBeVisible();
  const problems: string[] = [];
  await checkFits(page, '/', problems);
  problems.push(...(await walkAt200(page, 'en')));
  expect(problems, problems.join('\n')).toEqual([]);
});

test('in Hindi at 360×740 with 200 % text no screen scrolls sideways or cuts text', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The landing page of a phone whose browser speaks Hindi.
  const hindiPhone = await browser.newContext({ locale: 'hi-IN' });
  const landing = await hindiPhone.newPage();
  await enlargeText(landing);
  await landing.goto('/');
  await expect(landing.getByRole('link', { name: WALK_TEXT.hi.google })).toBeVisible();
  await expect(landing.locator('html')).toHaveAttribute('lang', 'hi');
  const problems: string[] = [];
  await checkFits(landing, '/ (hi)', problems);
  await screenshot(landing, 'text-200-hi-landing');
  await hindiPhone.close();

  await enlargeText(page);
  problems.push(...(await walkAt200(page, 'hi')));
  expect(problems, problems.join('\n')).toEqual([]);
});
