/**
 * /api/health/insulin, the one web home of the user's insulin doses (two screen areas use it, so
 * it lives in lib/): the doses dated from a day on, newest first — one query shared by History's
 * Insulin view and the Take's pre-fill, so a new dose refreshes both — and recording, deleting
 * and restoring a dose through the outbox (offline writes, decision 028).
 */
import type { InsulinDose, InsulinInput } from '@diacare/contract/insulin';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { t } from './i18n/i18n';
import { outboxWrite, pathId, registerApplier, sameRecord } from './offline/lazy-outbox';

export const INSULIN_PATH = '/api/health/insulin';

export const insulinKeys = {
  all: ['insulin'] as const,
  list: (query: { start_date: string }) => ['insulin', query] as const,
};

/** The doses dated `start_date` (YYYY-MM-DD) or later. */
export const getInsulinDosesQueryOptions = (query: { start_date: string }) =>
  queryOptions({
    queryKey: insulinKeys.list(query),
    queryFn: () => api.get<InsulinDose[]>(INSULIN_PATH, { ...query }),
  });

const newestFirst = (a: InsulinDose, b: InsulinDose) => `${b.date} ${b.time}`.localeCompare(`${a.date} ${a.time}`);

// A dose deleted or logged again while offline shows at once in every cached insulin list.
registerApplier('insulin', {
  keys: [insulinKeys.all],
  apply(data, entry, queryKey) {
    const list = data as InsulinDose[];
    if (entry.method === 'DELETE') return list.filter((dose) => !sameRecord(dose.id, pathId(entry)));
    if (entry.method !== 'POST' || list.some((dose) => dose.id === entry.key)) return data;
    const dose = { medication_id: null, meal_context: null, ...(entry.body as object), id: entry.key } as InsulinDose;
    const query = (queryKey[1] ?? {}) as { start_date?: string };
    if (query.start_date && dose.date < query.start_date) return data;
    return [dose, ...list].sort(newestFirst);
  },
});

/** Records one dose from a medicine's Take; every insulin list refetches. */
export function useRecordInsulin() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: InsulinInput) =>
      outboxWrite<InsulinDose>(
        { kind: 'insulin', method: 'POST', path: INSULIN_PATH, body: input, label: t('medications.insulin.outbox') },
        (key) =>
          ({
            id: key,
            medication_id: null,
            meal_context: null,
            ...input,
          }) as InsulinDose,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insulinKeys.all }),
  });
}

/** Deletes `dose` (History); every insulin list refetches. Resolves to the deleted dose (for its undo). */
export async function deleteInsulinDose(queryClient: QueryClient, dose: InsulinDose): Promise<InsulinDose> {
  await outboxWrite(
    {
      kind: 'insulin',
      method: 'DELETE',
      path: `${INSULIN_PATH}/${dose.id}`,
      label: t('health-reports.insulin.outboxDelete'),
    },
    () => dose,
  );
  await queryClient.invalidateQueries({ queryKey: insulinKeys.all });
  return dose;
}

/** Undo of a delete: logs the deleted dose's values again (a new id, the same dose). */
export async function restoreInsulinDose(queryClient: QueryClient, dose: InsulinDose): Promise<void> {
  const { id: _id, ...values } = dose;
  await outboxWrite(
    { kind: 'insulin', method: 'POST', path: INSULIN_PATH, body: values, label: t('medications.insulin.outbox') },
    (key) => ({ ...values, id: key }),
  );
  await queryClient.invalidateQueries({ queryKey: insulinKeys.all });
}
