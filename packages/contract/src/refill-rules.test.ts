import { describe, expect, it } from 'vitest';
import type { Medication } from './medications.ts';
import { runOutDate } from './refill-rules.ts';

const medication = (times: string[], frequency: 'daily' | 'weekly' | 'as-needed' = 'daily', weekdays: number[] = []) =>
  ({
    id: 'm',
    name: 'Metformin',
    schedule: { frequency, times, weekdays, start_date: '2026-01-01', end_date: null },
  }) as unknown as Medication;

describe('runOutDate', () => {
  it('counts the doses still due today, then one pill per scheduled dose', () => {
    // 18:00: today's 20:00 dose takes 1 of 5; then 2 a day → 21st and 22nd.
    expect(runOutDate(medication(['08:00', '20:00']), 5, '2026-11-20', '18:00')).toEqual({
      lastDate: '2026-11-22',
      dosesPerDay: 2,
    });
    expect(runOutDate(medication(['08:00', '20:00']), 1, '2026-11-20', '18:00')?.lastDate).toBe('2026-11-20');
    expect(runOutDate(medication(['08:00', '20:00']), 1, '2026-11-20', '21:00')?.lastDate).toBe('2026-11-21');
  });

  it('weekly schedules skip the other days; no pills → no date; as-needed → null', () => {
    // 2026-11-20 is a Friday; Mondays only (ISO 1): 23 Nov, 30 Nov.
    expect(runOutDate(medication(['09:00'], 'weekly', [1]), 2, '2026-11-20', '10:00')).toEqual({
      lastDate: '2026-11-30',
      dosesPerDay: 0.1,
    });
    expect(runOutDate(medication(['09:00']), 0, '2026-11-20', '10:00')).toEqual({ lastDate: null, dosesPerDay: 1 });
    expect(runOutDate(medication([], 'as-needed'), 10, '2026-11-20', '10:00')).toBeNull();
  });
});
