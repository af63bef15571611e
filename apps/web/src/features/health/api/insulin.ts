/**
 * /api/health/insulin for History's Insulin view: the doses of a period, newest first;
 * deleting a dose and its undo (logging it again) go through the outbox like readings.
 */
import type { InsulinDose } from '@diacare/contract/insulin';
import type { QueryClient } from '@tanstack/react-query';
import { t } from '../../../lib/i18n/i18n';
import { INSULIN_PATH as PATH, insulinKeys } from '../../../lib/insulin-doses';
import { outboxWrite, pathId, registerApplier, sameRecord } from '../../../lib/offline/lazy-outbox';

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

/** Deletes `dose`; every insulin list refetches. Resolves to the deleted dose (for its undo). */
export async function deleteInsulinDose(queryClient: QueryClient, dose: InsulinDose): Promise<InsulinDose> {
  await outboxWrite(
    { kind: 'insulin', method: 'DELETE', path: `${PATH}/${dose.id}`, label: t('health-reports.insulin.outboxDelete') },
    () => dose,
  );
  await queryClient.invalidateQueries({ queryKey: insulinKeys.all });
  return dose;
}

/** Undo of a delete: logs the deleted dose's values again (a new id, the same dose). */
export async function restoreInsulinDose(queryClient: QueryClient, dose: InsulinDose): Promise<void> {
  const { id: _id, ...values } = dose;
  await outboxWrite(
    { kind: 'insulin', method: 'POST', path: PATH, body: values, label: t('medications.insulin.outbox') },
    (key) => ({ ...values, id: key }),
  );
  await queryClient.invalidateQueries({ queryKey: insulinKeys.all });
}
