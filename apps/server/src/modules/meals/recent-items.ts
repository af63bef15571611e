/**
 * What the person eats, for the meal dialog's first list (decision 088): each item of their
 * recent meals once, most often eaten first, then most recently, with the portions and
 * carbohydrate it was last logged with.
 */
import { MEAL_LIMITS } from '@diacare/contract/meal-constants';
import type { RecentMealItem } from '@diacare/contract/meals';
import type { MealRow } from './meals.repository.ts';

/**
 * The recent items of `rows` (meals, newest first), at most `limit`. An item is
 * its food_id, or its name folded for a free-text one; counted once per meal.
 */
export function recentItems(rows: readonly MealRow[], limit: number = MEAL_LIMITS.recent_items): RecentMealItem[] {
  const items = new Map<string, RecentMealItem>();
  for (const row of rows) {
    const seen = new Set<string>();
    for (const item of row.items) {
      const key = item.food_id ?? `text:${item.name.trim().toLocaleLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const known = items.get(key);
      if (known) known.meals += 1;
      else
        items.set(key, {
          food_id: item.food_id,
          name: item.name,
          portions: item.portions,
          carbs_g: item.carbs_g,
          meals: 1,
          last_date: row.date,
        });
    }
  }
  return [...items.values()]
    .sort((a, b) => b.meals - a.meals || b.last_date.localeCompare(a.last_date) || a.name.localeCompare(b.name))
    .slice(0, limit);
}
