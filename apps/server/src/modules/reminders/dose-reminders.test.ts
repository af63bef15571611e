/** A medication's dose reminders in a window (dose-reminders.ts), pure: local times in the user's zone. */
import { describe, expect, it } from 'vitest';
import { DOSE_WINDOW_MS } from './constants.ts';
import { doseDedupeKey, doseRemindersFor, type MedicationRow } from './dose-reminders.ts';

const medication = {
  id: '00000000-0000-4000-8000-000000000001',
  user_id: '00000000-0000-4000-8000-000000000002',
  name: 'Metformin',
  dosage: '500 mg',
  form: 'tablet',
  when_to_take: 'after food',
  frequency: 'daily',
  times: ['08:00', '20:00'],
  weekdays: [],
  start_date: '2026-11-01',
  archived_at: null,
  created_at: new Date('2026-11-01T00:00:00Z'),
} as unknown as MedicationRow;

describe('dose reminders', () => {
  it("fall at each dose's local time in the user's zone, within the window's half-open bounds", () => {
    const from = new Date('2026-11-20T18:30:00Z'); // 00:00 on 21 November in Kolkata
    const to = new Date('2026-11-21T18:30:00Z');
    const rows = doseRemindersFor(medication, 'Asia/Kolkata', from, to);
    expect(rows.map((row) => [row.dose_date, row.scheduled_time, (row.due_at as Date).toISOString()])).toEqual([
      ['2026-11-21', '08:00', '2026-11-21T02:30:00.000Z'],
      ['2026-11-21', '20:00', '2026-11-21T14:30:00.000Z'],
    ]);
    expect(rows[0]!.dedupe_key).toBe(doseDedupeKey(medication.id, '2026-11-21', '08:00'));
    expect((rows[0]!.expires_at as Date).getTime() - (rows[0]!.due_at as Date).getTime()).toBe(DOSE_WINDOW_MS);
  });

  it('follow the zone across a DST change: 08:00 in New York is 13:00 UTC before and 12:00 UTC after', () => {
    const rows = doseRemindersFor(
      { ...medication, times: ['08:00'], created_at: new Date('2026-01-01T00:00:00Z'), start_date: '2026-01-01' },
      'America/New_York',
      new Date('2026-03-07T00:00:00Z'),
      new Date('2026-03-09T00:00:00Z'),
    );
    expect(rows.map((row) => (row.due_at as Date).toISOString())).toEqual([
      '2026-03-07T13:00:00.000Z',
      '2026-03-08T12:00:00.000Z',
    ]);
  });

  it('are none for an archived or as-needed medicine, nor for a dose before the medicine was added', () => {
    const window = [new Date('2026-11-20T18:30:00Z'), new Date('2026-11-21T18:30:00Z')] as const;
    expect(doseRemindersFor({ ...medication, archived_at: new Date() }, 'Asia/Kolkata', ...window)).toEqual([]);
    expect(doseRemindersFor({ ...medication, frequency: 'as-needed' }, 'Asia/Kolkata', ...window)).toEqual([]);
    const addedAtNoon = { ...medication, created_at: new Date('2026-11-21T06:30:00Z') };
    expect(doseRemindersFor(addedAtNoon, 'Asia/Kolkata', ...window).map((row) => row.scheduled_time)).toEqual([
      '20:00',
    ]);
  });
});
