/**
 * /api/reports/glucose (a period's glucose figures with imported sensor readings) and
 * /api/reports/adherence-outcomes (doses set against sugar, decision 052) for History, and
 * /api/reports/glucose-profile (decision 084).
 * Types only from the contract, so no zod reaches the page.
 */
import type {
  AdherenceOutcomes,
  GlucosePeriod,
  GlucoseProfile,
  GlucoseReport,
  OutcomePeriod,
} from '@diacare/contract/reports';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const reportKeys = {
  glucose: (days: GlucosePeriod) => ['reports', 'glucose', days] as const,
  outcomes: (days: OutcomePeriod) => ['reports', 'adherence-outcomes', days] as const,
  profile: (days: GlucosePeriod) => ['reports', 'glucose-profile', days] as const,
};

export const getGlucoseReportQueryOptions = (days: GlucosePeriod) =>
  queryOptions({
    queryKey: reportKeys.glucose(days),
    queryFn: () => api.get<GlucoseReport>('/api/reports/glucose', { days }),
  });

export const getAdherenceOutcomesQueryOptions = (days: OutcomePeriod) =>
  queryOptions({
    queryKey: reportKeys.outcomes(days),
    queryFn: () => api.get<AdherenceOutcomes>('/api/reports/adherence-outcomes', { days }),
  });

export const getGlucoseProfileQueryOptions = (days: GlucosePeriod) =>
  queryOptions({
    queryKey: reportKeys.profile(days),
    queryFn: () => api.get<GlucoseProfile>('/api/reports/glucose-profile', { days }),
  });
