/**
 * What a question asks: English, Hindi and Hinglish, with typos, read into subject,
 * measure, period, medicine, time of day and meal — a pure function over vocabulary.json (decision 038).
 */
import type { LabTest } from '@diacare/contract/lab-rules';
import type { MealType } from '@diacare/contract/meal-constants';
import { isGeneralQuestion, readIntent } from './intents.ts';
import { VOCABULARY, findPhrase, hasPhrase, readWords, type Words } from './lexicon.ts';
import { readClockTime, readMealSlots } from './meal-slots.ts';
import { comparedPeriods, lastDays, range, readPeriod } from './read-period.ts';
import { recurringWeekdayIn } from './period-words.ts';

export { readPeriod };

export type Subject = 'glucose' | 'bp' | 'weight' | 'doses' | 'refill' | 'appointment' | 'labs' | 'insulin' | 'meals';
export type Measure =
  | 'latest'
  | 'onDay'
  | 'average'
  | 'highest'
  | 'lowest'
  | 'count'
  | 'trend'
  | 'timeInRange'
  | 'lows'
  | 'missed'
  | 'taken'
  | 'runOut'
  | 'list'
  | 'threshold'
  | 'bmi'
  | 'summary'
  /** meals: what one meal did to the sugar */
  | 'response'
  /** meals: which meals or foods go with the largest rises */
  | 'ranking';
export type TimeOfDay = 'morning' | 'afternoon' | 'evening' | 'night';
export type Meal = 'fasting' | 'before' | 'after';

/** An inclusive range of dates (YYYY-MM-DD, user's zone) and how the question named it. */
export interface Period {
  kind: 'default' | 'today' | 'yesterday' | 'daysAgo' | 'lastDays' | 'since' | 'onDate' | 'month' | 'between' | 'all';
  from: string;
  to: string;
  /** Days in the range, both ends included. */
  days: number;
  /** For 'daysAgo' and 'lastDays': the N the question said. */
  n?: number;
}

export interface Understanding {
  /** True when it asks about the user's own data (else: education, safety or out of scope). */
  aboutMe: boolean;
  subject: Subject | null;
  measure: Measure;
  period: Period;
  /** True when the question names its period ('last 30 days', 'kal'); else the default 7 days. */
  periodNamed: boolean;
  /** The user's medicine it names (as the user named it), or null. */
  medicine: string | null;
  timeOfDay: TimeOfDay | null;
  meal: Meal | null;
  /** Every meal it names, in the order named ('fasting vs after lunch' → both: each is answered). */
  meals: Meal[];
  /** The meal type it names ('dinner', 'kal ka lunch', 'नाश्ता'), or null (meal-slots.ts). */
  mealType: MealType | null;
  /** For subject 'meals': the clock time of the meal it names ('the 23:30 dinner'), 'HH:MM', or null. */
  mealTime?: string | null;
  /** For subject 'labs': the test it names ('hba1c' for HbA1c or A1c), or null for lab results in general. */
  labTest: LabTest | null;
  /** True when it asks for every item ('full list', 'पूरी लिस्ट'): lists are not cut (records.listAll). */
  listAll?: boolean;
  /** True when it asks for days, not doses ('how many days did I miss a dose', 'कितने दिन'): doses name the days. */
  byDay?: boolean;
  /** A weekday asked as a recurring day ('my tuesday fasting numbers', 'every Sunday'): 0 = Sunday … 6. */
  weekday?: number;
  /** The earlier of two months it names ('October or November'): `period` is the later one. */
  comparedWith?: Period;
  /** For measure 'threshold': the number readings are compared with ('above 180'), in the user's unit. */
  threshold?: {
    value: number;
    side: 'above' | 'below';
    /** The value is in mg/dL whatever the user's unit. */ mgDl?: boolean;
  } | null;
}

const R = VOCABULARY.records;
/** Lab tests in the order their words are tried (LDL and HDL before cholesterol). */
const LAB_TEST_ORDER: LabTest[] = [
  'hba1c',
  'ldl_cholesterol',
  'hdl_cholesterol',
  'triglycerides',
  'total_cholesterol',
  'creatinine',
  'uacr',
];

/** Periods of one day: 'kal', '3 days ago', '16 tarik'. */
const SINGLE_DAY_KINDS = new Set<Period['kind']>(['today', 'yesterday', 'daysAgo', 'onDate']);

const M = VOCABULARY.measures;
/** Measures in the order that wins when a question names several ('lowest' before 'lows'). */
const MEASURE_ORDER: (keyof typeof M)[] = [
  'runOut',
  'highest',
  'lowest',
  'count',
  'timeInRange',
  'average',
  'trend',
  'lows',
  'latest',
];

function measureOf(text: Words, subject: Subject | null): Measure | null {
  // 'kitne din nahi khai' is doses missed, not how long the pills last.
  if (subject === 'doses' && hasPhrase(text, M.missed)) return 'missed';
  if (subject === 'refill' || subject === 'doses') {
    if (hasPhrase(text, M.runOut)) return 'runOut';
    if (subject === 'refill') return null;
  }
  if (subject === 'doses') {
    if (hasPhrase(text, M.missed)) return 'missed';
    if (hasPhrase(text, M.taken)) return 'taken';
    return null;
  }
  return MEASURE_ORDER.find((measure) => hasPhrase(text, M[measure])) ?? null;
}

/** The user's medicine `text` names: the first word of its name, a known alias or a close spelling. */
function medicineIn(text: Words, medicines: readonly string[]): string | null {
  for (const name of medicines) {
    const first = readWords(name).words[0];
    if (!first) continue;
    const aliases = Object.values(VOCABULARY.medicineNames).find((list) => list.includes(first)) ?? [first];
    if (hasPhrase(text, aliases)) return name;
    if (first.length >= 6 && text.words.some((word) => word.length >= 5 && withinOneEdit(word, first))) return name;
  }
  return null;
}

/** True when `a` and `b` differ by at most one insertion, deletion or substitution. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i += 1;
      j += 1;
      continue;
    }
    if ((edits += 1) > 1) return false;
    if (a.length > b.length) i += 1;
    else if (b.length > a.length) j += 1;
    else {
      i += 1;
      j += 1;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

const pick = <K extends string>(text: Words, lists: Record<K, string[]>): K | null =>
  (Object.keys(lists) as K[])
    .map((key) => ({ key, found: findPhrase(text, lists[key]) }))
    .filter((entry) => entry.found)
    .sort((a, b) => a.found!.at - b.found!.at)[0]?.key ?? null;

/** Every key of `lists` with a phrase in `text`, in the order they appear. */
const pickAll = <K extends string>(text: Words, lists: Record<K, string[]>): K[] =>
  (Object.keys(lists) as K[])
    .map((key) => ({ key, found: findPhrase(text, lists[key]) }))
    .filter((entry) => entry.found)
    .sort((a, b) => a.found!.at - b.found!.at)
    .map((entry) => entry.key);

/**
 * Reads `question` asked on `today` (YYYY-MM-DD in the user's zone) by a user who takes
 * `medicines` (their names as entered). Pure: no database, no clock.
 */
export function understand(question: string, today: string, medicines: readonly string[] = []): Understanding {
  const text = readWords(question);
  const intent = readIntent(question);
  const has = (concept: string) => intent.concepts.has(concept as never);
  const medicine = medicineIn(text, medicines);
  const labTest = LAB_TEST_ORDER.find((test) => hasPhrase(text, R[test as keyof typeof R])) ?? null;
  const labs = labTest !== null || hasPhrase(text, R.labResults);
  // How much insulin was logged is the insulin record's question, not the schedule's.
  const insulin = hasPhrase(text, R.insulin) && hasPhrase(text, R.amount);
  const mealTime = readClockTime(question);
  const mealSlots = readMealSlots(text, mealTime !== null);
  const education = isGeneralQuestion(text.padded);
  let subject: Subject | null = null;
  if (mealSlots.ask && !education) subject = 'meals';
  else if (has('appointment') && !hasPhrase(text, ['lab results', 'lab result', 'lab report', 'test results'])) {
    subject = 'appointment';
  } else if (insulin) subject = 'insulin';
  // 'kitne din chalegi' is pills left; 'kitne din dose miss kiya' is missed doses.
  else if (has('refill') || (has('medicine') && hasPhrase(text, M.runOut) && !hasPhrase(text, M.missed))) {
    subject = 'refill';
  } else if (has('medicine') || has('missed') || has('adherence') || medicine) subject = 'doses';
  else if (labs) subject = 'labs';
  else if (has('glucose') || has('low') || has('range')) subject = 'glucose';
  else if (has('bp')) subject = 'bp';
  else if (has('weight') || has('bmi')) subject = 'weight';

  const compared = comparedPeriods(question, today);
  const weekday = recurringWeekdayIn(text.words);
  const read = compared?.later ?? readPeriod(question, today);
  // A recurring weekday ('pichle sundays ka batao') is every such day in the data, not the last one.
  const named = weekday !== null && (!read || read.kind === 'onDate') ? range('1900-01-01', today, 'all') : read;
  const meals = pickAll(text, VOCABULARY.meals as Record<Meal, string[]>);
  // '16 tarik ko 51 kaise aa gaya tha lunch ke baad': a meal's reading on a day is a glucose reading;
  // 'fasting vs post lunch which one is worse': two meal contexts compared are glucose readings.
  // 'fasting was 189 this morning … what was it yesterday': a meal's value is a glucose reading too.
  if (
    subject === null &&
    meals.length > 0 &&
    named &&
    (SINGLE_DAY_KINDS.has(named.kind) || /\b\d{2,3}\b/.test(question))
  ) {
    subject = 'glucose';
  }
  if (subject === null && meals.length > 1 && !education) subject = 'glucose';
  // 'my tuesday fasting numbers always look high': a meal's readings on a recurring weekday.
  if (subject === null && meals.length > 0 && weekday !== null) subject = 'glucose';
  let measure = subject === 'meals' ? mealSlots.ask : measureOf(text, subject);
  // 'how many times have i gone below 70': lows are glucose readings, named or not.
  if (subject === null && measure === 'lows' && (!education || named !== null)) subject = 'glucose';
  if (measure === null) {
    measure =
      named && (named.kind === 'yesterday' || named.kind === 'daysAgo' || named.kind === 'onDate')
        ? 'onDay'
        : 'summary';
  }
  const personal = intent.tools.length > 0 || has('personal') || named !== null;
  // 'latest blood pressure', 'highest sugar in last 30 days?': the measure says it is the user's own.
  const ownMeasure = ['highest', 'lowest', 'latest', 'lows', 'missed', 'runOut'].includes(measure);
  const aboutMe =
    subject !== null &&
    (intent.tools.length > 0 ||
      ((personal || ownMeasure) && !education) ||
      (subject === 'labs' && hasPhrase(text, ['my', 'mera', 'meri', 'मेरा', 'मेरी'])) ||
      (subject === 'insulin' && !education) ||
      (subject === 'glucose' && weekday !== null) ||
      subject === 'meals');
  return {
    aboutMe,
    subject,
    measure,
    // A trend compares rolling periods: 'better than last month' is the last 30 days against the 30 before;
    // so does a weight's change ('weight kam hua kya pichle mahine se': over the last 30 days).
    // 'How was my sugar this week?' (the suggested question) asks for Reports' summary of the last 7 days;
    // a number ('180 se upar kitni baar') or a meal ('lunch ke baad wala sugar is hafte') asks for the calendar week.
    period: ((measure === 'trend' || subject === 'weight') && !compared && named
      ? readPeriod(question, today, true)
      : measure === 'summary' &&
          (subject === 'glucose' || subject === 'bp') &&
          !compared &&
          meals.length === 0 &&
          !/\d/.test(question) &&
          hasPhrase(text, VOCABULARY.periods.thisWeek)
        ? lastDays(today, 7)
        : named) ?? {
      ...lastDays(today, 7),
      kind: 'default',
    },
    periodNamed: named !== null,
    medicine,
    timeOfDay: pick(text, VOCABULARY.timesOfDay as Record<TimeOfDay, string[]>),
    meal: meals[0] ?? null,
    meals,
    mealType: mealSlots.mealType,
    mealTime: subject === 'meals' ? mealTime : null,
    labTest: subject === 'labs' ? labTest : null,
    ...(hasPhrase(text, R.listAll) ? { listAll: true } : {}),
    ...(hasPhrase(text, VOCABULARY.answerRules.askDays) ? { byDay: true } : {}),
    ...(compared ? { comparedWith: compared.earlier } : {}),
    ...(weekday !== null && subject === 'glucose' ? { weekday } : {}),
  };
}
