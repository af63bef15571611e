/**
 * Languages: the 'Language' / 'भाषा' choice on the landing page and on Profile applies at once
 * without reload, `<html lang>` follows, the choice persists (device and profile); the other
 * language loads once idle, and Hindi uses the system's Devanagari font. Every screen in Hindi:
 * i18n-hindi-screens.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { signInWithProfile, uniqueEmail } from './fixtures';
import { completeProfileInHindi, expectAllHindi, me, signInFromLanding } from './hindi-helpers';

// Goes offline or uses pushes: this file keeps the service worker the config blocks.
test.use({ serviceWorkers: 'allow' });

test('the landing choice applies at once, is kept before sign-in, and is saved to the profile at sign-in', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText('Your Diabetes Care Partner')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));

  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByText('डायबिटीज़ की देखभाल में आपका साथी')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
  await expectAllHindi(page, 'the landing page');

  await page.reload();
  await expect(page.getByRole('link', { name: 'Google से आगे बढ़ें' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  await signInFromLanding(page, 'Asha Rao', uniqueEmail('asha'));
  await expect(page.getByRole('heading', { name: 'अपनी प्रोफ़ाइल पूरी करें' })).toBeVisible();
  // The device's choice is saved to the new profile (its language was null).
  await expect.poll(async () => (await me(page)).language).toBe('hi');

  // Bad input in Hindi: the errors are the schema's, translated.
  await page.getByRole('button', { name: 'प्रोफ़ाइल पूरी करें' }).click();
  await expect(page.getByText('लिंग ज़रूरी है')).toBeVisible();
  await expect(page.getByText('पिनकोड ठीक 6 अंकों का होना चाहिए')).toBeVisible();
  await expectAllHindi(page, 'profile setup');

  await completeProfileInHindi(page);
  await expect(page.getByRole('heading', { name: 'नमस्ते Asha!' })).toBeVisible();
});

test("a screen's page asks for its texts in the first render's language as it loads, and only those", async ({
  browser,
}) => {
  // Decision 104: public/theme-init.js reads the page's catalog chunks per language from its own tag.
  for (const { locale, stored, language, tagline, name } of [
    { locale: 'en-IN', stored: null, language: 'en', tagline: 'Your Diabetes Care Partner', name: 'English' },
    { locale: 'hi-IN', stored: null, language: 'hi', tagline: 'डायबिटीज़ की देखभाल में आपका साथी', name: 'हिन्दी' },
    { locale: 'hi-IN', stored: 'en', language: 'en', tagline: 'Your Diabetes Care Partner', name: 'English' },
  ]) {
    // No service worker: its precache would answer the catalogs and hide what the page asked for.
    const context = await browser.newContext({ serviceWorkers: 'block', locale });
    if (stored) await context.addInitScript((value) => localStorage.setItem('language', value), stored);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByText(tagline)).toBeVisible();
    // The page itself paints the tagline before any script has run (decision 107), while the
    // catalogs, asked for at low priority, may still be on their way: wait for React's first render,
    // which comes after them (decision 104). The page's own copy of the buttons is inert, not matched.
    await expect(page.getByRole('button', { name, pressed: true })).toBeVisible();
    const { files, started, askedByPage } = await page.evaluate(() => {
      const tag = document.querySelector('script[src="/theme-init.js"]')!;
      const files = Object.fromEntries(
        ['en', 'hi'].map((lang) => [lang, (tag.getAttribute(`data-catalogs-${lang}`) ?? '').split(' ')]),
      );
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const started = Object.fromEntries(entries.map((entry) => [new URL(entry.name).pathname, entry.startTime]));
      // The preloads put in the page ahead of the app's entry script: added while the page was
      // parsed, since the app's code, a module script, runs only once it has been.
      const app = document.querySelector('script[type="module"]')!;
      const askedByPage = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'))
        .filter((link) => link.compareDocumentPosition(app) & Node.DOCUMENT_POSITION_FOLLOWING)
        .map((link) => new URL(link.href).pathname);
      return { files, started, askedByPage };
    });
    const other = language === 'en' ? 'hi' : 'en';
    expect(files[language], locale).toHaveLength(3); // common, layout, landing
    // Asked for by the page as it loads, so not by the app, and fetched. Not timed against the app's
    // code arriving: the page preloads that code from its own tags, which the browser may fetch
    // before theme-init.js has even run (decision 104).
    for (const file of files[language]!) {
      expect(askedByPage, `${locale} ${file}`).toContain(file);
      expect(started[file], `${locale} ${file}`).toBeDefined();
    }
    for (const file of files[other]!) {
      expect(askedByPage, `${locale} ${file}`).not.toContain(file);
      expect(started[file], `${locale} ${file}`).toBeUndefined();
    }
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await context.close();
  }
});

test('switching language on Profile applies at once without reload and persists on the profile', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('asha');
  await page.goto('/');
  await signInFromLanding(page, 'Asha Rao', email);
  await page.getByLabel('Sex *').selectOption('female');
  await page.getByLabel('Age *').fill('52');
  await page.getByLabel('WhatsApp Number *').fill('9876543210');
  await page.getByLabel('Address *').fill('12 MG Road');
  await page.getByLabel('State *').selectOption('Karnataka');
  await page.getByLabel('Pincode *').fill('560001');
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await page.waitForURL(/\/home$/);
  expect((await me(page)).language).toBeNull();

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile & Settings' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
  const language = page.getByRole('group', { name: 'Language' });
  await language.getByRole('button', { name: 'हिन्दी' }).click();

  await expect(page.getByRole('heading', { name: 'प्रोफ़ाइल और सेटिंग्स' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
  await expect.poll(async () => (await me(page)).language).toBe('hi');
  await expect(page.getByRole('group', { name: 'भाषा' }).getByRole('button', { name: 'हिन्दी' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Persists: after a reload, and on another device whose browser speaks English.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'प्रोफ़ाइल और सेटिंग्स' })).toBeVisible();
  const other = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const phone = await other.newPage();
  await phone.goto('/');
  await expect(phone.locator('html')).toHaveAttribute('lang', 'en');
  await signInFromLanding(phone, 'Asha Rao', email);
  await expect(phone.getByRole('heading', { name: 'नमस्ते Asha!' })).toBeVisible();
  await expect(phone.locator('html')).toHaveAttribute('lang', 'hi');
  await other.close();

  // And back to English, at once.
  await page.getByRole('group', { name: 'भाषा' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Profile & Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(async () => (await me(page)).language).toBe('en');
});

test("Profile fetches the other language's texts once idle, so a first switch needs no network", async ({
  browser,
}) => {
  // No service worker: its precache would answer the catalogs offline and hide the prefetch.
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInWithProfile(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile & Settings' })).toBeVisible();
  // Untouched, the page fetches the Hindi catalogs (each area's file has its own chunk; `layout`
  // is one of two files named so, the English and the Hindi one) while the browser is idle.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Set(
            performance
              .getEntriesByType('resource')
              .map((entry) => entry.name)
              .filter((name) => /\/assets\/layout-[^/]*\.js$/.test(name)),
          ).size,
      ),
    )
    .toBe(2);

  // Offline, the first switch still finds every Hindi text (before the idle prefetch it fell
  // back to English: the catalogs could not be fetched).
  await context.setOffline(true);
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { name: 'प्रोफ़ाइल और सेटिंग्स' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await context.close();
});

test('the other language is laid out hidden beforehand (idle or hover) and leaves nothing in the page', async ({
  page,
}) => {
  // Record what is added to and removed from <body> from the start (the font warm-up,
  // lib/i18n/warm-fonts.ts: Profile's idle prefetch or the hover may run it first).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { warmUps: string[] }).warmUps = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`CSP ${event.violatedDirective}`));
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of Array.from(record.addedNodes)) {
            if (node instanceof HTMLElement && node.lang)
              seen.push(`added ${node.lang} ${node.getAttribute('aria-hidden')}`);
          }
          for (const node of Array.from(record.removedNodes)) {
            if (node instanceof HTMLElement && node.lang) seen.push(`removed ${node.lang}`);
          }
        }
      }).observe(document.body, { childList: true });
    });
  });
  await signInWithProfile(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile & Settings' })).toBeVisible();
  const bodyBefore = await page.evaluate(() => document.body.children.length);
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).hover();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { warmUps: string[] }).warmUps))
    .toEqual(expect.arrayContaining(['added hi true', 'removed hi']));
  expect(await page.evaluate(() => (window as unknown as { warmUps: string[] }).warmUps)).not.toContainEqual(
    expect.stringMatching(/^CSP/),
  );
  expect(await page.evaluate(() => document.body.children.length)).toBe(bodyBefore);
  await expect(page.locator('body > [lang="hi"]')).toHaveCount(0);

  // The switch itself is unchanged: every text in Hindi, <html lang> follows.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { name: 'प्रोफ़ाइल और सेटिंग्स' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
});

test("Hindi is drawn in the system's Devanagari font named by the stylesheet, Latin letters as before", async ({
  page,
}) => {
  // Decision 037: 'DiaCare Devanagari' (index.css) names the installed Devanagari font through
  // local(), for Devanagari characters only, so a first Hindi layout skips the fallback search.
  await signInWithProfile(page);
  const faces = () =>
    page.evaluate(() => {
      const found: string[] = [];
      document.fonts.forEach((face) => {
        if (face.family.replace(/"/g, '') === 'DiaCare Devanagari') found.push(`${face.weight} ${face.status}`);
      });
      return found.sort();
    });
  // Decision 067: an English screen never loads it (it follows system-ui, which has every Latin
  // letter); first in the stack, both faces were matched on every English start.
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Hi Asha!' })).toBeVisible();
  await expect(page.getByText("Today's medication progress")).toBeVisible();
  expect(await faces()).toEqual(['100 550 unloaded', '551 900 unloaded']);
  await page.goto('/profile');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { name: 'प्रोफ़ाइल और सेटिंग्स' })).toBeVisible();
  // Both faces (regular and bold text are on screen) matched a font installed here: CI installs
  // Noto Sans Devanagari (fonts-noto-core). A face that matched nothing would be 'error'.
  await expect.poll(faces).toEqual(['100 550 loaded', '551 900 loaded']);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  /** The font families that drew the text of the first element matching `selector` (Chromium's report). */
  const fontsOf = async (selector: string) => {
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName);
  };
  // The heading's letters come from that font (its spaces from the Latin one); the user's name,
  // in Latin letters, never does.
  expect(await fontsOf('h1')).toContain('Noto Sans Devanagari');
  const name = await fontsOf('main p.text-lg');
  expect(name.length).toBeGreaterThan(0);
  expect(name).not.toContain('Noto Sans Devanagari');
  await cdp.detach();
});
