/**
 * Dose reminders made ahead of time: every active
 * daily or weekly medication's doses in the next `horizonHours` become `reminders` rows due at
 * the dose's local clock time in the user's IANA zone (zonedInstant from the contract's dates: a time skipped by a
 * spring-forward change fires at the end of the gap; a repeated hour fires once, at its first
 * occurrence). As-needed medications have no doses. Rows are keyed by
 * 'dose:<medication>:<date>:<time>', so materialising twice never duplicates; a pending row
 * whose instant or text changed (a new time zone, a renamed medicine) is updated in place.
 *
 * Exports used by the server and the bench:
 * - materialiseDoseReminders(db, clock, { horizonHours, spreadHours?, userId?, medicationId? }) → { medications, written }
 * - rewriteUserDoseReminders: the time-zone hook
 * - rewriteMedicationReminders / removeMedicationReminders: the medication hooks
 * - pruneSettledReminders(db, clock): retention
 * - the loop also makes the weekly Health Tips (tips.ts)
 * - createMaterialiser(...): the loop started with the server
 */
import { localDate, shiftDate, zonedInstant } from '@diacare/contract/dates';
import { isScheduledOn } from '@diacare/contract/dose-rules';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, gt, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { medications, reminders, users } from '../../db/schema.ts';
import type { Clock } from '../../types.ts';
import { purgeExpiredIdempotencyKeys } from '../../plugins/idempotency.ts';
import { toMedication } from '../medications/medication.repository.ts';
import {
  DOSE_WINDOW_MS,
  MATERIALISE_HORIZON_HOURS,
  MATERIALISE_INTERVAL_MS,
  MATERIALISE_REFRESH_HOURS,
  MATERIALISE_SPREAD_HOURS,
  REMINDER_RETENTION_DAYS,
} from './constants.ts';
import { userLanguage, type Language } from '../../i18n/index.ts';
import { doseBody, doseTitle } from './texts.ts';
import { materialiseHealthTips } from './tips.ts';

type MedicationRow = typeof medications.$inferSelect;
type NewReminder = typeof reminders.$inferInsert;

/** Medications read per query while materialising for everyone. */
const MEDICATION_PAGE = 1000;
/** Rows per INSERT (15 columns each, well under PostgreSQL's 65,535 parameters). */
const INSERT_CHUNK = 1000;

/** Dedupe key of one scheduled dose. */
export const doseDedupeKey = (medicationId: string, date: string, time: string) =>
  `dose:${medicationId}:${date}:${time}`;

/**
 * The dose reminders of one medication due in [from, to), in the user's `zone`, their texts
 * in the user's `language`.
 * Pure: no database. Dates are walked from the day before `from` (local) to the day after `to`.
 */
export function doseRemindersFor(
  medication: MedicationRow,
  zone: string,
  from: Date,
  to: Date,
  language: Language = 'en',
): NewReminder[] {
  if (medication.archived_at || medication.frequency === 'as-needed') return [];
  const schedule = toMedication(medication);
  const rows: NewReminder[] = [];
  const last = shiftDate(localDate(to, zone), 1);
  for (let date = shiftDate(localDate(from, zone), -1); date <= last; date = shiftDate(date, 1)) {
    if (!isScheduledOn(schedule, date)) continue;
    for (const time of medication.times) {
      const due = zonedInstant(date, time, zone);
      if (due < from || due >= to) continue;
      rows.push({
        user_id: medication.user_id,
        kind: 'dose',
        medication_id: medication.id,
        dose_date: date,
        scheduled_time: time,
        title: doseTitle(medication.name, language),
        body: doseBody(
          { dosage: medication.dosage, form: medication.form, time, whenToTake: medication.when_to_take },
          language,
        ),
        due_at: due,
        expires_at: new Date(due.getTime() + DOSE_WINDOW_MS),
        dedupe_key: doseDedupeKey(medication.id, date, time),
      });
    }
  }
  return rows;
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

/** What one materialisation read and wrote. */
export interface MaterialiseResult {
  /** Medications read (each one's schedule turned into doses). */
  medications: number;
  /** Reminder rows inserted or changed. */
  written: number;
}

const HOUR_MS = 3_600_000;

/** A stable fraction in [0, 1) from a uuid's first 32 bits (ids are random: uuid v4). */
const idFraction = (id: string) => Number.parseInt(id.slice(0, 8), 16) / 2 ** 32;

/** Stores each medication's new horizon (one statement per page). */
async function setHorizons(db: Database, horizons: { id: string; until: string }[]): Promise<void> {
  if (horizons.length === 0) return;
  await db.execute(sql`
    UPDATE medications AS m SET reminders_until = v.until
    FROM jsonb_to_recordset(${JSON.stringify(horizons)}::jsonb) AS v(id uuid, until timestamptz)
    WHERE m.id = v.id`);
}

/**
 * Materialises dose reminders (decision 014).
 *
 * - For one user or one medication (`userId` / `medicationId`: a medication created or
 *   edited, a time zone changed): every active schedule of theirs is read and its doses due in
 *   [now, now + horizonHours) are upserted; the horizon becomes now + horizonHours.
 * - For everyone (the loop's pass): only medications whose horizon (`reminders_until`) is
 *   null or less than horizonHours − MATERIALISE_REFRESH_HOURS ahead are read, in pages
 *   locked with FOR UPDATE SKIP LOCKED (so instances running a pass at the same time share the
 *   work, never repeat it), and only the doses from the old horizon on are made. The new
 *   horizon is now + horizonHours, less up to `spreadHours` (by the medication's id).
 * Windows meet exactly (due ≥ from, due < to) on instants, so nothing is lost or doubled at a
 * horizon boundary, whatever a DST change does to the wall clock in between. Doses already
 * past are not made (a medication added at 10:00 with a 09:00 time does not fire for today).
 * @param options.horizonHours how far ahead (default MATERIALISE_HORIZON_HOURS, 48)
 * @param options.spreadHours the loop's spread (default 0; must be < MATERIALISE_REFRESH_HOURS)
 * @returns medications read and reminder rows inserted or changed
 */
export async function materialiseDoseReminders(
  db: Database,
  clock: Clock,
  options: { horizonHours?: number; spreadHours?: number; userId?: string; medicationId?: string } = {},
): Promise<MaterialiseResult> {
  const now = clock();
  const horizonMs = (options.horizonHours ?? MATERIALISE_HORIZON_HOURS) * HOUR_MS;
  const to = new Date(now.getTime() + horizonMs);
  const filters: SQL[] = [isNull(medications.archived_at), ne(medications.frequency, 'as-needed')];
  const result: MaterialiseResult = { medications: 0, written: 0 };

  if (options.userId || options.medicationId) {
    if (options.userId) filters.push(eq(medications.user_id, options.userId));
    if (options.medicationId) filters.push(eq(medications.id, options.medicationId));
    const page = await db
      .select({ medication: medications, timezone: users.timezone, language: users.language })
      .from(medications)
      .innerJoin(users, eq(users.id, medications.user_id))
      .where(and(...filters));
    const rows = page.flatMap(({ medication, timezone, language }) =>
      doseRemindersFor(medication, timezone, now, to, userLanguage(language)),
    );
    result.medications = page.length;
    result.written = await upsertDoseReminders(db, rows, now);
    await setHorizons(
      db,
      page.map(({ medication }) => ({ id: medication.id, until: to.toISOString() })),
    );
    return result;
  }

  const refreshMs = Math.max(0, horizonMs - MATERIALISE_REFRESH_HOURS * HOUR_MS);
  const spreadMs = Math.min(options.spreadHours ?? 0, MATERIALISE_REFRESH_HOURS - 1) * HOUR_MS;
  const refreshBefore = new Date(now.getTime() + refreshMs);
  filters.push(or(isNull(medications.reminders_until), lt(medications.reminders_until, refreshBefore))!);
  let after: string | null = null;
  for (;;) {
    const page: { medication: MedicationRow }[] = await db.transaction(async (tx) => {
      const locked = await tx
        .select({ medication: medications, timezone: users.timezone, language: users.language })
        .from(medications)
        .innerJoin(users, eq(users.id, medications.user_id))
        .where(and(...filters, ...(after ? [gt(medications.id, after)] : [])))
        .orderBy(asc(medications.id))
        .limit(MEDICATION_PAGE)
        .for('update', { of: medications, skipLocked: true });
      const horizons: { id: string; until: string }[] = [];
      const rows = locked.flatMap(({ medication, timezone, language }) => {
        const from = medication.reminders_until && medication.reminders_until > now ? medication.reminders_until : now;
        const until = new Date(to.getTime() - Math.floor(idFraction(medication.id) * spreadMs));
        horizons.push({ id: medication.id, until: until.toISOString() });
        return doseRemindersFor(medication, timezone, from, until, userLanguage(language));
      });
      result.written += await upsertDoseReminders(tx, rows, now);
      await setHorizons(tx, horizons);
      return locked;
    });
    result.medications += page.length;
    if (page.length < MEDICATION_PAGE) break;
    after = page[page.length - 1]!.medication.id;
  }
  return result;
}

/**
 * After a medication is created or edited: its future, unsent dose reminders are deleted and
 * made again from the new schedule, at once (a dose added two minutes ahead still fires).
 * Snoozes the user asked for stay. When the pills were refilled above the threshold, the last
 * refill reminder is retired so the next run-down fires a new one.
 */
export async function rewriteMedicationReminders(
  db: Database,
  clock: Clock,
  userId: string,
  medicationId: string,
): Promise<void> {
  const now = clock();
  await deleteFutureDoseReminders(db, now, eq(reminders.medication_id, medicationId), eq(reminders.user_id, userId));
  await materialiseDoseReminders(db, clock, { userId, medicationId });
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

/** Deletes the future, unsent dose reminders matching `scope` (snoozes are not dose:… keys and stay). */
async function deleteFutureDoseReminders(db: Database, now: Date, ...scope: SQL[]): Promise<void> {
  await db
    .delete(reminders)
    .where(
      and(...scope, like(reminders.dedupe_key, 'dose:%'), eq(reminders.status, 'pending'), gt(reminders.due_at, now)),
    );
}

/**
 * After the user's time zone changed (PUT /api/users/me, sign-in from another zone): every
 * future, unsent dose reminder of theirs is made again at once at its local time in the new
 * zone, so /api/reminders/upcoming shows the new instants without waiting for a pass.
 * A dose already sent or dismissed under its old instant keeps its row (same dedupe key), so
 * it is not sent a second time.
 */
export async function rewriteUserDoseReminders(db: Database, clock: Clock, userId: string): Promise<void> {
  await deleteFutureDoseReminders(db, clock(), eq(reminders.user_id, userId));
  await materialiseDoseReminders(db, clock, { userId });
}

/** Dedupe key of the refill reminder of a medication's current run-down. */
export const refillDedupeKey = (medicationId: string) => `refill:${medicationId}`;

/** After a medication is deleted (archived): every unsent reminder of it goes. */
export async function removeMedicationReminders(db: Database, userId: string, medicationId: string): Promise<void> {
  await db
    .delete(reminders)
    .where(
      and(eq(reminders.medication_id, medicationId), eq(reminders.user_id, userId), eq(reminders.status, 'pending')),
    );
}

/** Deletes settled reminders (not pending) due more than REMINDER_RETENTION_DAYS ago. */
export async function pruneSettledReminders(db: Database, clock: Clock): Promise<number> {
  const cutoff = new Date(clock().getTime() - REMINDER_RETENTION_DAYS * 24 * 3_600_000);
  const deleted = await db
    .delete(reminders)
    // `status <> 'pending'` (every settled status) matches reminders_settled_due_idx.
    .where(and(lt(reminders.due_at, cutoff), ne(reminders.status, 'pending')))
    .returning({ id: reminders.id });
  return deleted.length;
}

export interface Materialiser {
  /** Runs one pass now: materialise every user's doses, then prune. */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The materialiser loop: a pass at start() and every `intervalMs` (default 15 min) after the
 * previous pass ends. Errors are logged and the loop goes on.
 */
export function createMaterialiser(deps: {
  db: Database;
  clock: Clock;
  horizonHours?: number;
  intervalMs?: number;
  log?: FastifyBaseLogger;
}): Materialiser {
  const intervalMs = deps.intervalMs ?? MATERIALISE_INTERVAL_MS;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  async function runOnce(): Promise<number> {
    const { medications: read, written } = await materialiseDoseReminders(deps.db, deps.clock, {
      horizonHours: deps.horizonHours,
      spreadHours: MATERIALISE_SPREAD_HOURS,
    });
    const tips = await materialiseHealthTips(deps.db, deps.clock);
    const pruned = await pruneSettledReminders(deps.db, deps.clock);
    // The server's maintenance pass also forgets Idempotency-Keys older than 8 days (decision 022).
    const purgedKeys = await purgeExpiredIdempotencyKeys(deps.db, deps.clock);
    deps.log?.debug({ medications: read, written, tips, pruned, purgedKeys }, 'reminders materialised');
    return written;
  }

  function schedule(delayMs: number) {
    timer = setTimeout(() => {
      timer = null;
      running = runOnce()
        .catch((error: unknown) => deps.log?.error({ err: error }, 'materialising reminders failed'))
        .finally(() => {
          running = null;
          if (!stopped) schedule(intervalMs);
        });
    }, delayMs);
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
