import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useT } from '../../lib/i18n/language-provider';
import { buttonClasses } from './button';

/** The Radix AlertDialog behind ConfirmDialog (confirm-dialog.tsx), loaded on first open. */
export default function ConfirmDialogView({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  tone = 'destructive',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** 'primary' for a confirm that adds rather than removes (a dose marked taken); red by default. */
  tone?: 'destructive' | 'primary';
}) {
  const t = useT();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-32px)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-5 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-600">{description}</AlertDialog.Description>
          <div className="mt-5 grid grid-cols-fit gap-3">
            <AlertDialog.Cancel className={buttonClasses('outline')}>{t('common.cancel')}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses(tone)} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
