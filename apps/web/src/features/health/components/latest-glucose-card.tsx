/**
 * Home's latest blood-glucose card (spec §2 Home): value in mg/dL, meal context, date and
 * time. Asks the API for one reading (`limit=1`), so Home never downloads the history;
 * imports no zod (Home's page-weight budget, design.md).
 * Issue 15: a low reading says so ('Low', 'Very low') with 'What to do' one tap away; a
 * 'Log' button opens Reports' glucose dialog, loaded on first press; with no reading yet
 * the card still shows, with 'No readings yet' and the Log button.
 */
import { glucoseAlert } from '@diacare/contract/clinical';
import { formatShortDate } from '@diacare/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Droplet, Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useUserZone } from '../../../lib/auth/auth-provider';
import { cn } from '../../../lib/utils';
import { getReadingsQueryOptions } from '../api/health';
import { AlertBadge, WhatToDoButton } from './reading-alert';

// The log form brings zod and react-hook-form: it loads when Log is first pressed.
const LogReadingDialog = lazy(() => import('./log-dialogs').then((module) => ({ default: module.LogReadingDialog })));

function LogButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="sm" variant="outline" onClick={onClick} aria-label="Log Blood Glucose" className="shrink-0">
      <Plus className="h-4 w-4" aria-hidden />
      Log
    </Button>
  );
}

export function LatestGlucoseCard({ now }: { now: Date }) {
  const zone = useUserZone();
  const glucose = useQuery(getReadingsQueryOptions('glucose', { limit: 1 }));
  const [logging, setLogging] = useState(false);
  useEffect(() => {
    // Spec §8: a failed home fetch is logged only.
    if (glucose.error) console.error('Could not load the latest glucose reading', glucose.error);
  }, [glucose.error]);
  // While loading, hold the card's place so Home does not jump when it arrives (Lighthouse
  // measured a layout shift of 0.125 on a cold load; issue 15, fix 9).
  if (glucose.isPending)
    return <div aria-hidden className="mb-6 h-[106px] rounded-2xl border border-slate-200 bg-white" />;
  // A failed fetch shows nothing, as before (spec §8: logged only).
  if (!glucose.isSuccess) return null;
  const latest = glucose.data[0];
  const alert = latest ? glucoseAlert(latest.value) : null;
  return (
    <section
      aria-labelledby="latest-glucose-heading"
      className={cn(
        'mb-6 rounded-2xl border bg-white p-4 shadow-sm',
        alert ? 'border-red-300 bg-red-50' : 'border-slate-200',
      )}
      data-testid="latest-glucose"
    >
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-teal-100 text-teal-700">
          <Droplet className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="latest-glucose-heading" className="text-sm font-medium text-slate-600">
              Latest Blood Glucose
            </h2>
            {alert ? <AlertBadge alert={alert} /> : null}
          </div>
          {latest ? (
            <>
              <p className="text-2xl font-bold">
                {latest.value} <span className="text-sm font-medium text-slate-500">mg/dL</span>
              </p>
              <p className="truncate text-sm text-slate-600">
                {latest.meal_context} · {formatShortDate(latest.date)}, {latest.time}
              </p>
            </>
          ) : (
            <p className="text-slate-600">No readings yet</p>
          )}
        </div>
        {latest ? (
          <Link
            to="/reports/history/glucose"
            aria-label="Blood Glucose history"
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
          {alert ? <WhatToDoButton alert={alert} reading={`${latest.value} mg/dL`} /> : null}
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
