/**
 * Today's doses, dose status and adherence statistics (spec §4, §9). Calendar facts used
 * below: 2026-11-01 is a Sunday, 2026-11-21 a Saturday.
 */
import { describe, expect, it } from 'vitest';
import {
  adherenceStats,
  doseKey,
  doseStatus,
  dosesOn,
  indexByDose,
  isScheduledOn,
  pillsBand,
  progressPercent,
  scheduleLine,
} from './dose-rules.ts';
import type { AdherenceRecord, AdherenceStatus, Medication } from './medications.ts';

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

const summary = (doses: ReturnType<typeof dosesOn>) => doses.map((d) => `${d.scheduled_time} ${d.medication.name}`);

describe("today's doses", () => {
  it('a daily medication gives one dose per reminder time', () => {
    const metformin = medication('Metformin', { times: ['08:00', '20:00'] });
    expect(summary(dosesOn([metformin], '2026-11-21'))).toEqual(['08:00 Metformin', '20:00 Metformin']);
  });

  it('doses of several medications are sorted by time, then by name when times are equal', () => {
    const metformin = medication('Metformin', { times: ['20:00', '08:00'] });
    const glimepiride = medication('Glimepiride', { times: ['07:30'] });
    const insulin = medication('Insulin glargine', { times: ['08:00', '22:00'] });
    expect(summary(dosesOn([metformin, glimepiride, insulin], '2026-11-21'))).toEqual([
      '07:30 Glimepiride',
      '08:00 Insulin glargine',
      '08:00 Metformin',
      '20:00 Metformin',
      '22:00 Insulin glargine',
    ]);
  });

  it('each dose carries its whole medication, so the card can show dosage and instructions', () => {
    const metformin = medication('Metformin');
    expect(dosesOn([metformin], '2026-11-21')).toEqual([{ medication: metformin, scheduled_time: '09:00' }]);
  });

  it('a medication has no doses before its start date and has them from the start date on', () => {
    const metformin = medication('Metformin', { start_date: '2026-11-21' });
    expect(dosesOn([metformin], '2026-11-20')).toEqual([]);
    expect(summary(dosesOn([metformin], '2026-11-21'))).toEqual(['09:00 Metformin']);
    expect(summary(dosesOn([metformin], '2027-01-01'))).toEqual(['09:00 Metformin']);
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
    expect(summary(dosesOn([injection], '2026-11-04'))).toEqual(['09:00 Semaglutide']);
    expect(dosesOn([injection], '2026-11-05')).toEqual([]);
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
    expect(dosesOn([painRelief, withTimes], '2026-11-21')).toEqual([]);
  });

  it('no medications give no doses', () => {
    expect(dosesOn([], '2026-11-21')).toEqual([]);
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

describe('schedule line', () => {
  it('a daily schedule reads "Daily at" its times', () => {
    expect(scheduleLine(medication('Metformin', { times: ['09:00', '21:00'] }).schedule)).toBe('Daily at 09:00, 21:00');
  });

  it('a weekly schedule names its weekdays and times', () => {
    const { schedule } = medication('Semaglutide', { frequency: 'weekly', weekdays: [1, 5], times: ['08:00'] });
    expect(scheduleLine(schedule)).toBe('Weekly on Mon, Fri at 08:00');
  });

  it("a weekly schedule without weekdays names the start date's weekday", () => {
    const { schedule } = medication('Vitamin D3', {
      frequency: 'weekly',
      weekdays: [],
      start_date: '2026-11-21',
      times: ['08:00', '20:00'],
    });
    expect(scheduleLine(schedule)).toBe('Weekly on Sat at 08:00, 20:00');
  });

  it('an as-needed schedule reads as its frequency', () => {
    expect(scheduleLine(medication('Paracetamol', { frequency: 'as-needed', times: [] }).schedule)).toBe('as-needed');
  });
});
