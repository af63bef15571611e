/**
 * Each language named in itself, for the 'Language' / 'भाषा' choice. A module of its own (no
 * imports but a type) so the build reads it too, for the pages' first paint (app/first-paint.ts).
 */
import type { Language } from '@diacare/contract/languages';

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };
