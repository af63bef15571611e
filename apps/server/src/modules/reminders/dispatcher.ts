/**
 * The reminder dispatcher.
 *
 * Each pass claims up to `batchSize` due reminders in one statement —
 *   WITH due AS (SELECT id … WHERE status = 'pending' AND due_at <= now
 *                AND (claimed_until IS NULL OR claimed_until < now)
 *                ORDER BY due_at LIMIT n FOR UPDATE SKIP LOCKED),
 *   claimed AS (UPDATE reminders SET claimed_until = now + lease, claim_token = <new uuid>,
 *               attempts + 1 FROM due … RETURNING …)
 *   SELECT claimed.*, its medication, the user's preferences, subscriptions, dose taken?
 * — which commits at once and reads everything the pass needs in one round trip (decision
 * 014); the pushes go out after it, outside any transaction, and each
 * outcome is written back only where the row still carries this pass's claim_token. So any
 * number of dispatchers (in any number of server processes on one PostgreSQL) share the
 * work without sending a reminder twice, and one that dies holding claims loses nothing:
 * its lease expires and another dispatcher claims the rows again.
 *
 * For each claimed reminder, in order:
 * 1. past `expires_at` (e.g. the server was down beyond the dose window) → 'missed';
 * 2. a dose whose medication is gone, no longer schedules that dose, or is already taken → 'skipped';
 * 3. the user's preferences: pushNotifications off → 'skipped'; medicationReminders off
 *    skips dose and refill reminders; appointmentReminders off skips appointment reminders;
 *    healthTips off skips the weekly tip (issue 23, tips.ts);
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
import type { Medication } from '@diacare/contract/medications';
import type { ReminderPush } from '@diacare/contract/push';
import type { NotificationSettings, ReminderStatus } from '@diacare/contract/reminders';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_DEFAULTS } from '@diacare/contract/reminders';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { t, userLanguage, type Language } from '../../i18n/index.ts';
import type { reminders } from '../../db/schema.ts';
import type { Clock } from '../../types.ts';
import type { ReminderMetrics } from '../ops/metrics.ts';
import type { PushOptions, PushSender } from '../push/push-sender.ts';
import { createPushRepository, type StoredSubscription } from '../push/push.repository.ts';
import {
  DISPATCH_BATCH_SIZE,
  DISPATCH_CONCURRENCY,
  DISPATCH_LANES,
  DISPATCH_LEASE_MS,
  DISPATCH_MAX_ATTEMPTS,
  DISPATCH_POLL_INTERVAL_MS,
  DISPATCH_RETRY_DELAY_MS,
} from './constants.ts';

/** The columns of a claimed reminder the dispatcher uses. */
type ClaimedReminder = Pick<
  typeof reminders.$inferSelect,
  | 'id'
  | 'user_id'
  | 'kind'
  | 'medication_id'
  | 'dose_date'
  | 'scheduled_time'
  | 'title'
  | 'body'
  | 'expires_at'
  | 'dedupe_key'
  | 'snoozed_from'
  | 'attempts'
  | 'claimed_until'
>;

/** What the dispatcher needs of a reminder's medication. */
interface ClaimedMedication {
  id: string;
  name: string;
  dosage: string;
  archived: boolean;
  times: string[];
  /** The schedule as isScheduledOn reads it. */
  schedule: Medication;
}

/** One claimed reminder with everything needed to decide and send it, from one statement. */
interface Claimed {
  row: ClaimedReminder;
  medication: ClaimedMedication | null;
  settings: NotificationSettings;
  /** The dose is recorded 'taken'. */
  taken: boolean;
  /** The user's language (the texts are stored in it; the action labels are made in it). */
  language: Language;
}

/** A row of the claim statement (raw SQL: instants as epoch milliseconds, dates as text). */
interface ClaimRecord {
  id: string;
  user_id: string;
  kind: ClaimedReminder['kind'];
  medication_id: string | null;
  dose_date: string | null;
  scheduled_time: string | null;
  title: string;
  body: string;
  expires_ms: number;
  dedupe_key: string;
  snoozed_from: string | null;
  attempts: number;
  m_id: string | null;
  m_name: string | null;
  m_dosage: string | null;
  m_archived: boolean | null;
  m_frequency: Medication['schedule']['frequency'] | null;
  m_times: string[] | null;
  m_weekdays: number[] | null;
  m_start_date: string | null;
  medication_reminders: boolean;
  appointment_reminders: boolean;
  health_tips: boolean;
  push_notifications: boolean;
  /** users.language: the language of the actions' labels */
  language: string | null;
  taken: boolean;
  subscriptions: { id: string; endpoint: string; p256dh: string; auth: string }[] | string;
}

/** Outcomes written back per statement while a pass is still sending (two statements per full batch; decision 014). */
const SETTLE_CHUNK = 500;
/** Longest error text kept in `detail` (the sender's message: status and reason, no personal data). */
const DETAIL_MAX = 200;

export interface DispatcherDeps {
  db: Database;
  clock: Clock;
  sender: PushSender;
  /** Reminders claimed per pass (default DISPATCH_BATCH_SIZE, 1000). */
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
  /** Counts settled reminders and deliveries. */
  metrics?: ReminderMetrics;
}

export interface Dispatcher {
  /** One pass: claim, send, record. Resolves to the number of reminders settled in it. */
  runOnce(): Promise<number>;
  /** Runs `lanes` loops of passes (back to back while full, else every `pollIntervalMs`) until stop(). */
  start(): void;
  /**
   * Stops the loop: the pass in progress sends nothing more, waits for the sends already
   * started, records them, and releases its other claims for the next dispatcher.
   */
  stop(): Promise<void>;
}

interface Outcome {
  id: string;
  /** 'sent' also sets `sent` (delivered to at least one subscription). */
  status: ReminderStatus;
  sent_at: string | null;
  deliveries: number;
  failures: number;
  detail: string | null;
  /** ISO instant before which the row is not claimed again (a retry), else null. */
  claimed_until: string | null;
}

/**
 * A PostgreSQL array literal of `values` (text form, every element double-quoted with `"` and
 * `\\` escaped; null → NULL), for one text parameter cast to an array type.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (i > 0) literal += ',';
    literal += value === null || value === undefined ? 'NULL' : `"${String(value).replace(/["\\]/g, '\\$&')}"`;
  }
  return `${literal}}`;
}

/** The Topic header of a push with notification tag `tag`: 32 base64url characters of its SHA-256 (RFC 8030 §5.4). */
export const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/** Runs `work` over `items` with at most `limit` at a time. */
async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** What buildReminderPush reads of a reminder row. */
export type ReminderPushRow = Pick<
  ClaimedReminder,
  'id' | 'user_id' | 'kind' | 'medication_id' | 'dose_date' | 'scheduled_time' | 'title' | 'body'
>;

/** Notification tag: one per dose (a snooze replaces its dose's notification), else per reminder. */
export function tagOf(row: Pick<ReminderPushRow, 'id' | 'medication_id' | 'dose_date' | 'scheduled_time'>): string {
  if (row.medication_id && row.dose_date && row.scheduled_time) {
    return `dose-${row.medication_id}-${row.dose_date}-${row.scheduled_time}`;
  }
  return `reminder-${row.id}`;
}

function urlOf(row: Pick<ReminderPushRow, 'kind' | 'medication_id'>): string {
  if (row.kind === 'refill' && row.medication_id) return `/medications/edit/${row.medication_id}`;
  if (row.kind === 'tip') return '/faq';
  return '/home';
}

/** The confirmation and failure notices of a dose push. */
export type DoseNotices = Pick<ReminderPush, 'confirmation' | 'failure'>;

/** The texts of a push that depend only on the language (and the medicine's name). */
export interface PushTexts {
  /** The Take/Snooze actions' labels (push.action.*). */
  actions(language: Language): NonNullable<ReminderPush['actions']>;
  /** The 'taken' confirmation and the 'failed' notices of a dose of `medicine` (push.taken.*, push.failed.*). */
  doseNotices(language: Language, medicine: string): DoseNotices;
}

/**
 * PushTexts that make each text once per language (and medicine) instead of once per push: seven
 * catalog lookups per dose push otherwise; a batch is mostly a few medicines in one or two
 * languages. Bounded: the notices are cleared when they reach 10,000 entries. One per dispatcher.
 */
export function createPushTexts(): PushTexts {
  const actionsByLanguage = new Map<Language, NonNullable<ReminderPush['actions']>>();
  const noticesByMedicine = new Map<string, DoseNotices>();
  return {
    actions(language) {
      let actions = actionsByLanguage.get(language);
      if (!actions) {
        actions = { take: t(language, 'push.action.take'), snooze: t(language, 'push.action.snooze') };
        actionsByLanguage.set(language, actions);
      }
      return actions;
    },
    doseNotices(language, medicine) {
      const key = `${language}\u0000${medicine}`;
      let notices = noticesByMedicine.get(key);
      if (!notices) {
        notices = {
          confirmation: {
            title: t(language, 'push.taken.title'),
            taken: t(language, 'push.taken.body', { medicine }),
            queued: t(language, 'push.taken.body_queued', { medicine }),
          },
          failure: {
            take: {
              title: t(language, 'push.failed.take.title'),
              body: t(language, 'push.failed.take.body', { medicine }),
            },
            snooze: { title: t(language, 'push.failed.snooze.title'), body: t(language, 'push.failed.snooze.body') },
          },
        };
        if (noticesByMedicine.size >= 10_000) noticesByMedicine.clear();
        noticesByMedicine.set(key, notices);
      }
      return notices;
    },
  };
}

/**
 * The ReminderPush the dispatcher sends for a reminder (JSON.stringify of it is the push's
 * plaintext): the Take/Snooze labels in `language`, the row's stored title and body (already
 * in the user's language), the tag and url, and for a dose of a known medication its `dose`
 * fields and the 'taken'/'failed' notices in `language`. Pure apart from `texts`' caching.
 * The reminders bench builds its baseline's payloads with it, so both send the same bytes
 * (decision 014).
 */
export function buildReminderPush(
  {
    row,
    medication,
    language,
  }: { row: ReminderPushRow; medication: Pick<ClaimedMedication, 'id' | 'name' | 'dosage'> | null; language: Language },
  texts: PushTexts = createPushTexts(),
): ReminderPush {
  const isDose = Boolean(medication && row.dose_date && row.scheduled_time);
  return {
    actions: texts.actions(language),
    reminder_id: row.id,
    user_id: row.user_id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    tag: tagOf(row),
    url: urlOf(row),
    dose:
      isDose && medication
        ? {
            medication_id: medication.id,
            medication_name: medication.name,
            dosage: medication.dosage,
            date: row.dose_date!,
            scheduled_time: row.scheduled_time!,
          }
        : null,
    ...(isDose && medication ? texts.doseNotices(language, medication.name) : {}),
  };
}

function preferenceBlocks(row: ClaimedReminder, settings: NotificationSettings): string | null {
  if (!settings.pushNotifications) return 'push notifications off';
  if ((row.kind === 'dose' || row.kind === 'refill') && !settings.medicationReminders) {
    return 'medication reminders off';
  }
  if (row.kind === 'appointment' && !settings.appointmentReminders) return 'appointment reminders off';
  if (row.kind === 'tip' && !settings.healthTips) return 'health tips off';
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

  /**
   * Claims up to `batchSize` due reminders and reads, in the same statement, what deciding
   * and sending each needs: its medication, the user's preferences and subscriptions, and
   * whether the dose is taken. One round trip per batch (the bench showed the dispatcher a
   * third idle on the claim and four context queries that followed it).
   */
  async function claim(
    token: string,
  ): Promise<{ claimed: Claimed[]; subscriptionsByUser: Map<string, StoredSubscription[]> }> {
    const now = clock();
    const nowIso = now.toISOString();
    const leaseEnd = new Date(now.getTime() + leaseMs);
    const result = await db.execute(sql`
      WITH due AS (
        SELECT id FROM reminders
        WHERE status = 'pending' AND due_at <= ${nowIso}::timestamptz
          AND (claimed_until IS NULL OR claimed_until < ${nowIso}::timestamptz)
        ORDER BY due_at LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED
      ), claimed AS (
        UPDATE reminders AS r SET claimed_until = ${leaseEnd.toISOString()}::timestamptz,
          claim_token = ${token}::uuid, attempts = r.attempts + 1, updated_at = ${nowIso}::timestamptz
        FROM due WHERE r.id = due.id
        RETURNING r.id, r.user_id, r.kind, r.medication_id, r.dose_date, r.scheduled_time, r.title, r.body,
          r.expires_at, r.dedupe_key, r.snoozed_from, r.attempts
      )
      SELECT c.id, c.user_id, c.kind, c.medication_id, c.dose_date::text AS dose_date, c.scheduled_time,
        c.title, c.body, (extract(epoch FROM c.expires_at) * 1000)::float8 AS expires_ms, c.dedupe_key,
        c.snoozed_from, c.attempts,
        m.id AS m_id, m.name AS m_name, m.dosage AS m_dosage, (m.archived_at IS NOT NULL) AS m_archived,
        m.frequency AS m_frequency, m.times AS m_times, m.weekdays AS m_weekdays,
        m.start_date::text AS m_start_date,
        coalesce(s.medication_reminders, ${NOTIFICATION_DEFAULTS.medicationReminders}) AS medication_reminders,
        coalesce(s.appointment_reminders, ${NOTIFICATION_DEFAULTS.appointmentReminders}) AS appointment_reminders,
        coalesce(s.health_tips, ${NOTIFICATION_DEFAULTS.healthTips}) AS health_tips,
        coalesce(s.push_notifications, ${NOTIFICATION_DEFAULTS.pushNotifications}) AS push_notifications,
        (SELECT u.language FROM users u WHERE u.id = c.user_id) AS language,
        EXISTS (SELECT 1 FROM adherence_records a
          WHERE a.medication_id = c.medication_id AND a.date = c.dose_date
            AND a.scheduled_time = c.scheduled_time AND a.status = 'taken') AS taken,
        (SELECT coalesce(json_agg(json_build_object('id', p.id, 'endpoint', p.endpoint,
            'p256dh', p.p256dh, 'auth', p.auth) ORDER BY p.created_at), '[]'::json)
          FROM push_subscriptions p WHERE p.user_id = c.user_id) AS subscriptions
      FROM claimed c
      LEFT JOIN medications m ON m.id = c.medication_id
      LEFT JOIN notification_settings s ON s.user_id = c.user_id`);
    const subscriptionsByUser = new Map<string, StoredSubscription[]>();
    // Both drivers (node-postgres, PGlite) answer a raw statement with { rows }.
    const records = (result as unknown as { rows: ClaimRecord[] }).rows;
    const claimed = records.map((record): Claimed => {
      if (!subscriptionsByUser.has(record.user_id)) {
        const list = typeof record.subscriptions === 'string' ? JSON.parse(record.subscriptions) : record.subscriptions;
        subscriptionsByUser.set(
          record.user_id,
          (list as Exclude<ClaimRecord['subscriptions'], string>).map((sub) => ({
            id: sub.id,
            user_id: record.user_id,
            endpoint: sub.endpoint,
            keys: { p256dh: sub.p256dh, auth: sub.auth },
          })),
        );
      }
      return {
        row: {
          id: record.id,
          user_id: record.user_id,
          kind: record.kind,
          medication_id: record.medication_id,
          dose_date: record.dose_date,
          scheduled_time: record.scheduled_time,
          title: record.title,
          body: record.body,
          expires_at: new Date(Number(record.expires_ms)),
          dedupe_key: record.dedupe_key,
          snoozed_from: record.snoozed_from,
          attempts: Number(record.attempts),
          claimed_until: leaseEnd,
        },
        language: userLanguage(record.language),
        medication: record.m_id
          ? {
              id: record.m_id,
              name: record.m_name!,
              dosage: record.m_dosage!,
              archived: Boolean(record.m_archived),
              times: record.m_times ?? [],
              schedule: {
                schedule: {
                  frequency: record.m_frequency!,
                  times: record.m_times ?? [],
                  weekdays: record.m_weekdays ?? [],
                  start_date: record.m_start_date!,
                  end_date: null,
                },
              } as Medication,
            }
          : null,
        settings: {
          ...NOTIFICATION_DEFAULTS,
          medicationReminders: Boolean(record.medication_reminders),
          appointmentReminders: Boolean(record.appointment_reminders),
          healthTips: Boolean(record.health_tips),
          pushNotifications: Boolean(record.push_notifications),
        },
        taken: Boolean(record.taken),
      };
    });
    return { claimed, subscriptionsByUser };
  }

  /**
   * Writes outcomes back to rows still held by `token`, as one UPDATE over `unnest` of
   * PostgreSQL array literals (one text parameter per column): cheaper to build here and to
   * read in PostgreSQL than a JSON document of row objects (decision 014).
   */
  async function settle(outcomes: Outcome[], token: string): Promise<void> {
    if (outcomes.length === 0) return;
    const now = clock().toISOString();
    const column = <K extends keyof Outcome>(key: K) => arrayLiteral(outcomes.map((outcome) => outcome[key]));
    await db.execute(sql`
      UPDATE reminders AS r SET
        status = v.status, sent = v.status = 'sent', sent_at = v.sent_at,
        deliveries = r.deliveries + v.deliveries, failures = r.failures + v.failures,
        detail = v.detail, claimed_until = v.claimed_until, claim_token = NULL,
        updated_at = ${now}::timestamptz
      FROM unnest(${column('id')}::uuid[], ${column('status')}::text[], ${column('sent_at')}::timestamptz[],
        ${column('deliveries')}::integer[], ${column('failures')}::integer[], ${column('detail')}::text[],
        ${column('claimed_until')}::timestamptz[])
        AS v(id, status, sent_at, deliveries, failures, detail, claimed_until)
      WHERE r.id = v.id AND r.claim_token = ${token}::uuid`);
  }

  /**
   * Lets go of this pass's claims on reminders it did not send (stopping, or the lease ran out),
   * not counting the claim as an attempt, so the next dispatcher takes them at once.
   */
  async function release(token: string): Promise<void> {
    await db.execute(sql`
      UPDATE reminders SET claimed_until = NULL, claim_token = NULL, attempts = greatest(attempts - 1, 0)
      WHERE claim_token = ${token}::uuid AND status = 'pending'`);
  }

  /** Subscriptions of the batch's users, by user; a gone one is removed for the rest of the batch. */
  type Context = { subscriptionsByUser: Map<string, StoredSubscription[]> };

  /** Why the reminder is not sent, or null to send it. */
  function reasonNotToSend(item: Claimed, context: Context, now: Date): [ReminderStatus, string] | null {
    const { row, medication } = item;
    if (row.expires_at <= now) return ['missed', 'past its window'];
    if (row.medication_id) {
      if (!medication || medication.archived) return ['skipped', 'medication deleted'];
      if (row.dose_date && row.scheduled_time) {
        const scheduled =
          medication.times.includes(row.scheduled_time) && isScheduledOn(medication.schedule, row.dose_date);
        if (row.kind === 'dose' && !row.snoozed_from && !scheduled) return ['skipped', 'schedule changed'];
        if (item.taken) return ['skipped', 'dose taken'];
      }
    }
    const blocked = preferenceBlocks(row, item.settings);
    if (blocked) return ['skipped', blocked];
    if ((context.subscriptionsByUser.get(row.user_id) ?? []).length === 0) return ['skipped', 'no subscription'];
    return null;
  }

  const texts = createPushTexts();

  async function dispatch(item: Claimed, context: Context): Promise<Outcome | null> {
    const { row } = item;
    const now = clock();
    const base = { id: row.id, sent_at: null, deliveries: 0, failures: 0, claimed_until: null };
    const reason = reasonNotToSend(item, context, now);
    if (reason) {
      const [status, detail] = reason;
      return { ...base, status, detail };
    }
    // Our claim may have run out while earlier reminders were sent, or the server is stopping:
    // leave it to the next claim.
    if (draining || (row.claimed_until && now >= row.claimed_until)) return null;

    const subscriptions = [...(context.subscriptionsByUser.get(row.user_id) ?? [])];
    const tag = tagOf(row);
    const options: PushOptions = {
      ttlSeconds: Math.max(1, Math.floor((row.expires_at.getTime() - now.getTime()) / 1000)),
      topic: topicOf(tag),
      urgency: row.kind === 'dose' || row.dedupe_key.endsWith(':1h') ? 'high' : 'normal',
    };
    const payload = JSON.stringify(buildReminderPush(item, texts));
    const results = await Promise.all(subscriptions.map((target) => sender.send(target, payload, options)));
    let deliveries = 0;
    let failures = 0;
    let lastError: string | null = null;
    for (const [index, result] of results.entries()) {
      deps.metrics?.deliveries.inc({ channel: 'web_push', outcome: result.outcome });
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
    const { claimed: rows, subscriptionsByUser } = await claim(token);
    if (rows.length === 0) return { claimed: 0, settled: 0 };
    const context: Context = { subscriptionsByUser };
    let settled = 0;
    let unsent = 0;
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
      if (!outcome) {
        unsent += 1;
        return;
      }
      deps.metrics?.remindersSettled.inc({ status: outcome.status === 'pending' ? 'retry' : outcome.status });
      if (outcome.status !== 'pending') settled += 1;
      buffer.push(outcome);
      if (buffer.length >= SETTLE_CHUNK) void flush().catch(() => {});
    });
    await flush();
    if (unsent > 0) await release(token);
    deps.log?.debug({ claimed: rows.length, settled }, 'reminders dispatched');
    return { claimed: rows.length, settled };
  }

  let stopping = true;
  /** Set by stop(): passes in progress send nothing more. */
  let draining = false;
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
      draining = false;
      // Several lanes, so one claims and loads the next batch while another is still sending.
      loop = Promise.all(Array.from({ length: lanes }, run));
    },
    async stop() {
      stopping = true;
      draining = true;
      for (const sleeper of [...sleepers]) sleeper.wake();
      await loop;
      loop = null;
    },
  };
}
