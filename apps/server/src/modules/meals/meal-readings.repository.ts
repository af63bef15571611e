/**
 * The readings a meal's response is read from (decision 089): sensor readings by their instant,
 * typed finger-stick readings turned into instants in the person's zone, and the person's meals
 * as instants (the next meal ends a meal's window). Sorted by instant for window look-ups.
 */
import { shiftDate, zonedInstant } from '@diacare/contract/dates';
import type { MealContext } from '@diacare/contract/health-constants';
import type { MealType } from '@diacare/contract/meal-constants';
import type { TimedReading } from '@diacare/contract/meal-response';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { glucoseReadings, meals, sensorReadings } from '../../db/schema.ts';

export interface MealReadings {
  sensor: TimedReading[];
  fingersticks: TimedReading[];
}

/** The first index of `sorted` (by `at`) at or after `at` (binary search). */
export function firstAtOrAfter(sorted: readonly { at: number }[], at: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]!.at < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The readings of `sorted` from `from` to `to` (ms, inclusive). */
export const readingsWithin = (sorted: readonly TimedReading[], from: number, to: number) =>
  sorted.slice(firstAtOrAfter(sorted, from), firstAtOrAfter(sorted, to + 1));

/** The dates a day either side of `date`: a meal's windows never reach further. */
export const aroundDate = (date: string) => [shiftDate(date, -1), shiftDate(date, 1)] as const;

/** The meal response's reads over `db`. */
export function createMealReadingsRepository(db: Database) {
  return {
    /**
     * `userId`'s sensor and finger-stick readings dated `start`..`end` (YYYY-MM-DD, inclusive; the
     * caller widens by a day for windows that cross midnight), each sorted by instant.
     */
    async readingsBetween(userId: string, zone: string, start: string, end: string): Promise<MealReadings> {
      const [sensor, manual] = await Promise.all([
        // The instant as epoch ms (a number, not a Date to parse): 90 days are ~26,000 rows.
        db
          .select({
            value: sensorReadings.value,
            at: sql<number>`(extract(epoch from ${sensorReadings.measured_at}) * 1000)::float8`.mapWith(Number),
          })
          .from(sensorReadings)
          .where(
            and(eq(sensorReadings.user_id, userId), gte(sensorReadings.date, start), lte(sensorReadings.date, end)),
          ),
        db
          .select({
            value: glucoseReadings.value,
            date: glucoseReadings.date,
            time: glucoseReadings.time,
            meal_context: glucoseReadings.meal_context,
          })
          .from(glucoseReadings)
          .where(
            and(eq(glucoseReadings.user_id, userId), gte(glucoseReadings.date, start), lte(glucoseReadings.date, end)),
          ),
      ]);
      return {
        sensor: sensor.sort((a, b) => a.at - b.at),
        fingersticks: manual
          .map((row) => ({
            value: row.value,
            at: zonedInstant(row.date, row.time, zone).getTime(),
            meal_context: row.meal_context as MealContext,
          }))
          .sort((a, b) => a.at - b.at),
      };
    },

    /** The user's meals dated `start`..`end` as instants and types, oldest first. */
    async mealMomentsBetween(userId: string, zone: string, start: string, end: string) {
      const rows = await db
        .select({ id: meals.id, date: meals.date, time: meals.time, meal_type: meals.meal_type })
        .from(meals)
        .where(and(eq(meals.user_id, userId), gte(meals.date, start), lte(meals.date, end)));
      return rows
        .map((row) => ({
          id: row.id,
          at: zonedInstant(row.date, row.time, zone).getTime(),
          meal_type: row.meal_type as MealType,
        }))
        .sort((a, b) => a.at - b.at);
    },
  };
}
export type MealReadingsRepository = ReturnType<typeof createMealReadingsRepository>;
