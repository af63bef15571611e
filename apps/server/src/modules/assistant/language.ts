/**
 * The assistant's language (issue 14): the user's profile `language` ('en' | 'hi'), else
 * the browser's Accept-Language (a first preference of hi* → 'hi'), else English. A tiny
 * helper of the assistant module only; the rest of the server's texts are chosen in
 * src/i18n (issue 14, h4).
 *
 * Also the Devanagari normalisation that the assistant's matchers and its Hindi search
 * share, so that 'ज़' and 'ज', 'ँ' and 'ं' (spellings patients use interchangeably) match.
 */
import type { Language } from '@diacare/contract/users';
import { languageFromAcceptLanguage, toLanguage } from '../../i18n/index.ts';

export type AssistantLanguage = Language;

/**
 * 'hi' or 'en' for a request: `profileLanguage` when set, else the best of Accept-Language
 * by q (RFC 9110 §12.5.4), else 'en' — the same resolution as the rest of the server's texts
 * (src/i18n: toLanguage, languageFromAcceptLanguage).
 */
export function assistantLanguage(
  profileLanguage: AssistantLanguage | null | undefined,
  acceptLanguage?: string | string[],
): AssistantLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  return toLanguage(profileLanguage) ?? languageFromAcceptLanguage(header) ?? 'en';
}

/**
 * Lower-cases and unifies spellings: Unicode NFC, the nukta dropped (ज़ → ज, ड़ → ड),
 * chandrabindu as anusvara (ँ → ं), curly apostrophes straight. Latin text only lower-cases.
 */
export function normaliseSpelling(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/\u093c/g, '')
    .replace(/\u0901/g, '\u0902')
    .replace(/[\u0958-\u095f]/g, (ch) => NUKTA_LETTERS[ch] ?? ch);
}

/** Precomposed nukta letters (U+0958–U+095F) → their base letters. */
const NUKTA_LETTERS: Record<string, string> = {
  '\u0958': 'क',
  '\u0959': 'ख',
  '\u095a': 'ग',
  '\u095b': 'ज',
  '\u095c': 'ड',
  '\u095d': 'ढ',
  '\u095e': 'फ',
  '\u095f': 'य',
};

/** Words of `text` after normaliseSpelling: runs of letters, combining marks, digits and '. */
export function wordsOf(text: string): string[] {
  return normaliseSpelling(text).match(/[\p{L}\p{M}\p{N}']+/gu) ?? [];
}
