/**
 * The meal outbox applier: a meal logged, corrected or deleted offline shows at once in the cached
 * lists whose range holds it, as the server would give it (carbs summed, its instant in the zone).
 */
import type { Meal, MealInput } from '@diacare/contract/meals';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../lib/offline/lazy-outbox';
import { asMeal, mealApplier, mealKeys } from './meals';

const input: MealInput = {
  date: '2026-11-28',
  time: '13:00',
  meal_type: 'lunch',
  items: [
    { food_id: 'roti', name: 'Roti', portions: 2, carbs_g: 30.4 },
    { food_id: null, name: 'Achaar', portions: 1, carbs_g: null },
    { food_id: 'dal', name: 'Dal', portions: 1, carbs_g: 21.3 },
  ],
};

const entry = (method: OutboxEntry['method'], path: string, body?: unknown): OutboxEntry => ({
  key: 'temp-1',
  kind: 'meal',
  method,
  path,
  body,
  meta: { zone: 'Asia/Kolkata' },
  label: 'Meal',
  created_at: 0,
});

const breakfast: Meal = asMeal(
  'server-1',
  { ...input, date: '2026-11-27', time: '08:00', meal_type: 'breakfast' },
  'Asia/Kolkata',
);

describe('meal outbox applier', () => {
  it('builds the meal as the server would: carbs of the known items to a whole gram, the instant in the zone', () => {
    const meal = asMeal('id', input, 'Asia/Kolkata');
    expect(meal.carbs_g).toBe(52);
    expect(meal.at).toBe('2026-11-28T07:30:00.000Z');
    expect(meal.items[1]).toEqual({ food_id: null, name: 'Achaar', portions: 1, carbs_g: null });
    expect(asMeal('id', { ...input, items: [input.items[1]!] }, 'UTC').carbs_g).toBeNull();
  });

  it('shows a new meal first in a list whose range holds its date, once, and not in other ranges', () => {
    const post = entry('POST', '/api/meals', input);
    const inRange = mealApplier.apply([breakfast], post, mealKeys.list({ start_date: '2026-11-01' })) as Meal[];
    expect(inRange.map((meal) => meal.id)).toEqual(['temp-1', 'server-1']);
    expect(mealApplier.apply(inRange, post, mealKeys.list({ start_date: '2026-11-01' }))).toBe(inRange);
    const before = [breakfast];
    expect(mealApplier.apply(before, post, mealKeys.list({ end_date: '2026-11-27' }))).toBe(before);
    // Other meal queries (recent items, a response, the report) are refetched, not rewritten.
    const report = { meals: 1 };
    expect(mealApplier.apply(report, post, mealKeys.report(30))).toBe(report);
  });

  it('applies a correction and a delete to the meal they name', () => {
    const put = entry('PUT', '/api/meals/server-1', {
      ...input,
      date: '2026-11-27',
      time: '09:00',
      meal_type: 'breakfast',
    });
    const corrected = mealApplier.apply([breakfast], put, mealKeys.list({})) as Meal[];
    expect(corrected[0]).toMatchObject({ id: 'server-1', time: '09:00', carbs_g: 52 });
    expect(mealApplier.apply([breakfast], entry('DELETE', '/api/meals/server-1'), mealKeys.list({}))).toEqual([]);
  });

  it("shows a meal logged offline today in Home's list of today, and one logged for yesterday only in earlier days' lists", () => {
    const today = mealKeys.list({ start_date: '2026-11-28', end_date: '2026-11-28' });
    const logged = mealApplier.apply([], entry('POST', '/api/meals', input), today) as Meal[];
    expect(logged).toMatchObject([{ id: 'temp-1', meal_type: 'lunch', time: '13:00', carbs_g: 52 }]);
    const yesterday = entry('POST', '/api/meals', { ...input, date: '2026-11-27' });
    expect(mealApplier.apply(logged, yesterday, today)).toBe(logged);
  });
});
