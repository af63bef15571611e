/**
 * Slot rules that answer before the learned intent step (decision 082 leaves a question to the
 * learned class only when no rule reads it for sure): a question on a subject the assistant does
 * not cover, or with no word of one it covers, whether the person's blood pressure is all right, a
 * measured thing asked in its short form ('bp?', 'wt', 'pills left'), when a named medicine is taken
 * against food, a doubted strength, the clock time of the person's doses, and what to bring to the
 * next visit. Pure functions over vocabulary.json (`judge`, `offTopic`, `scope`, `foodTiming`,
 * `answerRules`, `concepts`).
 */
import { HYPOGLYCAEMIA, TIME_IN_RANGE_TARGET } from '@diacare/contract/clinical';
import { VOCABULARY, hasPhrase, passageAsks, readWords } from './lexicon.ts';
import type { Period, Understanding } from './understanding.ts';

const J = VOCABULARY.judge;
const OFF = VOCABULARY.offTopic;
const FT = VOCABULARY.foodTiming;
const C = VOCABULARY.concepts;
const AR = VOCABULARY.answerRules;
/** The words of each lab test (vocabulary.json records: HbA1c, cholesterol, creatinine…). */
const LAB_TESTS = (
  ['hba1c', 'ldl_cholesterol', 'hdl_cholesterol', 'triglycerides', 'total_cholesterol', 'creatinine', 'uacr'] as const
).map((test) => VOCABULARY.records[test]);

/** Medicine words of every kind, for 'is there a health word'. */
const HEALTH_WORDS = [
  ...OFF.health,
  ...C.glucose,
  ...C.bp,
  ...C.medicine,
  ...Object.values(VOCABULARY.medicineNames).flat(),
];

/**
 * True when `question` names a subject the assistant does not cover ('which SIP fund', 'gehu
 * me kaunsa khaad', 'python me list sort') and no health word: the answer is 'I can't help with
 * that', never the nearest article.
 */
export function isOffTopic(question: string): boolean {
  const text = readWords(question);
  return hasPhrase(text, OFF.words) && !hasPhrase(text, HEALTH_WORDS);
}

/** Words of the subjects the assistant covers: vocabulary.json `scope`, measured things, medicines, meals, signs. */
const IN_SCOPE = [
  ...Object.values(VOCABULARY.scope).flat(),
  ...HEALTH_WORDS,
  ...[C.weight, C.bmi, C.missed, C.refill, C.appointment, C.low, C.range, C.adherence].flat(),
  ...VOCABULARY.sulfonylureas,
  ...LAB_TESTS.flat(),
  ...VOCABULARY.records.labResults,
  ...VOCABULARY.records.insulin,
  ...Object.values(VOCABULARY.mealTypes).flat(),
  ...Object.values(VOCABULARY.meals).flat(),
  ...Object.values(VOCABULARY.escalation).flat(),
  ...VOCABULARY.lowWords,
  ...VOCABULARY.glucoseValue.glucoseWords,
];
/** Fewer words than this ('hello', 'tell me a joke') get the list of what the assistant can do instead. */
const SCOPE_MIN_WORDS = 5;

/**
 * True when `question`, read as `u`, has no word of health, diabetes, food, the body or the person's
 * records at all and the rules read nothing of the person's data in it ('मेरी pension की file कहाँ तक
 * पहुँची', 'pune mein 2BHK rent pe mil jayega kya'): the answer is 'I can't help with that', never an
 * article. `articleWords` (the knowledge base's keywords) count as covered too. Questions under five
 * words keep the list of what the assistant can do.
 */
export function namesNothingInScope(
  question: string,
  u: Pick<Understanding, 'subject' | 'medicine' | 'mealType' | 'labTest' | 'meal'>,
  articleWords: readonly string[] = [],
): boolean {
  const text = readWords(question);
  if (text.words.length < SCOPE_MIN_WORDS || u.subject || u.medicine || u.mealType || u.labTest || u.meal) return false;
  return !hasPhrase(text, IN_SCOPE) && !hasPhrase(text, articleWords);
}

/**
 * True when `question`, read as `u`, asks whether the person's blood pressure is all right
 * ('is papa's BP normal?', 'bp theek hai kya', 'मेरा बीपी ठीक है क्या'): a judging word with
 * blood pressure, not the highest or lowest, no value of its own ('is 130/80 normal' is the article's question), and either
 * whose it is or no 'what is … normal' phrasing.
 */
export function asksBpGoal(question: string, u: Pick<Understanding, 'subject' | 'measure'>): boolean {
  // 'सबसे ज़्यादा बीपी': the highest reading, not a judgement.
  if (u.subject !== 'bp' || u.measure === 'highest' || u.measure === 'lowest') return false;
  const text = readWords(question);
  if (!hasPhrase(text, J.words)) return false;
  // 'is 130/80 normal' asks the article; 'dadu bp 121/85 this morning is that fine' is whose reading it is.
  if (/\d{2,3}\s*\/\s*\d{2,3}/.test(question)) return hasPhrase(text, J.whose);
  return hasPhrase(text, J.whose) || !hasPhrase(text, J.general);
}

/** Words a short form may carry besides its subject: whose, 'kya hai', 'please', 'now'. */
const FILLER = new Set([
  ...J.whose,
  ...'ka ki ke kya hai h he hain the now current latest abhi aaj please pls plz batao bata dikhao show tell me'.split(
    ' ',
  ),
  ...'का की के क्या है हैं अभी आज बताओ बताएं बताइए दिखाओ'.split(' '),
]);
const PILL_WORDS = new Set([
  'pills',
  'pill',
  'tablets',
  'tablet',
  'tabs',
  'goli',
  'goliyan',
  'goliya',
  'गोली',
  'गोलियां',
]);
const LEFT_WORDS = new Set([...C.refill, 'left', 'remaining', 'baki', 'baaki', 'बाकी']);
/** 'diabetes?' alone asks what it is; 'readings' alone is not one measured thing. */
const NOT_GLUCOSE_SHORT = /^(reading|रीडिंग|diabetes|डायबिटीज|मधुमेह)/;
const SHORT_SUBJECTS: [tool: ShortFormTool, words: Set<string>][] = [
  ['bloodPressure', new Set([...C.bp, 'blood', 'pressure', 'ब्लड'])],
  ['weight', new Set([...C.weight, ...C.bmi])],
  ['glucose', new Set(C.glucose.filter((word) => !NOT_GLUCOSE_SHORT.test(word)))],
];
export type ShortFormTool = 'bloodPressure' | 'weight' | 'glucose' | 'refills';

/**
 * The summary tool of a question that is only a measured thing, with at most whose it is and a
 * filler ('bp?', 'BP', 'बीपी?', 'papa ka bp', 'weight', 'wt?', 'sugar?', 'pills left',
 * 'goliyan bachi?'), or null. These are the person's figures, not the article on the subject.
 */
export function shortFormTool(question: string): ShortFormTool | null {
  const words = readWords(question).words.filter((word) => !FILLER.has(word));
  if (words.length === 0 || words.length > 3) return null;
  if (words.some((word) => LEFT_WORDS.has(word)) && words.every((w) => LEFT_WORDS.has(w) || PILL_WORDS.has(w))) {
    return 'refills';
  }
  for (const [tool, subject] of SHORT_SUBJECTS) if (words.every((word) => subject.has(word))) return tool;
  return null;
}

/** The article that says how each medicine is taken ('medicines' for those with no article of their own). */
const MEDICINE_ARTICLES: Record<string, string> = { metformin: 'metformin', insulin: 'insulin' };

/**
 * The article for a question on when a named medicine is taken against food ('glimepiride
 * before or after food?', 'glimepiride khane se pehle ya baad', 'मेटफॉर्मिन खाने के बाद?'):
 * the medicine's own article, else the medicines article; null when it names no medicine, no
 * food and before/after, or is about the person's own record (`u.aboutMe`).
 */
export function foodTimingArticle(question: string, u: Pick<Understanding, 'aboutMe'>): string | null {
  const text = readWords(question);
  if (u.aboutMe || !hasPhrase(text, FT.food) || !hasPhrase(text, FT.when)) return null;
  const named = Object.entries(VOCABULARY.medicineNames).find(([, names]) => hasPhrase(text, names));
  if (named) return MEDICINE_ARTICLES[named[0]] ?? 'medicines';
  return hasPhrase(text, VOCABULARY.sulfonylureas) ? 'medicines' : null;
}

/**
 * The article to answer with instead of `id` when the question tells a low: a current reading
 * under 70 mg/dL (ADA Standards of Care 2025, §6; told-glucose.ts mentionedGlucose) or low symptoms
 * (`lowTold`). The low-glucose article then, never the high-glucose one ('meter me abhi 30 aaya … sahi h
 * kya', 'i feel shaky … are my lows after lunch').
 */
export function articleForLow(id: string, readingMgDl: number | null, lowTold: boolean): string {
  const low = lowTold || (readingMgDl !== null && readingMgDl < HYPOGLYCAEMIA.low);
  return id === 'high-sugar' && low ? 'hypoglycaemia' : id;
}

/** A strength written in a question: '500 mg', '2mg', '500 मिलीग्राम'. */
export const STRENGTH = /\d+(\.\d+)?\s*(mg|mcg|µg|g|मिलीग्राम|ग्राम)(?![\p{L}\p{M}\p{N}_])/iu;

/**
 * True when `question`, read as `u`, doubts a strength written beside one of the person's
 * medicines ('why does the app say glimepiride 500 mg, isnt that a lot', 'glimepiride 500 mg
 * likha h sahi h?'): the answer is the strength as saved, to check with the doctor or pharmacist
 * (decision 101; no usual strength is stated, none is listed in the knowledge base's sources).
 */
export function doubtsStrength(question: string, u: Pick<Understanding, 'medicine'>): boolean {
  return u.medicine !== null && STRENGTH.test(question) && hasPhrase(readWords(question), AR.strengthDoubt);
}

/** Periods that say the question is about doses already due, not the schedule. */
const PAST_PERIODS = new Set<Period['kind']>([
  'yesterday',
  'daysAgo',
  'onDate',
  'lastDays',
  'since',
  'month',
  'between',
  'all',
]);

/**
 * True when `question`, read as `u`, asks at what time the person's tablets are taken ('raat wali
 * goli kitne baje deni hai', 'what time is the night tablet', 'when do I give his evening
 * tablet'): a clock-time phrase, or 'when' with a time of day, about medicines (not insulin, which
 * has no schedule here), and not about a dose already taken ('what time did I take', 'kal kitne
 * baje li'). The answer is the schedule saved in Medications.
 */
export function asksDoseTime(question: string, u: Pick<Understanding, 'subject' | 'timeOfDay' | 'period'>): boolean {
  if (u.subject !== 'doses' || PAST_PERIODS.has(u.period.kind)) return false;
  const text = readWords(question);
  if (hasPhrase(text, AR.pastTake) || hasPhrase(text, VOCABULARY.medicineNames.insulin!)) return false;
  return hasPhrase(text, AR.clockTime) || (u.timeOfDay !== null && hasPhrase(text, AR.when));
}

/**
 * True when `question` asks what to bring to a visit ('which reports should we take', 'कौन सी
 * रिपोर्ट साथ ले जाएँ', 'kya le jaun'): asked with the next appointment, the answer adds the
 * check-ups article's passage on the doctor report.
 */
export function asksWhatToBring(question: string): boolean {
  return passageAsks(question, 'visitBring');
}

/**
 * The article for 'what to do' with a glucose the question tells ('sugar 300 aa jaye to kya karna
 * chahiye', 'what do I do if my sugar is 320', `readingMgDl` from told-glucose.ts mentionedGlucose):
 * above 180 mg/dL (the top of the target range, Battelino 2019) the high-glucose article, under
 * 70 mg/dL (ADA level 1) the low-glucose one; null otherwise or when it asks no 'what to do'.
 */
export function articleForToldReading(question: string, readingMgDl: number | null): string | null {
  if (readingMgDl === null || !passageAsks(question, 'whatToDo')) return null;
  if (readingMgDl > TIME_IN_RANGE_TARGET.high) return 'high-sugar';
  return readingMgDl < HYPOGLYCAEMIA.low ? 'hypoglycaemia' : null;
}

/**
 * The kind of visit `question` asks the date of ('hba1c test kab hai' → 'lab', 'डॉक्टर के पास
 * कितने दिन बाद जाना है' → 'doctor'), or null when it asks none, or asks about a past visit or
 * result ('when was my last HbA1c') or how often one is due. The answer is the next appointment
 * of that kind, from Appointments.
 */
export function visitKindAsked(question: string): 'lab' | 'doctor' | 'both' | null {
  const text = readWords(question);
  if (!hasPhrase(text, AR.visitWhen) || hasPhrase(text, AR.visitPast)) return null;
  // 'एचबीए1सी का टेस्ट अगली बार कब': a named lab test is a lab visit.
  const lab = hasPhrase(text, AR.labVisit) || LAB_TESTS.some((test) => hasPhrase(text, test));
  const doctor = hasPhrase(text, AR.doctorVisit);
  // 'next doctor appointment and the blood test also': the next of each.
  if (lab && doctor) return 'both';
  return lab ? 'lab' : doctor ? 'doctor' : null;
}

/**
 * True when `question` asks what a lab test's result should be ('what hba1c should i aim for',
 * 'HbA1c kitna hona chahiye'; vocabulary.json answerRules.labGoal), not what it was.
 */
export function asksLabGoal(question: string, u: Pick<Understanding, 'subject'>): boolean {
  return u.subject === 'labs' && hasPhrase(readWords(question), AR.labGoal);
}

/** True when a question about the next lab test also asks about the results so far ('HbA1c trend, and when is the next'). */
export function asksLabResultToo(question: string): boolean {
  return hasPhrase(readWords(question), AR.labResultToo);
}

/** True when `question` asks for every medicine with its times ('meri saari dawaiyan aur unka time batao'). */
export function asksScheduleList(question: string, u: Pick<Understanding, 'subject' | 'period'>): boolean {
  return u.subject === 'doses' && !PAST_PERIODS.has(u.period.kind) && hasPhrase(readWords(question), AR.scheduleList);
}
