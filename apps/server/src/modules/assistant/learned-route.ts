/**
 * Where the learned intent step sends a question (decision 082): an article, the list of what
 * the assistant can do, or the user's data with the rules' slots (period, medicine, meal,
 * threshold) kept and the subject and measure set from the class.
 */
import { HYPOGLYCAEMIA } from '@diacare/contract/clinical';
import { shiftDate } from '@diacare/contract/dates';
import { readIntent, type Concept } from './intents.ts';
import { classifyIntent, MIN_MARGIN, readThreshold } from './learned-intent.ts';
import { VOCABULARY, hasPhrase, readWords } from './lexicon.ts';
import { namesMeal } from './meal-slots.ts';
import { readPeriod, type Measure, type Subject, type Understanding } from './understanding.ts';

export type Route =
  | { kind: 'article'; id: string }
  | { kind: 'other' }
  | { kind: 'data'; understood: Understanding; tool: 'todaysDoses' | 'nextAppointment' | 'weight' | 'adherence' | null }
  | { kind: 'rules' };

const MEASURES: Record<string, Measure> = {
  latest: 'latest',
  average: 'average',
  highest: 'highest',
  lowest: 'lowest',
  onDay: 'onDay',
  lows: 'lows',
  count: 'count',
  tir: 'timeInRange',
  summary: 'summary',
  trend: 'trend',
  list: 'list',
  threshold: 'threshold',
  missed: 'missed',
  taken: 'taken',
  runOut: 'runOut',
  bmi: 'bmi',
  response: 'response',
  ranking: 'ranking',
};

const EXTREMES = new Set<Measure>(['highest', 'lowest']);
/** Measures the rules read from the question's own words ('kitni baar', 'lowest', 'average'), not from a period alone. */
const WORDED_MEASURES = new Set<Measure>(['lows', 'count', 'highest', 'lowest', 'average', 'threshold', 'timeInRange']);
const READINGS = new Set<Subject>(['glucose', 'bp', 'weight']);
/** Asking what to do ('sugar kitni baar check karein', 'how often should i check'): the article's question, not the record's. */
const ASKS_ADVICE = /\b(should|shud|shd|karein|karen|karna chahiye|chahiye)\b|चाहिए|करें|करना है/u;
/** The vocabulary concepts that name each measured thing (intents.ts). */
const SUBJECT_CONCEPTS: Partial<Record<Subject, Concept[]>> = {
  glucose: ['glucose', 'low', 'range'],
  bp: ['bp'],
  weight: ['weight', 'bmi'],
};

/** Everything since the first reading: 'highest ever', 'lowest' with no period. */
export const ALL_TIME = (today: string) => ({ kind: 'all' as const, from: '1900-01-01', to: today, days: 36_500 });

/**
 * The route of `question` read by the rules as `u` on `today` (YYYY-MM-DD, user's zone).
 * 'rules' when the learned class is not sure (margin under MIN_MARGIN).
 */
export function routeQuestion(question: string, u: Understanding, today: string): Route {
  const { label, margin } = classifyIntent(question);
  if (margin < MIN_MARGIN) return { kind: 'rules' };
  // 'other' does not outvote the rules' reading of the person's own readings on a named day or period
  // ('16 tarik ko 51 kaise aa gaya tha lunch ke baad'): the rules answer it.
  if (label === 'other')
    return u.aboutMe && u.periodNamed && u.subject && READINGS.has(u.subject) ? { kind: 'rules' } : { kind: 'other' };
  // A meal the rules read on a named day ('aaj nashte me kya khaya'), or the person's own readings or doses
  // over a named period ('जब से ऐप चालू किया … कितनी बार कम हुई'), is their record, not an article.
  if (
    label.startsWith('kb:') &&
    u.periodNamed &&
    !ASKS_ADVICE.test(question.toLowerCase()) &&
    (u.subject === 'meals' || (u.aboutMe && u.subject && READINGS.has(u.subject) && WORDED_MEASURES.has(u.measure)))
  )
    return { kind: 'rules' };
  // Readings on a recurring weekday ('pichle sundays ka fasting batao') are the person's record.
  if (u.weekday !== undefined && u.subject === 'glucose') return { kind: 'rules' };
  if (label.startsWith('kb:')) return { kind: 'article', id: label.slice(3) };
  const [learnedSubject, measureName = 'summary'] = label.split('.') as [Subject, string];
  // Doses missed, read for sure from their words ('how many tabs has he missed'), are not
  // outvoted by another learned subject.
  // A learned insulin class needs an insulin word ('octobr mein kitni baar dawai chhooti' is tablets).
  const insulinNamed = hasPhrase(readWords(question), VOCABULARY.records.insulin);
  if (
    u.subject === 'doses' &&
    u.measure === 'missed' &&
    learnedSubject !== 'doses' &&
    (learnedSubject !== 'insulin' || !insulinNamed)
  )
    return { kind: 'rules' };
  // A meal the rules read for sure (a meal type or clock time with a rise word: 'sensor … after last nite dinner')
  // is not outvoted by a learned glucose class.
  if (u.subject === 'meals' && learnedSubject === 'glucose') return { kind: 'data', understood: u, tool: null };
  // A meal class needs a meal or food word (meal-slots.ts); without one the rules read it. Two meal
  // contexts of readings ('fasting or after lunch, which is higher') compare glucose, not meals: the rules.
  if (learnedSubject === 'meals' && (!namesMeal(readWords(question)) || u.meals.length > 1)) return { kind: 'rules' };
  // The measured thing is a slot the rules read from its words ('bp', 'बीपी', 'weight'): a learned
  // class of another measured thing does not overrule it.
  // A named lab test ('एचबीए1सी कम हुआ या बढ़ा') is the lab record, not the glucose readings.
  const subject =
    u.subject === 'labs' && u.labTest && READINGS.has(learnedSubject)
      ? 'labs'
      : u.subject &&
          u.subject !== learnedSubject &&
          READINGS.has(u.subject) &&
          READINGS.has(learnedSubject) &&
          !SUBJECT_CONCEPTS[learnedSubject]!.some((concept) => readIntent(question).concepts.has(concept))
        ? u.subject
        : learnedSubject;
  // Highest or lowest is read from its words ('lowest', 'सबसे कम'): the learned class picks the answer, the
  // rules' slot says which end.
  const learnedMeasure = MEASURES[measureName] ?? 'summary';
  // Lows read from their words ('kitni baar sugar low aayi') are not a count of readings or a summary.
  const measure =
    (EXTREMES.has(learnedMeasure) && EXTREMES.has(u.measure)) ||
    (u.measure === 'lows' && (learnedMeasure === 'count' || learnedMeasure === 'summary')) ||
    // What a kind of meal usually does ('dinner ke baad kitni badhti hai'): the meals report, not one meal.
    (u.subject === 'meals' && u.measure === 'ranking')
      ? u.measure
      : learnedMeasure;
  const understood: Understanding = { ...u, aboutMe: true, subject, measure };
  if (measure === 'threshold') {
    // 'when did my sugar go low': no number → under 70 mg/dL (ADA level 1 hypoglycaemia); no period → all data.
    understood.threshold = readThreshold(question) ?? { value: HYPOGLYCAEMIA.low, side: 'below', mgDl: true };
    if (!u.periodNamed) understood.period = ALL_TIME(today);
  }
  if ((measure === 'highest' || measure === 'lowest') && !u.periodNamed) {
    understood.period = ALL_TIME(today);
  }
  // A day's readings with no day named ('sugar kaisi thi subah'): today's.
  if (measure === 'onDay' && !u.periodNamed) understood.period = { kind: 'today', from: today, to: today, days: 1 };
  // A trend compares rolling periods ('compared to last month': the last 30 days against the 30 before).
  if (measure === 'trend' && u.periodNamed && !u.comparedWith)
    understood.period = readPeriod(question, today, true) ?? u.period;
  if (measure === 'trend' && !u.periodNamed)
    understood.period = { ...u.period, from: shiftDate(today, -29), days: 30, kind: 'lastDays', n: 30 };
  if (subject === 'labs') understood.labTest = u.labTest ?? 'hba1c';
  // Today's doses are today's: a question naming another period ('jab se join kiya tab se') asks for adherence.
  if (label === 'doses.today' && (!u.periodNamed || u.period.kind === 'today'))
    return { kind: 'data', understood, tool: 'todaysDoses' };
  if (label === 'doses.today') return { kind: 'data', understood, tool: 'adherence' };
  // 'kitni dose miss hui': the rules' missed count, not the learned adherence figure.
  if (label === 'doses.adherence' && u.measure !== 'missed') return { kind: 'data', understood, tool: 'adherence' };
  if (label === 'doses.adherence') understood.measure = 'missed';
  if (subject === 'appointment') return { kind: 'data', understood, tool: 'nextAppointment' };
  if (subject === 'refill') understood.measure = 'runOut';
  return { kind: 'data', understood, tool: null };
}
