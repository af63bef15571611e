/**
 * Medications through the API (docs/product.md Medication, §5): a medication from add to delete,
 * and validation. Doses and access rules are in medications-doses.test.ts. Each test signs in a
 * user of its own.
 */
import type { MedicationInput } from '@diacare/contract/medications';
import { describe, expect, it } from 'vitest';
import { DRIVERS } from './helpers.ts';
import { METFORMIN, medicationsApi, metformin } from './support/medications.ts';

describe.each(DRIVERS)('medications on %s', (driver) => {
  const { app, newUser, listMedications, listAdherence, addMedication, recordDose } = medicationsApi(driver);

  describe('a medication from add to delete', () => {
    it('adding a medication answers 201 with the whole medication and its times sorted', async () => {
      const asha = await newUser();
      const response = await asha.request({ method: 'POST', url: '/api/medications', payload: METFORMIN });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Metformin',
        dosage: '500 mg',
        form: 'Tablet',
        instructions: 'With breakfast and dinner',
        color: '#FF6B6B',
        when_to_take: 'After food',
        schedule: {
          frequency: 'daily',
          times: ['09:00', '21:00'],
          weekdays: [],
          start_date: '2026-11-01',
          end_date: null,
        },
        refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
        insulin_type: null,
        created_at: expect.any(String),
      });
    });

    it('the list shows each added medication, oldest first', async () => {
      const asha = await newUser();
      const first = await addMedication(asha);
      // A medicine's created_at is the app's clock (decision 077): a second later, as a person would.
      app().clock.advance(1_000);
      const second = await addMedication(asha, { ...METFORMIN, name: 'Glimepiride', dosage: '1 mg' });
      expect(await listMedications(asha)).toEqual([first, second]);
    });

    it('a weekly medication keeps its weekdays, sorted', async () => {
      const asha = await newUser();
      const weekly = await addMedication(asha, metformin({ frequency: 'weekly', weekdays: [5, 1], times: ['08:00'] }));
      expect(weekly.schedule).toEqual({
        frequency: 'weekly',
        times: ['08:00'],
        weekdays: [1, 5],
        start_date: '2026-11-01',
        end_date: null,
      });
    });

    it('an as-needed medication needs no reminder times', async () => {
      const asha = await newUser();
      const asNeeded = await addMedication(asha, metformin({ frequency: 'as-needed', times: [] }));
      expect(asNeeded.schedule).toMatchObject({ frequency: 'as-needed', times: [] });
      expect(await listMedications(asha)).toEqual([asNeeded]);
    });

    it('updating a medication replaces every field, and fields left out take their defaults', async () => {
      const asha = await newUser();
      const added = await addMedication(asha);
      const replacement = {
        name: 'Metformin XR',
        dosage: '1000 mg',
        form: 'Capsule',
        color: '#4ECDC4',
        schedule: { frequency: 'daily', times: ['20:00'], start_date: '2026-11-10', end_date: null },
        refill_reminder: { enabled: false, pills_remaining: 60, threshold: 10 },
      } satisfies MedicationInput;
      const response = await asha.request({ method: 'PUT', url: `/api/medications/${added.id}`, payload: replacement });
      expect(response.statusCode).toBe(200);
      const expected = {
        ...replacement,
        id: added.id,
        instructions: '',
        when_to_take: null,
        schedule: { ...replacement.schedule, weekdays: [] },
        insulin_type: null,
        // An edit keeps the instant the medicine was added (decision 077).
        created_at: added.created_at,
      };
      expect(response.json()).toEqual(expected);
      expect(await listMedications(asha)).toEqual([expected]);
    });

    it('a deleted medication leaves the list, and updating or deleting it again answers 404', async () => {
      const asha = await newUser();
      const kept = await addMedication(asha, { ...METFORMIN, name: 'Glimepiride' });
      const deleted = await addMedication(asha);
      const response = await asha.request({ method: 'DELETE', url: `/api/medications/${deleted.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect(await listMedications(asha)).toEqual([kept]);

      const update = await asha.request({ method: 'PUT', url: `/api/medications/${deleted.id}`, payload: METFORMIN });
      expect(update.statusCode).toBe(404);
      expect(update.json()).toEqual({ detail: 'This medication was deleted.' });
      const again = await asha.request({ method: 'DELETE', url: `/api/medications/${deleted.id}` });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: 'This medication was deleted.' });
      expect(await listMedications(asha)).toEqual([kept]);
    });

    it('deleting a medication archives it: its past dose records stay for reports', async () => {
      const asha = await newUser();
      const added = await addMedication(asha);
      const taken = (await recordDose(asha, added.id)).json();
      await asha.request({ method: 'DELETE', url: `/api/medications/${added.id}` });
      expect(await listMedications(asha)).toEqual([]);
      expect(await listAdherence(asha)).toEqual([taken]);
      // New doses cannot be recorded against it.
      expect((await recordDose(asha, added.id, { scheduled_time: '21:00' })).statusCode).toBe(404);
    });
  });

  describe('medication validation', () => {
    const { name: _name, ...withoutName } = METFORMIN;
    const withSchedule = (fields: Record<string, unknown>) => ({
      ...METFORMIN,
      schedule: { ...METFORMIN.schedule, ...fields },
    });
    const withRefill = (fields: Record<string, unknown>) => ({
      ...METFORMIN,
      refill_reminder: { ...METFORMIN.refill_reminder, ...fields },
    });
    const cases: [rule: string, payload: unknown, detail: string][] = [
      ['a missing name', withoutName, 'name: is required'],
      ['a blank dosage', { ...METFORMIN, dosage: '   ' }, 'dosage: is required'],
      ['a missing form', { ...METFORMIN, form: undefined }, 'form: is required'],
      [
        'a missing pills count',
        withRefill({ pills_remaining: undefined }),
        'refill_reminder.pills_remaining: is required',
      ],
      [
        'a form that is not offered',
        { ...METFORMIN, form: 'Pill' },
        'form: must be one of Tablet, Capsule, Liquid, Injection, Inhaler, Drops',
      ],
      ['a colour that is not a tag', { ...METFORMIN, color: '#000000' }, 'color: must be one of the colour tags'],
      [
        'an unknown time to take',
        { ...METFORMIN, when_to_take: 'Whenever' },
        'when_to_take: must be one of Before food, After food, Along with food',
      ],
      [
        'an unknown frequency',
        withSchedule({ frequency: 'monthly' }),
        'schedule.frequency: must be daily, weekly or as-needed',
      ],
      [
        'a time without a leading zero',
        withSchedule({ times: ['9:00'] }),
        "schedule.times.0: must be a time written 'HH:MM' (24-hour)",
      ],
      [
        'the time 24:00',
        withSchedule({ times: ['08:00', '24:00'] }),
        "schedule.times.1: must be a time written 'HH:MM' (24-hour)",
      ],
      ['the same time twice', withSchedule({ times: ['09:00', '09:00'] }), 'schedule.times: must not repeat a time'],
      [
        'a daily schedule with no times',
        withSchedule({ times: [] }),
        'schedule.times: needs at least one reminder time',
      ],
      [
        'weekday 8',
        withSchedule({ frequency: 'weekly', weekdays: [8] }),
        'schedule.weekdays.0: must be 1 (Mon) to 7 (Sun)',
      ],
      [
        'a start date that does not exist',
        withSchedule({ start_date: '2025-02-30' }),
        'schedule.start_date: must be a real date written YYYY-MM-DD',
      ],
      ['an end date (it is always null)', withSchedule({ end_date: '2026-01-01' }), 'schedule.end_date: must be null'],
      [
        'a negative pill count',
        withRefill({ pills_remaining: -1 }),
        'refill_reminder.pills_remaining: must be 0 or more',
      ],
      ['half a pill', withRefill({ pills_remaining: 2.5 }), 'refill_reminder.pills_remaining: must be a whole number'],
      ['a reminder threshold of 0', withRefill({ threshold: 0 }), 'refill_reminder.threshold: must be 1 or more'],
    ];

    it.each(cases)(
      '%s is refused with 400 naming the field, and nothing is added or changed',
      async (_rule, payload, detail) => {
        const asha = await newUser();
        const existing = await addMedication(asha);

        const create = await asha.request({ method: 'POST', url: '/api/medications', payload });
        expect(create.statusCode).toBe(400);
        expect(create.json()).toEqual({ detail });

        const update = await asha.request({ method: 'PUT', url: `/api/medications/${existing.id}`, payload });
        expect(update.statusCode).toBe(400);
        expect(update.json()).toEqual({ detail });

        expect(await listMedications(asha)).toEqual([existing]);
      },
    );
  });
});
