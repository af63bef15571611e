/**
 * SQL for the patient list of someone who follows many (decision 086): per person the glucose
 * counts of a period from the per-day counts the database keeps, the newest
 * reading, and what the adherence rule needs (medications and dose records), for many people at
 * once. Only the people and scopes the caller passes are read; the routes decide those from the
 * member's own memberships.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AdherenceRecord, Medication } from '@diacare/contract/medications';
import type { Database } from '../../db/client.ts';
import { adherenceRecords, careAudit, careMembers, glucoseDailyCounts, medications } from '../../db/schema.ts';
import { toMedication } from '../medications/medication.repository.ts';

/** One person's period: dates YYYY-MM-DD in their IANA zone `timezone`. */
export interface SummaryPeriod {
  patientId: string;
  timezone: string;
  start: string;
  end: string;
}

/** A period's glucose counts (mg/dL bands of SUMMARY_BANDS) and moments; sums unrounded. */
export interface GlucoseCounts {
  readings: number;
  below54: number;
  below70: number;
  inRange: number;
  /** mg/dL; null with no reading. */
  mean: number | null;
  /** Sample standard deviation, mg/dL; null under two readings. */
  sd: number | null;
  /** Distinct dates with a reading. */
  days: number;
}

type Rows<T> = { rows: T[] };
const periodsJson = (periods: readonly SummaryPeriod[]) =>
  JSON.stringify(
    periods.map((p) => ({ patient_id: p.patientId, tz: p.timezone, start_date: p.start, end_date: p.end })),
  );

/** The periods as a CTE `p` (patient_id, tz, start_date, end_date) a statement starts from. */
const periodsTable = (periods: readonly SummaryPeriod[]) => sql`WITH p AS (
  SELECT * FROM jsonb_to_recordset(${periodsJson(periods)}::jsonb)
    AS x(patient_id uuid, tz text, start_date date, end_date date)
)`;

/** The patient list's statements over `db`, each documented below. */
export function createCarePatientSummaryRepository(db: Database) {
  return {
    /**
     * Glucose counts of each period, manual and imported sensor readings together (as Reports
     * counts them, decision 052), by patient id; a person with no reading in their period is absent.
     * Read from glucose_daily_counts, which triggers keep per person and day (decision 086): at most
     * `days` rows a person instead of 96 readings a day each.
     */
    async glucoseCountsOf(periods: readonly SummaryPeriod[]): Promise<Map<string, GlucoseCounts>> {
      if (periods.length === 0) return new Map();
      const result = (await db.execute(sql`
        ${periodsTable(periods)}
        SELECT c.user_id AS patient_id, sum(c.readings)::int AS readings, sum(c.below_54)::int AS below_54,
          sum(c.below_70)::int AS below_70, sum(c.in_range)::int AS in_range, sum(c.value_sum)::float8 AS s,
          sum(c.value_square_sum)::float8 AS ss, count(*)::int AS days
        FROM p JOIN ${glucoseDailyCounts} c
          ON c.user_id = p.patient_id AND c.date BETWEEN p.start_date AND p.end_date AND c.readings > 0
        GROUP BY c.user_id`)) as unknown as Rows<{
        patient_id: string;
        readings: number;
        below_54: number;
        below_70: number;
        in_range: number;
        s: number;
        ss: number;
        days: number;
      }>;
      const counts = new Map<string, GlucoseCounts>();
      for (const row of result.rows) {
        const n = Number(row.readings);
        const sum = Number(row.s);
        const mean = n > 0 ? sum / n : null;
        // Sample variance from the sums: (Σx² − (Σx)²/n) ÷ (n − 1); never below 0 from rounding.
        const variance = n > 1 ? Math.max(0, (Number(row.ss) - (sum * sum) / n) / (n - 1)) : null;
        counts.set(row.patient_id, {
          readings: n,
          below54: Number(row.below_54),
          below70: Number(row.below_70),
          inRange: Number(row.in_range),
          mean,
          sd: variance === null ? null : Math.sqrt(variance),
          days: Number(row.days),
        });
      }
      return counts;
    },

    /**
     * The instant of each person's newest glucose reading ever (a sensor reading's measured instant,
     * a manual one's date and time in their zone), by patient id; absent when they have none. Two
     * backward reads of the user-and-date indexes per person.
     */
    async lastReadingsOf(periods: readonly SummaryPeriod[]): Promise<Map<string, Date>> {
      if (periods.length === 0) return new Map();
      const result = (await db.execute(sql`
        ${periodsTable(periods)}
        SELECT p.patient_id, (extract(epoch FROM greatest(
          (SELECT s.measured_at FROM sensor_readings s WHERE s.user_id = p.patient_id
            ORDER BY s.date DESC, s.time DESC LIMIT 1),
          (SELECT (g.date + g.time::time) AT TIME ZONE p.tz FROM glucose_readings g WHERE g.user_id = p.patient_id
            ORDER BY g.date DESC, g.time DESC LIMIT 1)
        )) * 1000)::float8 AS last_ms
        FROM p`)) as unknown as Rows<{ patient_id: string; last_ms: number | null }>;
      const last = new Map<string, Date>();
      for (const row of result.rows) if (row.last_ms !== null) last.set(row.patient_id, new Date(Number(row.last_ms)));
      return last;
    },

    /**
     * What the adherence rule needs for each period: the person's active medications and their dose
     * records dated within it, by patient id.
     */
    async adherenceInputsOf(
      periods: readonly SummaryPeriod[],
    ): Promise<Map<string, { medications: Medication[]; records: AdherenceRecord[] }>> {
      const inputs = new Map<string, { medications: Medication[]; records: AdherenceRecord[] }>();
      if (periods.length === 0) return inputs;
      for (const period of periods) inputs.set(period.patientId, { medications: [], records: [] });
      const ids = sql`(SELECT (x->>'patient_id')::uuid FROM jsonb_array_elements(${periodsJson(periods)}::jsonb) x)`;
      const start = periods.reduce((min, p) => (p.start < min ? p.start : min), periods[0]!.start);
      const end = periods.reduce((max, p) => (p.end > max ? p.end : max), periods[0]!.end);
      const [medicationRows, recordRows] = await Promise.all([
        db
          .select()
          .from(medications)
          .where(and(sql`${medications.user_id} IN ${ids}`, isNull(medications.archived_at))),
        // Only what the rule reads, as plain rows (a fortnight of 1,000 people is ~30,000 records).
        db.execute(sql`
          SELECT a.id, a.user_id, a.medication_id, a.scheduled_time, a.taken_time, a.date::text AS date, a.status
          FROM ${adherenceRecords} a
          WHERE a.user_id IN ${ids} AND a.date BETWEEN ${start}::date AND ${end}::date`) as unknown as Promise<
          Rows<AdherenceRecord & { user_id: string }>
        >,
      ]);
      for (const row of medicationRows) inputs.get(row.user_id)?.medications.push(toMedication(row));
      const byId = new Map(periods.map((p) => [p.patientId, p]));
      for (const { user_id: userId, ...record } of recordRows.rows) {
        const period = byId.get(userId);
        if (!period || record.date < period.start || record.date > period.end) continue;
        inputs.get(userId)!.records.push(record);
      }
      return inputs;
    },

    /**
     * Marks `patientId` reviewed by `memberId` at `now` and writes 'review' to the patient's audit;
     * null, writing nothing, when `memberId` is not in the patient's circle.
     */
    async markReviewed(patientId: string, memberId: string, now: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(careMembers)
          .set({ reviewed_at: now })
          .where(and(eq(careMembers.patient_id, patientId), eq(careMembers.member_id, memberId)))
          .returning({ role: careMembers.role });
        if (!row) return null;
        await tx.insert(careAudit).values({
          patient_id: patientId,
          actor_id: memberId,
          member_id: memberId,
          action: 'review',
          role: row.role,
          at: now,
        });
        return now;
      });
    },
  };
}
export type CarePatientSummaryRepository = ReturnType<typeof createCarePatientSummaryRepository>;
