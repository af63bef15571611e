/**
 * What a question asks: English, Hindi and Hinglish, with typos, read into subject,
 * measure, period, medicine, time of day and meal — a pure function over vocabulary.json (decision 038).
 */
import { shiftDate } from '@diacare/contract/dates';
import type { LabTest } from '@diacare/contract/lab-rules';
import type { MealType } from '@diacare/contract/meal-constants';
import { conceptsOf, isGeneralQuestion, readIntent } from './intents.ts';
import { VOCABULARY, findPhrase, hasPhrase, readWords, type Words } from './lexicon.ts';
import { readClockTime, readMealSlots } from './meal-slots.ts';
import { dateIn, dateRangeIn, saysSoFar, weekdayIn } from './period-words.ts';

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

const P = VOCABULARY.periods;
const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, ten: 10, fifteen: 15, thirty: 30,
  ek: 1, teen: 3, char: 4, chaar: 4, paanch: 5, panch: 5, saat: 7, das: 10, pandrah: 15, tees: 30,
  एक: 1, दो: 2, तीन: 3, चार: 4, पांच: 5, सात: 7, दस: 10, पंद्रह: 15, तीस: 30,
}; // prettier-ignore
const DAY_WORDS = new Set(P.days);
const WEEK_WORDS = new Set(P.weeks);
const AGO_WORDS = new Set(P.ago);
const LAST_WORDS = new Set(P.last);
const MONTHS = new Map(
  Object.entries(VOCABULARY.months).flatMap(([month, names]) => names.map((n) => [n, Number(month)])),
);

/** A count written as digits, a number word, or 'do' (Hinglish two) before a day word. */
function countAt(words: readonly string[], i: number): number | null {
  const word = words[i];
  if (word === undefined) return null;
  if (/^\d{1,3}$/.test(word)) return Number(word);
  if (word === 'do' && DAY_WORDS.has(words[i + 1] ?? '')) return 2;
  return NUMBER_WORDS[word] ?? null;
}

const range = (from: string, to: string, kind: Period['kind'], n?: number): Period => ({
  kind,
  from,
  to,
  days: Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1,
  ...(n === undefined ? {} : { n }),
});
const lastDays = (today: string, n: number): Period => range(shiftDate(today, -(n - 1)), today, 'lastDays', n);

/**
 * The period `text` names, relative to `today` (the user's date): today, yesterday ('kal',
 * 'कल'), N days ago, the last N days or weeks, this or last calendar week or month (calendarPeriod,
 * decision 111; `rolling`: last week and last month as the last 7 and 30 days), what is usual
 * ('overall', 'ज्यादातर': the last 30 days, as History), since a date, between two dates, on a date
 * ('14 Nov', '16 तारीख', a weekday), or since the start ('since I joined', 'so far': 'all').
 * Null when it names none.
 */
export function readPeriod(question: string, today: string, rolling = false): Period | null {
  const text = readWords(question);
  const { words } = text;
  // '30d', '7d', '2w', '2wk' (chat shorthand for days and weeks).
  const short = words.map((w) => /^(\d{1,3})(d|w|wk|wks)$/.exec(w)).find(Boolean);
  if (short) {
    const days = Number(short[1]) * (short[2] === 'd' ? 1 : 7);
    if (days >= 1 && days <= 366) return lastDays(today, days);
  }
  for (let i = 0; i < words.length; i += 1) {
    const n = countAt(words, i);
    if (n === null || n < 1) continue;
    // 'one day this week', 'ek din': some day, not the last 1 day.
    if (n === 1 && !/^\d/.test(words[i]!) && !LAST_WORDS.has(words[i - 1] ?? '')) continue;
    const unit = words[i + 1] ?? '';
    const days = DAY_WORDS.has(unit) ? n : WEEK_WORDS.has(unit) ? n * 7 : null;
    if (days === null) continue;
    if (AGO_WORDS.has(words[i + 2] ?? '')) {
      const date = shiftDate(today, -days);
      return range(date, date, 'daysAgo', days);
    }
    if (days <= 366) return lastDays(today, days);
  }
  // 'since I joined', 'shuru se', 'शुरू से': all the data, from the first entry.
  if (hasPhrase(text, P.sinceStart)) return range('1900-01-01', today, 'all');
  // '1 nov se 10 nov tak', 'between 1 and 10 nov' (period-words.ts), before a single date is read.
  const between = dateRangeIn(words, today);
  if (between) return range(between.from, between.to, 'between');
  const sinceAt = words.findIndex((w) => w === 'since');
  // A date, else a weekday ('since monday', 'मंगलवार को').
  const named = dateIn(normalisedRaw(question), words, today) ?? weekdayIn(words, today);
  // 'since 10 Nov', '10 Nov se'; not a meal's 'se pehle' / 'se baad' ('18 tareek ko lunch se pehle').
  const fromWord = words.some(
    (w, i) =>
      ['se', 'से', 'from'].includes(w) && !['pehle', 'pahle', 'पहले', 'baad', 'bad', 'बाद'].includes(words[i + 1] ?? ''),
  );
  if (named && (sinceAt >= 0 || fromWord)) return range(named, today, 'since');
  if (named) return range(named, named, 'onDate');
  const month = namedMonth(words, today);
  if (month) return month;
  if (hasPhrase(text, P.yesterday) && hasPhrase(text, P.today)) return lastDays(today, 2);
  if (hasPhrase(text, P.dayBeforeYesterday)) return range(shiftDate(today, -2), shiftDate(today, -2), 'daysAgo', 2);
  if (hasPhrase(text, P.yesterday)) return range(shiftDate(today, -1), shiftDate(today, -1), 'yesterday');
  if (hasPhrase(text, P.today)) return range(today, today, 'today');
  const calendar = calendarPeriod(text, today, rolling);
  if (calendar) return calendar;
  // 'overall', 'usually', 'ज्यादातर': what is typical, over the last 30 days (as History).
  if (hasPhrase(text, P.overall)) return lastDays(today, 30);
  const concepts = new Set(words.filter((w) => !/^\d+$/.test(w)).flatMap(conceptsOf));
  if (concepts.has('month')) return lastDays(today, 30);
  if (concepts.has('week')) return lastDays(today, 7);
  // 'last 3' alone is not a period; 'pichle' with 'din' and no count is the default week.
  if (words.some((w) => LAST_WORDS.has(w)) && words.some((w) => DAY_WORDS.has(w))) return lastDays(today, 7);
  return saysSoFar(text) ? range('1900-01-01', today, 'all') : null;
}

const normalisedRaw = (question: string) => question.toLowerCase();

/**
 * The calendar week or month `text` names (docs/decisions/111): 'this week', 'इस हफ्ते' → Monday to
 * `today`; 'last week', 'पिछले हफ्ते', 'गत सप्ताह' → the Monday to Sunday before; 'this month' → the 1st to
 * `today`; 'last month', 'पिछले महीने' → the month before, 1st to last day. 'The last week', 'past month'
 * are the last 7 or 30 days, and so are 'last week' and 'last month' when `rolling` (a trend or a
 * weight's change compares rolling periods). Null when none is named.
 */
function calendarPeriod(text: Words, today: string, rolling: boolean): Period | null {
  if (hasPhrase(text, P.rollingMonth) || (rolling && hasPhrase(text, P.lastMonth))) return lastDays(today, 30);
  if (hasPhrase(text, P.rollingWeek) || (rolling && hasPhrase(text, P.lastWeek))) return lastDays(today, 7);
  if (hasPhrase(text, P.thisMonth)) return range(`${today.slice(0, 8)}01`, today, 'since');
  if (hasPhrase(text, P.lastMonth)) {
    const last = shiftDate(`${today.slice(0, 8)}01`, -1);
    return range(`${last.slice(0, 8)}01`, last, 'month');
  }
  // Monday starts the week (ISO 8601); Date.getUTCDay counts Sunday as 0.
  const monday = shiftDate(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  if (hasPhrase(text, P.thisWeek)) return range(monday, today, 'since');
  if (hasPhrase(text, P.lastWeek)) return range(shiftDate(monday, -7), shiftDate(monday, -1), 'between');
  return null;
}

/** Month names that are also common words ('may I', 'mar gaya', 'jaan'): not read as a month alone. */
const AMBIGUOUS_MONTHS = new Set(['may', 'mar', 'jan', 'मई']);

/**
 * A calendar month named without a day ('october me', 'अक्टूबर में', 'lows in Oct'): its 1st to its
 * last day, or to today for the current month; a month still to come this year is last year's.
 */
function namedMonth(words: readonly string[], today: string): Period | null {
  const word = words.find((w) => MONTHS.has(w) && !AMBIGUOUS_MONTHS.has(w));
  if (word === undefined) return null;
  const month = MONTHS.get(word)!;
  const thisMonth = Number(today.slice(5, 7));
  const year = Number(today.slice(0, 4)) - (month > thisMonth ? 1 : 0);
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const last = shiftDate(month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`, -1);
  return range(first, last < today ? last : today, 'month');
}
/**
 * Two months a question names ('October or now in November', 'अक्टूबर और नवंबर'), or one month and
 * 'this month' ('october vs is mahine'): the earlier and the later (so far), else null.
 */
function twoMonths(words: readonly string[], today: string): { earlier: Period; later: Period } | null {
  const named = [...new Set(words.filter((w) => MONTHS.has(w) && !AMBIGUOUS_MONTHS.has(w)).map((w) => MONTHS.get(w)!))];
  const periods = named.map((month) => namedMonth([[...MONTHS].find(([, m]) => m === month)![0]], today)!);
  if (periods.length === 1 && hasPhrase(readWords(words.join(' ')), VOCABULARY.periods.thisMonth)) {
    periods.push(range(`${today.slice(0, 8)}01`, today, 'since'));
  }
  if (periods.length !== 2) return null;
  const [earlier, later] = [...periods].sort((a, b) => a.from.localeCompare(b.from));
  return earlier!.from === later!.from ? null : { earlier: earlier!, later: later! };
}
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
  else if (has('refill') || (has('medicine') && hasPhrase(text, M.runOut))) subject = 'refill';
  else if (has('medicine') || has('missed') || has('adherence') || medicine) subject = 'doses';
  else if (labs) subject = 'labs';
  else if (has('glucose') || has('low') || has('range')) subject = 'glucose';
  else if (has('bp')) subject = 'bp';
  else if (has('weight') || has('bmi')) subject = 'weight';

  const compared = twoMonths(text.words, today);
  const named = compared?.later ?? readPeriod(question, today);
  const meals = pickAll(text, VOCABULARY.meals as Record<Meal, string[]>);
  // '16 tarik ko 51 kaise aa gaya tha lunch ke baad': a meal's reading on a day is a glucose reading;
  // 'fasting vs post lunch which one is worse': two meal contexts compared are glucose readings.
  if (subject === null && meals.length > 0 && named && SINGLE_DAY_KINDS.has(named.kind)) subject = 'glucose';
  if (subject === null && meals.length > 1 && !education) subject = 'glucose';
  let measure = subject === 'meals' ? mealSlots.ask : measureOf(text, subject);
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
      subject === 'meals');
  return {
    aboutMe,
    subject,
    measure,
    // A trend compares rolling periods: 'better than last month' is the last 30 days against the 30 before;
    // so does a weight's change ('weight kam hua kya pichle mahine se': over the last 30 days).
    // 'How was my sugar this week?' (the suggested question) asks for Reports' summary of the last 7 days;
    // a number ('180 se upar kitni baar') makes it a count over the calendar week.
    period: ((measure === 'trend' || subject === 'weight') && !compared && named
      ? readPeriod(question, today, true)
      : measure === 'summary' &&
          (subject === 'glucose' || subject === 'bp') &&
          !/\d/.test(question) &&
          hasPhrase(text, P.thisWeek)
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
    ...(compared ? { comparedWith: compared.earlier } : {}),
  };
}
