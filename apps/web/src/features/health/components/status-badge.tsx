/** A metric's status: good, warning or alert, in words and colour. */
import type { MetricStatus } from '@diacare/contract/clinical';
import { useT } from '../../../lib/i18n/language-provider';
import { cn } from '../../../lib/utils';
import { STATUS_IDS } from '../utils/labels';

const STYLES: Record<MetricStatus, string> = {
  good: 'bg-green-100 text-green-800',
  warning: 'bg-amber-100 text-amber-900',
  alert: 'bg-red-100 text-red-800',
};

export function StatusBadge({ status }: { status: MetricStatus }) {
  const t = useT();
  return (
    <span
      data-testid="metric-status"
      className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold capitalize', STYLES[status])}
    >
      <span className="sr-only">{t('health.status.prefix')} </span>
      {t(STATUS_IDS[status])}
    </span>
  );
}
