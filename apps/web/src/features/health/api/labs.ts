/**
 * /api/health/labs: query options, recording, correcting and deleting a lab
 * result through the outbox (offline writes, decision 028). Types only from the contract.
 */
import { LAB_TEST_RULES, storedLabValue } from '@diacare/contract/lab-rules';
import type { LabResult, LabResultInput, LabTest } from '@diacare/contract/labs';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { outboxWrite, pathId, registerApplier, sameRecord } from '../../../lib/offline/lazy-outbox';

const PATH = '/api/health/labs';

export interface LabQuery {
  test?: LabTest;
  start_date?: string;
  limit?: number;
}

export const labKeys = {
  all: ['labs'] as const,
  list: (query: LabQuery) => ['labs', query] as const,
};

/** Lab results, newest first (the API's order). */
export const getLabResultsQueryOptions = (query: LabQuery) =>
  queryOptions({ queryKey: labKeys.list(query), queryFn: () => api.get<LabResult[]>(PATH, { ...query }) });

/** The result as shown before the server has it: stored unit, LOINC; eGFR comes with the server's answer. */
function asResult(id: string, input: LabResultInput): LabResult {
  const test = input.test as LabTest;
  const stored = storedLabValue(test, input.value as number, input.unit as string);
  return {
    id,
    test,
    loinc: LAB_TEST_RULES[test].loinc,
    ...stored,
    date: input.date as string,
    notes: input.notes ?? null,
    egfr: null,
  };
}

const newestFirst = (a: LabResult, b: LabResult) => b.date.localeCompare(a.date);

// A result waiting in the outbox shows at once in every cached list it belongs to.
registerApplier('labs', {
  keys: [labKeys.all],
  apply(data, entry, queryKey) {
    const list = data as LabResult[];
    if (entry.method === 'POST') {
      const query = (queryKey[1] ?? {}) as LabQuery;
      const result = asResult(entry.key, entry.body as LabResultInput);
      if (list.some((r) => r.id === entry.key) || (query.test && query.test !== result.test)) return data;
      if (query.start_date && result.date < query.start_date) return data;
      const next = [result, ...list].sort(newestFirst);
      return query.limit ? next.slice(0, query.limit) : next;
    }
    const id = pathId(entry);
    if (entry.method === 'DELETE') return list.filter((r) => !sameRecord(r.id, id));
    return list.map((r) => (sameRecord(r.id, id) ? asResult(r.id, entry.body as LabResultInput) : r)).sort(newestFirst);
  },
});

/** Records a result (POST), or corrects one when `id` is given (PUT); every lab list refetches. */
export function useSaveLabResult() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, input }: { id?: string; input: LabResultInput }) =>
      outboxWrite<LabResult>(
        id
          ? { kind: 'labs', method: 'PUT', path: `${PATH}/${id}`, body: input, label: t('common.outbox.editReading') }
          : { kind: 'labs', method: 'POST', path: PATH, body: input, label: t('health-reports.labs.outbox') },
        (key) => asResult(id ?? key, input),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labKeys.all }),
  });
}

/** Deletes one result (DELETE …/{id}) and refetches every lab list; resolves to the deleted result, for Undo. */
export async function deleteLabResult(queryClient: QueryClient, result: LabResult): Promise<LabResult> {
  await outboxWrite(
    { kind: 'labs', method: 'DELETE', path: `${PATH}/${result.id}`, label: t('common.outbox.deleteReading') },
    () => result,
  );
  await queryClient.invalidateQueries({ queryKey: labKeys.all });
  return result;
}
