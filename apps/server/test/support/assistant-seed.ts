/**
 * A seeded user for the assistant's tests, built through the API the screens use:
 * medicines with 30 days of dose records (taken, missed and unrecorded), glucose with lows,
 * blood pressure, weight, appointments, two HbA1c results and insulin doses yesterday and today.
 * Values vary by a fixed pseudo-random sequence.
 */
import { localDate, shiftDate, zonedInstant } from '@diacare/contract/dates';
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
