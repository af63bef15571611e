/**
 * Readings added after first-sight rounds 14 and 15 (apps/server/eval/first-sight.md): a weekday asked
 * as a recurring day ('my tuesday fasting numbers always look high', 'pichle sundays', 'हर रविवार') is
 * every such day in the data, each reading listed with its date, their average beside all days'; 'how
 * many days did I miss a dose' names the days; 'which ones exactly' lists every missed dose; a glucose
 * value the question states and asks to be judged ('fasting 150 is that ok') is set against the goals; a
 * period still to come ('next week') is no period of the records; asking what to do over a named period
 * ('2 din se bukhar, sugar kitni baar check karein') is the article's question.
 * Through the real HTTP server and a seeded PGlite user (figures: test/support/assistant-seed.ts).
 */
import { isoWeekdayOf } from '@diacare/contract/dates';
import type { GlucoseReading } from '@diacare/contract/health';
import { describe, expect, it } from 'vitest';
import { recurringWeekdayIn } from '../src/modules/assistant/period-words.ts';
import { readPeriod, understand } from '../src/modules/assistant/understanding.ts';
import { escalationFor, isDoseChangeQuestion } from '../src/modules/assistant/guard-rails.ts';
import { readWords } from '../src/modules/assistant/lexicon.ts';
import { readingJudgement } from '../src/modules/assistant/reading-judgement.ts';
import { ask } from './support/assistant-client.ts';
import { SEED_TODAY, seededAssistantApp } from './support/assistant-seed.ts';

const weekdayOf = (text: string) => recurringWeekdayIn(readWords(text).words);

describe('a recurring weekday', () => {
  it('is a weekday in the plural or beside a word of recurrence, not a weekday alone', () => {
    expect(weekdayOf('pichle sundays ka batao')).toBe(0);
    expect(weekdayOf('my tuesday fasting numbers always look high')).toBe(2);
    expect(weekdayOf('हर रविवार को खाली पेट शुगर')).toBe(0);
    expect(weekdayOf('sugar on tuesday')).toBeNull();
    expect(weekdayOf('मंगलवार को शुगर कितनी थी')).toBeNull();
    expect(understand('my tuesday fasting numbers always look high to me', SEED_TODAY)).toMatchObject({
      subject: 'glucose',
      weekday: 2,
      meal: 'fasting',
      period: { kind: 'all' },
    });
    // A weekday alone is still its latest date.
    expect(understand('sugar on tuesday', SEED_TODAY).period).toMatchObject({ kind: 'onDate', from: '2026-11-17' });
  });
});

describe('a stated reading judged', () => {
  it('against 80–130 before meals, under 180 after, 70–180 with no meal; under 70 is low', () => {
    expect(readingJudgement(150, 'fasting', 'mg/dL', 'en')).toBe(
      '150 mg/dL fasting is above the goal of 80–130 mg/dL for many adults before meals; your doctor may set another goal for you.',
    );
    expect(readingJudgement(110, 'fasting', 'mg/dL', 'en')).toContain('is within the goal of 80–130 mg/dL');
    expect(readingJudgement(179, 'after', 'mg/dL', 'en')).toContain('is within the goal of < 180 mg/dL');
    expect(readingJudgement(180, 'after', 'mg/dL', 'en')).toContain('is above the goal of < 180 mg/dL');
    expect(readingJudgement(65, null, 'mg/dL', 'en')).toContain('is low (under 70 mg/dL)');
    expect(readingJudgement(110, 'fasting', 'mmol/L', 'hi')).toContain(
      '6.1 mmol/L (खाली पेट) लक्ष्य 4.4–7.2 mmol/L के भीतर है',
    );
  });
});

describe('readings from rounds 16 and 17', () => {
  it('reads doses not taken over days, lows over a count, "since initiation", "octobr", morning sugar', () => {
    expect(understand('पिछले हफते मेने glimepiride की गोलि कितने दिन नहि खाई', SEED_TODAY, ['Glimepiride'])).toMatchObject({
      subject: 'doses',
      measure: 'missed',
      byDay: true,
    });
    expect(understand('Glimepiride adherence since initiation kitna %', SEED_TODAY).period.kind).toBe('all');
    expect(understand('octobr mein total kitni baar dawai chhooti thi', SEED_TODAY).period).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(understand('Is my morning sugar better this week than last week?', SEED_TODAY).meal).toBe('fasting');
  });
});

describe('guard rails from rounds 18 and 19', () => {
  it('a meter\'s very low value with signs is an emergency; "दो की जगह तीन बार दे दू" is a dose change', () => {
    expect(escalationFor('ये पसीने पसीने है और कुछ बोल नही रहे, मशीन 45 दिखा रही है')).toBe('emergency');
    expect(escalationFor('machine 120 dikha rahi hai')).toBeNull();
    expect(isDoseChangeQuestion('गलिमेपिराइड खतम हो गई, तो मेटफारमिन दो की जगह तीन बार दे दू?')).toBe(true);
    expect(isDoseChangeQuestion('खाने की जगह फल खा सकते हैं')).toBe(false);
  });
});

describe('periods still to come and advice over a period', () => {
  it('reads no period in "next week" or "agle mahine"', () => {
    expect(readPeriod('Dad is flying to Bangalore next week', SEED_TODAY)).toBeNull();
    expect(readPeriod('agle mahine papa ki checkup hai', SEED_TODAY)).toBeNull();
  });
});

describe('a recurring weekday, through the API', () => {
  const app = seededAssistantApp('pglite');

  it('lists every such day’s readings of the meal asked, with their average and all days’, in English and Hindi', async () => {
    const readings = (await (
      await app.user.request({ url: '/api/health/glucose?start_date=2000-01-01' })
    ).json()) as GlucoseReading[];
    const sundays = readings.filter((r) => r.meal_context === 'Fasting' && isoWeekdayOf(r.date) === 7);
    const { answer } = await ask(
      app.user,
      'papa ka sunday wala fasting hamesha high kyu aata h?? pichle sundays ka batao',
    );
    expect(answer.content).toMatch(/^Your fasting glucose on Sundays in all your data/);
    for (const r of sundays) expect(answer.content).toContain(`${r.value} mg/dL on`);
    expect(answer.content).toContain(`from ${sundays.length} readings, against`);
    const hindi = await ask(app.user, 'हर रविवार को खाली पेट शुगर कितनी रहती है');
    expect(hindi.answer.content).toContain('रविवार को आपकी खाली पेट शुगर');
    expect(hindi.answer.content).toContain('जबकि सभी दिनों का');
  });

  it('judges a stated glucose value the question asks about, with the targets article as its source', async () => {
    const { answer } = await ask(app.user, 'khane ke baad 210 aaya, normal hai kya');
    expect(answer.content).toContain('210 mg/dL after-meal is above the goal of < 180 mg/dL');
    expect(answer.sources.map((s) => s.title)).toContain('ADA Standards of Care in Diabetes 2025');
    // No judging word, no judgement.
    const plain = await ask(app.user, 'fasting 150 aaya aaj');
    expect(plain.answer.content).not.toContain('the goal of');
  });

  it('answers a trip next week and checks during a fever from the articles', async () => {
    const trip = await ask(
      app.user,
      "Dad is flying to Bangalore next week for my cousin's wedding. What should he carry for his diabetes?",
    );
    expect(trip.answer.content).toMatch(/^Travelling with diabetes:/);
    const fever = await ask(app.user, 'papa ko bukhar hai 2 din se, sugar kitni baar check karein');
    expect(fever.answer.content).toMatch(/^Sick days:/);
  });

  it('adherence asked with a percent is the record, not a dose change; tablets missed in a month are not insulin', async () => {
    const adherence = await ask(
      app.user,
      'Glimepiride adherence since initiation kitna %? missed doses ki dates bhi chahiye',
    );
    expect(adherence.answer.content).toMatch(/^You missed 5 “Glimepiride” doses in all your data/);
    const october = await ask(app.user, 'octobr mein total kitni baar dawai chhooti thi');
    expect(october.answer.content).toMatch(/^You missed \d+ doses? from 1 Oct to 31 Oct/);
    const lows = await ask(app.user, 'papa ji ki is hafte ki readings mein kitni baar sugar low aayi hai? dates bhi');
    expect(lows.answer.content).toMatch(/^Since 16 Nov, 2 readings were under 70 mg\/dL/);
  });

  it('what a kind of meal usually does is the meals report; a reading of his own with "is that fine" is judged', async () => {
    const usual = await ask(
      app.user,
      'Postprandial excursion dinner ke baad zyada lag raha hai, meal type wise median rise batao',
    );
    // The seeded user here logs no meals: the report's answer, which says so.
    expect(usual.answer.content).toMatch(/^In the last 30 days you logged 0 meals/);
    expect(understand('रात का खाना खाने के बाद मेरी सुगर कितनि बढती है', SEED_TODAY)).toMatchObject({
      subject: 'meals',
      measure: 'ranking',
    });
    const bp = await ask(app.user, 'dadu bp 121/85 this morning is that fine or nah');
    expect(bp.answer.content).toContain('the usual goal of under 130/80 mmHg');
  });

  it('counts the days with a missed dose when days are asked, and lists every dose when "which ones exactly"', async () => {
    const days = await ask(app.user, 'pichle 10 din me papa ne kitne din dose miss kiya');
    expect(days.answer.content).toMatch(/^You missed \d+ doses? in the last 10 days/);
    expect(days.answer.content).toMatch(/That is \d+ days? with at least one missed dose: \d+ Nov/);
    const hindi = await ask(app.user, 'इस महीने कितने दिन दवा छूटी');
    expect(hindi.answer.content).toMatch(/यानी \d+ दिन कम से कम एक खुराक छूटी/);
    const exactly = await ask(app.user, 'Did dad miss any of his tablets between 9th and 15th Nov? which ones exactly');
    expect(exactly.answer.content).not.toContain('…');
  });
});
