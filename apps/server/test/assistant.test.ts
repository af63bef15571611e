/**
 * The assistant's built-in engine through the real API: a table of questions over a seeded user
 * whose expected figures are computed through the API and contract functions the screens use;
 * dose-change refusals and missed doses. The clock is fixed at 18:00 in Asia/Kolkata. Safety
 * answers are in assistant-safety.test.ts, the API's edges in assistant-api.test.ts.
 */
import { BUILTIN_ASSISTANT_NAME } from '@diacare/contract/assistant';
import { HYPOGLYCAEMIA } from '@diacare/contract/clinical';
import { formatShortDate } from '@diacare/contract/dates';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../src/modules/assistant/builtin-engine.ts';
import { DOSE_CHANGE_REFUSAL, DOSE_NUMBER } from '../src/modules/assistant/guard-rails.ts';
import { knowledgeBase } from '../src/modules/knowledge/knowledge.ts';
import { t as translate } from '../src/i18n/index.ts';
import { citedSource } from '../src/modules/assistant/phrases.ts';
import { DRIVERS } from './helpers.ts';
import { ask, type ScreenFigures } from './support/assistant-client.ts';
import { SEED_TODAY, medicationPayload, seededAssistantApp } from './support/assistant-seed.ts';

const article = (id: string) => knowledgeBase().articles.find((a) => a.id === id)!;

interface Row {
  question: string;
  /** Substrings the answer must contain, from the screens' figures. */
  expected: (f: ScreenFigures, today: TodayFigures) => string[];
  /** The link the answer must carry. */
  link?: string;
}

interface TodayFigures {
  taken: number;
  missed: number;
}

const glucose7 = (f: ScreenFigures) => [
  `average ${f.glucose7.average} mg/dL`,
  'the last 7 days',
  `time in range (70–180 mg/dL) ${f.glucose7.tir.inRange}%`,
];
const glucose30 = (f: ScreenFigures) => [`average ${f.glucose30.average} mg/dL`, 'the last 30 days'];
const lows = () => [`2 readings were under ${HYPOGLYCAEMIA.low} mg/dL, 1 of them under ${HYPOGLYCAEMIA.veryLow} mg/dL`];
const bp7 = (f: ScreenFigures) => [`average is ${f.bp7.systolic}/${f.bp7.diastolic} mmHg`, 'the last 7 days'];
const bp30 = (f: ScreenFigures) => [`average is ${f.bp30.systolic}/${f.bp30.diastolic} mmHg`, 'the last 30 days'];
const latestBp = (f: ScreenFigures) => [`${f.latestBp.systolic}/${f.latestBp.diastolic} mmHg`];
const adherence7 = (f: ScreenFigures) => [
  `over the last 7 days (including today) is ${f.adherence7.percent}% (${f.adherence7.taken} of ${f.adherence7.total} doses taken)`,
];
const adherenceMonth = (f: ScreenFigures) => [
  `since 1 Nov is ${f.adherenceMonth.percent}% (${f.adherenceMonth.taken} of ${f.adherenceMonth.total} doses taken)`,
];
const adherence30 = (f: ScreenFigures) => [
  `over the last 30 days (including today) is ${f.adherence30.percent}% (${f.adherence30.taken} of ${f.adherence30.total} doses taken)`,
];
const todayDoses = (_: ScreenFigures, t: TodayFigures) => [`Taken: ${t.taken}`, 'Next: “Metformin” at 20:00'];
const kb = (id: string) => () => [article(id).title, `Source: ${article(id).source}, ${article(id).section}.`];
/** The article's answer quotes the passage that contains `marker`, not the article's opening. */
const kbPassage = (id: string, marker: string) => () => {
  const passage = article(id).passages.find((p) => p.includes(marker))!;
  return [...kb(id)(), `${article(id).title}: ${passage.split(/(?<=[.!?])\s/)[0]}`];
};

const QUESTIONS: Row[] = [
  // glucose
  { question: 'How was my sugar this week?', expected: glucose7, link: '/reports/history/glucose' },
  { question: 'what is my average glucose in the past week', expected: glucose7 },
  { question: 'my suger levels lately?', expected: glucose7 },
  { question: 'How is my glucoze?', expected: glucose7 },
  {
    question: 'How has my blood sugar been over the last 30 days?',
    expected: glucose30,
    link: '/reports/history/glucose?days=30',
  },
  { question: 'my glucose over the last 30 days', expected: glucose30 },
  {
    question: 'What was my latest sugar reading?',
    expected: (f) => [`latest glucose reading is ${f.latestGlucose.value} mg/dL`],
  },
  { question: 'Have I had any lows this week?', expected: lows },
  { question: 'What is my time in range?', expected: (f) => [`${f.glucose7.tir.inRange}%`] },
  { question: 'did my sugar go low in the past week', expected: lows },
  // blood pressure
  { question: "What's my BP?", expected: latestBp, link: '/reports/history/bp' },
  { question: 'my blood pressure average over the last 30 days', expected: bp30 },
  { question: 'How was my blood presure in the last 7 days?', expected: bp7 },
  { question: 'how is my bp this week', expected: bp7 },
  // weight and BMI
  {
    question: 'What is my weight?',
    expected: (f) => [`latest weight is ${f.latestMetrics.weight.toFixed(1)} kg`],
    link: '/reports/history/weight',
  },
  { question: 'What is my BMI?', expected: (f) => [`BMI ${f.latestMetrics.bmi.toFixed(1)} kg/m²`] },
  {
    question: 'How much has my weight changed?',
    expected: (f) => [`${f.weightChange > 0 ? '+' : ''}${f.weightChange.toFixed(1)} kg`],
  },
  // today's doses
  { question: 'Did I take my medicines today?', expected: todayDoses, link: '/medications' },
  { question: 'Have I missed any tablet today?', expected: (_, t) => [`Missed or not yet marked: ${t.missed}`] },
  { question: 'What is my next dose today?', expected: () => ['Next: “Metformin” at 20:00'] },
  { question: 'did i take my meds today', expected: todayDoses },
  { question: 'Which pills are due today?', expected: () => ['Still due: 1'] },
  { question: 'Did I forget my medecine today?', expected: todayDoses },
  // adherence (Reports' figure)
  { question: 'How many doses did I miss in the past week?', expected: adherence7, link: '/reports' },
  { question: 'What is my adherence this month?', expected: adherenceMonth },
  { question: 'How regularly did I take my tablets in the last 30 days?', expected: adherence30 },
  { question: 'my medicine adherence over the last week', expected: adherence7 },
  { question: 'Did I miss any medicines in the last 7 days?', expected: adherence7 },
  {
    question: 'How was my Metformin adherence in the past week?',
    expected: (f) => {
      const m = f.adherenceByMedicine7.Metformin!;
      return [`“Metformin” ${m.percent}% (${m.taken} of ${m.total} doses)`];
    },
  },
  // pills left and refills
  {
    question: 'How many pills do I have left?',
    expected: (f) => f.medications.map((m) => `“${m.name}” ${m.refill_reminder.pills_remaining}`),
    link: '/medications',
  },
  { question: 'When do I need a refill?', expected: () => ['Refill due for “Glimepiride”'] },
  { question: 'Am I running out of any tablets?', expected: () => ['Refill due for “Glimepiride”'] },
  // appointments
  {
    question: 'When is my next appointment?',
    // SEED_TODAY + 12 days, written as every date a person reads (en-IN, with its year).
    expected: () => ['“Diabetes review” with Dr Mehta on 2 Dec 2026 at 10:30'],
    link: '/booking',
  },
  { question: 'Do I have a doctor visit coming up?', expected: () => ['“Diabetes review”'] },
  { question: 'next apointment?', expected: () => ['“Diabetes review”'] },
  // knowledge base
  { question: 'What should I eat?', expected: kb('food-indian-meals') },
  { question: 'Is rice ok for diabetes?', expected: kb('rice-and-rotis') },
  { question: 'Is mango ok?', expected: kbPassage('fruits', 'Mango') },
  { question: 'can I eat mango?', expected: kbPassage('fruits', 'Mango') },
  { question: 'is banana allowed', expected: kbPassage('fruits', 'Banana') },
  { question: 'kya main chawal kha sakta hoon?', expected: kbPassage('rice-and-rotis', 'Whole grains') },
  { question: 'What is HbA1c?', expected: kbPassage('hba1c', 'laboratory') },
  { question: 'what is a normal fasting sugar?', expected: kb('glucose-targets') },
  { question: 'sharab pi sakta hoon?', expected: kb('alcohol') },
  { question: 'my feet are numb', expected: kbPassage('nerves-and-numbness', 'If your feet feel numb') },
  { question: 'What is hypoglycemia?', expected: kb('hypoglycaemia') },
  { question: 'How much exercise should I do?', expected: kb('exercise') },
  { question: 'How do I take care of my feet?', expected: kb('foot-care') },
  { question: 'How often should I get my eyes checked?', expected: kb('eyes') },
  { question: 'What is a normal BP for diabetics?', expected: kb('blood-pressure') },
  { question: 'I have a fever, what should I do on a sick day?', expected: kb('sick-days') },
  { question: 'Can I fast during Ramadan?', expected: kb('fasting') },
  { question: 'Navratri fasting tips', expected: kb('fasting') },
  { question: 'Tips to travel with diabetes', expected: kb('travel') },
  { question: 'How do I check my sugar?', expected: kb('checking-glucose') },
  { question: 'what does time in range mean', expected: kb('checking-glucose') },
  { question: 'excercise advice please', expected: kb('exercise') },
  // honest fallback
  { question: 'What is the capital of France?', expected: () => [translate('en', 'assistant.out_of_scope')] },
  { question: 'hello', expected: () => [CAPABILITIES] },
];

const DOSE_CHANGE_QUESTIONS = [
  'Should I stop taking metformin?',
  'Can I skip my evening dose?',
  'How many units of insulin should I take?',
  'Should I increase my glimepiride?',
  'Can I reduce my tablets since my sugar is good?',
  'My sugar is high, should I take an extra pill?',
  'What dose of metformin is right for me?',
  'Can I take two tablets tonight?',
  'Should I cut my metformin in half?',
  'Do I still need my tablets?',
  'Can I stop insulin now?',
  'Is 1000 mg too much?',
  'Should I change my medication dosage?',
  'Can I start insulin?',
  'i want to quit my meds',
  'should i lower my insulin units',
  'can i have another dose of glimepiride',
  'Is it safe to come off my diabetes pills?',
];

/** A missed dose gets the missed-dose safety answer, not the refusal: it says not to double up. */
const MISSED_DOSE_QUESTIONS = [
  'Is it ok to double my dose if I missed one?',
  'I missed my morning dose, what should I do?',
  'What should I do if I forget my insulin?',
];

describe.each(DRIVERS)('assistant (built-in engine) on %s', (driver) => {
  const seeded = seededAssistantApp(driver);
  const { newUser } = seeded;

  it('the seeded data has lows in the last 7 days and doses of every kind', () => {
    expect(seeded.figures.glucose7.readings.some((r) => r.value < 54)).toBe(true);
    expect(seeded.figures.adherence7.total).toBeGreaterThan(seeded.figures.adherence7.taken);
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(QUESTIONS)('answers “$question” with the figures the screens show', async (row) => {
    const { answer, streamed, events } = await ask(seeded.user, row.question);
    expect(events[0]).toMatchObject({ type: 'user', message: { role: 'user', content: row.question, engine: null } });
    expect(answer.role).toBe('assistant');
    expect(answer.engine).toBe(BUILTIN_ASSISTANT_NAME);
    expect(streamed).toBe(answer.content);
    for (const text of row.expected(seeded.figures, seeded.today)) expect(answer.content).toContain(text);
    if (row.link) expect(answer.links.map((l) => l.href)).toContain(row.link);
  });

  it.each(DOSE_CHANGE_QUESTIONS)('refuses the dose change “%s” with the user’s facts and no dose number', async (q) => {
    const { answer } = await ask(seeded.user, q);
    expect(answer.content.startsWith(DOSE_CHANGE_REFUSAL)).toBe(true);
    expect(answer.content).toContain('“Metformin”');
    expect(answer.content).toContain(`${seeded.figures.adherence7.percent}%`);
    expect(answer.content).not.toMatch(DOSE_NUMBER);
    expect(answer.content).not.toContain('500');
  });

  it.each(MISSED_DOSE_QUESTIONS)(
    'answers the missed dose “%s” with “do not double up” and no dose number',
    async (q) => {
      const { answer } = await ask(seeded.user, q);
      expect(answer.content).toBe(translate('en', 'assistant.safety.missed_dose'));
      expect(answer.content).not.toMatch(DOSE_NUMBER);
      expect(answer.sources).toEqual([citedSource('en', 'leaflet')]);
    },
  );

  it('a new user with no data gets an honest answer to each suggested question', async () => {
    const other = await newUser();
    const answers = await Promise.all(
      [
        'How was my sugar this week?',
        'Did I take my medicines today?',
        'When is my next appointment?',
        'What should I eat?',
      ].map(async (q) => (await ask(other, q)).answer.content),
    );
    expect(answers[0]).toBe('You have no glucose readings yet. Log one from Reports to see your figures here.');
    expect(answers[1]).toBe(`You have no medicine doses scheduled today (${formatShortDate(SEED_TODAY, 'en-IN')}).`);
    expect(answers[2]).toBe('You have no upcoming appointments. You can book one on Booking.');
    expect(answers[3]).toContain(article('food-indian-meals').source);
  });

  it('a medicine named “… 500 mg” does not put a dose number into a refusal', async () => {
    const other = await newUser();
    const created = await other.request({
      method: 'POST',
      url: '/api/medications',
      payload: medicationPayload('Metformin 500 mg', ['08:00'], SEED_TODAY),
    });
    expect(created.statusCode).toBe(201);
    const { answer } = await ask(other, 'Should I take 2 tablets of it?');
    expect(answer.content.startsWith(DOSE_CHANGE_REFUSAL)).toBe(true);
    expect(answer.content).not.toMatch(DOSE_NUMBER);
  });
});
