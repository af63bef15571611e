/**
 * Pure rules of the meal screens: the meal type a new meal starts with, the portion stepper's
 * steps, and how carbohydrate estimates and rises are written. No zod, no React.
 */
import { formatGlucoseValue, type GlucoseUnit } from '@diacare/contract/glucose-units';
import { MEAL_LIMITS, type MealType } from '@diacare/contract/meal-constants';
import type { Meal, MealItem } from '@diacare/contract/meals';
import type { TranslateFunction } from '../../../lib/i18n/language-provider';

/**
 * The meal type a new meal starts with, from the wall-clock time in the person's zone; they
 * can always choose another. Bands (start inclusive) follow Indian meal times, where dinner is
 * often 20:00–22:00 and evening tea with a snack comes around 17:00:
 * 04:00–10:59 breakfast · 11:00–15:59 lunch · 16:00–18:59 snack · 19:00–03:59 dinner.
 * @param localTime 'HH:MM', 24-hour, in the person's zone
 */
export function defaultMealType(localTime: string): MealType {
  if (localTime < '04:00') return 'dinner';
  if (localTime < '11:00') return 'breakfast';
  if (localTime < '16:00') return 'lunch';
  if (localTime < '19:00') return 'snack';
  return 'dinner';
}

/**
 * The portion stepper's values: quarters up to 1 (¼ roti, ½ katori), then halves up to
 * MEAL_LIMITS.portions' upper bound; every value is a whole multiple of 0.25 as the contract asks.
 */
export const PORTION_STEPS: readonly number[] = [
  0.25,
  0.5,
  0.75,
  ...Array.from({ length: (MEAL_LIMITS.portions[1] - 1) * 2 + 1 }, (_, index) => 1 + index / 2),
];

/**
 * The next portion up (`direction` 1) or down (-1) from `portions`; stays at the ends.
 * A value between steps (1.25 from an earlier meal) moves to the neighbouring step.
 */
export function stepPortion(portions: number, direction: 1 | -1): number {
  if (direction === 1) return PORTION_STEPS.find((step) => step > portions) ?? PORTION_STEPS.at(-1)!;
  return [...PORTION_STEPS].reverse().find((step) => step < portions) ?? PORTION_STEPS[0]!;
}

/** Portions as a person writes them: 0.5 → '½', 1.5 → '1½', 2 → '2', 1.25 → '1¼'. */
export function formatPortions(portions: number): string {
  const whole = Math.floor(portions);
  const fraction = { 0: '', 0.25: '¼', 0.5: '½', 0.75: '¾' }[portions - whole] ?? String(portions - whole).slice(1);
  return whole === 0 && fraction ? fraction : `${whole}${fraction}`;
}

/** A meal's items as a person writes them: 'Roti × 2, Dal × ½'. */
export const formatItems = (items: readonly Pick<MealItem, 'name' | 'portions'>[]): string =>
  items.map((item) => `${item.name} × ${formatPortions(item.portions)}`).join(', ');

/**
 * A meal's items in short, for a line on Home, as `formatItems` writes them: all of them when
 * there are at most `max`, else the first `max` − 1 and how many more (the screen says
 * '+2 more'; never '+1 more', where the item itself would fit). History lists them all.
 * @returns `{ text, more }`, `more` 0 or ≥ 2
 */
export function itemsInShort(items: readonly Pick<MealItem, 'name' | 'portions'>[], max = 3) {
  const shown = items.length > max ? items.slice(0, max - 1) : items;
  return { text: formatItems(shown), more: items.length - shown.length };
}

/** A day's meals in the order they were eaten (by 'HH:MM'; the API lists newest first). */
export const inTimeOrder = <T extends Pick<Meal, 'time'>>(meals: readonly T[]): T[] =>
  [...meals].sort((a, b) => a.time.localeCompare(b.time));

/** An item's carbohydrate for `portions` when one portion has `perPortion` g, one decimal. */
export const carbsFor = (perPortion: number, portions: number): number => Math.round(perPortion * portions * 10) / 10;

/**
 * A carbohydrate figure as the estimate it is, whole grams: 14.6 → '≈ 15 g'. Never a dose: the
 * screens show no insulin figure from it (decision 097).
 */
export const formatCarbs = (grams: number): string => `≈ ${Math.round(grams)} g`;

/**
 * A meal's carbohydrate line, as History and Home write it: its estimate and how many items have
 * none ('≈ 40 g carbs (estimate) + 1 item without an estimate'); null when no item has an estimate.
 * @param t the web catalogs' translate function (the meals catalog loaded)
 */
export function mealCarbsText(meal: Pick<Meal, 'carbs_g' | 'items'>, t: TranslateFunction): string | null {
  if (meal.carbs_g === null) return null;
  const carbs = t('meals.form.carbsEstimate', { carbs: formatCarbs(meal.carbs_g) });
  const missing = meal.items.filter((item) => item.carbs_g === null).length;
  return missing ? `${carbs} ${t('meals.form.withoutEstimate', { count: missing })}` : carbs;
}

/**
 * A rise (a difference of two readings, mg/dL) in the person's unit with its sign:
 * 65 → '+65 mg/dL', 65 in mmol/L → '+3.6 mmol/L', -10 → '−10 mg/dL', 0 → '0 mg/dL'.
 */
export function formatRise(riseMgDl: number, unit: GlucoseUnit): string {
  const digits = formatGlucoseValue(Math.abs(riseMgDl), unit);
  const sign = Number(digits) === 0 ? '' : riseMgDl > 0 ? '+' : '−';
  return `${sign}${digits} ${unit}`;
}
