/**
 * The weekly summary's statements: users due their next summary, and one week's medications,
 * dose records and glucose readings count (decision 050).
 */
import type { AdherenceRecord } from '@diacare/contract/medications';
import { and, between, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database, WithoutDb } from '../../db/client.ts';
import { adherenceRecords, glucoseReadings, medications } from '../../db/schema.ts';

/** A user due a weekly summary: zone and language. */
export interface UserDueASummary {
  user_id: string;
  timezone: string;
  language: string | null;
}

/**
 * Up to `limit` users without the summary of their next Sunday (`time` 'HH:MM' local, that
 * Sunday's own when `now` is not past it yet), found by its dedupe key: one index probe a user.
 */
async function usersDueASummary(db: Database, now: Date, time: string, limit: number): Promise<UserDueASummary[]> {
  const result = await db.execute(sql`
    SELECT u.id AS user_id, u.timezone, u.language
    FROM users u
    CROSS JOIN LATERAL (SELECT (${now.toISOString()}::timestamptz AT TIME ZONE u.timezone) AS t) l
    WHERE NOT EXISTS (
      SELECT 1 FROM reminders r
      WHERE r.dedupe_key = 'weekly_summary:' || u.id::text || ':' || (l.t::date +
        CASE WHEN extract(isodow FROM l.t) = 7 AND l.t::time > ${time}::time THEN 7
          ELSE 7 - extract(isodow FROM l.t)::int END)::text)
    LIMIT ${limit}`);
  // Both drivers (node-postgres, PGlite) answer a raw statement with { rows }.
  return (result as unknown as { rows: UserDueASummary[] }).rows;
}

/**
 * What one week of a user needs for the summary: active medications (with their schedules),
 * dose records and the number of glucose readings from `from` to `to` (local dates, inclusive).
 */
async function weekActivity(db: Database, userId: string, from: string, to: string) {
  const [meds, records, [readings]] = await Promise.all([
    db
      .select({
        id: medications.id,
        name: medications.name,
        frequency: medications.frequency,
        times: medications.times,
        weekdays: medications.weekdays,
        start_date: medications.start_date,
        created_at: medications.created_at,
      })
      .from(medications)
      .where(and(eq(medications.user_id, userId), isNull(medications.archived_at))),
    db
      .select({
        id: adherenceRecords.id,
        medication_id: adherenceRecords.medication_id,
        scheduled_time: adherenceRecords.scheduled_time,
        taken_time: adherenceRecords.taken_time,
        date: adherenceRecords.date,
        status: adherenceRecords.status,
      })
      .from(adherenceRecords)
      .where(and(eq(adherenceRecords.user_id, userId), between(adherenceRecords.date, from, to))),
    db
      .select({ n: count() })
      .from(glucoseReadings)
      .where(and(eq(glucoseReadings.user_id, userId), between(glucoseReadings.date, from, to))),
  ]);
  return { medications: meds, records: records as AdherenceRecord[], readings: Number(readings?.n ?? 0) };
}

/**
 * The weekly summary's statements over `db`, each documented above.
 */
export function createSummaryRepository(db: Database) {
  return {
    usersDueASummary: (...args: WithoutDb<typeof usersDueASummary>) => usersDueASummary(db, ...args),
    weekActivity: (...args: WithoutDb<typeof weekActivity>) => weekActivity(db, ...args),
  };
}
export type SummaryRepository = ReturnType<typeof createSummaryRepository>;
