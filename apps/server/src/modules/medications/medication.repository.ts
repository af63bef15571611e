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
import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { adherenceRecords, medications } from '../../db/schema.ts';

type MedicationRow = typeof medications.$inferSelect;
type AdherenceRow = typeof adherenceRecords.$inferSelect;
/** A validated medication payload (defaults applied). */
export type MedicationValues = z.output<typeof medicationInputSchema>;

/** The API shape of a medication row (spec §3 Medication). */
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
  };
}

function toAdherence(row: AdherenceRow): AdherenceRecord {
  return {
    id: row.id,
    medication_id: row.medication_id,
    scheduled_time: row.scheduled_time,
    taken_time: row.taken_time,
    date: row.date,
    status: row.status,
  };
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
  };
}

const owned = (userId: string, id: string) =>
  and(eq(medications.id, id), eq(medications.user_id, userId), isNull(medications.archived_at));

/** How much a status change moves the pill count: taking uses one, undoing gives it back. */
function pillDelta(previous: AdherenceStatus | null, next: AdherenceStatus): number {
  const wasTaken = previous === 'taken';
  const isTaken = next === 'taken';
  return wasTaken === isTaken ? 0 : isTaken ? -1 : 1;
}

export function createMedicationRepository(db: Database) {
  // The lists Home and Reports load on every visit, prepared once (built once by Drizzle,
  // parsed and planned once per connection by PostgreSQL; issue 15, prove 5).
  const activeMedications = db
    .select()
    .from(medications)
    .where(and(eq(medications.user_id, sql.placeholder('userId')), isNull(medications.archived_at)))
    .orderBy(asc(medications.created_at), asc(medications.id))
    .prepare('diacare_active_medications');
  const adherenceInRange = db
    .select()
    .from(adherenceRecords)
    .where(
      and(
        eq(adherenceRecords.user_id, sql.placeholder('userId')),
        gte(adherenceRecords.date, sql.placeholder('start')),
        lte(adherenceRecords.date, sql.placeholder('end')),
      ),
    )
    .orderBy(desc(adherenceRecords.date), desc(adherenceRecords.scheduled_time))
    .prepare('diacare_adherence_in_range');

  /** Applies a pill change to a medication with refill enabled, never below 0. */
  async function movePills(tx: Database, medicationId: string, delta: number) {
    if (delta === 0) return;
    await tx
      .update(medications)
      .set({ pills_remaining: sql`greatest(${medications.pills_remaining} + ${delta}, 0)`, updated_at: new Date() })
      .where(and(eq(medications.id, medicationId), eq(medications.refill_enabled, true)));
  }

  return {
    /** The user's active medications, oldest first. */
    async list(userId: string): Promise<Medication[]> {
      const rows = await activeMedications.execute({ userId });
      return rows.map(toMedication);
    },

    async findOwned(userId: string, id: string): Promise<Medication | null> {
      const [row] = await db.select().from(medications).where(owned(userId, id));
      return row ? toMedication(row) : null;
    },

    async create(userId: string, values: MedicationValues): Promise<Medication> {
      const [row] = await db
        .insert(medications)
        .values({ user_id: userId, ...toColumns(values) })
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

    /** Archives the medication (its adherence stays for reports); false when not found. */
    async archive(userId: string, id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(medications)
        .set({ archived_at: now, updated_at: now })
        .where(owned(userId, id))
        .returning({ id: medications.id });
      return rows.length > 0;
    },

    /** Adherence records in an inclusive date range, newest first. */
    async listAdherence(userId: string, range: { start_date?: string; end_date?: string }): Promise<AdherenceRecord[]> {
      if (range.start_date && range.end_date) {
        const rows = await adherenceInRange.execute({ userId, start: range.start_date, end: range.end_date });
        return rows.map(toAdherence);
      }
      const conditions = [eq(adherenceRecords.user_id, userId)];
      if (range.start_date) conditions.push(gte(adherenceRecords.date, range.start_date));
      if (range.end_date) conditions.push(lte(adherenceRecords.date, range.end_date));
      const rows = await db
        .select()
        .from(adherenceRecords)
        .where(and(...conditions))
        .orderBy(desc(adherenceRecords.date), desc(adherenceRecords.scheduled_time));
      return rows.map(toAdherence);
    },

    /**
     * Records a dose. A dose (medication, date, scheduled_time) has one record: a second
     * call updates it, so Take twice counts once. Pills move only when 'taken' changes.
     * Null when the medication is not the user's.
     */
    async recordDose(userId: string, input: AdherenceInput): Promise<AdherenceRecord | null> {
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
        const taken_time = input.status === 'taken' ? (input.taken_time ?? existing?.taken_time ?? null) : null;
        let row: AdherenceRow;
        if (existing) {
          [row] = (await tx
            .update(adherenceRecords)
            .set({ status: input.status, taken_time, updated_at: new Date() })
            .where(eq(adherenceRecords.id, existing.id))
            .returning()) as [AdherenceRow];
        } else {
          [row] = (await tx
            .insert(adherenceRecords)
            .values({ user_id: userId, ...input, taken_time })
            .returning()) as [AdherenceRow];
        }
        await movePills(
          tx as unknown as Database,
          input.medication_id,
          pillDelta(existing?.status ?? null, input.status),
        );
        return toAdherence(row);
      });
    },

    /** Changes a record's status (PUT /api/adherence/{id}); null when not the user's. */
    async updateDoseStatus(
      userId: string,
      id: string,
      status: AdherenceStatus,
      takenTime: string | undefined,
    ): Promise<AdherenceRecord | null> {
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(adherenceRecords)
          .where(and(eq(adherenceRecords.id, id), eq(adherenceRecords.user_id, userId)))
          .for('update');
        if (!existing) return null;
        const taken_time = status === 'taken' ? (takenTime ?? existing.taken_time) : null;
        const [row] = (await tx
          .update(adherenceRecords)
          .set({ status, taken_time, updated_at: new Date() })
          .where(eq(adherenceRecords.id, id))
          .returning()) as [AdherenceRow];
        await movePills(tx as unknown as Database, existing.medication_id, pillDelta(existing.status, status));
        return toAdherence(row);
      });
    },
  };
}
export type MedicationRepository = ReturnType<typeof createMedicationRepository>;
