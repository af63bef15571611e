/**
 * The SQL that keeps reminders ahead of the schedule: dose upserts, horizons, rewrites after a
 * change, retention, and the weekly tips' due users (decision 014). Scoped by user where asked.
 */
import { and, asc, eq, gt, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, WithoutDb } from '../../db/client.ts';
import { medications, reminders, users } from '../../db/schema.ts';
import type { MedicationRow, NewReminder } from './dose-reminders.ts';
import { refillDedupeKey } from './dose-reminders.ts';

/** Rows per INSERT (15 columns each, well under PostgreSQL's 65,535 parameters). */
const INSERT_CHUNK = 1000;

/** A medication to materialise, with its owner's zone and language. */
export interface MedicationToMaterialise {
  medication: MedicationRow;
  timezone: string;
  language: string | null;
}

/**
 * On a dedupe-key conflict, the columns a re-materialised reminder takes from the new row:
 * its instant, window and text (the schedule, zone or appointment may have changed).
 */
export const rescheduledColumns = (now: Date) => ({
  due_at: sql`excluded.due_at`,
  expires_at: sql`excluded.expires_at`,
  title: sql`excluded.title`,
  body: sql`excluded.body`,
  updated_at: now,
});

/** Inserts rows; an existing pending, unclaimed row with the same key takes the new instant and text. */
async function upsertDoseReminders(db: Database, rows: NewReminder[], now: Date): Promise<number> {
  let written = 0;
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const result = await db
      .insert(reminders)
      .values(rows.slice(start, start + INSERT_CHUNK))
      .onConflictDoUpdate({
        target: reminders.dedupe_key,
        set: rescheduledColumns(now),
        setWhere: sql`${reminders.status} = 'pending' and ${reminders.claimed_until} is null and ${reminders.dismissed_at} is null
          and (${reminders.due_at} <> excluded.due_at or ${reminders.title} <> excluded.title or ${reminders.body} <> excluded.body)`,
      })
      .returning({ id: reminders.id });
    written += result.length;
  }
  return written;
}

/** Stores each medication's new horizon (one statement per page). */
async function setHorizons(db: Database, horizons: { id: string; until: string }[]): Promise<void> {
  if (horizons.length === 0) return;
  await db.execute(sql`
    UPDATE medications AS m SET reminders_until = v.until
    FROM jsonb_to_recordset(${JSON.stringify(horizons)}::jsonb) AS v(id uuid, until timestamptz)
    WHERE m.id = v.id`);
}

/** Active, scheduled medications of one user or one medication, with the owner's zone and language. */
async function scheduledMedications(
  db: Database,
  scope: { userId?: string; medicationId?: string },
): Promise<MedicationToMaterialise[]> {
  const filters: SQL[] = [isNull(medications.archived_at), ne(medications.frequency, 'as-needed')];
  if (scope.userId) filters.push(eq(medications.user_id, scope.userId));
  if (scope.medicationId) filters.push(eq(medications.id, scope.medicationId));
  return db
    .select({ medication: medications, timezone: users.timezone, language: users.language })
    .from(medications)
    .innerJoin(users, eq(users.id, medications.user_id))
    .where(and(...filters));
}

/**
 * Up to `limit` active, scheduled medications (id order, after `after`) whose horizon is null or
 * before `refreshBefore`, locked FOR UPDATE SKIP LOCKED: call inside a transaction, so instances
 * running a pass together share the work and never repeat it.
 */
async function lockMedicationsToRefresh(
  tx: Database,
  refreshBefore: Date,
  after: string | null,
  limit: number,
): Promise<MedicationToMaterialise[]> {
  return tx
    .select({ medication: medications, timezone: users.timezone, language: users.language })
    .from(medications)
    .innerJoin(users, eq(users.id, medications.user_id))
    .where(
      and(
        isNull(medications.archived_at),
        ne(medications.frequency, 'as-needed'),
        or(isNull(medications.reminders_until), lt(medications.reminders_until, refreshBefore)),
        ...(after ? [gt(medications.id, after)] : []),
      ),
    )
    .orderBy(asc(medications.id))
    .limit(limit)
    .for('update', { of: medications, skipLocked: true });
}

/**
 * One page of the materialiser's refresh, in one transaction: locks up to `limit` medications
 * to refresh (lockMedicationsToRefresh), writes the dose reminders `build` makes of them and
 * their new horizons. Resolves to the page locked and the reminders written.
 */
async function refreshMedicationPage(
  db: Database,
  page: { refreshBefore: Date; after: string | null; limit: number; now: Date },
  build: (locked: MedicationToMaterialise[]) => { rows: NewReminder[]; horizons: { id: string; until: string }[] },
): Promise<{ locked: MedicationToMaterialise[]; written: number }> {
  return db.transaction(async (tx) => {
    const locked = await lockMedicationsToRefresh(tx, page.refreshBefore, page.after, page.limit);
    const { rows, horizons } = build(locked);
    const written = await upsertDoseReminders(tx, rows, page.now);
    await setHorizons(tx, horizons);
    return { locked, written };
  });
}

/**
 * Deletes the future (due after `now`), unsent dose reminders of `scope.userId`, or of one of
 * their medications; snoozes are not dose:… keys and stay.
 */
async function deleteFutureDoseReminders(
  db: Database,
  now: Date,
  scope: { userId: string; medicationId?: string },
): Promise<void> {
  await db
    .delete(reminders)
    .where(
      and(
        eq(reminders.user_id, scope.userId),
        ...(scope.medicationId ? [eq(reminders.medication_id, scope.medicationId)] : []),
        like(reminders.dedupe_key, 'dose:%'),
        eq(reminders.status, 'pending'),
        gt(reminders.due_at, now),
      ),
    );
}

/**
 * Retires the refill reminder of a medication's last run-down when its pills are above the
 * threshold again (a refill), so the next run-down makes a new one.
 */
async function retireRefillReminderIfRefilled(db: Database, medicationId: string, now: Date): Promise<void> {
  const [medication] = await db
    .select({ pills: medications.pills_remaining, threshold: medications.refill_threshold })
    .from(medications)
    .where(eq(medications.id, medicationId));
  if (medication && medication.pills > medication.threshold) {
    await db
      .update(reminders)
      .set({ dedupe_key: sql`${reminders.dedupe_key} || ':' || ${reminders.id}`, updated_at: now })
      .where(eq(reminders.dedupe_key, refillDedupeKey(medicationId)));
  }
}

/** After a medication is deleted (archived): every unsent reminder of it goes. */
async function removeMedicationReminders(db: Database, userId: string, medicationId: string): Promise<void> {
  await db
    .delete(reminders)
    .where(
      and(eq(reminders.medication_id, medicationId), eq(reminders.user_id, userId), eq(reminders.status, 'pending')),
    );
}

/** Deletes settled reminders (not pending) due before `cutoff`; returns how many. */
async function pruneSettledReminders(db: Database, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(reminders)
    // `status <> 'pending'` (every settled status) matches reminders_settled_due_idx.
    .where(and(lt(reminders.due_at, cutoff), ne(reminders.status, 'pending')))
    .returning({ id: reminders.id });
  return deleted.length;
}

/** A user due a weekly tip: zone, language, and their last tip's instant (epoch ms) and key. */
export interface UserDueATip {
  user_id: string;
  timezone: string;
  language: string | null;
  last_due_ms: number | null;
  last_key: string | null;
}

/**
 * Up to `limit` users with Health Tips and push on whose last tip is due at or before `since`
 * (or who never had one).
 */
async function usersDueATip(db: Database, since: Date, limit: number): Promise<UserDueATip[]> {
  const result = await db.execute(sql`
    SELECT s.user_id, u.timezone, u.language,
      (extract(epoch FROM last.due_at) * 1000)::float8 AS last_due_ms, last.dedupe_key AS last_key
    FROM notification_settings s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN LATERAL (
      SELECT r.due_at, r.dedupe_key FROM reminders r
      WHERE r.user_id = s.user_id AND r.kind = 'tip' ORDER BY r.due_at DESC LIMIT 1
    ) last ON true
    WHERE s.health_tips AND s.push_notifications
      AND (last.due_at IS NULL OR last.due_at <= ${since.toISOString()}::timestamptz)
    LIMIT ${limit}`);
  // Both drivers (node-postgres, PGlite) answer a raw statement with { rows }.
  return (result as unknown as { rows: UserDueATip[] }).rows;
}

/** Inserts reminders whose dedupe key is new (others are left as they are); returns how many. */
async function insertNewReminders(db: Database, rows: NewReminder[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(reminders)
    .values(rows)
    .onConflictDoNothing({ target: reminders.dedupe_key })
    .returning({ id: reminders.id });
  return inserted.length;
}

/**
 * The statements over `db`, each documented above; `refreshMedicationPage` runs its own transaction.
 */
export function createScheduleRepository(db: Database) {
  return {
    upsertDoseReminders: (...args: WithoutDb<typeof upsertDoseReminders>) => upsertDoseReminders(db, ...args),
    setHorizons: (...args: WithoutDb<typeof setHorizons>) => setHorizons(db, ...args),
    scheduledMedications: (...args: WithoutDb<typeof scheduledMedications>) => scheduledMedications(db, ...args),
    refreshMedicationPage: (...args: WithoutDb<typeof refreshMedicationPage>) => refreshMedicationPage(db, ...args),
    deleteFutureDoseReminders: (...args: WithoutDb<typeof deleteFutureDoseReminders>) =>
      deleteFutureDoseReminders(db, ...args),
    retireRefillReminderIfRefilled: (...args: WithoutDb<typeof retireRefillReminderIfRefilled>) =>
      retireRefillReminderIfRefilled(db, ...args),
    removeMedicationReminders: (...args: WithoutDb<typeof removeMedicationReminders>) =>
      removeMedicationReminders(db, ...args),
    pruneSettledReminders: (...args: WithoutDb<typeof pruneSettledReminders>) => pruneSettledReminders(db, ...args),
    usersDueATip: (...args: WithoutDb<typeof usersDueATip>) => usersDueATip(db, ...args),
    insertNewReminders: (...args: WithoutDb<typeof insertNewReminders>) => insertNewReminders(db, ...args),
  };
}
export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
