/** Test set-up for medications and doses through the API, shared by the medications test files. */
import type { AdherenceInput, MedicationInput } from '@diacare/contract/medications';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, signIn, type Driver, type SignedInUser, type TestApp } from '../helpers.ts';

/** Metformin 500 mg at 21:00 and 09:00 from 2026-11-01, 30 pills left, refill reminder at 7. */
export const METFORMIN = {
  name: 'Metformin',
  dosage: '500 mg',
  form: 'Tablet',
  instructions: 'With breakfast and dinner',
  color: '#FF6B6B',
  when_to_take: 'After food',
  schedule: { frequency: 'daily', times: ['21:00', '09:00'], start_date: '2026-11-01', end_date: null },
  refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
} satisfies MedicationInput;

/** METFORMIN with some `schedule` and `refill_reminder` fields replaced. */
export function metformin(
  schedule: Partial<MedicationInput['schedule']> = {},
  refill: Partial<MedicationInput['refill_reminder']> = {},
): MedicationInput {
  return {
    ...METFORMIN,
    schedule: { ...METFORMIN.schedule, ...schedule },
    refill_reminder: { ...METFORMIN.refill_reminder, ...refill },
  };
}

/**
 * Starts a test app on `driver` for the enclosing describe (closed after it) and returns the
 * helpers the medications tests share: `app()` is that test app, `newUser` signs in a new user in
 * Asia/Kolkata, and the rest call the medications and adherence API as a signed-in user.
 */
export function medicationsApi(driver: Driver) {
  let t: TestApp;
  let userCounter = 0;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  const newUser = (name = 'Asha Rao') =>
    signIn(t.app, { name, email: `meds${++userCounter}@example.com`, timezone: 'Asia/Kolkata' });
  const listMedications = async (user: SignedInUser) => (await user.request({ url: '/api/medications' })).json();
  const listAdherence = async (user: SignedInUser, query = '') =>
    (await user.request({ url: `/api/adherence${query}` })).json();

  /** Adds `payload` for `user`, expects 201 and returns the medication. */
  async function addMedication(user: SignedInUser, payload: MedicationInput = METFORMIN) {
    const response = await user.request({ method: 'POST', url: '/api/medications', payload });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  /** Records one dose of `medicationId` (default: taken at 09:05 on 2026-11-21 for 09:00). */
  const recordDose = (user: SignedInUser, medicationId: string, dose: Partial<AdherenceInput> = {}) =>
    user.request({
      method: 'POST',
      url: '/api/adherence',
      payload: {
        medication_id: medicationId,
        scheduled_time: '09:00',
        taken_time: '09:05',
        date: '2026-11-21',
        status: 'taken',
        ...dose,
      },
    });

  return { app: () => t, newUser, listMedications, listAdherence, addMedication, recordDose };
}
