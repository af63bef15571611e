/**
 * The assistant's Hindi texts: written the way Indian health apps write for
 * patients (आप form; शुगर, ब्लड प्रेशर, दवा, खुराक), Western digits, units as written.
 */
import { HYPOGLYCAEMIA, TIME_IN_RANGE_TARGET } from '@diacare/contract/clinical';
import { formatGlucose, formatGlucoseRange, type GlucoseUnit } from '@diacare/contract/glucose-units';
import type { MealContext } from '@diacare/contract/health-constants';
import { t } from '../../i18n/index.ts';
import { EN } from './texts-en.ts';
import { plural, quote, signedKg, type AssistantTexts, type Dose, type PeriodDays } from './texts-common.ts';

/** The ADA "15–15 rule" (ADA Standards of Care 2025, §6) with its thresholds in `unit`. */
export function hiHypoSteps(unit: GlucoseUnit): string {
  const low = formatGlucose(HYPOGLYCAEMIA.low, unit);
  const veryLow = formatGlucose(HYPOGLYCAEMIA.veryLow, unit);
  return (
    `${low} से कम शुगर लो शुगर (हाइपोग्लाइसीमिया) है। “15–15 नियम”: अगर आप होश में हैं और निगल सकते हैं, तो ` +
    '15–20 g जल्दी असर करने वाला ग्लूकोज़ लें (ग्लूकोज़ की टैबलेट, आधा गिलास फलों का जूस या चीनी वाला सॉफ्ट ड्रिंक, या पानी में 3–4 चम्मच चीनी), ' +
    `15 मिनट बाद फिर से जाँचें और अगर शुगर अब भी ${low} से कम हो तो यही दोहराएं; शुगर ठीक होने पर खाना या नाश्ता करें। ` +
    `मदद लें — 112 पर कॉल करें — अगर शुगर ${veryLow} से कम है और सुधर नहीं रही, बेहोशी या उलझन लगे, या निगल न पा रहे हों; और हर लो शुगर के बारे में अपने डॉक्टर को बताएं।`
  );
}

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

export const HI: AssistantTexts = {
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
      `आपका पिछला ब्लड प्रेशर ${latest.systolic}/${latest.diastolic} mmHg है${latest.pulse === null ? '' : `, पल्स ${latest.pulse} प्रति मिनट`} (${HI_AT(latest.date, latest.time)})।` +
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
