/**
 * Home's latest blood-glucose card in the user's unit, with a low reading's 'What to do' and a Log
 * button. It asks for one reading (`limit=1`) and imports no zod, to keep Home's first load small.
 * With no reading yet it shows 'No readings yet' and Log.
 */
import { glucoseAlert } from '@diacare/contract/clinical';
import { formatShortDate } from '@diacare/contract/dates';
import { formatGlucose, formatGlucoseValue } from '@diacare/contract/glucose-units';
import { ChevronRight, Droplet, Plus } from 'lucide-react';
import { CardIcon } from '../../../components/ui/card';
import { Suspense, useEffect, useState } from 'react';
import { lazyPreloaded } from '../../../lib/lazy-preloaded';
import { Link } from '../../../lib/navigation';
import { Button } from '../../../components/ui/button';
import { useUserZone } from '../../../lib/auth/auth-provider';
import { PendingMark } from '../../../components/ui/pending-mark';
import { usePendingMarks } from '../../../lib/offline/use-outbox';
import { isUnreachable, OfflineFirstTime } from '../../../lib/offline/offline-states';
import { loadCatalogs } from '../../../lib/i18n/i18n';
import { useLocale, useT } from '../../../lib/i18n/language-provider';
import { useDeferredQuery } from '../../../lib/use-deferred-query';
import { cn } from '../../../lib/utils';
import { useGlucoseUnit } from '../../../lib/use-glucose-unit';
import { getReadingsQueryOptions } from '../api/health';
import { MEAL_CONTEXT_IDS } from '../utils/labels';
import { AlertBadge, WhatToDoButton } from './reading-alert';

// The log form brings zod and react-hook-form: it loads once the screen is idle, with its
// texts (Home loads only the card's part of the health texts).
const LogReadingDialog = lazyPreloaded(() =>
  Promise.all([import('./log-dialogs'), loadCatalogs(['health-reports'])]).then(([module]) => ({
    default: module.LogReadingDialog,
  })),
);

function LogButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={onClick}
      aria-label={t('health.log.title.glucose')}
      className="shrink-0"
    >
      <Plus className="h-4 w-4" aria-hidden />
      {t('health.metrics.log')}
    </Button>
  );
}

export function LatestGlucoseCard({ now }: { now: Date }) {
  const t = useT();
  const { intlLocale } = useLocale();
  const zone = useUserZone();
  const unit = useGlucoseUnit();
  const glucose = useDeferredQuery(getReadingsQueryOptions('glucose', { limit: 1 }));
  const [logging, setLogging] = useState(false);
  const pending = usePendingMarks();
  useEffect(() => {
    // docs/product.md: a failed home fetch is logged only.
    if (glucose.error) console.error('Could not load the latest glucose reading', glucose.error);
  }, [glucose.error]);
  // While loading, hold the place of a card with a reading (154 px at 360–412 px wide), so Home
  // does not jump when it arrives (Lighthouse measured a layout shift of 0.04 with a shorter one).
  // Offline and never loaded: say so instead of holding an empty place forever.
  if (isUnreachable(glucose))
    return (
      <div className="mb-6 rounded-2xl border border-slate-200 bg-white">
        <OfflineFirstTime compact />
      </div>
    );
  if (glucose.isPending)
    return <div aria-hidden className="mb-6 h-[154px] rounded-2xl border border-slate-200 bg-white" />;
  // A failed fetch shows nothing, as before.
  if (glucose.data === undefined) return null;
  const latest = glucose.data[0];
  const alert = latest ? glucoseAlert(latest.value) : null;
  return (
    <section
      aria-labelledby="latest-glucose-heading"
      className={cn(
        '@container mb-6 rounded-2xl border bg-white p-[min(1rem,5vw)] shadow-sm',
        alert ? 'border-red-300 bg-red-50' : 'border-slate-200',
      )}
      data-testid="latest-glucose"
    >
      <div className="flex items-center gap-3">
        <CardIcon icon={Droplet} size={11} className="bg-teal-100 text-teal-700" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="latest-glucose-heading" className="text-sm font-medium text-slate-600">
              {t('health.latest.title')}
            </h2>
            {alert ? <AlertBadge alert={alert} /> : null}
          </div>
          {latest ? (
            <>
              <p className="text-2xl font-bold">
                {formatGlucoseValue(latest.value, unit)}{' '}
                <span className="text-sm font-medium text-slate-500">{unit}</span>
              </p>
              <p className="wrap-anywhere text-sm text-slate-600">
                {t(MEAL_CONTEXT_IDS[latest.meal_context])} · {formatShortDate(latest.date, intlLocale)}, {latest.time}
              </p>
              {pending.has(latest.id) ? <PendingMark className="mt-1" /> : null}
            </>
          ) : (
            <p className="text-slate-600">{t('health.latest.none')}</p>
          )}
        </div>
        {latest ? (
          <Link
            to="/reports/history/glucose"
            aria-label={t('health.metrics.historyLink', { title: t('health.metrics.glucose') })}
            className="-mr-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
          >
            <ChevronRight className="h-5 w-5" aria-hidden />
          </Link>
        ) : (
          <LogButton onClick={() => setLogging(true)} />
        )}
      </div>
      {latest ? (
        <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
          {alert ? <WhatToDoButton alert={alert} reading={formatGlucose(latest.value, unit)} /> : null}
          <LogButton onClick={() => setLogging(true)} />
        </div>
      ) : null}
      {logging ? (
        <Suspense fallback={null}>
          <LogReadingDialog kind="glucose" now={now} zone={zone} onClose={() => setLogging(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
