/**
 * The Devanagari normalisation that the assistant's matchers and its Hindi search share, so
 * that 'ज़' and 'ज', 'ँ' and 'ं' (spellings patients use interchangeably) match. The
 * assistant's language itself is the request's (src/i18n requestLanguage).
 */

/**
 * Lower-cases and unifies spellings: Unicode NFC, the nukta dropped (ज़ → ज, ड़ → ड),
 * chandrabindu as anusvara (ँ → ं), a nasal before a consonant of its class as anusvara (बन्द → बंद),
 * curly apostrophes straight. Latin text only lower-cases.
 */
export function normaliseSpelling(text: string): string {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .replace(/[’‘`]/g, "'")
      .replace(/\u093c/g, '')
      .replace(/\u0901/g, '\u0902')
      // A nasal with a virama before a consonant of its own class is the anusvara: 'बन्द' → 'बंद', 'ठण्डा' → 'ठंडा'.
      .replace(/(?:ङ्(?=[क-घ])|ञ्(?=[च-झ])|ण्(?=[ट-ढ])|न्(?=[त-ध])|म्(?=[प-भ]))/g, '\u0902')
      .replace(/[\u0958-\u095f]/g, (ch) => NUKTA_LETTERS[ch] ?? ch)
  );
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

/** Latin words only Hinglish uses (not English homographs such as 'me', 'do', 'to', 'main', 'the'). */
const HINGLISH_WORDS = new Set(
  (
    'kya kyaa hai hain h hu hoon tha thi hua hui huyi mera meri mere mujhe mai kitna kitni kitne kab kaise kaisa kaisi ' +
    'kyu kyun kyon batao bataiye dikhao bolo aur nahi nahin sakte sakta sakti karu karun karna karni kare lu loon lena ' +
    'du doon dena wala wali wale aaj kal parso pichle pichla pichhle agla agli din dino hafte hafta mahine mahina ' +
    'badh badha badhi ghat raha rahi rahe gaya gayi gai dawai dawa dawaai goli goliyan chahiye bukhar khana khane ' +
    'pehle baad abhi sabse zyada jyada kam bahut ka ki ke ko ne mein liya li lia kaun konsa bachi bache baki'
  ).split(' '),
);

/**
 * The language to answer `question` in (decision 083): Hindi when any of it is written in
 * Devanagari ('Metformin कब लेनी है?', 'मेरा sugar level normal है क्या?': whoever types
 * Devanagari reads Hindi, and medicine names are stored in Latin letters), the person's app
 * language (`appLanguage`) when it is Hinglish (Latin letters with Hindi words), else English.
 */
export function answerLanguage(question: string, appLanguage: 'en' | 'hi'): 'en' | 'hi' {
  if (/[\u0900-\u097f]/.test(question)) return 'hi';
  const latin = (question.match(/[a-z]/gi) ?? []).length;
  if (latin === 0) return appLanguage;
  return wordsOf(question).some((word) => HINGLISH_WORDS.has(word)) ? appLanguage : 'en';
}
