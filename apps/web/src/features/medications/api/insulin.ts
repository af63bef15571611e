/**
 * /api/health/insulin from a medicine's Take: the recent doses whose units
 * pre-fill the next Take, and recording a dose through the outbox (offline writes, decision 028).
 */
import type { InsulinDose, InsulinInput } from '@diacare/contract/insulin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '../../../lib/i18n/i18n';
import { INSULIN_PATH as PATH, insulinKeys } from '../../../lib/insulin-doses';
import { outboxWrite } from '../../../lib/offline/lazy-outbox';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insulinKeys.all }),
  });
}
