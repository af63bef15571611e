/**
 * Home's meal card: 'Log meal' opens the meal dialog (decision 097); the button goes under the text
 * when the card is narrow (360 px in Hindi, large text). Only the card ships with Home; the
 * dialog, the food search, the 'meals' texts and the usual foods load once the screen is idle.
 */
import { Plus, Utensils } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useUserZone } from '../../../lib/auth/auth-provider';
import { loadCatalogs } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/language-provider';
import { afterFirstScreen } from '../../../lib/after-first-screen';
import { lazyPreloaded } from '../../../lib/lazy-preloaded';

const MealDialog = lazyPreloaded(() =>
  Promise.all([import('./meal-dialog'), loadCatalogs(['meals'])]).then(([module]) => ({ default: module.MealDialog })),
);

/** How long Home's copy of the usual foods is fresh: logging a meal refreshes it anyway. */
const USUAL_FRESH_MS = 60 * 60 * 1000;

export function HomeMealCard({ now }: { now: Date }) {
  const t = useT();
  const zone = useUserZone();
  const queryClient = useQueryClient();
  const [logging, setLogging] = useState(false);
  // The usual foods are fetched once the screen is idle, so the dialog has them at once, and
  // offline too (the query cache is kept, decision 027).
  useEffect(() => {
    afterFirstScreen(() =>
      import('../api/meals')
        .then(({ getRecentItemsQueryOptions }) =>
          queryClient.prefetchQuery({ ...getRecentItemsQueryOptions(), staleTime: USUAL_FRESH_MS }),
        )
        .catch(() => undefined),
    );
  }, [queryClient]);
  return (
    <section
      aria-labelledby="home-meals-heading"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-[min(1rem,5vw)] shadow-sm"
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <Utensils className="h-5 w-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-[1_1_10rem]">
        <h2 id="home-meals-heading" className="text-sm font-medium text-slate-600">
          {t('home.meals.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('home.meals.text')}</p>
      </div>
      <Button size="sm" variant="outline" className="ml-auto shrink-0" onClick={() => setLogging(true)}>
        <Plus className="h-4 w-4" aria-hidden />
        {t('home.meals.log')}
      </Button>
      {logging ? (
        <Suspense fallback={null}>
          <MealDialog now={now} zone={zone} onClose={() => setLogging(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
