/**
 * The user's calendar and clock. Every date and dose time in DiaCare is read in the
 * user's IANA zone, not the server's or the browser's (design.md §Data), using
 * date-fns with @date-fns/tz.
 */
import { TZDate } from '@date-fns/tz';
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

/**
 * The instant at which the wall-clock `date` 'HH:MM' `time` happens in `zone`.
 * A time skipped by a spring-forward change maps to the instant after the gap.
 */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hour, minute, zone).getTime());
}

/**
 * The `count` calendar dates ending on `lastDate`, oldest first: the reports' "last 7 days
 * including today" is `datesEndingOn(localDate(now, zone), 7)` (spec §9).
 */
export function datesEndingOn(lastDate: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => shiftDate(lastDate, index - count + 1));
}
