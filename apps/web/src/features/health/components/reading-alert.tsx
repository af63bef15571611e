/**
 * A reading that needs action: a badge in words ('Low', 'Very low', 'Very high') and a 'What to do'
 * button; the rules are in @diacare/contract/clinical and the steps dialog loads lazily.
 * Decision 011.
 */
import type { ReadingAlert } from '@diacare/contract/clinical';
import { LifeBuoy } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyPreloaded } from '../../../lib/lazy-preloaded';
import { Button } from '../../../components/ui/button';
import { loadCatalogs } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/language-provider';
import { cn } from '../../../lib/utils';
import { ALERT_LABEL_IDS, ALERT_TOPIC_IDS } from '../utils/labels';

// With its texts: Home loads only the card's part of the health texts.
const AlertStepsDialog = lazyPreloaded(() =>
  Promise.all([import('./alert-steps-dialog'), loadCatalogs(['health-reports'])]).then(([module]) => module),
);

/** The urgent alerts are filled red; the others red on pale red. */
const URGENT: ReadonlySet<ReadingAlert> = new Set(['very-low-glucose', 'severe-high-bp']);

export const alertBadgeClasses = (alert: ReadingAlert) =>
  URGENT.has(alert) ? 'bg-red-600 text-white' : 'bg-red-100 text-red-800';

/** 'Low', 'Very low' or 'Very high' in the alert style; screen readers hear 'Status: Low'. */
export function AlertBadge({ alert, className }: { alert: ReadingAlert; className?: string }) {
  const t = useT();
  return (
    <span
      data-testid="reading-alert"
      data-alert={alert}
      className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', alertBadgeClasses(alert), className)}
    >
      <span className="sr-only">{t('health.status.prefix')} </span>
      {t(ALERT_LABEL_IDS[alert])}
    </span>
  );
}

/**
 * 'What to do' for `alert`; `reading` ('55 mg/dL', '185/110 mmHg') is repeated in the dialog.
 * Its accessible name says what it is about, e.g. 'What to do: Low blood glucose'.
 */
export function WhatToDoButton({
  alert,
  reading,
  className,
}: {
  alert: ReadingAlert;
  reading: string;
  className?: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant={URGENT.has(alert) ? 'destructive' : 'dangerOutline'}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={t('health.alert.whatToDoLabel', { topic: t(ALERT_TOPIC_IDS[alert]) })}
        className={className}
      >
        <LifeBuoy className="h-4 w-4" aria-hidden />
        {t('health.alert.whatToDo')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AlertStepsDialog alert={alert} reading={reading} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
