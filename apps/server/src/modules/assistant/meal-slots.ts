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
 * meal type (response) or a which-food phrase and 'my' (ranking); 'does rice raise sugar?' and
 * 'which foods raise sugar?' stay knowledge questions.
 */
export function readMealSlots(text: Words): MealSlots {
  const found = (Object.keys(TYPES) as MealType[])
    .map((type) => ({ type, at: findPhrase(text, TYPES[type])?.at ?? -1 }))
    .filter((entry) => entry.at >= 0)
    .sort((a, b) => a.at - b.at)[0];
  const mealType = found?.type ?? null;
  const rise = hasPhrase(text, Q.rise);
  const ranking = hasPhrase(text, Q.ranking) && hasPhrase(text, OWN);
  const ask = !rise ? null : ranking ? 'ranking' : mealType ? 'response' : null;
  return { mealType, ask };
}
