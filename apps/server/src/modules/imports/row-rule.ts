/**
 * The rule every imported row keeps — a sensor file's or a Nightscout site's — the one a typed
 * reading keeps (POST /api/health/glucose): a value within the contract's GLUCOSE_BOUNDS, an
 * instant no later than now plus READING_CLOCK_SKEW_MS, a date (in the user's zone) not before
 * EARLIEST_READING_DATE, a real calendar date and time (the parsers refuse 31 February as
 * `invalid_date`). A device's Low/High is kept at the device's limit, flagged, which lies
 * within the bounds. A refused row is counted by reason, never stored. Decision 071.
 */
import { localDate } from '@diacare/contract/dates';
import { EARLIEST_READING_DATE, GLUCOSE_BOUNDS, READING_CLOCK_SKEW_MS } from '@diacare/contract/health-constants';
import { IMPORT_SKIP_REASONS, type ImportSkipReason, type ImportSkipped } from '@diacare/contract/imports';
import type { ParsedRow, SensorReading } from './parsers/types.ts';

/**
 * Why `reading` may not be stored, or null when it may.
 * @param reading its instant and its value in mg/dL
 * @param now the server's clock
 * @param zone the user's IANA zone, in which its date is read against EARLIEST_READING_DATE
 * @returns 'invalid_value' (not a finite number), 'out_of_range' (outside GLUCOSE_BOUNDS),
 *   'invalid_date' (no instant), 'future' or 'too_early'; null when it keeps the rule
 */
export function readingRefusal(
  reading: Pick<SensorReading, 'measuredAt' | 'valueMgDl'>,
  now: Date,
  zone: string,
): ImportSkipReason | null {
  const [min, max] = GLUCOSE_BOUNDS.value;
  if (!Number.isFinite(reading.valueMgDl)) return 'invalid_value';
  if (reading.valueMgDl < min || reading.valueMgDl > max) return 'out_of_range';
  const at = reading.measuredAt.getTime();
  if (!Number.isFinite(at)) return 'invalid_date';
  if (at > now.getTime() + READING_CLOCK_SKEW_MS) return 'future';
  if (localDate(reading.measuredAt, zone) < EARLIEST_READING_DATE) return 'too_early';
  return null;
}

/** No row refused yet: a count of 0 for every reason. */
export function noneSkipped(): ImportSkipped {
  return {
    count: 0,
    reasons: Object.fromEntries(IMPORT_SKIP_REASONS.map((reason) => [reason, 0])) as ImportSkipped['reasons'],
  };
}

/**
 * The readings of `rows` that keep the rule (readingRefusal); every other row — one the parser
 * already refused, or one the rule refuses — is counted in `skipped` (changed in place).
 */
export function keepingTheRule(
  rows: Iterable<ParsedRow>,
  now: Date,
  zone: string,
  skipped: ImportSkipped,
): SensorReading[] {
  const kept: SensorReading[] = [];
  for (const row of rows) {
    const reason = 'refused' in row ? row.refused : readingRefusal(row, now, zone);
    if (reason !== null) {
      skipped.count += 1;
      skipped.reasons[reason] += 1;
    } else if (!('refused' in row)) kept.push(row);
  }
  return kept;
}
