/**
 * Dose records and pill counts through the API (docs/product.md Adherence record, §7), one user
 * never reaching another's medications, and ids in the path. Each test signs in a user of its own.
 */
import { randomUUID } from 'node:crypto';
import type { AdherenceInput } from '@diacare/contract/medications';
import { describe, expect, it } from 'vitest';
import { DRIVERS, ORIGIN, type SignedInUser } from './helpers.ts';
import { METFORMIN, medicationsApi, metformin } from './support/medications.ts';

describe.each(DRIVERS)('doses and access on %s', (driver) => {
  const { app, newUser, listMedications, listAdherence, addMedication, recordDose } = medicationsApi(driver);
  const pillsLeft = async (user: SignedInUser, id: string): Promise<number> => {
    const medications: { id: string; refill_reminder: { pills_remaining: number } }[] = await listMedications(user);
    return medications.find((medication) => medication.id === id)!.refill_reminder.pills_remaining;
  };

  describe('taking doses', () => {
    it('taking a dose stores a record of it', async () => {
      const asha = await newUser();
      const added = await addMedication(asha);
      const response = await recordDose(asha, added.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        medication_id: added.id,
        scheduled_time: '09:00',
        taken_time: '09:05',
        date: '2026-11-21',
        status: 'taken',
      });
      expect(await listAdherence(asha)).toEqual([response.json()]);
    });

    it('a dose taken twice counts once: one record, and one pill used (30 → 29)', async () => {
      const asha = await newUser();
      const added = await addMedication(asha);
      const first = (await recordDose(asha, added.id)).json();
      expect(await pillsLeft(asha, added.id)).toBe(29);

      const second = await recordDose(asha, added.id, { taken_time: '09:10' });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({ id: first.id, status: 'taken' });
      expect(await listAdherence(asha)).toHaveLength(1);
      expect(await pillsLeft(asha, added.id)).toBe(29);
    });

    it('each time of the day is its own dose and uses its own pill', async () => {
      const asha = await newUser();
      const added = await addMedication(asha);
      await recordDose(asha, added.id, { scheduled_time: '09:00' });
      await recordDose(asha, added.id, { scheduled_time: '21:00', taken_time: '21:02' });
      expect(await listAdherence(asha)).toHaveLength(2);
      expect(await pillsLeft(asha, added.id)).toBe(28);
    });

    it('setting a taken dose back to pending gives the pill back (29 → 30)', async () => {
      const asha = await newUser();
      const added = await addMedication(asha);
      const taken = (await recordDose(asha, added.id)).json();
      expect(await pillsLeft(asha, added.id)).toBe(29);

      const response = await asha.request({ method: 'PUT', url: `/api/adherence/${taken.id}?status=pending` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...taken, status: 'pending', taken_time: null });
      expect(await pillsLeft(asha, added.id)).toBe(30);
      expect(await listAdherence(asha)).toEqual([response.json()]);
    });

    it('a status change sent as a query with no body and no content type is accepted', async () => {
      const asha = await newUser();
      const added = await addMedication(asha);
      const pending = (await recordDose(asha, added.id, { status: 'pending', taken_time: null })).json();
      expect(pending.taken_time).toBeNull();
      expect(await pillsLeft(asha, added.id)).toBe(30);

      const response = await app().app.inject({
        method: 'PUT',
        url: `/api/adherence/${pending.id}?status=taken&taken_time=09:30`,
        headers: { cookie: asha.cookie, origin: ORIGIN },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...pending, status: 'taken', taken_time: '09:30' });
      expect(await pillsLeft(asha, added.id)).toBe(29);
    });

    it('pills never go below 0', async () => {
      const asha = await newUser();
      const added = await addMedication(asha, metformin({}, { pills_remaining: 0 }));
      expect((await recordDose(asha, added.id)).statusCode).toBe(200);
      expect(await pillsLeft(asha, added.id)).toBe(0);
    });

    it('with the refill reminder off, taking a dose leaves the pill count alone', async () => {
      const asha = await newUser();
      const added = await addMedication(asha, metformin({}, { enabled: false }));
      await recordDose(asha, added.id);
      expect(await pillsLeft(asha, added.id)).toBe(30);
    });

    it('records are listed newest first, and the date range includes both its ends', async () => {
      const asha = await newUser();
      const added = await addMedication(asha);
      const dose = async (date: string, scheduled_time: string) =>
        (await recordDose(asha, added.id, { date, scheduled_time })).json();
      await dose('2026-11-19', '09:00');
      const day20Morning = await dose('2026-11-20', '09:00');
      const day21Evening = await dose('2026-11-21', '21:00');
      const day20Evening = await dose('2026-11-20', '21:00');
      const day21Morning = await dose('2026-11-21', '09:00');
      await dose('2026-11-22', '09:00');

      const range = await asha.request({ url: '/api/adherence?start_date=2026-11-20&end_date=2026-11-21' });
      expect(range.statusCode).toBe(200);
      expect(range.json()).toEqual([day21Evening, day21Morning, day20Evening, day20Morning]);
      expect(await listAdherence(asha, '?start_date=2026-11-22')).toHaveLength(1);
      expect(await listAdherence(asha, '?end_date=2026-11-19')).toHaveLength(1);
      expect(await listAdherence(asha, '?start_date=2026-11-21&end_date=2026-11-21')).toEqual([
        day21Evening,
        day21Morning,
      ]);
      expect(await listAdherence(asha)).toHaveLength(6);
    });

    it('a date range that starts after it ends is refused with 400', async () => {
      const asha = await newUser();
      const response = await asha.request({ url: '/api/adherence?start_date=2026-11-22&end_date=2026-11-21' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'start_date: must not be after end_date' });
      const badDate = await asha.request({ url: '/api/adherence?start_date=2026-02-30' });
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json().detail).toMatch(/^start_date: /);
    });

    it('an unknown status is refused with 400 and records nothing', async () => {
      const asha = await newUser();
      const added = await addMedication(asha);
      const create = await recordDose(asha, added.id, { status: 'done' as AdherenceInput['status'] });
      expect(create.statusCode).toBe(400);
      expect(create.json().detail).toMatch(/^status: /);
      expect(await listAdherence(asha)).toEqual([]);

      const taken = (await recordDose(asha, added.id)).json();
      const update = await asha.request({ method: 'PUT', url: `/api/adherence/${taken.id}?status=done` });
      expect(update.statusCode).toBe(400);
      expect(update.json().detail).toMatch(/^status: /);
      expect(await listAdherence(asha)).toEqual([taken]);
      expect(await pillsLeft(asha, added.id)).toBe(29);
    });

    it('a dose with a bad time or date is refused with 400 naming the field', async () => {
      const asha = await newUser();
      const added = await addMedication(asha);
      const badTime = await recordDose(asha, added.id, { scheduled_time: '9:00' });
      expect(badTime.statusCode).toBe(400);
      expect(badTime.json().detail).toMatch(/^scheduled_time: /);
      const badDate = await recordDose(asha, added.id, { date: '2025-02-30' });
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json().detail).toMatch(/^date: /);
      expect(await listAdherence(asha)).toEqual([]);
      expect(await pillsLeft(asha, added.id)).toBe(30);
    });
  });

  describe("one user never reaches another user's medications", () => {
    it('Asha adds Metformin and takes a dose; Ben gets 404 on her medication and record, never sees them, and her data is unchanged', async () => {
      const asha = await newUser('Asha Rao');
      const ben = await newUser('Ben Okafor');
      const ashasMetformin = await addMedication(asha);
      const ashasDose = (await recordDose(asha, ashasMetformin.id)).json();
      const ashaBefore = { medications: await listMedications(asha), adherence: await listAdherence(asha) };
      const bensInsulin = await addMedication(ben, { ...METFORMIN, name: 'Insulin glargine', dosage: '10 units' });

      const attempts = [
        await ben.request({ method: 'PUT', url: `/api/medications/${ashasMetformin.id}`, payload: METFORMIN }),
        await ben.request({ method: 'DELETE', url: `/api/medications/${ashasMetformin.id}` }),
        await recordDose(ben, ashasMetformin.id, { scheduled_time: '21:00' }),
        await ben.request({ method: 'PUT', url: `/api/adherence/${ashasDose.id}?status=pending` }),
      ];
      for (const attempt of attempts) {
        expect(attempt.statusCode).toBe(404);
      }
      expect(attempts.map((attempt) => attempt.json().detail)).toEqual([
        'Medication not found',
        'Medication not found',
        'Medication not found',
        'Adherence record not found',
      ]);

      expect(await listMedications(ben)).toEqual([bensInsulin]);
      expect(await listAdherence(ben)).toEqual([]);
      expect(await listMedications(asha)).toEqual(ashaBefore.medications);
      expect(await listAdherence(asha)).toEqual(ashaBefore.adherence);
      expect(await pillsLeft(asha, ashasMetformin.id)).toBe(29);
    });
  });

  describe('ids in the path', () => {
    it('an id that matches nothing answers 404', async () => {
      const asha = await newUser();
      const missing = randomUUID();
      expect(
        (await asha.request({ method: 'PUT', url: `/api/medications/${missing}`, payload: METFORMIN })).statusCode,
      ).toBe(404);
      expect((await asha.request({ method: 'DELETE', url: `/api/medications/${missing}` })).statusCode).toBe(404);
      expect((await asha.request({ method: 'PUT', url: `/api/adherence/${missing}?status=taken` })).statusCode).toBe(
        404,
      );
      expect((await recordDose(asha, missing)).statusCode).toBe(404);
      expect(await listAdherence(asha)).toEqual([]);
    });

    it('an id that is not a UUID answers 400 naming the id', async () => {
      const asha = await newUser();
      const responses = [
        await asha.request({ method: 'PUT', url: '/api/medications/42', payload: METFORMIN }),
        await asha.request({ method: 'DELETE', url: '/api/medications/not-a-uuid' }),
        await asha.request({ method: 'PUT', url: '/api/adherence/42?status=taken' }),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toMatch(/^id: /);
      }
      const dose = await recordDose(asha, 'not-a-uuid');
      expect(dose.statusCode).toBe(400);
      expect(dose.json().detail).toMatch(/^medication_id: /);
    });
  });
});
