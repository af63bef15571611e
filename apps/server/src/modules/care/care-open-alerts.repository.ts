/**
 * The SQL of a member's open alerts across everyone they care for (decision 075): one statement
 * that starts from the member's current memberships, so a removed member reads nothing.
 */
import { CARE_ALERT_SCOPE, OPEN_ALERT_DAYS, type MemberOpenAlert } from '@diacare/contract/care';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

const DAY_MS = 86_400_000;

interface OpenRecord extends Omit<MemberOpenAlert, 'event_at' | 'sent_at'> {
  event_ms: number;
  sent_ms: number | null;
}

/** Each alert kind with the scope it needs, as a VALUES list the statement joins on. */
const KIND_SCOPES = sql.join(
  Object.entries(CARE_ALERT_SCOPE).map(([kind, scope]) => sql`(${kind}, ${scope})`),
  sql`, `,
);

/** The member's open alerts statement over `db`. */
export function createCareOpenAlertsRepository(db: Database) {
  return {
    /**
     * The alerts `memberId` was told of and nobody has marked seen, newest first: about a patient
     * whose circle they are in now with alerts on, of a kind their scopes cover, made after they
     * joined and within the last OPEN_ALERT_DAYS days, that went out (reached them or not, or is
     * being retried — as the member's list of one patient shows them).
     * @param options.limit at most this many (1–50); options.now the server's clock
     */
    async listOpenAlertsForMember(memberId: string, options: { limit: number; now: Date }): Promise<MemberOpenAlert[]> {
      const since = new Date(options.now.getTime() - OPEN_ALERT_DAYS * DAY_MS).toISOString();
      const result = await db.execute(sql`
        SELECT a.id, a.patient_id, coalesce(u.name, u.email, '') AS patient_name, u.timezone AS patient_timezone,
          a.kind, m.name AS medication_name, to_char(a.dose_date, 'YYYY-MM-DD') AS dose_date, a.scheduled_time,
          a.value, (extract(epoch FROM a.event_at) * 1000)::float8 AS event_ms,
          (extract(epoch FROM a.sent_at) * 1000)::float8 AS sent_ms
        FROM care_members cm
        JOIN users u ON u.id = cm.patient_id
        JOIN care_alerts a ON a.patient_id = cm.patient_id
          AND a.created_at >= greatest(cm.created_at, ${since}::timestamptz)
        JOIN (VALUES ${KIND_SCOPES}) AS ks(kind, scope) ON ks.kind = a.kind AND ks.scope = ANY(cm.scopes)
        LEFT JOIN medications m ON m.id = a.medication_id
        WHERE cm.member_id = ${memberId}::uuid AND cm.alerts AND a.seen_at IS NULL
          AND (a.status IN ('sent', 'failed') OR (a.status = 'pending' AND a.attempts > 0))
        ORDER BY a.event_at DESC, a.id
        LIMIT ${options.limit}`);
      return (result as unknown as { rows: OpenRecord[] }).rows.map((record) => ({
        id: record.id,
        patient_id: record.patient_id,
        patient_name: record.patient_name,
        patient_timezone: record.patient_timezone,
        kind: record.kind,
        medication_name: record.medication_name,
        dose_date: record.dose_date,
        scheduled_time: record.scheduled_time,
        value: record.value === null ? null : Number(record.value),
        event_at: new Date(Number(record.event_ms)).toISOString(),
        sent_at: record.sent_ms === null ? null : new Date(Number(record.sent_ms)).toISOString(),
      }));
    },
  };
}
export type CareOpenAlertsRepository = ReturnType<typeof createCareOpenAlertsRepository>;
