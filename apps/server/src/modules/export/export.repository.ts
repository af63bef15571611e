/**
 * Reads one user's rows for the export, page by page: every query is scoped to the user and walks
 * its table by keyset in the order of its (user_id, date, …) index, so a page costs the same at
 * year 1 and year 10. Decision 020.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  adherenceRecords,
  appointments,
  bloodPressureReadings,
  bodyMetrics,
  careMembers,
  glucoseReadings,
  insulinDoses,
  mealPhotos,
  meals,
  labResults,
  sensorReadings,
  medications,
  users,
} from '../../db/schema.ts';

/** Rows fetched per query: large enough to keep round trips few, small enough to stay flat. */
export const EXPORT_PAGE_SIZE = 500;

export type UserRow = typeof users.$inferSelect;
export type MedicationRow = typeof medications.$inferSelect;
export type AdherenceRow = typeof adherenceRecords.$inferSelect;
export type GlucoseRow = typeof glucoseReadings.$inferSelect;
export type BloodPressureRow = typeof bloodPressureReadings.$inferSelect;
export type BodyMetricsRow = typeof bodyMetrics.$inferSelect;
export type AppointmentRow = typeof appointments.$inferSelect;
export type LabRow = typeof labResults.$inferSelect;
export type InsulinRow = typeof insulinDoses.$inferSelect;
export type MealExportRow = typeof meals.$inferSelect;
export type SensorRow = typeof sensorReadings.$inferSelect;
/** A care-circle membership seen from the exporting user: someone in their circle, or someone they care for. */
export interface CareCircleRow {
  id: string;
  direction: 'in_my_circle' | 'i_care_for';
  person: string;
  email: string | null;
  role: string;
  scopes: string[];
  can_mark_taken: boolean;
  created_at: Date;
}

/**
 * Yields every row of a keyset-paginated query. `fetchPage(after)` returns the next
 * EXPORT_PAGE_SIZE rows after the row `after` (undefined for the first page).
 */
async function* keyset<Row>(fetchPage: (after: Row | undefined) => Promise<Row[]>): AsyncGenerator<Row> {
  let after: Row | undefined;
  for (;;) {
    const page = await fetchPage(after);
    yield* page;
    if (page.length < EXPORT_PAGE_SIZE) return;
    after = page.at(-1);
  }
}

/** `and(user's rows, after the keyset)`: `after` is a row comparison or undefined on the first page. */
const scoped = (owner: SQL, after: SQL | undefined) => (after ? and(owner, after) : owner);

export function createExportRepository(db: Database) {
  return {
    /** The user's own row (the FHIR Patient), or undefined when it is gone. */
    async user(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },

    /**
     * Every medication of the user, archived ones included (their adherence stays in the
     * export), by id. (Keysets avoid timestamps: PostgreSQL keeps microseconds, a JS Date
     * only milliseconds, so the last row of a page could come back again.)
     */
    medications: (userId: string) =>
      keyset<MedicationRow>((after) =>
        db
          .select()
          .from(medications)
          .where(scoped(eq(medications.user_id, userId), after && sql`${medications.id} > ${after.id}::uuid`))
          .orderBy(asc(medications.id))
          .limit(EXPORT_PAGE_SIZE),
      ),

    /** Every stored adherence record of the user, by dose date and time. */
    adherence: (userId: string) =>
      keyset<AdherenceRow>((after) =>
        db
          .select()
          .from(adherenceRecords)
          .where(
            scoped(
              eq(adherenceRecords.user_id, userId),
              after &&
                sql`(${adherenceRecords.date}, ${adherenceRecords.scheduled_time}, ${adherenceRecords.id}) > (${after.date}::date, ${after.scheduled_time}::text, ${after.id}::uuid)`,
            ),
          )
          .orderBy(asc(adherenceRecords.date), asc(adherenceRecords.scheduled_time), asc(adherenceRecords.id))
          .limit(EXPORT_PAGE_SIZE),
      ),

    /** Every glucose reading of the user, oldest first. */
    glucose: (userId: string) =>
      keyset<GlucoseRow>((after) =>
        db
          .select()
          .from(glucoseReadings)
          .where(
            scoped(
              eq(glucoseReadings.user_id, userId),
              after &&
                sql`(${glucoseReadings.date}, ${glucoseReadings.time}, ${glucoseReadings.id}) > (${after.date}::date, ${after.time}::text, ${after.id}::uuid)`,
            ),
          )
          .orderBy(asc(glucoseReadings.date), asc(glucoseReadings.time), asc(glucoseReadings.id))
          .limit(EXPORT_PAGE_SIZE),
      ),

    /** Every blood-pressure reading of the user, oldest first. */
    bloodPressure: (userId: string) =>
      keyset<BloodPressureRow>((after) =>
        db
          .select()
          .from(bloodPressureReadings)
          .where(
            scoped(
              eq(bloodPressureReadings.user_id, userId),
              after &&
                sql`(${bloodPressureReadings.date}, ${bloodPressureReadings.time}, ${bloodPressureReadings.id}) > (${after.date}::date, ${after.time}::text, ${after.id}::uuid)`,
            ),
          )
          .orderBy(asc(bloodPressureReadings.date), asc(bloodPressureReadings.time), asc(bloodPressureReadings.id))
          .limit(EXPORT_PAGE_SIZE),
      ),

    /** Every body-metrics entry of the user, by date (then id: entries of one day have no time). */
    bodyMetrics: (userId: string) =>
      keyset<BodyMetricsRow>((after) =>
        db
          .select()
          .from(bodyMetrics)
          .where(
            scoped(
              eq(bodyMetrics.user_id, userId),
              after && sql`(${bodyMetrics.date}, ${bodyMetrics.id}) > (${after.date}::date, ${after.id}::uuid)`,
            ),
          )
          .orderBy(asc(bodyMetrics.date), asc(bodyMetrics.id))
          .limit(EXPORT_PAGE_SIZE),
      ),

    /** Every appointment of the user, by start (whole minutes, so a Date keyset is exact). */
    appointments: (userId: string) =>
      keyset<AppointmentRow>((after) =>
        db
          .select()
          .from(appointments)
          .where(
            scoped(
              eq(appointments.user_id, userId),
              after &&
                sql`(${appointments.starts_at}, ${appointments.id}) > (${after.starts_at.toISOString()}::timestamptz, ${after.id}::uuid)`,
            ),
          )
          .orderBy(asc(appointments.starts_at), asc(appointments.id))
          .limit(EXPORT_PAGE_SIZE),
      ),

    /** Every lab result of the user, by date (then id: a result has no time of day). */
    labs: (userId: string) =>
      keyset<LabRow>((after) =>
        db
          .select()
          .from(labResults)
          .where(
            scoped(
              eq(labResults.user_id, userId),
              after && sql`(${labResults.date}, ${labResults.id}) > (${after.date}::date, ${after.id}::uuid)`,
            ),
          )
          .orderBy(asc(labResults.date), asc(labResults.id))
          .limit(EXPORT_PAGE_SIZE),
      ),

    /** Every insulin dose of the user, oldest first. */
    insulin: (userId: string) =>
      keyset<InsulinRow>((after) =>
        db
          .select()
          .from(insulinDoses)
          .where(
            scoped(
              eq(insulinDoses.user_id, userId),
              after &&
                sql`(${insulinDoses.date}, ${insulinDoses.time}, ${insulinDoses.id}) > (${after.date}::date, ${after.time}::text, ${after.id}::uuid)`,
            ),
          )
          .orderBy(asc(insulinDoses.date), asc(insulinDoses.time), asc(insulinDoses.id))
          .limit(EXPORT_PAGE_SIZE),
      ),

    /** Every meal of the user, oldest first (decision 088). */
    meals: (userId: string) =>
      keyset<MealExportRow>((after) =>
        db
          .select()
          .from(meals)
          .where(
            scoped(
              eq(meals.user_id, userId),
              after &&
                sql`(${meals.date}, ${meals.time}, ${meals.id}) > (${after.date}::date, ${after.time}::text, ${after.id}::uuid)`,
            ),
          )
          .orderBy(asc(meals.date), asc(meals.time), asc(meals.id))
          .limit(EXPORT_PAGE_SIZE),
      ),

    /** The ids of the user's meals that have a photo (a list of ids, not the photos). */
    async mealPhotoIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: mealPhotos.meal_id })
        .from(mealPhotos)
        .where(eq(mealPhotos.user_id, userId))
        .orderBy(asc(mealPhotos.meal_id));
      return rows.map((row) => row.id);
    },

    /** One photo of the user's meal `mealId`, read when the ZIP reaches it; null when gone. */
    async mealPhoto(userId: string, mealId: string): Promise<Buffer | null> {
      const [row] = await db
        .select({ bytes: mealPhotos.bytes })
        .from(mealPhotos)
        .where(and(eq(mealPhotos.user_id, userId), eq(mealPhotos.meal_id, mealId)));
      return row?.bytes ?? null;
    },

    /** Every imported sensor reading of the user, by instant (then id). */
    sensorReadings: (userId: string) =>
      keyset<SensorRow>((after) =>
        db
          .select()
          .from(sensorReadings)
          .where(
            scoped(
              eq(sensorReadings.user_id, userId),
              after &&
                sql`(${sensorReadings.measured_at}, ${sensorReadings.id}) > (${after.measured_at.toISOString()}::timestamptz, ${after.id}::uuid)`,
            ),
          )
          .orderBy(asc(sensorReadings.measured_at), asc(sensorReadings.id))
          .limit(EXPORT_PAGE_SIZE),
      ),
    /**
     * The user's care circle both ways: the members of their circle (name and
     * email, as GET /api/care/members shows them), then the people they care for (name only).
     * A circle is a handful of people, so one query each, not pages.
     */
    async *careCircle(userId: string): AsyncGenerator<CareCircleRow> {
      const select = { member: careMembers, name: users.name, email: users.email };
      const mine = await db
        .select(select)
        .from(careMembers)
        .innerJoin(users, eq(users.id, careMembers.member_id))
        .where(eq(careMembers.patient_id, userId))
        .orderBy(asc(careMembers.created_at), asc(careMembers.id));
      const theirs = await db
        .select(select)
        .from(careMembers)
        .innerJoin(users, eq(users.id, careMembers.patient_id))
        .where(eq(careMembers.member_id, userId))
        .orderBy(asc(careMembers.created_at), asc(careMembers.id));
      for (const [direction, rows] of [
        ['in_my_circle', mine],
        ['i_care_for', theirs],
      ] as const) {
        for (const { member, name, email } of rows) {
          yield {
            id: member.id,
            direction,
            person: name ?? email ?? '',
            email: direction === 'in_my_circle' ? email : null,
            role: member.role,
            scopes: member.scopes,
            can_mark_taken: member.can_mark_taken,
            created_at: member.created_at,
          };
        }
      }
    },
  };
}
export type ExportRepository = ReturnType<typeof createExportRepository>;
