/**
 * The care alerts as the patient and members read them (decision 051): the list with who was
 * told and who saw it, an alert that went out, and a member's "seen". Making, claiming and
 * settling alerts are care-alert.repository.ts'.
 */
import type { CareAlert, CareAlertKind } from '@diacare/contract/care';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { careAlerts, careAudit } from '../../db/schema.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface ListRecord {
  id: string;
  patient_id: string;
  kind: CareAlertKind;
  status: CareAlert['status'];
  medication_name: string | null;
  dose_date: string | null;
  scheduled_time: string | null;
  value: number | null;
  event_ms: number;
  sent_ms: number | null;
  seen_ms: number | null;
  seen_by_name: string | null;
  recipients:
    { name: string; outcome: string; channel: string; detail?: string | null; at_ms: number }[] | string | null;
}

const toIso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const OUTCOME_RANK = { delivered: 0, failed: 1, unavailable: 2 } as const;

/**
 * One member's deliveries folded into one recipient: the best outcome, the channels that
 * delivered, and when the best outcome happened (the first delivery when one reached them).
 */
export function recipientsOf(raw: ListRecord['recipients']): CareAlert['recipients'] {
  const rows = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as Exclude<ListRecord['recipients'], string>;
  const byName = new Map<string, CareAlert['recipients'][number]>();
  for (const row of rows ?? []) {
    const outcome = row.outcome as keyof typeof OUTCOME_RANK;
    const at = new Date(Number(row.at_ms)).toISOString();
    const current = byName.get(row.name);
    // The routed channel (e-mail or WhatsApp configured) names in its detail the channels that took it.
    const channels =
      outcome !== 'delivered'
        ? []
        : row.channel === 'routed'
          ? (row.detail?.split(', ').filter(Boolean) ?? [])
          : [row.channel];
    if (!current) byName.set(row.name, { name: row.name, outcome, channels, at });
    else {
      current.channels.push(...channels);
      if (OUTCOME_RANK[outcome] < OUTCOME_RANK[current.outcome]) Object.assign(current, { outcome, at });
    }
  }
  return [...byName.values()];
}

/** The alert list's statements over `db`. */
export function createCareAlertListRepository(db: Database) {
  return {
    /**
     * The patient's recent alerts, newest first (cancelled ones left out), each with who was told and
     * who saw it. `kinds` limits them (a member sees only what their scopes cover); `toldOnly` (members):
     * only alerts that went out, reached or not, or are being retried (each shows in the app at once).
     */
    async listCareAlerts(
      patientId: string,
      options: { limit: number; kinds: readonly CareAlertKind[]; toldOnly: boolean },
    ): Promise<CareAlert[]> {
      if (options.kinds.length === 0) return [];
      const kinds = `{${options.kinds.join(',')}}`;
      const result = await db.execute(sql`
        SELECT a.id, a.patient_id, a.kind, a.status, m.name AS medication_name,
          to_char(a.dose_date, 'YYYY-MM-DD') AS dose_date, a.scheduled_time, a.value,
          (extract(epoch FROM a.event_at) * 1000)::float8 AS event_ms,
          (extract(epoch FROM a.sent_at) * 1000)::float8 AS sent_ms,
          (extract(epoch FROM a.seen_at) * 1000)::float8 AS seen_ms,
          coalesce(su.name, su.email) AS seen_by_name,
          (SELECT json_agg(json_build_object('name', coalesce(mu.name, mu.email, ''), 'outcome', d.outcome,
              'channel', d.channel, 'detail', d.detail, 'at_ms', (extract(epoch FROM d.at) * 1000)::float8) ORDER BY d.at, mu.id)
            FROM care_alert_deliveries d JOIN users mu ON mu.id = d.member_id
            WHERE d.alert_id = a.id) AS recipients
        FROM care_alerts a
        LEFT JOIN medications m ON m.id = a.medication_id
        LEFT JOIN users su ON su.id = a.seen_by
        WHERE a.patient_id = ${patientId}::uuid AND a.kind = ANY(${kinds}::text[])
          AND ${options.toldOnly ? sql`(a.status IN ('sent', 'failed') OR (a.status = 'pending' AND a.attempts > 0))` : sql`a.status <> 'cancelled'`}
        ORDER BY a.event_at DESC, a.id
        LIMIT ${options.limit}`);
      return rowsOf<ListRecord>(result).map((record) => ({
        id: record.id,
        patient_id: record.patient_id,
        kind: record.kind,
        status: record.status,
        medication_name: record.medication_name,
        dose_date: record.dose_date,
        scheduled_time: record.scheduled_time,
        value: record.value === null ? null : Number(record.value),
        event_at: toIso(record.event_ms)!,
        sent_at: toIso(record.sent_ms),
        recipients: recipientsOf(record.recipients),
        seen_at: toIso(record.seen_ms),
        seen_by_name: record.seen_by_name,
      }));
    },

    /** The patient and kind of an alert that went out (sent, failed to reach anyone, or being retried), or null. */
    async findToldAlert(id: string) {
      const [row] = await db
        .select({ patient_id: careAlerts.patient_id, kind: careAlerts.kind })
        .from(careAlerts)
        .where(
          and(
            eq(careAlerts.id, id),
            or(
              inArray(careAlerts.status, ['sent', 'failed']),
              and(eq(careAlerts.status, 'pending'), gt(careAlerts.attempts, 0)),
            ),
          ),
        );
      return row ?? null;
    },

    /**
     * Marks an alert seen by `memberId` unless someone saw it first (the first one stays), and
     * writes the 'alert_seen' entry of the patient's audit when this was the first.
     */
    async markAlertSeen(id: string, memberId: string, now: Date): Promise<void> {
      const [seen] = await db
        .update(careAlerts)
        .set({ seen_at: now, seen_by: memberId })
        .where(and(eq(careAlerts.id, id), isNull(careAlerts.seen_at)))
        .returning({ patient_id: careAlerts.patient_id, kind: careAlerts.kind });
      if (seen) {
        await db.insert(careAudit).values({
          patient_id: seen.patient_id,
          actor_id: memberId,
          member_id: memberId,
          action: 'alert_seen',
          resource: seen.kind,
          at: now,
        });
      }
    },
  };
}
export type CareAlertListRepository = ReturnType<typeof createCareAlertListRepository>;
