/** What the language journeys share: the English words allowed on a Hindi page, and Hindi sign-in steps. */
import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';

/**
 * Latin-letter words allowed in Hindi screens: product and brand names, units, the names the
 * test itself types (person, medicine, address) and the server's contact placeholders.
 */
export const ALLOWED = new Set([
  'DiaCare',
  'Google',
  'WhatsApp',
  'AI',
  'HIPAA',
  'English',
  'iPhone',
  'iPad',
  'Safari',
  'Android',
  'Chrome',
  'mg',
  'dL',
  'mmol',
  'mmHg',
  'kg',
  'cm',
  'Asha',
  'Rao',
  'Metformin',
  'MG',
  'Road',
  // Names of the export formats (Profile's Download my data).
  'CSV',
  'ZIP',
  'FHIR',
  'JSON',
  // A lab test's name in an FAQ article's title: 'HbA1c' reads as 'HbA' here.
  'HbA',
  // The sensors and their export files named by Profile's 'Import readings'.
  'FreeStyle',
  'Libre',
  'Dexcom',
  'LibreView',
  'Clarity',
  // A Nightscout site, and the name of the token role to make there, as Nightscout shows it.
  'Nightscout',
  'readable',
  // The glucose profile's clinical abbreviations, as doctors write them in Hindi too.
  'GMI',
  'CV',
  'ADA',
  // The start of a web address, as typed.
  'https',
]);

/** Screen parts the Hindi walk skips while their texts are not translated yet: none today. */
export const PENDING: string[] = [];

/**
 * Every English word on screen that is not allowed: visible text, option labels and the
 * aria-label, title, placeholder and alt of every element (what a screen reader says too).
 */
export async function englishWords(page: Page): Promise<string[]> {
  const texts = await page.evaluate((pending) => {
    const skipped = (element: Element | null) => !!element && pending.some((selector) => element.closest(selector));
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || skipped(parent) || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      const visible = parent.tagName === 'OPTION' || parent.checkVisibility({ visibilityProperty: true });
      if (visible && node.textContent?.trim()) found.push(node.textContent.trim());
    }
    for (const element of Array.from(
      document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'),
    )) {
      if (skipped(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value?.trim()) found.push(value.trim());
      }
    }
    return found;
  }, PENDING);
  const words = texts
    .flatMap((text) => text.split(/\s+/))
    .filter((token) => !/@|\.example$|^https?:/.test(token))
    .flatMap((token) => token.match(/[A-Za-z]{2,}/g) ?? []);
  return [...new Set(words.filter((word) => !ALLOWED.has(word)))];
}

/** No English words on the page, then axe (WCAG 2.2 AA) in Hindi, light and dark theme. */
export async function expectAllHindi(page: Page, screen: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(await englishWords(page), `English words on ${screen}`).toEqual([]);
  await expectAccessible(page, `${screen} (hi)`);
}

/** The signed-in user's profile as the server has it. */
export async function me(page: Page): Promise<{ language: string | null }> {
  const response = await page.request.get('/api/users/me');
  expect(response.ok()).toBe(true);
  return (await response.json()) as { language: string | null };
}

/** Local sign-in from a landing page in any language (the sign-in link is the page's only link to /auth). */
export async function signInFromLanding(page: Page, name: string, email: string): Promise<void> {
  await page.locator('a[href^="/auth/login"]').click();
  // The server's sign-in page speaks the language the landing page chose (h4: ?lang, else Accept-Language).
  await expect(page).toHaveTitle(/Local sign-in|लोकल साइन इन/);
  const hindi = (await page.title()).includes('लोकल');
  await page.getByLabel(hindi ? 'नाम' : 'Name').fill(name);
  await page.getByLabel(hindi ? 'ईमेल' : 'Email').fill(email);
  await page.getByRole('button', { name: hindi ? 'साइन इन करें' : 'Sign in' }).click();
  await page.waitForURL(/\/(profile-setup|home)$/);
}

/** Fills and submits Complete Your Profile by its Hindi labels (fixtures.completeProfile in Hindi); waits for Home. */
export async function completeProfileInHindi(page: Page): Promise<void> {
  await page.getByLabel('लिंग *').selectOption('female');
  await page.getByLabel('उम्र *').fill('52');
  await page.getByLabel('WhatsApp नंबर *').fill('9876543210');
  await page.getByLabel('पता *').fill('12 MG Road');
  await page.getByLabel('राज्य *').selectOption({ label: 'कर्नाटक' });
  await page.getByLabel('पिनकोड *').fill('560001');
  await page.getByRole('button', { name: 'प्रोफ़ाइल पूरी करें' }).click();
  await page.waitForURL(/\/home$/);
}
