/**
 * /api/reminders: the user's own reminders, snoozes, the next 24 hours,
 * deleting, and the reminders that follow doses (taken, refill) and appointments. The clock
 * is fixed at 2026-06-10T00:00:00Z, 05:30 in Asia/Kolkata.
 */
import { randomUUID } from 'node:crypto';
import type { MedicationInput } from '@diacare/contract/medications';
import type { Reminder } from '@diacare/contract/reminders';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { materialiseDoseReminders } from '../src/modules/reminders/reminder.service.ts';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';

const NOW = new Date('2026-06-10T00:00:00Z');
const at = (iso: string) => new Date(iso).toISOString();

const METFORMIN: MedicationInput = {
  name: 'Metformin',
  dosage: '500 mg',
  form: 'Tablet',
  color: '#FF6B6B',
  schedule: { frequency: 'daily', times: ['09:00'], start_date: '2026-06-01', end_date: null },
  refill_reminder: { enabled: true, pills_remaining: 9, threshold: 7 },
};

describe.each(DRIVERS)('reminders on %s', (driver) => {
  let t: TestApp;
  let userCounter = 0;
  const newUser = (name = 'Asha Rao') =>
    signIn(t.app, { name, email: `reminders${++userCounter}@example.com`, timezone: 'Asia/Kolkata' });
  const create = (user: SignedInUser, payload: unknown) =>
    user.request({ method: 'POST', url: '/api/reminders', payload });
  const list = async (user: SignedInUser, query = ''): Promise<Reminder[]> =>
    (await user.request({ url: `/api/reminders${query}` })).json();
  const upcoming = async (user: SignedInUser): Promise<Reminder[]> =>
    (await user.request({ url: '/api/reminders/upcoming' })).json();
  async function addMedication(user: SignedInUser, payload: MedicationInput = METFORMIN): Promise<{ id: string }> {
    const response = await user.request({ method: 'POST', url: '/api/medications', payload });
    expect(response.statusCode).toBe(201);
    return response.json();
  }
  const take = (user: SignedInUser, medicationId: string, date: string, time = '09:00') =>
    user.request({
      method: 'POST',
      url: '/api/adherence',
      payload: { medication_id: medicationId, scheduled_time: time, taken_time: time, date, status: 'taken' },
    });

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
  });
  beforeEach(() => t.clock.set(NOW));
  afterAll(() => t.close());

  describe('the user’s own reminders', () => {
    it('creates a reminder and lists it until it is sent', async () => {
      const asha = await newUser();
      const response = await create(asha, {
        title: 'Check feet',
        body: 'Look for cuts or blisters',
        due_at: '2026-06-10T12:00:00+05:30',
      });
      expect(response.statusCode).toBe(201);
      const reminder = response.json();
      expect(reminder).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        kind: 'custom',
        title: 'Check feet',
        body: 'Look for cuts or blisters',
        due_at: '2026-06-10T06:30:00.000Z',
        sent: false,
        sent_at: null,
        status: 'pending',
        medication_id: null,
        appointment_id: null,
        dose_date: null,
        scheduled_time: null,
      });
      expect(await list(asha)).toEqual([reminder]);
    });

    it('body defaults to empty; title is trimmed', async () => {
      const asha = await newUser();
      const response = await create(asha, { title: '  Walk  ', due_at: '2026-06-10T01:00:00Z' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ title: 'Walk', body: '' });
    });

    it.each([
      [{ body: 'x', due_at: '2026-06-10T01:00:00Z' }, 'title: is required'],
      [{ title: '', due_at: '2026-06-10T01:00:00Z' }, 'title: is required'],
      [{ title: 'x'.repeat(121), due_at: '2026-06-10T01:00:00Z' }, 'title: must be at most 120 characters'],
      [{ title: 'Walk' }, 'due_at: is required'],
      [{ title: 'Walk', due_at: 'tomorrow' }, 'due_at: must be an ISO 8601 date-time with offset'],
      [{ title: 'Walk', due_at: '2026-06-10T01:00:00' }, 'due_at: must be an ISO 8601 date-time with offset'],
      [{ title: 'Walk', due_at: '2026-06-09T23:00:00Z' }, 'due_at: must not be in the past'],
      [{ title: 'Walk', due_at: '2027-06-12T00:00:00Z' }, 'due_at: must be within 366 days'],
      [{ title: 'Walk', due_at: '2026-06-10T01:00:00Z', snoozed_from: 'abc' }, 'snoozed_from: must be a UUID'],
    ])('400 for %j and nothing is stored', async (payload, detail) => {
      const asha = await newUser();
      const response = await create(asha, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
      expect(await list(asha, '?include_sent=true')).toEqual([]);
    });

    it('include_sent must be true or false', async () => {
      const asha = await newUser();
      const response = await asha.request({ url: '/api/reminders?include_sent=yes' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'include_sent: must be true or false' });
    });

    it('deleting removes it; another user’s reminder answers 404 and stays', async () => {
      const asha = await newUser();
      const ben = await newUser('Ben Cole');
      const reminder = (await create(asha, { title: 'Walk', due_at: '2026-06-10T01:00:00Z' })).json();

      const foreign = await ben.request({ method: 'DELETE', url: `/api/reminders/${reminder.id}` });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ detail: 'Reminder not found' });
      expect(await list(asha)).toHaveLength(1);
      expect(await list(ben)).toEqual([]);

      const own = await asha.request({ method: 'DELETE', url: `/api/reminders/${reminder.id}` });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ ok: true });
      expect(await list(asha, '?include_sent=true')).toEqual([]);
      expect((await asha.request({ method: 'DELETE', url: `/api/reminders/${randomUUID()}` })).statusCode).toBe(404);
      expect((await asha.request({ method: 'DELETE', url: '/api/reminders/nope' })).statusCode).toBe(400);
    });
  });

  describe('upcoming and include_sent', () => {
    it('upcoming lists the next 24 hours, dose reminders included, soonest first', async () => {
      const asha = await newUser();
      const medication = await addMedication(asha);
      await create(asha, { title: 'Walk', due_at: '2026-06-10T01:00:00Z' });
      await create(asha, { title: 'Too late', due_at: '2026-06-11T00:00:00Z' }); // exactly 24 h ahead
      const next = await upcoming(asha);
      expect(next.map((r) => [r.kind, r.title, r.due_at])).toEqual([
        ['custom', 'Walk', at('2026-06-10T01:00:00Z')],
        ['dose', 'Time to take Metformin', at('2026-06-10T03:30:00Z')],
      ]);
      expect(next[1]).toMatchObject({ medication_id: medication.id, dose_date: '2026-06-10', scheduled_time: '09:00' });
      // The list has everything still to send, beyond 24 hours too.
      expect((await list(asha)).map((r) => r.title)).toEqual([
        'Walk',
        'Time to take Metformin',
        'Too late',
        'Time to take Metformin',
      ]);
    });

    it('a taken dose leaves the unsent list; include_sent still shows it, as skipped', async () => {
      const asha = await newUser();
      const medication = await addMedication(asha);
      expect((await take(asha, medication.id, '2026-06-10')).statusCode).toBe(200);
      expect((await upcoming(asha)).filter((r) => r.kind === 'dose')).toEqual([]);
      const all = await list(asha, '?include_sent=true');
      expect(all.find((r) => r.dose_date === '2026-06-10')).toMatchObject({ status: 'skipped', sent: false });
      // Undoing the dose brings its reminder back.
      const records = (await asha.request({ url: '/api/adherence' })).json();
      await asha.request({ method: 'PUT', url: `/api/adherence/${records[0].id}?status=pending` });
      expect((await upcoming(asha)).map((r) => r.dose_date)).toEqual(['2026-06-10']);
    });

    it('a deleted dose reminder is not made again by the materialiser', async () => {
      const asha = await newUser();
      await addMedication(asha);
      const [dose] = await upcoming(asha);
      expect((await asha.request({ method: 'DELETE', url: `/api/reminders/${dose!.id}` })).statusCode).toBe(200);
      await materialiseDoseReminders(t.database.db, t.clock);
      expect(await upcoming(asha)).toEqual([]);
      expect((await list(asha, '?include_sent=true')).map((r) => r.dose_date)).toEqual(['2026-06-11']);
    });
  });

  describe('snooze', () => {
    it('a snoozed dose keeps its dose, so taking it skips the snooze too', async () => {
      const asha = await newUser();
      const medication = await addMedication(asha);
      const [dose] = await upcoming(asha);
      const response = await create(asha, {
        title: 'Time to take Metformin',
        body: '500 mg tablet at 09:00',
        due_at: '2026-06-10T03:40:00Z',
        snoozed_from: dose!.id,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        kind: 'dose',
        medication_id: medication.id,
        dose_date: '2026-06-10',
        scheduled_time: '09:00',
        due_at: at('2026-06-10T03:40:00Z'),
      });
      await take(asha, medication.id, '2026-06-10');
      expect((await list(asha)).filter((r) => r.dose_date === '2026-06-10')).toEqual([]);
    });

    it('snoozing another user’s reminder answers 404 and stores nothing', async () => {
      const asha = await newUser();
      const ben = await newUser('Ben Cole');
      const reminder = (await create(asha, { title: 'Walk', due_at: '2026-06-10T01:00:00Z' })).json();
      const response = await create(ben, { title: 'Walk', due_at: '2026-06-10T01:10:00Z', snoozed_from: reminder.id });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Reminder not found' });
      expect(await list(ben, '?include_sent=true')).toEqual([]);
    });
  });

  describe('refill', () => {
    it('one refill reminder when pills left reach the threshold, not again in the same run-down', async () => {
      const asha = await newUser();
      const medication = await addMedication(asha); // 9 pills, threshold 7
      await take(asha, medication.id, '2026-06-08');
      expect((await list(asha)).filter((r) => r.kind === 'refill')).toEqual([]); // 8 left
      await take(asha, medication.id, '2026-06-09'); // 7 left: reached
      await take(asha, medication.id, '2026-06-07'); // 6 left
      const refills = (await list(asha)).filter((r) => r.kind === 'refill');
      expect(refills).toEqual([
        expect.objectContaining({
          title: 'Refill Metformin soon',
          body: 'Only 7 pills left. Time to refill.',
          due_at: NOW.toISOString(),
          medication_id: medication.id,
        }),
      ]);
    });

    it('after a refill above the threshold, the next run-down reminds again', async () => {
      const asha = await newUser();
      const medication = await addMedication(asha, {
        ...METFORMIN,
        refill_reminder: { enabled: true, pills_remaining: 8, threshold: 7 },
      });
      await take(asha, medication.id, '2026-06-08'); // 7
      await asha.request({
        method: 'PUT',
        url: `/api/medications/${medication.id}`,
        payload: { ...METFORMIN, refill_reminder: { enabled: true, pills_remaining: 8, threshold: 7 } },
      });
      await take(asha, medication.id, '2026-06-09'); // 7 again
      expect((await list(asha)).filter((r) => r.kind === 'refill')).toHaveLength(2);
    });

    it('no refill reminder when refill reminders are off', async () => {
      const asha = await newUser();
      const medication = await addMedication(asha, {
        ...METFORMIN,
        refill_reminder: { enabled: false, pills_remaining: 3, threshold: 7 },
      });
      await take(asha, medication.id, '2026-06-09');
      expect((await list(asha)).filter((r) => r.kind === 'refill')).toEqual([]);
    });
  });

  describe('appointments', () => {
    const VISIT = {
      type: 'doctor',
      title: 'Quarterly review',
      doctor: 'Dr Mehta',
      location: 'City Clinic',
      date: '2026-06-12',
      time: '10:00',
    };

    it('a booked visit has reminders a day and an hour before; cancelling removes them', async () => {
      const asha = await newUser();
      const booked = await asha.request({ method: 'POST', url: '/api/appointments', payload: VISIT });
      expect(booked.statusCode).toBe(201);
      const appointment = booked.json();
      const reminders = (await list(asha)).filter((r) => r.kind === 'appointment');
      // 10:00 in Kolkata on 12 June is 04:30Z.
      expect(reminders.map((r) => [r.title, r.body, r.due_at])).toEqual([
        ['Tomorrow: Quarterly review', '10:00 at City Clinic with Dr Mehta', at('2026-06-11T04:30:00Z')],
        ['In 1 hour: Quarterly review', '10:00 at City Clinic with Dr Mehta', at('2026-06-12T03:30:00Z')],
      ]);
      expect(reminders.every((r) => r.appointment_id === appointment.id)).toBe(true);

      await asha.request({
        method: 'PATCH',
        url: `/api/appointments/${appointment.id}`,
        payload: { status: 'cancelled' },
      });
      expect((await list(asha)).filter((r) => r.kind === 'appointment')).toEqual([]);
      await asha.request({
        method: 'PATCH',
        url: `/api/appointments/${appointment.id}`,
        payload: { status: 'upcoming' },
      });
      expect((await list(asha)).filter((r) => r.kind === 'appointment')).toHaveLength(2);
    });

    it('a visit in less than a day gets only the reminder still ahead', async () => {
      const asha = await newUser();
      await asha.request({ method: 'POST', url: '/api/appointments', payload: { ...VISIT, date: '2026-06-10' } });
      expect((await list(asha)).filter((r) => r.kind === 'appointment').map((r) => r.title)).toEqual([
        'In 1 hour: Quarterly review',
      ]);
    });
  });
});
