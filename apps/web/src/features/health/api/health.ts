/**
 * /api/health/glucose, /api/health/bp and /api/health/metrics (spec §7): query options and
 * the three log mutations. Types only from the contract's schemas, so Home's latest-glucose
 * card stays free of zod.
 */
import type {
  BloodPressureInput,
  BloodPressureReading,
  BodyMetrics,
  BodyMetricsInput,
  GlucoseInput,
  GlucoseReading,
} from '@diacare/contract/health';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The three kinds of reading, named as in the history route (/reports/history/{kind}). */
export type ReadingKind = 'glucose' | 'bp' | 'weight';

export interface ReadingByKind {
  glucose: GlucoseReading;
  bp: BloodPressureReading;
  weight: BodyMetrics;
}

/** GET query: inclusive YYYY-MM-DD range and/or the most recent `limit` readings. */
export interface ReadingQuery {
  start_date?: string;
  end_date?: string;
  limit?: number;
}

const PATHS: Record<ReadingKind, string> = {
  glucose: '/api/health/glucose',
  bp: '/api/health/bp',
  weight: '/api/health/metrics',
};

export const healthKeys = {
  all: ['health'] as const,
  kind: (kind: ReadingKind) => ['health', kind] as const,
  readings: (kind: ReadingKind, query: ReadingQuery) => ['health', kind, query] as const,
};

/** Readings of one kind, newest first (the API's order). */
export const getReadingsQueryOptions = <K extends ReadingKind>(kind: K, query: ReadingQuery) =>
  queryOptions({
    queryKey: healthKeys.readings(kind, query),
    queryFn: () => api.get<ReadingByKind[K][]>(PATHS[kind], { ...query }),
  });

function useLogReading<Input, Reading>(kind: ReadingKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => api.post<Reading>(PATHS[kind], input),
    // Reports' cards, the history and Home's card all read this kind: refetch them all.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: healthKeys.kind(kind) }),
  });
}

export const useLogGlucose = () => useLogReading<GlucoseInput, GlucoseReading>('glucose');
export const useLogBloodPressure = () => useLogReading<BloodPressureInput, BloodPressureReading>('bp');
export const useLogBodyMetrics = () => useLogReading<BodyMetricsInput, BodyMetrics>('weight');
