/**
 * Dose reminders materialised from schedules (docs/architecture.md): at the
 * dose's local clock time in the user's IANA zone, across DST changes, with an injected clock.
 * The medications are added through the API, whose hooks materialise the next 48 hours at
 * once; `materialiseDoseReminders` is the loop's pass over every user.
 */
import type { MedicationInput } from '@diacare/contract/medications';
import type { Reminder } from '@diacare/contract/reminders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialiseDoseReminders } from '../src/modules/reminders/reminder.service.ts';
import { zonedInstant } from '@diacare/contract/dates';
import { DRIVERS, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';

const KOLKATA = 'Asia/Kolkata';
const NEW_YORK = 'America/New_York';

function metformin(schedule: Partial<MedicationInput['schedule']>): MedicationInput {
  return {
    name: 'Metformin',
    dosage: '500 mg',
    form: 'Tablet',
    color: '#FF6B6B',
    schedule: { frequency: 'daily', times: ['09:00'], start_date: '2026-01-01', end_date: null, ...schedule },
    refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
  };
}

describe('wall-clock instants', () => {
  it('a time in the spring-forward gap is the first instant after it', () => {
    // New York, 2026-03-08: 02:00 EST jumps to 03:00 EDT (07:00Z).
    expect(zonedInstant('2026-03-08', '02:30', NEW_YORK).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(zonedInstant('2026-03-08', '02:00', NEW_YORK).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(zonedInstant('2026-03-08', '01:59', NEW_YORK).toISOString()).toBe('2026-03-08T06:59:00.000Z');
    // Europe/London, 2026-03-29: 01:00 GMT jumps to 02:00 BST (01:00Z).
    expect(zonedInstant('2026-03-29', '01:30', 'Europe/London').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // Lord Howe moves by 30 minutes: 02:00 +10:30 jumps to 02:30 +11:00 (15:30Z).
    expect(zonedInstant('2026-10-04', '02:15', 'Australia/Lord_Howe').toISOString()).toBe('2026-10-03T15:30:00.000Z');
  });

  it('a repeated time is its first occurrence, east and west of UTC', () => {
    // New York, 2026-11-01: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(zonedInstant('2026-11-01', '01:30', NEW_YORK).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // London, 2026-10-25: 01:30 happens at 00:30Z (BST) and again at 01:30Z (GMT).
    expect(zonedInstant('2026-10-25', '01:30', 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('an ordinary time is the zone’s offset away from UTC', () => {
    expect(zonedInstant('2026-06-10', '09:00', KOLKATA).toISOString()).toBe('2026-06-10T03:30:00.000Z');
    expect(zonedInstant('2026-06-10', '09:00', NEW_YORK).toISOString()).toBe('2026-06-10T13:00:00.000Z');
  });
});

describe.each(DRIVERS)('dose reminders on %s', (driver) => {
  let t: TestApp;
  let userCounter = 0;
  const newUser = (timezone = KOLKATA) =>
    signIn(t.app, { name: 'Asha Rao', email: `schedule${++userCounter}@example.com`, timezone });

  async function addMedication(user: SignedInUser, payload: MedicationInput): Promise<{ id: string }> {
    const response = await user.request({ method: 'POST', url: '/api/medications', payload });
    expect(response.statusCode).toBe(201);
    return response.json();
  }
  const doseReminders = async (user: SignedInUser, query = ''): Promise<Reminder[]> =>
    ((await user.request({ url: `/api/reminders${query}` })).json() as Reminder[]).filter((r) => r.kind === 'dose');
  const dueTimes = async (user: SignedInUser) => (await doseReminders(user)).map((r) => r.due_at);

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('daily 09:00 in Asia/Kolkata is due at 03:30Z, for the next 48 hours', async () => {
    t.clock.set(new Date('2026-06-10T00:00:00Z')); // 05:30 in Kolkata
    const asha = await newUser();
    const medication = await addMedication(asha, metformin({ times: ['09:00'] }));
    const reminders = await doseReminders(asha);
    expect(reminders).toEqual([
      expect.objectContaining({
        kind: 'dose',
        medication_id: medication.id,
        dose_date: '2026-06-10',
        scheduled_time: '09:00',
        due_at: '2026-06-10T03:30:00.000Z',
        title: 'Time to take Metformin',
        body: '500 mg tablet at 09:00',
        sent: false,
        status: 'pending',
      }),
      expect.objectContaining({ dose_date: '2026-06-11', due_at: '2026-06-11T03:30:00.000Z' }),
    ]);
  });

  it('a dose two minutes ahead is made at once; a time already past today is not', async () => {
    t.clock.set(new Date('2026-06-10T03:28:00Z')); // 08:58 in Kolkata
    const asha = await newUser();
    await addMedication(asha, metformin({ times: ['08:00', '09:00'] }));
    expect(await dueTimes(asha)).toEqual([
      '2026-06-10T03:30:00.000Z', // 09:00 today, two minutes ahead
      '2026-06-11T02:30:00.000Z', // 08:00 tomorrow (today's 08:00 has passed)
      '2026-06-11T03:30:00.000Z',
      '2026-06-12T02:30:00.000Z', // 08:00 the day after, still inside 48 hours
    ]);
  });

  it('a weekly schedule makes reminders on its weekdays only', async () => {
    t.clock.set(new Date('2026-06-07T20:00:00Z')); // Monday 2026-06-08, 01:30 in Kolkata
    const asha = await newUser();
    await addMedication(asha, metformin({ frequency: 'weekly', weekdays: [1, 3], times: ['08:00'] }));
    await materialiseDoseReminders(t.database.db, t.clock, { horizonHours: 24 * 14 });
    const dates = (await doseReminders(asha)).map((r) => r.dose_date);
    // Mondays and Wednesdays of two weeks.
    expect(dates).toEqual(['2026-06-08', '2026-06-10', '2026-06-15', '2026-06-17']);
  });

  it('a weekly schedule without weekdays runs on its start date’s weekday', async () => {
    t.clock.set(new Date('2026-06-07T20:00:00Z'));
    const asha = await newUser();
    await addMedication(asha, metformin({ frequency: 'weekly', times: ['08:00'], start_date: '2026-06-11' }));
    await materialiseDoseReminders(t.database.db, t.clock, { horizonHours: 24 * 14 });
    expect((await doseReminders(asha)).map((r) => r.dose_date)).toEqual(['2026-06-11', '2026-06-18']);
  });

  it('America/New_York spring-forward: 02:30 fires at 03:00 EDT, the next day at 02:30 EDT', async () => {
    t.clock.set(new Date('2026-03-07T12:00:00Z')); // 07:00 EST on Saturday
    const ben = await newUser(NEW_YORK);
    await addMedication(ben, metformin({ times: ['02:30'] }));
    expect(await doseReminders(ben)).toEqual([
      expect.objectContaining({ dose_date: '2026-03-08', scheduled_time: '02:30', due_at: '2026-03-08T07:00:00.000Z' }),
      expect.objectContaining({ dose_date: '2026-03-09', scheduled_time: '02:30', due_at: '2026-03-09T06:30:00.000Z' }),
    ]);
  });

  it('America/New_York fall-back: the repeated 01:30 fires once, at its first occurrence', async () => {
    t.clock.set(new Date('2026-10-31T12:00:00Z'));
    const ben = await newUser(NEW_YORK);
    await addMedication(ben, metformin({ times: ['01:30'] }));
    // The loop runs again between the two occurrences of 01:30.
    t.clock.set(new Date('2026-11-01T06:00:00Z')); // 01:00 EST, the second 01:00
    await materialiseDoseReminders(t.database.db, t.clock);
    const reminders = await doseReminders(ben);
    expect(reminders.filter((r) => r.dose_date === '2026-11-01')).toEqual([
      expect.objectContaining({ due_at: '2026-11-01T05:30:00.000Z' }),
    ]);
    expect(reminders.find((r) => r.dose_date === '2026-11-02')?.due_at).toBe('2026-11-02T06:30:00.000Z');
  });

  it('materialising again makes no duplicates', async () => {
    t.clock.set(new Date('2026-06-10T00:00:00Z'));
    const asha = await newUser();
    await addMedication(asha, metformin({ times: ['09:00', '21:00'] }));
    const before = await dueTimes(asha);
    expect(before).toHaveLength(4);
    await materialiseDoseReminders(t.database.db, t.clock);
    await materialiseDoseReminders(t.database.db, t.clock);
    expect(await dueTimes(asha)).toEqual(before);
  });

  it('editing a medication rewrites its future reminders at once', async () => {
    t.clock.set(new Date('2026-06-10T00:00:00Z'));
    const asha = await newUser();
    const medication = await addMedication(asha, metformin({ times: ['09:00'] }));
    const response = await asha.request({
      method: 'PUT',
      url: `/api/medications/${medication.id}`,
      payload: { ...metformin({ times: ['10:00', '21:00'] }), name: 'Metformin XR' },
    });
    expect(response.statusCode).toBe(200);
    const reminders = await doseReminders(asha);
    expect(reminders.map((r) => [r.dose_date, r.scheduled_time, r.title])).toEqual([
      ['2026-06-10', '10:00', 'Time to take Metformin XR'],
      ['2026-06-10', '21:00', 'Time to take Metformin XR'],
      ['2026-06-11', '10:00', 'Time to take Metformin XR'],
      ['2026-06-11', '21:00', 'Time to take Metformin XR'],
    ]);
  });

  it('switching to as-needed, or deleting, removes the future reminders', async () => {
    t.clock.set(new Date('2026-06-10T00:00:00Z'));
    const asha = await newUser();
    const first = await addMedication(asha, metformin({ times: ['09:00'] }));
    const second = await addMedication(asha, { ...metformin({ times: ['20:00'] }), name: 'Glimepiride' });
    expect(await dueTimes(asha)).toHaveLength(4);

    await asha.request({
      method: 'PUT',
      url: `/api/medications/${first.id}`,
      payload: metformin({ frequency: 'as-needed', times: [] }),
    });
    expect((await doseReminders(asha)).every((r) => r.medication_id === second.id)).toBe(true);

    expect((await asha.request({ method: 'DELETE', url: `/api/medications/${second.id}` })).statusCode).toBe(200);
    await materialiseDoseReminders(t.database.db, t.clock);
    expect(await doseReminders(asha)).toEqual([]);
  });

  it('an as-needed medication makes no reminders', async () => {
    t.clock.set(new Date('2026-06-10T00:00:00Z'));
    const asha = await newUser();
    await addMedication(asha, metformin({ frequency: 'as-needed', times: [] }));
    await materialiseDoseReminders(t.database.db, t.clock);
    expect(await doseReminders(asha, '?include_sent=true')).toEqual([]);
  });

  it('a schedule starting later makes nothing before its start date', async () => {
    t.clock.set(new Date('2026-06-10T00:00:00Z'));
    const asha = await newUser();
    await addMedication(asha, metformin({ times: ['09:00'], start_date: '2026-06-11' }));
    expect((await doseReminders(asha)).map((r) => r.dose_date)).toEqual(['2026-06-11']);
  });
});
