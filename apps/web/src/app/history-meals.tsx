/**
 * Meals on the glucose History (decision 097), one's own or, read-only, a patient's read by a
 * care-circle member with the meals scope; composed here from the meals and health features: the period's meals as markers on the chart (each at its wall-clock date and time, the
 * readings' convention), and the list under it whose open meal a tapped marker chooses. The list
 * and its texts load after the page's text.
 */
import type { Meal } from '@diacare/contract/meals';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState } from 'react';
import type { SourceQuery } from '../features/health/api/history-source';
import type { HistoryExtras, HistoryExtrasArgs } from '../features/health/utils/history-extras';
import { wallClockSeconds } from '../features/health/utils/readings';
import { getMealsQueryOptions } from '../features/meals/api/meals';
import { retryableLazy } from '../lib/retryable-lazy';
import { loadCatalogs } from '../lib/i18n/i18n';
import { loadOnce } from '../lib/load-once';
import { fetchingFirst } from '../lib/offline/offline-states';

const loadHistoryMeals = loadOnce(() =>
  Promise.all([import('../features/meals/components/history-meals'), loadCatalogs(['meals'])]).then(
    ([module]) => module,
  ),
);
const HistoryMeals = retryableLazy(loadHistoryMeals);

/** Meals as chart markers, oldest first. */
export const mealMarkers = (meals: readonly Meal[]) =>
  meals.map((meal) => ({ id: meal.id, x: wallClockSeconds(meal.date, meal.time) })).sort((a, b) => a.x - b.x);

/** The period's meals from `start_date`, as a History source reads them (own or a member's). */
type MealsQuery = (range: { start_date: string }) => SourceQuery<Meal[]>;

/**
 * HistoryView's extras for a glucose History whose meals `mealsQuery` reads: the meals from
 * `startDate`. The page waits for their first answer (as for the sensor figures), and the list's
 * code starts loading beside it, so the list mounts with the page and nothing under the chart
 * moves. `editable`: Edit and Delete per meal (one's own History only).
 */
function mealExtras(mealsQuery: MealsQuery, editable: boolean) {
  return function useExtras({ enabled, startDate, unit, now, zone }: HistoryExtrasArgs): HistoryExtras {
    const meals = useQuery({ ...mealsQuery({ start_date: startDate }), enabled });
    const [openId, setOpenId] = useState<string | null>(null);
    const markers = useMemo(() => (meals.data ? mealMarkers(meals.data) : undefined), [meals.data]);
    useEffect(() => {
      if (enabled) loadHistoryMeals().catch(() => undefined);
    }, [enabled]);
    if (!enabled) return {};
    if (!meals.data) return { waiting: fetchingFirst(meals) };
    return {
      hasContent: meals.data.length > 0,
      markers,
      onMarker: setOpenId,
      section: (
        <Suspense fallback={null}>
          <HistoryMeals
            meals={meals.data}
            openId={openId}
            onOpen={setOpenId}
            unit={unit}
            now={now}
            zone={zone}
            editable={editable}
          />
        </Suspense>
      ),
    };
  };
}

/** One's own glucose History's meals, with Edit and Delete. */
export const useMealExtras = mealExtras((range) => {
  const { queryKey, queryFn } = getMealsQueryOptions(range);
  return { queryKey, queryFn: queryFn as () => Promise<Meal[]> };
}, true);

/**
 * A care-circle member's glucose History of a patient: the patient's meals (meals scope), read
 * through `mealsQuery` (the member routes), read-only.
 */
export const memberMealExtras = (mealsQuery: MealsQuery) => mealExtras(mealsQuery, false);
