/**
 * The care alerts' SQL (decision 051): make an alert once (unique key, ON CONFLICT DO NOTHING),
 * claim due ones with their facts in one statement, write outcomes back under the claim token.
 */
import {
  DEFAULT_CARE_SETTINGS,
  LOW_GLUCOSE_MG_DL,
  type CareAlertKind,
  type CareSettings,
} from '@diacare/contract/care';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { claimRows, releaseClaims } from '../../db/leased-claim.ts';
import { careAlerts } from '../../db/schema.ts';
import {
  isMissedDoseAlertDue,
  LOW_EPISODE_MS,
  LOW_RECOVERY_MS,
  missedDoseAlertAt,
  missedDoseCandidatesFrom,
} from './care-alert-rules.ts';

/** A claimed alert with what deciding and wording it needs. */
export interface ClaimedAlert {
  id: string;
  patient_id: string;
  patient_name: string;
  kind: CareAlertKind;
  medication_name: string | null;
  dose_date: string | null;
  scheduled_time: string | null;
  value: number | null;
  event_at: Date;
  attempts: number;
  claimed_until: Date;
  timezone: string;
  settings: CareSettings;
  dose_settled: boolean;
  dose_snoozed: boolean;
  medication_gone: boolean;
  reading_gone: boolean;
  recovered: boolean;
  episode_alerted: boolean;
  /** 'member:channel' pairs an earlier attempt reached (not sent again on a retry). */
  delivered_to: string[];
}

/** One recipient's outcome on one channel. */
export interface DeliveryRow {
  member_id: string;
  channel: string;
  outcome: 'delivered' | 'failed' | 'unavailable';
  detail: string | null;
}

/** What a pass writes back for one alert. */
export type AlertOutcome =
  | { status: 'sent'; deliveries: DeliveryRow[] }
  | { status: 'failed' | 'cancelled'; detail: string; deliveries: DeliveryRow[] }
  | { status: 'retry'; retryAt: Date; deliveries: DeliveryRow[] }
  | { status: 'hold'; until: Date };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (date: Date) => date.toISOString();

/** Making alerts: the statements over `db` (claiming them is createCareAlertClaims'). */
export function createCareAlertRepository(db: Database) {
  return {
    /** Inserts a glucose alert once per reading; false when it already existed. */
    async insertGlucoseAlert(
      alert: { patientId: string; kind: CareAlertKind; readingId: string; value: number; eventAt: Date; dueAt: Date },
      now: Date,
    ): Promise<boolean> {
      const inserted = await db
        .insert(careAlerts)
        .values({
          patient_id: alert.patientId,
          kind: alert.kind,
          dedupe_key: `glucose:${alert.readingId}`,
          reading_id: alert.readingId,
          value: alert.value,
          event_at: alert.eventAt,
          due_at: alert.dueAt,
          created_at: now,
        })
        .onConflictDoNothing()
        .returning({ id: careAlerts.id });
      return inserted.length > 0;
    },

    /**
     * Makes a 'missed_dose' alert for every dose reminder whose alert time has come (care-alert-rules.ts
     * missedDoseAlertAt and isMissedDoseAlertDue: its instant plus the patient's
     * missed_dose_alert_minutes, within MISSED_DOSE_LOOKBACK_MS), of a patient with a member who has
     * alerts on and the medications scope, when the dose is neither recorded taken or skipped nor
     * snoozed, and was due at or after its medicine was added (dose-rules.ts isDoseExpected, decision
     * 077). One per dose ('missed:<medication>:<date>:<time>'), however many instances run it.
     * Returns the number of alerts made.
     */
    async insertMissedDoseAlerts(now: Date): Promise<number> {
      const defaultMinutes = DEFAULT_CARE_SETTINGS.missed_dose_alert_minutes;
      const candidates = rowsOf<MissedDoseCandidate>(
        await db.execute(sql`
        SELECT r.user_id, r.medication_id, to_char(r.dose_date, 'YYYY-MM-DD') AS dose_date, r.scheduled_time,
          (extract(epoch FROM r.due_at) * 1000)::float8 AS due_ms,
          coalesce(s.missed_dose_alert_minutes, ${defaultMinutes}) AS delay_minutes
        FROM (SELECT DISTINCT patient_id FROM care_members
              WHERE alerts AND 'medications' = ANY(scopes)) p
        JOIN reminders r ON r.user_id = p.patient_id AND r.kind = 'dose' AND r.snoozed_from IS NULL
          AND r.due_at > ${iso(missedDoseCandidatesFrom(now))}::timestamptz AND r.due_at <= ${iso(now)}::timestamptz
        -- isDoseExpected (decision 077): a dose due before its medicine was added was never expected.
        JOIN medications m ON m.id = r.medication_id AND r.due_at >= m.created_at
        LEFT JOIN care_settings s ON s.patient_id = p.patient_id
        WHERE r.dedupe_key LIKE 'dose:%' AND r.detail IS DISTINCT FROM 'schedule changed'
          AND NOT EXISTS (SELECT 1 FROM adherence_records a WHERE a.medication_id = r.medication_id
            AND a.date = r.dose_date AND a.scheduled_time = r.scheduled_time AND a.status IN ('taken', 'skipped'))
          AND NOT EXISTS (SELECT 1 FROM reminders z WHERE z.medication_id = r.medication_id
            AND z.user_id = r.user_id AND z.snoozed_from = r.id)`),
      );
      const due = candidates.flatMap((candidate) => {
        const doseDueAt = new Date(Number(candidate.due_ms));
        const alertAt = missedDoseAlertAt(doseDueAt, Number(candidate.delay_minutes));
        if (!isMissedDoseAlertDue(alertAt, now)) return [];
        return [
          {
            patient_id: candidate.user_id,
            kind: 'missed_dose' as const,
            dedupe_key: `missed:${candidate.medication_id}:${candidate.dose_date}:${candidate.scheduled_time}`,
            medication_id: candidate.medication_id,
            dose_date: candidate.dose_date,
            scheduled_time: candidate.scheduled_time,
            event_at: doseDueAt,
            due_at: alertAt,
            created_at: now,
          },
        ];
      });
      if (due.length === 0) return 0;
      const made = await db.insert(careAlerts).values(due).onConflictDoNothing().returning({ id: careAlerts.id });
      return made.length;
    },
  };
}
export type CareAlertRepository = ReturnType<typeof createCareAlertRepository>;

/** A dose reminder that may have become a missed dose, with the patient's alert delay. */
interface MissedDoseCandidate {
  user_id: string;
  medication_id: string;
  dose_date: string;
  scheduled_time: string;
  due_ms: number;
  delay_minutes: number;
}

interface ClaimRecord extends Omit<ClaimedAlert, 'event_at' | 'claimed_until' | 'settings' | 'delivered_to'> {
  event_ms: number;
  missed_dose_alert_minutes: number | null;
  low_glucose_alerts: boolean | null;
  quiet_start: string | null;
  quiet_end: string | null;
  delivered_to: string[] | null;
}

/**
 * The claim statements over `db` (decision 014's pattern, decision 051).
 * @param options.batchSize alerts per claim; options.leaseMs the claim's lease
 */
export function createCareAlertClaims(db: Database, options: { batchSize: number; leaseMs: number }) {
  /**
   * Claims up to batchSize due pending alerts (FOR UPDATE SKIP LOCKED, expired leases
   * re-claimable) and reads, in the same statement, the patient, settings and the facts
   * decideAlert needs.
   */
  async function claim(token: string, now: Date): Promise<ClaimedAlert[]> {
    const leaseEnd = new Date(now.getTime() + options.leaseMs);
    const claimStatement = claimRows('care_alerts', now, { token, until: leaseEnd }, options.batchSize, {
      returning: sql`r.*`,
    });
    const result = await db.execute(sql`${claimStatement}
    SELECT c.id, c.patient_id, coalesce(u.name, u.email, '') AS patient_name, c.kind,
      m.name AS medication_name, to_char(c.dose_date, 'YYYY-MM-DD') AS dose_date, c.scheduled_time, c.value,
      (extract(epoch FROM c.event_at) * 1000)::float8 AS event_ms, c.attempts, u.timezone,
      s.missed_dose_alert_minutes, s.low_glucose_alerts, s.quiet_start, s.quiet_end,
      (c.kind = 'missed_dose' AND (m.id IS NULL OR m.archived_at IS NOT NULL)) AS medication_gone,
      EXISTS (SELECT 1 FROM adherence_records ar WHERE ar.medication_id = c.medication_id
        AND ar.date = c.dose_date AND ar.scheduled_time = c.scheduled_time
        AND ar.status IN ('taken', 'skipped')) AS dose_settled,
      EXISTS (SELECT 1 FROM reminders d JOIN reminders z ON z.snoozed_from = d.id
        AND z.medication_id = d.medication_id AND z.user_id = d.user_id
        WHERE d.user_id = c.patient_id AND d.medication_id = c.medication_id
          AND d.dose_date = c.dose_date AND d.scheduled_time = c.scheduled_time
          AND d.snoozed_from IS NULL) AS dose_snoozed,
      (c.reading_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM glucose_readings g
        WHERE g.id = c.reading_id)) AS reading_gone,
      EXISTS (SELECT 1 FROM glucose_readings g WHERE g.user_id = c.patient_id
        AND g.value >= ${LOW_GLUCOSE_MG_DL} AND g.id IS DISTINCT FROM c.reading_id
        AND ((g.date + g.time::time) AT TIME ZONE u.timezone) > c.event_at
        AND ((g.date + g.time::time) AT TIME ZONE u.timezone)
          <= c.event_at + make_interval(secs => ${LOW_RECOVERY_MS / 1000})) AS recovered,
      EXISTS (SELECT 1 FROM care_alerts o WHERE o.patient_id = c.patient_id AND o.id <> c.id
        AND o.kind IN ('low_glucose', 'urgent_low_glucose') AND o.status = 'sent'
        AND o.event_at >= c.event_at - make_interval(secs => ${LOW_EPISODE_MS / 1000})
        AND o.event_at <= c.event_at) AS episode_alerted,
      (SELECT array_agg(dl.member_id || ':' || dl.channel) FROM care_alert_deliveries dl
        WHERE dl.alert_id = c.id AND dl.outcome = 'delivered') AS delivered_to
    FROM claimed c
    JOIN users u ON u.id = c.patient_id
    LEFT JOIN medications m ON m.id = c.medication_id
    LEFT JOIN care_settings s ON s.patient_id = c.patient_id`);
    return rowsOf<ClaimRecord>(result).map((record) => ({
      id: record.id,
      patient_id: record.patient_id,
      patient_name: record.patient_name,
      kind: record.kind,
      medication_name: record.medication_name,
      dose_date: record.dose_date,
      scheduled_time: record.scheduled_time,
      value: record.value === null ? null : Number(record.value),
      event_at: new Date(Number(record.event_ms)),
      attempts: Number(record.attempts),
      claimed_until: leaseEnd,
      timezone: record.timezone,
      settings: {
        missed_dose_alert_minutes: record.missed_dose_alert_minutes ?? DEFAULT_CARE_SETTINGS.missed_dose_alert_minutes,
        low_glucose_alerts: record.low_glucose_alerts ?? DEFAULT_CARE_SETTINGS.low_glucose_alerts,
        quiet_hours:
          record.quiet_start && record.quiet_end ? { start: record.quiet_start, end: record.quiet_end } : null,
      },
      dose_settled: Boolean(record.dose_settled),
      dose_snoozed: Boolean(record.dose_snoozed),
      medication_gone: Boolean(record.medication_gone),
      reading_gone: Boolean(record.reading_gone),
      recovered: Boolean(record.recovered),
      episode_alerted: Boolean(record.episode_alerted),
      delivered_to: record.delivered_to ?? [],
    }));
  }

  /**
   * Writes one alert's outcome and its deliveries, only while the alert still holds `token`
   * (a pass whose lease ran out and was re-claimed writes nothing). A hold moves `due_at` to
   * the end of quiet hours and does not count as an attempt. Returns false when not held.
   */
  async function settle(id: string, token: string, outcome: AlertOutcome, now: Date): Promise<boolean> {
    const status = outcome.status === 'retry' || outcome.status === 'hold' ? 'pending' : outcome.status;
    const detail = outcome.status === 'failed' || outcome.status === 'cancelled' ? outcome.detail : null;
    const sentAt = outcome.status === 'sent' ? iso(now) : null;
    const dueAt = outcome.status === 'hold' ? iso(outcome.until) : null;
    const claimedUntil = outcome.status === 'retry' ? iso(outcome.retryAt) : null;
    const deliveries = outcome.status === 'hold' ? [] : outcome.deliveries;
    const result = await db.execute(sql`
    WITH done AS (
      UPDATE care_alerts SET status = ${status}, detail = ${detail}, sent_at = ${sentAt}::timestamptz,
        due_at = coalesce(${dueAt}::timestamptz, due_at), claimed_until = ${claimedUntil}::timestamptz,
        claim_token = NULL, attempts = attempts - ${outcome.status === 'hold' ? 1 : 0}
      WHERE id = ${id}::uuid AND claim_token = ${token}::uuid
      RETURNING id
    ), written AS (
      INSERT INTO care_alert_deliveries (alert_id, member_id, channel, outcome, detail, at)
      SELECT done.id, v.member_id, v.channel, v.outcome, v.detail, ${iso(now)}::timestamptz
      FROM done, json_to_recordset(${JSON.stringify(deliveries)}::json)
        AS v(member_id uuid, channel text, outcome text, detail text)
      ON CONFLICT (alert_id, member_id, channel) DO UPDATE
        SET outcome = excluded.outcome, detail = excluded.detail, at = excluded.at
    ), audited AS (
      -- The patient's audit: one 'alert' entry per member told, with each channel's outcome.
      INSERT INTO care_audit (patient_id, actor_id, member_id, action, resource, detail, at)
      SELECT a.patient_id, a.patient_id, v.member_id, 'alert', a.kind,
        string_agg(v.channel || ': ' || v.outcome || coalesce(' (' || v.detail || ')', ''), '; ' ORDER BY v.channel),
        ${iso(now)}::timestamptz
      FROM done JOIN care_alerts a ON a.id = done.id,
        json_to_recordset(${JSON.stringify(deliveries)}::json) AS v(member_id uuid, channel text, outcome text, detail text)
      GROUP BY a.patient_id, a.kind, v.member_id
    )
    SELECT count(*)::int AS n FROM done`);
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0) > 0;
  }

  /** Lets go of this pass's claims it did not settle (stopping, lease ran out), not counting the attempt. */
  async function release(token: string): Promise<void> {
    await releaseClaims(db, 'care_alerts', token);
  }

  return { claim, settle, release };
}
