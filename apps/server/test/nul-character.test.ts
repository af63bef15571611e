/**
 * A NUL character (U+0000) in any body or query field is refused with 400 naming the field,
 * and nothing is stored (the write-route fuzzer found a 500 from PostgreSQL, which
 * cannot store U+0000 in text).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNul } from '../src/plugins/nul-guard.ts';
import { DRIVERS, ORIGIN, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';

const MEDICATION = {
  name: 'Metformin',
  dosage: '500 mg',
  form: 'Tablet',
  color: '#FF6B6B',
  schedule: { frequency: 'daily', times: ['09:00'], start_date: '2026-01-01' },
  refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
};

describe('findNul', () => {
  it('names the first field holding U+0000, at any depth, or null', () => {
    expect(findNul({ a: 'x', b: { c: ['ok', 'n\u0000'] } })).toBe('b.c.1');
    expect(findNul({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findNul('\u0000')).toBe('');
    expect(findNul({ a: 'x', b: [1, null, true] })).toBeNull();
  });
});

describe.each(DRIVERS)('the NUL character on %s', (driver) => {
  let t: TestApp;
  let asha: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(driver);
    asha = await signIn(t.app, { name: 'Asha Rao', email: 'nul@example.com', timezone: 'Asia/Kolkata' });
  });
  afterAll(() => t.close());

  const cases: [string, { method: string; url: string; payload?: unknown }, string][] = [
    [
      'an unsubscribe endpoint',
      { method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: 'a\u0000b' } },
      'endpoint',
    ],
    [
      'a medication name',
      { method: 'POST', url: '/api/medications', payload: { ...MEDICATION, name: 'Met\u0000formin' } },
      'name',
    ],
    [
      'a reminder time deep in a medication',
      {
        method: 'POST',
        url: '/api/medications',
        payload: { ...MEDICATION, schedule: { ...MEDICATION.schedule, times: ['09:00', '\u0000'] } },
      },
      'schedule.times.1',
    ],
    ['a profile name', { method: 'PUT', url: '/api/users/me', payload: { name: 'Asha\u0000' } }, 'name'],
    [
      'a reminder title',
      {
        method: 'POST',
        url: '/api/reminders',
        payload: { title: '\u0000', due_at: new Date(Date.now() + 86_400_000).toISOString() },
      },
      'title',
    ],
    ['a query parameter', { method: 'GET', url: '/api/health/glucose?start_date=%00' }, 'start_date'],
  ];

  it.each(cases)(
    '%s with U+0000 is refused with 400 naming the field, and nothing is stored',
    async (_name, request, field) => {
      const before = await dumpDatabase(t.database.db);
      const response = await asha.request(request);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: `${field}: must not contain the NUL character` });
      expect(await dumpDatabase(t.database.db)).toEqual(before);
    },
  );

  it('the local sign-in form refuses a name with U+0000 and creates no user', async () => {
    const before = await dumpDatabase(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: 'Ben\u0000', email: 'ben@example.com', redirect: `${ORIGIN}/` }).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it('the same fields without U+0000 are stored', async () => {
    const response = await asha.request({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: 'ab' } });
    expect(response.statusCode).toBeLessThan(300);
    expect((await asha.request({ method: 'POST', url: '/api/medications', payload: MEDICATION })).statusCode).toBe(201);
  });
});
