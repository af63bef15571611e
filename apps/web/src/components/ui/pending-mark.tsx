import { CloudOff } from 'lucide-react';
import { useT } from '../../lib/i18n/language-provider';
import { cn } from '../../lib/utils';

/**
 * The small 'Waiting to sync' mark of a record whose write is still in the outbox
 * (decision 028). The words are visible text, so screen readers read them with the record.
 */
export function PendingMark({ className }: { className?: string }) {
  const t = useT();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900',
        className,
      )}
    >
      <CloudOff className="h-3 w-3" aria-hidden />
      {t('common.waitingToSync')}
    </span>
  );
}
