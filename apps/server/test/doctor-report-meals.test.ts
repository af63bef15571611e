/**
 * The doctor report's 'Meals and sugar' section (decision 089) read with pdftotext: the meals
 * report's figures in the person's language and unit, only when meals were logged. The clock is
 * fixed at 2026-11-20T12:00:00Z (17:30 in Asia/Kolkata).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { ok, pdfText } from './support/report-pdf.ts';

const NOW = new Date('2026-11-20T12:00:00.000Z');

async function reportText(user: SignedInUser, days = 14): Promise<string> {
  const response = await user.request({ url: `/api/reports/doctor?days=${days}` });
  expect(response.statusCode, response.body).toBe(200);
  return pdfText(response.rawPayload);
}

describe.each(DRIVERS)('doctor report meals section on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
  });
  afterAll(() => t.close());

  it('shows meals logged, the median rise by meal type and the foods, in English/mg/dL and Hindi/mmol/L', async () => {
    const asha = await signIn(t.app, { name: 'Asha Rao', email: 'report-meals@example.com', timezone: 'Asia/Kolkata' });
    // Three days: poha breakfast (+40) and rice dinner (+90) from finger-stick pairs; a snack without readings.
    for (const date of ['2026-11-16', '2026-11-17', '2026-11-18']) {
      const meal = (time: string, meal_type: string, food_id: string, name: string) =>
        ok(asha, 'POST', '/api/meals', { date, time, meal_type, items: [{ food_id, name, portions: 1 }] });
      await meal('08:00', 'breakfast', 'poha', 'Poha');
      await meal('20:00', 'dinner', 'rice', 'Rice');
      for (const [value, time, meal_context] of [
        [100, '07:50', 'Before Breakfast'],
        [140, '09:30', 'After Breakfast'],
        [110, '19:50', 'Before Dinner'],
        [200, '21:30', 'After Dinner'],
      ] as const) {
        await ok(asha, 'POST', '/api/health/glucose', { value, date, time, meal_context });
      }
    }
    await ok(asha, 'POST', '/api/meals', {
      date: '2026-11-19',
      time: '16:30',
      meal_type: 'snack',
      items: [{ name: 'Biscuits', portions: 2 }],
    });
    const english = await reportText(asha);
    expect(english).toContain('Meals and sugar');
    expect(english).toContain(
      // A meal type with no meal with a rise (the snack) is left out (by_meal_type counts meals with a rise).
      '6 of 7 meals with readings before and after; median rise, mg/dL: Breakfast 40 · Dinner 90 Largest',
    );
    expect(english).toContain('Largest median rises, mg/dL (meals): Rice (cooked) 90 (3) · Poha 40 (3)');
    expect(english).toContain('an association, not a cause');
    // The section follows the glucose section and comes before the labs.
    expect(english.indexOf('Meals and sugar')).toBeGreaterThan(english.indexOf('Blood glucose'));

    await ok(asha, 'PUT', '/api/users/me', { language: 'hi', glucose_unit: 'mmol/L' }, 200);
    const hindi = await reportText(asha);
    expect(hindi).toContain('भोजन और शुगर');
    expect(hindi).toContain('नाश्ता 2.2');
    expect(hindi).toContain('5.0 (3)');
    expect(hindi).toContain('mmol/L');
    expect(hindi).not.toContain('Meals and sugar');
  });

  it('has no meals section without meals in the period, and never another person’s meals', async () => {
    const ravi = await signIn(t.app, {
      name: 'Ravi Kumar',
      email: 'report-nomeals@example.com',
      timezone: 'Asia/Kolkata',
    });
    await ok(ravi, 'POST', '/api/health/glucose', {
      value: 120,
      date: '2026-11-19',
      time: '08:00',
      meal_context: 'Fasting',
    });
    const text = await reportText(ravi);
    expect(text).toContain('Blood glucose');
    expect(text).not.toContain('Meals and sugar');
    // A meal older than the period leaves the section out too.
    await ok(ravi, 'POST', '/api/meals', {
      date: '2026-10-01',
      time: '13:00',
      meal_type: 'lunch',
      items: [{ name: 'Thali', portions: 1 }],
    });
    expect(await reportText(ravi, 14)).not.toContain('Meals and sugar');
    expect(await reportText(ravi, 90)).toContain('0 of 1 meal with readings before and after');
  });
});
