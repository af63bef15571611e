/** Calendar dates and times of day shared by every payload (common.ts). */
import { describe, expect, it } from 'vitest';
import { calendarDateSchema, isCalendarDate, readingDateSchema, timeOfDaySchema } from './common.ts';
import { english } from './i18n/english-for-tests.ts';

describe('calendar dates', () => {
  it('a date that exists, written YYYY-MM-DD, is accepted', () => {
    expect(isCalendarDate('2026-11-21')).toBe(true);
    expect(isCalendarDate('2026-12-31')).toBe(true);
    expect(isCalendarDate('2026-01-01')).toBe(true);
  });

  it('29 February exists only in leap years', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2100-02-29')).toBe(false);
    expect(isCalendarDate('2400-02-29')).toBe(true);
  });

  it('years before 0100 are refused, as Date reads years 0–99 as 1900–1999', () => {
    expect(isCalendarDate('0099-12-31')).toBe(false);
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate('0100-01-01')).toBe(true);
    expect(isCalendarDate('9999-12-31')).toBe(true);
  });

  it('a day past the end of its month is refused rather than rolled over', () => {
    expect(isCalendarDate('2025-02-30')).toBe(false);
    expect(isCalendarDate('2026-04-31')).toBe(false);
    expect(isCalendarDate('2026-11-32')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-00-10')).toBe(false);
    expect(isCalendarDate('2026-11-00')).toBe(false);
  });

  it('other ways of writing a date are refused', () => {
    expect(isCalendarDate('2026-1-5')).toBe(false);
    expect(isCalendarDate('21/11/2026')).toBe(false);
    expect(isCalendarDate('2026-11-21T00:00:00Z')).toBe(false);
    expect(isCalendarDate(' 2026-11-21')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });

  it('the date schema says how to write a date', () => {
    const result = calendarDateSchema.safeParse('2025-02-30');
    expect(result.success).toBe(false);
    expect(english(result.error?.issues[0]?.message)).toBe('must be a real date written YYYY-MM-DD');
  });
});

describe('times of day', () => {
  const valid = (value: string) => timeOfDaySchema.safeParse(value).success;

  it('the 24-hour clock from 00:00 to 23:59 is accepted', () => {
    expect(valid('00:00')).toBe(true);
    expect(valid('09:00')).toBe(true);
    expect(valid('12:30')).toBe(true);
    expect(valid('23:59')).toBe(true);
  });

  it('24:00 and minutes past 59 are refused', () => {
    expect(valid('24:00')).toBe(false);
    expect(valid('25:00')).toBe(false);
    expect(valid('09:60')).toBe(false);
  });

  it('a time must have two-digit hours and minutes and nothing else', () => {
    expect(valid('9:00')).toBe(false);
    expect(valid('09:0')).toBe(false);
    expect(valid('09:00:00')).toBe(false);
    expect(valid('0900')).toBe(false);
    expect(valid('9 am')).toBe(false);
    expect(valid(' 09:00')).toBe(false);
  });
});

describe('a cleared date or time field', () => {
  it('says it is required, not the format, and only that', () => {
    for (const schema of [calendarDateSchema, readingDateSchema, timeOfDaySchema]) {
      const result = schema.safeParse('');
      expect(result.error?.issues.map((issue) => english(issue.message))).toEqual(['is required']);
    }
    expect(english(timeOfDaySchema.safeParse('25:00').error?.issues[0]?.message)).toBe(
      "must be a time written 'HH:MM' (24-hour)",
    );
  });
});
