/**
 * Every glucose reading of a period, manual and imported sensor readings together
 * (decision 052): what Reports, History and the doctor report measure glucose from. Imported
 * readings are only read here; alerts and reminders never see them (decision 046).
 */
import type { GlucoseReading } from '@diacare/contract/health';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { glucoseReadings, sensorReadings } from '../../db/schema.ts';

/** One reading of a period, whichever its source; `meal_context` is null for sensor readings. */
export interface PeriodGlucoseReading {
  /** YYYY-MM-DD and 'HH:MM' in the user's zone. */
  date: string;
  time: string;
  /** mg/dL */
  value: number;
  source: 'manual' | 'sensor';
  meal_context: GlucoseReading['meal_context'] | null;
  /** An imported reading's kind: 'cgm' (every 5 or 15 minutes), 'scan' or 'strip'; null when logged. */
  kind: 'cgm' | 'scan' | 'strip' | null;
}

/** The period's glucose readings statement over `db`. */
export function createGlucoseReadingsRepository(db: Database) {
  return {
    /**
     * All of `userId`'s glucose readings dated `start`..`end` (inclusive, YYYY-MM-DD in the
     * user's zone), manual and imported, oldest first (by date, time, manual before sensor).
     * A 90-day CGM period is ~26,000 rows of five small columns.
     */
    async glucoseReadingsInPeriod(userId: string, start: string, end: string): Promise<PeriodGlucoseReading[]> {
      const [manual, sensor] = await Promise.all([
        db
          .select({
            date: glucoseReadings.date,
            time: glucoseReadings.time,
            value: glucoseReadings.value,
            meal_context: glucoseReadings.meal_context,
          })
          .from(glucoseReadings)
          .where(
            and(eq(glucoseReadings.user_id, userId), gte(glucoseReadings.date, start), lte(glucoseReadings.date, end)),
          ),
        db
          .select({
            date: sensorReadings.date,
            time: sensorReadings.time,
            value: sensorReadings.value,
            kind: sensorReadings.kind,
          })
          .from(sensorReadings)
          .where(
            and(eq(sensorReadings.user_id, userId), gte(sensorReadings.date, start), lte(sensorReadings.date, end)),
          )
          .orderBy(asc(sensorReadings.date), asc(sensorReadings.time)),
      ]);
      const all: PeriodGlucoseReading[] = [
        ...manual.map((row) => ({
          ...row,
          source: 'manual' as const,
          meal_context: row.meal_context as GlucoseReading['meal_context'],
          kind: null,
        })),
        ...sensor.map((row) => ({
          ...row,
          source: 'sensor' as const,
          meal_context: null,
          kind: row.kind as PeriodGlucoseReading['kind'],
        })),
      ];
      return all.sort(
        (a, b) =>
          a.date.localeCompare(b.date) ||
          a.time.localeCompare(b.time) ||
          (a.source === b.source ? 0 : a.source === 'manual' ? -1 : 1),
      );
    },
  };
}
export type GlucoseReadingsRepository = ReturnType<typeof createGlucoseReadingsRepository>;
