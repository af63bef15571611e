/**
 * ISO 8601 date-times with the user's offset for the export ('2026-11-23T08:00:00+05:30'). Readings
 * are wall-clock times in the user's zone; the contract's `zonedInstant` resolves DST gaps and
 * overlaps as reminders do.
 */
import { TZDate } from '@date-fns/tz';
import { zonedInstant } from '@diacare/contract/dates';
import { format } from 'date-fns';

/** `instant` as 'YYYY-MM-DDTHH:mm:ss±hh:mm' in `zone` (offset always numeric, '+00:00' for UTC). */
export function isoInZone(instant: Date, zone: string): string {
  return format(new TZDate(instant, zone), "yyyy-MM-dd'T'HH:mm:ssxxx");
}

/** Wall-clock `date` (YYYY-MM-DD) and `time` ('HH:MM') in `zone` as an ISO date-time with offset. */
export function isoLocal(date: string, time: string, zone: string): string {
  return isoInZone(zonedInstant(date, time, zone), zone);
}
