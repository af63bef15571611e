/**
 * Sensor files write local wall-clock times with no zone (LibreView 'Device Timestamp',
 * Clarity 'Timestamp'): this reads them in the user's IANA zone, finding every instant a
 * wall time names — two in a fall-back repeat, none in a spring-forward gap. A wall time that
 * is not a real one (31 February, 24:00, minute 60) is never rolled over into another.
 */
import { tzOffset } from '@date-fns/tz';
import { isCalendarDate } from '@diacare/contract/common';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A local date and time as a file writes it; month 1–12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * True when `wall` is a real date (the contract's isCalendarDate: 31 February and 30 February
 * are not; years 1000–9999) and a time of day 00:00:00–23:59:59.
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
 * The instants, earliest first, at which clocks in `zone` read this wall time: one usually,
 * two in the repeated hour of a fall-back change, none in a spring-forward gap.
 * @throws RangeError when `parts` is not a real wall time (isRealWallTime): Date.UTC would
 *   roll 31 February over to 3 March
 */
export function wallClockInstants(parts: WallTime, zone: string): Date[] {
  if (!isRealWallTime(parts)) throw new RangeError(`not a real date and time: ${JSON.stringify(parts)}`);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((shift) => tzOffset(zone, new Date(wall + shift))));
  return [...offsets]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => wall - tzOffset(zone, new Date(instant)) * MINUTE_MS === instant)
    .sort((a, b) => a - b)
    .map((instant) => new Date(instant));
}
