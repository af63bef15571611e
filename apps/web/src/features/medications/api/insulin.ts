/**
 * /api/health/insulin from a medicine's Take: the recent doses whose units
 * pre-fill the next Take, and recording a dose through the outbox (offline writes, decision 028).
 */
import type { InsulinDose, InsulinInput } from '@diacare/contract/insulin';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { outboxWrite } from '../../../lib/offline/lazy-outbox';

const PATH = '/api/health/insulin';

/** Every insulin list's key starts with this (History's Insulin view shares it). */
export const INSULIN_KEY = ['insulin'] as const;

/** The user's insulin doses dated from `start_date`, newest first. */
export const getInsulinQueryOptions = (query: { start_date: string }) =>
  queryOptions({
    queryKey: [...INSULIN_KEY, query] as const,
    queryFn: () => api.get<InsulinDose[]>(PATH, { ...query }),
  });

/** Records one dose; every insulin list refetches. */
export function useRecordInsulin() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: InsulinInput) =>
      outboxWrite<InsulinDose>(
        { kind: 'insulin', method: 'POST', path: PATH, body: input, label: t('medications.insulin.outbox') },
        (key) =>
          ({
            id: key,
            medication_id: null,
            meal_context: null,
            ...input,
          }) as InsulinDose,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INSULIN_KEY }),
  });
}
