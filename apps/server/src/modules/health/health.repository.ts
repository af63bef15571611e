/**
 * SQL for health readings (glucose, blood pressure, body metrics), always scoped to the
 * user. Lists are newest first and filter by an inclusive date range; each query leads
 * with (user_id, date), the columns its table's index leads with.
 */
import type { MealContext } from '@diacare/contract/health-constants';
import type { BloodPressureReading, BodyMetrics, GlucoseReading } from '@diacare/contract/health';
import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { plainRows } from '../../db/plain-rows.ts';
import { bloodPressureReadings, bodyMetrics, glucoseReadings } from '../../db/schema.ts';

/** Inclusive YYYY-MM-DD bounds, either may be absent; `limit` keeps only the newest readings. */
export interface DateRange {
  start_date?: string | undefined;
  end_date?: string | undefined;
  limit?: number | undefined;
}

type Table = typeof glucoseReadings | typeof bloodPressureReadings | typeof bodyMetrics;

/** The user's rows of `table` whose date lies within `range` (both ends inclusive). */
function inRange(table: Table, userId: string, range: DateRange): SQL | undefined {
  const conditions = [eq(table.user_id, userId)];
  if (range.start_date) conditions.push(gte(table.date, range.start_date));
  if (range.end_date) conditions.push(lte(table.date, range.end_date));
  return and(...conditions);
}

export interface NewGlucoseReading {
  /** mg/dL */
  value: number;
  meal_context: MealContext;
  date: string;
  time: string;
}

export interface NewBloodPressureReading {
  /** mmHg */
  systolic: number;
  /** mmHg */
  diastolic: number;
  /** beats per minute, or null */
  pulse: number | null;
  date: string;
  time: string;
}

export interface NewBodyMetrics {
  /** kg */
  weight: number;
  /** cm */
  height: number;
  /** kg/m², one decimal, computed by the caller */
  bmi: number;
  date: string;
}

/**
 * The columns a GlucoseReading is made of: the lists and the insert select no more (no
 * timestamp parsed per row, decision 105).
 */
const glucoseColumns = {
  id: glucoseReadings.id,
  value: glucoseReadings.value,
  meal_context: glucoseReadings.meal_context,
  date: glucoseReadings.date,
  time: glucoseReadings.time,
};

const toGlucose = (row: Pick<typeof glucoseReadings.$inferSelect, keyof typeof glucoseColumns>): GlucoseReading => ({
  id: row.id,
  value: row.value,
  meal_context: row.meal_context as MealContext,
  date: row.date,
  time: row.time,
});

const toBloodPressure = (row: typeof bloodPressureReadings.$inferSelect): BloodPressureReading => ({
  id: row.id,
  systolic: row.systolic,
  diastolic: row.diastolic,
  pulse: row.pulse,
  date: row.date,
  time: row.time,
});

// numeric columns use Drizzle's mode 'number'; Number() keeps the JSON a number even if a
// driver hands back the string form PostgreSQL uses for numeric.
const toBodyMetrics = (row: typeof bodyMetrics.$inferSelect): BodyMetrics => ({
  id: row.id,
  weight: Number(row.weight),
  height: Number(row.height),
  bmi: Number(row.bmi),
  date: row.date,
});

/** `query` cut to the range's `limit` when it has one. */
function limited<Query extends PgSelect>(query: Query, range: DateRange): Query {
  return range.limit === undefined ? query : query.limit(range.limit);
}

/**
 * The range queries behind the lists, newest first, as Drizzle query builders: the lists
 * run them and the index test EXPLAINs exactly these.
 */
export function readingRangeQueries(db: Database) {
  return {
    /** Glucose: date, then time, newest first; on a tie the later-saved reading first. */
    glucose: (userId: string, range: DateRange) =>
      limited(
        db
          .select(glucoseColumns)
          .from(glucoseReadings)
          .where(inRange(glucoseReadings, userId, range))
          .orderBy(desc(glucoseReadings.date), desc(glucoseReadings.time), desc(glucoseReadings.created_at))
          .$dynamic(),
        range,
      ),

    /** Blood pressure: date, then time, newest first; on a tie the later-saved reading first. */
    bloodPressure: (userId: string, range: DateRange) =>
      limited(
        db
          .select()
          .from(bloodPressureReadings)
          .where(inRange(bloodPressureReadings, userId, range))
          .orderBy(
            desc(bloodPressureReadings.date),
            desc(bloodPressureReadings.time),
            desc(bloodPressureReadings.created_at),
          )
          .$dynamic(),
        range,
      ),

    /** Body metrics have no time of day: date, then when saved, newest first. */
    bodyMetrics: (userId: string, range: DateRange) =>
      limited(
        db
          .select()
          .from(bodyMetrics)
          .where(inRange(bodyMetrics, userId, range))
          .orderBy(desc(bodyMetrics.date), desc(bodyMetrics.created_at))
          .$dynamic(),
        range,
      ),
  };
}

export function createHealthRepository(db: Database) {
  const queries = readingRangeQueries(db);
  // Home, Reports and History read the glucose of a date range and people log readings all
  // day: those two statements are prepared once (built once by Drizzle, parsed and planned
  // once per connection by PostgreSQL). Same SQL as queries.glucose.
  const glucoseInRange = db
    .select(glucoseColumns)
    .from(glucoseReadings)
    .where(
      and(
        eq(glucoseReadings.user_id, sql.placeholder('userId')),
        gte(glucoseReadings.date, sql.placeholder('start')),
        lte(glucoseReadings.date, sql.placeholder('end')),
      ),
    )
    .orderBy(desc(glucoseReadings.date), desc(glucoseReadings.time), desc(glucoseReadings.created_at))
    .limit(sql.placeholder('limit'))
    .prepare('diacare_glucose_in_range');
  const insertGlucose = db
    .insert(glucoseReadings)
    .values({
      user_id: sql.placeholder('userId'),
      value: sql.placeholder('value'),
      meal_context: sql.placeholder('meal_context'),
      date: sql.placeholder('date'),
      time: sql.placeholder('time'),
    })
    .returning(glucoseColumns)
    .prepare('diacare_insert_glucose');

  return {
    /** The user's glucose readings dated within `range`, newest first. */
    async listGlucose(userId: string, range: DateRange): Promise<GlucoseReading[]> {
      if (range.start_date && range.end_date && range.limit !== undefined) {
        const { start_date: start, end_date: end, limit } = range;
        const rows = await plainRows(glucoseInRange, { userId, start, end, limit });
        return rows.map(toGlucose);
      }
      return (await queries.glucose(userId, range)).map(toGlucose);
    },

    async createGlucose(userId: string, values: NewGlucoseReading): Promise<GlucoseReading> {
      const [row] = await plainRows(insertGlucose, { userId, ...values });
      return toGlucose(row!);
    },

    /** The user's blood-pressure readings dated within `range`, newest first. */
    async listBloodPressure(userId: string, range: DateRange): Promise<BloodPressureReading[]> {
      return (await queries.bloodPressure(userId, range)).map(toBloodPressure);
    },

    async createBloodPressure(userId: string, values: NewBloodPressureReading): Promise<BloodPressureReading> {
      const [row] = await db
        .insert(bloodPressureReadings)
        .values({ user_id: userId, ...values })
        .returning();
      return toBloodPressure(row!);
    },

    /** The user's body metrics dated within `range`, newest first. */
    async listBodyMetrics(userId: string, range: DateRange): Promise<BodyMetrics[]> {
      return (await queries.bodyMetrics(userId, range)).map(toBodyMetrics);
    },

    async createBodyMetrics(userId: string, values: NewBodyMetrics): Promise<BodyMetrics> {
      const [row] = await db
        .insert(bodyMetrics)
        .values({ user_id: userId, ...values })
        .returning();
      return toBodyMetrics(row!);
    },

    /** Replaces the user's glucose reading `id`; null when the user has no such reading. */
    async updateGlucose(userId: string, id: string, values: NewGlucoseReading): Promise<GlucoseReading | null> {
      const [row] = await db
        .update(glucoseReadings)
        .set(values)
        .where(and(eq(glucoseReadings.id, id), eq(glucoseReadings.user_id, userId)))
        .returning();
      return row ? toGlucose(row) : null;
    },

    /** Deletes the user's glucose reading `id` and returns it; null when the user has no such reading. */
    async deleteGlucose(userId: string, id: string): Promise<GlucoseReading | null> {
      const [row] = await db
        .delete(glucoseReadings)
        .where(and(eq(glucoseReadings.id, id), eq(glucoseReadings.user_id, userId)))
        .returning();
      return row ? toGlucose(row) : null;
    },

    /** Replaces the user's blood-pressure reading `id`; null when the user has no such reading. */
    async updateBloodPressure(
      userId: string,
      id: string,
      values: NewBloodPressureReading,
    ): Promise<BloodPressureReading | null> {
      const [row] = await db
        .update(bloodPressureReadings)
        .set(values)
        .where(and(eq(bloodPressureReadings.id, id), eq(bloodPressureReadings.user_id, userId)))
        .returning();
      return row ? toBloodPressure(row) : null;
    },

    /** Deletes the user's blood-pressure reading `id` and returns it; null when the user has no such reading. */
    async deleteBloodPressure(userId: string, id: string): Promise<BloodPressureReading | null> {
      const [row] = await db
        .delete(bloodPressureReadings)
        .where(and(eq(bloodPressureReadings.id, id), eq(bloodPressureReadings.user_id, userId)))
        .returning();
      return row ? toBloodPressure(row) : null;
    },

    /** Replaces the user's body metrics `id` (bmi computed by the caller); null when the user has none such. */
    async updateBodyMetrics(userId: string, id: string, values: NewBodyMetrics): Promise<BodyMetrics | null> {
      const [row] = await db
        .update(bodyMetrics)
        .set(values)
        .where(and(eq(bodyMetrics.id, id), eq(bodyMetrics.user_id, userId)))
        .returning();
      return row ? toBodyMetrics(row) : null;
    },

    /** Deletes the user's body metrics `id` and returns them; null when the user has none such. */
    async deleteBodyMetrics(userId: string, id: string): Promise<BodyMetrics | null> {
      const [row] = await db
        .delete(bodyMetrics)
        .where(and(eq(bodyMetrics.id, id), eq(bodyMetrics.user_id, userId)))
        .returning();
      return row ? toBodyMetrics(row) : null;
    },
  };
}
