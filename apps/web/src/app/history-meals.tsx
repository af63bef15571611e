/**
 * One's own meals on the glucose History (decision 097), composed here from the meals and health
 * features: the period's meals as markers on the chart (each at its wall-clock date and time, the
 * readings' convention), and the list under it whose open meal a tapped marker chooses. The list
 * and its texts load after the page's text.
 */
import type { Meal } from '@diacare/contract/meals';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState } from 'react';
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

/**
 * HistoryView's extras for one's own glucose History: the meals from `startDate`. The page waits
 * for their first answer (as for the sensor figures), and the list's code starts loading beside
 * it, so the list mounts with the page and nothing under the chart moves.
 */
export function useMealExtras({ enabled, startDate, unit, now, zone }: HistoryExtrasArgs): HistoryExtras {
  const meals = useQuery({ ...getMealsQueryOptions({ start_date: startDate }), enabled });
  const [openId, setOpenId] = useState<string | null>(null);
  const markers = useMemo(() => (meals.data ? mealMarkers(meals.data) : undefined), [meals.data]);
  useEffect(() => {
    if (enabled) loadHistoryMeals().catch(() => undefined);
  }, [enabled]);
  if (!enabled) return {};
  if (!meals.data) return { waiting: fetchingFirst(meals) };
  return {
    markers,
    onMarker: setOpenId,
    section: (
      <Suspense fallback={null}>
        <HistoryMeals meals={meals.data} openId={openId} onOpen={setOpenId} unit={unit} now={now} zone={zone} />
      </Suspense>
    ),
  };
}
