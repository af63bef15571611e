/**
 * Medicine names typed with a slip ('glimepride', 'metfromin', 'ग्लिमीपिराइड'), read as the
 * medicine by the guard rails (guard-rails.ts normalise) against vocabulary.json `medicineNames`,
 * with the edit distance of `leven`; `normalise`, the text every guard-rail pattern reads.
 */
import leven from 'leven';
import { normaliseSpelling } from './language.ts';
import { VOCABULARY } from './lexicon.ts';

/** Every spelling of a medicine in vocabulary.json `medicineNames`, and the name it is written as in its script. */
const MEDICINE_SPELLINGS = Object.values(VOCABULARY.medicineNames).flatMap((spellings) => {
  const latin = spellings.find((s) => /^[a-z]/.test(s))!;
  const devanagari = spellings.find((s) => /^[\u0900-\u097f]/.test(s)) ?? latin;
  return spellings.map((spelling) => ({ spelling, name: /^[a-z]/.test(spelling) ? latin : devanagari }));
});

/**
 * `word` (6 letters or more) as the medicine it is a slip of: a listed spelling, or one within one edit
 * (two for 9 letters or more) of a listed spelling in the same script ('glimepride', 'metfromin',
 * 'ग्लिमीपिराइड'); else `word` unchanged. Brand names and short words are matched exactly only.
 */
export function medicineSpelling(word: string): string {
  let best: { name: string; distance: number } | null = null;
  for (const { spelling, name } of MEDICINE_SPELLINGS) {
    if (/^[a-z]/.test(word) !== /^[a-z]/.test(spelling)) continue;
    const distance = leven(word, spelling);
    if (distance === 0) return name;
    const allowed = Math.min(word.length, spelling.length) >= 9 ? 2 : 1;
    if (spelling.length >= 7 && distance <= allowed && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name ?? word;
}

/**
 * Lower-case, apostrophes unified, Devanagari spellings unified, whitespace collapsed, and a medicine
 * name typed with a slip written as its name (medicineSpelling): what the guard rails' patterns read.
 */
export function normalise(text: string): string {
  return normaliseSpelling(text)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\p{L}\p{M}]{6,}/gu, medicineSpelling);
}
