/**
 * The app's languages and the Intl locale each one formats dates, times, weekdays and numbers in:
 * the one map both sides use (India's English and Hindi). No zod here, so the web's first screen
 * can import it. Adding a language: add it here and add its catalogs (docs/architecture.md,
 * decision 095).
 */

/** The app's languages: English and Hindi. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Intl locale per language ('en-IN' writes '5 Sept 2026', 'hi-IN' '5 सित॰ 2026'). */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

/** The Intl locale of `language`; anything unknown (null, a stored 'fr') formats as English. */
export const intlLocaleOf = (language: string | null | undefined): string =>
  INTL_LOCALES[(LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en'];
