/**
 * Every sentence the assistant writes, in English and Hindi (issue 14): the data tools'
 * answers, the guard rails (dose-change refusal, 'Call 112 now', the ADA 15–15 rule), the
 * built-in engine's fallback and notes, link labels and the stream's error. The English
 * texts are the ones issue 11 shipped, unchanged; the Hindi is written the way Indian
 * health apps write for patients (आप form; शुगर, ब्लड प्रेशर, दवा, खुराक), with Western
 * digits and units as written (mg/dL, mmHg, kg). Dates stay ISO (YYYY-MM-DD) and times
 * 24-hour, as the English answers give them, so the figures are the same in both.
 *
 * `assistantTexts(language)` returns one language's set; the figures passed in are the
 * ones the tools computed with the contract's rules, never computed here.
 */
import type { AssistantLink, AssistantSource } from '@diacare/contract/assistant';
import { HYPOGLYCAEMIA, TIME_IN_RANGE_TARGET } from '@diacare/contract/clinical';
import { formatGlucose, formatGlucoseRange, type GlucoseUnit } from '@diacare/contract/glucose-units';
import type { MealContext } from '@diacare/contract/health-constants';
import { t, type Language } from '../../i18n/index.ts';

export type PeriodDays = 7 | 30;

interface Dose {
  medicine: string;
  time: string;
}
interface Share {
  taken: number;
  total: number;
  percent: number | null;
}

/** The ADA "15–15 rule" (ADA Standards of Care 2025, §6) with its thresholds in `unit`. */
function enHypoSteps(unit: GlucoseUnit): string {
  const low = formatGlucose(HYPOGLYCAEMIA.low, unit);
  const veryLow = formatGlucose(HYPOGLYCAEMIA.veryLow, unit);
  return (
    `A glucose under ${low} is low (hypoglycaemia). If you are awake and can swallow: ` +
    'take 15–20 g of fast-acting glucose (glucose tablets, half a glass of fruit juice or regular soft drink, or 3–4 teaspoons of sugar in water), ' +
    `check again after 15 minutes and repeat if still under ${low}; once you are back in range, eat a meal or snack. ` +
    `Get help — call 112 — if you are under ${veryLow} and not improving, feel faint or confused, or cannot swallow, and tell your doctor about any low.`
  );
}

/** The ADA "15–15 rule" (ADA Standards of Care 2025, §6) with its thresholds in `unit`. */
function hiHypoSteps(unit: GlucoseUnit): string {
  const low = formatGlucose(HYPOGLYCAEMIA.low, unit);
  const veryLow = formatGlucose(HYPOGLYCAEMIA.veryLow, unit);
  return (
    `${low} से कम शुगर लो शुगर (हाइपोग्लाइसीमिया) है। “15–15 नियम”: अगर आप होश में हैं और निगल सकते हैं, तो ` +
    '15–20 g जल्दी असर करने वाला ग्लूकोज़ लें (ग्लूकोज़ की टैबलेट, आधा गिलास फलों का जूस या चीनी वाला सॉफ्ट ड्रिंक, या पानी में 3–4 चम्मच चीनी), ' +
    `15 मिनट बाद फिर से जाँचें और अगर शुगर अब भी ${low} से कम हो तो यही दोहराएं; शुगर ठीक होने पर खाना या नाश्ता करें। ` +
    `मदद लें — 112 पर कॉल करें — अगर शुगर ${veryLow} से कम है और सुधर नहीं रही, बेहोशी या उलझन लगे, या निगल न पा रहे हों; और हर लो शुगर के बारे में अपने डॉक्टर को बताएं।`
  );
}

/** One language's texts. */
export interface AssistantTexts {
  links: {
    reports: string;
    medications: string;
    home: string;
    booking: string;
    glucoseHistory: string;
    bpHistory: string;
    weightHistory: string;
  };
  todaysDoses(d: {
    today: string;
    total: number;
    taken: Dose[];
    missed: Dose[];
    due: Dose[];
    next: Dose | null;
  }): string;
  adherence(d: { days: PeriodDays; overall: Share; perMedicine: (Share & { medicine: string })[] }): string;
  noGlucose: string;
  /** Glucose figures (latest value, average: mg/dL as stored) told in `unit`. */
  glucose(d: {
    unit: GlucoseUnit;
    days: PeriodDays;
    latest: { value: number; meal_context: MealContext; date: string; time: string };
    period: { average: number; readings: number; inRange: number; below: number; above: number } | null;
    lows: number;
    veryLows: number;
  }): string;
  noBloodPressure: string;
  bloodPressure(d: {
    days: PeriodDays;
    latest: { systolic: number; diastolic: number; date: string; time: string };
    average: { systolic: number; diastolic: number } | null;
    readings: number;
  }): string;
  noWeight: string;
  weight(d: {
    days: PeriodDays;
    latest: { weight: number; bmi: number; date: string };
    previous: { date: string; change: number } | null;
    periodChange: number | null;
  }): string;
  refills(items: { medicine: string; pills_left: number; refill_due: boolean }[]): string;
  noAppointment: string;
  appointment(d: {
    title: string;
    doctor: string | null;
    type: 'doctor' | 'lab';
    date: string;
    time: string;
    location: string;
  }): string;
  /** Guard rails. */
  doseChangeRefusal: string;
  doseChangeFacts(d: { medicines: string[]; facts: string[] }): string;
  doseNotShown: string;
  emergency: string;
  /** The 15–15 rule with its thresholds in mg/dL. */
  hypoSteps: string;
  /** The 15–15 rule with its thresholds (70, 54 mg/dL) in `unit` (3.9, 3.0 mmol/L). */
  hypoStepsIn(unit: GlucoseUnit): string;
  selfHarm: string;
  hypoSource: AssistantSource;
  emergencySource: AssistantSource;
  /** The built-in engine. */
  capabilities: string;
  knowledgeAnswer(d: { title: string; excerpt: string; source: AssistantSource }): string;
  modelDownNote: string;
  modelRejectedNote: string;
  streamError: string;
  rateLimited(seconds: number): string;
}

const quote = (name: string) => `“${name}”`;
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

const EN_PERIOD = (days: PeriodDays) => `the last ${days} days (including today)`;
const EN_AT = (date: string, time?: string) => (time ? `${date} at ${time}` : date);
const signedKg = (kg: number) => `${kg > 0 ? '+' : ''}${kg.toFixed(1)} kg`;

const EN: AssistantTexts = {
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
      `Your latest blood pressure is ${latest.systolic}/${latest.diastolic} mmHg (${EN_AT(latest.date, latest.time)}).` +
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

/** Meal contexts as Hindi glucose apps label them. */
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
const HI_PERIOD = (days: PeriodDays) => `पिछले ${days} दिनों (आज समेत)`;
const HI_AT = (date: string, time?: string) => (time ? `${date}, ${time} बजे` : date);

const HI: AssistantTexts = {
  links: {
    reports: 'रिपोर्ट',
    medications: 'दवाएं',
    home: 'होम',
    booking: 'बुकिंग',
    glucoseHistory: 'शुगर का इतिहास',
    bpHistory: 'ब्लड प्रेशर का इतिहास',
    weightHistory: 'वज़न का इतिहास',
  },
  todaysDoses({ today, total, taken, missed, due, next }) {
    if (total === 0) return `आज (${today}) आपकी कोई खुराक तय नहीं है।`;
    const list = (items: Dose[]) => items.map((d) => `${quote(d.medicine)} ${d.time} बजे`).join(', ');
    const parts = [`आज (${today}) आपकी ${total} खुराक तय ${plural(total, 'है', 'हैं')}।`];
    parts.push(`ली गईं: ${taken.length}${taken.length ? ` (${list(taken)})` : ''}।`);
    parts.push(`छूटी या अभी दर्ज नहीं: ${missed.length}${missed.length ? ` (${list(missed)})` : ''}।`);
    if (due.length) parts.push(`अभी बाकी: ${due.length}।`);
    parts.push(next ? `अगली: ${quote(next.medicine)} ${next.time} बजे।` : 'आज और कोई खुराक बाकी नहीं है।');
    return parts.join(' ');
  },
  adherence({ days, overall, perMedicine }) {
    if (overall.total === 0) {
      return `${HI_PERIOD(days)} में कोई खुराक तय नहीं थी, इसलिए अभी दवा लेने की नियमितता का आँकड़ा नहीं है।`;
    }
    const percentText = (p: number | null) => (p === null ? 'अभी कोई खुराक नहीं गिनी गई' : `${p}%`);
    const lines = perMedicine.map(
      (m) => `${quote(m.medicine)} ${percentText(m.percent)} (${m.total} में से ${m.taken} खुराक)`,
    );
    return (
      `${HI_PERIOD(days)} में आपकी दवा लेने की नियमितता ${overall.percent}% रही (${overall.total} में से ${overall.taken} खुराक लीं)।` +
      (lines.length > 1 ? ` हर दवा की: ${lines.join('; ')}।` : '')
    );
  },
  noGlucose: 'अभी आपकी कोई शुगर रीडिंग नहीं है। अपने आँकड़े यहाँ देखने के लिए रिपोर्ट में जाकर एक रीडिंग दर्ज करें।',
  glucose({ unit, days, latest, period, lows, veryLows }) {
    const g = (mgDl: number) => formatGlucose(mgDl, unit);
    const parts = [
      `आपकी पिछली शुगर रीडिंग ${g(latest.value)} है (${HI_MEAL[latest.meal_context]}, ${HI_AT(latest.date, latest.time)})।`,
    ];
    if (!period) {
      parts.push(`${HI_PERIOD(days)} में आपकी कोई शुगर रीडिंग नहीं है।`);
    } else {
      parts.push(
        `${HI_PERIOD(days)} में: ${period.readings} रीडिंग का औसत ${g(period.average)}; ` +
          `टाइम इन रेंज (${formatGlucoseRange(TIME_IN_RANGE_TARGET.low, TIME_IN_RANGE_TARGET.high, unit)}) ${period.inRange}%, इससे कम ${period.below}%, इससे ज़्यादा ${period.above}%।`,
      );
    }
    parts.push(
      lows === 0
        ? `पिछले 7 दिनों में कोई रीडिंग ${g(HYPOGLYCAEMIA.low)} से कम नहीं रही।`
        : `पिछले 7 दिनों में ${lows} रीडिंग ${g(HYPOGLYCAEMIA.low)} से कम रहीं` +
            (veryLows ? `, इनमें से ${veryLows} रीडिंग ${g(HYPOGLYCAEMIA.veryLow)} से भी कम।` : '।'),
    );
    return parts.join(' ');
  },
  noBloodPressure: 'अभी आपकी कोई ब्लड प्रेशर रीडिंग नहीं है। रिपोर्ट में जाकर एक रीडिंग दर्ज करें।',
  bloodPressure({ days, latest, average, readings }) {
    return (
      `आपका पिछला ब्लड प्रेशर ${latest.systolic}/${latest.diastolic} mmHg है (${HI_AT(latest.date, latest.time)})।` +
      (average
        ? ` ${HI_PERIOD(days)} में ${readings} रीडिंग का औसत ${average.systolic}/${average.diastolic} mmHg है।`
        : ` ${HI_PERIOD(days)} में आपकी कोई ब्लड प्रेशर रीडिंग नहीं है।`)
    );
  },
  noWeight: 'अभी आपका कोई वज़न दर्ज नहीं है। अपना वज़न और BMI देखने के लिए रिपोर्ट में जाकर वज़न दर्ज करें।',
  weight({ days, latest, previous, periodChange }) {
    return (
      `आपका पिछला वज़न ${latest.weight.toFixed(1)} kg है (${latest.date}), BMI ${latest.bmi.toFixed(1)} kg/m²।` +
      (previous ? ` पिछली एंट्री (${previous.date}) से बदलाव: ${signedKg(previous.change)}।` : '') +
      (periodChange !== null ? ` ${HI_PERIOD(days)} में: ${signedKg(periodChange)}।` : '')
    );
  },
  refills(items) {
    if (items.length === 0) return 'आपकी किसी भी दवा के लिए रिफ़िल ट्रैकिंग चालू नहीं है।';
    const due = items.filter((i) => i.refill_due);
    return (
      `बची हुई गोलियाँ: ${items.map((i) => `${quote(i.medicine)} ${i.pills_left}`).join(', ')}। ` +
      (due.length
        ? `${due.map((i) => quote(i.medicine)).join(', ')} का रिफ़िल लेने का समय है (गोलियाँ रिफ़िल की सीमा तक या उससे कम बची हैं)।`
        : 'अभी किसी दवा का रिफ़िल ज़रूरी नहीं है।')
    );
  },
  noAppointment: 'आपका कोई आने वाला अपॉइंटमेंट नहीं है। आप बुकिंग में जाकर अपॉइंटमेंट बुक कर सकते हैं।',
  appointment({ title, doctor, type, date, time, location }) {
    const who = type === 'doctor' && doctor ? ` ${doctor} के साथ` : '';
    return `आपका अगला अपॉइंटमेंट ${quote(title)}${who} ${date} को ${time} बजे है (${type === 'lab' ? 'लैब टेस्ट' : 'डॉक्टर से मुलाक़ात'}), जगह: ${quote(location)}।`;
  },
  doseChangeRefusal:
    'मैं आपको किसी दवा की खुराक या इंसुलिन की यूनिट शुरू करने, बंद करने, छोड़ने, दोगुनी करने या बदलने की सलाह नहीं दे सकता — ' +
    'यह फ़ैसला आपके डॉक्टर या फ़ार्मासिस्ट का है, जो आपकी पूरी स्वास्थ्य जानकारी जानते हैं। कुछ भी बदलने से पहले कृपया उनसे पूछें।',
  doseChangeFacts({ medicines, facts }) {
    const names = medicines.length ? [`आपकी DiaCare सूची की दवाएं: ${medicines.map(quote).join(', ')}।`] : [];
    return `DiaCare में आपकी यह जानकारी है, जो आप उन्हें दिखा सकते हैं: ${[...names, ...facts].join(' ')}`;
  },
  doseNotShown: '[खुराक नहीं दिखाई गई]',
  emergency:
    'अभी 112 पर कॉल करें (एम्बुलेंस के लिए 108)। यह इमरजेंसी हो सकती है: यहाँ जवाब का इंतज़ार न करें। ' +
    'अगर व्यक्ति बेहोश है या निगल नहीं पा रहा, तो मुँह से कुछ भी न दें; ग्लूकागॉन तभी दें जब डॉक्टर ने लिखा हो और कोई प्रशिक्षित व्यक्ति पास हो।',
  hypoSteps: hiHypoSteps('mg/dL'),
  hypoStepsIn: hiHypoSteps,
  selfHarm:
    'अभी 112 पर कॉल करें, अगर आपको लगता है कि आप खुद को नुकसान पहुँचा सकते हैं; या किसी भरोसेमंद व्यक्ति को बताएं जो आपके साथ रह सके। ' +
    'आपको यह सब अकेले नहीं झेलना है।',
  hypoSource: EN.hypoSource,
  emergencySource: {
    title: 'भारत सरकार, आपातकालीन सहायता प्रणाली (ERSS)',
    section: '112 राष्ट्रीय आपातकालीन नंबर; 108 एम्बुलेंस',
  },
  capabilities:
    'माफ़ कीजिए, मैं आपका सवाल ठीक से समझ नहीं पाया। मैं DiaCare में दर्ज आपकी अपनी जानकारी के बारे में बता सकता हूँ — ' +
    'आज की खुराक और अगली खुराक, पिछले 7 या 30 दिनों में आपने दवा कितनी नियमित ली, ' +
    'आपकी शुगर (पिछली रीडिंग, औसत, टाइम इन रेंज, लो शुगर), ब्लड प्रेशर, वज़न और BMI, बची हुई गोलियाँ और रिफ़िल, ' +
    'और आपका अगला अपॉइंटमेंट — और इन विषयों पर आम जानकारी दे सकता हूँ: खाना और भारतीय भोजन, व्यायाम, लो शुगर (हाइपोग्लाइसीमिया), ' +
    'बीमारी के दिन, पैरों की देखभाल, आँखें, ब्लड प्रेशर, शुगर जाँचना, दवाएं, यात्रा और व्रत/रोज़ा। ' +
    'पूछकर देखें: “इस हफ़्ते मेरी शुगर कैसी रही?” या “मुझे क्या खाना चाहिए?”। मैं इलाज या दवा की खुराक की सलाह नहीं दे सकता।',
  knowledgeAnswer: ({ title, excerpt, source }) => `${title}: ${excerpt}\n\nस्रोत: ${source.title}, ${source.section}।`,
  modelDownNote: 'लैंग्वेज मॉडल से संपर्क नहीं हो सका, इसलिए DiaCare के अपने सहायक ने जवाब दिया है।',
  modelRejectedNote: 'लैंग्वेज मॉडल का जवाब DiaCare की सुरक्षा जाँच में पास नहीं हुआ, इसलिए DiaCare के अपने सहायक ने जवाब दिया है।',
  streamError: t('hi', 'error.assistant_failed'),
  rateLimited: (seconds) => t('hi', 'error.too_many_questions', { seconds }),
};

const TEXTS: Record<Language, AssistantTexts> = { en: EN, hi: HI };

/** The assistant's texts in `language` (English when none is given). */
export function assistantTexts(language: Language = 'en'): AssistantTexts {
  return TEXTS[language];
}

/** Both languages' sets (guard-rail grounding and tests). */
export const ALL_TEXTS: readonly AssistantTexts[] = [EN, HI];

/** A link to a screen, labelled in `language`. */
export function link(texts: AssistantTexts, key: keyof AssistantTexts['links'], href: string): AssistantLink {
  return { label: texts.links[key], href };
}
