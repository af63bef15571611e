/**
 * Whose History a screen shows: the signed-in user's own, editable, or a patient's read
 * by a care-circle member through /api/care/patients/{id}/…, read-only (decision 077). The screens
 * take their queries and links from a source, so the two never differ in what they draw.
 */
import type { InsulinDose } from '@diacare/contract/insulin';
import type { LabResult } from '@diacare/contract/labs';
import type {
  AdherenceOutcomes,
  GlucosePeriod,
  GlucoseProfile,
  GlucoseReport,
  OutcomePeriod,
} from '@diacare/contract/reports';
import type { QueryKey } from '@tanstack/react-query';
import { getInsulinDosesQueryOptions } from '../../../lib/insulin-doses';
import { getReadingsQueryOptions, type ReadingByKind, type ReadingKind, type ReadingQuery } from './health';
import { getLabResultsQueryOptions } from './labs';
import {
  getAdherenceOutcomesQueryOptions,
  getGlucoseProfileQueryOptions,
  getGlucoseReportQueryOptions,
} from './reports';

/** The query options a History screen passes to useQuery. */
export interface SourceQuery<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  retry?: boolean;
}

/** One of the app's own queryOptions() as a SourceQuery (its queryFn reads no context). */
const plain = <T>({ queryKey, queryFn }: { queryKey: QueryKey; queryFn?: unknown }): SourceQuery<T> => ({
  queryKey,
  queryFn: queryFn as () => Promise<T>,
});

export interface HistorySource {
  /** Where the back arrow and the empty state lead: /reports, or the member's Reports of the patient. */
  reportsPath: string;
  /** Whether readings may be added, corrected or deleted (never by a member). */
  editable: boolean;
  /** Whose readings these are, for the texts about them: null for one's own ('your readings'). */
  personName: string | null;
  readings<K extends ReadingKind>(kind: K, query: ReadingQuery): SourceQuery<ReadingByKind[K][]>;
  glucoseReport(days: GlucosePeriod): SourceQuery<GlucoseReport>;
  /** The glucose profile of a period (decision 084). */
  glucoseProfile(days: GlucosePeriod): SourceQuery<GlucoseProfile>;
  /** The dose lane's outcomes, or null when they may not be read (a member without medicines). */
  outcomes: ((days: OutcomePeriod) => SourceQuery<AdherenceOutcomes>) | null;
  hba1c(): SourceQuery<LabResult[]>;
  insulin(query: { start_date: string }): SourceQuery<InsulinDose[]>;
}

/** The signed-in user's own History. */
export const OWN_HISTORY: HistorySource = {
  reportsPath: '/reports',
  editable: true,
  personName: null,
  readings: (kind, query) => plain(getReadingsQueryOptions(kind, query)),
  glucoseReport: (days) => plain(getGlucoseReportQueryOptions(days)),
  glucoseProfile: (days) => plain(getGlucoseProfileQueryOptions(days)),
  outcomes: (days) => plain(getAdherenceOutcomesQueryOptions(days)),
  hba1c: () => plain(getLabResultsQueryOptions({ test: 'hba1c' })),
  insulin: (query) => plain(getInsulinDosesQueryOptions(query)),
};
