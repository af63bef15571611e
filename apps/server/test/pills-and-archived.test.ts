/**
 * A pill count at 0 stays 0 when a Take is undone, and a dose record of a
 * deleted (archived) medication cannot be changed through PUT /api/adherence/{id}.
 */
import type { MedicationInput } from '@diacare/contract/medications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adherenceRecords, medications } from '../src/db/schema.ts';
import { DRIVERS, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';

function metformin(pillsRemaining: number, refill = true): MedicationInput {
  return {
    name: 'Metformin',
    dosage: '500 mg',
    form: 'Tablet',
    instructions: '',
    color: '#FF6B6B',
    when_to_take: 'After food',
    schedule: { frequency: 'daily', times: ['09:00'], start_date: '2026-11-01', end_date: null },
    refill_reminder: { enabled: refill, pills_remaining: pillsRemaining, threshold: 7 },
  };
}

describe.each(DRIVERS)('pills and archived medicines on %s', (driver) => {
  let t: TestApp;
  let userCounter = 0;
  const newUser = () =>
    signIn(t.app, { name: 'Asha Rao', email: `pills${++userCounter}@example.com`, timezone: 'Asia/Kolkata' });

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  async function addMedication(user: SignedInUser, payload: MedicationInput): Promise<{ id: string }> {
    const response = await user.request({ method: 'POST', url: '/api/medications', payload });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  async function take(user: SignedInUser, medicationId: string): Promise<{ id: string }> {
    const response = await user.request({
      method: 'POST',
      url: '/api/adherence',
      payload: {
        medication_id: medicationId,
        date: '2026-11-21',
        scheduled_time: '09:00',
        taken_time: '09:05',
        status: 'taken',
      },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  /** The medication's pill count as stored (also for an archived medication). */
  async function storedPills(id: string): Promise<number> {
    const [row] = await t.database.db
      .select({ pills: medications.pills_remaining })
      .from(medications)
      .where(eq(medications.id, id));
    return row!.pills;
  }

  const setStatus = (user: SignedInUser, recordId: string, status: string) =>
    user.request({ method: 'PUT', url: `/api/adherence/${recordId}?status=${status}` });

  it('undoing a Take of a medicine with 0 pills left leaves 0 (the Take used no pill)', async () => {
    const asha = await newUser();
    const medication = await addMedication(asha, metformin(0));
    const record = await take(asha, medication.id);
    expect(await storedPills(medication.id)).toBe(0);

    expect((await setStatus(asha, record.id, 'pending')).statusCode).toBe(200);
    expect(await storedPills(medication.id)).toBe(0);
    // Undo through POST as well (the same dose recorded again as pending).
    await take(asha, medication.id);
    const undo = await asha.request({
      method: 'POST',
      url: '/api/adherence',
      payload: { medication_id: medication.id, date: '2026-11-21', scheduled_time: '09:00', status: 'skipped' },
    });
    expect(undo.statusCode).toBe(200);
    expect(await storedPills(medication.id)).toBe(0);
  });

  it('the last pill: taking it goes 1 → 0 and undoing gives it back (0 → 1), as often as it is repeated', async () => {
    const asha = await newUser();
    const medication = await addMedication(asha, metformin(1));
    const record = await take(asha, medication.id);
    expect(await storedPills(medication.id)).toBe(0);
    for (let round = 0; round < 2; round++) {
      expect((await setStatus(asha, record.id, 'pending')).statusCode).toBe(200);
      expect(await storedPills(medication.id)).toBe(1);
      expect((await setStatus(asha, record.id, 'taken')).statusCode).toBe(200);
      expect(await storedPills(medication.id)).toBe(0);
    }
  });

  it('a Take while the refill count was off gives nothing back after the count is turned on', async () => {
    const asha = await newUser();
    const medication = await addMedication(asha, metformin(10, false));
    const record = await take(asha, medication.id);
    const turnedOn = await asha.request({
      method: 'PUT',
      url: `/api/medications/${medication.id}`,
      payload: metformin(10),
    });
    expect(turnedOn.statusCode).toBe(200);
    expect((await setStatus(asha, record.id, 'pending')).statusCode).toBe(200);
    expect(await storedPills(medication.id)).toBe(10);
  });

  it('PUT /api/adherence/{id} of a deleted medicine answers 404 and changes neither the record nor the pills', async () => {
    const asha = await newUser();
    const medication = await addMedication(asha, metformin(20));
    const record = await take(asha, medication.id);
    expect(await storedPills(medication.id)).toBe(19);
    const deleted = await asha.request({ method: 'DELETE', url: `/api/medications/${medication.id}` });
    expect(deleted.statusCode).toBe(200);
    const before = await t.database.db.select().from(adherenceRecords).where(eq(adherenceRecords.id, record.id));

    for (const status of ['pending', 'skipped', 'missed', 'taken']) {
      const response = await setStatus(asha, record.id, status);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Adherence record not found' });
    }

    const after = await t.database.db.select().from(adherenceRecords).where(eq(adherenceRecords.id, record.id));
    expect(after).toEqual(before);
    expect(await storedPills(medication.id)).toBe(19);
    // The record stays in the history for reports.
    const history = await asha.request({ url: '/api/adherence' });
    expect(history.json()).toEqual([expect.objectContaining({ id: record.id, status: 'taken' })]);
  });
});
