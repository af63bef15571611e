/**
 * A seeded user for the assistant's tests, built through the API the screens use:
 * medicines with 30 days of dose records (taken, missed and unrecorded), glucose with lows,
 * blood pressure, weight, appointments, two HbA1c results and insulin doses yesterday and today.
 * Values vary by a fixed pseudo-random sequence.
 */
import { localDate, localTime, shiftDate, zonedInstant } from '@diacare/contract/dates';
import type { AdherenceRecord } from '@diacare/contract/medications';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, createTestClock, signIn, type Driver, type SignedInUser, type TestApp } from '../helpers.ts';
/** The test app's settable clock. */
type TestClock = ReturnType<typeof createTestClock>;
import { screenFigures } from './assistant-client.ts';

/** 18:00 in Asia/Kolkata (12:30 UTC) on 2026-11-20. */
export const SEED_NOW = new Date('2026-11-20T12:30:00.000Z');
export const SEED_ZONE = 'Asia/Kolkata';
export const SEED_TODAY = localDate(SEED_NOW, SEED_ZONE);

/** A deterministic sequence in [0, 1) (mulberry32). */
export function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function ok(response: { statusCode: number; body: string; json(): unknown }, status = 201) {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as Promise<{ id: string }> | { id: string };
}

export const medicationPayload = (
  name: string,
  times: string[],
  startDate: string,
  pills = 30,
  threshold = 7,
  frequency: 'daily' | 'as-needed' = 'daily',
) => ({
  name,
  dosage: '500 mg',
  form: 'Tablet',
  color: '#FF6B6B',
  instructions: '',
  schedule: { frequency, times: frequency === 'as-needed' ? [] : times, start_date: startDate },
  refill_reminder: { enabled: true, pills_remaining: pills, threshold },
});

/**
 * Seeds the standard user; returns the medication ids by name. The medicines are added at the
 * start of the seeded days on the app's `clock` (then set back), so each seeded day's doses are
 * expected (decision 077).
 */
export async function seedUser(user: SignedInUser, clock: TestClock, days = 30) {
  const random = sequence(11);
  const start = shiftDate(SEED_TODAY, -(days - 1));
  const now = clock();
  clock.set(zonedInstant(start, '00:00', SEED_ZONE));
  const metformin = (await ok(
    await user.request({
      method: 'POST',
      url: '/api/medications',
      payload: medicationPayload('Metformin', ['08:00', '20:00'], start, 100, 7),
    }),
  )) as { id: string };
  const glimepiride = (await ok(
    await user.request({
      method: 'POST',
      url: '/api/medications',
      payload: medicationPayload('Glimepiride', ['09:00'], start, 25, 7),
    }),
  )) as { id: string };
  clock.set(now);

  for (let offset = days - 1; offset >= 0; offset -= 1) {
    const date = shiftDate(SEED_TODAY, -offset);
    const doses: [string, string][] = [
      [metformin.id, '08:00'],
      [glimepiride.id, '09:00'],
      [metformin.id, '20:00'],
    ];
    for (const [id, time] of doses) {
      if (offset === 0 && time === '20:00') continue; // still due today
      const roll = random();
      // 75% taken, 10% recorded as missed, 15% never recorded (missed once its time passed)
      if (roll < 0.75) {
        await ok(
          await user.request({
            method: 'POST',
            url: '/api/adherence',
            payload: { medication_id: id, date, scheduled_time: time, status: 'taken', taken_time: time },
          }),
          200,
        );
      } else if (roll < 0.85) {
        await ok(
          await user.request({
            method: 'POST',
            url: '/api/adherence',
            payload: { medication_id: id, date, scheduled_time: time, status: 'missed' },
          }),
          200,
        );
      }
    }
    for (const [time, context] of [
      ['07:30', 'Fasting'],
      ['14:00', 'After Lunch'],
    ] as const) {
      if (offset === 0 && time === '14:00') continue;
      let value = Math.round(90 + random() * 120);
      if (offset === 2 && time === '07:30') value = 64; // a level 1 low 2 days ago
      if (offset === 4 && time === '14:00') value = 51; // a level 2 low 4 days ago
      if (offset === 20 && time === '07:30') value = 58; // outside the 7 days
      await ok(
        await user.request({
          method: 'POST',
          url: '/api/health/glucose',
          payload: { value, meal_context: context, date, time },
        }),
      );
    }
    if (offset % 2 === 0) {
      await ok(
        await user.request({
          method: 'POST',
          url: '/api/health/bp',
          payload: {
            systolic: Math.round(118 + random() * 25),
            diastolic: Math.round(74 + random() * 14),
            pulse: 72,
            date,
            time: '08:15',
          },
        }),
      );
    }
    if (offset % 7 === 0) {
      await ok(
        await user.request({
          method: 'POST',
          url: '/api/health/metrics',
          payload: { weight: Math.round((78 - offset * 0.05 + random()) * 10) / 10, height: 170, date },
        }),
      );
    }
  }
  await ok(
    await user.request({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        type: 'doctor',
        title: 'Diabetes review',
        doctor: 'Dr Mehta',
        location: 'City Clinic',
        date: shiftDate(SEED_TODAY, 12),
        time: '10:30',
      },
    }),
  );
  await ok(
    await user.request({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        type: 'lab',
        title: 'HbA1c test',
        location: 'Lab One',
        date: shiftDate(SEED_TODAY, 30),
        time: '08:00',
      },
    }),
  );
  // The clinical record: HbA1c 7.8 % then 7.1 %; insulin 8 + 6.5 + 18 = 32.5 U yesterday, 8 U today.
  for (const [value, daysAgo] of [
    [7.8, 95],
    [7.1, 12],
  ] as const) {
    await ok(
      await user.request({
        method: 'POST',
        url: '/api/health/labs',
        payload: { test: 'hba1c', value, unit: '%', date: shiftDate(SEED_TODAY, -daysAgo) },
      }),
    );
  }
  for (const [units, type, daysAgo, time] of [
    [8, 'rapid', 1, '08:00'],
    [6.5, 'rapid', 1, '13:30'],
    [18, 'long', 1, '22:00'],
    [8, 'rapid', 0, '08:00'],
  ] as const) {
    await ok(
      await user.request({
        method: 'POST',
        url: '/api/health/insulin',
        payload: { units, insulin_type: type, date: shiftDate(SEED_TODAY, -daysAgo), time },
      }),
    );
  }
  return { metformin: metformin.id, glimepiride: glimepiride.id };
}

/** A sensor's readings around a meal: [date, 'HH:MM' local, mg/dL]. */
type SensorPoint = [string, string, number];
/** Sensor readings every 15 minutes from `date` `start` (local), one value each (may pass midnight). */
function sensorCurve(date: string, start: string, values: readonly number[]): SensorPoint[] {
  const first = zonedInstant(date, start, SEED_ZONE).getTime();
  return values.map((value, i) => {
    const at = new Date(first + i * 15 * 60_000);
    return [localDate(at, SEED_ZONE), localTime(at, SEED_ZONE), value];
  });
}

/**
 * Seeds `user`'s meals (after seedUser; decision 102) through the API: four meals with sensor readings
 * around them (imported as a Dexcom Clarity CSV) — dinner yesterday at 20:00, a dinner two days ago
 * at 23:30 that peaks after midnight, dinner three days ago, breakfast four days ago; lunch two
 * days ago at 13:00 with a 'Before Lunch' finger-stick at 12:45 (seedUser's 'After Lunch' at 14:00
 * is its peak); today's breakfast at 08:30 (only seedUser's fasting reading before it); a snack
 * yesterday at 17:00 with no reading near it; and a 'Before Lunch' reading yesterday at 13:05 with
 * no lunch logged. Sensor readings are not finger-stick readings: no glucose figure of seedUser changes.
 * Returns the meals' ids by name.
 */
export async function seedMeals(user: SignedInUser) {
  const day = (n: number) => shiftDate(SEED_TODAY, -n);
  const sensor = [
    ...sensorCurve(day(1), '19:30', [112, 110, 108, 120, 140, 162, 178, 185, 180, 170, 158, 148, 140, 132, 126]),
    ...sensorCurve(day(2), '23:00', [118, 116, 115, 125, 142, 160, 176, 188, 184, 172, 160, 150, 142, 136, 130]),
    ...sensorCurve(day(3), '20:00', [120, 119, 118, 134, 150, 164, 176, 172, 170, 160, 150, 142, 135]),
    ...sensorCurve(day(4), '08:00', [105, 104, 104, 118, 130, 140, 148, 144, 140, 132, 125]),
  ];
  const csv = [
    'Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL)',
    ...sensor.map(([date, time, value], i) => `${i + 1},${date}T${time}:00,EGV,,,,G7,${value}`),
  ].join('\n');
  const preview = (await ok(
    await user.request({ method: 'POST', url: '/api/imports', headers: { 'content-type': 'text/csv' }, payload: csv }),
  )) as { id: string };
  await ok(await user.request({ method: 'POST', url: `/api/imports/${preview.id}/commit` }), 200);
  for (const [value, context, date, time] of [
    [112, 'Before Lunch', day(2), '12:45'],
    [101, 'Before Lunch', day(1), '13:05'],
  ] as const) {
    await ok(
      await user.request({
        method: 'POST',
        url: '/api/health/glucose',
        payload: { value, meal_context: context, date, time },
      }),
    );
  }
  const listed = (id: string, portions = 1) => ({ food_id: id, name: id, portions });
  const meals = {
    dinnerYesterday: {
      date: day(1),
      time: '20:00',
      meal_type: 'dinner',
      items: [listed('rice'), listed('dal'), listed('roti', 2)],
    },
    lateDinner: {
      date: day(2),
      time: '23:30',
      meal_type: 'dinner',
      items: [listed('rice', 1.5), { name: 'Chicken curry', portions: 1 }],
    },
    dinner3: { date: day(3), time: '20:00', meal_type: 'dinner', items: [listed('rice'), listed('rajma')] },
    breakfast4: { date: day(4), time: '08:30', meal_type: 'breakfast', items: [listed('poha'), listed('roti')] },
    lunch2: { date: day(2), time: '13:00', meal_type: 'lunch', items: [listed('rice'), listed('dal')] },
    breakfastToday: { date: SEED_TODAY, time: '08:30', meal_type: 'breakfast', items: [listed('poha')] },
    snackYesterday: { date: day(1), time: '17:00', meal_type: 'snack', items: [{ name: 'Samosa', portions: 1 }] },
  };
  const ids = {} as Record<keyof typeof meals, string>;
  for (const [name, payload] of Object.entries(meals)) {
    ids[name as keyof typeof meals] = (
      (await ok(await user.request({ method: 'POST', url: '/api/meals', payload }))) as { id: string }
    ).id;
  }
  return ids;
}

/**
 * Makes `user` an mmol/L user with two readings today: 99 mg/dL (5.5 mmol/L) at 09:00 and a
 * low, 58 mg/dL (3.2 mmol/L), at 17:10, 50 minutes before SEED_NOW. Values are stored in mg/dL.
 */
export async function seedMmolUserWithLow(user: SignedInUser) {
  await ok(await user.request({ method: 'PUT', url: '/api/users/me', payload: { glucose_unit: 'mmol/L' } }), 200);
  for (const [value, time] of [
    [99, '09:00'],
    [58, '17:10'],
  ] as const) {
    await ok(
      await user.request({
        method: 'POST',
        url: '/api/health/glucose',
        payload: { value, meal_context: 'Fasting', date: SEED_TODAY, time },
      }),
    );
  }
}

/**
 * Seeds the standard user (seedUser), then reads what the screens show at SEED_NOW (18:00):
 * the Reports and Home figures, and today's doses taken and missed (the two due by 18:00,
 * Metformin 08:00 and Glimepiride 09:00; Metformin 20:00 is still to come).
 */
export async function seedUserAndFigures(user: SignedInUser, clock: TestClock) {
  await seedUser(user, clock);
  const figures = await screenFigures(user, SEED_TODAY, '18:00');
  const records = (
    await user.request({ url: `/api/adherence?start_date=${SEED_TODAY}&end_date=${SEED_TODAY}` })
  ).json() as AdherenceRecord[];
  const taken = records.filter((r) => r.status === 'taken').length;
  return { figures, today: { taken, missed: 2 - taken } };
}

/**
 * Starts a test app on `driver` at SEED_NOW (rate limit 1000 a minute) for the enclosing describe
 * (closed after it) with Ravi seeded by seedUserAndFigures. Returns `t`, `user`, `figures` and
 * `today` (read them inside tests) and `newUser`, which signs in another user in SEED_ZONE.
 */
export function seededAssistantApp(driver: Driver) {
  let t: TestApp;
  let user: SignedInUser;
  let seeded: Awaited<ReturnType<typeof seedUserAndFigures>>;
  let counter = 0;
  const newUser = () =>
    signIn(t.app, { name: 'Ravi', email: `assistant${++counter}@example.com`, timezone: SEED_ZONE });

  beforeAll(async () => {
    t = await createTestApp(driver, {
      clock: createTestClock(SEED_NOW),
      env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    user = await newUser();
    // Today: 08:00 and 09:00 have passed, 20:00 is still due.
    seeded = await seedUserAndFigures(user, t.clock);
  });
  afterAll(() => t.close());

  return {
    get t() {
      return t;
    },
    get user() {
      return user;
    },
    get figures() {
      return seeded.figures;
    },
    get today() {
      return seeded.today;
    },
    newUser,
  };
}
