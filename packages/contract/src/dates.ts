/**
 * The user's calendar and clock, the one home for zoned time: every date and dose time is read in
 * the user's IANA zone, never the server's or browser's, with Intl.DateTimeFormat (and
 * @date-fns/tz's tzOffset for wall-clock → instant); Intl keeps date-fns out of the screens'
 * JavaScript. Formatters take 'en-IN' or 'hi-IN' ('en-US' by default). Also here: the zone used
 * when a person's is unknown (DEFAULT_ZONE), 'HH:MM' → minutes, ISO weekdays, wall times read from
 * files (wallClockInstants) and ISO date-times with the zone's offset (isoInZone).
 */
import { tzOffset } from '@date-fns/tz/tzOffset';

/**
 * The one rule for a missing zone: a person whose IANA zone is not known (yet) is read in India's
 * zone, the product's home (docs/product.md); new accounts get it as their stored default too.
 */
export const DEFAULT_ZONE = 'Asia/Kolkata';

/** `zone`, or DEFAULT_ZONE when it is missing or empty. */
export function zoneOrDefault(zone: string | null | undefined): string {
  return zone ? zone : DEFAULT_ZONE;
}

/**
 * Minutes since midnight of a time of day: 'HH:MM' (24-hour, as timeOfDaySchema checks) → 0–1439.
 * A longer string ('HH:MM:SS') is read by its first five characters.
 */
export function minutesOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Days in `month` (1–12) of `year`, Gregorian leap years as Date counts them. */
function daysInMonth(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

/**
 * True when `value` is a real calendar date written YYYY-MM-DD (31 February is not), from year
 * 0100 (Date reads years 0–99 as 1900–1999). Arithmetic on the digits, no Date: every date in
 * a request's query and body passes here (decision 105).
 */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  return year >= 100 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date and 24-hour clock time of `instant` in `zone`, from one
 * cached Intl formatter per zone (building one is the costly part).
 * @throws RangeError for an unknown zone, as Intl does.
 */
function wallClock(instant: Date, zone: string): { date: string; time: string } {
  let zoneFormat = zoneFormats.get(zone);
  if (!zoneFormat) {
    zoneFormat = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormats.set(zone, zoneFormat);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of zoneFormat.formatToParts(instant)) parts[part.type] = part.value;
  const date = `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}`;
  return { date, time: `${parts.hour}:${parts.minute}` };
}

/** A calendar date (YYYY-MM-DD) as the UTC midnight that starts it, for calendar arithmetic. */
function utcMidnight(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

/** YYYY-MM-DD of `instant` in `zone` (e.g. '2026-11-21' in 'Asia/Kolkata'). */
export function localDate(instant: Date, zone: string): string {
  return wallClock(instant, zone).date;
}

/** 'HH:MM' (24-hour) of `instant` in `zone`. */
export function localTime(instant: Date, zone: string): string {
  return wallClock(instant, zone).time;
}

/** ISO weekday (1 = Monday … 7 = Sunday) of `instant` in `zone`. */
export function localIsoWeekday(instant: Date, zone: string): number {
  return isoWeekdayOf(wallClock(instant, zone).date);
}

/** The calendar date `days` after `date` (YYYY-MM-DD → YYYY-MM-DD; negative goes back). */
export function shiftDate(date: string, days: number): string {
  const shifted = utcMidnight(date);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
export function isoWeekdayOf(date: string): number {
  return utcMidnight(date).getUTCDay() || 7;
}

/**
 * The display locale when a caller names none: 'en-US', as before Hindi arrived, so existing
 * callers keep their texts ('Nov 21'); the web app passes its language's locale
 * ('en-IN' | 'hi-IN', useLocale().intlLocale).
 */
export const DEFAULT_DATE_LOCALE = 'en-US';

const displayFormats = new Map<string, Intl.DateTimeFormat>();

/** One cached Intl formatter per (kind, locale, zone): building one is the costly part. */
function displayFormat(kind: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${kind}|${locale}|${options.timeZone}`;
  let format = displayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    displayFormats.set(key, format);
  }
  return format;
}

/**
 * Home's date line of `instant` in `zone`,
 * in `locale`: 'Saturday, Nov 21' (en-US), 'Saturday, 21 Nov' (en-IN), 'शनिवार, 21 नव॰' (hi-IN).
 */
export function formatLongDate(instant: Date, zone: string, locale: string = DEFAULT_DATE_LOCALE): string {
  return displayFormat('long', locale, { timeZone: zone, weekday: 'long', month: 'short', day: 'numeric' }).format(
    instant,
  );
}

/** Short month and day for a calendar date in `locale`, e.g. 'Nov 21', '21 Nov' (en-IN). */
export function formatShortDate(date: string, locale: string = DEFAULT_DATE_LOCALE): string {
  return displayFormat('short', locale, { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(utcMidnight(date));
}

/**
 * An instant as every screen shows a reading's time: short date and 24-hour time in `zone`, in
 * `locale` — '28 Nov, 22:52' (en-IN), '28 नव॰, 22:52' (hi-IN); never 'pm' nor an ISO date.
 */
export function formatShortDateTime(instant: Date, zone: string, locale: string = DEFAULT_DATE_LOCALE): string {
  return `${formatShortDate(localDate(instant, zone), locale)}, ${localTime(instant, zone)}`;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Offset of `zone` from UTC at `epochMs`, in minutes (east positive). */
const offsetAt = (zone: string, epochMs: number) => tzOffset(zone, new Date(epochMs));

/** Short weekday of a calendar date (Reports' adherence rows) in `locale`, e.g. '2026-11-21' → 'Sat'. */
export function formatShortWeekday(date: string, locale: string = DEFAULT_DATE_LOCALE): string {
  return displayFormat('weekday', locale, { timeZone: 'UTC', weekday: 'short' }).format(utcMidnight(date));
}

/** Long weekday of a calendar date in `locale`, e.g. '2026-11-17' → 'Tuesday' (en-IN), 'मंगलवार' (hi-IN). */
export function formatLongWeekday(date: string, locale: string = DEFAULT_DATE_LOCALE): string {
  return displayFormat('weekdayLong', locale, { timeZone: 'UTC', weekday: 'long' }).format(utcMidnight(date));
}

/**
 * The instant at which the wall-clock `date` (YYYY-MM-DD) and `time` ('HH:MM') happen in
 * `zone`, with explicit rules for the two DST cases: a time skipped by a
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
  const matches = instantsOfWall(wall, zone);
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
 * The epoch milliseconds, earliest first, at which clocks in `zone` read `wall` (a wall-clock
 * reading written as if it were UTC): one usually, two in a fall-back repeat, none in a gap.
 * The offsets within a day either side are the only candidates.
 */
function instantsOfWall(wall: number, zone: string): number[] {
  const offsets = [...new Set([-DAY_MS, 0, DAY_MS].map((shift) => offsetAt(zone, wall + shift)))];
  return offsets
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => wall - offsetAt(zone, instant) * MINUTE_MS === instant)
    .sort((a, b) => a - b);
}

/** A local date and time as a file writes it (sensor exports); month 1–12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * True when `wall` is a real date (isCalendarDate: 31 February and 30 February are not; years
 * 1000–9999) and a time of day 00:00:00–23:59:59.
 */
export function isRealWallTime(wall: WallTime): boolean {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const date = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
  const whole = [wall.hour, wall.minute, wall.second].every(Number.isInteger);
  return (
    wall.year >= 1000 &&
    isCalendarDate(date) &&
    whole &&
    wall.hour >= 0 &&
    wall.hour < 24 &&
    wall.minute >= 0 &&
    wall.minute < 60 &&
    wall.second >= 0 &&
    wall.second < 60
  );
}

/**
 * The instants, earliest first, at which clocks in `zone` read this wall time (sensor files write
 * local times with no zone): one usually, two in the repeated hour of a fall-back change, none in
 * a spring-forward gap. A wall time that is not a real one is never rolled over into another.
 * @throws RangeError when `parts` is not a real wall time (isRealWallTime): Date.UTC would
 *   roll 31 February over to 3 March
 */
export function wallClockInstants(parts: WallTime, zone: string): Date[] {
  if (!isRealWallTime(parts)) throw new RangeError(`not a real date and time: ${JSON.stringify(parts)}`);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return instantsOfWall(wall, zone).map((instant) => new Date(instant));
}

/**
 * `instant` as an ISO 8601 date-time with `zone`'s offset at that instant, whole seconds:
 * 'YYYY-MM-DDTHH:mm:ss±hh:mm' (always numeric, '+00:00' for UTC), as the export writes them.
 */
export function isoInZone(instant: Date, zone: string): string {
  const offset = offsetAt(zone, instant.getTime());
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offset * MINUTE_MS).toISOString().slice(0, 19);
  const size = Math.abs(offset);
  const hours = String(Math.floor(size / 60)).padStart(2, '0');
  const minutes = String(size % 60).padStart(2, '0');
  return `${wall}${offset < 0 ? '-' : '+'}${hours}:${minutes}`;
}

/** Wall-clock `date` (YYYY-MM-DD) and `time` ('HH:MM') in `zone` as an ISO date-time with offset (zonedInstant's DST rules). */
export function isoLocal(date: string, time: string, zone: string): string {
  return isoInZone(zonedInstant(date, time, zone), zone);
}

/**
 * The `count` calendar dates ending on `lastDate`, oldest first: the reports' "last 7 days
 * including today" is `datesEndingOn(localDate(now, zone), 7)`.
 */
export function datesEndingOn(lastDate: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => shiftDate(lastDate, index - count + 1));
}
