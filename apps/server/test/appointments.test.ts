/**
 * Appointments API.
 * The clock is fixed at 2026-11-20T20:00:00Z: that is already 01:30 on Saturday
 * 2026-11-21 in Asia/Kolkata (UTC+05:30) but still 15:00 on Friday 2026-11-20 in
 * America/New_York (UTC−05:00 since 1 November), so "today" differs between the two users.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';

const NOW = new Date('2026-11-20T20:00:00.000Z');
const KOLKATA = 'Asia/Kolkata';
const NEW_YORK = 'America/New_York';

const CHECK_UP = {
  type: 'doctor',
  title: 'Quarterly diabetes review',
  doctor: 'Dr Mehta',
  location: 'City Clinic, MG Road',
  date: '2026-11-21',
  time: '09:00',
  notes: 'Bring the glucose diary',
};

const HBA1C = {
  type: 'lab',
  title: 'HbA1c',
  location: 'Apollo Diagnostics',
  date: '2026-11-23',
  time: '07:30',
};

describe.each(DRIVERS)('appointments on %s', (driver) => {
  let t: TestApp;
  let userCounter = 0;
  /** A fresh user for each test, so one test's bookings never show in another's list. */
  const newUser = (name: string, timezone = KOLKATA) =>
    signIn(t.app, { name, email: `appointments${++userCounter}@example.com`, timezone });
  const book = (user: SignedInUser, payload: unknown) =>
    user.request({ method: 'POST', url: '/api/appointments', payload });
  const list = async (user: SignedInUser) => (await user.request({ url: '/api/appointments' })).json();
  const setStatus = (user: SignedInUser, id: string, status: unknown) =>
    user.request({ method: 'PATCH', url: `/api/appointments/${id}`, payload: { status } });

  beforeAll(async () => {
    t = await createTestApp(driver, { clock: createTestClock(NOW) });
  });
  afterAll(() => t.close());

  describe('booking', () => {
    it('a booked doctor visit is upcoming and starts at its date and time in the user’s zone', async () => {
      const asha = await newUser('Asha Rao');
      const response = await book(asha, CHECK_UP);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        ...CHECK_UP,
        status: 'upcoming',
        // 09:00 in Kolkata is 03:30 UTC.
        starts_at: '2026-11-21T03:30:00.000Z',
      });
      expect(await list(asha)).toEqual([response.json()]);
    });

    it('the same wall-clock time booked from New York starts at a different instant', async () => {
      const ben = await newUser('Ben Cole', NEW_YORK);
      const response = await book(ben, CHECK_UP);
      expect(response.statusCode).toBe(201);
      // 09:00 EST (UTC−05:00) is 14:00 UTC.
      expect(response.json()).toMatchObject({
        date: '2026-11-21',
        time: '09:00',
        starts_at: '2026-11-21T14:00:00.000Z',
      });
    });

    it('status upcoming may be sent at booking, and notes default to empty', async () => {
      const asha = await newUser('Asha Rao');
      const response = await book(asha, { ...HBA1C, status: 'upcoming' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ status: 'upcoming', notes: '', doctor: null });
    });

    it('a lab test booked with a doctor name is stored without the doctor', async () => {
      const asha = await newUser('Asha Rao');
      const response = await book(asha, { ...HBA1C, doctor: 'Dr Mehta' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ type: 'lab', title: 'HbA1c', doctor: null });
      expect((await list(asha))[0]).toMatchObject({ doctor: null });
    });

    it('a doctor visit without a doctor name is booked with doctor null', async () => {
      const asha = await newUser('Asha Rao');
      const { doctor: _omitted, ...withoutDoctor } = CHECK_UP;
      const response = await book(asha, withoutDoctor);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ type: 'doctor', doctor: null });
    });

    it('notes of exactly 1000 characters are accepted', async () => {
      const asha = await newUser('Asha Rao');
      const response = await book(asha, { ...CHECK_UP, notes: 'n'.repeat(1000) });
      expect(response.statusCode).toBe(201);
      expect(response.json().notes).toHaveLength(1000);
    });

    it('the list is soonest first, by date and then time', async () => {
      const asha = await newUser('Asha Rao');
      const bookings = [
        { ...CHECK_UP, title: 'December review', date: '2026-12-05', time: '10:00' },
        { ...HBA1C, title: 'Lipid profile', date: '2026-11-22', time: '08:15' },
        { ...HBA1C, title: 'Fasting glucose', date: '2026-11-22', time: '07:30' },
        { ...CHECK_UP, title: 'Eye check', date: '2026-11-21', time: '18:00' },
      ];
      for (const booking of bookings) expect((await book(asha, booking)).statusCode).toBe(201);
      const titles = (await list(asha)).map((a: { title: string }) => a.title);
      expect(titles).toEqual(['Eye check', 'Fasting glucose', 'Lipid profile', 'December review']);
    });
  });

  describe('validation', () => {
    const { location: _location, ...withoutLocation } = CHECK_UP;
    it.each([
      ['an unknown type', { ...CHECK_UP, type: 'dentist' }, 'type'],
      ['a blank title', { ...CHECK_UP, title: '   ' }, 'title'],
      ['no location', withoutLocation, 'location'],
      ['a date that does not exist', { ...CHECK_UP, date: '2026-02-30' }, 'date'],
      ['a date in another format', { ...CHECK_UP, date: '21/11/2026' }, 'date'],
      ['an hour past 23', { ...CHECK_UP, time: '25:00' }, 'time'],
      ['notes longer than 1000 characters', { ...CHECK_UP, notes: 'n'.repeat(1001) }, 'notes'],
      ['status completed at booking', { ...CHECK_UP, status: 'completed' }, 'status'],
    ])(
      'a booking with %s is refused with 400 naming the field, and nothing is stored',
      async (_case, payload, field) => {
        const asha = await newUser('Asha Rao');
        const response = await book(asha, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toMatch(new RegExp(`^${field}: `));
        expect(await list(asha)).toEqual([]);
      },
    );
  });

  describe('the date may not be before today in the user’s zone', () => {
    it('a Kolkata user, already on 21 November, cannot book 20 November', async () => {
      const asha = await newUser('Asha Rao', KOLKATA);
      const response = await book(asha, { ...CHECK_UP, date: '2026-11-20', time: '23:00' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'date: must be today or later' });
      expect(await list(asha)).toEqual([]);
    });

    it('a New York user, still on 20 November, can book 20 November', async () => {
      const ben = await newUser('Ben Cole', NEW_YORK);
      const response = await book(ben, { ...CHECK_UP, date: '2026-11-20', time: '17:00' });
      expect(response.statusCode).toBe(201);
      // 17:00 EST is 22:00 UTC.
      expect(response.json()).toMatchObject({ date: '2026-11-20', starts_at: '2026-11-20T22:00:00.000Z' });
    });

    it('both users can book 21 November', async () => {
      const asha = await newUser('Asha Rao', KOLKATA);
      const ben = await newUser('Ben Cole', NEW_YORK);
      expect((await book(asha, { ...CHECK_UP, date: '2026-11-21' })).statusCode).toBe(201);
      expect((await book(ben, { ...CHECK_UP, date: '2026-11-21' })).statusCode).toBe(201);
    });

    it('a New York user cannot book 19 November', async () => {
      const ben = await newUser('Ben Cole', NEW_YORK);
      const response = await book(ben, { ...CHECK_UP, date: '2026-11-19' });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^date: /);
    });
  });

  describe('changing the status', () => {
    it('an appointment can be cancelled, marked completed and restored to upcoming', async () => {
      const asha = await newUser('Asha Rao');
      const booked = (await book(asha, CHECK_UP)).json();
      for (const status of ['cancelled', 'completed', 'upcoming']) {
        const response = await setStatus(asha, booked.id, status);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ ...booked, status });
        expect(await list(asha)).toEqual([{ ...booked, status }]);
      }
    });

    it('an unknown status is refused with 400 naming the field and the appointment is unchanged', async () => {
      const asha = await newUser('Asha Rao');
      const booked = (await book(asha, CHECK_UP)).json();
      const response = await setStatus(asha, booked.id, 'postponed');
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^status: /);
      expect(await list(asha)).toEqual([booked]);
    });

    it('an id that matches no appointment gives 404', async () => {
      const asha = await newUser('Asha Rao');
      const response = await setStatus(asha, randomUUID(), 'cancelled');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Appointment not found' });
    });

    it('an id that is not a UUID gives 400 naming the id', async () => {
      const asha = await newUser('Asha Rao');
      const response = await setStatus(asha, 'not-a-uuid', 'cancelled');
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^id: /);
    });
  });

  it('Asha’s appointments are hers alone: Ben cannot see them or change them', async () => {
    const asha = await newUser('Asha Rao');
    const ben = await newUser('Ben Cole', NEW_YORK);
    const ashas = (await book(asha, CHECK_UP)).json();
    const bens = (await book(ben, HBA1C)).json();

    // Ben lists only his own booking.
    expect(await list(ben)).toEqual([bens]);

    // Ben tries to cancel Asha's visit: it does not exist for him.
    const attempt = await setStatus(ben, ashas.id, 'cancelled');
    expect(attempt.statusCode).toBe(404);

    // Asha's visit is still upcoming, and her list holds only it.
    expect(await list(asha)).toEqual([ashas]);
    expect(ashas.status).toBe('upcoming');
  });
});
