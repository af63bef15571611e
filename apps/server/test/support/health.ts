/** Test set-up for health readings through the API, shared by the health test files. */
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, createTestClock, signIn, type Driver, type SignedInUser, type TestApp } from '../helpers.ts';

/** The fixed clock: already 00:10 on 21 Nov in Asia/Kolkata, still 13:40 on 20 Nov in New York. */
export const NOW = new Date('2026-11-20T18:40:00.000Z');
export const KOLKATA = 'Asia/Kolkata';
export const NEW_YORK = 'America/New_York';

export const GLUCOSE = { value: 112, meal_context: 'Before Breakfast', date: '2026-11-20', time: '07:45' };
export const BLOOD_PRESSURE = { systolic: 128, diastolic: 82, pulse: 72, date: '2026-11-20', time: '08:00' };
export const BODY = { weight: 70, height: 170, date: '2026-11-20' };

/** Each kind of reading's route. */
export const PATHS = { glucose: '/api/health/glucose', bp: '/api/health/bp', metrics: '/api/health/metrics' } as const;
export type Kind = keyof typeof PATHS;

/** `payload` without `field`, to send a reading that lacks it. */
export function without(payload: Record<string, unknown>, field: string): Record<string, unknown> {
  const copy = { ...payload };
  delete copy[field];
  return copy;
}

/**
 * Starts a test app on `driver` with the clock at NOW for the enclosing describe (closed after
 * it). Returns `t` (read it inside tests), `newUser` (a new user, in Kolkata unless told) and
 * helpers that log (`log`, `logOk`: expects 201) and list (`list`: expects 200) readings.
 */
export function healthApi(driver: Driver) {
  let t: TestApp;
  let userCounter = 0;
  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
  });
  afterAll(() => t.close());

  const newUser = (name = 'Asha Rao', timezone = KOLKATA) =>
    signIn(t.app, { name, email: `health${++userCounter}@example.com`, timezone });
  const log = (user: SignedInUser, kind: Kind, payload: unknown) =>
    user.request({ method: 'POST', url: PATHS[kind], payload });
  const list = async (user: SignedInUser, kind: Kind, query = '') => {
    const response = await user.request({ url: `${PATHS[kind]}${query}` });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  async function logOk(user: SignedInUser, kind: Kind, payload: unknown) {
    const response = await log(user, kind, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  return {
    get t() {
      return t;
    },
    newUser,
    log,
    list,
    logOk,
  };
}
