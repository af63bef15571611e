/**
 * /api/health/glucose, /api/health/bp and /api/health/metrics (spec §7): query options, the
 * three log mutations, and correcting or deleting a reading (PUT / DELETE …/{id}; issue 13). Types only from the contract's schemas, so Home's latest-glucose
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
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/** A reading's values without its id: what POST and PUT take. */
export type ReadingValues<K extends ReadingKind> = Omit<ReadingByKind[K], 'id'>;

/**
 * Corrects one reading: PUT /api/health/{kind}/{id} with the same body as logging one.
 * Every view of the kind (History, Reports' cards and charts, Home) refetches.
 */
export function useUpdateReading<K extends ReadingKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: ReadingValues<K> }) =>
      api.put<ReadingByKind[K]>(`${PATHS[kind]}/${encodeURIComponent(id)}`, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: healthKeys.kind(kind) }),
  });
}

/**
 * Deletes one reading (DELETE /api/health/{kind}/{id}) and refetches every view of the kind;
 * resolves to the deleted reading, for Undo. Plain functions rather than hooks: the row
 * that asked is gone by the time Undo is pressed.
 */
export async function deleteReading<K extends ReadingKind>(
  queryClient: QueryClient,
  kind: K,
  id: string,
): Promise<ReadingByKind[K]> {
  const deleted = await api.delete<ReadingByKind[K]>(`${PATHS[kind]}/${encodeURIComponent(id)}`);
  await queryClient.invalidateQueries({ queryKey: healthKeys.kind(kind) });
  return deleted;
}

/** Undo of a delete: logs the deleted reading's values again (a new id, the same reading; the server recomputes a BMI). */
export async function restoreReading<K extends ReadingKind>(
  queryClient: QueryClient,
  kind: K,
  reading: ReadingByKind[K],
): Promise<void> {
  const { id: _id, ...values } = reading;
  await api.post<ReadingByKind[K]>(PATHS[kind], values);
  await queryClient.invalidateQueries({ queryKey: healthKeys.kind(kind) });
}
