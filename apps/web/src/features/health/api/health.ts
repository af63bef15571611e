/**
 * /api/health/glucose, /api/health/bp and /api/health/metrics: query options, the
 * three log mutations, and correcting or deleting a reading (PUT / DELETE …/{id};
 * decision 021). Types only from the contract's schemas, so Home's latest-glucose card stays free of zod.
 */
import type {
  BloodPressureInput,
  BloodPressureReading,
  BodyMetrics,
  BodyMetricsInput,
  GlucoseInput,
  GlucoseReading,
} from '@diacare/contract/health';
import { bodyMassIndex } from '@diacare/contract/clinical';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { t, type MessageId } from '../../../lib/i18n/i18n';
import { outboxWrite, pathId, registerApplier, sameRecord } from '../../../lib/offline/lazy-outbox';

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

const LABELS = {
  glucose: 'common.outbox.glucose',
  bp: 'common.outbox.bp',
  weight: 'common.outbox.weight',
} as const satisfies Record<ReadingKind, MessageId>;

type AnyReading = { id: string; date: string; time?: string };

/** The reading as shown before the server has it (BMI as the server computes it). */
function asReading(kind: ReadingKind, id: string, values: Record<string, unknown>): AnyReading {
  const reading = { ...values, id } as AnyReading & Record<string, unknown>;
  if (kind === 'weight') {
    delete reading.time;
    reading.bmi = bodyMassIndex(Number(values.weight), Number(values.height));
  }
  if (kind === 'bp') reading.pulse = values.pulse ?? null;
  return reading;
}

/** Newest first, as the API sorts. */
const newestFirst = (a: AnyReading, b: AnyReading) =>
  `${b.date} ${b.time ?? ''}`.localeCompare(`${a.date} ${a.time ?? ''}`);

/**
 * Readings in the outbox: a new reading shows at once in every cached list of its
 * kind whose range holds its date (newest first, within the list's limit); a correction or a
 * delete changes the list at once.
 */
for (const kind of ['glucose', 'bp', 'weight'] as const) {
  registerApplier(kind, {
    keys: [healthKeys.kind(kind)],
    apply(data, entry, queryKey) {
      const list = data as AnyReading[];
      if (entry.method === 'POST') {
        const query = (queryKey[2] ?? {}) as ReadingQuery;
        const reading = asReading(kind, entry.key, entry.body as Record<string, unknown>);
        if (list.some((r) => r.id === entry.key)) return data;
        if ((query.start_date && reading.date < query.start_date) || (query.end_date && reading.date > query.end_date))
          return data;
        const next = [reading, ...list].sort(newestFirst);
        return query.limit ? next.slice(0, query.limit) : next;
      }
      const id = pathId(entry);
      if (!list.some((r) => sameRecord(r.id, id))) return data;
      if (entry.method === 'DELETE') return list.filter((r) => !sameRecord(r.id, id));
      return list
        .map((r) => (sameRecord(r.id, id) ? asReading(kind, r.id, entry.body as Record<string, unknown>) : r))
        .sort(newestFirst);
    },
  });
}

function useLogReading<Input, Reading>(kind: ReadingKind) {
  const queryClient = useQueryClient();
  return useMutation({
    // The outbox keeps writes made offline: the mutation runs without a network.
    networkMode: 'always',
    mutationFn: (input: Input) =>
      outboxWrite<Reading>(
        { kind, method: 'POST', path: PATHS[kind], body: input, label: t(LABELS[kind]) },
        (key) => asReading(kind, key, input as Record<string, unknown>) as Reading,
      ),
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
 * Corrects one reading through the outbox: PUT /api/health/{kind}/{id} with the same body as
 * logging one. Every view of the kind (History, Reports' cards and charts, Home) refetches.
 */
export function useUpdateReading<K extends ReadingKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    // The outbox keeps writes made offline: the mutation runs without a network.
    networkMode: 'always',
    mutationFn: ({ id, values }: { id: string; values: ReadingValues<K> }) =>
      outboxWrite<ReadingByKind[K]>(
        {
          kind,
          method: 'PUT',
          path: `${PATHS[kind]}/${id}`,
          body: values,
          label: t('common.outbox.editReading'),
        },
        () => asReading(kind, id, values as Record<string, unknown>) as ReadingByKind[K],
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: healthKeys.kind(kind) }),
  });
}

/**
 * Deletes one reading (DELETE /api/health/{kind}/{id}) through the outbox and refetches every
 * view of the kind; resolves to the deleted reading, for Undo. Plain functions rather than
 * hooks: the row that asked is gone by the time Undo is pressed.
 */
export async function deleteReading<K extends ReadingKind>(
  queryClient: QueryClient,
  kind: K,
  reading: ReadingByKind[K],
): Promise<ReadingByKind[K]> {
  await outboxWrite(
    { kind, method: 'DELETE', path: `${PATHS[kind]}/${reading.id}`, label: t('common.outbox.deleteReading') },
    () => reading,
  );
  await queryClient.invalidateQueries({ queryKey: healthKeys.kind(kind) });
  return reading;
}

/** Undo of a delete: logs the deleted reading's values again (a new id, the same reading; the server recomputes a BMI). */
export async function restoreReading<K extends ReadingKind>(
  queryClient: QueryClient,
  kind: K,
  reading: ReadingByKind[K],
): Promise<void> {
  const { id: _id, ...values } = reading;
  await outboxWrite({ kind, method: 'POST', path: PATHS[kind], body: values, label: t(LABELS[kind]) }, (key) =>
    asReading(kind, key, values),
  );
  await queryClient.invalidateQueries({ queryKey: healthKeys.kind(kind) });
}
