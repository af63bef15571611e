/**
 * Health readings through the API: glucose, blood pressure and body metrics; one user's readings
 * are theirs alone; the routes need a session and are documented. Validation, dates and lists are
 * in health-rules.test.ts. The clock is fixed at 2026-11-20T18:40:00Z: already 00:10 on 21 Nov in
 * Asia/Kolkata, still 13:40 on 20 Nov in America/New_York. Each test signs in users of its own.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readingRangeQueries } from '../src/modules/health/health.repository.ts';
import { bloodPressureReadings, bodyMetrics, glucoseReadings } from '../src/db/schema.ts';
import { DRIVERS } from './helpers.ts';
import { BLOOD_PRESSURE, BODY, GLUCOSE, KOLKATA, NEW_YORK, PATHS, healthApi, without } from './support/health.ts';

describe.each(DRIVERS)('health readings on %s', (driver) => {
  const api = healthApi(driver);
  const { newUser, log, list, logOk } = api;

  describe('blood glucose', () => {
    it('a logged reading comes back with 201 and an id, and is listed', async () => {
      const asha = await newUser();
      const response = await log(asha, 'glucose', GLUCOSE);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), ...GLUCOSE });
      expect(await list(asha, 'glucose')).toEqual([response.json()]);
    });

    it('the meal context defaults to Fasting', async () => {
      const asha = await newUser();
      const reading = await logOk(asha, 'glucose', without(GLUCOSE, 'meal_context'));
      expect(reading.meal_context).toBe('Fasting');
    });

    it('every meal context of the spec is accepted', async () => {
      const asha = await newUser();
      const contexts = [
        'Fasting',
        'Before Breakfast',
        'After Breakfast',
        'Before Lunch',
        'After Lunch',
        'Before Dinner',
        'After Dinner',
        'Bedtime',
      ];
      for (const meal_context of contexts) {
        expect((await logOk(asha, 'glucose', { ...GLUCOSE, meal_context })).meal_context).toBe(meal_context);
      }
      expect(await list(asha, 'glucose')).toHaveLength(8);
    });

    it('20 and 600 mg/dL, the bounds, are accepted', async () => {
      const asha = await newUser();
      expect((await logOk(asha, 'glucose', { ...GLUCOSE, value: 20 })).value).toBe(20);
      expect((await logOk(asha, 'glucose', { ...GLUCOSE, value: 600 })).value).toBe(600);
    });
  });

  describe('blood pressure', () => {
    it('a logged reading comes back with 201 and is listed', async () => {
      const asha = await newUser();
      const response = await log(asha, 'bp', BLOOD_PRESSURE);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), ...BLOOD_PRESSURE });
      expect(await list(asha, 'bp')).toEqual([response.json()]);
    });

    it('pulse is optional and stored as null, sent empty or left out', async () => {
      const asha = await newUser();
      expect((await logOk(asha, 'bp', without(BLOOD_PRESSURE, 'pulse'))).pulse).toBeNull();
      expect((await logOk(asha, 'bp', { ...BLOOD_PRESSURE, pulse: null })).pulse).toBeNull();
      expect((await list(asha, 'bp')).map((r: { pulse: unknown }) => r.pulse)).toEqual([null, null]);
    });

    it('the bounds are accepted: 260/160 and 61/60 mmHg, pulse 30 and 220', async () => {
      const asha = await newUser();
      await logOk(asha, 'bp', { ...BLOOD_PRESSURE, systolic: 260, diastolic: 160, pulse: 30 });
      await logOk(asha, 'bp', { ...BLOOD_PRESSURE, systolic: 61, diastolic: 60, pulse: 220 });
      await logOk(asha, 'bp', { ...BLOOD_PRESSURE, systolic: 60, diastolic: 30 });
      expect(await list(asha, 'bp')).toHaveLength(3);
    });
  });

  describe('body metrics', () => {
    it('the server computes the BMI: 70 kg at 170 cm is 24.2', async () => {
      const asha = await newUser();
      // 70 ÷ 1.70² = 70 ÷ 2.89 = 24.22…
      const response = await log(asha, 'metrics', BODY);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), ...BODY, bmi: 24.2 });
    });

    it('a BMI sent by the client is ignored and the computed one stored', async () => {
      const asha = await newUser();
      // 72.5 ÷ 1.725² = 72.5 ÷ 2.975625 = 24.36…
      const response = await log(asha, 'metrics', { weight: 72.5, height: 172.5, bmi: 31.9, date: '2026-11-20' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ weight: 72.5, height: 172.5, bmi: 24.4 });
      expect(await list(asha, 'metrics')).toEqual([response.json()]);
    });

    it('weight, height and BMI are JSON numbers, when logged and when listed', async () => {
      const asha = await newUser();
      const created = await log(asha, 'metrics', { weight: 81.3, height: 165, date: '2026-11-20' });
      // 81.3 ÷ 1.65² = 81.3 ÷ 2.7225 = 29.86…
      expect(created.body).toContain('"weight":81.3');
      expect(created.body).toContain('"height":165');
      expect(created.body).toContain('"bmi":29.9');
      const listed = await asha.request({ url: PATHS.metrics });
      expect(listed.body).toContain('"weight":81.3');
      expect(listed.body).toContain('"height":165');
      expect(listed.body).toContain('"bmi":29.9');
      const [row] = listed.json();
      expect([typeof row.weight, typeof row.height, typeof row.bmi]).toEqual(['number', 'number', 'number']);
    });

    it('the bounds are accepted: 2 kg at 250 cm and 400 kg at 50 cm', async () => {
      const asha = await newUser();
      // 2 ÷ 2.5² = 0.32 → 0.3; 400 ÷ 0.5² = 1600.
      expect(await logOk(asha, 'metrics', { weight: 2, height: 250, date: '2026-11-20' })).toMatchObject({ bmi: 0.3 });
      expect(await logOk(asha, 'metrics', { weight: 400, height: 50, date: '2026-11-19' })).toMatchObject({
        bmi: 1600,
      });
    });
  });

  it('Asha’s readings are hers alone: Ben never sees them, with or without a range', async () => {
    const asha = await newUser('Asha Rao', KOLKATA);
    const ben = await newUser('Ben Cole', NEW_YORK);
    const ashas = {
      glucose: await logOk(asha, 'glucose', GLUCOSE),
      bp: await logOk(asha, 'bp', BLOOD_PRESSURE),
      metrics: await logOk(asha, 'metrics', BODY),
    };

    // Before Ben logs anything, his lists are empty, however wide the range.
    for (const kind of ['glucose', 'bp', 'metrics'] as const) {
      expect(await list(ben, kind)).toEqual([]);
      expect(await list(ben, kind, '?start_date=2000-01-01&end_date=2026-11-20')).toEqual([]);
    }

    // Ben logs his own, on the same date: each sees only their own.
    const bens = {
      glucose: await logOk(ben, 'glucose', { ...GLUCOSE, value: 180 }),
      bp: await logOk(ben, 'bp', { ...BLOOD_PRESSURE, systolic: 140 }),
      metrics: await logOk(ben, 'metrics', { ...BODY, weight: 90 }),
    };
    for (const kind of ['glucose', 'bp', 'metrics'] as const) {
      expect(await list(ben, kind)).toEqual([bens[kind]]);
      expect(await list(ben, kind, '?start_date=2026-11-20&end_date=2026-11-20')).toEqual([bens[kind]]);
      expect(await list(asha, kind)).toEqual([ashas[kind]]);
    }
  });

  it('without a session every health route answers 401', async () => {
    for (const url of Object.values(PATHS)) {
      expect((await api.t.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('the health routes are in the OpenAPI document', async () => {
    const document = (await api.t.app.inject({ url: '/api/docs/json' })).json();
    for (const path of Object.values(PATHS)) {
      expect(Object.keys(document.paths[path] ?? {}).sort()).toEqual(['get', 'post']);
    }
    expect(document.paths[PATHS.metrics].post.responses['201']).toBeDefined();
  });

  it.runIf(driver === 'postgres')('each range query is answered from its (user_id, date, …) index', async () => {
    const users = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((n) => newUser(`Index user ${n}`)));
    const db = api.t.database.db;
    // 5 users × 120 days of readings, so the tables hold other users' rows around the range.
    for (const { user } of users) {
      const days = Array.from({ length: 120 }, (_, i) => {
        const date = new Date(Date.UTC(2026, 6, 1 + i)).toISOString().slice(0, 10);
        return { user_id: user.id, date, time: '08:00' };
      });
      await db.insert(glucoseReadings).values(days.map((d) => ({ ...d, value: 110, meal_context: 'Fasting' })));
      await db.insert(bloodPressureReadings).values(days.map((d) => ({ ...d, systolic: 125, diastolic: 80 })));
      await db
        .insert(bodyMetrics)
        .values(days.map(({ user_id, date }) => ({ user_id, date, weight: 70, height: 170, bmi: 24.2 })));
    }
    await db.execute(sql`ANALYZE glucose_readings, blood_pressure_readings, body_metrics`);

    const queries = readingRangeQueries(db);
    const range = { start_date: '2026-09-01', end_date: '2026-09-07' };
    const userId = users[2]!.user.id;
    const cases = [
      ['glucose_user_date_idx', queries.glucose(userId, range)],
      ['bp_user_date_idx', queries.bloodPressure(userId, range)],
      ['body_metrics_user_date_idx', queries.bodyMetrics(userId, range)],
    ] as const;
    for (const [index, query] of cases) {
      const plan = await db.transaction(async (tx) => {
        // With a few hundred rows a sequential scan may cost about the same; forbid it so
        // the planner shows which index it would use.
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const result = (await tx.execute(sql`EXPLAIN ${query.getSQL()}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain(index);
      // Both the user and the date range are index conditions, not a filter after the scan.
      const condition = plan.split('\n').find((line) => line.includes('Index Cond')) ?? '';
      expect(condition).toMatch(/user_id = /);
      expect(condition).toMatch(/date >= /);
      expect(condition).toMatch(/date <= /);
    }
  });
});
