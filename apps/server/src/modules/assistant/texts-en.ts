/**
 * The assistant's English texts: data answers, guard rails, the
 * built-in engine's fallback and notes. Figures arrive computed by the tools.
 */
import { HYPOGLYCAEMIA, TIME_IN_RANGE_TARGET } from '@diacare/contract/clinical';
import { formatGlucose, formatGlucoseRange, type GlucoseUnit } from '@diacare/contract/glucose-units';
import { t } from '../../i18n/index.ts';
import { plural, quote, signedKg, type AssistantTexts, type Dose, type PeriodDays } from './texts-common.ts';

/** The ADA "15–15 rule" (ADA Standards of Care 2025, §6) with its thresholds in `unit`. */
export function enHypoSteps(unit: GlucoseUnit): string {
  const low = formatGlucose(HYPOGLYCAEMIA.low, unit);
  const veryLow = formatGlucose(HYPOGLYCAEMIA.veryLow, unit);
  return (
    `A glucose under ${low} is low (hypoglycaemia). If you are awake and can swallow: ` +
    'take 15–20 g of fast-acting glucose (glucose tablets, half a glass of fruit juice or regular soft drink, or 3–4 teaspoons of sugar in water), ' +
    `check again after 15 minutes and repeat if still under ${low}; once you are back in range, eat a meal or snack. ` +
    `Get help — call 112 — if you are under ${veryLow} and not improving, feel faint or confused, or cannot swallow, and tell your doctor about any low.`
  );
}

const EN_PERIOD = (days: PeriodDays) => `the last ${days} days (including today)`;
const EN_AT = (date: string, time?: string) => (time ? `${date} at ${time}` : date);

export const EN: AssistantTexts = {
  links: {
    reports: 'Reports',
    medications: 'Medications',
    home: 'Home',
    booking: 'Booking',
    glucoseHistory: 'Glucose history',
    bpHistory: 'Blood pressure history',
    weightHistory: 'Weight history',
  },
  todaysDoses({ today, total, taken, missed, due, next }) {
    if (total === 0) return `You have no medicine doses scheduled today (${today}).`;
    const list = (items: Dose[]) => items.map((d) => `${quote(d.medicine)} at ${d.time}`).join(', ');
    const parts = [`Today (${today}) you have ${total} scheduled ${plural(total, 'dose', 'doses')}.`];
    parts.push(`Taken: ${taken.length}${taken.length ? ` (${list(taken)})` : ''}.`);
    parts.push(`Missed or not yet marked: ${missed.length}${missed.length ? ` (${list(missed)})` : ''}.`);
    if (due.length) parts.push(`Still due: ${due.length}.`);
    parts.push(next ? `Next: ${quote(next.medicine)} at ${next.time}.` : 'Nothing more is due today.');
    return parts.join(' ');
  },
  adherence({ days, overall, perMedicine }) {
    if (overall.total === 0) return `No doses were due in ${EN_PERIOD(days)}, so there is no adherence figure yet.`;
    const percentText = (p: number | null) => (p === null ? 'no doses counted yet' : `${p}%`);
    const lines = perMedicine.map(
      (m) => `${quote(m.medicine)} ${percentText(m.percent)} (${m.taken} of ${m.total} doses)`,
    );
    return (
      `Your medicine adherence over ${EN_PERIOD(days)} is ${overall.percent}% (${overall.taken} of ${overall.total} doses taken).` +
      (lines.length > 1 ? ` By medicine: ${lines.join('; ')}.` : '')
    );
  },
  noGlucose: 'You have no glucose readings yet. Log one from Reports to see your figures here.',
  glucose({ unit, days, latest, period, lows, veryLows }) {
    const g = (mgDl: number) => formatGlucose(mgDl, unit);
    const parts = [
      `Your latest glucose reading is ${g(latest.value)} (${latest.meal_context}, ${EN_AT(latest.date, latest.time)}).`,
    ];
    if (!period) {
      parts.push(`You have no glucose readings in ${EN_PERIOD(days)}.`);
    } else {
      parts.push(
        `Over ${EN_PERIOD(days)}: average ${g(period.average)} from ${period.readings} ${plural(period.readings, 'reading', 'readings')}; ` +
          `time in range (${formatGlucoseRange(TIME_IN_RANGE_TARGET.low, TIME_IN_RANGE_TARGET.high, unit)}) ${period.inRange}%, below ${period.below}%, above ${period.above}%.`,
      );
    }
    parts.push(
      lows === 0
        ? `No readings under ${g(HYPOGLYCAEMIA.low)} in the last 7 days.`
        : `In the last 7 days, ${lows} ${plural(lows, 'reading was', 'readings were')} under ${g(HYPOGLYCAEMIA.low)}` +
            (veryLows ? `, ${veryLows} of them under ${g(HYPOGLYCAEMIA.veryLow)}.` : '.'),
    );
    return parts.join(' ');
  },
  noBloodPressure: 'You have no blood pressure readings yet. Log one from Reports.',
  bloodPressure({ days, latest, average, readings }) {
    return (
      `Your latest blood pressure is ${latest.systolic}/${latest.diastolic} mmHg${latest.pulse === null ? '' : `, pulse ${latest.pulse} beats a minute`} (${EN_AT(latest.date, latest.time)}).` +
      (average
        ? ` Over ${EN_PERIOD(days)} the average is ${average.systolic}/${average.diastolic} mmHg from ${readings} ${plural(readings, 'reading', 'readings')}.`
        : ` You have no blood pressure readings in ${EN_PERIOD(days)}.`)
    );
  },
  noWeight: 'You have no weight entries yet. Log one from Reports to see your weight and BMI.',
  weight({ days, latest, previous, periodChange }) {
    return (
      `Your latest weight is ${latest.weight.toFixed(1)} kg on ${latest.date}, BMI ${latest.bmi.toFixed(1)} kg/m².` +
      (previous ? ` Change since your previous entry (${previous.date}): ${signedKg(previous.change)}.` : '') +
      (periodChange !== null ? ` Over ${EN_PERIOD(days)}: ${signedKg(periodChange)}.` : '')
    );
  },
  refills(items) {
    if (items.length === 0) return 'None of your medicines has refill tracking turned on.';
    const due = items.filter((i) => i.refill_due);
    return (
      `Pills left: ${items.map((i) => `${quote(i.medicine)} ${i.pills_left}`).join(', ')}. ` +
      (due.length
        ? `Refill due for ${due.map((i) => quote(i.medicine)).join(', ')} (at or under the refill threshold).`
        : 'No refill is due yet.')
    );
  },
  noAppointment: 'You have no upcoming appointments. You can book one on Booking.',
  appointment({ title, doctor, type, date, time, location }) {
    const who = type === 'doctor' && doctor ? ` with ${doctor}` : '';
    return `Your next appointment is ${quote(title)}${who} on ${date} at ${time} (${type === 'lab' ? 'lab test' : 'doctor visit'}), at ${quote(location)}.`;
  },
  doseChangeRefusal:
    'I can’t tell you to start, stop, skip, double or change a medicine dose or insulin units — ' +
    'that decision needs your doctor or pharmacist, who know your full history. Please ask them before you change anything.',
  doseChangeFacts({ medicines, facts }) {
    const names = medicines.length ? [`The medicines in your DiaCare list: ${medicines.map(quote).join(', ')}.`] : [];
    return `What DiaCare knows that you can show them: ${[...names, ...facts].join(' ')}`;
  },
  doseNotShown: '[dose not shown]',
  emergency:
    'Call 112 now (or 108 for an ambulance). This may be an emergency: do not wait for an answer here. ' +
    'If the person is unconscious or cannot swallow, give nothing by mouth; use glucagon only if it is prescribed and someone trained is there.',
  hypoSteps: enHypoSteps('mg/dL'),
  hypoStepsIn: enHypoSteps,
  selfHarm:
    'Call 112 now if you might act on thoughts of harming yourself, or tell someone you trust who can stay with you. ' +
    'You do not have to go through this alone.',
  hypoSource: { title: 'ADA Standards of Care in Diabetes 2025', section: '§6 Glycemic Goals and Hypoglycemia' },
  emergencySource: {
    title: 'Government of India, Emergency Response Support System',
    section: '112 national emergency number; 108 ambulance',
  },
  capabilities:
    'I’m not sure I understood that. I can answer questions about your own DiaCare data — ' +
    'today’s doses and what is next, how regularly you took your medicines in the last 7 or 30 days, ' +
    'your glucose (latest, average, time in range, lows), blood pressure, weight and BMI, pills left and refills, ' +
    'and your next appointment — and general questions about food and Indian meals, exercise, low sugar (hypoglycaemia), ' +
    'sick days, foot care, eyes, blood pressure, checking glucose, medicines, travel and fasting. ' +
    'Try “How was my sugar this week?” or “What should I eat?”. I can’t give medical or dosing advice.',
  knowledgeAnswer: ({ title, excerpt, source }) =>
    `${title}: ${excerpt}\n\nSource: ${source.title}, ${source.section}.`,
  modelDownNote: 'The language model could not be reached, so the built-in DiaCare assistant answered instead.',
  modelRejectedNote:
    'The language model’s answer did not pass DiaCare’s safety checks, so the built-in assistant answered instead.',
  // The stream's error and the 429 detail are the server's error messages (src/i18n catalogs).
  streamError: t('en', 'error.assistant_failed'),
  rateLimited: (seconds) => t('en', 'error.too_many_questions', { seconds }),
};
