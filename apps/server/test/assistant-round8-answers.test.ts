/**
 * Round 8's answers through the real HTTP API on the seeded user (seedUser, 30 days; seedMeals;
 * decision 101): each low of a period with its day and time, the highest blood pressure with the
 * period's average, missed doses marked against never recorded, a day with no after-meal reading,
 * which dinner rose most, a meal by its clock time, the HbA1c results with the next lab test, and
 * the insulin logged beside a missed insulin dose.
 */
import { formatShortDate, shiftDate } from '@diacare/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../src/i18n/index.ts';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { ask } from './support/assistant-client.ts';
import { SEED_NOW, SEED_TODAY, SEED_ZONE, seedMeals, seedUser } from './support/assistant-seed.ts';

const en = (daysAgo: number) => formatShortDate(shiftDate(SEED_TODAY, -daysAgo), 'en-IN');
const hi = (daysAgo: number) => formatShortDate(shiftDate(SEED_TODAY, -daysAgo), 'hi-IN');

describe.each(DRIVERS)('round 8 answers on %s', (driver) => {
  let app: TestApp;
  let user: SignedInUser;
  const content = async (question: string) => (await ask(user, question)).answer.content;

  beforeAll(async () => {
    app = await createTestApp(driver, {
      clock: createTestClock(SEED_NOW),
      env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    user = await signIn(app.app, { name: 'Ravi', email: 'round8@example.com', timezone: SEED_ZONE });
    await seedUser(user, app.clock);
    await seedMeals(user);
  });
  afterAll(() => app.close());

  it('lists each low of the week with its day and time, and a named month’s low', async () => {
    const week = await content('was papa low in the morning or at night this week, and when');
    expect(week).toContain(`51 mg/dL after lunch on ${en(4)} at 14:00`);
    expect(week).toContain(`64 mg/dL fasting on ${en(2)} at 07:30`);
    const october = await content('october me papa ki sugar kabhi low hui thi kya');
    expect(october).toContain(`58 mg/dL fasting on ${en(20)} at 07:30`);
    expect(october).not.toContain('51 mg/dL');
  });

  it('gives the highest blood pressure of the month with the month’s average (Hindi)', async () => {
    const text = await content('पिछले एक महीने में बीपी कैसा रहा सबसे ज्यादा कितना गया');
    expect(text).toMatch(/सबसे ज़्यादा ब्लड प्रेशर \d+\/\d+ mmHg/);
    expect(text).toMatch(/औसत ब्लड प्रेशर \d+\/\d+ mmHg/);
  });

  it('says how many missed doses were marked missed and how many never recorded', async () => {
    expect(await content('pt adherence last 30d - taken / missed / not logged?')).toMatch(
      /Of the missed doses, \d+ marked as missed and \d+ never recorded\./,
    );
  });

  it('a day with no after-meal reading says so, then lists the day’s readings (Hindi)', async () => {
    const text = await content('आज खाने के बाद वाली शुगर नोट की है क्या या सिर्फ सुबह वाली');
    expect(text).toContain(t('hi', 'assistant.answer.no_meal_glucose', { period: `आज (${hi(0)})`, meal: 'खाने के बाद' }));
    expect(text).toContain('(खाली पेट, 07:30 बजे)');
  });

  it('which dinner rose most leads with that dinner; a meal named by its clock time is that meal', async () => {
    const top = await content('which dinner shot up my sugar the most in the sensor data');
    expect(top.startsWith(`The largest rise: Your dinner on ${en(1)} at 20:00`)).toBe(true);
    const late = await content('us din raat 11:30 baje dinner kiya tha chicken wala, uske baad sugar kaha tak gayi');
    expect(late).toContain(`Your dinner on ${en(2)} at 23:30`);
    expect(late).toContain('highest 188 mg/dL');
    // A meal type with a sensor word is the meal, not a glucose summary ('last nite': yesterday).
    expect(await content('sensor showing what after last nite dinner')).toContain(`Your dinner on ${en(1)} at 20:00`);
  });

  it('the HbA1c results with their direction, then the next lab test', async () => {
    const text = await content('HbA1c trend pls - prev vs latest, and when is next one due');
    expect(text).toContain('7.1 %');
    expect(text).toContain('7.8 %');
    expect(text).toContain('“HbA1c test”');
    expect(text.indexOf('7.1 %')).toBeLessThan(text.indexOf('“HbA1c test”'));
  });

  it('a missed insulin dose of last night: "do not double" first, then the insulin logged then', async () => {
    const text = await content('kal raat long acting insulin lagana bhool gaye the shayad, ab kya karu');
    expect(text.startsWith(t('en', 'assistant.safety.missed_dose'))).toBe(true);
    expect(text).toContain('18 U long at 22:00');
    // A general question names no day: the general answer only.
    expect(await content('What should I do if I forget my insulin?')).toBe(t('en', 'assistant.safety.missed_dose'));
  });
});
