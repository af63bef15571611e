/**
 * When a reading may have happened: not before 2000, not after now beyond the clock skew, in the
 * user's zone. 18:40 UTC on 20 Nov 2026 is 00:10 on the 21st in Kolkata and 13:40 on the 20th in
 * New York.
 */
import { describe, expect, it } from 'vitest';
import { EARLIEST_READING_DATE, READING_CLOCK_SKEW_MS } from './health-constants.ts';
import { readingInstantRefusal, readingTimeRefusal } from './reading-rules.ts';
import { readingDateSchema } from './common.ts';
import { english } from './i18n/english-for-tests.ts';

const now = new Date('2026-11-20T18:40:00.000Z');
const KOLKATA = 'Asia/Kolkata';
const NEW_YORK = 'America/New_York';

describe('readingTimeRefusal', () => {
  it('allows up to now plus five minutes, naming time on today and date on a later day', () => {
    expect(READING_CLOCK_SKEW_MS).toBe(5 * 60 * 1000);
    expect(readingTimeRefusal('2026-11-21', '00:15', now, KOLKATA)).toBeNull();
    expect(readingTimeRefusal('2026-11-21', '00:16', now, KOLKATA)).toEqual({ field: 'time', reason: 'future' });
    expect(readingTimeRefusal('2026-11-22', '00:00', now, KOLKATA)).toEqual({ field: 'date', reason: 'future' });
    expect(readingTimeRefusal('2099-01-01', '00:00', now, KOLKATA)).toEqual({ field: 'date', reason: 'future' });
  });

  it('reads the user’s zone on either side of UTC', () => {
    expect(readingTimeRefusal('2026-11-20', '23:59', now, KOLKATA)).toBeNull();
    expect(readingTimeRefusal('2026-11-20', '13:45', now, NEW_YORK)).toBeNull();
    expect(readingTimeRefusal('2026-11-20', '13:46', now, NEW_YORK)).toEqual({ field: 'time', reason: 'future' });
    expect(readingTimeRefusal('2026-11-21', '00:05', now, NEW_YORK)).toEqual({ field: 'date', reason: 'future' });
  });

  it('a date-only record may be dated today, not tomorrow', () => {
    expect(readingTimeRefusal('2026-11-21', null, now, KOLKATA)).toBeNull();
    expect(readingTimeRefusal('2026-11-21', null, now, NEW_YORK)).toEqual({ field: 'date', reason: 'future' });
  });

  it('a date two days or more before now is allowed in every zone, from −12 h to +14 h', () => {
    // 2026-11-18 starts 2 days before 2026-11-20T00:00Z, which is before `now`; its last minute
    // in UTC−12 is 2026-11-19T11:59Z, long past.
    for (const zone of ['Etc/GMT+12', 'Pacific/Kiritimati', KOLKATA, NEW_YORK]) {
      expect(readingTimeRefusal('2026-11-18', '23:59', now, zone)).toBeNull();
      expect(readingTimeRefusal('2026-11-18', null, now, zone)).toBeNull();
    }
    // The day before is read in the zone, as before: 23:59 on the 19th is past in UTC−12 too
    // (2026-11-20T11:59Z), and a day later still refused.
    expect(readingTimeRefusal('2026-11-19', '23:59', now, 'Etc/GMT+12')).toBeNull();
    expect(readingTimeRefusal('2026-11-20', '23:59', now, 'Etc/GMT+12')).toEqual({ field: 'time', reason: 'future' });
    // Early on the 20th (UTC), the 19th is still going on in UTC−12: read in the zone.
    const early = new Date('2026-11-20T05:00:00.000Z');
    expect(readingTimeRefusal('2026-11-19', '23:59', early, 'Etc/GMT+12')).toEqual({ field: 'time', reason: 'future' });
    expect(readingTimeRefusal('2026-11-18', '23:59', early, 'Etc/GMT+12')).toBeNull();
    expect(readingTimeRefusal('2026-11-18', '12:00', now, 'Not/AZone')).toBeNull();
    expect(() => readingTimeRefusal('2026-11-20', '12:00', now, 'Not/AZone')).toThrow(RangeError);
  });

  it('refuses a date before the floor, which the schemas refuse too', () => {
    expect(EARLIEST_READING_DATE).toBe('2000-01-01');
    expect(readingTimeRefusal('1999-12-31', '12:00', now, KOLKATA)).toEqual({ field: 'date', reason: 'too_early' });
    expect(readingTimeRefusal('2000-01-01', null, now, KOLKATA)).toBeNull();
    expect(english(readingDateSchema.safeParse('1900-01-01').error?.issues[0]?.message)).toBe(
      'must not be before 2000-01-01',
    );
    expect(readingDateSchema.safeParse('2000-01-01').success).toBe(true);
  });
});

describe('readingInstantRefusal (an imported reading, known by its instant)', () => {
  it('allows up to now plus the skew, and dates from the floor in the user’s zone', () => {
    const at = (iso: string, zone = KOLKATA) => readingInstantRefusal(new Date(iso), now, zone);
    expect(at('2026-11-20T18:45:00.000Z')).toBeNull();
    expect(at('2026-11-20T18:45:00.001Z')).toBe('future');
    expect(at('2099-01-01T00:00:00.000Z')).toBe('future');
    // 18:30 UTC on 31 Dec 1999 is already 2000-01-01 in Kolkata, still 1999 in New York.
    expect(at('1999-12-31T18:30:00.000Z')).toBeNull();
    expect(at('1999-12-31T18:29:59.999Z')).toBe('too_early');
    expect(at('2000-01-01T04:59:59.999Z', NEW_YORK)).toBe('too_early');
    expect(at('2000-01-01T05:00:00.000Z', NEW_YORK)).toBeNull();
    expect(at('1900-01-01T00:00:00.000Z')).toBe('too_early');
  });
});
