/**
 * The meal slots of a question (decision 102): the meal type it names ('dinner', 'kal ka lunch',
 * 'मेरा नाश्ता'; vocabulary.json `mealTypes`) and whether it asks what a meal did to the person's
 * own sugar or which meals or foods raise it most (`mealQuestions`), for the rules' reading when
 * the learned step is unsure. The day is the period slot (understanding.ts readPeriod).
 */
import type { MealType } from '@diacare/contract/meal-constants';
import { VOCABULARY, findPhrase, hasPhrase, type Words } from './lexicon.ts';

const TYPES = VOCABULARY.mealTypes as Record<MealType, string[]>;
const Q = VOCABULARY.mealQuestions;
/** 'my', 'meri', 'मेरी': a which-food question is about the person's own meals only with one of these. */
const OWN = VOCABULARY.concepts.personal;

export interface MealSlots {
  /** The first meal type the question names, or null. */
  mealType: MealType | null;
  /** 'response': what one meal did; 'ranking': which meals or foods raise sugar most; null: neither. */
  ask: 'response' | 'ranking' | null;
}

/**
 * True when `text` names a meal type, a which-food phrase or eating at all ('food', 'khana',
 * 'भोजन'): a learned meal class stands only then ('my glucose over the last 30 days' is not one).
 */
export function namesMeal(text: Words): boolean {
  return (
    Object.values(TYPES).some((words) => hasPhrase(text, words)) ||
    hasPhrase(text, Q.ranking) ||
    hasPhrase(text, Q.eating)
  );
}

/**
 * Reads the meal slots of `text` (a question read by lexicon.ts readWords). A question asks
 * about meals only with a word of rising or effect ('badha', 'बढ़ाता', 'do to') and either a
 * meal type or eating at a clock time (`timed`: response) or a which-food phrase and 'my' (ranking);
 * 'does rice raise sugar?' and 'which foods raise sugar?' stay knowledge questions.
 */
export function readMealSlots(text: Words, timed = false): MealSlots {
  const found = (Object.keys(TYPES) as MealType[])
    .map((type) => ({ type, at: findPhrase(text, TYPES[type])?.at ?? -1 }))
    .filter((entry) => entry.at >= 0)
    .sort((a, b) => a.at - b.at)[0];
  const mealType = found?.type ?? null;
  const rise = hasPhrase(text, Q.rise);
  // 'dinner ke baad kitni badhti hai', 'meal type wise median rise', 'चावल से या रोटी से': what meals or foods
  // usually do is the meals report, not one meal.
  const ranking = (hasPhrase(text, Q.ranking) && hasPhrase(text, OWN)) || hasPhrase(text, Q.habitual);
  // 'lunch me kya khaya tha': what one meal was, with its readings (the response answer names the foods).
  const ate = mealType !== null && hasPhrase(text, Q.ate);
  // 'रात साढ़े ग्यारह बजे खाना खाया था, उसके बाद शुगर कहाँ तक गई': eating at a clock time (`timed`) names one meal.
  const one = mealType !== null || (timed && hasPhrase(text, Q.eating));
  const ask = !rise ? (ate ? 'response' : null) : ranking ? 'ranking' : one ? 'response' : null;
  return { mealType, ask };
}

/** Words that put a clock time of 1–11 in the evening or at night ('raat 11:30', '8 pm', 'शाम 7 बजे'). */
const LATE = /\b(pm|p\.m\.|raat|rat|night|tonight|evening|shaam|sham|dinner)\b|रात|शाम|डिनर/u;

/** Words that put a clock time of 1–5 in the afternoon ('lunch 1 baje', 'दोपहर 2 बजे'). */
const AFTERNOON = /\b(lunch|dopahar|dopehar|afternoon)\b|दोपहर|लंच/u;

/**
 * The clock time a question names ('the 23:30 dinner', 'raat 11:30 baje', '8 pm', '7 बजे'), as
 * 'HH:MM' on the 24-hour clock, or null. A time of 1–11 with a late word ('pm', 'raat', 'शाम',
 * 'dinner') is read as the evening or night one, 1–5 with 'lunch' or 'दोपहर' as the afternoon one;
 * 'raat 1 baje' stays 01:00.
 */
export function readClockTime(question: string): string | null {
  const text = question.toLowerCase();
  const clock = /(?<![\d.])([01]?\d|2[0-3])[:.]([0-5]\d)(?![\d.%])/.exec(text);
  const hourOnly = /(?<![\d.:])(\d{1,2})\s*(am|pm|a\.m\.|p\.m\.|baje|बजे)(?![\p{L}])/u.exec(text);
  const spoken = clock || hourOnly ? null : spokenTime(text);
  if (spoken) return spoken;
  const hour = clock ? Number(clock[1]) : hourOnly ? Number(hourOnly[1]) : null;
  if (hour === null || hour > 23) return null;
  const minutes = clock ? clock[2]! : '00';
  const am = /\b(am|a\.m\.)\b/.test(text);
  const late = hour >= 4 && hour < 12 && !am && LATE.test(text);
  const afternoon = hour >= 1 && hour < 6 && !am && AFTERNOON.test(text);
  return `${String(late || afternoon ? hour + 12 : hour).padStart(2, '0')}:${minutes}`;
}

/** Hours said as words before 'baje' / 'बजे' ('ग्यारह बजे', 'aath baje'). */
const HOUR_WORDS: Record<string, number> = {
  ek: 1, do: 2, teen: 3, char: 4, chaar: 4, paanch: 5, panch: 5, chhe: 6, chhah: 6, saat: 7, aath: 8, nau: 9,
  das: 10, gyarah: 11, gyaarah: 11, barah: 12, baarah: 12,
  एक: 1, दो: 2, तीन: 3, चार: 4, पांच: 5, पाँच: 5, छह: 6, छः: 6, सात: 7, आठ: 8, नौ: 9, दस: 10, ग्यारह: 11, बारह: 12,
}; // prettier-ignore
/** 'saadhe' half past, 'sawa' quarter past, 'paune' quarter to, in minutes from the hour. */
const HALVES: Record<string, number> = {
  saadhe: 30,
  sadhe: 30,
  साढ़े: 30,
  साढे: 30,
  sawa: 15,
  सवा: 15,
  paune: -15,
  पौने: -15,
};

/** A time said in words ('रात साढ़े ग्यारह बजे' → 23:30, 'saat baje' → 07:00 or 19:00 with a late word), or null. */
function spokenTime(text: string): string | null {
  const words = text.split(/[^\p{L}\p{M}]+/u).filter(Boolean);
  const at = words.findIndex((w, i) => (w === 'baje' || w === 'बजे') && HOUR_WORDS[words[i - 1] ?? ''] !== undefined);
  if (at < 1) return null;
  let hour = HOUR_WORDS[words[at - 1]!]!;
  const shift = HALVES[words[at - 2] ?? ''] ?? 0;
  if ((LATE.test(text) && hour >= 4 && hour < 12) || (AFTERNOON.test(text) && hour >= 1 && hour < 6)) hour += 12;
  const total = (hour * 60 + shift + 24 * 60) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
