/**
 * Lab results through the API: HbA1c in % or mmol/mol (stored in %),
 * eGFR from the profile, no future dates in the user's zone, another user's id → 404 and
 * bad input → 400, each changing nothing. The clock is fixed at 2026-11-20T18:40:00Z:
 * already 2026-11-21 in Asia/Kolkata, still 2026-11-20 in America/New_York.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';

const NOW = new Date('2026-11-20T18:40:00.000Z');
const HBA1C = { test: 'hba1c', value: 7.4, unit: '%', date: '2026-11-10' };
const CREATININE = { test: 'creatinine', value: 1.2, unit: 'mg/dL', date: '2026-11-10' };

describe.each(DRIVERS)('lab results on %s', (driver) => {
  let t: TestApp;
  let userCounter = 0;
  const newUser = (name = 'Asha Rao', timezone = 'Asia/Kolkata') =>
    signIn(t.app, { name, email: `labs${++userCounter}@example.com`, timezone });
  const record = (user: SignedInUser, payload: unknown) =>
    user.request({ method: 'POST', url: '/api/health/labs', payload });
  async function recordOk(user: SignedInUser, payload: unknown) {
    const response = await record(user, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const list = async (user: SignedInUser, query = '') => {
    const response = await user.request({ url: `/api/health/labs${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
  });
  afterAll(() => t.close());

  it('an HbA1c in % comes back with its LOINC code and is listed', async () => {
    const asha = await newUser();
    const result = await recordOk(asha, { ...HBA1C, notes: 'Thyrocare' });
    expect(result).toEqual({
      id: expect.any(String),
      test: 'hba1c',
      loinc: '4548-4',
      value: 7.4,
      unit: '%',
      date: '2026-11-10',
      notes: 'Thyrocare',
      egfr: null,
    });
    expect(await list(asha)).toEqual([result]);
  });

  it('an HbA1c in mmol/mol is stored in % by the master equation (53 → 7.0, 64 → 8.0)', async () => {
    const asha = await newUser();
    expect((await recordOk(asha, { ...HBA1C, value: 53, unit: 'mmol/mol' })).value).toBe(7);
    const later = await recordOk(asha, { ...HBA1C, value: 64, unit: 'mmol/mol', date: '2026-11-12' });
    expect(later).toMatchObject({ value: 8, unit: '%' });
  });

  it('lists newest first, filters by test and date range, and keeps the newest `limit`', async () => {
    const asha = await newUser();
    await recordOk(asha, { ...HBA1C, date: '2026-05-01', value: 8.1 });
    await recordOk(asha, { ...HBA1C, date: '2026-08-01', value: 7.6 });
    await recordOk(asha, { ...CREATININE, date: '2026-09-01' });
    await recordOk(asha, { ...HBA1C, date: '2026-11-01', value: 7.1 });
    expect((await list(asha, '?test=hba1c')).map((r: { value: number }) => r.value)).toEqual([7.1, 7.6, 8.1]);
    expect((await list(asha, '?test=hba1c&limit=2')).map((r: { date: string }) => r.date)).toEqual([
      '2026-11-01',
      '2026-08-01',
    ]);
    const range = await list(asha, '?start_date=2026-08-01&end_date=2026-09-30');
    expect(range.map((r: { test: string }) => r.test)).toEqual(['creatinine', 'hba1c']);
  });

  it('a creatinine carries the eGFR (CKD-EPI 2021) once the profile has age and sex', async () => {
    const ravi = await newUser('Ravi Kumar');
    const before = await recordOk(ravi, CREATININE);
    expect(before).toMatchObject({ loinc: '2160-0', value: 1.2, egfr: null });
    const profile = await ravi.request({ method: 'PUT', url: '/api/users/me', payload: { age: 55, sex: 'male' } });
    expect(profile.statusCode, profile.body).toBe(200);
    expect((await list(ravi))[0]).toMatchObject({ id: before.id, egfr: 71 });
    await ravi.request({ method: 'PUT', url: '/api/users/me', payload: { sex: 'other' } });
    expect((await list(ravi))[0].egfr).toBeNull();
  });

  it('today in the user’s zone is allowed and tomorrow is not: Kolkata is on the 21st, New York on the 20th', async () => {
    const kolkata = await newUser('Asha', 'Asia/Kolkata');
    const newYork = await newUser('Ben', 'America/New_York');
    expect((await record(kolkata, { ...HBA1C, date: '2026-11-21' })).statusCode).toBe(201);
    const refused = await record(newYork, { ...HBA1C, date: '2026-11-21' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: 'date: must not be in the future' });
    expect(await list(newYork)).toEqual([]);
  });

  it('a result dated before 2000 is refused naming the date, and nothing is stored', async () => {
    const asha = await newUser('Asha', 'Asia/Kolkata');
    const refused = await record(asha, { ...HBA1C, date: '1900-11-21' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: 'date: must not be before 2000-01-01' });
    expect(await list(asha)).toEqual([]);
  });

  it('bad input answers 400 naming the field and stores nothing', async () => {
    const asha = await newUser();
    const existing = await recordOk(asha, HBA1C);
    const cases: [unknown, string][] = [
      [{ ...HBA1C, value: 2.9 }, 'value: must be at least 3 %'],
      [{ ...HBA1C, value: 196, unit: 'mmol/mol' }, 'value: must be at most 195 mmol/mol'],
      [{ ...HBA1C, unit: 'mg/dL' }, 'unit: must be % or mmol/mol for hba1c'],
      [{ ...CREATININE, value: 0.875 }, 'value: must have at most 2 decimal places'],
      [{ ...HBA1C, test: 'vitamin_d' }, 'test: must be one of'],
      [{ ...HBA1C, value: '7.4' }, 'value: must be a number'],
      [{ ...HBA1C, notes: 'x'.repeat(501) }, 'notes: must be at most 500 characters'],
    ];
    const before = await dumpDatabase(t.database.db);
    for (const [payload, detail] of cases) {
      const created = await record(asha, payload);
      expect(created.statusCode, JSON.stringify(payload)).toBe(400);
      expect(created.json().detail).toContain(detail);
      const corrected = await asha.request({ method: 'PUT', url: `/api/health/labs/${existing.id}`, payload });
      expect(corrected.statusCode).toBe(400);
    }
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    expect((await asha.request({ url: '/api/health/labs?test=ldl' })).statusCode).toBe(400);
  });

  it('the owner corrects and deletes a result; another user’s id answers 404 and changes nothing', async () => {
    const asha = await newUser('Asha');
    const ben = await newUser('Ben');
    const result = await recordOk(asha, HBA1C);
    const url = `/api/health/labs/${result.id}`;
    const before = await dumpDatabase(t.database.db);
    for (const method of ['PUT', 'DELETE'] as const) {
      const attack = await ben.request({ method, url, ...(method === 'PUT' ? { payload: HBA1C } : {}) });
      expect(attack.statusCode).toBe(404);
      expect(attack.json().detail).toEqual(expect.any(String));
    }
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    expect(await list(ben)).toEqual([]);

    const corrected = await asha.request({ method: 'PUT', url, payload: { ...HBA1C, value: 58, unit: 'mmol/mol' } });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({ id: result.id, value: 7.5, unit: '%' });
    const deleted = await asha.request({ method: 'DELETE', url });
    expect(deleted.json()).toMatchObject({ id: result.id, value: 7.5 });
    expect(await list(asha)).toEqual([]);
    expect((await asha.request({ method: 'DELETE', url })).statusCode).toBe(404);
  });
});
