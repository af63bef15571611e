/**
 * Meals through the API (decisions 088, 089): the food list searched in three scripts, a meal
 * logged with its carbohydrate summed from the list, listed, corrected and deleted; bad input
 * → 400 naming the field with nothing stored; another user's meal → 404; recent items; a
 * meal's response from imported sensor readings and from finger-stick readings; the meals
 * report's sentence in English and Hindi, mg/dL and mmol/L. The clock is fixed at
 * 2026-11-20T12:00:00Z (17:30 in Asia/Kolkata).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const LUNCH = {
  date: '2026-11-20',
  time: '13:00',
  meal_type: 'lunch',
  items: [
    { food_id: 'rice', name: 'Rice', portions: 1.5 },
    { food_id: 'sambar', name: 'Sambar', portions: 1 },
    { name: 'Mango pickle', portions: 1, carbs_g: 2 },
    { name: 'Something unknown', portions: 1 },
  ],
};

/** A Dexcom Clarity CSV of sensor readings: [local 'YYYY-MM-DDTHH:MM', mg/dL]. */
const dexcom = (readings: [string, number][]) =>
  [
    'Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL)',
    ...readings.map(([at, value], index) => `${index + 1},${at}:00,EGV,,,,G7,${value}`),
  ].join('\n');

describe.each(DRIVERS)('meals on %s', (driver) => {
  let t: TestApp;
  let counter = 0;
  const newUser = (name = 'Asha Rao', timezone = 'Asia/Kolkata') =>
    signIn(t.app, { name, email: `meals${++counter}@example.com`, timezone });
  const post = (user: SignedInUser, payload: unknown) => user.request({ method: 'POST', url: '/api/meals', payload });
  async function logged(user: SignedInUser, payload: unknown) {
    const response = await post(user, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  async function importSensor(user: SignedInUser, readings: [string, number][]) {
    const preview = await user.request({
      method: 'POST',
      url: '/api/imports',
      headers: { 'content-type': 'text/csv' },
      payload: dexcom(readings),
    });
    expect(preview.statusCode, preview.body).toBe(201);
    const commit = await user.request({ method: 'POST', url: `/api/imports/${preview.json().id}/commit` });
    expect(commit.statusCode, commit.body).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
  });
  afterAll(() => t.close());

  it('the food list finds English, Hindi and everyday spellings with typos, named in the person’s language', async () => {
    const asha = await newUser();
    const search = async (q: string) =>
      (await asha.request({ url: `/api/foods?q=${encodeURIComponent(q)}&limit=3` }))
        .json()
        .map((f: { id: string }) => f.id);
    expect((await search('chawal'))[0]).toBe('rice');
    expect((await search('chapatti'))[0]).toBe('roti');
    expect((await search('dosai'))[0]).toBe('dosa');
    expect((await search('biriyani')).join()).toContain('biryani');
    expect((await search('इडलि'))[0]).toBe('idli');
    expect((await search('सांभर'))[0]).toBe('sambar');
    const all = (await asha.request({ url: '/api/foods' })).json();
    expect(all.length).toBeGreaterThanOrEqual(150);
    await asha.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } });
    const [roti] = (await asha.request({ url: '/api/foods?q=roti&limit=1' })).json();
    expect(roti).toMatchObject({ id: 'roti', name: 'रोटी (चपाती)', portion: { unit: 'piece' }, carbs_g: 18 });
    expect(roti.source).toContain('USDA FoodData Central');
    const long = await asha.request({ url: `/api/foods?q=${'a'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toMatch(/^खोज: /);
  });

  it('logs a meal with carbohydrate summed from the items that have one; lists, corrects and deletes it', async () => {
    const asha = await newUser();
    const meal = await logged(asha, { ...LUNCH, time: '12:30' });
    // A listed food is named as the list names it, in the reader's language.
    expect(meal.items).toEqual([
      { food_id: 'rice', name: 'Rice (cooked)', portions: 1.5, carbs_g: 63 },
      { food_id: 'sambar', name: 'Sambar', portions: 1, carbs_g: 19 },
      { food_id: null, name: 'Mango pickle', portions: 1, carbs_g: 2 },
      { food_id: null, name: 'Something unknown', portions: 1, carbs_g: null },
    ]);
    expect(meal).toMatchObject({ carbs_g: 84, note: '', has_photo: false, at: '2026-11-20T07:00:00.000Z' });
    // A sent carbs_g for a listed food is replaced by the list's figure.
    const own = await logged(asha, { ...LUNCH, items: [{ food_id: 'idli', name: 'Idli', portions: 3, carbs_g: 99 }] });
    expect(own.carbs_g).toBe(30);
    const none = await logged(asha, { ...LUNCH, items: [{ name: 'Tea', portions: 1 }] });
    expect(none.carbs_g).toBeNull();

    const list = (await asha.request({ url: '/api/meals?start_date=2026-11-20&end_date=2026-11-20' })).json();
    // Newest first: the two 13:00 meals, then the 12:30 one.
    expect(list.map((m: { id: string }) => m.id).sort()).toEqual([own.id, none.id, meal.id].sort());
    expect(list.at(-1).id).toBe(meal.id);
    const ben = await newUser('Ben Okafor');
    expect((await ben.request({ url: '/api/meals' })).json()).toEqual([]);
    const before = await dumpDatabase(t.database.db);
    const stolen = await ben.request({ method: 'PUT', url: `/api/meals/${meal.id}`, payload: LUNCH });
    expect(stolen.statusCode).toBe(404);
    expect((await ben.request({ method: 'DELETE', url: `/api/meals/${meal.id}` })).statusCode).toBe(404);
    expect(await dumpDatabase(t.database.db)).toEqual(before);

    const corrected = await asha.request({
      method: 'PUT',
      url: `/api/meals/${meal.id}`,
      payload: { ...LUNCH, meal_type: 'dinner', items: [LUNCH.items[0]], note: 'Less rice' },
    });
    expect(corrected.json()).toMatchObject({ meal_type: 'dinner', carbs_g: 63, note: 'Less rice' });
    const deleted = await asha.request({ method: 'DELETE', url: `/api/meals/${meal.id}` });
    expect(deleted.json().id).toBe(meal.id);
    expect((await asha.request({ method: 'DELETE', url: `/api/meals/${meal.id}` })).statusCode).toBe(404);
  });

  it('bad input → 400 naming the field, nothing stored', async () => {
    const asha = await newUser();
    const cases: [unknown, string][] = [
      [{ ...LUNCH, items: [{ name: 'Rice', portions: 0 }] }, 'items.0.portions: must be at least 0.25'],
      [{ ...LUNCH, items: [{ name: 'Rice', portions: 1.1 }] }, 'items.0.portions: must be in steps of 0.25'],
      [{ ...LUNCH, items: [{ name: 'Rice', portions: 1, carbs_g: 501 }] }, 'items.0.carbs_g: must be at most 500 g'],
      [{ ...LUNCH, time: '18:00' }, 'time: must not be later than now'],
      [{ ...LUNCH, date: '2026-11-21' }, 'date: must not be in the future'],
      [{ ...LUNCH, calories: 400 }, 'calories: unknown field'],
      [{ ...LUNCH, items: [{ name: 'Rice', portions: 1, colour: 'white' }] }, 'items.0.colour: unknown field'],
      [{ ...LUNCH, meal_type: 'brunch' }, 'meal_type: must be one of breakfast, lunch, dinner, snack'],
      [{ ...LUNCH, items: [] }, 'items: must hold at least one item'],
      [
        { ...LUNCH, items: [{ food_id: 'pizza', name: 'Pizza', portions: 1 }] },
        'items.0.food_id: must be a food of the list',
      ],
      [
        { ...LUNCH, items: [{ food_id: 'chole-bhature', name: 'Chole bhature', portions: 5 }] },
        'items: must add up to at most 500 g of carbohydrate',
      ],
      [{ ...LUNCH, items: [{ name: ' ', portions: 1 }] }, 'items.0.name: is required'],
    ];
    const before = await dumpDatabase(t.database.db);
    for (const [payload, detail] of cases) {
      const response = await post(asha, payload);
      expect(response.statusCode, detail).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it('a listed food is stored with the list name whatever was sent, and read in the reader language', async () => {
    const asha = await newUser();
    const meal = await logged(asha, { ...LUNCH, items: [{ food_id: 'roti', name: 'Gulab jamun', portions: 2 }] });
    expect(meal.items[0]).toMatchObject({ food_id: 'roti', name: 'Roti (chapati)', carbs_g: 36 });
    await asha.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi' } });
    const [hindi] = (await asha.request({ url: '/api/meals' })).json();
    expect(hindi.items[0].name).toBe('रोटी (चपाती)');
    const [usual] = (await asha.request({ url: '/api/meals/recent-items' })).json();
    expect(usual.name).toBe('रोटी (चपाती)');
  });

  it('recent items: most often eaten first, then most recent, each as last logged', async () => {
    const asha = await newUser();
    await logged(asha, { ...LUNCH, date: '2026-11-18', items: [{ food_id: 'roti', name: 'Roti', portions: 2 }] });
    await logged(asha, {
      ...LUNCH,
      date: '2026-11-19',
      items: [
        { food_id: 'roti', name: 'Roti', portions: 3 },
        { name: 'Poha', portions: 1 },
      ],
    });
    await logged(asha, { ...LUNCH, date: '2026-11-20', items: [{ food_id: 'dal', name: 'Dal', portions: 1 }] });
    const items = (await asha.request({ url: '/api/meals/recent-items' })).json();
    expect(items.map((i: { name: string }) => i.name)).toEqual(['Roti (chapati)', 'Dal (toor/arhar)', 'Poha']);
    expect(items[0]).toEqual({
      food_id: 'roti',
      name: 'Roti (chapati)',
      portions: 3,
      carbs_g: 54,
      meals: 2,
      last_date: '2026-11-19',
    });
  });

  it("a meal's response from sensor readings, else a finger-stick pair, else none; a stranger gets 404", async () => {
    const asha = await newUser();
    // Lunch at 13:00 IST on the 19th; sensor every 15 min from 12:30 to 16:00, peaking at 14:00.
    const trace: [string, number][] = [];
    for (let minute = -30; minute <= 180; minute += 15) {
      const at = new Date(Date.UTC(2026, 10, 19, 13, 0) + minute * 60_000).toISOString().slice(0, 16);
      trace.push([at, minute <= 0 ? 110 : 110 + Math.min(minute, 60) - Math.max(0, minute - 60) / 2]);
    }
    await importSensor(asha, trace);
    const lunch = await logged(asha, { ...LUNCH, date: '2026-11-19' });
    const response = (await asha.request({ url: `/api/meals/${lunch.id}/response` })).json();
    expect(response).toEqual({
      source: 'sensor',
      before: { value: 110, at: '2026-11-19T07:30:00.000Z' },
      peak: { value: 170, at: '2026-11-19T08:30:00.000Z' },
      rise: 60,
      minutes_to_peak: 60,
    });

    const ravi = await newUser('Ravi Rao');
    const dinner = await logged(ravi, { ...LUNCH, date: '2026-11-19', time: '20:00', meal_type: 'dinner' });
    const reading = (value: number, time: string, meal_context: string) =>
      ravi.request({
        method: 'POST',
        url: '/api/health/glucose',
        payload: { value, date: '2026-11-19', time, meal_context },
      });
    expect((await ravi.request({ url: `/api/meals/${dinner.id}/response` })).json().source).toBe('none');
    await reading(128, '19:45', 'Before Dinner');
    await reading(196, '22:00', 'After Dinner');
    expect((await ravi.request({ url: `/api/meals/${dinner.id}/response` })).json()).toMatchObject({
      source: 'fingerstick',
      rise: 68,
      minutes_to_peak: 120,
    });
    expect((await asha.request({ url: `/api/meals/${dinner.id}/response` })).statusCode).toBe(404);
  });

  it('the meals report ranks foods by median rise, in English and Hindi, mg/dL and mmol/L; too few meals say so', async () => {
    const asha = await newUser();
    const empty = (await asha.request({ url: '/api/reports/meals?days=14' })).json();
    expect(empty).toMatchObject({ meals: 0, with_response: 0, foods: [] });
    expect(empty.sentence).toBe(
      'Too few meals with readings before and after them to show a pattern yet: at least 3 are needed.',
    );
    // Three days: poha breakfast (+40) and rice dinner (+90), finger-stick pairs.
    for (const date of ['2026-11-16', '2026-11-17', '2026-11-18']) {
      await logged(asha, {
        date,
        time: '08:00',
        meal_type: 'breakfast',
        items: [{ food_id: 'poha', name: 'Poha', portions: 1 }],
      });
      await logged(asha, {
        date,
        time: '20:00',
        meal_type: 'dinner',
        items: [{ food_id: 'rice', name: 'Rice', portions: 1 }],
      });
      for (const [value, time, meal_context] of [
        [100, '07:50', 'Before Breakfast'],
        [140, '09:30', 'After Breakfast'],
        [110, '19:50', 'Before Dinner'],
        [200, '21:30', 'After Dinner'],
      ] as const) {
        await asha.request({
          method: 'POST',
          url: '/api/health/glucose',
          payload: { value, date, time, meal_context },
        });
      }
    }
    const report = (await asha.request({ url: '/api/reports/meals?days=14' })).json();
    expect(report).toMatchObject({
      period: { days: 14, start: '2026-11-07', end: '2026-11-20' },
      meals: 6,
      with_response: 6,
      by_meal_type: [
        { meal_type: 'breakfast', meals: 3, median_rise: 40 },
        { meal_type: 'lunch', meals: 0, median_rise: null },
        { meal_type: 'dinner', meals: 3, median_rise: 90 },
        { meal_type: 'snack', meals: 0, median_rise: null },
      ],
      foods: [
        { food_id: 'rice', name: 'Rice (cooked)', meals: 3, median_rise: 90 },
        { food_id: 'poha', name: 'Poha', meals: 3, median_rise: 40 },
      ],
    });
    expect(report.sentence).toBe(
      'In your readings of the last 14 days, meals with Rice (cooked) were followed by the largest median rise, 90 mg/dL over 3 meals. This is an association in your own data, not a cause and not advice.',
    );
    await asha.request({ method: 'PUT', url: '/api/users/me', payload: { language: 'hi', glucose_unit: 'mmol/L' } });
    const hindi = (await asha.request({ url: '/api/reports/meals?days=30' })).json();
    expect(hindi.foods[0].name).toBe('चावल (पका)');
    expect(hindi.sentence).toContain('5.0 mmol/L');
    expect(hindi.sentence).toContain('कारण या सलाह नहीं');
    const bad = await asha.request({ url: '/api/reports/meals?days=7' });
    expect(bad.statusCode).toBe(400);
  });
});
