/**
 * Correcting a reading (decision 021): PUT /api/health/{glucose,bp,metrics}/{id} replaces a
 * reading with the create rules (400 naming the field, nothing changed), the BMI recomputed by the
 * server; DELETE answers 200 with the deleted reading; another user's id or a missing one → 404.
 * The clock is fixed at 2026-11-20T18:40:00Z (2026-11-21 00:10 in Asia/Kolkata).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';
import { postCreated } from './support/requests.ts';

const NOW = new Date('2026-11-20T18:40:00.000Z');

const GLUCOSE = { value: 520, meal_context: 'Fasting', date: '2026-11-20', time: '07:45' };
const BLOOD_PRESSURE = { systolic: 128, diastolic: 82, pulse: 72, date: '2026-11-20', time: '08:00' };
const BODY = { weight: 70, height: 170, date: '2026-11-20' };
describe.each(DRIVERS)('correcting readings on %s', (driver) => {
  let t: TestApp;
  let counter = 0;
  const newUser = (name = 'Asha Rao', email = `fix${++counter}@example.com`) =>
    signIn(t.app, { name, email, timezone: 'Asia/Kolkata' });

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
  });
  afterAll(() => t.close());

  describe('PUT and DELETE a reading', () => {
    it('a wrong glucose reading (520 for 152) is corrected: the list and its mean follow', async () => {
      const asha = await newUser();
      const wrong = await postCreated(asha, '/api/health/glucose', GLUCOSE);
      await postCreated(asha, '/api/health/glucose', { ...GLUCOSE, value: 100, time: '20:00' });

      const fixed = await asha.request({
        method: 'PUT',
        url: `/api/health/glucose/${wrong.id}`,
        payload: { ...GLUCOSE, value: 152, meal_context: 'After Breakfast' },
      });
      expect(fixed.statusCode).toBe(200);
      expect(fixed.json()).toEqual({ ...GLUCOSE, id: wrong.id, value: 152, meal_context: 'After Breakfast' });

      const list: { value: number }[] = (await asha.request({ url: '/api/health/glucose' })).json();
      expect(list.map((reading) => reading.value).sort()).toEqual([100, 152]);
      expect(list.reduce((sum, reading) => sum + reading.value, 0) / list.length).toBe(126);
    });

    it('a blood-pressure reading is corrected, pulse may be cleared', async () => {
      const asha = await newUser();
      const reading = await postCreated(asha, '/api/health/bp', BLOOD_PRESSURE);
      const response = await asha.request({
        method: 'PUT',
        url: `/api/health/bp/${reading.id}`,
        payload: { ...BLOOD_PRESSURE, systolic: 118, pulse: null },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...BLOOD_PRESSURE, id: reading.id, systolic: 118, pulse: null });
      expect((await asha.request({ url: '/api/health/bp' })).json()).toEqual([response.json()]);
    });

    it('body metrics are corrected and the server recomputes the BMI, ignoring one sent', async () => {
      const asha = await newUser();
      const entry = await postCreated(asha, '/api/health/metrics', BODY);
      expect(entry.bmi).toBe(24.2);
      const response = await asha.request({
        method: 'PUT',
        url: `/api/health/metrics/${entry.id}`,
        payload: { weight: 80, height: 170, bmi: 5, date: '2026-11-19' },
      });
      expect(response.statusCode).toBe(200);
      // 80 / 1.70² = 27.68…
      expect(response.json()).toEqual({ id: entry.id, weight: 80, height: 170, bmi: 27.7, date: '2026-11-19' });
    });

    it.each([
      ['glucose', GLUCOSE, { ...GLUCOSE, value: 601 }, 'value: must be at most 600 mg/dL'],
      ['glucose', GLUCOSE, { ...GLUCOSE, meal_context: 'Lunch' }, 'meal_context:'],
      ['glucose', GLUCOSE, { ...GLUCOSE, date: '2026-11-22' }, 'date: must not be in the future'],
      ['glucose', GLUCOSE, { ...GLUCOSE, time: '24:00' }, 'time:'],
      ['glucose', GLUCOSE, { ...GLUCOSE, date: '1900-01-01' }, 'date: must not be before 2000-01-01'],
      [
        'bp',
        BLOOD_PRESSURE,
        { ...BLOOD_PRESSURE, date: '2026-11-21', time: '23:00' },
        'time: must not be later than now',
      ],
      ['bp', BLOOD_PRESSURE, { ...BLOOD_PRESSURE, systolic: 80, diastolic: 90 }, 'systolic: must be above diastolic'],
      ['bp', BLOOD_PRESSURE, { ...BLOOD_PRESSURE, pulse: 'fast' }, 'pulse:'],
      ['metrics', BODY, { ...BODY, weight: 70.25 }, 'weight: must have at most one decimal place'],
      ['metrics', BODY, { ...BODY, height: undefined }, 'height:'],
    ] as const)(
      'PUT %s with bad input answers 400 naming the field and changes nothing',
      async (kind, valid, bad, detail) => {
        const asha = await newUser();
        const reading = await postCreated(asha, `/api/health/${kind}`, valid);
        const before = await dumpDatabase(t.database.db);
        const response = await asha.request({ method: 'PUT', url: `/api/health/${kind}/${reading.id}`, payload: bad });
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toContain(detail);
        expect(await dumpDatabase(t.database.db)).toEqual(before);
      },
    );

    it.each([
      ['glucose', GLUCOSE],
      ['bp', BLOOD_PRESSURE],
      ['metrics', BODY],
    ] as const)(
      '%s: another user’s id and a missing id answer 404 to PUT and DELETE, and change nothing',
      async (kind, valid) => {
        const asha = await newUser();
        const ben = await newUser('Ben Okafor');
        const reading = await postCreated(asha, `/api/health/${kind}`, valid);
        const before = await dumpDatabase(t.database.db);
        for (const id of [reading.id, crypto.randomUUID()]) {
          for (const method of ['PUT', 'DELETE']) {
            const response = await ben.request({
              method,
              url: `/api/health/${kind}/${id}`,
              ...(method === 'PUT' ? { payload: valid } : {}),
            });
            expect(response.statusCode, `${method} ${id}`).toBe(404);
            expect(response.json()).toEqual({ detail: 'Reading not found' });
          }
        }
        expect(await dumpDatabase(t.database.db)).toEqual(before);
        const notAnId = await asha.request({ method: 'DELETE', url: `/api/health/${kind}/not-an-id` });
        expect(notAnId.statusCode).toBe(400);
        expect(notAnId.json().detail).toBe('id: must be a UUID');
      },
    );

    it.each([
      ['glucose', GLUCOSE],
      ['bp', BLOOD_PRESSURE],
      ['metrics', BODY],
    ] as const)(
      'DELETE %s answers 200 with the deleted reading; it leaves the list; again → 404',
      async (kind, valid) => {
        const asha = await newUser();
        const kept = await postCreated(asha, `/api/health/${kind}`, valid);
        const gone = await postCreated(asha, `/api/health/${kind}`, valid);
        const response = await asha.request({ method: 'DELETE', url: `/api/health/${kind}/${gone.id}` });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(gone);
        expect((await asha.request({ url: `/api/health/${kind}` })).json()).toEqual([kept]);
        const again = await asha.request({ method: 'DELETE', url: `/api/health/${kind}/${gone.id}` });
        expect(again.statusCode).toBe(404);
        // Undo: the deleted reading posted again comes back with the same values.
        const { id: _id, ...values } = response.json();
        const restored = await postCreated(asha, `/api/health/${kind}`, values);
        expect({ ...restored, id: gone.id }).toEqual(gone);
      },
    );
  });
});
