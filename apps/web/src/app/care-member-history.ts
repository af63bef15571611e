/**
 * A patient's History as a care-circle member reads it (decision 077), composed here from
 * the care and health features: the same screens as the patient's own, fed from
 * /api/care/patients/{id}/…, read-only. Each source query sits under careKeys.patient, so what
 * refreshes a patient's data refreshes these too.
 */
import type { CareScope } from '@diacare/contract/care';
import type { InsulinDose } from '@diacare/contract/insulin';
import type { LabResult } from '@diacare/contract/labs';
import type { Meal, MealsReport, MealsReportPeriod } from '@diacare/contract/meals';
import type { AdherenceOutcomes, GlucoseProfile, GlucoseReport } from '@diacare/contract/reports';
import { api } from '../lib/api-client';
import type { ReadingByKind, ReadingKind } from '../features/health/api/health';
import type { HistorySource } from '../features/health/api/history-source';
import { careKeys } from '../features/care/api/care';

/** The member route of each kind of reading (weight is read from metrics). */
const READING_RESOURCES: Record<ReadingKind, string> = { glucose: 'glucose', bp: 'bp', weight: 'metrics' };

/** The History kinds a member may open, and the scope each needs. */
export const HISTORY_SCOPES = {
  glucose: 'glucose',
  bp: 'bp',
  weight: 'weight',
  hba1c: 'labs',
  insulin: 'medications',
} as const satisfies Record<string, CareScope>;
export type HistoryKind = keyof typeof HISTORY_SCOPES;

/**
 * The patient's meals from a date (meals scope), never retried, under careKeys.patient: the
 * markers and list of a member's glucose History.
 */
export const memberMealsQuery = (patientId: string) => (params: { start_date: string }) => ({
  queryKey: careKeys.patient(patientId, 'meals', params),
  queryFn: () => api.get<Meal[]>(`/api/care/patients/${patientId}/meals`, params),
  retry: false,
});

/**
 * The patient's meals report of `days` (meals scope), never retried: the 'Meals and sugar' card
 * of a member's Reports.
 */
export const memberMealsReportQuery = (patientId: string) => (days: MealsReportPeriod) => ({
  queryKey: careKeys.patient(patientId, 'reports/meals', { days }),
  queryFn: () => api.get<MealsReport>(`/api/care/patients/${patientId}/reports/meals`, { days }),
  retry: false,
});

/**
 * The History source of `patientId` (named `name` in its texts) for a member granted `scopes`:
 * never retried, so a refusal (403 outside the scopes, 404 once removed) shows at once; the dose
 * lane only with medicines.
 */
export function memberHistory(patientId: string, name: string, scopes: readonly CareScope[]): HistorySource {
  const base = `/api/care/patients/${patientId}`;
  const query = <T>(resource: string, params: Record<string, string | number>) => ({
    queryKey: careKeys.patient(patientId, resource, params),
    queryFn: () => api.get<T>(`${base}/${resource}`, params),
    retry: false,
  });
  return {
    reportsPath: `/care/patients/${patientId}/reports`,
    editable: false,
    personName: name,
    readings: <K extends ReadingKind>(kind: K, params: object) =>
      query<ReadingByKind[K][]>(READING_RESOURCES[kind], { ...params }),
    glucoseReport: (days) => query<GlucoseReport>('reports/glucose', { days }),
    glucoseProfile: (days) => query<GlucoseProfile>('reports/glucose-profile', { days }),
    outcomes: scopes.includes('medications')
      ? (days) => query<AdherenceOutcomes>('reports/adherence-outcomes', { days })
      : null,
    hba1c: () => query<LabResult[]>('labs', { test: 'hba1c' }),
    insulin: (params) => query<InsulinDose[]>('insulin', { ...params }),
  };
}
