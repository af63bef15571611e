/**
 * Wall-clock time in an IANA zone → the instant it happens, with explicit rules for the
 * two DST cases (issue 6): a time skipped by a spring-forward change maps to the first
 * valid instant after the gap (02:30 on 2026-03-08 in America/New_York → 03:00 EDT), and
 * a time that happens twice in a fall-back change maps to its first occurrence (01:30 on
 * 2026-11-01 → 01:30 EDT). Offsets come from the runtime's tz database through
 * @date-fns/tz's `tzOffset`.
 *
 * The contract's `zonedInstant` (TZDate) does not guarantee either rule: it maps the New
 * York gap time 02:30 to 03:30 EDT, and picks the second occurrence of a repeated hour in
 * zones east of UTC (Europe/London 01:30 on 2026-10-25 → 01:30 GMT). The reminder engine
 * uses this function instead.
 */
import { tzOffset } from '@date-fns/tz';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Offset of `zone` from UTC at `epochMs`, in minutes (east positive). */
const offsetAt = (zone: string, epochMs: number) => tzOffset(zone, new Date(epochMs));

/**
 * The instant at which the wall-clock `date` (YYYY-MM-DD) and `time` ('HH:MM') happen in `zone`.
 * @returns the earliest matching instant; for a skipped time, the end of the gap.
 */
export function wallClockInstant(date: string, time: string, zone: string): Date {
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
