/**
 * Home's meal card (decision 097): 'Log meal' opens the meal dialog, and the meals logged today
 * in the person's zone are listed under it (GET /api/meals for today; a meal logged offline shows
 * at once through the outbox). Empty, loading, failed and offline-never-loaded say so. 'Log meal'
 * sits at the card's foot, after the list and its link to History (Home's glucose card puts its
 * Log there too), so no width leaves it squeezed beside the texts. Only the card ships
 * with Home; the list (with the 'meals' texts) loads once there are meals today, and the dialog,
 * the food search and the usual foods once the screen is idle.
 */
import { localDate } from '@diacare/contract/dates';
import { ChevronRight, Plus, Utensils } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useUserZone } from '../../../lib/auth/auth-provider';
import { loadCatalogs } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/language-provider';
import { afterFirstScreen } from '../../../lib/after-first-screen';
import { lazyPreloaded } from '../../../lib/lazy-preloaded';
import { Link } from '../../../lib/navigation';
import { loadOnce } from '../../../lib/load-once';
import { isUnreachable } from '../../../lib/offline/offline-states';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { useDeferredQuery } from '../../../lib/use-deferred-query';
import { getMealsQueryOptions, getRecentItemsQueryOptions, mealKeys } from '../api/meals';

const MealDialog = lazyPreloaded(() =>
  Promise.all([import('./meal-dialog'), loadCatalogs(['meals'])]).then(([module]) => ({ default: module.MealDialog })),
);

const loadTodaysMeals = loadOnce(() =>
  Promise.all([import('./todays-meals'), loadCatalogs(['meals'])]).then(([module]) => module),
);
const TodaysMeals = retryableLazy(loadTodaysMeals);

/** How long Home's copy of the usual foods is fresh: logging a meal refreshes it anyway. */
const USUAL_FRESH_MS = 60 * 60 * 1000;

/**
 * Asks again for the meals' rises when `readingsFetchedAt` moves (the glucose readings fetched
 * anew: one logged, corrected, deleted or synced since): a reading after a meal can give it its
 * rise. A rise already being fetched is not asked twice.
 */
function useRisesFollowReadings(readingsFetchedAt: number | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef(readingsFetchedAt);
  useEffect(() => {
    if (readingsFetchedAt === seen.current) return;
    seen.current = readingsFetchedAt;
    void queryClient.invalidateQueries({ queryKey: [...mealKeys.all, 'response'] }, { cancelRefetch: false });
  }, [readingsFetchedAt, queryClient]);
}

/**
 * The card. `now` gives today (in the person's zone); `readingsFetchedAt` is when the person's
 * glucose readings were last fetched (epoch ms; Home passes its latest-reading query's).
 */
export function HomeMealCard({ now, readingsFetchedAt }: { now: Date; readingsFetchedAt?: number | undefined }) {
  const t = useT();
  const zone = useUserZone();
  const queryClient = useQueryClient();
  const [logging, setLogging] = useState(false);
  const today = localDate(now, zone);
  const meals = useDeferredQuery(getMealsQueryOptions({ start_date: today, end_date: today }));
  const count = meals.data?.length ?? 0;
  useRisesFollowReadings(readingsFetchedAt);
  useEffect(() => {
    if (count) loadTodaysMeals().catch(() => undefined);
  }, [count]);
  useEffect(() => {
    // docs/product.md: a failed home fetch is logged only (the card says it could not load).
    if (meals.error) console.error("Could not load today's meals", meals.error);
  }, [meals.error]);
  // The usual foods are fetched once the screen is idle, so the dialog has them at once, and
  // offline too (the query cache is kept, decision 027).
  useEffect(() => {
    afterFirstScreen(() => queryClient.prefetchQuery({ ...getRecentItemsQueryOptions(), staleTime: USUAL_FRESH_MS }));
  }, [queryClient]);
  const status = isUnreachable(meals)
    ? t('common.offline.notYet')
    : meals.data === undefined && meals.isError
      ? t('home.meals.failed')
      : meals.data === undefined
        ? t('common.loading')
        : count
          ? t('home.meals.today')
          : t('home.meals.none');
  return (
    <section
      aria-labelledby="home-meals-heading"
      className="@container mb-6 rounded-2xl border border-slate-200 bg-white p-[min(1rem,5vw)] shadow-sm"
      data-testid="home-meals"
    >
      <div className="flex items-center gap-3">
        {/* The plate gives way to the texts when large text leaves the card under 14rem across. */}
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800 @max-[14rem]:hidden">
          <Utensils className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="home-meals-heading" className="text-sm font-medium text-slate-600">
            {t('home.meals.title')}
          </h2>
          <p
            id="home-meals-status"
            className={meals.data === undefined && meals.isError ? 'text-sm text-red-700' : 'text-sm text-slate-700'}
          >
            {status}
          </p>
        </div>
      </div>
      {count ? (
        <Suspense fallback={null}>
          <TodaysMeals meals={meals.data!} labelledBy="home-meals-status" />
        </Suspense>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
        {count ? (
          <Link
            to="/reports/history/glucose"
            className="mr-auto flex min-h-11 items-center gap-1 text-sm font-semibold text-primary"
          >
            {t('home.meals.history')}
            <ChevronRight className="h-4 w-4 shrink-0" aria-hidden />
          </Link>
        ) : null}
        <Button size="sm" variant="outline" className="shrink-0" onClick={() => setLogging(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          {t('home.meals.log')}
        </Button>
      </div>
      {logging ? (
        <Suspense fallback={null}>
          <MealDialog now={now} zone={zone} onClose={() => setLogging(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
