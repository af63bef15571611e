/**
 * The assistant answers meal questions through the real HTTP API (decision 102) from the seeded meals
 * (seedMeals): a dinner from sensor readings, a dinner at 23:30 whose peak is after midnight, a
 * lunch from a finger-stick pair, a breakfast with only a reading before, a snack with none, a day
 * with no lunch logged but its Before/After Lunch readings, and which foods and meal types go with
 * the largest rises — English, Hinglish and Hindi, mg/dL and mmol/L. Figures are those of the meals
 * API (GET /api/meals/{id}/response, GET /api/reports/meals).
 */
import { formatShortDate, shiftDate } from '@diacare/contract/dates';
import type { GlucoseReading } from '@diacare/contract/health';
import type { MealResponse, MealsReport } from '@diacare/contract/meals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOSE_CHANGE_REFUSAL } from '../src/modules/assistant/guard-rails.ts';
import { readWords } from '../src/modules/assistant/lexicon.ts';
import { readMealSlots } from '../src/modules/assistant/meal-slots.ts';
import { understand } from '../src/modules/assistant/understanding.ts';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { ask } from './support/assistant-client.ts';
import { SEED_NOW, SEED_TODAY, SEED_ZONE, seedMeals, seedUser } from './support/assistant-seed.ts';

const en = (daysAgo: number) => formatShortDate(shiftDate(SEED_TODAY, -daysAgo), 'en-IN');
const hi = (daysAgo: number) => formatShortDate(shiftDate(SEED_TODAY, -daysAgo), 'hi-IN');

describe('meal slots', () => {
  it('reads the meal type and whether a question asks what a meal did or which foods raise most', () => {
    const slots = (q: string) => readMealSlots(readWords(q));
    expect(slots('what did my dinner do to my sugar?')).toEqual({ mealType: 'dinner', ask: 'response' });
    expect(slots('kal lunch ke baad sugar kitna badha?')).toEqual({ mealType: 'lunch', ask: 'response' });
    expect(slots('मेरा नाश्ता शुगर कितनी बढ़ाता है')).toEqual({ mealType: 'breakfast', ask: 'response' });
    expect(slots('which food raises my sugar most?')).toEqual({ mealType: null, ask: 'ranking' });
    // Not about the person's own meals: knowledge questions.
    expect(slots('does rice raise sugar?').ask).toBeNull();
    expect(slots('which foods raise blood sugar?').ask).toBeNull();
    expect(understand("what did yesterday's lunch do to my sugar", SEED_TODAY)).toMatchObject({
      subject: 'meals',
      measure: 'response',
      mealType: 'lunch',
      period: { kind: 'yesterday', from: shiftDate(SEED_TODAY, -1) },
    });
  });
});

describe.each(DRIVERS)('meal answers on %s', (driver) => {
  let t: TestApp;
  let user: SignedInUser;
  let meals: Awaited<ReturnType<typeof seedMeals>>;
  let counter = 0;
  const newUser = () => signIn(t.app, { name: 'Ravi', email: `meals${++counter}@example.com`, timezone: SEED_ZONE });
  const get = async <T>(who: SignedInUser, url: string) => (await who.request({ url })).json() as T;
  const content = async (who: SignedInUser, question: string) => (await ask(who, question)).answer.content;

  beforeAll(async () => {
    t = await createTestApp(driver, {
      clock: createTestClock(SEED_NOW),
      env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    user = await newUser();
    await seedUser(user, t.clock, 8);
    meals = await seedMeals(user);
  });
  afterAll(() => t.close());

  it("the last dinner from sensor readings: what was eaten, before, peak, rise and minutes (the meals API's figures)", async () => {
    const r = await get<MealResponse>(user, `/api/meals/${meals.dinnerYesterday}/response`);
    expect(r).toMatchObject({ source: 'sensor', before: { value: 108 }, peak: { value: 185 }, rise: 77 });
    const { answer } = await ask(user, 'what did my dinner do to my sugar?');
    expect(answer.content).toBe(
      `Your dinner on ${en(1)} at 20:00 (Rice (cooked), Dal (toor/arhar), Roti (chapati); carbs 100 g, estimate): 108 mg/dL before it (20:00), ` +
        'highest 185 mg/dL afterwards at 21:15 — a rise of 77 mg/dL in 75 minutes, from your sensor readings.',
    );
    expect(answer.links.map((l) => l.href)).toEqual(['/reports']);
    expect(answer.content).not.toMatch(/\bunits?\b|\bdose\b/i);
  });

  it('a dinner at 23:30 whose peak is after midnight names the peak’s own day', async () => {
    const text = await content(user, `what did my dinner on ${en(2)} do to my glucose?`);
    expect(text).toContain(`Your dinner on ${en(2)} at 23:30`);
    expect(text).toContain(`highest 188 mg/dL afterwards at 00:45 on ${en(1)}`);
    expect(text).toContain('a rise of 73 mg/dL in 75 minutes');
  });

  it('a lunch from a finger-stick pair', async () => {
    const r = await get<MealResponse>(user, `/api/meals/${meals.lunch2}/response`);
    expect(r.source).toBe('fingerstick');
    const text = await content(user, 'how much did lunch 2 days ago raise my sugar');
    expect(text).toContain(
      `Your lunch on ${en(2)} at 13:00 (Rice (cooked), Dal (toor/arhar); carbs 64 g, estimate): 112 mg/dL before it (12:45)`,
    );
    expect(text).toContain(`highest ${r.peak!.value} mg/dL afterwards at 14:00`);
    expect(text).toContain(`${Math.abs(r.rise!)} mg/dL in 60 minutes, from your finger-stick readings.`);
  });

  it('no reading after a meal, or none around it: said plainly, no figure made up', async () => {
    const breakfast = await content(user, 'aaj ka breakfast');
    expect(breakfast).toMatch(
      /^Your breakfast on .* at 08:30 \(Poha; carbs \d+ g, estimate\): your sugar before it was \d+ mg\/dL \(07:30\), but there is no reading 1–3 hours after it/,
    );
    const snack = await content(user, "did yesterday's snack spike my glucose?");
    expect(snack).toBe(
      `Your snack on ${en(1)} at 17:00 (Samosa): there is no pair of readings around it (one before it and one 1–3 hours after, finger-stick or sensor), so what this meal did to your sugar cannot be told from your data.`,
    );
  });

  it('no lunch logged that day: says so and gives its Before and After Lunch readings (Hinglish, English answer)', async () => {
    const day = shiftDate(SEED_TODAY, -1);
    const after = (await get<GlucoseReading[]>(user, `/api/health/glucose?start_date=${day}&end_date=${day}`)).find(
      (r) => r.meal_context === 'After Lunch',
    )!;
    const change = after.value - 101;
    const text = await content(user, 'kal lunch ke baad sugar kitna badha?');
    expect(text).toBe(
      `No lunch is logged for ${en(1)}. Your readings that day: Before Lunch 101 mg/dL at 13:05 and After Lunch ${after.value} mg/dL at 14:00, ` +
        `${change > 0 ? `${change} mg/dL higher after` : change < 0 ? `${-change} mg/dL lower after` : 'the same'}. ` +
        'These two readings are all there is: log the meal to see its own rise.',
    );
  });

  it('which food raises me most: the meals report’s sentence, top foods and meal types', async () => {
    const report = await get<MealsReport>(user, '/api/reports/meals?days=30');
    expect(report.foods[0]).toMatchObject({ name: 'Rice (cooked)', meals: 4 });
    const text = await content(user, 'which food raises me most?');
    expect(text.startsWith(report.sentence)).toBe(true);
    expect(text).toContain('an association in your own data, not a cause and not advice');
    expect(text).toContain(
      `Foods with the largest median rise: Rice (cooked) ${report.foods[0]!.median_rise} mg/dL (4 meals)`,
    );
    expect(text).toContain('Median rise by meal type: Dinner ');
  });

  it('which food raises me most, with no food in two meals yet: says foods cannot be compared, gives meal types', async () => {
    const fresh = await newUser();
    const day = (n: number) => shiftDate(SEED_TODAY, -n);
    for (const [n, food, before, after] of [
      [1, 'poha', 110, 150],
      [2, 'idli', 105, 160],
      [3, 'upma', 100, 170],
    ] as const) {
      const meal = await fresh.request({
        method: 'POST',
        url: '/api/meals',
        payload: {
          date: day(n),
          time: '08:00',
          meal_type: 'breakfast',
          items: [{ food_id: food, name: food, portions: 1 }],
        },
      });
      expect(meal.statusCode, meal.body).toBe(201);
      for (const [value, context, time] of [
        [before, 'Before Breakfast', '07:40'],
        [after, 'After Breakfast', '09:30'],
      ] as const) {
        const reading = await fresh.request({
          method: 'POST',
          url: '/api/health/glucose',
          payload: { value, meal_context: context, date: day(n), time },
        });
        expect(reading.statusCode, reading.body).toBe(201);
      }
    }
    const text = await content(fresh, 'which food raises me most?');
    expect(text).toContain('No food yet appears in at least two meals with readings before and after');
    expect(text).toContain('Median rise by meal type: Breakfast 55 mg/dL (3 meals)');
  });

  it('in Hindi for a Devanagari question, with Hindi food names and dates', async () => {
    const breakfast = await content(user, 'मेरा नाश्ता शुगर कितनी बढ़ाता है');
    expect(breakfast).toMatch(
      new RegExp(`^आपका नाश्ता \\(${hi(0)}, 08:30 बजे; पोहा; कार्ब्स \\d+ g, अनुमान\\): उससे पहले शुगर \\d+ mg/dL थी`),
    );
    const dinner = await content(user, 'कल रात के खाने के बाद मेरी शुगर कितनी बढ़ी?');
    expect(dinner).toContain(`आपका डिनर (${hi(1)}, 20:00 बजे;`);
    expect(dinner).toContain('75 मिनट में 77 mg/dL की बढ़त; यह आपकी सेंसर रीडिंग से है।');
    const ranking = await content(user, 'कौन सा खाना मेरी शुगर सबसे ज़्यादा बढ़ाता है?');
    expect(ranking).toContain('चावल (पका)');
    expect(ranking).toContain('कारण या सलाह नहीं');
  });

  it('figures in mmol/L for an mmol/L user', async () => {
    const other = await newUser();
    await seedUser(other, t.clock, 8);
    await seedMeals(other);
    await other.request({ method: 'PUT', url: '/api/users/me', payload: { glucose_unit: 'mmol/L' } });
    const text = await content(other, 'what did my dinner do to my sugar?');
    expect(text).toContain(
      '6.0 mmol/L before it (20:00), highest 10.3 mmol/L afterwards at 21:15 — a rise of 4.3 mmol/L',
    );
    expect(text).not.toContain('mg/dL');
  });

  it('too few meals, or none: says so; a dose question about a meal is still refused', async () => {
    const fresh = await newUser();
    expect(await content(fresh, 'what did my dinner do to my sugar?')).toBe('No dinner is logged in the last 30 days.');
    const logged = await fresh.request({
      method: 'POST',
      url: '/api/meals',
      payload: {
        date: SEED_TODAY,
        time: '08:00',
        meal_type: 'breakfast',
        items: [{ food_id: 'poha', name: 'poha', portions: 1 }],
      },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(await content(fresh, 'which food raises me most?')).toBe(
      'In the last 30 days you logged 1 meal; 0 with readings before and after. Too few meals with readings before and after them to show a pattern yet: at least 3 are needed.',
    );
    const dose = await content(user, 'how much insulin should I take for my dinner carbs?');
    expect(dose.startsWith(DOSE_CHANGE_REFUSAL)).toBe(true);
  });
});
