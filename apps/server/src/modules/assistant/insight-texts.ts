/**
 * The sentences of counts over a number, lists, trends, blood pressure against its goal,
 * weight change, the BMI band and an HbA1c against the one before — English and Hindi.
 * Figures arrive computed (insight-answers.ts); glucose in the user's unit.
 */
import { formatShortDate } from '@diacare/contract/dates';
import { formatGlucose, type GlucoseUnit } from '@diacare/contract/glucose-units';
import type { Language } from '../../i18n/index.ts';
import { answerTexts, type Bp, type Reading } from './answer-texts.ts';
import { signedKg } from './texts-common.ts';
import type { Period } from './understanding.ts';

type Direction = 'up' | 'down' | 'same';
type Band = 'under' | 'healthy' | 'over' | 'obese';

export interface InsightTexts {
  threshold(d: {
    unit: GlucoseUnit;
    period: Period;
    side: 'above' | 'below';
    value: number;
    hits: Reading[];
    count: number;
  }): string;
  list(d: { unit: GlucoseUnit; period: Period; readings: Reading[]; shown: number }): string;
  trend(d: {
    unit: GlucoseUnit;
    period: Period;
    now: number;
    before: number;
    halves: boolean;
    direction: Direction;
    /** The meal the question names ('after-meal'), or null for all readings. */
    meal: string | null;
  }): string;
  bpList(d: { period: Period; readings: Bp[]; above: number; goal: string }): string;
  weightChange(d: { period: Period; latest: number; first: number; firstDate: string; change: number }): string;
  bmiBand(d: { bmi: number; band: Band }): string;
  labTrend(d: { direction: Direction }): string;
}

const enDay = (date: string) => formatShortDate(date, 'en-IN');
const hiDay = (date: string) => formatShortDate(date, 'hi-IN');
const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const EN_CONTEXT: Record<string, string> = { Fasting: 'fasting', Bedtime: 'bedtime' };
const enContext = (c: string) => EN_CONTEXT[c] ?? c.toLowerCase();
const HI_CONTEXT: Record<string, string> = {
  Fasting: 'खाली पेट',
  'Before Breakfast': 'नाश्ते से पहले',
  'After Breakfast': 'नाश्ते के बाद',
  'Before Lunch': 'लंच से पहले',
  'After Lunch': 'लंच के बाद',
  'Before Dinner': 'डिनर से पहले',
  'After Dinner': 'डिनर के बाद',
  Bedtime: 'सोते समय',
};
const more = (rest: number, en: boolean) => (rest > 0 ? (en ? ` (and ${rest} more)` : ` (और ${rest})`) : '');

const EN: InsightTexts = {
  threshold: ({ unit, period, side, value, hits, count }) =>
    `${cap(answerTexts('en').period(period))}, ${hits.length} ${hits.length === 1 ? 'reading' : 'readings'} ${side === 'above' ? 'above' : 'under'} ${formatGlucose(value, unit)}, out of ${count}` +
    (hits.length
      ? `: ${hits
          .slice(0, 8)
          .map((r) => `${formatGlucose(r.value, unit)} on ${enDay(r.date)} at ${r.time}`)
          .join(', ')}${more(hits.length - 8, true)}.`
      : '.'),
  list: ({ unit, period, readings, shown }) =>
    `Your glucose readings ${answerTexts('en').period(period)}, newest first: ` +
    readings
      .slice(0, shown)
      .map((r) => `${enDay(r.date)} ${r.time} ${formatGlucose(r.value, unit)} (${enContext(r.meal_context)})`)
      .join('; ') +
    `${more(readings.length - shown, true)}.`,
  trend: ({ unit, period, now, before, halves, direction, meal }) =>
    (halves
      ? `${cap(answerTexts('en').period(period))}, your average ${meal ? `${meal} ` : ''}glucose was ${formatGlucose(before, unit)} in the first half and ${formatGlucose(now, unit)} in the second half`
      : `Your average ${meal ? `${meal} ` : ''}glucose ${answerTexts('en').period(period)} was ${formatGlucose(now, unit)}, against ${formatGlucose(before, unit)} in the same number of days before`) +
    `: ${direction === 'down' ? 'going down' : direction === 'up' ? 'going up' : 'about the same'}.`,
  bpList: ({ period, readings, above, goal }) =>
    `Your blood pressure ${answerTexts('en').period(period)}, newest first: ${readings.map((r) => `${r.systolic}/${r.diastolic} mmHg (${enDay(r.date)} ${r.time})`).join(', ')}. ` +
    (above
      ? `${above} of ${readings.length} were above the usual goal of under ${goal}; show them to your doctor.`
      : `All were under the usual goal of ${goal}.`),
  weightChange: ({ period, latest, first, firstDate, change }) =>
    `Your weight is ${latest.toFixed(1)} kg; ${answerTexts('en').period(period)} it went from ${first.toFixed(1)} kg (${enDay(firstDate)}) — a change of ${signedKg(change)}.`,
  bmiBand: ({ bmi, band }) =>
    `A BMI of ${bmi.toFixed(1)} is in the ${{ under: 'underweight', healthy: 'healthy', over: 'overweight', obese: 'obese' }[band]} band (WHO: 25–29.9 overweight, 30 and over obese).`,
  labTrend: ({ direction }) =>
    direction === 'down'
      ? 'It has come down since then.'
      : direction === 'up'
        ? 'It has gone up since then.'
        : 'It is unchanged.',
};

const HI: InsightTexts = {
  threshold: ({ unit, period, side, value, hits, count }) =>
    `${answerTexts('hi').period(period)} ${count} में से ${hits.length} रीडिंग ${formatGlucose(value, unit)} ${side === 'above' ? 'से ऊपर' : 'से कम'} रहीं` +
    (hits.length
      ? `: ${hits
          .slice(0, 8)
          .map((r) => `${formatGlucose(r.value, unit)} (${hiDay(r.date)}, ${r.time} बजे)`)
          .join(', ')}${more(hits.length - 8, false)}।`
      : '।'),
  list: ({ unit, period, readings, shown }) =>
    `${answerTexts('hi').period(period)} आपकी शुगर रीडिंग, नई से पुरानी: ` +
    readings
      .slice(0, shown)
      .map(
        (r) =>
          `${hiDay(r.date)} ${r.time} बजे ${formatGlucose(r.value, unit)} (${HI_CONTEXT[r.meal_context] ?? r.meal_context})`,
      )
      .join('; ') +
    `${more(readings.length - shown, false)}।`,
  trend: ({ unit, period, now, before, halves, direction, meal }) =>
    (halves
      ? `${answerTexts('hi').period(period)} पहले आधे में आपकी ${meal ? `${meal} ` : ''}औसत शुगर ${formatGlucose(before, unit)} थी और दूसरे आधे में ${formatGlucose(now, unit)}`
      : `${answerTexts('hi').period(period)} आपकी ${meal ? `${meal} ` : ''}औसत शुगर ${formatGlucose(now, unit)} रही, उससे पहले के उतने ही दिनों में ${formatGlucose(before, unit)}`) +
    `: ${direction === 'down' ? 'शुगर घट रही है' : direction === 'up' ? 'शुगर बढ़ रही है' : 'लगभग उतनी ही है'}।`,
  bpList: ({ period, readings, above, goal }) =>
    `${answerTexts('hi').period(period)} आपका ब्लड प्रेशर, नई से पुरानी: ${readings.map((r) => `${r.systolic}/${r.diastolic} mmHg (${hiDay(r.date)} ${r.time} बजे)`).join(', ')}। ` +
    (above
      ? `${readings.length} में से ${above} रीडिंग सामान्य लक्ष्य (${goal} से कम) से ऊपर थीं; ये अपने डॉक्टर को दिखाएं।`
      : `सभी रीडिंग सामान्य लक्ष्य (${goal} से कम) के भीतर थीं।`),
  weightChange: ({ period, latest, first, firstDate, change }) =>
    `आपका वज़न ${latest.toFixed(1)} kg है; ${answerTexts('hi').period(period)} यह ${first.toFixed(1)} kg (${hiDay(firstDate)}) से बदलकर ${signedKg(change)} हुआ।`,
  bmiBand: ({ bmi, band }) =>
    `BMI ${bmi.toFixed(1)} ${{ under: 'कम वज़न', healthy: 'सामान्य', over: 'ज़्यादा वज़न (ओवरवेट)', obese: 'मोटापे' }[band]} की श्रेणी में है (विश्व स्वास्थ्य संगठन: 25–29.9 ओवरवेट, 30 या ज़्यादा मोटापा)।`,
  labTrend: ({ direction }) =>
    direction === 'down' ? 'तब से यह कम हुआ है।' : direction === 'up' ? 'तब से यह बढ़ा है।' : 'यह उतना ही है।',
};

/** The insight texts in `language` (English when none is given). */
export function insightTexts(language: Language = 'en'): InsightTexts {
  return language === 'hi' ? HI : EN;
}
