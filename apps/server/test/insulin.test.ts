/**
 * Insulin doses through the API: units 0.5–100 in steps of 0.5, one of
 * five types, optionally of one of the user's medicines (an 'Injection' marked as insulin);
 * another user's dose or medicine → 404, bad input → 400, each changing nothing. The clock is
 * fixed at 2026-11-20T18:40:00Z: already the 21st in Asia/Kolkata.
 */
import type { MedicationInput } from '@diacare/contract/medications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { dumpDatabase } from './support/db-dump.ts';

const NOW = new Date('2026-11-20T18:40:00.000Z');
const GLARGINE: MedicationInput = {
  name: 'Glargine',
  dosage: '100 U/mL pen',
  form: 'Injection',
  color: '#4ECDC4',
  schedule: { frequency: 'daily', times: ['22:00'], start_date: '2026-11-01' },
  refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
  insulin_type: 'long',
};
const DOSE = { units: 18, insulin_type: 'long', date: '2026-11-20', time: '22:00' };

describe.each(DRIVERS)('insulin doses on %s', (driver) => {
  let t: TestApp;
  let userCounter = 0;
  const newUser = (name = 'Asha Rao', timezone = 'Asia/Kolkata') =>
    signIn(t.app, { name, email: `insulin${++userCounter}@example.com`, timezone });
  const record = (user: SignedInUser, payload: unknown) =>
    user.request({ method: 'POST', url: '/api/health/insulin', payload });
  async function recordOk(user: SignedInUser, payload: unknown) {
    const response = await record(user, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  async function medicine(user: SignedInUser, input: MedicationInput = GLARGINE) {
    const response = await user.request({ method: 'POST', url: '/api/medications', payload: input });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
  });
  afterAll(() => t.close());

  it('an Injection marked as insulin keeps its type; another form cannot be marked', async () => {
    const asha = await newUser();
    expect((await medicine(asha)).insulin_type).toBe('long');
    const tablet = await asha.request({
      method: 'POST',
      url: '/api/medications',
      payload: { ...GLARGINE, form: 'Tablet' },
    });
    expect(tablet.statusCode).toBe(400);
    expect(tablet.json().detail).toContain('insulin_type: only an Injection can be marked as insulin');
    const plain = await medicine(asha, { ...GLARGINE, name: 'Metformin', form: 'Tablet', insulin_type: null });
    expect(plain.insulin_type).toBeNull();
  });

  it('a dose of the user’s insulin comes back with 201 and is listed newest first', async () => {
    const asha = await newUser();
    const glargine = await medicine(asha);
    const first = await recordOk(asha, { ...DOSE, medication_id: glargine.id, date: '2026-11-19' });
    const second = await recordOk(asha, {
      units: 6.5,
      insulin_type: 'rapid',
      date: '2026-11-20',
      time: '08:15',
      meal_context: 'Before Breakfast',
    });
    expect(first).toEqual({
      id: expect.any(String),
      units: 18,
      insulin_type: 'long',
      medication_id: glargine.id,
      date: '2026-11-19',
      time: '22:00',
      meal_context: null,
    });
    expect(second).toMatchObject({ units: 6.5, medication_id: null, meal_context: 'Before Breakfast' });
    const list = await asha.request({ url: '/api/health/insulin?start_date=2026-11-19&end_date=2026-11-20' });
    expect(list.json().map((dose: { id: string }) => dose.id)).toEqual([second.id, first.id]);
  });

  it('bad input answers 400 naming the field and stores nothing; a future date in the user’s zone too', async () => {
    const asha = await newUser();
    const existing = await recordOk(asha, DOSE);
    const cases: [unknown, string][] = [
      [{ ...DOSE, units: 0 }, 'units: must be at least 0.5 U'],
      [{ ...DOSE, units: 100.5 }, 'units: must be at most 100 U'],
      [{ ...DOSE, units: 2.25 }, 'units: must be in steps of 0.5 U'],
      [{ ...DOSE, insulin_type: 'basal' }, 'insulin_type: must be one of'],
      [{ ...DOSE, time: '24:00' }, 'time:'],
      [{ ...DOSE, date: '2026-11-22' }, 'date: must not be in the future'],
      // 00:10 in Kolkata now: later today beyond the 5-minute skew, or before the floor.
      [{ ...DOSE, date: '2026-11-21', time: '00:16' }, 'time: must not be later than now'],
      [{ ...DOSE, date: '1999-12-31' }, 'date: must not be before 2000-01-01'],
    ];
    const before = await dumpDatabase(t.database.db);
    for (const [payload, detail] of cases) {
      const created = await record(asha, payload);
      expect(created.statusCode, JSON.stringify(payload)).toBe(400);
      expect(created.json().detail).toContain(detail);
      const corrected = await asha.request({ method: 'PUT', url: `/api/health/insulin/${existing.id}`, payload });
      expect(corrected.statusCode).toBe(400);
    }
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    expect((await record(asha, { ...DOSE, date: '2026-11-21', time: '00:15' })).statusCode).toBe(201);
  });

  it('another user’s medicine or dose answers 404 and changes nothing; the owner corrects and deletes', async () => {
    const asha = await newUser('Asha');
    const ben = await newUser('Ben');
    const glargine = await medicine(asha);
    const dose = await recordOk(asha, { ...DOSE, medication_id: glargine.id });
    const before = await dumpDatabase(t.database.db);
    expect((await record(ben, { ...DOSE, medication_id: glargine.id })).statusCode).toBe(404);
    const url = `/api/health/insulin/${dose.id}`;
    expect((await ben.request({ method: 'PUT', url, payload: DOSE })).statusCode).toBe(404);
    expect((await ben.request({ method: 'DELETE', url })).statusCode).toBe(404);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    expect((await ben.request({ url: '/api/health/insulin' })).json()).toEqual([]);

    const corrected = await asha.request({ method: 'PUT', url, payload: { ...DOSE, units: 20 } });
    expect(corrected.json()).toMatchObject({ id: dose.id, units: 20, medication_id: null });
    expect((await asha.request({ method: 'DELETE', url })).json()).toMatchObject({ id: dose.id, units: 20 });
    expect((await asha.request({ method: 'DELETE', url })).statusCode).toBe(404);
  });
});
