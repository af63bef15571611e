/**
 * SQL for sensor imports (decision 046), scoped to the user: batches,
 * staging a preview's readings, committing them with ON CONFLICT DO NOTHING on
 * (user, source, device, instant), and undoing a batch by deleting it (its readings cascade).
 */
import type { ImportBatch } from '@diacare/contract/imports';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { importBatches, importStagedReadings, sensorReadings } from '../../db/schema.ts';
import type { ImportFormat, SensorReading } from './parsers/types.ts';

const toBatch = (row: typeof importBatches.$inferSelect): ImportBatch => ({
  id: row.id,
  format: row.format as ImportFormat,
  status: row.status as ImportBatch['status'],
  readings: row.readings,
  duplicates: row.duplicates,
  from: row.from_at?.toISOString() ?? null,
  to: row.to_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
});

const owned = (userId: string, id: string) => and(eq(importBatches.id, id), eq(importBatches.user_id, userId));

export function createImportRepository(db: Database) {
  return {
    async createBatch(userId: string, format: ImportFormat): Promise<string> {
      const [row] = await db.insert(importBatches).values({ user_id: userId, format }).returning();
      return row!.id;
    },

    /** Stages one page of a preview's readings; a reading repeated within the file is kept once. */
    async stage(userId: string, batchId: string, readings: readonly SensorReading[]): Promise<void> {
      if (readings.length === 0) return;
      await db
        .insert(importStagedReadings)
        .values(
          readings.map((reading) => ({
            batch_id: batchId,
            user_id: userId,
            device_serial: reading.deviceSerial,
            measured_at: reading.measuredAt,
            value: reading.valueMgDl,
            flag: reading.flag,
            kind: reading.kind,
            dst_ambiguous: reading.dstAmbiguous,
          })),
        )
        .onConflictDoNothing();
    },

    /**
     * Counts a staged preview against what the user already has from the same source and
     * device, stores the counts on the batch and returns it.
     */
    async summarise(userId: string, batchId: string, format: ImportFormat): Promise<ImportBatch> {
      const result = await db.execute(sql`
        SELECT count(*)::int AS total,
               count(r.id)::int AS duplicates,
               (extract(epoch FROM min(s.measured_at)) * 1000)::float8 AS from_ms,
               (extract(epoch FROM max(s.measured_at)) * 1000)::float8 AS to_ms
        FROM import_staged_readings s
        LEFT JOIN sensor_readings r
          ON r.user_id = ${userId} AND r.source = ${format}
         AND r.device_serial = s.device_serial AND r.measured_at = s.measured_at
        WHERE s.batch_id = ${batchId}`);
      type Counts = { total: number; duplicates: number; from_ms: number | null; to_ms: number | null };
      const counts = (result as unknown as { rows: Counts[] }).rows[0]!;
      const instant = (ms: number | null) => (ms === null ? null : new Date(Number(ms)));
      const [row] = await db
        .update(importBatches)
        .set({
          readings: counts.total - counts.duplicates,
          duplicates: counts.duplicates,
          from_at: instant(counts.from_ms),
          to_at: instant(counts.to_ms),
        })
        .where(owned(userId, batchId))
        .returning();
      return toBatch(row!);
    },

    /**
     * Commits the user's preview `batchId` in one transaction: its staged readings go to
     * sensor_readings (dated in `zone`), skipping any already stored; the staging is emptied.
     * A batch already committed is answered as it is (a repeated commit adds nothing).
     * @returns the committed batch; null when the user has no such batch
     */
    async commit(userId: string, batchId: string, zone: string): Promise<ImportBatch | null> {
      return db.transaction(async (tx) => {
        const [batch] = await tx.select().from(importBatches).where(owned(userId, batchId)).for('update');
        if (!batch) return null;
        if (batch.status === 'committed') return toBatch(batch);
        const inserted = await tx.execute(sql`
          WITH added AS (
          INSERT INTO sensor_readings
            (user_id, batch_id, source, device_serial, measured_at, date, time, value, flag, kind, dst_ambiguous)
          SELECT ${userId}, ${batchId}, ${batch.format}, device_serial, measured_at,
                 (measured_at AT TIME ZONE ${zone})::date,
                 to_char(measured_at AT TIME ZONE ${zone}, 'HH24:MI'),
                 value, flag, kind, dst_ambiguous
          FROM import_staged_readings WHERE batch_id = ${batchId}
          ON CONFLICT (user_id, source, device_serial, measured_at) DO NOTHING
          RETURNING 1)
          SELECT count(*)::int AS added FROM added`);
        const added = (inserted as unknown as { rows: { added: number }[] }).rows[0]!.added;
        await tx.delete(importStagedReadings).where(eq(importStagedReadings.batch_id, batchId));
        const [row] = await tx
          .update(importBatches)
          .set({ status: 'committed', readings: added, committed_at: new Date() })
          .where(owned(userId, batchId))
          .returning();
        return toBatch(row!);
      });
    },

    /**
     * The user's committed readings dated from `start` to `end` (local dates, inclusive), newest
     * first: what the doctor report counts beside the logged ones. Value in mg/dL; source a format;
     * kind 'cgm', 'scan' or 'strip'.
     */
    async listReadings(
      userId: string,
      range: { start_date: string; end_date: string },
    ): Promise<{ date: string; time: string; value: number; source: string; kind: string }[]> {
      return db
        .select({
          date: sensorReadings.date,
          time: sensorReadings.time,
          value: sensorReadings.value,
          source: sensorReadings.source,
          kind: sensorReadings.kind,
        })
        .from(sensorReadings)
        .where(
          and(
            eq(sensorReadings.user_id, userId),
            gte(sensorReadings.date, range.start_date),
            lte(sensorReadings.date, range.end_date),
          ),
        )
        .orderBy(desc(sensorReadings.date), desc(sensorReadings.time));
    },

    /** The user's batches, newest first. */
    async list(userId: string, limit: number): Promise<ImportBatch[]> {
      const rows = await db
        .select()
        .from(importBatches)
        .where(eq(importBatches.user_id, userId))
        .orderBy(desc(importBatches.created_at))
        .limit(limit);
      return rows.map(toBatch);
    },

    /** Deletes the user's batch (a preview's staging or a commit's readings go with it); null when none. */
    async remove(userId: string, batchId: string): Promise<ImportBatch | null> {
      const [row] = await db.delete(importBatches).where(owned(userId, batchId)).returning();
      return row ? toBatch(row) : null;
    },
  };
}
