/**
 * The sentences of the answers that answer, English and Hindi: the asked figure with
 * unit, period and date first, then at most two supporting lines; glucose in the user's unit.
 */
import { HYPOGLYCAEMIA, TIME_IN_RANGE_TARGET, type TimeInRange } from '@diacare/contract/clinical';
import { formatShortDate } from '@diacare/contract/dates';
import { formatGlucose, formatGlucoseRange, type GlucoseUnit } from '@diacare/contract/glucose-units';
import type { MealContext } from '@diacare/contract/health-constants';
import type { Language } from '../../i18n/index.ts';
import type { Period } from './understanding.ts';

export interface Reading {
  value: number;
  date: string;
  time: string;
  meal_context: MealContext;
}
export interface Bp {
  systolic: number;
  diastolic: number;
  date: string;
  time: string;
}
export interface DoseLine {
  medicine: string;
  date: string;
  time: string;
}
export interface RunOutLine {
  medicine: string;
  pills: number | null;
  lastDate: string | null;
  dosesPerDay: number;
}

export interface AnswerTexts {
  period(p: Period): string;
  extreme(d: {
    which: 'highest' | 'lowest';
    reading: Reading;
    unit: GlucoseUnit;
    period: Period;
    count: number;
  }): string;
  average(d: {
    unit: GlucoseUnit;
    period: Period;
    average: number;
    count: number;
    tir: TimeInRange;
    meal: string | null;
  }): string;
  count(d: { period: Period; count: number }): string;
  lows(d: { unit: GlucoseUnit; period: Period; lows: number; veryLows: number; lowest: Reading | null }): string;
  trend(d: {
    unit: GlucoseUnit;
    period: Period;
    average: number;
    previous: number | null;
    meal: string | null;
  }): string;
  onDay(d: { unit: GlucoseUnit; period: Period; readings: Reading[] }): string;
  noGlucoseIn(period: Period): string;
  bpExtreme(d: { which: 'highest' | 'lowest'; reading: Bp; period: Period; count: number }): string;
  bpOnDay(d: { period: Period; readings: Bp[] }): string;
  bpAverage(d: { period: Period; systolic: number; diastolic: number; count: number }): string;
  noBpIn(period: Period): string;
  missed(d: {
    period: Period;
    medicine: string | null;
    timeOfDay: string | null;
    missed: DoseLine[];
    counted: number;
  }): string;
  taken(d: {
    period: Period;
    medicine: string | null;
    timeOfDay: string | null;
    taken: number;
    counted: number;
    missed: DoseLine[];
  }): string;
  runOut(lines: RunOutLine[]): string;
  timeOfDay: Record<'morning' | 'afternoon' | 'evening' | 'night', string>;
  meal: Record<'fasting' | 'before' | 'after', string>;
}

const quote = (name: string) => `“${name}”`;
const enDay = (date: string) => formatShortDate(date, 'en-IN');
const hiDay = (date: string) => formatShortDate(date, 'hi-IN');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const EN_MEAL: Record<MealContext, string> = {
  Fasting: 'fasting',
  'Before Breakfast': 'before breakfast',
  'After Breakfast': 'after breakfast',
  'Before Lunch': 'before lunch',
  'After Lunch': 'after lunch',
  'Before Dinner': 'before dinner',
  'After Dinner': 'after dinner',
  Bedtime: 'at bedtime',
};
const HI_MEAL: Record<MealContext, string> = {
  Fasting: 'खाली पेट',
  'Before Breakfast': 'नाश्ते से पहले',
  'After Breakfast': 'नाश्ते के बाद',
  'Before Lunch': 'लंच से पहले',
  'After Lunch': 'लंच के बाद',
  'Before Dinner': 'डिनर से पहले',
  'After Dinner': 'डिनर के बाद',
  Bedtime: 'सोते समय',
};
const tirLine = (tir: TimeInRange, unit: GlucoseUnit) =>
  `(${formatGlucoseRange(TIME_IN_RANGE_TARGET.low, TIME_IN_RANGE_TARGET.high, unit)}) ${tir.inRange}%`;
const doseList = (lines: DoseLine[], day: (d: string) => string, at: string) =>
  lines
    .slice(0, 6)
    .map((l) => `${day(l.date)} ${at} ${l.time}`)
    .join(', ') + (lines.length > 6 ? ', …' : '');

const EN: AnswerTexts = {
  period(p) {
    if (p.kind === 'today') return `today (${enDay(p.from)})`;
    if (p.kind === 'yesterday') return `yesterday (${enDay(p.from)})`;
    if (p.kind === 'daysAgo') return `on ${enDay(p.from)} (${p.n} days ago)`;
    if (p.kind === 'onDate') return `on ${enDay(p.from)}`;
    if (p.kind === 'since') return `since ${enDay(p.from)}`;
    if (p.kind === 'all') return 'in all your data (no period was asked)';
    return `in the last ${p.days} days (including today)`;
  },
  extreme: ({ which, reading, unit, period, count }) =>
    `Your ${which} glucose reading ${EN.period(period)} was ${formatGlucose(reading.value, unit)}, ${EN_MEAL[reading.meal_context]} on ${enDay(reading.date)} at ${reading.time}. ` +
    `That is out of ${plural(count, 'reading', 'readings')}.` +
    (reading.value < HYPOGLYCAEMIA.low ? ` That was a low (under ${formatGlucose(HYPOGLYCAEMIA.low, unit)}).` : ''),
  average: ({ unit, period, average, count, tir, meal }) =>
    `Your ${meal ? `${meal} ` : ''}glucose ${EN.period(period)}: average ${formatGlucose(average, unit)} from ${plural(count, 'reading', 'readings')}, ` +
    `time in range ${tirLine(tir, unit)}, below ${tir.below}%, above ${tir.above}%.`,
  count: ({ period, count }) =>
    `You logged ${plural(count, 'glucose reading', 'glucose readings')} ${EN.period(period)}.`,
  lows: ({ unit, period, lows, veryLows, lowest }) =>
    lows === 0
      ? `${sentenceCase(EN.period(period))}, no reading was under ${formatGlucose(HYPOGLYCAEMIA.low, unit)}.`
      : `${sentenceCase(EN.period(period))}, ${lows} ${lows === 1 ? 'reading was' : 'readings were'} under ${formatGlucose(HYPOGLYCAEMIA.low, unit)}` +
        `${veryLows ? `, ${veryLows} of them under ${formatGlucose(HYPOGLYCAEMIA.veryLow, unit)}` : ''}.` +
        (lowest
          ? ` The lowest was ${formatGlucose(lowest.value, unit)}, ${EN_MEAL[lowest.meal_context]} on ${enDay(lowest.date)}.`
          : ''),
  trend: ({ unit, period, average, previous, meal }) =>
    `Your average ${meal ? `${meal} ` : ''}glucose ${EN.period(period)} was ${formatGlucose(average, unit)}` +
    (previous === null
      ? '; there are no readings in the days before to compare with.'
      : `, ${average < previous ? 'down' : average > previous ? 'up' : 'unchanged'} from ${formatGlucose(previous, unit)} in the ${period.days} days before.`),
  onDay: ({ unit, period, readings }) =>
    `Your glucose ${EN.period(period)}: ${readings.map((r) => `${formatGlucose(r.value, unit)} (${EN_MEAL[r.meal_context]}, ${r.time}${r.value < HYPOGLYCAEMIA.low ? ', a low' : ''})`).join(', ')}.`,
  noGlucoseIn: (period) => `You have no glucose readings ${EN.period(period)}.`,
  bpExtreme: ({ which, reading, period, count }) =>
    `Your ${which} blood pressure ${EN.period(period)} was ${reading.systolic}/${reading.diastolic} mmHg, on ${enDay(reading.date)} at ${reading.time}. ` +
    `That is out of ${plural(count, 'reading', 'readings')}.`,
  bpOnDay: ({ period, readings }) =>
    `Your blood pressure ${EN.period(period)}: ${readings.map((r) => `${r.systolic}/${r.diastolic} mmHg at ${r.time}`).join(', ')}.`,
  bpAverage: ({ period, systolic, diastolic, count }) =>
    `Your average blood pressure ${EN.period(period)} was ${systolic}/${diastolic} mmHg, from ${plural(count, 'reading', 'readings')}.`,
  noBpIn: (period) => `You have no blood pressure readings ${EN.period(period)}.`,
  missed: ({ period, medicine, timeOfDay, missed, counted }) => {
    const what = `${timeOfDay ? `${timeOfDay} ` : ''}${medicine ? `${quote(medicine)} ` : ''}`;
    return missed.length === 0
      ? `You missed no ${what}doses ${EN.period(period)} (${plural(counted, 'dose', 'doses')} counted).`
      : `You missed ${plural(missed.length, `${what}dose`, `${what}doses`)} ${EN.period(period)}, out of ${counted}: ${doseList(missed, enDay, 'at')}.`;
  },
  taken: ({ period, medicine, timeOfDay, taken, counted, missed }) =>
    counted === 0
      ? `No ${timeOfDay ? `${timeOfDay} ` : ''}${medicine ? `${quote(medicine)} ` : ''}doses were due ${EN.period(period)}.`
      : `${sentenceCase(EN.period(period))} you took ${taken} of ${plural(counted, 'dose', 'doses')}${medicine ? ` of ${quote(medicine)}` : ''}${timeOfDay ? ` (${timeOfDay})` : ''}.` +
        (missed.length ? ` Missed: ${doseList(missed, enDay, 'at')}.` : ''),
  runOut: (lines) =>
    lines
      .map((l) =>
        l.pills === null
          ? `${quote(l.medicine)} has no pill count: turn on refill tracking in Medications to see when it runs out.`
          : l.lastDate === null
            ? `${quote(l.medicine)} has no pills left.`
            : `Your ${quote(l.medicine)} pills last until ${enDay(l.lastDate)} (${l.pills} left, about ${l.dosesPerDay} scheduled doses a day).`,
      )
      .join(' '),
  timeOfDay: { morning: 'morning', afternoon: 'afternoon', evening: 'evening', night: 'night' },
  meal: { fasting: 'fasting', before: 'before-meal', after: 'after-meal' },
};

const hiPeriod = (p: Period) => {
  if (p.kind === 'today') return `आज (${hiDay(p.from)})`;
  if (p.kind === 'yesterday') return `कल (${hiDay(p.from)})`;
  if (p.kind === 'daysAgo') return `${hiDay(p.from)} को (${p.n} दिन पहले)`;
  if (p.kind === 'onDate') return `${hiDay(p.from)} को`;
  if (p.kind === 'since') return `${hiDay(p.from)} से अब तक`;
  if (p.kind === 'all') return 'आपके पूरे डेटा में (कोई अवधि नहीं पूछी गई)';
  return `पिछले ${p.days} दिनों (आज समेत) में`;
};
const hiWhat = (medicine: string | null, timeOfDay: string | null) =>
  `${timeOfDay ? `${timeOfDay} की ` : ''}${medicine ? `${quote(medicine)} की ` : ''}`;

const HI: AnswerTexts = {
  period: hiPeriod,
  extreme: ({ which, reading, unit, period, count }) =>
    `${hiPeriod(period)} आपकी ${which === 'highest' ? 'सबसे ज़्यादा' : 'सबसे कम'} शुगर ${formatGlucose(reading.value, unit)} रही, ${hiDay(reading.date)} को ${reading.time} बजे (${HI_MEAL[reading.meal_context]})। ` +
    `यह कुल ${count} रीडिंग में से है।` +
    (reading.value < HYPOGLYCAEMIA.low ? ` यह लो शुगर थी (${formatGlucose(HYPOGLYCAEMIA.low, unit)} से कम)।` : ''),
  average: ({ unit, period, average, count, tir, meal }) =>
    `${hiPeriod(period)}: ${meal ? `${meal} ` : ''}${count} रीडिंग का औसत ${formatGlucose(average, unit)}; टाइम इन रेंज ${tirLine(tir, unit)}, इससे कम ${tir.below}%, इससे ज़्यादा ${tir.above}%।`,
  count: ({ period, count }) => `${hiPeriod(period)} आपने ${count} शुगर रीडिंग दर्ज कीं।`,
  lows: ({ unit, period, lows, veryLows, lowest }) =>
    lows === 0
      ? `${hiPeriod(period)} कोई रीडिंग ${formatGlucose(HYPOGLYCAEMIA.low, unit)} से कम नहीं रही।`
      : `${hiPeriod(period)} ${lows} रीडिंग ${formatGlucose(HYPOGLYCAEMIA.low, unit)} से कम रहीं` +
        (veryLows ? `, इनमें से ${veryLows} रीडिंग ${formatGlucose(HYPOGLYCAEMIA.veryLow, unit)} से भी कम।` : '।') +
        (lowest
          ? ` सबसे कम ${formatGlucose(lowest.value, unit)} थी, ${hiDay(lowest.date)} को (${HI_MEAL[lowest.meal_context]})।`
          : ''),
  trend: ({ unit, period, average, previous, meal }) =>
    `${hiPeriod(period)} आपकी ${meal ? `${meal} ` : ''}औसत शुगर ${formatGlucose(average, unit)} रही` +
    (previous === null
      ? '; तुलना के लिए उससे पहले के दिनों की कोई रीडिंग नहीं है।'
      : `, उससे पहले के ${period.days} दिनों में ${formatGlucose(previous, unit)} थी (${average < previous ? 'कम हुई' : average > previous ? 'बढ़ी' : 'उतनी ही'})।`),
  onDay: ({ unit, period, readings }) =>
    `${hiPeriod(period)} आपकी शुगर: ${readings.map((r) => `${formatGlucose(r.value, unit)} (${HI_MEAL[r.meal_context]}, ${r.time} बजे${r.value < HYPOGLYCAEMIA.low ? ', लो' : ''})`).join(', ')}।`,
  noGlucoseIn: (period) => `${hiPeriod(period)} आपकी कोई शुगर रीडिंग नहीं है।`,
  bpExtreme: ({ which, reading, period, count }) =>
    `${hiPeriod(period)} आपका ${which === 'highest' ? 'सबसे ज़्यादा' : 'सबसे कम'} ब्लड प्रेशर ${reading.systolic}/${reading.diastolic} mmHg रहा, ${hiDay(reading.date)} को ${reading.time} बजे। यह कुल ${count} रीडिंग में से है।`,
  bpOnDay: ({ period, readings }) =>
    `${hiPeriod(period)} आपका ब्लड प्रेशर: ${readings.map((r) => `${r.systolic}/${r.diastolic} mmHg (${r.time} बजे)`).join(', ')}।`,
  bpAverage: ({ period, systolic, diastolic, count }) =>
    `${hiPeriod(period)} ${count} रीडिंग का औसत ब्लड प्रेशर ${systolic}/${diastolic} mmHg रहा।`,
  noBpIn: (period) => `${hiPeriod(period)} आपकी कोई ब्लड प्रेशर रीडिंग नहीं है।`,
  missed: ({ period, medicine, timeOfDay, missed, counted }) =>
    missed.length === 0
      ? `${hiPeriod(period)} आपकी ${hiWhat(medicine, timeOfDay)}कोई खुराक नहीं छूटी (${counted} खुराक गिनी गईं)।`
      : `${hiPeriod(period)} आपकी ${hiWhat(medicine, timeOfDay)}${counted} में से ${missed.length} खुराक छूटीं: ${doseList(missed, hiDay, '')}।`,
  taken: ({ period, medicine, timeOfDay, taken, counted, missed }) =>
    counted === 0
      ? `${hiPeriod(period)} ${hiWhat(medicine, timeOfDay)}कोई खुराक तय नहीं थी।`
      : `${hiPeriod(period)} आपने ${hiWhat(medicine, timeOfDay)}${counted} में से ${taken} खुराक लीं।` +
        (missed.length ? ` छूटीं: ${doseList(missed, hiDay, '')}।` : ''),
  runOut: (lines) =>
    lines
      .map((l) =>
        l.pills === null
          ? `${quote(l.medicine)} की गोलियों की गिनती नहीं रखी जा रही: दवाएं स्क्रीन पर रिफ़िल ट्रैकिंग चालू करें।`
          : l.lastDate === null
            ? `${quote(l.medicine)} की कोई गोली नहीं बची है।`
            : `आपकी ${quote(l.medicine)} की गोलियाँ ${hiDay(l.lastDate)} तक चलेंगी (${l.pills} बची हैं, दिन में लगभग ${l.dosesPerDay} खुराक तय हैं)।`,
      )
      .join(' '),
  timeOfDay: { morning: 'सुबह', afternoon: 'दोपहर', evening: 'शाम', night: 'रात' },
  meal: { fasting: 'खाली पेट', before: 'खाने से पहले', after: 'खाने के बाद' },
};

/** The answer texts in `language` (English when none is given). */
export function answerTexts(language: Language = 'en'): AnswerTexts {
  return language === 'hi' ? HI : EN;
}
