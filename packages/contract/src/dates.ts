/**
 * The user's calendar and clock. Every date and dose time in DiaCare is read in the
 * user's IANA zone, not the server's or the browser's (design.md §Data), using
 * date-fns with @date-fns/tz.
 */
import { TZDate, tzOffset } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

/** YYYY-MM-DD of `instant` in `zone` (e.g. '2026-11-21' in 'Asia/Kolkata'). */
export function localDate(instant: Date, zone: string): string {
  return format(new TZDate(instant, zone), 'yyyy-MM-dd');
}

/** 'HH:MM' (24-hour) of `instant` in `zone`. */
export function localTime(instant: Date, zone: string): string {
  return format(new TZDate(instant, zone), 'HH:mm');
}

/** ISO weekday (1 = Monday … 7 = Sunday) of `instant` in `zone`. */
export function localIsoWeekday(instant: Date, zone: string): number {
  return Number(format(new TZDate(instant, zone), 'i'));
}

/** The calendar date `days` after `date` (YYYY-MM-DD → YYYY-MM-DD; negative goes back). */
export function shiftDate(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return format(addDays(new Date(year, month - 1, day, 12), days), 'yyyy-MM-dd');
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
export function isoWeekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Number(format(new Date(year, month - 1, day, 12), 'i'));
}

/** Home's date line (spec §2 Home: long weekday, short month, day), e.g. 'Saturday, Nov 21'. */
export function formatLongDate(instant: Date, zone: string): string {
  return format(new TZDate(instant, zone), 'EEEE, MMM d');
}

/** Short month and day for a calendar date (spec §2 History), e.g. 'Nov 21'. */
export function formatShortDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return format(new Date(year, month - 1, day, 12), 'MMM d');
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Offset of `zone` from UTC at `epochMs`, in minutes (east positive). */
const offsetAt = (zone: string, epochMs: number) => tzOffset(zone, new Date(epochMs));

/** Short weekday of a calendar date (Reports' adherence rows), e.g. '2026-11-21' → 'Sat'. */
export function formatShortWeekday(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return format(new Date(year, month - 1, day, 12), 'EEE');
}

/**
 * The instant at which the wall-clock `date` (YYYY-MM-DD) and `time` ('HH:MM') happen in
 * `zone`, with explicit rules for the two DST cases (issue 6): a time skipped by a
 * spring-forward change maps to the first valid instant after the gap (02:30 on 2026-03-08
 * in America/New_York → 03:00 EDT), and a time that happens twice in a fall-back change maps
 * to its first occurrence (01:30 on 2026-11-01 → 01:30 EDT). Offsets come from the
 * runtime's tz database through @date-fns/tz's `tzOffset`. Used for dose reminders and
 * appointment start times.
 * @returns the earliest matching instant; for a skipped time, the end of the gap.
 */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  // The wall-clock reading as if it were UTC: the true instant is this minus the offset.
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const offsets = [...new Set([-DAY_MS, 0, DAY_MS].map((shift) => offsetAt(zone, wall + shift)))];
  const matches = offsets
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => wall - offsetAt(zone, instant) * MINUTE_MS === instant)
    .sort((a, b) => a - b);
  if (matches.length > 0) return new Date(matches[0]!);

  // In a gap: the clock jumped from `before` to `after`. The transition instant T satisfies
  // wall − after < T ≤ wall − before; find the first minute that already has the new offset.
  const before = offsetAt(zone, wall - DAY_MS);
  const after = offsetAt(zone, wall + DAY_MS);
  let low = Math.floor((wall - after * MINUTE_MS) / MINUTE_MS);
  let high = Math.ceil((wall - before * MINUTE_MS) / MINUTE_MS);
  while (low + 1 < high) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(zone, middle * MINUTE_MS) === after) high = middle;
    else low = middle;
  }
  return new Date(high * MINUTE_MS);
}

/**
 * The `count` calendar dates ending on `lastDate`, oldest first: the reports' "last 7 days
 * including today" is `datesEndingOn(localDate(now, zone), 7)` (spec §9).
 */
export function datesEndingOn(lastDate: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => shiftDate(lastDate, index - count + 1));
}
