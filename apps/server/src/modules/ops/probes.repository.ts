/** The probes' SQL (readiness and the metrics' lag gauge): read-only, touching no one's records. */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

type Rows<T> = { rows: T[] };

export function createProbeRepository(db: Database) {
  return {
    /** Resolves when the database answers a trivial statement. */
    async ping(): Promise<void> {
      await db.execute(sql`SELECT 1`);
    },

    /** The `created_at` (drizzle's journal `when`) of the newest applied migration, 0 when none; throws without the table. */
    async newestAppliedMigration(): Promise<number> {
      const applied = (await db.execute(
        sql`SELECT coalesce(max(created_at), 0)::float8 AS newest FROM drizzle.__drizzle_migrations`,
      )) as unknown as Rows<{ newest: number }>;
      return Number(applied.rows[0]?.newest ?? 0);
    },

    /**
     * Seconds the oldest pending reminder due at or before `now` is late (0 when none is due),
     * and how many are due. Reads the partial index reminders_pending_due_idx.
     */
    async reminderLagSeconds(now: Date): Promise<{ lag: number; due: number }> {
      const result = (await db.execute(sql`
    SELECT count(*)::int AS due, coalesce(extract(epoch FROM (${now.toISOString()}::timestamptz - min(due_at))), 0)::float8 AS lag
    FROM reminders WHERE status = 'pending' AND due_at <= ${now.toISOString()}::timestamptz`)) as unknown as Rows<{
        due: number;
        lag: number;
      }>;
      const row = result.rows[0]!;
      return { lag: Math.max(0, Math.floor(Number(row.lag))), due: Number(row.due) };
    },
  };
}
