/**
 * The Devanagari normalisation that the assistant's matchers and its Hindi search share, so
 * that 'ज़' and 'ज', 'ँ' and 'ं' (spellings patients use interchangeably) match. The
 * assistant's language itself is the request's (src/i18n requestLanguage).
 */

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
