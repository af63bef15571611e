/**
 * Sensor files write local wall-clock times with no zone (LibreView 'Device Timestamp',
 * Clarity 'Timestamp'): this reads them in the user's IANA zone, finding every instant a
 * wall time names — two in a fall-back repeat, none in a spring-forward gap.
 */
import { tzOffset } from '@date-fns/tz';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The instants, earliest first, at which clocks in `zone` read this wall time: one usually,
 * two in the repeated hour of a fall-back change, none in a spring-forward gap.
 */
export function wallClockInstants(
  parts: { year: number; month: number; day: number; hour: number; minute: number; second: number },
  zone: string,
): Date[] {
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((shift) => tzOffset(zone, new Date(wall + shift))));
  return [...offsets]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => wall - tzOffset(zone, new Date(instant)) * MINUTE_MS === instant)
    .sort((a, b) => a - b)
    .map((instant) => new Date(instant));
}
