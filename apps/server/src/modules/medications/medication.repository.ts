/**
 * SQL for medications and adherence records. Every statement is scoped to the user:
 * another user's id behaves exactly like an id that does not exist.
 */
import type {
  AdherenceInput,
  AdherenceRecord,
  AdherenceStatus,
  Medication,
  medicationInputSchema,
} from '@diacare/contract/medications';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { plainRows } from '../../db/plain-rows.ts';
import { adherenceRecords, medications, users } from '../../db/schema.ts';

/** The columns a Medication is made of: what the active lists select (decision 105). */
const medicationColumns = {
  id: medications.id,
  name: medications.name,
  dosage: medications.dosage,
  form: medications.form,
  instructions: medications.instructions,
  color: medications.color,
  when_to_take: medications.when_to_take,
  frequency: medications.frequency,
  times: medications.times,
  weekdays: medications.weekdays,
  start_date: medications.start_date,
  refill_enabled: medications.refill_enabled,
  pills_remaining: medications.pills_remaining,
  refill_threshold: medications.refill_threshold,
  insulin_type: medications.insulin_type,
  created_at: medications.created_at,
};
/** A medication row as the lists select it (medicationColumns); a whole row is one too. */
type MedicationRow = Pick<typeof medications.$inferSelect, keyof typeof medicationColumns>;
/** The columns an AdherenceRecord is made of (recorded_by names the member): what the lists select (decision 105). */
const adherenceColumns = {
  id: adherenceRecords.id,
  medication_id: adherenceRecords.medication_id,
  date: adherenceRecords.date,
  scheduled_time: adherenceRecords.scheduled_time,
  taken_time: adherenceRecords.taken_time,
  status: adherenceRecords.status,
  recorded_by: adherenceRecords.recorded_by,
};
type AdherenceRow = typeof adherenceRecords.$inferSelect;
/** An adherence row as the lists select it (adherenceColumns); a whole row is one too. */
type AdherenceListRow = Pick<AdherenceRow, keyof typeof adherenceColumns>;
/** A validated medication payload (defaults applied). */
export type MedicationValues = z.output<typeof medicationInputSchema>;

/** The API shape of a medication row. */
export function toMedication(row: MedicationRow): Medication {
  return {
    id: row.id,
    name: row.name,
    dosage: row.dosage,
    form: row.form,
    instructions: row.instructions,
    color: row.color,
    when_to_take: row.when_to_take,
    schedule: {
      frequency: row.frequency,
      times: row.times,
      weekdays: row.weekdays,
      start_date: row.start_date,
      end_date: null,
    },
    refill_reminder: {
      enabled: row.refill_enabled,
      pills_remaining: row.pills_remaining,
      threshold: row.refill_threshold,
    },
    insulin_type: row.insulin_type as Medication['insulin_type'],
    created_at: row.created_at.toISOString(),
  };
}

function toAdherence(row: AdherenceListRow, recorders?: Map<string, string>): AdherenceRecord {
  const recordedBy = row.recorded_by ? recorders?.get(row.recorded_by) : undefined;
  return {
    id: row.id,
    medication_id: row.medication_id,
    scheduled_time: row.scheduled_time,
    taken_time: row.taken_time,
    date: row.date,
    status: row.status,
    ...(recordedBy === undefined ? {} : { recorded_by_name: recordedBy }),
  };
}

/** The names of the care-circle members who recorded any of `rows` (decision 048), by user id. */
async function recorderNames(db: Database, rows: AdherenceListRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.recorded_by ? [row.recorded_by] : [])))];
  if (!ids.length) return new Map();
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(people.map((person) => [person.id, person.name ?? person.email ?? '']));
}

/** Column values of a payload: times sorted (spec: stored sorted), weekdays sorted, as-needed without times. */
function toColumns(values: MedicationValues) {
  const { schedule, refill_reminder: refill } = values;
  return {
    name: values.name,
    dosage: values.dosage,
    form: values.form,
    instructions: values.instructions,
    color: values.color,
    when_to_take: values.when_to_take ?? null,
    frequency: schedule.frequency,
    times: schedule.frequency === 'as-needed' ? [] : [...schedule.times].sort(),
    weekdays: schedule.frequency === 'weekly' ? [...(schedule.weekdays ?? [])].sort() : [],
    start_date: schedule.start_date,
    end_date: null,
    refill_enabled: refill.enabled,
    pills_remaining: refill.pills_remaining,
    refill_threshold: refill.threshold,
    insulin_type: values.insulin_type ?? null,
  };
}

const owned = (userId: string, id: string) =>
  and(eq(medications.id, id), eq(medications.user_id, userId), isNull(medications.archived_at));

export function createMedicationRepository(db: Database) {
  // The lists Home and Reports load on every visit, prepared once (built once by Drizzle,
  // parsed and planned once per connection by PostgreSQL).
  const activeMedications = db
    .select(medicationColumns)
    .from(medications)
    .where(and(eq(medications.user_id, sql.placeholder('userId')), isNull(medications.archived_at)))
    .orderBy(asc(medications.created_at), asc(medications.id))
    .prepare('diacare_active_medications');
  // GET /api/medications always has a limit (its query's default is MAX_LIST_LIMIT): its own
  // prepared statement, so the route's every call is not built again by Drizzle (decision 079).
  const activeMedicationsLimited = db
    .select(medicationColumns)
    .from(medications)
    .where(and(eq(medications.user_id, sql.placeholder('userId')), isNull(medications.archived_at)))
    .orderBy(asc(medications.created_at), asc(medications.id))
    .limit(sql.placeholder('limit'))
    .prepare('diacare_active_medications_limited');
  const adherenceInRange = db
    .select(adherenceColumns)
    .from(adherenceRecords)
    .where(
      and(
        eq(adherenceRecords.user_id, sql.placeholder('userId')),
        gte(adherenceRecords.date, sql.placeholder('start')),
        lte(adherenceRecords.date, sql.placeholder('end')),
      ),
    )
    .orderBy(desc(adherenceRecords.date), desc(adherenceRecords.scheduled_time))
    .limit(sql.placeholder('limit'))
    .prepare('diacare_adherence_in_range');

  /**
   * Moves the pill count when a dose's 'taken' status changes and returns the dose's new
   * `pill_used`. Taking uses a pill only when the count is on and above 0; undoing gives
   * back only a pill the dose really used, so a count at 0 stays 0.
   */
  async function movePills(
    tx: Database,
    medicationId: string,
    previous: { status: AdherenceStatus; pill_used: boolean } | null,
    next: AdherenceStatus,
  ): Promise<boolean> {
    const wasTaken = previous?.status === 'taken';
    const pillUsed = previous?.pill_used ?? false;
    if (next === 'taken') {
      if (wasTaken) return pillUsed;
      const used = await tx
        .update(medications)
        .set({ pills_remaining: sql`${medications.pills_remaining} - 1`, updated_at: new Date() })
        .where(
          and(
            eq(medications.id, medicationId),
            eq(medications.refill_enabled, true),
            gt(medications.pills_remaining, 0),
          ),
        )
        .returning({ id: medications.id });
      return used.length > 0;
    }
    if (pillUsed) {
      await tx
        .update(medications)
        .set({ pills_remaining: sql`${medications.pills_remaining} + 1`, updated_at: new Date() })
        .where(eq(medications.id, medicationId));
    }
    return false;
  }

  return {
    /** The user's active medications, oldest first; the first `limit` of them when given. */
    async list(userId: string, limit?: number): Promise<Medication[]> {
      const rows =
        limit === undefined
          ? await activeMedications.execute({ userId })
          : await activeMedicationsLimited.execute({ userId, limit });
      return rows.map(toMedication);
    },

    /** Every medication's name by id, archived ones too (their records still count). */
    async namesById(userId: string): Promise<Map<string, string>> {
      const rows = await db.select().from(medications).where(eq(medications.user_id, userId));
      return new Map(rows.map((row) => [row.id, toMedication(row).name]));
    },

    async findOwned(userId: string, id: string): Promise<Medication | null> {
      const [row] = await db.select().from(medications).where(owned(userId, id));
      return row ? toMedication(row) : null;
    },

    /**
     * Adds a medication; `now` (the app's clock) is its creation instant, from which its doses
     * are expected (decision 077).
     */
    async create(userId: string, values: MedicationValues, now: Date): Promise<Medication> {
      const [row] = await db
        .insert(medications)
        .values({ user_id: userId, ...toColumns(values), created_at: now })
        .returning();
      return toMedication(row!);
    },

    /** Replaces the medication's fields; null when it is not the user's or was deleted. */
    async update(userId: string, id: string, values: MedicationValues): Promise<Medication | null> {
      const [row] = await db
        .update(medications)
        .set({ ...toColumns(values), updated_at: new Date() })
        .where(owned(userId, id))
        .returning();
      return row ? toMedication(row) : null;
    },

    /** Whether `id` is one of the user's medications that was deleted (archived). */
    async wasDeleted(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: medications.id })
        .from(medications)
        .where(and(eq(medications.id, id), eq(medications.user_id, userId), isNotNull(medications.archived_at)));
      return rows.length > 0;
    },

    /** Archives the medication (its adherence stays for reports); false when not found. */
    async archive(userId: string, id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(medications)
        .set({ archived_at: now, updated_at: now })
        .where(owned(userId, id))
        .returning({ id: medications.id });
      return rows.length > 0;
    },

    /** Adherence records in an inclusive date range, newest first; the newest `limit` of them when given. */
    async listAdherence(
      userId: string,
      range: { start_date?: string | undefined; end_date?: string | undefined; limit?: number | undefined },
    ): Promise<AdherenceRecord[]> {
      if (range.start_date && range.end_date) {
        // LIMIT NULL is no limit: internal readers of a bounded range (reports, the assistant)
        // need every record of it; the API always passes the list's cap.
        const rows = await plainRows(adherenceInRange, {
          userId,
          start: range.start_date,
          end: range.end_date,
          limit: range.limit ?? null,
        });
        const recorders = await recorderNames(db, rows);
        return rows.map((row) => toAdherence(row, recorders));
      }
      const conditions = [eq(adherenceRecords.user_id, userId)];
      if (range.start_date) conditions.push(gte(adherenceRecords.date, range.start_date));
      if (range.end_date) conditions.push(lte(adherenceRecords.date, range.end_date));
      const query = db
        .select(adherenceColumns)
        .from(adherenceRecords)
        .where(and(...conditions))
        .orderBy(desc(adherenceRecords.date), desc(adherenceRecords.scheduled_time))
        .$dynamic();
      const rows = range.limit === undefined ? await query : await query.limit(range.limit);
      const recorders = await recorderNames(db, rows);
      return rows.map((row) => toAdherence(row, recorders));
    },

    /**
     * Records a dose. A dose (medication, date, scheduled_time) has one record: a second
     * call updates it, so Take twice counts once. Pills move only when 'taken' changes.
     * Null when the medication is not the user's. `recordedBy`: the care-circle member
     * recording it on the user's behalf, null when the user does. `unchanged`: a member recorded
     * what the dose already was, and nothing was written.
     */
    async recordDose(
      userId: string,
      input: AdherenceInput,
      recordedBy: string | null = null,
    ): Promise<(AdherenceRecord & { unchanged?: true }) | null> {
      return db.transaction(async (tx) => {
        const [medication] = await tx
          .select({ id: medications.id })
          .from(medications)
          .where(owned(userId, input.medication_id))
          .for('update');
        if (!medication) return null;
        const key = and(
          eq(adherenceRecords.medication_id, input.medication_id),
          eq(adherenceRecords.date, input.date),
          eq(adherenceRecords.scheduled_time, input.scheduled_time),
        );
        // The medication row lock serialises concurrent writes of the same dose.
        const [existing] = await tx.select().from(adherenceRecords).where(key);
        // A member recording what the dose already is changes nothing: the first to mark it stays
        // its recorder, so no one takes over (or can then Undo) another person's mark.
        if (existing && recordedBy !== null && existing.status === input.status) {
          return {
            ...toAdherence(existing, await recorderNames(tx as unknown as Database, [existing])),
            unchanged: true,
          };
        }
        const taken_time = input.status === 'taken' ? (input.taken_time ?? existing?.taken_time ?? null) : null;
        const pill_used = await movePills(
          tx as unknown as Database,
          input.medication_id,
          existing ?? null,
          input.status,
        );
        let row: AdherenceRow;
        if (existing) {
          [row] = (await tx
            .update(adherenceRecords)
            .set({ status: input.status, taken_time, pill_used, recorded_by: recordedBy, updated_at: new Date() })
            .where(eq(adherenceRecords.id, existing.id))
            .returning()) as [AdherenceRow];
        } else {
          [row] = (await tx
            .insert(adherenceRecords)
            .values({ user_id: userId, ...input, taken_time, pill_used, recorded_by: recordedBy })
            .returning()) as [AdherenceRow];
        }
        return toAdherence(row, await recorderNames(tx as unknown as Database, [row]));
      });
    },

    /**
     * Changes a record's status (PUT /api/adherence/{id}); null when the record is not the
     * user's or its medication was deleted (archived doses are history, not editable). With
     * `onlyMarkedBy`, only a dose that care-circle member marked taken (their Undo); else null.
     */
    async updateDoseStatus(
      userId: string,
      id: string,
      status: AdherenceStatus,
      takenTime: string | undefined,
      onlyMarkedBy?: string,
    ): Promise<AdherenceRecord | null> {
      return db.transaction(async (tx) => {
        // Lock the medication first, as recordDose does, so both paths take locks in one order.
        const [found] = await tx
          .select({ medication_id: adherenceRecords.medication_id })
          .from(adherenceRecords)
          .innerJoin(medications, eq(medications.id, adherenceRecords.medication_id))
          .where(
            and(eq(adherenceRecords.id, id), eq(adherenceRecords.user_id, userId), isNull(medications.archived_at)),
          );
        if (!found) return null;
        const [medication] = await tx
          .select({ id: medications.id })
          .from(medications)
          .where(owned(userId, found.medication_id))
          .for('update');
        if (!medication) return null;
        const [existing] = await tx
          .select()
          .from(adherenceRecords)
          .where(and(eq(adherenceRecords.id, id), eq(adherenceRecords.user_id, userId)));
        if (!existing) return null;
        if (onlyMarkedBy && (existing.status !== 'taken' || existing.recorded_by !== onlyMarkedBy)) return null;
        const taken_time = status === 'taken' ? (takenTime ?? existing.taken_time) : null;
        const pill_used = await movePills(tx as unknown as Database, existing.medication_id, existing, status);
        const [row] = (await tx
          .update(adherenceRecords)
          .set({ status, taken_time, pill_used, recorded_by: null, updated_at: new Date() })
          .where(eq(adherenceRecords.id, id))
          .returning()) as [AdherenceRow];
        return toAdherence(row);
      });
    },
  };
}
export type MedicationRepository = ReturnType<typeof createMedicationRepository>;
