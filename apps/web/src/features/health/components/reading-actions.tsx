/**
 * Edit and Delete for one reading of Health History: Edit opens the log dialog prefilled; Delete
 * confirms, then a toast's Undo logs the reading again. Buttons name the reading for screen readers.
 * Decision 021.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyPreloaded } from '../../../lib/lazy-preloaded';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n/language-provider';
import { deleteReading, restoreReading, type ReadingByKind, type ReadingKind } from '../api/health';

// The log form brings zod, react-hook-form and Radix's dialog (about 50 KB gzip): it loads
// once History is idle, not with it (every route ≤ 120 KB gzip, bench/page-weight.mjs).
const LogReadingDialog = lazyPreloaded(() =>
  import('./log-dialogs').then((module) => ({ default: module.LogReadingDialog })),
);

const iconButton =
  'flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary';

export function ReadingActions<K extends ReadingKind>({
  kind,
  reading,
  label,
  now,
  zone,
}: {
  kind: K;
  reading: ReadingByKind[K];
  /** The reading in words, e.g. '152 mg/dL, 20 Nov, 07:45 • Fasting'. */
  label: string;
  now: Date;
  zone: string;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const remove = async () => {
    try {
      const deleted = await deleteReading(queryClient, kind, reading);
      toast({
        title: t('health-reports.actions.deleted'),
        description: label,
        action: {
          label: t('health-reports.actions.undo'),
          onClick: () => {
            restoreReading(queryClient, kind, deleted).then(
              () => toast({ title: t('health-reports.actions.restored'), description: label }),
              () =>
                toast({
                  title: t('health-reports.actions.error'),
                  description: t('health-reports.actions.restoreFailed'),
                  variant: 'destructive',
                }),
            );
          },
        },
      });
    } catch {
      toast({
        title: t('health-reports.actions.error'),
        description: t('health-reports.actions.deleteFailed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <button
        type="button"
        className={iconButton}
        aria-label={t('health-reports.actions.edit', { label })}
        onClick={() => setEditing(true)}
      >
        <Pencil className="h-4 w-4" aria-hidden />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={t('health-reports.actions.delete', { label })}
        onClick={() => setConfirming(true)}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </button>
      {editing ? (
        <Suspense fallback={null}>
          <LogReadingDialog kind={kind} reading={reading} now={now} zone={zone} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('health-reports.actions.confirmTitle')}
        description={t('health-reports.actions.confirmText', { label })}
        confirmLabel={t('health-reports.actions.confirm')}
        onConfirm={() => void remove()}
      />
    </>
  );
}
