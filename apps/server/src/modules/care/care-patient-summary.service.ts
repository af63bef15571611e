/**
 * The patient list with summaries (decision 086): each person's last `days` days in their own
 * zone, within the scopes they granted this member — glucose figures (glucose scope) from the
 * grouped counts, adherence (medications scope) by the one adherence rule (dailyAdherence,
 * decision 077), the reasons they need attention (needsAttention), then the list's order,
 * filter and page.
 */
import {
  comparePatients,
  needsAttention,
  type CarePatientWithSummary,
  type CarePatientsQuery,
  type PatientSummary,
} from '@diacare/contract/care-patient-list';
import type { CarePatient } from '@diacare/contract/care';
import { GMI_MIN_DAYS, glucoseManagementIndicator, roundTo } from '@diacare/contract/clinical';
import { datesEndingOn, localDate, localTime } from '@diacare/contract/dates';
import { adherencePercent, dailyAdherence } from '@diacare/contract/dose-rules';
import type { Database } from '../../db/client.ts';
import {
  createCarePatientSummaryRepository,
  type GlucoseCounts,
  type SummaryPeriod,
} from './care-patient-summary.repository.ts';

type Followed = CarePatient & { reviewed_at: Date | null };

const share = (count: number, readings: number) => roundTo((count * 100) / readings, 1);

/** The glucose part of a summary from a period's counts; all null without readings. */
function glucoseFigures(counts: GlucoseCounts | undefined, days: number) {
  if (!counts || counts.readings === 0) {
    return { readings: 0, in_range: null, below_70: null, below_54: null, gmi: null, cv: null };
  }
  const enoughDays = days >= GMI_MIN_DAYS && counts.days >= GMI_MIN_DAYS;
  return {
    readings: counts.readings,
    in_range: share(counts.inRange, counts.readings),
    below_70: share(counts.below70, counts.readings),
    below_54: share(counts.below54, counts.readings),
    gmi: enoughDays && counts.mean !== null ? glucoseManagementIndicator(counts.mean) : null,
    // CV = SD ÷ mean × 100 (Danne 2017, as coefficientOfVariation), from the SQL's moments.
    cv: counts.sd !== null && counts.mean ? roundTo((counts.sd / counts.mean) * 100, 1) : null,
  };
}

/**
 * `followed` (the member's memberships) with a summary of each person's last `days` days at
 * `now`. Reads only the scopes each person granted: without glucose the glucose figures are
 * null and never read, without medications adherence is.
 */
export async function summarise(
  db: Database,
  followed: readonly Followed[],
  days: number,
  now: Date,
): Promise<CarePatientWithSummary[]> {
  // Most people share a few zones: each zone's today, time and period dates are worked out once.
  const zones = new Map<string, { end: string; nowTime: string; dates: string[] }>();
  const zoneOf = (zone: string) => {
    let known = zones.get(zone);
    if (!known) {
      const end = localDate(now, zone);
      zones.set(zone, (known = { end, nowTime: localTime(now, zone), dates: datesEndingOn(end, days) }));
    }
    return known;
  };
  const periods = new Map<string, SummaryPeriod>();
  for (const patient of followed) {
    const { end, dates } = zoneOf(patient.timezone);
    periods.set(patient.patient_id, {
      patientId: patient.patient_id,
      timezone: patient.timezone,
      start: dates[0]!,
      end,
    });
  }
  const withScope = (scope: 'glucose' | 'medications') =>
    followed.filter((p) => p.scopes.includes(scope)).map((p) => periods.get(p.patient_id)!);
  const glucosePeriods = withScope('glucose');
  const summaries = createCarePatientSummaryRepository(db);
  const [counts, lastReadings, adherenceInputs] = await Promise.all([
    summaries.glucoseCountsOf(glucosePeriods),
    summaries.lastReadingsOf(glucosePeriods),
    summaries.adherenceInputsOf(withScope('medications')),
  ]);

  return followed.map(({ reviewed_at, ...patient }) => {
    const glucoseShared = patient.scopes.includes('glucose');
    const count = counts.get(patient.patient_id);
    const lastReadingAt = lastReadings.get(patient.patient_id) ?? null;
    const inputs = adherenceInputs.get(patient.patient_id);
    let adherence: number | null = null;
    if (inputs) {
      const zone = zoneOf(patient.timezone);
      const byDay = dailyAdherence(
        inputs.medications,
        inputs.records,
        zone.dates,
        zone.end,
        zone.nowTime,
        patient.timezone,
      );
      adherence = adherencePercent(
        byDay.reduce((sum, day) => sum + day.taken, 0),
        byDay.reduce((sum, day) => sum + day.total, 0),
      );
    }
    const glucose = glucoseShared ? glucoseFigures(count, days) : null;
    const summary: PatientSummary = {
      last_reading_at: glucoseShared && lastReadingAt ? lastReadingAt.toISOString() : null,
      readings: glucose?.readings ?? null,
      in_range: glucose?.in_range ?? null,
      below_70: glucose?.below_70 ?? null,
      below_54: glucose?.below_54 ?? null,
      gmi: glucose?.gmi ?? null,
      cv: glucose?.cv ?? null,
      adherence_percent: adherence,
      needs_attention: needsAttention({
        glucose: glucoseShared
          ? {
              readings: count?.readings ?? 0,
              below54: count?.below54 ?? 0,
              below70: count?.below70 ?? 0,
              inRange: count?.inRange ?? 0,
              lastReadingAt,
            }
          : null,
        adherencePercent: adherence,
        now,
      }),
      last_reviewed_at: reviewed_at ? reviewed_at.toISOString() : null,
    };
    return { ...patient, summary };
  });
}

/** The list's order, filter and page (`page` from 1, `limit` long) of summarised people. */
export function arrange(
  patients: CarePatientWithSummary[],
  query: Pick<CarePatientsQuery, 'sort' | 'needs_attention' | 'page' | 'limit'>,
  locale: string,
): CarePatientWithSummary[] {
  const kept =
    query.needs_attention === undefined
      ? patients
      : patients.filter((p) => p.summary!.needs_attention.length > 0 === query.needs_attention);
  const sorted = [...kept].sort(comparePatients(query.sort, locale));
  const start = (query.page - 1) * query.limit;
  return sorted.slice(start, start + query.limit);
}
