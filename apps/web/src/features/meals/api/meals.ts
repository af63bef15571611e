/**
 * /api/meals, /api/foods and /api/reports/meals (decisions 088–090): query options, logging,
 * correcting and deleting a meal through the outbox (offline too), and the meal's photo. Types
 * only from the contract, so no zod reaches the screens that import this.
 */
import type {
  Food,
  Meal,
  MealInput,
  MealResponse,
  MealsReport,
  MealsReportPeriod,
  RecentMealItem,
} from '@diacare/contract/meals';
import { zonedInstant } from '@diacare/contract/dates';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import {
  outboxWrite,
  pathId,
  registerApplier,
  sameRecord,
  serverId,
  type OutboxApplier,
} from '../../../lib/offline/lazy-outbox';

/** GET /api/meals: inclusive YYYY-MM-DD range. */
export interface MealRange {
  start_date?: string;
  end_date?: string;
}

export const mealKeys = {
  all: ['meals'] as const,
  list: (range: MealRange) => ['meals', 'list', range] as const,
  recent: ['meals', 'recent-items'] as const,
  response: (id: string) => ['meals', 'response', id] as const,
  report: (days: MealsReportPeriod) => ['meals', 'report', days] as const,
  foods: (q: string) => ['foods', q] as const,
};

/** The person's meals in `range`, newest first (the API's order). */
export const getMealsQueryOptions = (range: MealRange) =>
  queryOptions({
    queryKey: mealKeys.list(range),
    queryFn: () => api.get<Meal[]>('/api/meals', { ...range }),
  });

/** Items of recent meals, most often first, ready to tap into a new meal. */
export const getRecentItemsQueryOptions = () =>
  queryOptions({
    queryKey: mealKeys.recent,
    queryFn: () => api.get<RecentMealItem[]>('/api/meals/recent-items'),
  });

/** How many foods a search shows: the best few fit a phone's screen above the keyboard. */
export const FOOD_RESULTS = 8;

/** Foods matching `q` (English, Hindi or a common Latin spelling), best first. */
export const getFoodsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: mealKeys.foods(q),
    queryFn: () => api.get<Food[]>('/api/foods', { q, limit: FOOD_RESULTS }),
    enabled: q.trim().length > 0,
    staleTime: 24 * 60 * 60 * 1000,
  });

/**
 * The meal's before, peak and rise from the person's readings (mg/dL), or 'none'. Asked with the
 * server's id: a meal just synced may still be listed under its temporary id until the list refetches.
 */
export const getMealResponseQueryOptions = (id: string) => {
  const saved = serverId(id);
  return queryOptions({
    queryKey: mealKeys.response(saved),
    queryFn: () => api.get<MealResponse>(`/api/meals/${saved}/response`),
  });
};

/** Median rise by meal type and the foods that raise most, over the last `days` days. */
export const getMealsReportQueryOptions = (days: MealsReportPeriod) =>
  queryOptions({
    queryKey: mealKeys.report(days),
    queryFn: () => api.get<MealsReport>('/api/reports/meals', { days }),
  });

type MealValues = Omit<Meal, 'id'>;

/**
 * The meal as shown before the server has it: carbohydrate summed from the items that have a
 * figure (whole grams, as the server does), its instant from its date and time in `zone`.
 */
export function asMeal(id: string, input: MealInput, zone: string, hasPhoto = false): Meal {
  const items = input.items.map((item) => ({
    food_id: item.food_id ?? null,
    name: item.name,
    portions: item.portions,
    carbs_g: item.carbs_g ?? null,
  }));
  const known = items.filter((item) => item.carbs_g !== null);
  return {
    id,
    date: input.date,
    time: input.time,
    meal_type: input.meal_type,
    items,
    carbs_g: known.length ? Math.round(known.reduce((sum, item) => sum + item.carbs_g!, 0)) : null,
    note: input.note ?? '',
    has_photo: hasPhoto,
    at: zonedInstant(input.date, input.time, zone).toISOString(),
  };
}

const newestFirst = (a: MealValues, b: MealValues) => `${b.date} ${b.time}`.localeCompare(`${a.date} ${a.time}`);

/**
 * Meals in the outbox: a new meal shows at once in every cached list whose range holds its date;
 * a correction or a delete changes the lists at once.
 */
export const mealApplier: OutboxApplier = {
  keys: [mealKeys.all],
  apply(data, entry, queryKey) {
    if (queryKey[1] !== 'list') return data;
    const list = data as Meal[];
    const zone = entry.meta?.zone ?? 'UTC';
    if (entry.method === 'POST') {
      if (list.some((meal) => meal.id === entry.key)) return data;
      const range = (queryKey[2] ?? {}) as MealRange;
      const meal = asMeal(entry.key, entry.body as MealInput, zone);
      if ((range.start_date && meal.date < range.start_date) || (range.end_date && meal.date > range.end_date))
        return data;
      return [meal, ...list].sort(newestFirst);
    }
    const id = pathId(entry);
    if (!list.some((meal) => sameRecord(meal.id, id))) return data;
    if (entry.method === 'DELETE') return list.filter((meal) => !sameRecord(meal.id, id));
    return list
      .map((meal) => (sameRecord(meal.id, id) ? asMeal(meal.id, entry.body as MealInput, zone, meal.has_photo) : meal))
      .sort(newestFirst);
  },
};
registerApplier('meal', mealApplier);

/** A short label for the outbox's refusal toast: 'Meal: Lunch 13:10'. */
const outboxLabel = (input: Pick<MealInput, 'time'>) => t('common.outbox.meal', { time: input.time });

/**
 * Logs a meal (POST /api/meals) through the outbox, or corrects one (PUT /api/meals/{id}) when
 * `id` is given. Resolves to the server's meal, or the optimistic one when offline.
 */
export function useSaveMeal(zone: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The outbox keeps writes made offline: the mutation runs without a network.
    networkMode: 'always',
    mutationFn: ({ id, input, hasPhoto }: { id?: string | undefined; input: MealInput; hasPhoto?: boolean }) =>
      outboxWrite<Meal>(
        id
          ? {
              kind: 'meal',
              method: 'PUT',
              path: `/api/meals/${id}`,
              body: input,
              meta: { zone },
              label: outboxLabel(input),
            }
          : {
              kind: 'meal',
              method: 'POST',
              path: '/api/meals',
              body: input,
              meta: { zone },
              label: outboxLabel(input),
            },
        (key) => asMeal(id ?? key, input, zone, hasPhoto ?? false),
      ),
    // History's list and markers, recent items, responses and the report all read meals.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mealKeys.all }),
  });
}

/** Deletes a meal (and its photo, on the server) through the outbox; every meal view refetches. */
export async function deleteMeal(queryClient: QueryClient, meal: Meal): Promise<void> {
  await outboxWrite(
    { kind: 'meal', method: 'DELETE', path: `/api/meals/${meal.id}`, label: t('common.outbox.deleteMeal') },
    () => meal,
  );
  await queryClient.invalidateQueries({ queryKey: mealKeys.all });
}

/** The path of a meal's photo (GET answers only its owner; an <img> sends the session cookie). */
export const mealPhotoPath = (id: string) => `/api/meals/${id}/photo`;

/**
 * Sends a meal's photo (PUT /api/meals/{id}/photo), already made small on the phone
 * (photo-resize.ts). Online only: a photo is too large for the outbox; fails with ApiError.
 */
export async function uploadMealPhoto(queryClient: QueryClient, id: string, photo: Blob): Promise<void> {
  await api.putFile(mealPhotoPath(id), photo, photo.type);
  await queryClient.invalidateQueries({ queryKey: mealKeys.all });
}
