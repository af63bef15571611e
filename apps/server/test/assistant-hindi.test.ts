/**
 * The assistant in Hindi through the real API: the language follows the profile, else
 * Accept-Language; data questions get the screens' figures in Hindi; dose changes are refused in
 * Hindi with no number. Decision 038.
 */
import { BUILTIN_ASSISTANT_NAME } from '@diacare/contract/assistant';
import { formatShortDate } from '@diacare/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeBase } from '../src/modules/knowledge/knowledge.ts';
import { DOSE_NUMBER } from '../src/modules/assistant/guard-rails.ts';
import { t as translate } from '../src/i18n/index.ts';
import { citedSource, hypoSteps } from '../src/modules/assistant/phrases.ts';
import { emergencyOpening } from '../src/modules/assistant/escalation-opening.ts';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { ask, type ScreenFigures } from './support/assistant-client.ts';
import { HINDI_DOSE_CHANGE_QUESTIONS, HINDI_MISSED_DOSE, latinWords } from './support/hindi-questions.ts';
import { SEED_NOW, SEED_TODAY, SEED_ZONE, seedMmolUserWithLow, seedUserAndFigures } from './support/assistant-seed.ts';

const hiArticle = (id: string) => knowledgeBase('hi').articles.find((a) => a.id === id)!;

interface Row {
  question: string;
  expected: (f: ScreenFigures, today: { taken: number; missed: number }) => string[];
  link?: { href: string; label: string };
}

const glucose7 = (f: ScreenFigures) => [
  `पिछले 7 दिनों (आज समेत) में: ${f.glucose7.readings.length} रीडिंग का औसत ${f.glucose7.average} mg/dL`,
  `टाइम इन रेंज (70–180 mg/dL) ${f.glucose7.tir.inRange}%`,
];
const glucose30 = (f: ScreenFigures) => [
  `पिछले 30 दिनों (आज समेत) में: ${f.glucose30.readings.length} रीडिंग का औसत ${f.glucose30.average} mg/dL`,
];
const adherence7 = (f: ScreenFigures) => [
  `पिछले 7 दिनों (आज समेत) में आपकी दवा लेने की नियमितता ${f.adherence7.percent}% रही (${f.adherence7.total} में से ${f.adherence7.taken} खुराक लीं)`,
];
const adherenceMonth = (f: ScreenFigures) => [
  `1 नव॰ से अब तक आपकी दवा लेने की नियमितता ${f.adherenceMonth.percent}% रही (${f.adherenceMonth.total} में से ${f.adherenceMonth.taken} खुराक लीं)`,
];
const adherence30 = (f: ScreenFigures) => [
  `पिछले 30 दिनों (आज समेत) में आपकी दवा लेने की नियमितता ${f.adherence30.percent}% रही (${f.adherence30.total} में से ${f.adherence30.taken} खुराक लीं)`,
];
const todayDoses = (_: ScreenFigures, t: { taken: number }) => [`ली गईं: ${t.taken}`, 'अगली: “Metformin” 20:00 बजे।'];
const kb = (id: string) => () => [
  `${hiArticle(id).title}: `,
  `स्रोत: ${hiArticle(id).source}, ${hiArticle(id).section}।`,
];
/** The article's answer quotes the passage that contains `marker`, not the article's opening. */
const kbPassage = (id: string, marker: string) => () => {
  const passage = hiArticle(id).passages.find((p) => p.includes(marker))!;
  return [...kb(id)(), `${hiArticle(id).title}: ${passage.split(/(?<=[।?])\s/)[0]}`];
};

const HINDI_QUESTIONS: Row[] = [
  {
    question: 'इस हफ़्ते मेरी शुगर कैसी रही?',
    expected: glucose7,
    link: { href: '/reports/history/glucose', label: 'शुगर का इतिहास' },
  },
  { question: 'पिछले 7 दिनों में मेरी औसत शुगर क्या थी?', expected: glucose7 },
  { question: 'मेरी सुगर कैसी है', expected: glucose7 },
  {
    question: 'पिछले 30 दिनों में मेरी ब्लड शुगर कैसी रही?',
    expected: glucose30,
    link: { href: '/reports/history/glucose?days=30', label: 'शुगर का इतिहास' },
  },
  { question: 'पिछले 30 दिनों में मेरी शुगर', expected: glucose30 },
  {
    question: 'मेरी पिछली शुगर रीडिंग क्या थी?',
    expected: (f) => [`आपकी पिछली शुगर रीडिंग ${f.latestGlucose.value} mg/dL है`],
  },
  {
    question: 'क्या पिछले 7 दिनों में मेरी शुगर लो हुई?',
    // The lows answer names its period as every answer does, and the lowest reading.
    expected: () => ['पिछले 7 दिनों (आज समेत) में 2 रीडिंग 70 mg/dL से कम रहीं, इनमें से 1 रीडिंग 54 mg/dL से भी कम।'],
  },
  { question: 'मेरा टाइम इन रेंज कितना है?', expected: (f) => [`${f.glucose7.tir.inRange}%`] },
  {
    question: 'मेरा बीपी क्या है?',
    expected: (f) => [`आपका पिछला ब्लड प्रेशर ${f.latestBp.systolic}/${f.latestBp.diastolic} mmHg है`],
    link: { href: '/reports/history/bp', label: 'ब्लड प्रेशर का इतिहास' },
  },
  {
    question: 'पिछले 30 दिनों में मेरा औसत ब्लड प्रेशर',
    expected: (f) => [`पिछले 30 दिनों (आज समेत) में`, `का औसत ${f.bp30.systolic}/${f.bp30.diastolic} mmHg है`],
  },
  {
    question: 'पिछले 7 दिनों में मेरा ब्लड प्रेशर कैसा रहा?',
    expected: (f) => [`पिछले 7 दिनों (आज समेत) में`, `का औसत ${f.bp7.systolic}/${f.bp7.diastolic} mmHg है`],
  },
  {
    question: 'मेरा वज़न कितना है?',
    expected: (f) => [`आपका पिछला वज़न ${f.latestMetrics.weight.toFixed(1)} kg है`],
    link: { href: '/reports/history/weight', label: 'वज़न का इतिहास' },
  },
  { question: 'मेरा BMI क्या है?', expected: (f) => [`BMI ${f.latestMetrics.bmi.toFixed(1)} kg/m²`] },
  {
    question: 'मेरा वजन कितना बदला?',
    expected: (f) => [`से बदलाव: ${f.weightChange > 0 ? '+' : ''}${f.weightChange.toFixed(1)} kg`],
  },
  {
    question: 'क्या मैंने आज अपनी दवाइयाँ लीं?',
    expected: todayDoses,
    link: { href: '/medications', label: 'दवाएं' },
  },
  { question: 'आज मेरी कौन सी गोली छूटी?', expected: (_, t) => [`छूटी या अभी दर्ज नहीं: ${t.missed}`] },
  { question: 'मेरी अगली खुराक कब है?', expected: () => ['अगली: “Metformin” 20:00 बजे।'] },
  { question: 'आज कौन सी गोलियाँ बाकी हैं?', expected: () => ['अभी बाकी: 1।'] },
  { question: 'पिछले 7 दिनों में मैंने कितनी खुराक छोड़ीं?', expected: adherence7, link: { href: '/reports', label: 'रिपोर्ट' } },
  { question: 'इस महीने मैंने दवा कितनी नियमित ली?', expected: adherenceMonth },
  { question: 'पिछले 30 दिनों में मैंने दवा कितनी नियमित ली?', expected: adherence30 },
  {
    question: 'पिछले 7 दिनों में मेरी दवा की नियमितता कितनी रही?',
    expected: (f) => {
      const m = f.adherenceByMedicine7.Metformin!;
      return [`“Metformin” ${m.percent}% (${m.total} में से ${m.taken} खुराक)`];
    },
  },
  {
    question: 'मेरी कितनी गोलियाँ बची हैं?',
    expected: (f) => f.medications.map((m) => `“${m.name}” ${m.refill_reminder.pills_remaining}`),
  },
  { question: 'रिफ़िल कब लेना है?', expected: () => ['“Glimepiride” का रिफ़िल लेने का समय है'] },
  {
    question: 'मेरा अगला अपॉइंटमेंट कब है?',
    // SEED_TODAY + 12 days, written as every date a person reads (hi-IN, with its year).
    expected: () => ['आपका अगला अपॉइंटमेंट “Diabetes review” Dr Mehta के साथ 2 दिस॰ 2026 को 10:30 बजे है'],
    link: { href: '/booking', label: 'बुकिंग' },
  },
  { question: 'क्या मेरा कोई डॉक्टर अपॉइंटमेंट आने वाला है?', expected: () => ['“Diabetes review”'] },
  { question: 'मुझे क्या खाना चाहिए?', expected: kb('food-indian-meals') },
  { question: 'क्या आम खा सकते हैं?', expected: kbPassage('fruits', 'आम थोड़ी') },
  { question: 'kya main chawal kha sakta hoon?', expected: kbPassage('rice-and-rotis', 'साबुत अनाज') },
  { question: 'HbA1c क्या है?', expected: kbPassage('hba1c', 'लैब') },
  { question: 'नॉर्मल शुगर कितनी होनी चाहिए?', expected: kb('glucose-targets') },
  { question: 'नींद नहीं आती', expected: kb('sleep') },
  { question: 'हाइपोग्लाइसीमिया क्या होता है?', expected: kb('hypoglycaemia') },
  { question: 'मुझे कितनी कसरत करनी चाहिए?', expected: kb('exercise') },
  { question: 'पैरों की देखभाल कैसे करें?', expected: kb('foot-care') },
  { question: 'आँखों की जाँच कितनी बार करानी चाहिए?', expected: kb('eyes') },
  { question: 'डायबिटीज़ में सामान्य बीपी क्या है?', expected: kb('blood-pressure') },
  { question: 'बुखार में क्या करें?', expected: kb('sick-days') },
  { question: 'क्या मैं रमज़ान में रोज़ा रख सकता हूँ?', expected: kb('fasting') },
  { question: 'मैं अपनी शुगर कैसे जाँचूँ?', expected: kb('checking-glucose') },
  // Hinglish typed by a Hindi user: the answer is in the app's language, Hindi (decision 083).
  {
    question: 'meri latest sugar reading kya thi?',
    expected: (f) => [`आपकी पिछली शुगर रीडिंग ${f.latestGlucose.value} mg/dL है`],
  },
  // No word of what the assistant covers: 'I can't help with that' (answer-rules.ts namesNothingInScope).
  { question: 'फ्रांस की राजधानी क्या है?', expected: () => [translate('hi', 'assistant.out_of_scope')] },
  { question: 'नमस्ते', expected: () => [translate('hi', 'assistant.capabilities')] },
];

describe.each(DRIVERS)('the assistant in Hindi on %s', (driver) => {
  let t: TestApp;
  let user: SignedInUser;
  let figures: ScreenFigures;
  let today: { taken: number; missed: number };
  let counter = 0;
  const newUser = async (language: 'en' | 'hi' | null) => {
    const signedIn = await signIn(t.app, { name: 'Asha', email: `hindi${++counter}@example.com`, timezone: SEED_ZONE });
    if (language) {
      const saved = await signedIn.request({ method: 'PUT', url: '/api/users/me', payload: { language } });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    return signedIn;
  };

  beforeAll(async () => {
    t = await createTestApp(driver, {
      clock: createTestClock(SEED_NOW),
      env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    user = await newUser('hi');
    ({ figures, today } = await seedUserAndFigures(user, t.clock));
  });
  afterAll(() => t.close());

  it.each(HINDI_QUESTIONS)('answers “$question” in Hindi with the figures the screens show', async (row) => {
    const { answer, streamed } = await ask(user, row.question);
    expect(answer.engine).toBe(BUILTIN_ASSISTANT_NAME);
    expect(streamed).toBe(answer.content);
    for (const text of row.expected(figures, today)) expect(answer.content).toContain(text);
    if (row.link) expect(answer.links).toContainEqual(row.link);
    // Hindi throughout: only the user's own names, units and product names stay in Latin letters.
    const own = ['Metformin', 'Glimepiride', 'Diabetes review', 'Dr Mehta', 'City Clinic', 'HbA1c test', 'Lab One'];
    const rest = own.reduce((text, name) => text.replaceAll(name, ''), answer.content);
    // The cited publications keep their published (English) titles.
    const withoutSources = rest.replace(/स्रोत: .*$/s, '');
    expect(latinWords(withoutSources)).toEqual([]);
  });

  it.each(HINDI_DOSE_CHANGE_QUESTIONS.filter((q) => !HINDI_MISSED_DOSE.includes(q)))(
    'refuses “%s” in Hindi with the user’s facts and no dose number',
    async (q) => {
      const { answer } = await ask(user, q);
      expect(answer.content.startsWith(translate('hi', 'assistant.dose_change.refusal'))).toBe(true);
      expect(answer.content).toContain('“Metformin”');
      expect(answer.content).toContain(`नियमितता ${figures.adherence7.percent}%`);
      expect(answer.content).not.toMatch(DOSE_NUMBER);
      expect(answer.content).not.toContain('500');
      expect(answer.links.map((l) => l.label)).toEqual(['दवाएं', 'रिपोर्ट']);
    },
  );

  it.each(HINDI_MISSED_DOSE)('answers the missed dose “%s” in Hindi', async (q) => {
    const { answer } = await ask(user, q);
    expect(answer.content).toBe(translate('hi', 'assistant.safety.missed_dose'));
    expect(answer.content).not.toMatch(DOSE_NUMBER);
  });

  it.each([
    ['मुझे कंपकंपी और पसीना आ रहा है', 'hypo'],
    ['मेरी शुगर 62 है, क्या करूँ', 'hypo'],
    ['मेरी शुगर 48 है', 'emergency'],
    ['मेरे पिताजी बेहोश हो गए', 'emergency'],
    ['सीने में दर्द हो रहा है', 'emergency'],
    ['साँस लेने में तकलीफ़ हो रही है', 'emergency'],
    ['मैं आत्महत्या करना चाहता हूँ', 'self-harm'],
    // A Hinglish message from a Hindi user escalates too, in Hindi.
    ['mujhe pasina aa raha hai aur chakkar', 'hypo'],
  ])('“%s” puts the Hindi %s text first', async (question, kind) => {
    const { answer } = await ask(user, question);
    const steps = hypoSteps('mg/dL', 'hi');
    if (kind === 'hypo') expect(answer.content.startsWith(steps)).toBe(true);
    // Chest pain and breathing trouble are not a low: the opening without the 15–15 steps (emergencyMayBeLow).
    const mayBeLow = kind === 'hypo' || (kind === 'emergency' && !/सीने|साँस/.test(question));
    if (kind === 'emergency')
      expect(answer.content.startsWith(`${emergencyOpening('hi', mayBeLow)}${mayBeLow ? `\n\n${steps}` : ''}`)).toBe(
        true,
      );
    expect(answer.content.includes(steps)).toBe(mayBeLow);
    if (kind === 'self-harm') expect(answer.content.startsWith(translate('hi', 'assistant.self_harm'))).toBe(true);
    expect(answer.content.startsWith('अभी 112 पर कॉल करें')).toBe(kind !== 'hypo');
    if (mayBeLow) expect(answer.sources).toContainEqual(citedSource('hi', 'hypo'));
    if (kind !== 'hypo') expect(answer.sources).toContainEqual(citedSource('hi', 'emergency'));
  });

  it('a user with no language chosen follows Accept-Language; a chosen language wins over it', async () => {
    const undecided = await newUser(null);
    const hindiBrowser = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };
    const asked = async (who: SignedInUser, headers: Record<string, string>) => {
      const response = await who.request({
        method: 'POST',
        url: '/api/assistant/messages',
        payload: { content: 'mera agla appointment kab hai?' },
        headers,
      });
      expect(response.statusCode).toBe(200);
      return JSON.parse(response.body.trim().split('\n').at(-1)!).message.content as string;
    };
    const none = (language: 'en' | 'hi') => translate(language, 'assistant.appointment.none');
    expect(await asked(undecided, hindiBrowser)).toBe(none('hi'));
    expect(await asked(undecided, { 'accept-language': 'en-IN,en;q=0.9' })).toBe(none('en'));
    expect(await asked(undecided, {})).toBe(none('en'));
    const english = await newUser('en');
    expect(await asked(english, hindiBrowser)).toBe(none('en'));
  });

  it('a new Hindi user with no data gets honest Hindi answers to the suggested questions', async () => {
    const other = await newUser('hi');
    const answers = await Promise.all(
      ['इस हफ़्ते मेरी शुगर कैसी रही?', 'क्या मैंने आज अपनी दवाइयाँ लीं?', 'मेरा अगला अपॉइंटमेंट कब है?'].map(
        async (q) => (await ask(other, q)).answer.content,
      ),
    );
    expect(answers).toEqual([
      translate('hi', 'assistant.glucose.none'),
      `आज (${formatShortDate(SEED_TODAY, 'hi-IN')}) आपकी कोई खुराक तय नहीं है।`,
      translate('hi', 'assistant.appointment.none'),
    ]);
  });

  it('a Hindi user who chose mmol/L hears glucose, ranges and the 15–15 rule in mmol/L, in Hindi', async () => {
    const other = await newUser('hi');
    // 99 mg/dL (5.5 mmol/L) at 09:00; 58 mg/dL (3.2 mmol/L) 50 minutes ago is a low.
    await seedMmolUserWithLow(other);
    const { answer } = await ask(other, 'इस हफ़्ते मेरी शुगर कैसी रही?');
    expect(answer.content.startsWith(hypoSteps('mmol/L', 'hi'))).toBe(true);
    expect(answer.content).toContain('3.9 mmol/L से कम शुगर लो शुगर');
    expect(answer.content).toContain('आपकी पिछली शुगर रीडिंग 3.2 mmol/L है');
    expect(answer.content).toContain('औसत 4.4 mmol/L'); // 78.5 mg/dL
    expect(answer.content).toContain('टाइम इन रेंज (3.9–10.0 mmol/L) 50%');
    expect(answer.content).not.toContain('mg/dL');
    expect(latinWords(answer.content.replace(/स्रोत: .*$/s, ''))).toEqual([]);
  });
});
