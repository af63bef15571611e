/**
 * Home's latest blood-glucose card (spec §2 Home): value in mg/dL, meal context, date and
 * time, shown only once readings exist. Asks the API for one reading (`limit=1`), so Home
 * never downloads the history; imports no zod (Home's page-weight budget, design.md).
 */
import { formatShortDate } from '@diacare/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Droplet } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { getReadingsQueryOptions } from '../api/health';

export function LatestGlucoseCard() {
  const glucose = useQuery(getReadingsQueryOptions('glucose', { limit: 1 }));
  useEffect(() => {
    // Spec §8: a failed home fetch is logged only.
    if (glucose.error) console.error('Could not load the latest glucose reading', glucose.error);
  }, [glucose.error]);
  const latest = glucose.data?.[0];
  // While loading, hold the card's place so Home does not jump when it arrives (Lighthouse
  // measured a layout shift of 0.125 on a cold load; issue 15, fix 9).
  if (glucose.isPending)
    return <div aria-hidden className="mb-6 h-[106px] rounded-2xl border border-slate-200 bg-white" />;
  if (!latest) return null;
  return (
    <Link
      to="/reports/history/glucose"
      className="mb-6 flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:bg-slate-50"
      data-testid="latest-glucose"
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-teal-100 text-teal-700">
        <Droplet className="h-5 w-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-600">Latest Blood Glucose</p>
        <p className="text-2xl font-bold">
          {latest.value} <span className="text-sm font-medium text-slate-500">mg/dL</span>
        </p>
        <p className="truncate text-sm text-slate-600">
          {latest.meal_context} · {formatShortDate(latest.date)}, {latest.time}
        </p>
      </div>
      <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
    </Link>
  );
}
