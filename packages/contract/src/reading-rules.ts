/**
 * When a reading may have happened: not before EARLIEST_READING_DATE and not after now (a few
 * minutes of clock skew allowed), read in the user's IANA zone. Free of zod; the server applies it.
 */
import { localDate, zonedInstant } from './dates.ts';
import { EARLIEST_READING_DATE, READING_CLOCK_SKEW_MS } from './health-constants.ts';

/** Why a reading's date or time is refused: the field to name and the reason. */
export interface ReadingTimeRefusal {
  field: 'date' | 'time';
  reason: 'future' | 'too_early';
}

/**
 * Whether a reading dated `date` (YYYY-MM-DD) at `time` ('HH:MM', or null for a date-only
 * record such as weight or a lab result) in `zone` may have happened by `now`.
 * With a time, its instant may be at most READING_CLOCK_SKEW_MS after `now` (a Kolkata user just
 * past midnight logs the new day while UTC is still on the old one); the field named is 'date'
 * when the date itself is after today, else 'time'. Without one, the date may be at most today.
 * @returns null when allowed, else the refused field and why
 */
export function readingTimeRefusal(
  date: string,
  time: string | null,
  now: Date,
  zone: string,
): ReadingTimeRefusal | null {
  if (date < EARLIEST_READING_DATE) return { field: 'date', reason: 'too_early' };
  // A date whose UTC midnight is two days or more before `now` is over in every zone (offsets
  // run from −12 h to +14 h): allowed without reading the zone (decision 105).
  if (Date.parse(`${date}T00:00:00Z`) + 2 * DAY_MS <= now.getTime()) return null;
  if (time === null) return date > localDate(now, zone) ? { field: 'date', reason: 'future' } : null;
  if (zonedInstant(date, time, zone).getTime() <= now.getTime() + READING_CLOCK_SKEW_MS) return null;
  // Today's date in the zone is read only for a refusal, to name its field.
  return { field: date > localDate(now, zone) ? 'date' : 'time', reason: 'future' };
}

/** A day in ms: no zone's date differs from UTC's by more (offsets run from −12 h to +14 h). */
const DAY_MS = 86_400_000;
/** EARLIEST_READING_DATE's first instant in UTC. */
const EARLIEST_READING_MS = Date.parse(`${EARLIEST_READING_DATE}T00:00:00Z`);

/**
 * The same rule for a reading known by its instant (an imported sensor reading): 'too_early'
 * when its date in `zone` is before EARLIEST_READING_DATE, 'future' when it is more than
 * READING_CLOCK_SKEW_MS after `now`; null when allowed. The zone's date is read only for an
 * instant within a day of the floor (a sensor file may hold a million readings).
 * @param at the reading's instant, a valid Date (the caller refuses an invalid one)
 */
export function readingInstantRefusal(at: Date, now: Date, zone: string): ReadingTimeRefusal['reason'] | null {
  const ms = at.getTime();
  if (ms > now.getTime() + READING_CLOCK_SKEW_MS) return 'future';
  if (ms >= EARLIEST_READING_MS + DAY_MS) return null;
  return localDate(at, zone) < EARLIEST_READING_DATE ? 'too_early' : null;
}
