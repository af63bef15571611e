/**
 * Today's doses, dose status and adherence statistics. Calendar facts used
 * below: 2026-11-01 is a Sunday, 2026-11-21 a Saturday.
 */
import { describe, expect, it } from 'vitest';
import {
  adherenceStats,
  dailyAdherence,
  doseKey,
  doseStatus,
  doseRecordRefusal,
  dosesOn,
  indexByDose,
  isDoseExpected,
  isScheduledOn,
  pillsBand,
  progressPercent,
  sumAdherence,
} from './dose-rules.ts';
import type { AdherenceRecord, AdherenceStatus, Medication } from './medications.ts';
import { localDate, localTime } from './dates.ts';

let nextId = 0;

/** A daily 09:00 medication started on 2026-11-01; `schedule` fields override. */
function medication(name: string, schedule: Partial<Medication['schedule']> = {}): Medication {
  nextId += 1;
  return {
    id: `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    name,
    dosage: '500 mg',
    form: 'Tablet',
    instructions: '',
    color: '#FF6B6B',
    when_to_take: null,
    schedule: {
      frequency: 'daily',
      times: ['09:00'],
      weekdays: [],
      start_date: '2026-11-01',
      end_date: null,
      ...schedule,
    },
    refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
    insulin_type: null,
    created_at: '2026-10-01T00:00:00.000Z',
  };
}

function record(status: AdherenceStatus, overrides: Partial<AdherenceRecord> = {}): AdherenceRecord {
  return {
    id: '10000000-0000-4000-8000-000000000001',
    medication_id: '00000000-0000-4000-8000-000000000001',
    scheduled_time: '09:00',
    taken_time: status === 'taken' ? '09:05' : null,
    date: '2026-11-21',
    status,
    ...overrides,
  };
}

/** The zone of these tests: none of their medicines was added after its doses. */
const ZONE = 'Asia/Kolkata';

const summary = (doses: ReturnType<typeof dosesOn>) => doses.map((d) => `${d.scheduled_time} ${d.medication.name}`);

describe("today's doses", () => {
  it('a daily medication gives one dose per reminder time', () => {
    const metformin = medication('Metformin', { times: ['08:00', '20:00'] });
    expect(summary(dosesOn([metformin], '2026-11-21', ZONE))).toEqual(['08:00 Metformin', '20:00 Metformin']);
  });

  it('doses of several medications are sorted by time, then by name when times are equal', () => {
    const metformin = medication('Metformin', { times: ['20:00', '08:00'] });
    const glimepiride = medication('Glimepiride', { times: ['07:30'] });
    const insulin = medication('Insulin glargine', { times: ['08:00', '22:00'] });
    expect(summary(dosesOn([metformin, glimepiride, insulin], '2026-11-21', ZONE))).toEqual([
      '07:30 Glimepiride',
      '08:00 Insulin glargine',
      '08:00 Metformin',
      '20:00 Metformin',
      '22:00 Insulin glargine',
    ]);
  });

  it('each dose carries its whole medication, so the card can show dosage and instructions', () => {
    const metformin = medication('Metformin');
    expect(dosesOn([metformin], '2026-11-21', ZONE)).toEqual([{ medication: metformin, scheduled_time: '09:00' }]);
  });

  it('a medication has no doses before its start date and has them from the start date on', () => {
    const metformin = medication('Metformin', { start_date: '2026-11-21' });
    expect(dosesOn([metformin], '2026-11-20', ZONE)).toEqual([]);
    expect(summary(dosesOn([metformin], '2026-11-21', ZONE))).toEqual(['09:00 Metformin']);
    expect(summary(dosesOn([metformin], '2027-01-01', ZONE))).toEqual(['09:00 Metformin']);
  });

  it('a weekly medication with chosen weekdays appears only on those ISO weekdays', () => {
    // Monday (1) and Wednesday (3), starting on Sunday 2026-11-01.
    const injection = medication('Semaglutide', { frequency: 'weekly', weekdays: [1, 3] });
    expect(isScheduledOn(injection, '2026-11-01')).toBe(false); // Sunday, the start date itself
    expect(isScheduledOn(injection, '2026-11-02')).toBe(true); // Monday
    expect(isScheduledOn(injection, '2026-11-03')).toBe(false); // Tuesday
    expect(isScheduledOn(injection, '2026-11-04')).toBe(true); // Wednesday
    expect(isScheduledOn(injection, '2026-11-08')).toBe(false); // Sunday
    expect(isScheduledOn(injection, '2026-11-09')).toBe(true); // Monday
    expect(summary(dosesOn([injection], '2026-11-04', ZONE))).toEqual(['09:00 Semaglutide']);
    expect(dosesOn([injection], '2026-11-05', ZONE)).toEqual([]);
  });

  it("a weekly medication without weekdays runs on its start date's weekday", () => {
    // Starts on Saturday 2026-11-21.
    const vitamin = medication('Vitamin D3', { frequency: 'weekly', weekdays: [], start_date: '2026-11-21' });
    expect(isScheduledOn(vitamin, '2026-11-14')).toBe(false); // a Saturday before the start
    expect(isScheduledOn(vitamin, '2026-11-21')).toBe(true);
    expect(isScheduledOn(vitamin, '2026-11-22')).toBe(false);
    expect(isScheduledOn(vitamin, '2026-11-27')).toBe(false);
    expect(isScheduledOn(vitamin, '2026-11-28')).toBe(true);
    expect(isScheduledOn(vitamin, '2026-12-05')).toBe(true);
  });

  it('an as-needed medication never gives a scheduled dose', () => {
    const painRelief = medication('Paracetamol', { frequency: 'as-needed', times: [] });
    const withTimes = medication('Glucose gel', { frequency: 'as-needed', times: ['12:00'] });
    expect(dosesOn([painRelief, withTimes], '2026-11-21', ZONE)).toEqual([]);
  });

  it('no medications give no doses', () => {
    expect(dosesOn([], '2026-11-21', ZONE)).toEqual([]);
  });
});

describe('dose status', () => {
  it('a dose whose record says taken is taken, even long after its time', () => {
    expect(doseStatus(record('taken'), '09:00', '23:59')).toBe('taken');
    expect(doseStatus(record('taken'), '09:00', '08:00')).toBe('taken');
  });

  it('a dose without a record is overdue once the time of day is after its scheduled time', () => {
    expect(doseStatus(undefined, '09:00', '09:01')).toBe('overdue');
    expect(doseStatus(undefined, '09:00', '21:00')).toBe('overdue');
  });

  it('a dose without a record is pending at or before its scheduled time', () => {
    expect(doseStatus(undefined, '09:00', '09:00')).toBe('pending');
    expect(doseStatus(undefined, '09:00', '08:59')).toBe('pending');
    expect(doseStatus(undefined, '21:00', '00:00')).toBe('pending');
  });

  it('a dose whose record says pending is not taken', () => {
    expect(doseStatus(record('pending'), '09:00', '08:00')).toBe('pending');
    expect(doseStatus(record('pending'), '09:00', '10:00')).toBe('overdue');
  });

  it("the dose index finds a record by its medication, date and time, and not another day's", () => {
    const taken = record('taken', { medication_id: 'm1', date: '2026-11-21', scheduled_time: '09:00' });
    const index = indexByDose([taken]);
    expect(index.get(doseKey('m1', '2026-11-21', '09:00'))).toBe(taken);
    expect(index.get(doseKey('m1', '2026-11-20', '09:00'))).toBeUndefined();
    expect(index.get(doseKey('m1', '2026-11-21', '21:00'))).toBeUndefined();
    expect(index.get(doseKey('m2', '2026-11-21', '09:00'))).toBeUndefined();
  });
});

describe('adherence statistics', () => {
  const statuses = (...list: AdherenceStatus[]) => list.map((status) => ({ status }));

  it('pending records are left out of the count', () => {
    expect(adherenceStats(statuses('taken', 'pending', 'pending'))).toEqual({ taken: 1, total: 1, percent: 100 });
  });

  it('skipped and missed doses count as scheduled but not taken', () => {
    expect(adherenceStats(statuses('taken', 'skipped', 'missed', 'taken'))).toEqual({
      taken: 2,
      total: 4,
      percent: 50,
    });
  });

  it('the percentage is rounded to a whole number: 2 of 3 is 67 and 1 of 3 is 33', () => {
    expect(adherenceStats(statuses('taken', 'taken', 'missed'))).toEqual({ taken: 2, total: 3, percent: 67 });
    expect(adherenceStats(statuses('taken', 'skipped', 'missed'))).toEqual({ taken: 1, total: 3, percent: 33 });
  });

  it('no records, or only pending ones, give no percentage rather than NaN', () => {
    expect(adherenceStats([])).toEqual({ taken: 0, total: 0, percent: null });
    expect(adherenceStats(statuses('pending', 'pending'))).toEqual({ taken: 0, total: 0, percent: null });
  });

  it('nothing taken is 0 percent', () => {
    expect(adherenceStats(statuses('missed', 'skipped'))).toEqual({ taken: 0, total: 2, percent: 0 });
  });

  it("Home's progress is taken of today's doses, and 0 when there are none", () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(1, 4)).toBe(25);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(3, 3)).toBe(100);
  });
});

describe('pills left', () => {
  it('under 7 pills is red with an alert', () => {
    expect(pillsBand(0)).toEqual({ band: 'red', alert: true });
    expect(pillsBand(6)).toEqual({ band: 'red', alert: true });
  });

  it('7 to 13 pills is orange with an alert', () => {
    expect(pillsBand(7)).toEqual({ band: 'orange', alert: true });
    expect(pillsBand(13)).toEqual({ band: 'orange', alert: true });
  });

  it('14 pills or more is green without an alert', () => {
    expect(pillsBand(14)).toEqual({ band: 'green', alert: false });
    expect(pillsBand(30)).toEqual({ band: 'green', alert: false });
  });
});

describe('daily adherence for the reports', () => {
  /** A recorded dose of `medication` (the record's id does not matter to the rule). */
  const dose = (medication: Medication | string, date: string, scheduled_time: string, status: AdherenceStatus) =>
    record(status, {
      medication_id: typeof medication === 'string' ? medication : medication.id,
      date,
      scheduled_time,
    });
  const byDate = (days: ReturnType<typeof dailyAdherence>) =>
    Object.fromEntries(days.map(({ date, ...stats }) => [date, stats]));

  it("scheduled doses without a record are missed on past days, and today's later doses are left out", () => {
    const metformin = medication('Metformin', { times: ['09:00', '21:00'] });
    const records = [
      dose(metformin, '2026-11-19', '09:00', 'taken'),
      dose(metformin, '2026-11-20', '09:00', 'taken'),
      dose(metformin, '2026-11-20', '21:00', 'taken'),
      dose(metformin, '2026-11-21', '09:00', 'taken'),
    ];
    const days = dailyAdherence(
      [metformin],
      records,
      ['2026-11-19', '2026-11-20', '2026-11-21'],
      '2026-11-21',
      '12:00',
      ZONE,
    );
    expect(days.map((day) => day.date)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
    expect(byDate(days)).toEqual({
      // 21:00 on the 19th has no record: missed. 1 of 2.
      '2026-11-19': { taken: 1, total: 2, percent: 50 },
      '2026-11-20': { taken: 2, total: 2, percent: 100 },
      // It is 12:00 on the 21st: 21:00 is still to come, so it is pending and not counted.
      '2026-11-21': { taken: 1, total: 1, percent: 100 },
    });
  });

  it("today's dose counts as missed only once its time has passed", () => {
    const metformin = medication('Metformin', { times: ['09:00', '21:00'] });
    const today = (nowTime: string) => dailyAdherence([metformin], [], ['2026-11-21'], '2026-11-21', nowTime, ZONE)[0];
    expect(today('08:59')).toEqual({ date: '2026-11-21', taken: 0, total: 0, percent: null });
    expect(today('09:00')).toEqual({ date: '2026-11-21', taken: 0, total: 0, percent: null });
    expect(today('09:01')).toEqual({ date: '2026-11-21', taken: 0, total: 1, percent: 0 });
    expect(today('21:01')).toEqual({ date: '2026-11-21', taken: 0, total: 2, percent: 0 });
  });

  it('a dose taken early today counts even before its time', () => {
    const metformin = medication('Metformin', { times: ['21:00'] });
    const records = [dose(metformin, '2026-11-21', '21:00', 'taken')];
    expect(dailyAdherence([metformin], records, ['2026-11-21'], '2026-11-21', '12:00', ZONE)).toEqual([
      { date: '2026-11-21', taken: 1, total: 1, percent: 100 },
    ]);
  });

  it('recorded doses of a medication no longer listed still count, taken or not', () => {
    const metformin = medication('Metformin');
    const deletedId = '00000000-0000-4000-8000-00000000dead';
    const records = [
      dose(metformin, '2026-11-20', '09:00', 'taken'),
      dose(deletedId, '2026-11-20', '08:00', 'taken'),
      dose(deletedId, '2026-11-20', '20:00', 'skipped'),
    ];
    expect(dailyAdherence([metformin], records, ['2026-11-20'], '2026-11-21', '12:00', ZONE)).toEqual([
      // Metformin 09:00 taken, the deleted one's 08:00 taken and 20:00 skipped: 2 of 3.
      { date: '2026-11-20', taken: 2, total: 3, percent: 67 },
    ]);
  });

  it('a weekly medication is due only on its weekdays', () => {
    // Mondays only; 2026-11-16 is a Monday, the window runs Sunday 15th to Saturday 21st.
    const injection = medication('Semaglutide', { frequency: 'weekly', weekdays: [1], times: ['08:00'] });
    const week = ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];
    const missed = dailyAdherence([injection], [], week, '2026-11-21', '12:00', ZONE);
    expect(missed.map((day) => day.percent)).toEqual([null, 0, null, null, null, null, null]);
    expect(missed[1]).toEqual({ date: '2026-11-16', taken: 0, total: 1, percent: 0 });

    const taken = dailyAdherence(
      [injection],
      [dose(injection, '2026-11-16', '08:00', 'taken')],
      week,
      '2026-11-21',
      '12:00',
      ZONE,
    );
    expect(taken[1]).toEqual({ date: '2026-11-16', taken: 1, total: 1, percent: 100 });
  });

  it('no doses are due before the start date, and an as-needed medication only counts what was logged', () => {
    const metformin = medication('Metformin', { start_date: '2026-11-20' });
    const painRelief = medication('Paracetamol', { frequency: 'as-needed', times: [] });
    const records = [dose(painRelief, '2026-11-19', '14:00', 'taken')];
    expect(
      byDate(
        dailyAdherence([metformin, painRelief], records, ['2026-11-19', '2026-11-20'], '2026-11-21', '12:00', ZONE),
      ),
    ).toEqual({
      // Metformin had not started; the logged Paracetamol dose is the only one.
      '2026-11-19': { taken: 1, total: 1, percent: 100 },
      // Metformin's 09:00 is missed.
      '2026-11-20': { taken: 0, total: 1, percent: 0 },
    });
  });

  it('a record marked pending is left out, and records outside the dates are ignored', () => {
    const metformin = medication('Metformin');
    const records = [
      dose(metformin, '2026-11-20', '09:00', 'pending'),
      dose(metformin, '2026-11-10', '09:00', 'taken'),
    ];
    expect(dailyAdherence([metformin], records, ['2026-11-20'], '2026-11-21', '12:00', ZONE)).toEqual([
      { date: '2026-11-20', taken: 0, total: 0, percent: null },
    ]);
  });

  it('with nothing scheduled or recorded every day reads no data (null), never NaN', () => {
    expect(dailyAdherence([], [], ['2026-11-20', '2026-11-21'], '2026-11-21', '12:00', ZONE)).toEqual([
      { date: '2026-11-20', taken: 0, total: 0, percent: null },
      { date: '2026-11-21', taken: 0, total: 0, percent: null },
    ]);
  });
});

describe('a dose record only where the schedule has one (decision 073)', () => {
  // 18:40 UTC on Friday 20 Nov: Saturday 21 Nov 00:10 in Kolkata, Friday 13:40 in New York.
  const now = new Date('2026-11-20T18:40:00.000Z');
  const kolkata = 'Asia/Kolkata';
  const refusal = (m: Medication, date: string, time: string, zone = kolkata) =>
    doseRecordRefusal(m, date, time, now, zone);

  it('daily: any scheduled time from the start date to one day past today', () => {
    const daily = medication('Metformin', { times: ['09:00', '21:00'] });
    expect(refusal(daily, '2026-11-01', '09:00')).toBeNull();
    expect(refusal(daily, '2026-11-22', '21:00')).toBeNull();
    expect(refusal(daily, '2026-11-23', '09:00')).toEqual({ field: 'date', reason: 'too_far_ahead' });
    expect(refusal(daily, '2026-10-31', '09:00')).toEqual({ field: 'date', reason: 'before_start' });
    expect(refusal(daily, '2026-11-20', '03:17')).toEqual({ field: 'scheduled_time', reason: 'not_scheduled_time' });
  });

  it('weekly: only its weekdays; without any, the start date’s weekday', () => {
    const mondays = medication('Semaglutide', { frequency: 'weekly', weekdays: [1], start_date: '2026-11-02' });
    expect(refusal(mondays, '2026-11-16', '09:00')).toBeNull();
    expect(refusal(mondays, '2026-11-20', '09:00')).toEqual({ field: 'date', reason: 'not_scheduled_day' });
    const startDay = medication('Vitamin D', { frequency: 'weekly', start_date: '2026-11-14' }); // a Saturday
    expect(refusal(startDay, '2026-11-21', '09:00')).toBeNull();
    expect(refusal(startDay, '2026-11-20', '09:00')).toEqual({ field: 'date', reason: 'not_scheduled_day' });
  });

  it('as needed: any time up to now plus the clock skew, in the user’s zone', () => {
    const painRelief = medication('Paracetamol', { frequency: 'as-needed', times: [] });
    expect(refusal(painRelief, '2026-11-21', '00:15')).toBeNull();
    expect(refusal(painRelief, '2026-11-21', '00:16')).toEqual({ field: 'scheduled_time', reason: 'future' });
    expect(refusal(painRelief, '2026-11-22', '00:00')).toEqual({ field: 'date', reason: 'future' });
    expect(refusal(painRelief, '2026-11-20', '13:45', 'America/New_York')).toBeNull();
    expect(refusal(painRelief, '2026-11-20', '13:46', 'America/New_York')).toEqual({
      field: 'scheduled_time',
      reason: 'future',
    });
    expect(refusal(painRelief, '2026-10-31', '12:00')).toEqual({ field: 'date', reason: 'before_start' });
  });

  it('the day ahead is the user’s: the 22nd is Kolkata’s day ahead, too far for New York', () => {
    const daily = medication('Metformin');
    expect(refusal(daily, '2026-11-22', '09:00', kolkata)).toBeNull();
    expect(refusal(daily, '2026-11-22', '09:00', 'America/New_York')).toEqual({
      field: 'date',
      reason: 'too_far_ahead',
    });
  });
});

describe('a dose scheduled before the medicine was added is not expected (decision 077)', () => {
  /** A daily 08:00 + 23:30 medicine started today and added at `createdAt` (an instant). */
  const addedAt = (createdAt: string, start: string) => ({
    ...medication('Metformin', { times: ['08:00', '23:30'], start_date: start }),
    created_at: createdAt,
  });

  it.each([
    // 22:51 IST on 28 Nov is 17:21 UTC; 22:51 EST on 28 Nov is 03:51 UTC on the 29th.
    { zone: 'Asia/Kolkata', createdAt: '2026-11-28T17:21:00.000Z', clock: '2026-11-28T17:22:00.000Z' },
    { zone: 'America/New_York', createdAt: '2026-11-29T03:51:00.000Z', clock: '2026-11-29T03:52:00.000Z' },
  ])('added at 22:51 in $zone: 08:00 today is not due, 23:30 today and tomorrow are', ({ zone, createdAt, clock }) => {
    const now = new Date(clock);
    const today = localDate(now, zone);
    expect(today).toBe('2026-11-28');
    const metformin = addedAt(createdAt, today);
    expect(isDoseExpected(metformin, today, '08:00', zone)).toBe(false);
    expect(isDoseExpected(metformin, today, '23:30', zone)).toBe(true);
    expect(isDoseExpected(metformin, '2026-11-29', '08:00', zone)).toBe(true);
    // Home and a member's view: today's list has only the 23:30 dose, so no 'Overdue' / 'Missed'.
    expect(summary(dosesOn([metformin], today, zone))).toEqual(['23:30 Metformin']);
    // Adherence: 0 of 0 today (the 23:30 dose is pending), not 0 of 1.
    const [day] = dailyAdherence([metformin], [], [today], today, localTime(now, zone), zone);
    expect(day).toEqual({ date: today, taken: 0, total: 0, percent: null });
    // The next day counts both doses once due.
    const next = dailyAdherence([metformin], [], ['2026-11-29'], '2026-11-30', '00:00', zone);
    expect(next[0]).toMatchObject({ taken: 0, total: 2 });
  });

  it('the same instant read in the other zone falls on another day and time', () => {
    // Added 22:51 in Kolkata = 12:21 in New York the same day: 08:00 there is before, 23:30 after.
    const metformin = addedAt('2026-11-28T17:21:00.000Z', '2026-11-01');
    expect(isDoseExpected(metformin, '2026-11-28', '08:00', 'America/New_York')).toBe(false);
    expect(isDoseExpected(metformin, '2026-11-28', '23:30', 'America/New_York')).toBe(true);
    expect(isDoseExpected(metformin, '2026-11-27', '23:30', 'Asia/Kolkata')).toBe(false);
  });

  it('a dose at the very minute of creation is expected only if its instant is not before it', () => {
    const atMinute = addedAt('2026-11-28T02:30:00.000Z', '2026-11-28'); // 08:00 IST exactly
    expect(isDoseExpected(atMinute, '2026-11-28', '08:00', 'Asia/Kolkata')).toBe(true);
    const justAfter = addedAt('2026-11-28T02:30:30.000Z', '2026-11-28');
    expect(isDoseExpected(justAfter, '2026-11-28', '08:00', 'Asia/Kolkata')).toBe(false);
  });

  it('a record of a dose before creation still counts by its record', () => {
    const metformin = addedAt('2026-11-28T17:21:00.000Z', '2026-11-28');
    const taken = record('taken', { medication_id: metformin.id, date: '2026-11-28', scheduled_time: '08:00' });
    // Home lists it, taken, beside the 23:30 dose (it has a record).
    expect(summary(dosesOn([metformin], '2026-11-28', 'Asia/Kolkata', indexByDose([taken])))).toEqual([
      '08:00 Metformin',
      '23:30 Metformin',
    ]);
    const [day] = dailyAdherence([metformin], [taken], ['2026-11-28'], '2026-11-29', '00:00', 'Asia/Kolkata');
    expect(day).toMatchObject({ taken: 1, total: 2 });
  });
});

describe('weekly adherence (sumAdherence)', () => {
  it('adds taken and counted doses over the days, then rounds once', () => {
    const days = [
      { taken: 1, total: 3 },
      { taken: 2, total: 3 },
      { taken: 0, total: 0 },
    ];
    expect(sumAdherence(days)).toEqual({ taken: 3, total: 6, percent: 50 });
    expect(sumAdherence([{ taken: 0, total: 0 }])).toEqual({ taken: 0, total: 0, percent: null });
    expect(sumAdherence([])).toEqual({ taken: 0, total: 0, percent: null });
  });
});
