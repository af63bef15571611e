/**
 * The rule every imported row keeps — a sensor file's or a Nightscout site's — the one a typed
 * reading keeps (POST /api/health/glucose): a value within the contract's GLUCOSE_BOUNDS, an
 * instant no later than now plus READING_CLOCK_SKEW_MS and a date (in the user's zone) not
 * before EARLIEST_READING_DATE (the contract's reading-rules.ts, readingInstantRefusal), a real
 * calendar date and time (the parsers refuse 31 February as `invalid_date`). A device's Low/High is kept at the device's limit, flagged, which lies
 * within the bounds. A refused row is counted by reason, never stored. Decision 071.
 */
import { GLUCOSE_BOUNDS } from '@diacare/contract/health-constants';
import { IMPORT_SKIP_REASONS, type ImportSkipReason, type ImportSkipped } from '@diacare/contract/imports';
import { readingInstantRefusal } from '@diacare/contract/reading-rules';
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
  if (!Number.isFinite(reading.measuredAt.getTime())) return 'invalid_date';
  return readingInstantRefusal(reading.measuredAt, now, zone);
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
