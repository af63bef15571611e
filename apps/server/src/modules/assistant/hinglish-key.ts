/**
 * Spelling keys that let Hindi, Hinglish and English spellings of one word share the learned
 * intent step's weights (decision 100): Devanagari transliterated to Latin letters (शुगर →
 * shugr, ज्यादा → jyada), and a consonant skeleton of the Latin form (sugar, shugar, शुगर → sgr;
 * zyada, jyada, ज्यादा → jyd; kitna, ktna, कितना → ktn; hai, h, है → h).
 */

const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'f',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
  ळ: 'l',
};
const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'a',
  इ: 'i',
  ई: 'i',
  उ: 'u',
  ऊ: 'u',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
  ऋ: 'ri',
  ऑ: 'o',
  'ा': 'a',
  'ि': 'i',
  'ी': 'i',
  'ु': 'u',
  'ू': 'u',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
  'ृ': 'ri',
  'ॉ': 'o',
  'ं': 'n',
  'ः': 'h',
  '्': '',
};

/** `word` in Latin letters when written in Devanagari (no inherent vowel: कितना → ktna), else itself. */
export function transliterate(word: string): string {
  if (!/[\u0900-\u097f]/.test(word)) return word;
  let out = '';
  for (const ch of word) out += CONSONANTS[ch] ?? VOWELS[ch] ?? (/[\u0900-\u097f]/.test(ch) ? '' : ch);
  return out;
}

/**
 * The consonant skeleton of a Latin (or transliterated) word: z as j, w as v, ph as f, q as k,
 * an h after a consonant dropped, vowels dropped after the first letter, doubled letters once.
 */
export function skeleton(word: string): string {
  const latin = transliterate(word).replace(/z/g, 'j').replace(/w/g, 'v').replace(/ph/g, 'f').replace(/q/g, 'k');
  const first = latin.slice(0, 1);
  return (first + latin.slice(1).replace(/[aeiouy]/g, ''))
    .replace(/([bcdfgjklmnprstv])h/g, '$1')
    .replace(/(.)\1+/g, '$1');
}
