/**
 * SQL for lab results, always scoped to the user. Lists are newest first
 * (date, then when saved) and lead with user_id, the column the table's indexes lead with.
 */
import type { LabTest } from '@diacare/contract/lab-rules';
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { labResults } from '../../db/schema.ts';

/** A stored result as the table holds it (value in the test's stored unit). */
export interface LabRow {
  id: string;
  test: LabTest;
  value: number;
  date: string;
  notes: string | null;
}

export interface NewLabResult {
  test: LabTest;
  /** in the test's stored unit */
  value: number;
  date: string;
  notes: string | null;
}

export interface LabQuery {
  test?: LabTest | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
  limit?: number | undefined;
}

// numeric comes back as a string from some drivers: Number() keeps the JSON a number.
const toRow = (row: typeof labResults.$inferSelect): LabRow => ({
  id: row.id,
  test: row.test as LabTest,
  value: Number(row.value),
  date: row.date,
  notes: row.notes,
});

const owned = (userId: string, id: string) => and(eq(labResults.id, id), eq(labResults.user_id, userId));

export function createLabRepository(db: Database) {
  return {
    /** The user's results matching `query`, newest first. */
    async list(userId: string, query: LabQuery): Promise<LabRow[]> {
      const conditions = [eq(labResults.user_id, userId)];
      if (query.test) conditions.push(eq(labResults.test, query.test));
      if (query.start_date) conditions.push(gte(labResults.date, query.start_date));
      if (query.end_date) conditions.push(lte(labResults.date, query.end_date));
      const rows = await db
        .select()
        .from(labResults)
        .where(and(...conditions))
        .orderBy(desc(labResults.date), desc(labResults.created_at))
        .limit(query.limit ?? 1000);
      return rows.map(toRow);
    },

    async create(userId: string, values: NewLabResult): Promise<LabRow> {
      const [row] = await db
        .insert(labResults)
        .values({ user_id: userId, ...values })
        .returning();
      return toRow(row!);
    },

    /** Replaces the user's result `id`; null when the user has no such result. */
    async update(userId: string, id: string, values: NewLabResult): Promise<LabRow | null> {
      const [row] = await db.update(labResults).set(values).where(owned(userId, id)).returning();
      return row ? toRow(row) : null;
    },

    /** Deletes the user's result `id` and returns it; null when the user has no such result. */
    async remove(userId: string, id: string): Promise<LabRow | null> {
      const [row] = await db.delete(labResults).where(owned(userId, id)).returning();
      return row ? toRow(row) : null;
    },
  };
}
