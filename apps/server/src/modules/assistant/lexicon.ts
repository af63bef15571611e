/**
 * The assistant's vocabulary (vocabulary.json: English, Hindi and Hinglish words and
 * phrases) in the normalised spelling of language.ts, and the phrase matching every reader
 * of it shares: a phrase matches whole words, so 'kal' never matches inside 'kalash'.
 */
import { normaliseSpelling, wordsOf } from './language.ts';
import raw from './vocabulary.json' with { type: 'json' };

type Lists = Record<string, string[]>;

const norm = (list: readonly string[]) => [...new Set(list.map((word) => wordsOf(word).join(' ')).filter(Boolean))];
const normAll = <T extends Lists>(lists: T): { [K in keyof T]: string[] } =>
  Object.fromEntries(Object.entries(lists).map(([key, list]) => [key, norm(list)])) as { [K in keyof T]: string[] };

const { $comment: _glucoseComment, ...glucoseValue } = raw.glucoseValue;
const { $comment: _safetyComment, ...safety } = raw.safety;
const { $comment: _doseComment, ...doseChange } = raw.doseChange;
const { $comment: _termsComment, ...knowledgeTerms } = raw.knowledgeTerms;
const { $comment: _recordsComment, ...records } = raw.records;
const { $comment: _mealTypesComment, ...mealTypes } = raw.mealTypes;
const { $comment: _mealQuestionsComment, ...mealQuestions } = raw.mealQuestions;
const { $comment: _judgeComment, ...judge } = raw.judge;
const { $comment: _offTopicComment, ...offTopic } = raw.offTopic;
const { $comment: _scopeComment, ...scope } = raw.scope;
const { $comment: _foodTimingComment, ...foodTiming } = raw.foodTiming;
const { $comment: _chatComment, ...chatSpellings } = raw.chatSpellings;
const { $comment: _rulesComment, ...answerRules } = raw.answerRules;
const { $comment: _passageComment, ...passageTerms } = raw.passageTerms;
/** Each chat spelling ('nhi', 'rha', 'kr') → its full form ('nahi', 'raha', 'kar'). */
const CHAT_SPELLINGS = new Map(
  Object.entries(chatSpellings).flatMap(([full, spellings]) => spellings.map((spelling) => [spelling, full] as const)),
);
const KNOWLEDGE_TERMS = new Map(
  Object.entries(knowledgeTerms).map(([word, terms]) => [wordsOf(word).join(' '), terms]),
);

/**
 * `question` with the English words the knowledge articles use for its Hinglish words
 * ('kya main aam kha sakta hoon' + 'mango fruit'), for searching the English articles.
 */
export function withKnowledgeTerms(question: string): string {
  const text = readWords(question);
  const added = [...KNOWLEDGE_TERMS].filter(([word]) => text.padded.includes(` ${word} `)).map(([, terms]) => terms);
  return added.length ? `${question} ${added.join(' ')}` : question;
}

/** The phrases of vocabulary.json `passageTerms` (and `answerRules.visitBring`) and the words each adds, normalised. */
const { visitBring: visitBringTerms, ...askedAspects } = passageTerms;
const PASSAGE_TERMS = {
  ...(Object.fromEntries(
    Object.entries(askedAspects).map(([ask, { phrases, terms }]) => [ask, { phrases: norm(phrases), terms }]),
  ) as Record<keyof typeof askedAspects, { phrases: string[]; terms: string }>),
  visitBring: { phrases: norm(answerRules.visitBring), terms: visitBringTerms.terms },
};
export type PassageAsk = keyof typeof PASSAGE_TERMS;
/** The aspects a question can ask of an article ('how often', 'why', 'is it normal', …), in vocabulary.json order. */
const ASPECTS = Object.keys(askedAspects) as (keyof typeof askedAspects)[];

/** True when `question` has a phrase of `PASSAGE_TERMS[ask]`: 'how often', 'what to do', 'why', what to bring to a visit, … */
export function passageAsks(question: string, ask: PassageAsk): boolean {
  return hasPhrase(readWords(question), PASSAGE_TERMS[ask].phrases);
}

/**
 * The query that picks an article's passage for `question`: withKnowledgeTerms, and the words of
 * the passage that answers each aspect it asks ('how often' → 'every year'; 'what to do' → 'check
 * again drink water'; 'why' → 'because'; 'is it normal' → 'common settle'; 'can it be cured' →
 * 'remission'), or of the passage `ask` names ('visitBring' → the doctor report). Never used to rank articles.
 */
export function passageQuery(question: string, ask?: PassageAsk): string {
  const asks = ask ? [ask] : ASPECTS.filter((kind) => passageAsks(question, kind));
  const query = withKnowledgeTerms(question);
  return asks.length ? `${query} ${asks.map((kind) => PASSAGE_TERMS[kind].terms).join(' ')}` : query;
}

/** vocabulary.json with every entry normalised (lower case, no nukta, words joined by one space). */
export const VOCABULARY = {
  concepts: normAll(raw.concepts),
  measures: normAll(raw.measures),
  periods: normAll(raw.periods),
  months: normAll(raw.months),
  weekdays: normAll(raw.weekdays),
  timesOfDay: normAll(raw.timesOfDay),
  meals: normAll(raw.meals),
  mealTypes: normAll(mealTypes),
  mealQuestions: normAll(mealQuestions),
  medicineNames: normAll(raw.medicineNames),
  sulfonylureas: norm(raw.sulfonylureas),
  escalation: normAll(raw.escalation),
  glucoseValue: normAll(glucoseValue),
  safety: normAll(safety),
  doseChange: normAll(doseChange),
  records: normAll(records),
  judge: normAll(judge),
  offTopic: normAll(offTopic),
  scope: normAll(scope),
  foodTiming: normAll(foodTiming),
  answerRules: normAll(answerRules),
  lowWords: norm(raw.lowWords),
};

/** A question read once: its normalised words, and the same joined with single spaces and padded. */
export interface Words {
  words: string[];
  /** ` word word … ` — a phrase matches where ` ${phrase} ` occurs. */
  padded: string;
}

/** Reads `text` into words (language.ts wordsOf: letters, marks, digits and '). */
export function readWords(text: string): Words {
  return wordsFrom(wordsOf(text));
}

/**
 * Reads `text` as readWords does, with Hinglish chat spellings written out ('mummy jawab ni de rhi' →
 * 'mummy jawab nahi de rahi'; vocabulary.json chatSpellings), so the guard rails' phrase lists need one spelling.
 */
export function readChatWords(text: string): Words {
  return wordsFrom(wordsOf(text).map((word) => CHAT_SPELLINGS.get(word) ?? word));
}

/** The Words of already-read `words`. */
function wordsFrom(words: string[]): Words {
  return { words, padded: ` ${words.join(' ')} ` };
}

/** True when any of `phrases` (normalised) occurs in `text` as whole words. */
export function hasPhrase(text: Words, phrases: readonly string[]): boolean {
  return phrases.some((phrase) => text.padded.includes(` ${phrase} `));
}

/** The first of `phrases` found in `text`, and the index of the word where it starts (-1 when none). */
export function findPhrase(text: Words, phrases: readonly string[]): { phrase: string; at: number } | null {
  let best: { phrase: string; at: number } | null = null;
  for (const phrase of phrases) {
    const index = text.padded.indexOf(` ${phrase} `);
    if (index < 0) continue;
    const at = text.padded
      .slice(0, index + 1)
      .trim()
      .split(' ')
      .filter(Boolean).length;
    if (!best || at < best.at) best = { phrase, at };
  }
  return best;
}

export { normaliseSpelling };
