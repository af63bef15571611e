/**
 * SQL for insulin doses, always scoped to the user; lists newest first,
 * leading with (user_id, date), the columns the table's index leads with.
 */
import type { MealContext } from '@diacare/contract/health-constants';
import type { InsulinDose } from '@diacare/contract/insulin';
import type { InsulinType } from '@diacare/contract/insulin-rules';
import { and, desc, eq, gte, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { insulinDoses, medications } from '../../db/schema.ts';

export type NewInsulinDose = Omit<InsulinDose, 'id'>;

export interface InsulinQuery {
  start_date?: string | undefined;
  end_date?: string | undefined;
  limit?: number | undefined;
}

const toDose = (row: typeof insulinDoses.$inferSelect): InsulinDose => ({
  id: row.id,
  units: Number(row.units),
  insulin_type: row.insulin_type as InsulinType,
  medication_id: row.medication_id,
  date: row.date,
  time: row.time,
  meal_context: row.meal_context as MealContext | null,
});

const owned = (userId: string, id: string) => and(eq(insulinDoses.id, id), eq(insulinDoses.user_id, userId));

export function createInsulinRepository(db: Database) {
  return {
    /** The user's doses dated within the range, newest first. */
    async list(userId: string, query: InsulinQuery): Promise<InsulinDose[]> {
      const conditions = [eq(insulinDoses.user_id, userId)];
      if (query.start_date) conditions.push(gte(insulinDoses.date, query.start_date));
      if (query.end_date) conditions.push(lte(insulinDoses.date, query.end_date));
      const rows = await db
        .select()
        .from(insulinDoses)
        .where(and(...conditions))
        .orderBy(desc(insulinDoses.date), desc(insulinDoses.time), desc(insulinDoses.created_at))
        .limit(query.limit ?? 1000);
      return rows.map(toDose);
    },

    /** True when `medicationId` is one of the user's active medicines. */
    async ownsMedication(userId: string, medicationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: medications.id })
        .from(medications)
        .where(and(eq(medications.id, medicationId), eq(medications.user_id, userId), isNull(medications.archived_at)));
      return row !== undefined;
    },

    async create(userId: string, values: NewInsulinDose): Promise<InsulinDose> {
      const [row] = await db
        .insert(insulinDoses)
        .values({ user_id: userId, ...values })
        .returning();
      return toDose(row!);
    },

    /** Replaces the user's dose `id`; null when the user has no such dose. */
    async update(userId: string, id: string, values: NewInsulinDose): Promise<InsulinDose | null> {
      const [row] = await db.update(insulinDoses).set(values).where(owned(userId, id)).returning();
      return row ? toDose(row) : null;
    },

    /** Deletes the user's dose `id` and returns it; null when the user has no such dose. */
    async remove(userId: string, id: string): Promise<InsulinDose | null> {
      const [row] = await db.delete(insulinDoses).where(owned(userId, id)).returning();
      return row ? toDose(row) : null;
    },
  };
}
