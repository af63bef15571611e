/**
 * The web app's languages: one Lingui instance, lazy loading of the active language's catalogs, and
 * the rule: the profile's `language`, else this device's choice, else the browser's languages, else
 * English. Intl locale 'en-IN' or 'hi-IN'.
 * Decision 023.
 */
import { setupI18n, type Messages } from '@lingui/core';
import { renderVerbatim } from '@diacare/contract/i18n/verbatim-values';
import { INTL_LOCALES, LANGUAGES, type Language } from '@diacare/contract/languages';
import type { CatalogArea } from '../../locales/areas';
import { LANGUAGE_NAMES } from './language-names';
import type { MessageId } from './message-ids';
import { warmFonts } from './warm-fonts';

export type { CatalogArea, Language, MessageId };

/** The contract's languages and their Intl locales (contract/languages.ts holds no zod). */
export { INTL_LOCALES, LANGUAGES };

/** Lingui's single instance: components read it through LanguageProvider, other code through `t`. */
export const i18n = setupI18n();

/** localStorage key of the language chosen on this device (before sign-in too). */
export const LANGUAGE_STORAGE_KEY = 'language';

export { LANGUAGE_NAMES };

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/**
 * The language to show: `profile` (the signed-in user's `language`, null until chosen), else
 * `stored` (this device's choice), else the first of `browser` (navigator.languages, BCP 47
 * tags) whose primary subtag DiaCare speaks, else 'en'.
 */
export function resolveLanguage(sources: {
  profile?: string | null | undefined;
  stored?: string | null | undefined;
  browser?: readonly string[] | undefined;
}): Language {
  if (isLanguage(sources.profile)) return sources.profile;
  if (isLanguage(sources.stored)) return sources.stored;
  for (const tag of sources.browser ?? []) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** This device's stored choice, or null (none, or storage unavailable). */
export function readStoredLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps `language` as this device's choice (ignored when storage is unavailable). */
export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
}

/** The language for the first render, before the profile is known. */
export function initialLanguage(): Language {
  return resolveLanguage({ stored: readStoredLanguage(), browser: navigator.languages });
}

/**
 * Every catalog file, compiled at build time (`?lingui`, lingui.config.ts), each its own chunk:
 * only the active language's files of the areas on screen are downloaded.
 */
const catalogFiles = import.meta.glob<Messages>('../../locales/*/*.json', { query: '?lingui', import: 'messages' });

const textListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the texts on screen may change: a language activated, or catalogs
 * of the active language loaded. Catalogs of another language (a prefetch, the first half of a
 * switch) do not count, so they re-render nothing (Lingui's own 'change' event fires for them
 * too; at 4x CPU slowdown each re-render of Profile cost about 30 ms of the first switch).
 * @returns unsubscribe
 */
export function onTextsChange(listener: () => void): () => void {
  textListeners.add(listener);
  return () => textListeners.delete(listener);
}

const textsChanged = () => textListeners.forEach((listener) => listener());

/** The areas the app has asked for so far (every screen shows common and layout). */
const wanted = new Set<CatalogArea>(['common', 'layout']);
const loaded = new Set<string>();

/**
 * Loads the files of `areas` in `language` that are not loaded yet (in parallel). The texts on
 * screen re-render once, when every file is in: one render per screen opened, not one per file.
 */
async function loadFiles(language: Language, areas: Iterable<CatalogArea>): Promise<void> {
  const missing = [...areas].filter((area) => !loaded.has(`${language}/${area}`));
  if (missing.length === 0) return;
  const results = await Promise.allSettled(
    missing.map(async (area) => {
      const load = catalogFiles[`../../locales/${language}/${area}.json`];
      if (!load) throw new Error(`No catalog file ${language}/${area}.json`);
      i18n.load(language, await load());
      loaded.add(`${language}/${area}`);
    }),
  );
  if (language === i18n.locale && missing.some((area) => loaded.has(`${language}/${area}`))) textsChanged();
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Adds `areas` to what the next `activateLanguage` loads, without loading anything now: the first
 * screen's texts then come in the same round as common and layout (router.tsx `preloadScreen`).
 */
export function wantCatalogs(areas: readonly CatalogArea[]): void {
  for (const area of areas) wanted.add(area);
}

/**
 * Makes the texts of `areas` available in the active language (and, from now on, in any
 * language switched to). Screens call it before they render (router.tsx); resolves when loaded.
 * @throws when a file cannot be fetched (offline before it was cached); the caller's lazy
 * import fails the same way.
 */
export async function loadCatalogs(areas: readonly CatalogArea[]): Promise<void> {
  wantCatalogs(areas);
  await loadFiles(i18n.locale === 'hi' ? 'hi' : 'en', areas);
}

/**
 * Starts downloading the catalogs of every area asked for so far in `language`, without
 * activating it, so a switch that follows finds them loaded (decision 023: the first switch to
 * Hindi fetched six files and took 367 ms at 4x CPU slowdown), and warms the fonts the page
 * will need in it (warm-fonts.ts). The Language choice calls it on hover, focus and
 * pointer-down, and Profile's when idle. Failures are ignored here: `activateLanguage` retries
 * and falls back to English.
 */
export function prefetchLanguage(language: Language): void {
  if (language === i18n.locale) return;
  loadFiles(language, wanted).catch(() => undefined);
  // Once a switch is under way the warm-up would only compete with it (an idle callback can
  // fire while its catalogs load).
  if (activating === 0) warmFonts(language, `${LANGUAGE_NAMES[language]} Aa 0123456789`);
}

/** activateLanguage calls still loading their catalogs. */
let activating = 0;

/** Counts activateLanguage calls: only the latest one activates (see activateLanguage). */
let latestActivation = 0;

/** Loads every area asked for so far in `language`, repeating while a screen asks for more meanwhile. */
async function loadWanted(language: Language): Promise<void> {
  while ([...wanted].some((area) => !loaded.has(`${language}/${area}`))) await loadFiles(language, wanted);
}

/**
 * Loads the catalogs of every area asked for so far in `language`, activates it and sets
 * `<html lang>`. When a file cannot be fetched (offline before it was cached) English is
 * tried instead; resolves with the language actually active. Only the latest call activates:
 * one overtaken by a later call while its files loaded (a quick Hindi → English, or a profile
 * answer arriving during a switch) resolves with null and changes nothing, so the last
 * language asked for is the one on screen whichever catalogs arrive last.
 */
export async function activateLanguage(language: Language): Promise<Language | null> {
  const activation = ++latestActivation;
  let active = language;
  activating += 1;
  try {
    await loadWanted(language);
  } catch (error) {
    console.error(`Could not load the ${language} catalogs`, error);
    active = 'en';
    if (language !== 'en') await loadWanted('en').catch((fallback: unknown) => console.error(fallback));
  } finally {
    activating -= 1;
  }
  if (activation !== latestActivation) return null;
  i18n.activate(active, [INTL_LOCALES[active]]);
  document.documentElement.lang = active;
  tellServiceWorker(active);
  textsChanged();
  return active;
}

/**
 * Tells the service worker the language on screen, so its own notices (a push it cannot read,
 * a failed 'Take' or 'Snooze') speak it too (sw/sw-texts.ts). Without a worker nothing happens;
 * a new worker hears it at the next start or switch.
 */
function tellServiceWorker(language: Language): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.ready
    .then((registration) => registration.active?.postMessage({ type: 'LANGUAGE', language }))
    .catch(() => undefined);
}

/** Values for an ICU message's placeholders. */
export type MessageValues = Record<string, unknown>;

/**
 * The active language's text for `id` with `values` filled in, their text (names, notes) shown
 * as given, never read as ICU nor unescaped ('Met\u0041 {x}' stays so; contract
 * i18n/verbatim-values). For code outside components (toasts from callbacks, helpers);
 * components use `useT()`, which renders through this, so they re-render on a switch.
 */
export function t(id: MessageId, values?: MessageValues): string {
  return renderVerbatim((shown) => i18n._(id, shown), values);
}
