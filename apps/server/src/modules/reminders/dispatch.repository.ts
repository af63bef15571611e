/**
 * The dispatcher's SQL (decisions 014, 036): one statement claims a batch and reads all it
 * needs; outcomes go back only to rows still holding the pass's claim token.
 */
import { zoneOrDefault } from '@diacare/contract/dates';
import type { Medication } from '@diacare/contract/medications';
import type { NotificationSettings, ReminderStatus } from '@diacare/contract/reminders';
import { NOTIFICATION_DEFAULTS } from '@diacare/contract/reminders';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { claimRows, executeByKey, releaseClaims } from '../../db/leased-claim.ts';
import type { reminders } from '../../db/schema.ts';
import { userLanguage, type Language } from '../../i18n/index.ts';
import type { Clock } from '../../types.ts';
import type { StoredSubscription } from '../push/push.repository.ts';

/** The columns of a claimed reminder the dispatcher uses. */
export type ClaimedReminder = Pick<
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
export interface ClaimedMedication {
  id: string;
  name: string;
  dosage: string;
  archived: boolean;
  times: string[];
  /** The schedule as isScheduledOn reads it. */
  schedule: Medication;
}

/** One claimed reminder with everything needed to decide and send it, from one statement. */
export interface Claimed {
  row: ClaimedReminder;
  medication: ClaimedMedication | null;
  settings: NotificationSettings;
  /** The dose is recorded 'taken'. */
  taken: boolean;
  /** The user's language (the texts are stored in it; the action labels are made in it). */
  language: Language;
  /** What the channels' routing and templates need (decision 050); only when claimed with `channels`. */
  contact?: ClaimedContact;
}

/** A claimed reminder's recipient and template values beyond the row and its medication. */
export interface ClaimedContact {
  email: string | null;
  /** The profile's phone, the WhatsApp number. */
  phone: string | null;
  timezone: string;
  /** The medication's pills left (a refill's count). */
  pillsRemaining: number | null;
  /** An appointment reminder's appointment: local date and time, as booked. */
  appointment: { title: string; date: string; time: string; location: string } | null;
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
  after_meal_check: boolean;
  push_notifications: boolean;
  /** users.language: the language of the actions' labels */
  language: string | null;
  taken: boolean;
  subscriptions: { id: string; endpoint: string; p256dh: string; auth: string }[] | string;
  u_email?: string | null;
  u_phone?: string | null;
  u_timezone?: string;
  m_pills?: number | null;
  a_title?: string | null;
  a_date?: string | null;
  a_time?: string | null;
  a_location?: string | null;
}

/** The contact columns of a claim record read with channels. */
function contactOf(record: ClaimRecord): ClaimedContact {
  return {
    email: record.u_email ?? null,
    phone: record.u_phone ?? null,
    timezone: zoneOrDefault(record.u_timezone),
    pillsRemaining: record.m_pills ?? null,
    appointment:
      record.a_title != null
        ? { title: record.a_title, date: record.a_date!, time: record.a_time!, location: record.a_location ?? '' }
        : null,
  };
}

/** What a pass writes back for one reminder. */
export interface Outcome {
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
    if (value === null || value === undefined) literal += 'NULL';
    else {
      const text = String(value);
      // Most values (ids, statuses, instants, counts) have nothing to escape: skip the regular expression.
      literal += text.includes('"') || text.includes('\\') ? `"${text.replace(/["\\]/g, '\\$&')}"` : `"${text}"`;
    }
  }
  return `${literal}}`;
}

/** A claimed batch, with the subscriptions of its users by user id. */
export interface ClaimedBatch {
  claimed: Claimed[];
  subscriptionsByUser: Map<string, StoredSubscription[]>;
}

/**
 * The claim/settle/release statements over `db`, reading the time from `clock`.
 * @param options.batchSize reminders claimed per statement; options.leaseMs the claim's lease;
 *   options.channels also read each reminder's `contact` (e-mail or WhatsApp configured)
 */
export function createDispatchRepository(
  db: Database,
  clock: Clock,
  options: { batchSize: number; leaseMs: number; channels?: boolean },
) {
  const { batchSize, leaseMs } = options;
  // Only with channels: the push-only statement stays as decision 014 measured it.
  const channelReturning = options.channels ? sql`, r.appointment_id` : sql``;
  const channelColumns = options.channels
    ? sql`, u.email AS u_email, u.phone AS u_phone, u.timezone AS u_timezone, m.pills_remaining AS m_pills,
      ap.title AS a_title, ap.date::text AS a_date, ap.time AS a_time, ap.location AS a_location`
    : sql``;
  const channelJoins = options.channels
    ? sql`
    JOIN users u ON u.id = c.user_id
    LEFT JOIN appointments ap ON ap.id = c.appointment_id`
    : sql``;

  /**
   * Claims up to `limit` (default `batchSize`) due reminders and reads, in the same statement, what deciding
   * and sending each needs: its medication, the user's preferences and subscriptions, and
   * whether the dose is taken. One round trip per batch (the bench showed the dispatcher a
   * third idle on the claim and four context queries that followed it).
   */
  async function claim(token: string, limit = batchSize): Promise<ClaimedBatch> {
    const now = clock();
    const nowIso = now.toISOString();
    const leaseEnd = new Date(now.getTime() + leaseMs);
    const claimStatement = claimRows('reminders', now, { token, until: leaseEnd }, limit, {
      set: sql`, updated_at = ${nowIso}::timestamptz`,
      returning: sql`r.id, r.user_id, r.kind, r.medication_id, r.dose_date, r.scheduled_time, r.title, r.body,
        r.expires_at, r.dedupe_key, r.snoozed_from, r.attempts${channelReturning}`,
    });
    const result = await executeByKey(
      db,
      sql`${claimStatement}
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
      coalesce(s.after_meal_check, ${NOTIFICATION_DEFAULTS.afterMealCheck}) AS after_meal_check,
      (SELECT u.language FROM users u WHERE u.id = c.user_id) AS language,
      EXISTS (SELECT 1 FROM adherence_records a
        WHERE a.medication_id = c.medication_id AND a.date = c.dose_date
          AND a.scheduled_time = c.scheduled_time AND a.status = 'taken') AS taken,
      (SELECT coalesce(json_agg(json_build_object('id', p.id, 'endpoint', p.endpoint,
          'p256dh', p.p256dh, 'auth', p.auth) ORDER BY p.created_at), '[]'::json)
        FROM push_subscriptions p WHERE p.user_id = c.user_id) AS subscriptions${channelColumns}
    FROM claimed c
    LEFT JOIN medications m ON m.id = c.medication_id
    LEFT JOIN notification_settings s ON s.user_id = c.user_id${channelJoins}`,
    );
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
          afterMealCheck: Boolean(record.after_meal_check),
        },
        taken: Boolean(record.taken),
        ...(options.channels ? { contact: contactOf(record) } : {}),
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
    await executeByKey(
      db,
      sql`
    UPDATE reminders AS r SET
      status = v.status, sent = v.status = 'sent', sent_at = v.sent_at,
      deliveries = r.deliveries + v.deliveries, failures = r.failures + v.failures,
      detail = v.detail, claimed_until = v.claimed_until, claim_token = NULL,
      updated_at = ${now}::timestamptz
    FROM unnest(${column('id')}::uuid[], ${column('status')}::text[], ${column('sent_at')}::timestamptz[],
      ${column('deliveries')}::integer[], ${column('failures')}::integer[], ${column('detail')}::text[],
      ${column('claimed_until')}::timestamptz[])
      AS v(id, status, sent_at, deliveries, failures, detail, claimed_until)
    WHERE r.id = v.id AND r.claim_token = ${token}::uuid`,
    );
  }

  /**
   * Lets go of this pass's claims on reminders it did not send (stopping, or the lease ran out),
   * not counting the claim as an attempt, so the next dispatcher takes them at once.
   */
  async function release(token: string): Promise<void> {
    await releaseClaims(db, 'reminders', token);
  }

  return { claim, settle, release };
}

export type DispatchRepository = ReturnType<typeof createDispatchRepository>;
