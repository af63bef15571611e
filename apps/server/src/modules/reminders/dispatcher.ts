/**
 * The reminder dispatcher (design.md §Reminders and push; issue 6).
 *
 * Each pass claims up to `batchSize` due reminders in one statement —
 *   UPDATE reminders SET claimed_until = now + lease, claim_token = <new uuid>, attempts + 1
 *   WHERE id IN (SELECT id … WHERE status = 'pending' AND due_at <= now
 *                AND (claimed_until IS NULL OR claimed_until < now)
 *                ORDER BY due_at LIMIT n FOR UPDATE SKIP LOCKED) RETURNING *
 * — which commits at once; the pushes go out after it, outside any transaction, and each
 * outcome is written back only where the row still carries this pass's claim_token. So any
 * number of dispatchers (in any number of server processes on one PostgreSQL) share the
 * work without sending a reminder twice, and one that dies holding claims loses nothing:
 * its lease expires and another dispatcher claims the rows again.
 *
 * For each claimed reminder, in order:
 * 1. past `expires_at` (e.g. the server was down beyond the dose window) → 'missed';
 * 2. a dose whose medication is gone, no longer schedules that dose, or is already taken → 'skipped';
 * 3. the user's preferences (spec §3): pushNotifications off → 'skipped'; medicationReminders off
 *    skips dose and refill reminders; appointmentReminders off skips appointment reminders;
 * 4. no push subscription → 'skipped' ('no subscription'; sent stays false);
 * 5. otherwise the ReminderPush JSON goes to every subscription of the user (TTL = seconds left
 *    in the window, a Topic per dose, urgency high for doses and the 1-hour appointment
 *    reminder). Delivered to any → 'sent' (sent = true, sent_at). A 404/410 deletes that
 *    subscription. If none was delivered and some failed, the reminder is claimed again after
 *    DISPATCH_RETRY_DELAY_MS, up to DISPATCH_MAX_ATTEMPTS claims, then 'failed'.
 * A reminder whose lease ran out before its turn to send is left for the next claim.
 */
import { createHash, randomUUID } from 'node:crypto';
import { isScheduledOn } from '@diacare/contract/dose-rules';
import type { ReminderPush } from '@diacare/contract/push';
import type { NotificationSettings, ReminderStatus } from '@diacare/contract/reminders';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adherenceRecords, medications, reminders } from '../../db/schema.ts';
import type { Clock } from '../../types.ts';
import { toMedication } from '../medications/medication.repository.ts';
import type { PushOptions, PushSender } from '../push/push-sender.ts';
import { createPushRepository, type StoredSubscription } from '../push/push.repository.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import {
  DISPATCH_BATCH_SIZE,
  DISPATCH_CONCURRENCY,
  DISPATCH_LANES,
  DISPATCH_LEASE_MS,
  DISPATCH_MAX_ATTEMPTS,
  DISPATCH_POLL_INTERVAL_MS,
  DISPATCH_RETRY_DELAY_MS,
} from './constants.ts';

type ReminderRow = typeof reminders.$inferSelect;
type MedicationRow = typeof medications.$inferSelect;

/** Outcomes written back per statement while a pass is still sending. */
const SETTLE_CHUNK = 100;
/** Longest error text kept in `detail` (the sender's message: status and reason, no personal data). */
const DETAIL_MAX = 200;

export interface DispatcherDeps {
  db: Database;
  clock: Clock;
  sender: PushSender;
  /** Reminders claimed per pass (default DISPATCH_BATCH_SIZE, 500). */
  batchSize?: number;
  /** Wait between passes when the last one was not full (default 500 ms). */
  pollIntervalMs?: number;
  /** Claim lease (default 5 min). */
  leaseMs?: number;
  /** Reminders sent at once within a pass (default 100). */
  concurrency?: number;
  /** Claims before a reminder that reached no subscription is 'failed' (default 3). */
  maxAttempts?: number;
  /** Wait before such a reminder is claimed again (default 60 s). */
  retryDelayMs?: number;
  /** Passes the loop runs side by side (default 2): one claims while another sends. */
  lanes?: number;
  log?: FastifyBaseLogger;
}

export interface Dispatcher {
  /** One pass: claim, send, record. Resolves to the number of reminders settled in it. */
  runOnce(): Promise<number>;
  /** Runs `lanes` loops of passes (back to back while full, else every `pollIntervalMs`) until stop(). */
  start(): void;
  /** Stops the loop and waits for the pass in progress to finish. */
  stop(): Promise<void>;
}

interface Outcome {
  id: string;
  status: ReminderStatus;
  sent: boolean;
  sent_at: string | null;
  deliveries: number;
  failures: number;
  detail: string | null;
  /** ISO instant before which the row is not claimed again (a retry), else null. */
  claimed_until: string | null;
}

const doseKey = (medicationId: string, date: string, time: string) => `${medicationId}|${date}|${time}`;

/** A Topic (RFC 8030 §5.4: ≤ 32 base64url characters) per notification tag. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/** Runs `work` over `items` with at most `limit` at a time. */
async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Notification tag: one per dose (a snooze replaces its dose's notification), else per reminder. */
function tagOf(row: ReminderRow): string {
  if (row.medication_id && row.dose_date && row.scheduled_time) {
    return `dose-${row.medication_id}-${row.dose_date}-${row.scheduled_time}`;
  }
  return `reminder-${row.id}`;
}

function urlOf(row: ReminderRow): string {
  if (row.kind === 'refill' && row.medication_id) return `/medications/edit/${row.medication_id}`;
  return '/home';
}

function preferenceBlocks(row: ReminderRow, settings: NotificationSettings): string | null {
  if (!settings.pushNotifications) return 'push notifications off';
  if ((row.kind === 'dose' || row.kind === 'refill') && !settings.medicationReminders) {
    return 'medication reminders off';
  }
  if (row.kind === 'appointment' && !settings.appointmentReminders) return 'appointment reminders off';
  return null;
}

export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const { db, clock, sender } = deps;
  const batchSize = deps.batchSize ?? DISPATCH_BATCH_SIZE;
  const pollIntervalMs = deps.pollIntervalMs ?? DISPATCH_POLL_INTERVAL_MS;
  const leaseMs = deps.leaseMs ?? DISPATCH_LEASE_MS;
  const concurrency = deps.concurrency ?? DISPATCH_CONCURRENCY;
  const maxAttempts = deps.maxAttempts ?? DISPATCH_MAX_ATTEMPTS;
  const retryDelayMs = deps.retryDelayMs ?? DISPATCH_RETRY_DELAY_MS;
  const lanes = deps.lanes ?? DISPATCH_LANES;
  const pushRepository = createPushRepository(db);
  const settingsRepository = createSettingsRepository(db);

  async function claim(token: string): Promise<ReminderRow[]> {
    const now = clock();
    const due = db
      .select({ id: reminders.id })
      .from(reminders)
      .where(
        and(
          eq(reminders.status, 'pending'),
          lte(reminders.due_at, now),
          or(isNull(reminders.claimed_until), lt(reminders.claimed_until, now)),
        ),
      )
      .orderBy(asc(reminders.due_at))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(reminders)
      .set({
        claimed_until: new Date(now.getTime() + leaseMs),
        claim_token: token,
        attempts: sql`${reminders.attempts} + 1`,
        updated_at: now,
      })
      .where(inArray(reminders.id, due))
      .returning();
  }

  /** Writes outcomes back to rows still held by `token`. */
  async function settle(outcomes: Outcome[], token: string): Promise<void> {
    if (outcomes.length === 0) return;
    const now = clock().toISOString();
    await db.execute(sql`
      UPDATE reminders AS r SET
        status = v.status, sent = v.sent, sent_at = v.sent_at,
        deliveries = r.deliveries + v.deliveries, failures = r.failures + v.failures,
        detail = v.detail, claimed_until = v.claimed_until, claim_token = NULL,
        updated_at = ${now}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) AS v(
        id uuid, status text, sent boolean, sent_at timestamptz, deliveries integer,
        failures integer, detail text, claimed_until timestamptz)
      WHERE r.id = v.id AND r.claim_token = ${token}::uuid`);
  }

  async function loadContext(rows: ReminderRow[]) {
    const userIds = [...new Set(rows.map((row) => row.user_id))];
    const medicationIds = [...new Set(rows.flatMap((row) => (row.medication_id ? [row.medication_id] : [])))];
    const doseDates = [...new Set(rows.flatMap((row) => (row.dose_date ? [row.dose_date] : [])))];
    const [settings, subscriptions, medicationRows, taken] = await Promise.all([
      settingsRepository.forUsers(userIds),
      pushRepository.forUsers(userIds),
      medicationIds.length === 0
        ? Promise.resolve([] as MedicationRow[])
        : db.select().from(medications).where(inArray(medications.id, medicationIds)),
      medicationIds.length === 0 || doseDates.length === 0
        ? Promise.resolve([])
        : db
            .select({
              medication_id: adherenceRecords.medication_id,
              date: adherenceRecords.date,
              scheduled_time: adherenceRecords.scheduled_time,
            })
            .from(adherenceRecords)
            .where(
              and(
                inArray(adherenceRecords.medication_id, medicationIds),
                inArray(adherenceRecords.date, doseDates),
                eq(adherenceRecords.status, 'taken'),
              ),
            ),
    ]);
    const subscriptionsByUser = new Map<string, StoredSubscription[]>();
    for (const subscription of subscriptions) {
      const list = subscriptionsByUser.get(subscription.user_id) ?? [];
      list.push(subscription);
      subscriptionsByUser.set(subscription.user_id, list);
    }
    return {
      settings,
      subscriptionsByUser,
      medicationsById: new Map(medicationRows.map((row) => [row.id, row])),
      takenDoses: new Set(taken.map((dose) => doseKey(dose.medication_id, dose.date, dose.scheduled_time))),
    };
  }
  type Context = Awaited<ReturnType<typeof loadContext>>;

  /** Why the reminder is not sent, or null to send it. */
  function reasonNotToSend(row: ReminderRow, context: Context, now: Date): [ReminderStatus, string] | null {
    if (row.expires_at <= now) return ['missed', 'past its window'];
    if (row.medication_id) {
      const medication = context.medicationsById.get(row.medication_id);
      if (!medication || medication.archived_at) return ['skipped', 'medication deleted'];
      if (row.dose_date && row.scheduled_time) {
        const scheduled =
          medication.times.includes(row.scheduled_time) && isScheduledOn(toMedication(medication), row.dose_date);
        if (row.kind === 'dose' && !row.snoozed_from && !scheduled) return ['skipped', 'schedule changed'];
        if (context.takenDoses.has(doseKey(row.medication_id, row.dose_date, row.scheduled_time))) {
          return ['skipped', 'dose taken'];
        }
      }
    }
    const blocked = preferenceBlocks(row, context.settings.get(row.user_id)!);
    if (blocked) return ['skipped', blocked];
    if ((context.subscriptionsByUser.get(row.user_id) ?? []).length === 0) return ['skipped', 'no subscription'];
    return null;
  }

  function payloadOf(row: ReminderRow, context: Context): ReminderPush {
    const medication = row.medication_id ? context.medicationsById.get(row.medication_id) : undefined;
    return {
      reminder_id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      tag: tagOf(row),
      url: urlOf(row),
      dose:
        medication && row.dose_date && row.scheduled_time
          ? {
              medication_id: medication.id,
              medication_name: medication.name,
              dosage: medication.dosage,
              date: row.dose_date,
              scheduled_time: row.scheduled_time,
            }
          : null,
    };
  }

  async function dispatch(row: ReminderRow, context: Context): Promise<Outcome | null> {
    const now = clock();
    const base = { id: row.id, sent: false, sent_at: null, deliveries: 0, failures: 0, claimed_until: null };
    const reason = reasonNotToSend(row, context, now);
    if (reason) {
      const [status, detail] = reason;
      return { ...base, status, detail };
    }
    // Our claim may have run out while earlier reminders were sent: leave it to the next claim.
    if (row.claimed_until && now >= row.claimed_until) return null;

    const subscriptions = [...(context.subscriptionsByUser.get(row.user_id) ?? [])];
    const tag = tagOf(row);
    const options: PushOptions = {
      ttlSeconds: Math.max(1, Math.floor((row.expires_at.getTime() - now.getTime()) / 1000)),
      topic: topicOf(tag),
      urgency: row.kind === 'dose' || row.dedupe_key.endsWith(':1h') ? 'high' : 'normal',
    };
    const payload = JSON.stringify(payloadOf(row, context));
    const results = await Promise.all(subscriptions.map((target) => sender.send(target, payload, options)));
    let deliveries = 0;
    let failures = 0;
    let lastError: string | null = null;
    for (const [index, result] of results.entries()) {
      if (result.outcome === 'delivered') deliveries += 1;
      else if (result.outcome === 'gone') {
        const gone = subscriptions[index]!;
        await pushRepository.removeById(gone.id);
        const remaining = (context.subscriptionsByUser.get(row.user_id) ?? []).filter((s) => s.id !== gone.id);
        context.subscriptionsByUser.set(row.user_id, remaining);
      } else {
        failures += 1;
        lastError = result.error.slice(0, DETAIL_MAX);
      }
    }
    if (deliveries > 0) {
      return {
        ...base,
        status: 'sent',
        sent: true,
        sent_at: clock().toISOString(),
        deliveries,
        failures,
        detail: lastError,
      };
    }
    if (failures === 0) return { ...base, status: 'skipped', detail: 'no subscription' };
    if (row.attempts < maxAttempts) {
      const retryAt = new Date(clock().getTime() + retryDelayMs).toISOString();
      return { ...base, status: 'pending', failures, detail: lastError, claimed_until: retryAt };
    }
    return { ...base, status: 'failed', failures, detail: lastError };
  }

  /** One pass; `claimed` tells the loop whether to go again at once. */
  async function pass(): Promise<{ claimed: number; settled: number }> {
    const token = randomUUID();
    const rows = await claim(token);
    if (rows.length === 0) return { claimed: 0, settled: 0 };
    const context = await loadContext(rows);
    let settled = 0;
    let buffer: Outcome[] = [];
    let writing: Promise<void> = Promise.resolve();
    const flush = () => {
      const outcomes = buffer;
      buffer = [];
      writing = writing.then(() => settle(outcomes, token));
      return writing;
    };
    await forEachLimited(rows, concurrency, async (row) => {
      const outcome = await dispatch(row, context);
      if (!outcome) return;
      if (outcome.status !== 'pending') settled += 1;
      buffer.push(outcome);
      if (buffer.length >= SETTLE_CHUNK) void flush().catch(() => {});
    });
    await flush();
    deps.log?.debug({ claimed: rows.length, settled }, 'reminders dispatched');
    return { claimed: rows.length, settled };
  }

  let stopping = true;
  let loop: Promise<unknown> | null = null;
  const sleepers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const sleeper = {
        timer: setTimeout(() => sleeper.wake(), ms),
        wake: () => {
          clearTimeout(sleeper.timer);
          sleepers.delete(sleeper);
          resolve();
        },
      };
      sleepers.add(sleeper);
    });

  /** One lane: passes back to back while they come back full, else one every pollIntervalMs. */
  async function run(): Promise<void> {
    while (!stopping) {
      let full = false;
      try {
        full = (await pass()).claimed >= batchSize;
      } catch (error) {
        deps.log?.error({ err: error }, 'dispatching reminders failed');
      }
      if (!full && !stopping) await sleep(pollIntervalMs);
    }
  }

  return {
    runOnce: async () => (await pass()).settled,
    start() {
      if (!stopping) return;
      stopping = false;
      // Several lanes, so one claims and loads the next batch while another is still sending.
      loop = Promise.all(Array.from({ length: lanes }, run));
    },
    async stop() {
      stopping = true;
      for (const sleeper of [...sleepers]) sleeper.wake();
      await loop;
      loop = null;
    },
  };
}
