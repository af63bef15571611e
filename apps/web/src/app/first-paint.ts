/**
 * The top of a screen as its page paints it before any script has run (decision 107): the landing
 * page's language choice, logo, name and tagline; another screen's frame and title row. React's
 * first commit paints the same texts in the same place a moment later, so the largest text of the
 * page is painted with the first paint and the screen's title is on screen while the app downloads.
 *
 * The build (vite.config.ts, screenPages) puts it in the screen's page in place of index.html's
 * shell. Its texts come from the catalogs at build time, one block per language; the stylesheet
 * shows the block of `<html lang>`, which public/theme-init.js sets to the first render's language
 * before the body is parsed. The blocks are `inert` (no focus, no clicks, not in the accessibility
 * tree): a screen reader hears the title once, from React's render, which replaces them.
 * Classes: components/layout/first-paint-classes.ts, shared with the components.
 */
import type { Language } from '@diacare/contract/languages';
import { LANDING_CLASSES, LANGUAGE_CHOICE_CLASSES, PAGE_CLASSES } from '../components/layout/first-paint-classes';
import { LANGUAGE_NAMES } from '../lib/i18n/language-names';
import type { MessageId } from '../lib/i18n/message-ids';

/** One language's texts by message id: every src/locales/<language>/*.json merged. */
export type CatalogTexts = Readonly<Record<string, string>>;

type Texts = (id: MessageId) => string;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/** lucide-react's icon markup (as it renders them), for the shapes React draws in the same place. */
const icon = (name: string, className: string, paths: string[]): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${name} ${className}" aria-hidden="true">${paths.map((d) => `<path d="${d}"></path>`).join('')}</svg>`;

const CHEVRON_LEFT = ['m15 18-6-6 6-6'];
const HEART_PULSE = [
  'M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5',
  'M3.22 13H9.5l.5-1 2 4.5 2-7 1.5 3.5h5.27',
];

/** Page with PageHeader (components/layout/page.tsx): the back arrow, the title and its subtitle. */
function pageTop({ withNav, title, subtitle }: { withNav: boolean; title: string; subtitle?: string }): string {
  const main = `${PAGE_CLASSES.main} ${withNav ? PAGE_CLASSES.mainWithNav : PAGE_CLASSES.mainWithoutNav}`;
  return (
    `<main class="${main}"><header class="${PAGE_CLASSES.header}">` +
    `<span class="${PAGE_CLASSES.back}">${icon('chevron-left', PAGE_CLASSES.backIcon, CHEVRON_LEFT)}</span>` +
    `<div class="${PAGE_CLASSES.titleBox}"><h1 class="${PAGE_CLASSES.title}">${escapeHtml(title)}</h1>` +
    (subtitle ? `<p class="${PAGE_CLASSES.subtitle}">${escapeHtml(subtitle)}</p>` : '') +
    `</div></header></main>`
  );
}

/** LanguageChoice (lib/i18n/language-choice.tsx) with its label, `language` pressed. */
function languageChoice(t: Texts, language: Language, className: string): string {
  const buttons = (Object.keys(LANGUAGE_NAMES) as Language[])
    .map((option) => {
      const state = option === language ? LANGUAGE_CHOICE_CLASSES.chosen : LANGUAGE_CHOICE_CLASSES.other;
      return `<button type="button" lang="${option}" class="${LANGUAGE_CHOICE_CLASSES.button} ${state}">${escapeHtml(LANGUAGE_NAMES[option])}</button>`;
    })
    .join('');
  return (
    `<div class="${LANGUAGE_CHOICE_CLASSES.group} ${className}">` +
    `<span class="${LANGUAGE_CHOICE_CLASSES.label}">${escapeHtml(t('common.language'))}</span>` +
    `<div class="${LANGUAGE_CHOICE_CLASSES.buttons}">${buttons}</div></div>`
  );
}

/**
 * Each screen's top, by its constant in router.tsx's SCREENS: the screens whose largest text is
 * the landing page's tagline or the screen's title (decision 107). A screen not
 * here keeps index.html's shell. History is not here: its page serves every kind (glucose, blood
 * pressure, …) and its largest text comes with its data.
 */
const SHELLS: Readonly<Record<string, (t: Texts, language: Language) => string>> = {
  Landing: (t, language) =>
    `<main class="${LANDING_CLASSES.main}">${languageChoice(t, language, LANDING_CLASSES.languageChoice)}` +
    `<div class="${LANDING_CLASSES.top}"><div class="${LANDING_CLASSES.logo}">` +
    `${icon('heart-pulse', LANDING_CLASSES.logoIcon, HEART_PULSE)}</div>` +
    `<h1 class="${LANDING_CLASSES.name}">DiaCare</h1>` +
    `<p class="${LANDING_CLASSES.tagline}">${escapeHtml(t('landing.tagline'))}</p></div></main>`,
  Reports: (t) =>
    pageTop({
      withNav: true,
      title: t('health-reports.reports.title'),
      subtitle: t('health-reports.reports.subtitle'),
    }),
  Profile: (t) => pageTop({ withNav: false, title: t('profile.title') }),
};

/**
 * The first paint of the screen named `constant` in router.tsx (e.g. 'Reports'): one `inert` block
 * per language DiaCare speaks, `data-first-paint` naming it, for `#root` of the screen's page.
 * `catalogs`: each language's texts by its code ('en', 'hi').
 * @returns null for a screen without one
 * @throws when a language's catalogs, or a text the screen's top shows, are missing
 */
export function screenShell(constant: string, catalogs: Readonly<Record<string, CatalogTexts>>): string | null {
  const shell = SHELLS[constant];
  if (!shell) return null;
  return (Object.keys(LANGUAGE_NAMES) as Language[])
    .map((language) => {
      const t: Texts = (id) => {
        const text = catalogs[language]?.[id];
        if (text === undefined) throw new Error(`first paint: no text ${id} in the ${language} catalogs`);
        return text;
      };
      return `<div data-first-paint="${language}" lang="${language}" inert aria-hidden="true">${shell(t, language)}</div>`;
    })
    .join('');
}
