/**
 * The server side of the contract's reading-time rule: one 400 for every typed reading whose
 * date or time is in the future or before EARLIEST_READING_DATE.
 */
import { EARLIEST_READING_DATE } from '@diacare/contract/health-constants';
import { readingTimeRefusal } from '@diacare/contract/reading-rules';
import { badRequest } from '../../plugins/errors.ts';

/**
 * Refuses a reading dated `date` (YYYY-MM-DD) at `time` ('HH:MM', null for date-only records)
 * in the user's `zone` that cannot have happened by `now` (the injected clock's).
 * @throws HttpError 400 'date: must not be in the future', 'time: must not be later than now' or
 *   'date: must not be before 2000-01-01'
 */
export function refuseImpossibleReadingTime(date: string, time: string | null, now: Date, zone: string): void {
  const refusal = readingTimeRefusal(date, time, now, zone);
  if (!refusal) return;
  throw refusal.reason === 'future'
    ? badRequest(refusal.field, refusal.field === 'time' ? 'error.time_future' : 'error.date_future')
    : badRequest(refusal.field, 'error.date_too_early', { date: EARLIEST_READING_DATE });
}
