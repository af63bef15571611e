/**
 * The user's calendar and clock (dates.ts), expected values by hand: Kolkata is UTC+05:30 all year;
 * New York UTC−05:00, and UTC−04:00 from 02:00 on 8 March to 02:00 on 1 November in 2026.
 * 2026-11-21 is a Saturday.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ZONE,
  datesEndingOn,
  formatLongDate,
  formatShortDate,
  formatShortWeekday,
  isoInZone,
  isoLocal,
  isoWeekdayOf,
  isRealWallTime,
  localDate,
  localIsoWeekday,
  localTime,
  minutesOfDay,
  shiftDate,
  wallClockInstants,
  zoneOrDefault,
} from './dates.ts';
import { dosesOn } from './dose-rules.ts';
import type { Medication } from './medications.ts';

const KOLKATA = 'Asia/Kolkata';
const NEW_YORK = 'America/New_York';

describe('local date and time around midnight', () => {
  // 18:40 UTC is 00:10 the next day in Kolkata (+05:30) and 13:40 the same day in New York (−05:00).
  const instant = new Date('2026-11-20T18:40:00Z');

  it('an instant just after midnight in Kolkata is already the next day there', () => {
    expect(localDate(instant, KOLKATA)).toBe('2026-11-21');
    expect(localTime(instant, KOLKATA)).toBe('00:10');
    expect(localIsoWeekday(instant, KOLKATA)).toBe(6);
  });

  it('the same instant is still the afternoon before in New York', () => {
    expect(localDate(instant, NEW_YORK)).toBe('2026-11-20');
    expect(localTime(instant, NEW_YORK)).toBe('13:40');
    expect(localIsoWeekday(instant, NEW_YORK)).toBe(5);
  });

  it('the last minute before midnight in Kolkata is still the earlier day', () => {
    const beforeMidnight = new Date('2026-11-20T18:29:00Z');
    expect(localDate(beforeMidnight, KOLKATA)).toBe('2026-11-20');
    expect(localTime(beforeMidnight, KOLKATA)).toBe('23:59');
    expect(localDate(new Date('2026-11-20T18:30:00Z'), KOLKATA)).toBe('2026-11-21');
    expect(localTime(new Date('2026-11-20T18:30:00Z'), KOLKATA)).toBe('00:00');
  });

  it("today's doses differ by zone: a weekly Saturday dose shows in Kolkata but not yet in New York", () => {
    const saturdayTablet: Medication = {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Vitamin D3',
      dosage: '60000 IU',
      form: 'Capsule',
      instructions: '',
      color: '#FFD93D',
      when_to_take: null,
      schedule: { frequency: 'weekly', times: ['08:00'], weekdays: [6], start_date: '2026-11-01', end_date: null },
      refill_reminder: { enabled: false, pills_remaining: 30, threshold: 7 },
      insulin_type: null,
      created_at: '2026-11-01T00:00:00.000Z',
    };
    const kolkataToday = dosesOn([saturdayTablet], localDate(instant, KOLKATA), KOLKATA);
    const newYorkToday = dosesOn([saturdayTablet], localDate(instant, NEW_YORK), NEW_YORK);
    expect(kolkataToday.map((dose) => dose.scheduled_time)).toEqual(['08:00']);
    expect(newYorkToday).toEqual([]);
  });

  it("the Home date line reads each user's own day", () => {
    expect(formatLongDate(instant, KOLKATA)).toBe('Saturday, Nov 21');
    expect(formatLongDate(instant, NEW_YORK)).toBe('Friday, Nov 20');
    expect(formatLongDate(instant, KOLKATA, 'en-IN')).toBe('Saturday, 21 Nov');
    expect(formatLongDate(instant, KOLKATA, 'hi-IN')).toBe('शनिवार, 21 नव॰');
  });
});

describe('local date and time across daylight-saving changes in New York', () => {
  it('on 2026-03-08 the clock jumps from 01:59 EST to 03:00 EDT, so 02:30 never appears', () => {
    // 02:00 EST is 07:00 UTC.
    expect(localTime(new Date('2026-03-08T06:59:00Z'), NEW_YORK)).toBe('01:59');
    expect(localTime(new Date('2026-03-08T07:00:00Z'), NEW_YORK)).toBe('03:00');
    expect(localTime(new Date('2026-03-08T07:30:00Z'), NEW_YORK)).toBe('03:30');
    expect(localDate(new Date('2026-03-08T06:59:00Z'), NEW_YORK)).toBe('2026-03-08');
    expect(localDate(new Date('2026-03-08T07:00:00Z'), NEW_YORK)).toBe('2026-03-08');
  });

  it('on 2026-03-08 local midnight is 05:00 UTC (EST) and the next midnight is 04:00 UTC (EDT)', () => {
    expect(localDate(new Date('2026-03-08T04:59:00Z'), NEW_YORK)).toBe('2026-03-07');
    expect(localDate(new Date('2026-03-08T05:00:00Z'), NEW_YORK)).toBe('2026-03-08');
    expect(localDate(new Date('2026-03-09T03:59:00Z'), NEW_YORK)).toBe('2026-03-08');
    expect(localDate(new Date('2026-03-09T04:00:00Z'), NEW_YORK)).toBe('2026-03-09');
    expect(localTime(new Date('2026-03-09T04:00:00Z'), NEW_YORK)).toBe('00:00');
  });

  it('on 2026-11-01 the hour from 01:00 to 02:00 happens twice, once in EDT and once in EST', () => {
    // 02:00 EDT is 06:00 UTC, when the clock goes back to 01:00 EST.
    expect(localTime(new Date('2026-11-01T05:30:00Z'), NEW_YORK)).toBe('01:30');
    expect(localTime(new Date('2026-11-01T06:30:00Z'), NEW_YORK)).toBe('01:30');
    expect(localTime(new Date('2026-11-01T07:00:00Z'), NEW_YORK)).toBe('02:00');
    expect(localDate(new Date('2026-11-01T05:30:00Z'), NEW_YORK)).toBe('2026-11-01');
    expect(localDate(new Date('2026-11-01T06:30:00Z'), NEW_YORK)).toBe('2026-11-01');
  });

  it('on 2026-11-01 local midnight is 04:00 UTC (EDT) and the next midnight is 05:00 UTC (EST)', () => {
    expect(localDate(new Date('2026-11-01T03:59:00Z'), NEW_YORK)).toBe('2026-10-31');
    expect(localTime(new Date('2026-11-01T03:59:00Z'), NEW_YORK)).toBe('23:59');
    expect(localDate(new Date('2026-11-01T04:00:00Z'), NEW_YORK)).toBe('2026-11-01');
    expect(localDate(new Date('2026-11-02T04:59:00Z'), NEW_YORK)).toBe('2026-11-01');
    expect(localTime(new Date('2026-11-02T04:59:00Z'), NEW_YORK)).toBe('23:59');
    expect(localDate(new Date('2026-11-02T05:00:00Z'), NEW_YORK)).toBe('2026-11-02');
  });

  it('Kolkata has no daylight saving, so the same instants keep a 05:30 offset', () => {
    expect(localTime(new Date('2026-03-08T07:00:00Z'), KOLKATA)).toBe('12:30');
    expect(localTime(new Date('2026-11-01T06:30:00Z'), KOLKATA)).toBe('12:00');
  });
});

describe('calendar dates', () => {
  it('the ISO weekday of a date runs from 1 for Monday to 7 for Sunday', () => {
    expect(isoWeekdayOf('2026-11-16')).toBe(1);
    expect(isoWeekdayOf('2026-11-21')).toBe(6);
    expect(isoWeekdayOf('2026-11-22')).toBe(7);
    expect(isoWeekdayOf('2026-03-08')).toBe(7);
  });

  it('shifting a date crosses month, year, leap-day and daylight-saving boundaries by whole days', () => {
    expect(shiftDate('2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2026-01-01', -1)).toBe('2025-12-31');
    expect(shiftDate('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDate('2025-02-28', 1)).toBe('2025-03-01');
    expect(shiftDate('2026-03-08', 1)).toBe('2026-03-09');
    expect(shiftDate('2026-11-01', -6)).toBe('2026-10-26');
    expect(shiftDate('2026-11-21', 0)).toBe('2026-11-21');
  });

  it('a short date reads month and day, in the Intl locale of the language when given', () => {
    expect(formatShortDate('2026-11-21')).toBe('Nov 21');
    expect(formatShortDate('2026-01-05')).toBe('Jan 5');
    expect(formatShortDate('2026-11-21', 'en-IN')).toBe('21 Nov');
    expect(formatShortDate('2026-01-05', 'hi-IN')).toBe('5 जन॰');
    expect(formatShortWeekday('2026-11-21')).toBe('Sat');
    expect(formatShortWeekday('2026-11-21', 'hi-IN')).toBe('शनि');
  });
});

describe("the dates ending on a day (the reports' last 7 days)", () => {
  it('are oldest first and end on the given day', () => {
    expect(datesEndingOn('2026-11-21', 7)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    expect(datesEndingOn('2026-11-21', 1)).toEqual(['2026-11-21']);
  });

  it('cross month ends, with and without a leap day', () => {
    expect(datesEndingOn('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(datesEndingOn('2028-03-01', 3)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(datesEndingOn('2026-12-01', 2)).toEqual(['2026-11-30', '2026-12-01']);
  });

  it('cross the year end', () => {
    expect(datesEndingOn('2027-01-02', 4)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('cross daylight-saving changes by whole days', () => {
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01.
    expect(datesEndingOn('2026-03-09', 3)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(datesEndingOn('2026-11-02', 3)).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
  });

  it("the 7-day window at one instant is each user's own: Kolkata is already a day ahead of New York", () => {
    // 18:40 UTC on 20 November is 00:10 on the 21st in Kolkata and 13:40 on the 20th in New York.
    const instant = new Date('2026-11-20T18:40:00Z');
    expect(datesEndingOn(localDate(instant, KOLKATA), 7)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    expect(datesEndingOn(localDate(instant, NEW_YORK), 7)).toEqual([
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
  });

  it('on New Year’s Eve in New York the Kolkata window already ends in the new year', () => {
    // 19:00 UTC on 31 December is 00:30 on 1 January in Kolkata and 14:00 on 31 December in New York.
    const instant = new Date('2026-12-31T19:00:00Z');
    expect(datesEndingOn(localDate(instant, KOLKATA), 7)).toEqual([
      '2026-12-26',
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
    ]);
    expect(datesEndingOn(localDate(instant, NEW_YORK), 7)[6]).toBe('2026-12-31');
    expect(datesEndingOn(localDate(instant, NEW_YORK), 7)[0]).toBe('2026-12-25');
  });
});

describe('clock times, wall times from files and ISO date-times with offsets', () => {
  it("'HH:MM' reads as minutes since midnight", () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('07:05')).toBe(425);
    expect(minutesOfDay('23:59')).toBe(1439);
  });

  it('a missing zone is the default zone; a known one is kept', () => {
    expect(zoneOrDefault(undefined)).toBe(DEFAULT_ZONE);
    expect(zoneOrDefault('')).toBe(DEFAULT_ZONE);
    expect(zoneOrDefault(NEW_YORK)).toBe(NEW_YORK);
  });

  it('an instant is written with the offset its zone has then, across a DST change', () => {
    expect(isoInZone(new Date('2026-11-20T18:40:00Z'), KOLKATA)).toBe('2026-11-21T00:10:00+05:30');
    expect(isoInZone(new Date('2026-07-01T12:00:30.900Z'), NEW_YORK)).toBe('2026-07-01T08:00:30-04:00');
    expect(isoInZone(new Date('2026-12-01T12:00:00Z'), NEW_YORK)).toBe('2026-12-01T07:00:00-05:00');
    expect(isoInZone(new Date('2026-12-01T12:00:00Z'), 'UTC')).toBe('2026-12-01T12:00:00+00:00');
    expect(isoLocal('2026-03-08', '02:30', NEW_YORK)).toBe('2026-03-08T03:00:00-04:00');
  });

  it('a wall time from a file names two instants in a repeated hour and none in a skipped one', () => {
    const wall = { year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 };
    expect(wallClockInstants(wall, NEW_YORK).map((instant) => instant.toISOString())).toEqual([
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T06:30:00.000Z',
    ]);
    expect(wallClockInstants({ ...wall, month: 3, day: 8, hour: 2 }, NEW_YORK)).toEqual([]);
    expect(isRealWallTime({ ...wall, month: 2, day: 30 })).toBe(false);
  });
});
