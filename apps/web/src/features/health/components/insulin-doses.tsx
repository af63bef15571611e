/**
 * The Insulin view's doses, newest first, each with Delete: 'Delete this dose?', then a
 * toast offers Undo, which logs the dose again (as readings are deleted in History).
 */
import type { InsulinDose } from '@diacare/contract/insulin';
import type { InsulinType } from '@diacare/contract/insulin-rules';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import type { MessageId } from '../../../lib/i18n/i18n';
import { useLocale, useT } from '../../../lib/i18n/language-provider';
import { deleteInsulinDose, restoreInsulinDose } from '../../../lib/insulin-doses';
import { formatLabDate } from '../utils/labs';

const iconButton =
  'flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary';

/** The list; `typeIds` names each insulin type in the reader's language. */
export function InsulinDoses({
  doses,
  typeIds,
  units,
  editable = true,
}: {
  doses: InsulinDose[];
  typeIds: Record<InsulinType, MessageId>;
  units: (value: number) => string;
  /** False for a care member: no Delete. */
  editable?: boolean;
}) {
  const t = useT();
  const { intlLocale } = useLocale();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<InsulinDose | null>(null);
  const labelOf = (dose: InsulinDose) =>
    t('health-reports.insulin.doseLabel', {
      units: units(dose.units),
      type: t(typeIds[dose.insulin_type]),
      date: formatLabDate(dose.date, intlLocale),
      time: dose.time,
    });

  const remove = async (dose: InsulinDose) => {
    const label = labelOf(dose);
    try {
      const deleted = await deleteInsulinDose(queryClient, dose);
      toast({
        title: t('health-reports.insulin.deleted'),
        description: label,
        action: {
          label: t('health-reports.actions.undo'),
          onClick: () => {
            restoreInsulinDose(queryClient, deleted).then(
              () => toast({ title: t('health-reports.insulin.restored'), description: label }),
              () =>
                toast({
                  title: t('health-reports.actions.error'),
                  description: t('health-reports.insulin.restoreFailed'),
                  variant: 'destructive',
                }),
            );
          },
        },
      });
    } catch {
      toast({
        title: t('health-reports.actions.error'),
        description: t('health-reports.insulin.deleteFailed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <h2 className="mb-2 mt-5 text-base font-semibold">{t('health-reports.insulin.doses')}</h2>
      <ul className="divide-y divide-slate-100" data-testid="insulin-doses">
        {doses.map((dose) => (
          <li key={dose.id} className="flex items-center justify-between gap-2 py-1 text-sm">
            <span className="min-w-0">{labelOf(dose)}</span>
            {editable ? (
              <button
                type="button"
                className={iconButton}
                aria-label={t('health-reports.insulin.delete', { label: labelOf(dose) })}
                onClick={() => setConfirming(dose)}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t('health-reports.insulin.confirmTitle')}
        description={confirming ? t('health-reports.insulin.confirmText', { label: labelOf(confirming) }) : ''}
        confirmLabel={t('health-reports.actions.confirm')}
        onConfirm={() => {
          if (confirming) void remove(confirming);
        }}
      />
    </>
  );
}
