/**
 * The meals report's figures (decision 089): how many meals, how many with a response, the median
 * rise by meal type and the foods with the largest median rise. Pure: the server gives each meal's
 * rise from meal-response.ts. An association in the person's own data, never a cause.
 */
import { MEAL_TYPES, MEALS_REPORT_MIN_FOOD_MEALS, type MealType } from './meal-constants.ts';
import { median } from './meal-response.ts';

/** Most foods the report lists. */
export const MEALS_REPORT_MAX_FOODS = 10;

export interface MealWithRise {
  meal_type: MealType;
  items: readonly { food_id: string | null; name: string }[];
  /** mg/dL; null when the meal has no response */
  rise: number | null;
}

export interface MealsSummary {
  meals: number;
  with_response: number;
  by_meal_type: { meal_type: MealType; meals: number; median_rise: number | null }[];
  foods: { food_id: string | null; name: string; meals: number; median_rise: number }[];
}

/** A food's key: its id, or its name folded (free-text 'Poha ' and 'poha' are one food). */
const foodKey = (item: { food_id: string | null; name: string }) =>
  item.food_id ?? `text:${item.name.trim().toLocaleLowerCase()}`;

/**
 * Sums up `meals`.
 * - by_meal_type: every type in MEAL_TYPES order; `meals` counts the meals of that type with a
 *   rise (the ones the median is of, as for foods), `median_rise` their median (whole mg/dL),
 *   null without one.
 * - foods: each food (an item in two meals counts twice, twice in one meal once) in at least
 *   MEALS_REPORT_MIN_FOOD_MEALS meals with a rise; `meals` counts those meals; largest median rise
 *   first, then more meals, then name; at most MEALS_REPORT_MAX_FOODS. The name is the latest
 *   meal's spelling (meals come oldest first).
 */
export function summariseMeals(meals: readonly MealWithRise[]): MealsSummary {
  const rises = new Map<MealType, number[]>(MEAL_TYPES.map((type) => [type, []]));
  const foods = new Map<string, { food_id: string | null; name: string; rises: number[] }>();
  let withResponse = 0;
  for (const meal of meals) {
    if (meal.rise === null) continue;
    withResponse += 1;
    rises.get(meal.meal_type)!.push(meal.rise);
    const seen = new Set<string>();
    for (const item of meal.items) {
      const key = foodKey(item);
      if (seen.has(key)) continue;
      seen.add(key);
      const food = foods.get(key) ?? { food_id: item.food_id, name: item.name, rises: [] };
      food.name = item.name;
      food.rises.push(meal.rise);
      foods.set(key, food);
    }
  }
  return {
    meals: meals.length,
    with_response: withResponse,
    by_meal_type: MEAL_TYPES.map((meal_type) => ({
      meal_type,
      meals: rises.get(meal_type)?.length ?? 0,
      median_rise: median(rises.get(meal_type) ?? []),
    })),
    foods: [...foods.values()]
      .filter((food) => food.rises.length >= MEALS_REPORT_MIN_FOOD_MEALS)
      .map((food) => ({
        food_id: food.food_id,
        name: food.name,
        meals: food.rises.length,
        median_rise: median(food.rises)!,
      }))
      .sort((a, b) => b.median_rise - a.median_rise || b.meals - a.meals || a.name.localeCompare(b.name))
      .slice(0, MEALS_REPORT_MAX_FOODS),
  };
}
